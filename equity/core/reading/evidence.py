"""Evidence: what a card the table saw says about the hand that played it.

Law 16A1(a): the calls and the cards played are authorised information to every player.
A card a defender chose — his opening lead, his signal to it, a discard — tells the
players who cannot see his hand something of it: not a certainty, a **likelihood**. Every
reading of a card has one shape, :class:`Evidence`:

* ``seat`` played ``card`` holding ``held`` (his cards just before, in the world read:
  the record's, or a line's);
* :meth:`Evidence.chance` is the likelihood of that card given the cards he held then,
  in a layout a player draws (:func:`then` rebuilds them from the layout's
  cards now and what he has played since, which everyone saw) — it weighs the layout,
  never rules it out;
* :meth:`Evidence.key` is what a decision depends on of it — what everyone saw, never
  the unseen cards; two different cards never share one — and :meth:`Evidence.describe`
  the card in words ("West led the ♥Q").

Each kind of reading also names itself: ``what`` ("the opening lead", what a decision
read from the table), ``how`` (why the card is read, said beside an inference), ``mark``
(its part of a decision's memo key).

The readings are registered in :mod:`equity.core.reading.table`: a new one is a module
with its style file, its fit script and a line there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, Protocol

from equity.core.game import Card, CardSet, Deal, Play, Seat, Strain


class Evidence(Protocol):
    """What a card the table saw says about the hand that played it (module docstring)."""

    what: ClassVar[str]
    """The reading in words, as a decision names what it read: "the opening lead"."""
    how: ClassVar[str]
    """Why the card is read, said beside it: "read by convention"."""
    mark: ClassVar[str]
    """Its mark in a decision's memo key ("led")."""

    @property
    def seat(self) -> Seat:
        """Who played the card."""
        ...

    @property
    def card(self) -> Card:
        """The card the table saw."""
        ...

    @property
    def held(self) -> CardSet:
        """His cards just before he played it, in the world read."""
        ...

    def chance(self, held: CardSet, /) -> float:
        """The likelihood of :attr:`card` given that he held ``held`` then (0 when he
        could not have played it)."""
        ...

    def key(self, now: CardSet, /) -> str:
        """What a decision depends on of this card, when its player holds ``now``: the
        seat, the card and what else the likelihood reads that everyone saw (the cards
        he has played since, :func:`then`) — never his unseen cards. Two different cards
        never share a key."""
        ...

    def describe(self) -> str:
        """The card in words: "West led the ♥Q"."""
        ...


class PlayReading(Protocol):
    """A reading of cards as each world plays them (a line's own discards): each card
    read as it is played, from what its player held just before."""

    def read(self, play: Play, held: CardSet, strain: Strain, /) -> Evidence | None:
        """``play`` read, ``held`` its player's cards just before (None: nothing read)."""
        ...


def read_plays(plays: Iterable[Play], deal: Deal, strain: Strain,
               readings: Sequence[PlayReading]) -> tuple[Evidence, ...]:
    """What ``readings`` read of ``plays`` (from the first trick on, in order), each card
    with what its player held then."""
    out: list[Evidence] = []
    held = {s: deal.hands[s] for s in Seat}
    for play in plays:
        for reading in readings:
            found = reading.read(play, held[play.seat], strain)
            if found is not None:
                out.append(found)
        held[play.seat] &= ~play.card.bit
    return tuple(out)


def then(evidence: Evidence, layout: CardSet, now: CardSet) -> CardSet:
    """The cards ``evidence``'s player held when he played it, in a layout where he holds
    ``layout`` now: those and what he has played since (held then, not now, in the real
    cards ``now`` of the world read: everyone saw them played)."""
    return layout | since(evidence, now)


def since(evidence: Evidence, now: CardSet) -> CardSet:
    """The cards ``evidence``'s player has played since, when he holds ``now``: public."""
    return evidence.held & ~now


def played(evidence: Evidence, now: CardSet) -> bool:
    """Whether the card has been played in a world where its player holds ``now``."""
    return not now & evidence.card.bit


__all__ = ["Evidence", "PlayReading", "played", "read_plays", "since", "then"]
