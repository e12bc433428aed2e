"""Reading the defenders' discards: what the suit a defender throws tells declarer.

Law 16A1(a): the cards played are authorised information. A defender who cannot follow
suit keeps his guards and discards from length; declarer, counting, reads a discard as a
sign of length in the suit thrown and of no guard to keep there. The reading is a
conditional logit over the suits he could throw (not the suit led, not trumps: that is a
ruff), with the features :data:`FEATURES` of each suit as he held it at the time,
fitted on real discards (``benchmarks/fitting/fit_discards.py``, ``discard_style.json``). It is
evidence, never certainty: the likelihood of the suit thrown weighs the layouts a player
draws (:mod:`equity.core.player.knowledge`), it never forbids one. Which card of the
suit he throws is not read (the player model's conventions play it).

A revoke looks like a discard: in the world the table saw, the revoker's card is read as
one (as its false void is believed); with the revoke corrected there was no discard.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import ClassVar

from msgspec import Struct

from equity.core.game import (
    SUITS,
    Card,
    CardSet,
    Deal,
    Play,
    Seat,
    Strain,
    Suit,
    suit_holding,
)
from equity.core.reading.evidence import read_plays, since

FEATURES = ("length", "longest", "unguards", "winners")
"""What the choice of suit weighs, for each suit he could throw: its length; whether it
is his longest such suit; whether a card from it would bare an honour that the suit
guards (K-x, Q-x-x, J-x-x-x); whether he holds its ace or king."""


class DiscardStyle(Struct, frozen=True):
    """How defenders discard, fitted on real discards: a weight per feature."""

    weights: tuple[float, ...]
    about: str = ""

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(f"a discard style has a weight for each of {FEATURES}")


DISCARD_STYLE_FILE = resources.files(__package__).joinpath("discard_style.json")
"""Where the fitted discard style is kept (``discard_style.json`` beside this module): read here,
written by ``benchmarks/fitting/fit_discards.py --write``."""


def _load() -> DiscardStyle:
    data = json.loads(DISCARD_STYLE_FILE.read_text())
    return DiscardStyle(tuple(data["weights"]), data.get("about", ""))


DISCARD_STYLE = _load()
"""The style fitted on the real tables (``discard_style.json``)."""


def _guards(holding: int) -> bool:
    """Whether the suit guards an honour exactly, so a discard from it bares the honour:
    K-x, Q-x-x (no ace or king), J-x-x-x (no higher honour)."""
    n = holding.bit_count()
    top = holding.bit_length() - 1
    return (top == 13 and n == 2) or (top == 12 and n == 3) or (top == 11 and n == 4)


def suit_features(holding: int, longest: int) -> tuple[float, ...]:
    """The :data:`FEATURES` of one suit he could throw (``longest``: the length of his
    longest such suit)."""
    n = holding.bit_count()
    return (float(n), float(n == longest), float(_guards(holding)),
            float(bool(holding >> 13 & 3)))


@cache
def _attractions(holdings: tuple[int, ...], weights: tuple[float, ...]) -> tuple[float, ...]:
    """e to the power of each suit's score (remembered: the sampler asks again and again)."""
    longest = max(h.bit_count() for h in holdings)
    return tuple(_attraction(h, longest, weights) for h in holdings)


@cache
def _attraction(holding: int, longest: int, weights: tuple[float, ...]) -> float:
    """e to the power of one suit's score (remembered apart: the same suit comes back
    beside other holdings of the other suits)."""
    return math.exp(sum(a * b for a, b in zip(weights, suit_features(holding, longest),
                                              strict=True)))


class Discard(Struct, frozen=True):
    """A discard: ``seat`` threw ``card`` to a lead of ``led``, holding ``held`` (his
    cards just before, in the world the knowledge is of)."""

    seat: Seat
    card: Card
    led: Suit
    held: CardSet
    strain: Strain
    style: DiscardStyle = DISCARD_STYLE

    what: ClassVar[str] = "the discards"
    how: ClassVar[str] = "a defender discards from length"
    mark: ClassVar[str] = "threw"
    about: ClassVar[str] = (
        "Discards are read alike: a defender's discard weighs the layouts by the chance "
        "that he throws from that suit, holding what he held then (he keeps his guards "
        "and discards from length; fitted on real discards).")
    """What the players read from discards, in a sentence (said once a ruling reads
    the play)."""

    @classmethod
    def read(cls, play: Play, held: CardSet, strain: Strain) -> Discard | None:
        """``play`` read as a discard, ``held`` its player's cards just before (None: it
        followed suit, led, or ruffed)."""
        if play.suit_led is None or not is_discard(play.card, play.suit_led, strain):
            return None
        return cls(play.seat, play.card, play.suit_led, held, strain)

    def key(self, now: CardSet) -> str:
        return f"{self.seat.name}{self.card}{self.led.name}{since(self, now):x}"

    def chance(self, held: CardSet) -> float:
        """The likelihood that he throws from :attr:`card`'s suit when he holds ``held``
        (a layout's cards for him at the time): the logit over the suits he could throw.
        1 when he had no choice of suit (nothing to read); 0 when he lacks the card."""
        if not held & self.card.bit:
            return 0.0
        trump = self.strain.trump
        suits, holdings = [], []
        for s in SUITS:
            if s != self.led and s != trump and (holding := suit_holding(held, s)):
                suits.append(s)
                holdings.append(holding)
        if len(suits) < 2:
            return 1.0
        a = _attractions(tuple(holdings), self.style.weights)
        return a[suits.index(self.card.suit)] / sum(a)

    def describe(self) -> str:
        """ "West threw the ♦4 on a ♠ lead"."""
        return f"{self.seat.long_name} threw the {self.card.pretty} on a {self.led.symbol} lead"


def is_discard(card: Card, led: Suit | None, strain: Strain) -> bool:
    """A card of another suit than the one led, and not a trump (that is a ruff)."""
    return led is not None and card.suit != led and card.suit != strain.trump


def discards(plays: Iterable[Play], deal: Deal, strain: Strain) -> tuple[Discard, ...]:
    """The discards among ``plays`` (from the first trick on), in order, each with what
    its player held then."""
    return tuple(d for d in read_plays(plays, deal, strain, (Discard,))
                 if isinstance(d, Discard))
