"""Reading the auction: what each call of natural bidding shows about its bidder's hand.

Law 16A1(a): the legal calls of the board are authorised information to every player,
so a player who plays a card knows what the calls showed — roughly: a high-card-point
range and a range of lengths in some suits. This module reads a textbook natural system
(the common ground of Standard American and Acol that a partnership of any class plays),
and only its plainest calls: an opening, the first response to it, opener's first rebid,
a direct overcall or takeout double, and the limits a pass shows. Every rule is in
the table :data:`_RULES` in the order a textbook teaches them, one line of comment each;
a call no rule reads shows nothing (it is listed as not read), so conventions
(Stayman, transfers, cue-bids, 2NT responses) never mislead the model. The reading is
conservative: evidence, never fantasy.

What a call shows is judged on the bidder's **hand as dealt** (his 13 cards): during
the play a seat's cards are the ones it still holds plus those it has played, which
every player saw (:class:`Bidding.reduced`).

Partnerships do not all play the textbook, and players misbid. The reading is the
partnership's methods, and stays so: a seat's calls are outside its methods with a
chance :attr:`AuctionStyle.outside` that is the same on every deal (fitted on real
tables, ``auction_style.json`` beside this module: how often a real hand does not fit
the calls read), of which :attr:`AuctionStyle.near` by one step only (a point over or
under, a card more or less: :meth:`Limits.widened`). A layout whose hidden hand falls
outside what its calls show is then not ruled out but weighed by :meth:`Limits.keeps`,
a near miss likelier than a hand further out (:func:`prior`: how rare the hands of
each region are). The real deal never widens a call (Law 16: what the calls show is
authorised; what the real hand holds is not): :meth:`Bidding.check` only records, for
the Director, each call the real hand does not fit (:class:`Outside`: "North's 1NT (1NT
opening): 15-17 HCP, the deal has 19").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, NamedTuple

from msgspec import Struct

from equity.core.game import (
    FULL_DECK,
    Auction,
    Board,
    Call,
    CallKind,
    Card,
    CardSet,
    Deal,
    Seat,
    Strain,
    Suit,
    cards,
    count,
)

if TYPE_CHECKING:
    import numpy as np

MAX_HCP = 37
"""The most high-card points one hand can hold (4 aces, 4 kings, 4 queens, a jack)."""

_HONOURS = tuple(sum(Card(suit, rank).bit for suit in Suit) for rank in (14, 13, 12, 11))
"""The aces, kings, queens and jacks of every suit, as card sets."""


def hcp(hand: CardSet) -> int:
    """High-card points (Milton Work): ace 4, king 3, queen 2, jack 1."""
    return (4 * count(hand & _HONOURS[0]) + 3 * count(hand & _HONOURS[1])
            + 2 * count(hand & _HONOURS[2]) + count(hand & _HONOURS[3]))


def lengths(hand: CardSet) -> tuple[int, int, int, int]:
    """The number of cards in each suit (spades, hearts, diamonds, clubs)."""
    return (count(hand & Suit.S.mask), count(hand & Suit.H.mask),
            count(hand & Suit.D.mask), count(hand & Suit.C.mask))


class Span(NamedTuple):
    """A closed range of values: ``lo`` to ``hi``."""

    lo: int
    hi: int

    def holds(self, value: int) -> bool:
        return self.lo <= value <= self.hi

    def meet(self, other: Span) -> Span:
        """The values both allow (may be empty: lo > hi)."""
        return Span(max(self.lo, other.lo), min(self.hi, other.hi))

    def text(self, top: int) -> str:
        """ "15-17", "5+", "at most 11", "6"."""
        if self.lo == self.hi:
            return str(self.lo)
        if self.hi >= top:
            return f"{self.lo}+"
        if self.lo <= 0:
            return f"at most {self.hi}"
        return f"{self.lo}-{self.hi}"


Lengths = tuple[Span, Span, Span, Span]
"""A range of lengths per suit (spades, hearts, diamonds, clubs)."""

ANY_HCP = Span(0, MAX_HCP)
ANY_LENGTH = Span(0, 13)
_ANY_LENGTHS: Lengths = (ANY_LENGTH,) * 4
_BALANCED: Lengths = (Span(2, 5),) * 4
"""A balanced hand, read broadly: no void, no singleton, no suit longer than five
(semi-balanced hands, 5-4-2-2, are inside: they open 1NT too)."""


class Shown(Struct, frozen=True):
    """What one call showed about its bidder's hand as dealt."""

    index: int
    """The call's place in the auction (0: the dealer's first call)."""
    seat: Seat
    call: Call
    rule: str
    """The rule that read it, as a textbook names it ("1NT opening")."""
    hcp: Span = ANY_HCP
    lengths: Lengths = _ANY_LENGTHS
    """Per suit (spades, hearts, diamonds, clubs)."""

    def fits(self, points: int, suits: tuple[int, int, int, int]) -> bool:
        return self.hcp.holds(points) and all(
            s.holds(n) for s, n in zip(self.lengths, suits, strict=True))

    def describe(self) -> str:
        """ "15-17 HCP, ♠ 2-5, ♥ 2-5, ♦ 2-5, ♣ 2-5"."""
        parts = [f"{self.hcp.text(MAX_HCP)} HCP"] if self.hcp != ANY_HCP else []
        parts += [f"{Suit(s).symbol} {span.text(13)}"
                  for s, span in enumerate(self.lengths) if span != ANY_LENGTH]
        return ", ".join(parts)

    @property
    def name(self) -> str:
        """ "North's 1NT"."""
        return f"{self.seat.long_name}'s {self.call.pretty}"


class Limits(NamedTuple):
    """What the auction shows about one seat's hand as dealt: every call of his read,
    taken together."""

    hcp: Span
    lengths: Lengths

    def fits(self, points: int, suits: tuple[int, int, int, int]) -> bool:
        return self.hcp.holds(points) and all(
            s.holds(n) for s, n in zip(self.lengths, suits, strict=True))

    def allowance(self, outside: float) -> float:
        """How a hand outside these limits is weighed against one within them, when a
        seat's calls are outside its methods with the chance ``outside`` (the call then
        says nothing): ``outside / ((1 - outside) / prior + outside)``, ``prior`` the
        share of all hands within the limits (:func:`prior`). So the chance that his
        hand is outside them, given the calls, is about ``outside``, however narrow the
        calls; 1 when no hand fits them (the calls contradict each other: they show
        nothing)."""
        p = prior(self)
        if p <= 0:
            return 1.0
        return outside / ((1 - outside) / p + outside)

    def widened(self) -> Limits:
        """The near misses' limits: every constraint one step beyond the calls' (a point
        over or under the range, a card more or less than a suit's limit)."""
        w = self.lengths
        return Limits(Span(self.hcp.lo - 1, self.hcp.hi + 1), (
            Span(w[0].lo - 1, w[0].hi + 1), Span(w[1].lo - 1, w[1].hi + 1),
            Span(w[2].lo - 1, w[2].hi + 1), Span(w[3].lo - 1, w[3].hi + 1)))

    def keeps(self, style: AuctionStyle) -> tuple[float, float]:
        """How a near miss (within :meth:`widened`, outside the calls) and a hand further
        out are weighed against a hand within the calls, by ``style``. Today's shape
        (``style.near`` None): both the :meth:`allowance`. The near-miss shape: a seat's
        hand is within its calls, a near miss or further out with the fitted shares
        (``1 - outside``, ``near``, ``outside - near``), each drawn as hands of its
        region come (``prior``: the region's share of all hands), so a hand of a region
        is kept with its share over its region's prior against the calls' own; 1 when no
        hand fits the calls (they show nothing); at most 1 (a region likelier than the
        calls' own is kept as they are)."""
        if style.near is None:
            a = self.allowance(style.outside)
            return a, a
        p_in = prior(self)
        if p_in <= 0:
            return 1.0, 1.0
        p_wide = prior(self.widened())
        inside = (1 - style.outside) / p_in
        near = style.near / (p_wide - p_in) if p_wide > p_in else 0.0
        far = (style.outside - style.near) / (1 - p_wide) if p_wide < 1 else 0.0
        return min(1.0, near / inside), min(1.0, far / inside)


NO_LIMITS = Limits(ANY_HCP, _ANY_LENGTHS)

PRIOR_HANDS = 20000
"""How many random hands :func:`prior` deals (a fixed stream: the same share every run)."""

@cache
def _hands() -> tuple[np.ndarray, np.ndarray]:
    """:data:`PRIOR_HANDS` random hands, dealt once: their points, their suit lengths (numpy
    imported here: a ruling without an auction to read never needs it)."""
    import numpy as np

    deck = list(cards(FULL_DECK))
    points = np.array([max(0, c.rank - 10) for c in deck])
    suits = np.array([int(c.suit) for c in deck])
    hands = np.argsort(np.random.default_rng(0).random((PRIOR_HANDS, 52)), axis=1)[:, :13]
    return points[hands].sum(axis=1), np.stack(
        [(suits[hands] == suit).sum(axis=1) for suit in range(4)], axis=1)


@cache
def prior(limits: Limits) -> float:
    """The share of all hands (13 cards dealt from a full deck) within ``limits``: a
    property of the calls, never of a deal."""
    points, lengths_ = _hands()
    fit = (points >= limits.hcp.lo) & (points <= limits.hcp.hi)
    for suit, span in enumerate(limits.lengths):
        fit &= (lengths_[:, suit] >= span.lo) & (lengths_[:, suit] <= span.hi)
    return float(fit.mean())


class AuctionStyle(Struct, frozen=True):
    """How real tables bid against the textbook's reading: how often a seat's calls
    are outside what they show (fitted, ``auction_style.json``)."""

    outside: float
    about: str = ""
    near: float | None = None
    """Of ``outside``, the share of seats whose hand misses the calls by one step only
    (:meth:`Limits.widened`); None: today's shape, a hand outside drawn from every hand."""

    def __post_init__(self) -> None:
        if not 0 < self.outside < 1:
            raise ValueError("an auction style's share outside the methods is in (0, 1)")
        if self.near is not None and not 0 <= self.near <= self.outside:
            raise ValueError("an auction style's share of near misses is in [0, outside]")


AUCTION_STYLE_FILE = resources.files(__package__).joinpath("auction_style.json")
"""Where the fitted :class:`AuctionStyle` is kept (``benchmarks/fitting/fit_auction.py``
writes it)."""


def _load() -> AuctionStyle:
    data = json.loads(AUCTION_STYLE_FILE.read_text())
    return AuctionStyle(data["outside"], data.get("about", ""), data.get("near"))


AUCTION_STYLE = _load()
"""The style fitted on the real tables."""


# --- the table of calls ---------------------------------------------------------------

_ORDER = {Strain.C: 0, Strain.D: 1, Strain.H: 2, Strain.S: 3, Strain.NT: 4}
"""The strains in the order bids rank (Law 18B: clubs lowest, no trump highest)."""
_MAJORS = (Strain.S, Strain.H)
_MINORS = (Strain.D, Strain.C)


class _Call(Struct, frozen=True):
    """One call with what the auction before it says (the context a rule reads)."""

    auction: Auction
    index: int

    @property
    def call(self) -> Call:
        return self.auction.calls[self.index]

    @property
    def seat(self) -> Seat:
        return self.auction.seat(self.index)

    @property
    def opening(self) -> int | None:
        """The place of the first bid before this call (None: none yet)."""
        return next((k for k in range(self.index) if self.auction.calls[k].is_bid), None)

    def passes(self, start: int, stop: int) -> bool:
        """Whether every call from ``start`` up to (not including) ``stop`` is a pass."""
        return all(c.kind == CallKind.PASS for c in self.auction.calls[start:stop])

    def lowest(self, strain: Strain) -> int:
        """The lowest level at which ``strain`` may be bid now (Law 18B)."""
        last = next((c for c in reversed(self.auction.calls[:self.index]) if c.is_bid), None)
        if last is None or last.strain is None:
            return 1
        return last.level + (_ORDER[strain] <= _ORDER[last.strain])


def _suit(strain: Strain) -> Suit:
    trump = strain.trump
    assert trump is not None
    return trump


def _length(strain: Strain, span: Span) -> Lengths:
    """Only ``strain``'s suit limited."""
    out = list(_ANY_LENGTHS)
    out[_suit(strain)] = span
    return (out[0], out[1], out[2], out[3])


Found = tuple[str, Span, Lengths]
"""What a rule reads in a call: the rule's name, the points, the lengths."""
Rule = Callable[[_Call], Found | None]


def _opening(c: _Call) -> Found | None:
    """The first bid of the auction, by its position at the table (1-4: how many
    players passed before him, plus one)."""
    if c.opening is not None or not c.call.is_bid:
        return None
    call, strain = c.call, c.call.strain
    assert strain is not None
    position = c.index + 1
    if (call.level, strain) == (1, Strain.NT):      # 1NT: 15-17, balanced
        return "1NT opening", Span(15, 17), _BALANCED
    if (call.level, strain) == (2, Strain.NT):      # 2NT: 20-21, balanced
        return "2NT opening", Span(20, 21), _BALANCED
    if call.level == 1:
        # one of a suit: opening values, 11-21 (third and fourth seat may open light,
        # from 8); a major five cards or more, a minor three or more
        points = Span(11, 21) if position <= 2 else Span(8, 21)
        least = 5 if strain in _MAJORS else 3
        return f"1{strain.symbol} opening", points, _length(strain, Span(least, 13))
    if (call.level, strain) == (2, Strain.C):       # 2♣: strong, artificial: 22+
        return "strong 2♣ opening", Span(22, MAX_HCP), _ANY_LENGTHS
    if position == 4:  # in fourth seat a high opening is no preempt: not read
        return None
    if call.level == 2 and strain != Strain.NT:     # weak two: a six-card suit, 5-10
        return f"weak 2{strain.symbol}", Span(5, 10), _length(strain, Span(6, 6))
    if call.level == 3 and strain != Strain.NT:     # preempt: a seven-card suit, 5-10
        return f"3{strain.symbol} preempt", Span(5, 10), _length(strain, Span(7, 7))
    if call.level == 4 and strain != Strain.NT:     # preempt: seven or eight cards, 5-10
        return f"4{strain.symbol} preempt", Span(5, 10), _length(strain, Span(7, 8))
    return None                                     # 3NT (gambling), five and up: not read


def _opening_pass(c: _Call) -> Found | None:
    """A pass before anyone has bid, in first, second or third seat: no opening bid,
    so at most 11 points."""
    if c.opening is not None or c.call.kind != CallKind.PASS or c.index > 2:
        return None
    return "pass before any opening", Span(0, 11), _ANY_LENGTHS


def _response(c: _Call) -> Found | None:
    """Responder's first call, over partner's one-level opening, his right-hand opponent
    having passed."""
    k = c.opening
    if k is None or c.index != k + 2 or not c.passes(k + 1, c.index):
        return None
    opened = c.auction.calls[k]
    call, strain = c.call, c.call.strain
    if opened.level != 1 or opened.strain is None:
        return None
    if opened.strain == Strain.NT:
        if call.kind == CallKind.PASS:              # 1NT passed: no game interest, 0-7
            return "pass of partner's 1NT", Span(0, 7), _ANY_LENGTHS
        if (call.level, strain) == (3, Strain.NT):  # 1NT-3NT: game values, 10-15
            return "3NT raise of 1NT", Span(10, 15), _ANY_LENGTHS
        return None                                 # Stayman, transfers: not read
    if call.kind == CallKind.PASS:                  # partner's one of a suit passed: 0-5
        return f"pass of partner's 1{opened.strain.symbol}", Span(0, 5), _ANY_LENGTHS
    if not call.is_bid or strain is None:
        return None
    if strain == opened.strain:
        least = 3 if strain in _MAJORS else 4
        if call.level == 2:                         # single raise: support, 6-10
            return (f"raise to 2{strain.symbol}", Span(6, 10) if strain in _MAJORS
                    else Span(6, MAX_HCP), _length(strain, Span(least, 13)))
        if call.level == 3 and strain in _MAJORS:   # limit raise: support, 10-12
            return f"limit raise to 3{strain.symbol}", Span(10, 12), _length(
                strain, Span(3, 13))
        if call.level == 3:                         # minor jump raise: four-card support
            return f"raise to 3{strain.symbol}", ANY_HCP, _length(strain, Span(4, 13))
        if call.level == 4 and strain in _MAJORS:   # game raise: long support, weak
            return f"raise to 4{strain.symbol}", Span(0, 11), _length(strain, Span(4, 13))
        return None
    if strain == Strain.NT:
        if call.level == 1:                         # 1NT response: 6-10
            return "1NT response", Span(6, 10), _ANY_LENGTHS
        return None                                 # 2NT (Jacoby or natural), 3NT: not read
    if call.level == 1:                             # new suit at the one level: 4+, 6+
        return f"1{strain.symbol} response", Span(6, MAX_HCP), _length(strain, Span(4, 13))
    if call.level == 2 and call.level == c.lowest(strain):  # two over one: 4+, 10+
        return f"2{strain.symbol} response", Span(10, MAX_HCP), _length(strain, Span(4, 13))
    return None                                     # jump shifts: not read


def _rebid(c: _Call) -> Found | None:
    """Opener's first rebid after a one-level response in a new suit, nobody else
    having bid."""
    k = c.opening
    if k is None or c.index != k + 4 or c.auction.calls[k + 1].kind != CallKind.PASS \
            or c.auction.calls[k + 3].kind != CallKind.PASS:
        return None
    opened, answer = c.auction.calls[k], c.auction.calls[k + 2]
    call, strain = c.call, c.call.strain
    if (opened.level != 1 or answer.level != 1 or opened.strain in (None, Strain.NT)
            or answer.strain in (None, Strain.NT, opened.strain) or strain is None):
        return None
    assert opened.strain is not None and answer.strain is not None
    low = c.lowest(strain)
    if strain == Strain.NT and call.level == 1:     # 1NT rebid: balanced minimum, 11-14
        return "1NT rebid", Span(11, 14), _BALANCED
    if strain == Strain.NT and call.level == 2:     # 2NT jump rebid: balanced, 18-19
        return "2NT rebid", Span(18, 19), _BALANCED
    if strain == opened.strain and call.level == low:   # own suit again: six, minimum
        return f"2{strain.symbol} rebid", Span(11, 15), _length(strain, Span(6, 13))
    if strain == opened.strain and call.level == low + 1:  # jump rebid: six, 16-18
        return (f"{call.level}{strain.symbol} jump rebid", Span(16, 18),
                _length(strain, Span(6, 13)))
    if strain == answer.strain and call.level == 2:  # raise of responder: support, 11-15
        return f"raise to 2{strain.symbol}", Span(11, 15), _length(strain, Span(3, 13))
    return None


def _overcall(c: _Call) -> Found | None:
    """The next player's call over a one-of-a-suit opening (the direct seat)."""
    k = c.opening
    if k is None or c.index != k + 1:
        return None
    opened = c.auction.calls[k]
    if opened.level != 1 or opened.strain in (None, Strain.NT):
        return None
    assert opened.strain is not None
    call, strain = c.call, c.call.strain
    if c.index >= 4:
        return None  # a passed hand: his pass capped his values, not read
    if call.kind == CallKind.DOUBLE:                # takeout double: opening values, 12+
        return "takeout double", Span(12, MAX_HCP), _ANY_LENGTHS
    if not call.is_bid or strain is None:
        return None                                 # a pass may be a trap: not read
    if strain == Strain.NT:
        if call.level == 1:                         # 1NT overcall: 15-18, balanced
            return "1NT overcall", Span(15, 18), _BALANCED
        return None                                 # unusual 2NT: not read
    if strain == opened.strain:
        return None                                 # cue-bid (Michaels): not read
    if call.level == c.lowest(strain):              # simple overcall: five cards, 8-16
        return (f"{call.level}{strain.symbol} overcall", Span(8, 16),
                _length(strain, Span(5, 13)))
    if call.level == c.lowest(strain) + 1:          # single jump overcall: six cards
        return f"{call.level}{strain.symbol} jump overcall", ANY_HCP, _length(
            strain, Span(6, 13))
    return None


_RULES: tuple[Rule, ...] = (_opening, _opening_pass, _response, _rebid, _overcall)
"""The table, in the order a textbook teaches it; the first rule that reads a call
decides what it shows."""


class Reading(Struct, frozen=True):
    """An auction read: what each call read showed, and the calls no rule reads."""

    auction: Auction
    shown: tuple[Shown, ...]
    unread: tuple[int, ...]
    """The places of the calls that show nothing here (conventions, competitive calls,
    the closing passes)."""


def read(auction: Auction) -> Reading:
    """Each call of ``auction`` through the table (:data:`_RULES`)."""
    shown: list[Shown] = []
    unread: list[int] = []
    for i, call in enumerate(auction.calls):
        c = _Call(auction, i)
        for rule in _RULES:
            found = rule(c)
            if found is not None:
                name, points, suits = found
                shown.append(Shown(i, c.seat, call, name, points, suits))
                break
        else:
            unread.append(i)
    return Reading(auction, tuple(shown), tuple(unread))


# --- the reading, and where the real deal is outside it -----------------------------


class Outside(Struct, frozen=True):
    """A call the real hand does not fit: what the Director sees, never what a player
    may know (the players weigh such a hand by :meth:`Limits.allowance`)."""

    shown: Shown
    points: int
    suits: tuple[int, int, int, int]
    """The real hand's high-card points and suit lengths."""

    def describe(self) -> str:
        """ "North's 1NT (1NT opening): 15-17 HCP, the deal has 19"."""
        s, parts = self.shown, []
        if not s.hcp.holds(self.points):
            parts.append(f"{s.hcp.text(MAX_HCP)} HCP, the deal has {self.points}")
        parts += [f"{Suit(k).symbol} {span.text(13)}, the deal has {self.suits[k]} "
                  f"{Suit(k).symbol}" for k, span in enumerate(s.lengths)
                  if not span.holds(self.suits[k])]
        return f"{s.name} ({s.rule}): " + "; ".join(parts)


class Bidding(Struct, frozen=True):
    """The auction's reading for one board: what every decision model of the board's
    ruling knows from the auction (Law 16A1(a)), the partnership's methods as read."""

    reading: Reading
    deal: Deal
    kept: tuple[Shown, ...]
    """The calls read."""
    outside: tuple[Outside, ...]
    """The calls the real hand does not fit (for the Director; no player knows it)."""
    limits: Mapping[Seat, Limits]
    """Every seat's limits, its calls taken together (seats with none left out)."""
    style: AuctionStyle = AUCTION_STYLE

    @property
    def loosened(self) -> tuple[()]:
        """No call is loosened to fit the deal (the JSON's ``loosened`` stays, empty)."""
        return ()

    @classmethod
    def check(cls, reading: Reading, deal: Deal) -> Bidding:
        """``reading`` as the methods of the board, with the calls the real hand does
        not fit recorded (module docstring): the limits are the calls' own."""
        outside = tuple(Outside(s, hcp(hand), lengths(hand)) for s in reading.shown
                        for hand in [deal.hands[s.seat]]
                        if not s.fits(hcp(hand), lengths(hand)))
        limits: dict[Seat, Limits] = {}
        for s in reading.shown:
            were = limits.get(s.seat, NO_LIMITS)
            w, n = were.lengths, s.lengths
            limits[s.seat] = Limits(were.hcp.meet(s.hcp), (
                w[0].meet(n[0]), w[1].meet(n[1]), w[2].meet(n[2]), w[3].meet(n[3])))
        return cls(reading, deal, reading.shown, outside, limits)

    def reduced(self, seat: Seat, held: CardSet) -> tuple[Span, Lengths] | None:
        """``seat``'s limits on the cards it still holds (``held``): what it has played,
        which everyone saw, taken off its hand as dealt. None when the auction shows
        nothing of the seat."""
        limits = self.limits.get(seat)
        if limits is None:
            return None
        played = self.deal.hands[seat] & ~held
        gone, out = hcp(played), lengths(played)
        w = limits.lengths
        return (Span(limits.hcp.lo - gone, limits.hcp.hi - gone),
                (Span(w[0].lo - out[0], w[0].hi - out[0]),
                 Span(w[1].lo - out[1], w[1].hi - out[1]),
                 Span(w[2].lo - out[2], w[2].hi - out[2]),
                 Span(w[3].lo - out[3], w[3].hi - out[3])))


def bidding_of(board: Board) -> Bidding | None:
    """The board's auction read, the calls its real deal does not fit recorded; None
    when the record has no auction (quitted rows, a hand record, the workbench's
    boards)."""
    if board.auction is None:
        return None
    return Bidding.check(read(board.auction), board.deal)
