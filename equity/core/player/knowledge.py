"""What a player knows at a moment of the play, and layouts consistent with it.

Single-dummy reasoning (Law 12C1(c)'s *likely* outcomes) asks what a player would do
with what he could see, not with every card in view. At a decision a player knows

* his own hand and, once the opening lead is faced, dummy's (declarer plays dummy's
  cards and sees his own; a defender sees his own and dummy);
* every card played so far, so which cards are still out and how many each player holds;
* the suits each player has **shown out of**: a player who did not follow suit is,
  as far as the others can tell, void in the suit led.

That last inference is where a revoke misleads: at the table the revoker *seemed* void
and was not. The knowledge is therefore computed from a history of plays, one per
"world" — the table's (what the players actually saw) or the counterfactual one (the
revoke corrected, so nobody saw a false void): :func:`shown_out` takes the plays of the
world it is asked about.

:func:`sample_layouts` deals the unseen cards to the unseen hands at random, uniformly
among the layouts consistent with the knowledge (hand sizes and shown-out suits); a
seeded :class:`random.Random` makes it reproducible.

What the table showed every player (Law 16A1(a): the calls and the cards played are
authorised information) is the knowledge's :attr:`Knowledge.table`
(:class:`~equity.core.reading.table.Table`, read once per board). The auction is read as
the partnership's methods, judged on each hidden seat's hand as dealt — the cards it
holds in a layout plus those it has played: a layout within every hidden hand's limits
is drawn as it comes, one outside them is kept with the chance its calls allow, a near
miss (one step beyond a limit) likelier than a hand further out
(:meth:`~equity.core.reading.auction.Limits.keeps`: a player does not always hold
what his calls show). The real deal never moves the limits.

The cards the table saw — the opening lead, the signal to it, a hidden defender's
discards — are :class:`~equity.core.reading.evidence.Evidence`: once played, each
layout is weighed by the likelihood that its hand, as held then, plays that card
(:func:`draw_weighted`) — evidence that weighs the layouts, never a limit that empties
them. The cards of trick 1 come with the table; the world's own discards with the
knowledge (:attr:`Knowledge.evidence`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from msgspec import Struct, field
from msgspec.structs import replace

from equity.core import reading
from equity.core.game import (
    SEATS,
    CardSet,
    ModelError,
    Play,
    Position,
    Seat,
    cards,
    count,
)
from equity.core.reading import (
    Evidence,
    Table,
    played,
    then,
)

if TYPE_CHECKING:  # the auction's reading, imported for a board with one (reading.LATER)
    from equity.core.reading import Bidding, Lengths, Span

SuitMask = int
"""A set of suits as a 4-bit mask (bit ``s`` for :class:`~equity.core.game.cards.Suit` ``s``)."""


def shown_out(plays: Iterable[Play]) -> dict[Seat, SuitMask]:
    """The suits each player has shown out of: a card of another suit played to a lead
    of another suit — until he plays a card of the suit again (a revoke's false void
    ends there: everyone sees him hold the suit)."""
    out: dict[Seat, SuitMask] = {}
    for p in plays:
        out[p.seat] = seen_out(out.get(p.seat, 0), p)
    return {s: m for s, m in out.items() if m}


def seen_out(voids: SuitMask, play: Play) -> SuitMask:
    """The suits ``play``'s player is shown out of after it, from ``voids`` before it."""
    voids &= ~(1 << play.card.suit)
    if play.suit_led is not None and play.card.suit != play.suit_led:
        voids |= 1 << play.suit_led
    return voids


class Holding(NamedTuple):
    """Something the viewer was told about a hidden hand: ``seat`` holds from ``lo`` to
    ``hi`` of the cards ``among`` now (Law 16B: what a question conveyed, a Director's
    finding about the deal, counted in the cards still held)."""

    seat: Seat
    among: CardSet
    lo: int
    hi: int

    def fits(self, hand: CardSet) -> bool:
        return self.lo <= count(hand & self.among) <= self.hi


class Knowledge(Struct, frozen=True):
    """What ``viewer`` knows when the player to play in ``position`` must choose a card
    (the viewer is that player, or declarer when dummy is to play).

    ``position`` is the real position: only the parts the viewer can see are used — the
    hands of :attr:`seen` seats, the cards on the trick and the number of cards each
    seat holds.
    """

    position: Position
    viewer: Seat
    dummy: Seat
    dummy_faced: bool
    voids: Mapping[Seat, SuitMask] = field(default_factory=dict)
    exposed: CardSet = 0
    """Cards of hidden hands faced on the table, which everyone sees: a major penalty
    card (Law 50E1: that it must be played is authorised information to every
    player). They stay where they are in every layout."""
    holds: tuple[Holding, ...] = ()
    """What he was told about the hidden hands (Law 16B: information from a question or
    a hesitation, unauthorised to him): only layouts that fit it are drawn. Empty for
    what he may know."""
    table: Table | None = None
    """What the table showed every player (Law 16A1(a)): the auction and the cards of
    trick 1 read. Set by the decision model of the board (:attr:`~.decision.DecisionModel.table`),
    so every decision of a ruling reads it alike; None until then."""
    evidence: tuple[Evidence, ...] = ()
    """The cards of the world asked about read as it played them (its discards:
    :func:`~equity.core.reading.table.world_evidence`)."""

    @classmethod
    def at(cls, position: Position, declarer: Seat, voids: Mapping[Seat, SuitMask],
           dummy_faced: bool = True, exposed: CardSet = 0,
           evidence: tuple[Evidence, ...] = ()) -> Knowledge:
        """The knowledge of the player to play in ``position`` (declarer for dummy).
        The major penalty cards in force (:attr:`Position.penalties`) are exposed: face
        up, every player sees them (Law 50; 50E1: that they must be played is
        authorised to the partner too). Law 50E2 makes any other information from them
        unauthorised to the partner: the model draws no inference from any card beyond
        the suits shown out of, so none is drawn from them either."""
        dummy = declarer.partner
        to_play = position.to_play
        viewer = declarer if to_play == dummy else to_play
        return cls(position, viewer, dummy, dummy_faced, dict(voids),
                   exposed | position.penalties, evidence=evidence)

    @property
    def seen(self) -> tuple[Seat, ...]:
        """The seats whose cards the viewer can see: his own, and dummy once faced."""
        if self.dummy_faced and self.viewer != self.dummy:
            return (self.viewer, self.dummy)
        return (self.viewer,)

    @property
    def hidden(self) -> tuple[Seat, ...]:
        """The seats whose cards the viewer cannot see, in seat order."""
        seen = self.seen
        return tuple(s for s in SEATS if s not in seen)

    @property
    def unseen(self) -> CardSet:
        """The cards held by the hidden seats (played cards, seen hands and exposed
        cards excluded)."""
        hands = self.position.hands
        out = 0
        for s in self.hidden:
            out |= hands[s]
        return out & ~self.exposed

    def consistent(self) -> Knowledge:
        """This knowledge with any shown-out inference that the count of cards
        contradicts dropped — the fewest, first in seat and suit order. (A player who
        counts the cards notices that an opponent who "showed out" must hold the suit:
        a false void from a revoke is believed only while the cards allow it.)"""
        if _feasible(self, self.voids):
            return self
        entries = [(s, suit) for s in Seat for suit in range(4)
                   if self.voids.get(s, 0) >> suit & 1]
        for drop in entries:
            voids = dict(self.voids)
            voids[drop[0]] &= ~(1 << drop[1])
            if _feasible(self, voids):
                return replace(self, voids=voids)
        return replace(self, voids={})

    @property
    def bidding(self) -> Bidding | None:
        """What the auction showed, checked against the deal (None: no auction)."""
        return self.table.bidding if self.table is not None else None

    def unread(self) -> Knowledge:
        """This knowledge without what he read from the table (the auction and every
        card read): what the cards seen and the suits shown out of alone tell him.
        The ruling compares the two to name an inference that decides a choice."""
        return replace(self, table=None, evidence=())

    @property
    def read(self) -> tuple[Evidence, ...]:
        """The cards read that tell the viewer something: a defender's whose hand he
        cannot see (declarer counts; a defender's card is chosen) — the cards of trick 1
        once played in this world (a corrected revoke may have kept one back), then the
        world's own, in order."""
        hands = self.position.hands
        board = () if self.table is None or not self.dummy_faced else tuple(
            e for e in self.table.cards if played(e, hands[e.seat]))
        side, hidden = self.dummy.side, self.hidden
        return tuple(e for e in (*board, *self.evidence)
                     if e.seat in hidden and e.seat.side != side)

    def sizes(self) -> dict[Seat, int]:
        """How many cards each hidden seat holds (public: everyone counts the tricks)."""
        hands, exposed = self.position.hands, self.exposed
        return {s: count(hands[s] & ~exposed) for s in self.hidden}


class LayoutError(ModelError):
    """No layout is consistent with what the player believes (his inferences contradict
    each other, as a revoke's false void can make them)."""


def _allowed(knowledge: Knowledge, voids: Mapping[Seat, SuitMask]) -> dict[int, list[Seat]]:
    """For each unseen card (by bit index), the hidden seats that may hold it."""
    hidden = knowledge.hidden
    by_suit = [[s for s in hidden if not voids.get(s, 0) >> suit & 1] for suit in range(4)]
    return {16 * c.suit + c.rank: by_suit[c.suit][:] for c in cards(knowledge.unseen)}


def _feasible(knowledge: Knowledge, voids: Mapping[Seat, SuitMask]) -> bool:
    """Whether some layout fits the hand sizes and these shown-out suits (each card to a
    seat that may hold it; cards only one seat may hold within its size)."""
    allowed = _allowed(knowledge, voids)
    room = knowledge.sizes()
    free = 0
    for seats in allowed.values():
        if not seats:
            return False
        if len(seats) == 1:
            room[seats[0]] -= 1
        else:
            free += 1
    return all(r >= 0 for r in room.values()) and sum(room.values()) == free


def _deal(allowed: dict[int, list[Seat]], sizes: dict[Seat, int], rng: random.Random
          ) -> dict[Seat, CardSet] | None:
    """One uniformly random assignment of the cards to seats with the given sizes, each
    card to one of its allowed seats; None when there is none.

    Cards that only one seat may hold go there; the rest are shuffled and dealt seat by
    seat, each seat taking what it may hold — exact and uniform for two hidden seats
    (the case after the opening lead); with three (the opening lead itself, when no
    suit can yet have been shown out of) there are no restrictions either. Restricted
    three-seat cases fall back on rejection (bounded).
    """
    hands = {s: 0 for s in sizes}
    room = dict(sizes)
    free: list[int] = []
    for bit, seats in allowed.items():
        if not seats:
            return None
        if len(seats) == 1:
            hands[seats[0]] |= 1 << bit
            room[seats[0]] -= 1
        else:
            free.append(bit)
    if any(r < 0 for r in room.values()) or sum(room.values()) != len(free):
        return None
    if len(sizes) == 2:  # every free card may go to either: the first seat's share first
        rng.shuffle(free)
        a, b = sizes
        k = room[a]
        deal = dict(hands)
        deal[a] |= sum(1 << bit for bit in free[:k])
        deal[b] |= sum(1 << bit for bit in free[k:])
        return deal
    for _ in range(200):
        rng.shuffle(free)
        deal = dict(hands)
        left = dict(room)
        ok = True
        for bit in free:
            choices = [s for s in allowed[bit] if left[s] > 0]
            if not choices:
                ok = False
                break
            # Seats in a fixed order from a shuffled stream: a uniform choice of which
            # free cards each seat gets.
            seat = choices[0]
            deal[seat] |= 1 << bit
            left[seat] -= 1
        if ok:
            return deal
        if len(sizes) <= 2:
            return None
    return None


TRIES = 4000
"""Layouts dealt per layout wanted before what he believes is found impossible (what he
was told, and the auction's allowance, are met by rejection: a deal is cheap)."""


def sample_layouts(knowledge: Knowledge, rng: random.Random, n: int) -> list[Position]:
    """``n`` positions that agree with what the viewer knows (:func:`draw_layouts`)."""
    return draw_layouts(knowledge, rng, n)[0]


def draw_layouts(knowledge: Knowledge, rng: random.Random, n: int
                 ) -> tuple[list[Position], int]:
    """``n`` positions that agree with what the viewer knows, as an unweighted sample:
    :func:`draw_weighted`'s layouts as they are when the play tells him nothing, else
    ``n`` of :data:`RESAMPLE` times as many drawn in proportion to their weights. With
    them, how many have a hidden hand outside the auction's limits."""
    if _weigher(knowledge) is None:
        layouts, _, outside = draw_weighted(knowledge, rng, n)
        return layouts, outside
    layouts, weights, outside = draw_weighted(knowledge, rng, RESAMPLE * n)
    return rng.choices(layouts, weights, k=n), outside


RESAMPLE = 8
"""How many weighted layouts :func:`draw_layouts` draws per unweighted one it returns."""


def draw_weighted(knowledge: Knowledge, rng: random.Random, n: int
                  ) -> tuple[list[Position], list[float], int]:
    """``n`` positions that agree with what the viewer knows: the seen hands and the
    trick as they are, the unseen cards dealt at random to the hidden hands (their sizes
    kept, no card of a suit a seat has shown out of, inferences the count contradicts
    dropped: :meth:`Knowledge.consistent`; within what he was told), in mirrored pairs
    (:func:`_mirror`), each kept with the chance the auction gives it (1 within every
    hidden hand's limits, for each hand outside them its calls' chance for a near miss
    or a hand further out, :meth:`~equity.core.reading.auction.Limits.keeps`: the
    methods weighed, never
    widened). With each its **weight**: the
    likelihood of the cards he reads (the opening lead, the signal to it, the
    discards: :func:`_weigher`) given the layout — evidence that weighs a layout, never
    rules it out (1 for every layout when the play tells him nothing); a layout's
    weight never breaks its pair. With the layouts, how many have a hidden hand outside
    the auction's limits. Raises :class:`LayoutError` when no layout fits what he
    believes."""
    knowledge = knowledge.consistent()
    pos = knowledge.position
    sizes = knowledge.sizes()
    allowed = _allowed(knowledge, knowledge.voids)
    free = _free(allowed)
    out: list[Position] = []
    weights: list[float] = []
    holds = [h for h in knowledge.holds if h.seat in sizes]
    limits = _limits(knowledge)
    weigh = _weigher(knowledge)
    outside = tries = 0
    dropped = False
    while len(out) < n:
        tries += 1
        if tries > TRIES * n:
            if not limits:
                raise LayoutError(f"no layout fits what {knowledge.viewer.long_name} was "
                                  "told about the hidden hands")
            # what he was told leaves the calls all but no layout: they show nothing
            # he can use here (every layout drawn outside them, weighed alike)
            limits, tries, dropped = {}, 1, True
            out, weights, outside = [], [], 0
        deal = _deal(allowed, sizes, rng)
        if deal is None:
            raise LayoutError(
                f"no layout fits what {knowledge.viewer.long_name} has seen: the suits "
                "shown out of leave cards that no hidden hand can hold")
        for d in (deal, _mirror(deal, free, sizes, rng))[:n - len(out)]:
            if d is None or not all(h.fits(d[h.seat]) for h in holds):
                continue
            kept = 1.0
            for s, (lim, near, far) in limits.items():
                hand = d[s] | pos.hands[s] & knowledge.exposed
                if not _within(hand, lim):
                    kept *= near if _within(hand, reading.Limits(*lim).widened()) else far
            if kept < 1.0 and rng.random() >= kept:
                continue
            outside += kept < 1.0 or dropped
            hands = list(pos.hands)
            for s, h in d.items():
                hands[s] = h | pos.hands[s] & knowledge.exposed
            out.append(Position((hands[0], hands[1], hands[2], hands[3]), pos.strain,
                                pos.leader, pos.trick, pos.penalties, pos.leads))
            weights.append(1.0 if weigh is None else weigh(d))
    return out, weights, outside


def layout_weights(knowledge: Knowledge, layouts: Sequence[Position]) -> list[float]:
    """What the cards he reads (:func:`_weigher`) make of each of ``layouts`` (positions
    drawn for ``knowledge``): the weights :func:`draw_weighted` gives them."""
    weigh = _weigher(knowledge)
    if weigh is None:
        return [1.0] * len(layouts)
    exposed = knowledge.exposed
    return [weigh({s: p.hands[s] & ~exposed for s in knowledge.hidden}) for p in layouts]


Weigher = Callable[[Mapping[Seat, CardSet]], float]
"""The likelihood of the cards played so far given a layout's hidden hands."""


def _weigher(knowledge: Knowledge) -> Weigher | None:
    """The likelihood of what the viewer reads from the play (:attr:`Knowledge.read`)
    given a layout's hidden hands (without their exposed cards): each card's chance given
    its player's cards then (:func:`~equity.core.reading.evidence.then`); None when he
    reads nothing from it."""
    pos = knowledge.position
    exposed = knowledge.exposed
    # with each card read, the cards of its player's hand then that every layout shares:
    # his exposed cards and those he has played since
    parts = [(e, then(e, pos.hands[e.seat] & exposed, pos.hands[e.seat]))
             for e in knowledge.read]
    if not parts:
        return None

    def weigh(deal: Mapping[Seat, CardSet]) -> float:
        p = 1.0
        for e, shared in parts:
            p *= e.chance(deal[e.seat] | shared)
        return p
    return weigh


def _limits(knowledge: Knowledge) -> dict[Seat, tuple[tuple[Span, Lengths], float, float]]:
    """The auction's limits on the cards each hidden seat holds now, the exposed cards
    among them (what it played taken off its hand as dealt), each with the chances a
    hand outside them is kept with: a near miss (one step beyond, the limits widened),
    a hand further out (:meth:`~equity.core.reading.auction.Limits.keeps`)."""
    bidding = knowledge.bidding
    if bidding is None:
        return {}
    out: dict[Seat, tuple[tuple[Span, Lengths], float, float]] = {}
    for s in knowledge.hidden:
        held = knowledge.position.hands[s]
        if held & ~bidding.deal.hands[s]:
            raise ModelError(f"{s.long_name} holds cards the auction's deal does not give "
                             "him: the reading is of another board")
        lim = bidding.reduced(s, held)
        if lim is not None:
            out[s] = (lim, *bidding.limits[s].keeps(bidding.style))
    return out


def auction_key(knowledge: Knowledge) -> str:
    """What the auction tells the viewer about the hidden hands now, as text (empty
    when it tells nothing): the limits on each hidden seat's cards, its played cards
    taken off (:func:`_limits`) — what a decision depends on, not the calls."""
    return ";".join(f"{s.name}{points.lo}-{points.hi}:"
                    + ",".join(f"{span.lo}-{span.hi}" for span in suits)
                    for s, ((points, suits), _, _) in _limits(knowledge).items())


def _within(hand: CardSet, limits: tuple[Span, Lengths]) -> bool:
    """Whether the cards a hidden seat holds in a layout (its exposed cards with them)
    fit the auction's limits reduced to the position (:func:`_limits`)."""
    points, suits = limits
    return points.holds(reading.hcp(hand)) and all(
        span.holds(k) for span, k in zip(suits, reading.lengths(hand), strict=True))


def _free(allowed: dict[int, list[Seat]]) -> CardSet:
    """The cards either of two hidden hands may hold (:func:`_mirror` exchanges them)."""
    free = 0
    for bit, seats in allowed.items():
        if len(seats) == 2:
            free |= 1 << bit
    return free


def _mirror(deal: dict[Seat, CardSet], free: CardSet,
            sizes: dict[Seat, int], rng: random.Random) -> dict[Seat, CardSet] | None:
    """The layout with the two hidden hands' free cards (:func:`_free`) exchanged: drawn
    in such pairs, nearly every free card lies as often with one opponent as
    with the other, so a choice that turns on where a card lies (a finesse) is measured
    with little of the noise of the draw. When one hand holds more free cards, as many
    of its cards as make the difference, drawn at random, stay where they are. None with
    other than two hidden hands."""
    if len(sizes) != 2:
        return None
    a, b = sizes
    mine_a, mine_b = deal[a] & free, deal[b] & free
    big, small = (a, b) if count(mine_a) >= count(mine_b) else (b, a)
    held = deal[big] & free
    big_free = [c.bit for c in cards(held)]
    stay = sum(rng.sample(big_free, len(big_free) - count(deal[small] & free)))
    out = {big: (deal[big] & ~free) | (deal[small] & free) | stay,
           small: (deal[small] & ~free) | (deal[big] & free & ~stay)}
    return out
