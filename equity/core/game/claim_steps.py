"""The steps a claim statement is written in (:mod:`equity.core.game.claim`), each
written once: the grammar of its errors, the ``--claim`` option's help and the
workbench's words and chips are made from them. Apart from the claim's types because
every ``equity rule`` builds that help, and a ruling without a claim imports no claim
type (issue 49)."""

from __future__ import annotations

from enum import StrEnum

from msgspec import Struct


class ClaimWord(StrEnum):
    """What a step of a statement says (its first word; ``cards`` has none)."""

    CARDS = "cards"
    TRUMPS = "trumps"
    RUFF = "ruff"
    CROSSRUFF = "crossruff"
    WINNERS = "winners"
    CONCEDE = "concede"
    FINESSE = "finesse"
    COUNT = "count"
    """``N SUIT``: N tricks counted in SUIT, no order said (no first word of its own)."""
    SQUEEZE = "squeeze"
    IF = "if"
    """``if CONDITION: STEP``: a step for one layout (the step keeps its own word; this
    one names the form)."""
    PROVIDED = "provided"
    """``provided CONDITION: STEP``: a step stated on a reading of the hands."""


class StepForm(Struct, frozen=True):
    """How a step of a statement is written: its word, its form, an example where the
    form has a place-holder, and the workbench's chips for it (one tap a step)."""

    word: ClaimWord
    form: str
    example: str = ""
    chips: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"'{self.form}'" + (f" ({self.example})" if self.example else "")


STEP_FORMS: tuple[StepForm, ...] = (
    StepForm(ClaimWord.CARDS, "CARDS", "cards to play in order: 'HA HK'"),
    StepForm(ClaimWord.WINNERS, "winners", chips=("winners",)),
    StepForm(ClaimWord.TRUMPS, "trumps", chips=("trumps",)),
    StepForm(ClaimWord.CROSSRUFF, "crossruff", chips=("crossruff",)),
    StepForm(ClaimWord.RUFF, "ruff SUIT", "or 'ruff SUIT SEAT': 'ruff S'",
             chips=("ruff S", "ruff H", "ruff D", "ruff C")),
    StepForm(ClaimWord.CONCEDE, "concede N", chips=("concede 1",)),
    StepForm(ClaimWord.FINESSE, "finesse CARD"),
    StepForm(ClaimWord.COUNT, "N SUIT", "tricks counted in a suit: '6 D'"),
    StepForm(ClaimWord.SQUEEZE, "squeeze", chips=("squeeze",)),
    StepForm(ClaimWord.IF, "if CONDITION: STEP",
             "a line for one layout, CONDITION 'SUIT N-M' or 'SEAT has N SUIT': "
             "'if C 4-1: ruff C'"),
    StepForm(ClaimWord.PROVIDED, "provided CONDITION: STEP",
             "a line on his reading of the hands: 'provided E has 5 S: squeeze'"),
)
"""The steps of a statement, each written once: the grammar of the errors, the option's
help and the workbench's words and chips are made from it."""

STEPS = ", ".join(str(f) for f in STEP_FORMS)
"""The steps in words, for the help of an option or a form."""

CHIPS: tuple[str, ...] = tuple(c for f in STEP_FORMS for c in f.chips)
"""The workbench's step chips, in the order of :data:`STEP_FORMS` (the commonest first)."""

__all__ = ["CHIPS", "STEPS", "STEP_FORMS", "ClaimWord", "StepForm"]
