"""Reading the opening lead: what the card led tells the other players about the hand it
came from.

Law 16A1(a): the cards played are authorised information to every player, and
Law 40A1(b) lets the defenders lead by their agreements — which, by default, are the
textbook's. Declarer, and the leader's partner, read the opening lead as players do:

* **the suit** — against no trump a defender leads his long suit, against a suit
  contract he prefers a sequence, partner's suit, a short suit for a ruff, and keeps away
  from an unsupported ace; the choice is scored by a conditional logit over the four
  suits (:class:`LeadStyle`, features :data:`FEATURES`), fitted on real opening leads;
* **the card** — top of a sequence, top of a doubleton, the ace from ace-king, never
  an ace underled against a suit, low from three to an honour, fourth best from four
  or more, top of nothing; the top of an interior sequence (KJT, KT9; against no trump
  AQJ too) (:func:`conventional`);
  a leader strays from the card with probability :attr:`LeadStyle.stray` (fitted), the
  stray card any of the suit's.

The two together are the **likelihood** of the card led given the leader's hand as dealt
(:meth:`LeadReading.chance`): evidence, never certainty — it weights the layouts a
player draws (:mod:`equity.core.player.knowledge`, by weight), it never forbids one.
Every probability in it is fitted on real tables by ``benchmarks/fitting/fit_leads.py`` and kept
in ``lead_style.json`` beside this module.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import Any, ClassVar

from msgspec import Struct

from equity.core.game import (
    SUITS,
    Board,
    Card,
    CardSet,
    Seat,
    Strain,
    Suit,
    count,
    suit_holding,
)
from equity.core.reading.evidence import since

FEATURES = ("length", "sequence", "bare_ace", "bare_honour", "singleton", "doubleton",
            "trump", "partner_bid", "they_bid")
"""What the suit choice weighs, for each suit of the leader's hand as dealt: its length;
a sequence of two touching honours at its top (AK, KQ, QJ, JT); an ace without the king;
a king, queen or jack without a sequence (leading away from it); a singleton; a
doubleton; the trump suit; a suit partner bid; a suit declarer or dummy bid."""


class LeadStyle(Struct, frozen=True):
    """How players lead, fitted on real opening leads: a weight per feature for the choice
    of suit, against no trump and against a suit, and how often the card from the suit
    is not the conventional one."""

    no_trump: tuple[float, ...]
    trumps: tuple[float, ...]
    stray: float
    """The probability that the card led is not the textbook's (any of the suit's)."""
    about: str = ""

    def __post_init__(self) -> None:
        if len(self.no_trump) != len(FEATURES) or len(self.trumps) != len(FEATURES):
            raise ValueError(f"a lead style has a weight for each of {FEATURES}")
        if not 0 < self.stray < 1:
            raise ValueError("a lead style's stray probability is in (0, 1)")

    def weights(self, strain: Strain) -> tuple[float, ...]:
        return self.no_trump if strain == Strain.NT else self.trumps


LEAD_STYLE_FILE = resources.files(__package__).joinpath("lead_style.json")
"""Where the fitted lead style is kept (``lead_style.json`` beside this module): read here,
written by ``benchmarks/fitting/fit_leads.py --write``."""


def _load() -> LeadStyle:
    data = json.loads(LEAD_STYLE_FILE.read_text())
    return LeadStyle(tuple(data["no_trump"]), tuple(data["trumps"]), data["stray"],
                     data.get("about", ""))


LEAD_STYLE = _load()
"""The style fitted on the real tables (``lead_style.json``)."""


def _ranks(holding: int) -> tuple[int, ...]:
    """The ranks of a 16-bit suit holding, high first."""
    return tuple(r for r in range(14, 1, -1) if holding >> r & 1)


@cache
def conventional(holding: int, no_trump: bool, trump_suit: bool) -> tuple[tuple[int, float], ...]:
    """The card a textbook leads from ``holding`` (a 16-bit suit holding, the leader's
    cards of the suit as dealt), as ranks with their share where the textbook offers a
    choice (ace or king from ace-king; 4th best or top from two honours against no
    trump; top, middle or low from three small)."""
    r = _ranks(holding)
    n = len(r)
    if n <= 2:
        return ((r[0], 1.0),) if n else ()
    if trump_suit:  # from trumps: low, the ace and a top sequence apart
        if r[0] == 14 and r[1] == 13:
            return ((14, 0.5), (13, 0.5))
        return ((r[-1], 1.0),)
    if not no_trump and r[0] == 14:  # the ace against a suit: never underled
        return ((14, 0.5), (13, 0.5)) if r[1] == 13 else ((14, 1.0),)
    if r[0] == 14 and r[1] == 13:
        return ((14, 0.5), (13, 0.5))
    fourth = r[3] if n >= 4 else r[-1]
    if r[0] >= 11 and r[1] == r[0] - 1:  # a sequence at the top: its top card
        solid = r[2] >= r[1] - 2  # three cards of it, or broken (KQJ, KQT)
        if no_trump and not solid and n >= 4:
            return ((r[0], 0.5), (fourth, 0.5))
        return ((r[0], 1.0),)
    if r[1] >= 10 and r[2] == r[1] - 1:  # an interior sequence (AQJ, KJT, KT9)
        return ((r[1], 1.0),)
    if r[0] >= 11:  # an honour without a sequence: low from three, 4th best from more
        return ((fourth, 1.0),)
    if n == 3:  # three small: top of nothing, or the middle, or low
        return ((r[0], 0.5), (r[1], 0.25), (r[2], 0.25))
    return ((fourth, 0.5), (r[1], 0.5))  # four small: 4th best or second highest


def suit_features(holding: int, strain: Strain, suit: Suit, partner_bid: bool,
                  they_bid: bool) -> tuple[float, ...]:
    """The :data:`FEATURES` of one suit of the leader's hand as dealt."""
    r = _ranks(holding)
    n = len(r)
    sequence = n >= 2 and r[0] >= 11 and r[1] == r[0] - 1
    ace = n >= 1 and r[0] == 14
    bare_ace = ace and not (n >= 2 and r[1] == 13)
    bare_honour = not sequence and not ace and n >= 1 and r[0] >= 11
    return (float(n), float(sequence), float(bare_ace), float(bare_honour), float(n == 1),
            float(n == 2), float(strain.trump == suit), float(partner_bid), float(they_bid))


@cache
def _attraction(holding: int, strain: Strain, suit: Suit, partner_bid: bool, they_bid: bool,
                weights: tuple[float, ...]) -> float:
    """e to the power of a suit's score in the suit choice (remembered: the sampler asks
    for the same holdings again and again)."""
    f = suit_features(holding, strain, suit, partner_bid, they_bid)
    return math.exp(sum(a * b for a, b in zip(weights, f, strict=True)))


def _bid_suits(board: Board, seats: tuple[Seat, ...]) -> frozenset[Suit]:
    """The suits ``seats`` named in bids (a call of the auction, any level)."""
    auction = board.auction
    if auction is None:
        return frozenset()
    from equity.core.game import CallKind  # (start-up: its module came with the calls)

    return frozenset(Suit(int(c.strain)) for i, c in enumerate(auction.calls)
                     if c.kind == CallKind.BID and c.strain is not None
                     and c.strain != Strain.NT and auction.seat(i) in seats)


class LeadReading(Struct, frozen=True):
    """The board's opening lead as the other players read it: who led which card against
    which contract, what the auction said of the suits (the suit-choice features), and
    the style of the reading."""

    leader: Seat
    card: Card
    dealt: CardSet
    """The leader's hand as dealt."""
    strain: Strain
    partner_bid: frozenset[Suit]
    they_bid: frozenset[Suit]
    style: LeadStyle = LEAD_STYLE

    what: ClassVar[str] = "the opening lead"
    how: ClassVar[str] = "read by convention"
    mark: ClassVar[str] = "led"
    field: ClassVar[str] = "lead"
    """Its field in the JSON of a ruling and of ``equity likely``."""

    @classmethod
    def of(cls, board: Board) -> LeadReading | None:
        """The board's opening lead as read (:func:`lead_of`)."""
        return lead_of(board)

    @property
    def seat(self) -> Seat:
        return self.leader

    @property
    def held(self) -> CardSet:
        """His cards when he led: his hand as dealt."""
        return self.dealt

    def key(self, now: CardSet) -> str:
        return f"{self.leader.name}{self.card}{since(self, now):x}"

    def _attractions(self, dealt: CardSet) -> dict[Suit, float]:
        """Each suit held, with e to the power of its score (the logit's numerators)."""
        w = self.style.weights(self.strain)
        return {suit: _attraction(holding, self.strain, suit, suit in self.partner_bid,
                                  suit in self.they_bid, w)
                for suit in SUITS if (holding := suit_holding(dealt, suit))}

    def suit_chances(self, dealt: CardSet) -> dict[Suit, float]:
        """The chance of leading each suit from ``dealt`` (his hand as dealt)."""
        a = self._attractions(dealt)
        total = sum(a.values())
        return {s: v / total for s, v in a.items()}

    def card_chance(self, dealt: CardSet) -> float:
        """The chance that he leads :attr:`card` from its suit as dealt."""
        holding = suit_holding(dealt, self.card.suit)
        if not holding >> self.card.rank & 1:
            return 0.0
        conv = dict(conventional(holding, self.strain == Strain.NT,
                                 self.strain.trump == self.card.suit))
        stray = self.style.stray
        return (1 - stray) * conv.get(self.card.rank, 0.0) + stray / count(holding)

    def chance(self, dealt: CardSet) -> float:
        """The likelihood of the lead given the leader's hand as dealt: the chance of
        its suit times the chance of the card from the suit (at most 1)."""
        if not dealt & self.card.bit:
            return 0.0
        a = self._attractions(dealt)
        return a[self.card.suit] / sum(a.values()) * self.card_chance(dealt)

    def describe(self) -> str:
        """ "West led the ♥Q"."""
        return f"{self.leader.long_name} led the {self.card.pretty}"

    def facts(self) -> dict[str, Any]:
        """The lead as JSON (with ``text``, :meth:`describe`, beside it): who led which
        card, how often real leaders stray from the textbook card, the suits bid."""
        return {"seat": self.leader.name, "card": str(self.card), "strain": self.strain.name,
                "stray": self.style.stray,
                "partner_bid": sorted(s.name for s in self.partner_bid),
                "declarer_bid": sorted(s.name for s in self.they_bid)}

    def explain(self, law: str) -> str:
        """What the players who cannot see his hand read from the lead, in a sentence
        (``law``: the edition's paragraph that authorises it, 2017's 16A1(a))."""
        return (f"Opening lead: {self.describe()}, read by convention (Law {law}): "
                f"the layouts drawn by the players who cannot see "
                f"{self.leader.long_name}'s hand are weighed by the chance that it leads "
                f"this card (the suit chosen as real leaders choose, the card as the "
                f"textbook leads it, another card from the suit in {self.style.stray:.0%} "
                "of real leads): evidence, never certainty.")


def lead_of(board: Board) -> LeadReading | None:
    """The board's opening lead as the other players read it, from its play record
    (None: no contract, or no opening lead recorded)."""
    contract, play = board.contract, board.play
    if contract is None or play is None or not play.tricks \
            or board.facts.play_from is not None:  # the play given starts after the lead
        return None
    leader = play.first_leader
    card = play.tricks[0][leader]
    if card is None or not board.deal.hands[leader] & card.bit:
        return None
    declarer = contract.declarer
    return LeadReading(leader, card, board.deal.hands[leader], contract.strain,
                       _bid_suits(board, (leader.partner,)),
                       _bid_suits(board, (declarer, declarer.partner)))
