"""What a ruling says: its steps, each the paragraph applied and what it means here, and
what kind of step it is (the reports group and the tests find steps by kind)."""

from __future__ import annotations

from enum import StrEnum

from msgspec import Struct


class StepKind(StrEnum):
    """What a step of a ruling does. Laws 61-64B name it by their paragraph
    (:meth:`of_law`); Law 64C's steps are tagged where :mod:`equity.core.adjust.ruling` makes them,
    since one paragraph (64C, 64C1) serves several purposes there."""

    REVOKE = "revoke"
    ESTABLISHED = "established"
    NOT_ESTABLISHED = "not-established"
    CORRECTION = "correction"
    TRANSFER = "transfer"
    NO_TRANSFER = "no-transfer"
    POLICY = "policy"
    EVENT = "event"
    """The form of scoring the results are compared in."""
    CHECK = "check"
    """Law 64C: whether a revoke's transfer compensated the non-offenders (or why not
    checked)."""
    SERIOUS_ERROR = "serious-error"
    DECISION = "decision"
    CLAIM = "claim"
    """Laws 68-71: the Director's ruling on a claim or concession."""

    @classmethod
    def of_law(cls, law: str) -> StepKind:
        """The kind of a step that applies ``law`` (its paragraph decides it)."""
        for prefix, kind in _KIND_OF_LAW:
            if law.startswith(prefix):
                return kind
        raise ValueError(f"no step kind for Law {law}: tag the step where it is made")


_KIND_OF_LAW = (("61", StepKind.REVOKE), ("68", StepKind.CLAIM), ("69", StepKind.CLAIM),
                ("71", StepKind.CLAIM), ("63", StepKind.ESTABLISHED),
                ("62A", StepKind.NOT_ESTABLISHED), ("62", StepKind.CORRECTION),
                ("64A", StepKind.TRANSFER), ("64B", StepKind.NO_TRANSFER),
                ("70", StepKind.CORRECTION), ("12B", StepKind.DECISION),
                ("12C", StepKind.POLICY), ("84D", StepKind.POLICY), ("64C", StepKind.CHECK),
                ("16", StepKind.CORRECTION), ("43", StepKind.CORRECTION))
"""Paragraph prefixes, most specific first (62A before 62). A Law 12 paragraph means
different things in different editions (12C1(e) is the serious error in 2017, the
non-reciprocal score in 2007), so its steps are tagged where they are made."""


class Step(Struct, frozen=True):
    """One step of a ruling: the paragraph applied and what it means here."""

    law: str
    text: str
    made_as: StepKind | None = None
    """What the step does, where its paragraph alone does not say (Law 64C)."""

    @property
    def kind(self) -> StepKind:
        return self.made_as if self.made_as is not None else StepKind.of_law(self.law)


__all__ = ["Step", "StepKind"]
