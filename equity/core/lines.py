"""Law 64C: what would have happened without the revoke — the candidate lines.

For every revoke that stands (established and not corrected, Law 63B), including those
Law 64B exempts from the transfer, the play is taken back to the moment just before the
revoke card and the offender is made to play a legal card (``Revoke.could_play``).
From there (laws.md §8):

* **substitution lines** — one for each legal card the offender could have played (cards
  equal in rank once the cards between them are gone count as one), continued double
  dummy. One question at that position (the value of every legal card) values them all;
* **the table line** — the actual play replayed with the correction swapped in: the
  offender plays a legal card now (the one he actually played later in the record if
  any, else his lowest legal card) and keeps the revoke card for the moment he actually
  played the substituted card. The record is followed card by card until the first card
  that can no longer stand (a card no longer held, an illegal card, a revoke the record
  shows later, or a trick led by a player who is no longer on lead); from there, or from
  a claim, double dummy.

Several revokes (laws.md §6):

* **64C2(b)**, both sides have revokes that stand: one set of lines "as though neither
  had revoked" — built from just before the first revoke, the table line correcting
  every revoke in turn (double dummy never revokes, so the substitution lines need no
  more).
* otherwise (one offending side): every revoke gets its own lines, first revoke first,
  built from the position after the earlier revokes, which stand as played. Their Law
  64A transfers are applied to every line (so a line's ``declarer_tricks`` is a whole
  board result: earlier revokes rectified by 64A, this one by 64C, later ones never
  happen because no line repeats a revoke). That is the 64C2(a) arithmetic of seed 003
  (transfer for the first revoke plus equity for the second), used also for revokes in
  different suits or by different players (*practice*: each separately, first first).
  A transfer never takes more than the offenders won in the line from the first
  transferred revoke's trick on (Law 64A).

Double dummy assumes perfect play by everyone with every card in view; it is an
idealisation the Director weighs (:mod:`equity.core.ruling`), never a verdict.

The lines are built by a generator, :func:`plan`, that asks its double-dummy questions
when it needs them: it yields a list of :data:`Question` values and is resumed with the
answers, in order (``.send``), and returns the lines. So the caller decides how questions
are answered: :func:`build` answers each one at once through a :class:`Solver` (the real
one is :class:`equity.dd.DdsSolver`; tests use fakes), ``equity batch`` collects the
questions of many boards and sends them to DDS together. Either way the lines are built
once, from real answers.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol, TypeVar

from equity.core.cards import Card, CardSet, Seat, Side, cards
from equity.core.laws import AutomaticRuling, RevokeRuling
from equity.core.position import Position
from equity.core.replay import Play, Replay, Revoke


class LineKind(StrEnum):
    """What a line is (its JSON value is the enum's value)."""

    SUBSTITUTION = "substitution"
    """A legal card in place of the revoke card, then double dummy."""
    TABLE = "table"
    """The actual play with the correction swapped in, as far as it stands."""


SUBSTITUTION = LineKind.SUBSTITUTION
TABLE = LineKind.TABLE


class Leaves(StrEnum):
    """Where a line leaves the play record (:attr:`Departure.at`; JSON: the value)."""

    REVOKE = "revoke"
    """A substitution line: double dummy right after the substituted card."""
    CARD = "card"
    """The recorded card at the departure's trick and seat can no longer stand."""
    CLAIM = "claim"
    """The record ends in a claim or concession."""
    STOP = "stop"
    """The record stops early without one."""
    END = "end"
    """All thirteen tricks followed the record: no double dummy at all."""


# --- The questions the lines ask ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardValues:
    """What is every legal card of the player to play at ``position`` worth to ``side``
    (tricks from the position on, current trick included)? Answered by a dict."""

    position: Position
    side: Side


@dataclass(frozen=True, slots=True)
class Tricks:
    """How many tricks does ``side`` win from each of ``positions`` on (current trick
    included), best play by both sides? Answered by a list, in order."""

    positions: tuple[Position, ...]
    side: Side


Question = CardValues | Tricks
Reply = dict[Card, int] | list[int]
T = TypeVar("T")
Plan = Generator[list[Question], list[Reply], T]
"""A computation that yields lists of questions, is sent their replies, returns a ``T``."""


class Solver(Protocol):
    """The two double-dummy questions the lines ask; :class:`equity.dd.DdsSolver` answers
    them with DDS, tests with fakes or a brute-force oracle."""

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]: ...

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]: ...


def answer(dd: Solver, questions: Sequence[Question]) -> list[Reply]:
    """Each question answered at once by ``dd``: one solver call per question."""
    return [dd.solve_cards(q.position, q.side) if isinstance(q, CardValues)
            else dd.solve_positions(q.positions, q.side) for q in questions]


def run(plan: Plan[T], reply: Callable[[list[Question]], list[Reply]]) -> T:
    """Drive ``plan`` to its end, answering every list of questions with ``reply``."""
    try:
        questions = next(plan)
        while True:
            questions = plan.send(reply(questions))
    except StopIteration as done:
        result: T = done.value
        return result


def _card_values(position: Position, side: Side) -> Plan[dict[Card, int]]:
    (reply,) = yield [CardValues(position, side)]
    assert isinstance(reply, dict)
    return reply


def _tricks(positions: Sequence[Position], side: Side) -> Plan[list[int]]:
    (reply,) = yield [Tricks(tuple(positions), side)]
    assert isinstance(reply, list)
    return reply


# --- What a line is ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Departure:
    """Where a line leaves the play record and double dummy takes over.

    ``at`` says how (:class:`Leaves`); ``trick`` and ``seat`` where, for a substitution
    line or a card that can no longer stand.
    """

    at: Leaves
    trick: int | None = None
    seat: Seat | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    """One candidate line for one revoke, with declarer's total tricks."""

    kind: LineKind
    revoke: int
    """Index of the revoke in ``AutomaticRuling.revokes`` (the first one for 64C2(b))."""
    card: Card
    """The legal card substituted for the revoke card."""
    equivalents: tuple[Card, ...]
    """The cards equal in rank to ``card`` at that moment (``card`` included)."""
    cards: tuple[Play, ...]
    """The line's cards from the revoke on, as far as they follow the record."""
    left_record: Departure
    play_tricks: int
    """Declarer's tricks in this line as played out (record, then double dummy)."""
    earlier_transfer: int
    """Tricks added to declarer by the Law 64A transfers of earlier revokes that stand
    (negative when declarer's side revoked), already capped (Law 64A)."""

    @property
    def declarer_tricks(self) -> int:
        """The board result this line stands for: play tricks plus earlier transfers."""
        return self.play_tricks + self.earlier_transfer


@dataclass(frozen=True, slots=True)
class Counterfactual:
    """The candidate lines for one revoke (for all revokes under 64C2(b))."""

    revoke: int
    law: str
    """``"64C1"``, ``"64C2(a)"`` (a later revoke by the same player in the same suit) or
    ``"64C2(b)"`` (both sides revoked)."""
    corrected: tuple[int, ...]
    """The revokes the lines correct."""
    standing: tuple[int, ...]
    """Earlier revokes that stand as played in these lines."""
    non_offenders: Side | None
    """The side Law 64C protects; None under 64C2(b), where both sides offended."""
    lines: tuple[Line, ...] = field(default=())


# --- Building the lines ----------------------------------------------------------------


def plan(ruling: AutomaticRuling) -> Plan[tuple[Counterfactual, ...]]:
    """The candidate lines for every revoke of ``ruling`` that stands, first one first,
    asking the double-dummy questions as they come (see the module docstring)."""
    standing = [i for i, r in enumerate(ruling.revokes) if r.stands]
    if not standing:
        return ()
    sides = {ruling.revokes[i].offender_side for i in standing}
    if len(sides) == 2:  # 64C2(b): as though neither side had revoked
        both = yield from _counterfactual(ruling, standing[0], tuple(standing), (), None,
                                          "64C2(b)")
        return (both,)
    each = []
    for k, i in enumerate(standing):
        rev = ruling.revokes[i]
        earlier = tuple(standing[:k])
        law = "64C2(a)" if any(_repeats(ruling.revokes[j], rev) for j in earlier) else "64C1"
        each.append(_counterfactual(ruling, i, (i,), earlier, rev.offender_side.other, law))
    found: list[Counterfactual] = yield from together(*each)
    return tuple(found)


def build(ruling: AutomaticRuling, dd: Solver) -> tuple[Counterfactual, ...]:
    """The candidate lines for every revoke of ``ruling`` that stands, each question
    answered at once by ``dd``."""
    return run(plan(ruling), lambda questions: answer(dd, questions))


def together(*plans: Plan[T]) -> Plan[list[T]]:
    """Independent plans run side by side: each yield asks every unfinished plan's
    pending questions at once (so they reach the solver in one batch); the results in
    the plans' order."""
    results: dict[int, T] = {}
    pending: list[tuple[int, Plan[T], list[Question]]] = []
    for k, p in enumerate(plans):
        try:
            pending.append((k, p, next(p)))
        except StopIteration as done:
            results[k] = done.value
    while pending:
        replies = yield [q for _, _, asked in pending for q in asked]
        still, at = [], 0
        for k, p, asked in pending:
            part, at = replies[at : at + len(asked)], at + len(asked)
            try:
                still.append((k, p, p.send(part)))
            except StopIteration as done:
                results[k] = done.value
        pending = still
    return [results[k] for k in range(len(plans))]


def _repeats(first: RevokeRuling, later: RevokeRuling) -> bool:
    """Law 64C2(a): a later revoke by the same player in the same suit."""
    return first.revoke.seat == later.revoke.seat and first.revoke.suit == later.revoke.suit


def _counterfactual(ruling: AutomaticRuling, index: int, corrected: tuple[int, ...],
                    standing: tuple[int, ...], nos: Side | None, law: str
                    ) -> Plan[Counterfactual]:
    rp = ruling.replay
    rev = ruling.revokes[index].revoke
    side = rp.declarer_side
    before = rp.won_before(side, rev.trick)
    pos = position_before(rp, rev)
    legal = rev.could_play & pos.hands[rev.seat]
    # the substitutions' values and the table line's questions go to the solver together
    values, table = yield from together(_substitution_values(pos, legal, side),
                                        _table_line(ruling, corrected))
    assert isinstance(values, dict) and isinstance(table, _Draft)
    subs = [
        _Draft(SUBSTITUTION, cls[-1], cls, (Play(rev.trick, rev.seat, cls[-1], rev.suit_led),),
               Departure(Leaves.REVOKE, rev.trick, rev.seat,
                         "the substituted card, then double dummy"),
               before + values[cls[-1]])
        for cls in equivalence_classes(legal, pos)
    ]
    drafts = [*subs, table]
    transfers = [ruling.revokes[j] for j in standing]
    lines = tuple(
        Line(d.kind, index, d.card, d.equivalents, d.cards, d.left,
             d.tricks, _earlier_transfer(rp, transfers, d.tricks))
        for d in drafts
    )
    return Counterfactual(index, law, corrected, standing, nos, lines)


@dataclass(frozen=True, slots=True)
class _Draft:
    kind: LineKind
    card: Card
    equivalents: tuple[Card, ...]
    cards: tuple[Play, ...]
    left: Departure
    tricks: int


def _earlier_transfer(rp: Replay, earlier: Sequence[RevokeRuling], line_tricks: int) -> int:
    """Declarer's delta from the 64A transfers of earlier standing revokes, never more
    than the offenders won in this line from the first such revoke's trick on (64A)."""
    total = sum(r.transfer for r in earlier)
    if total == 0:
        return 0
    offenders = earlier[0].offender_side
    first = min(r.revoke.trick for r in earlier)
    won_total = line_tricks if offenders == rp.declarer_side else 13 - line_tricks
    won_from_first = won_total - rp.won_before(offenders, first)
    taken = max(0, min(total, won_from_first))
    return -taken if offenders == rp.declarer_side else taken


# --- Positions and card values -----------------------------------------------------------


def position_before(rp: Replay, rev: Revoke) -> Position:
    """The double-dummy position just before the revoke card was played."""
    trick = rp.tricks[rev.trick - 1]
    i = next(k for k, p in enumerate(trick.plays) if p.seat == rev.seat)
    h = rp.hands_before(rev.trick, i)
    return Position((h[0], h[1], h[2], h[3]), rp.contract.strain, trick.leader,
                    tuple(p.card for p in trick.plays[:i]))


def equivalence_classes(legal: CardSet, pos: Position) -> list[tuple[Card, ...]]:
    """The legal cards grouped into runs of equal rank, high card first within a run.

    Two cards of a suit are equal when every card ranked between them has been played
    to an earlier trick: not held by anyone and not on the current trick (a card on the
    trick can still be beaten by one and not the other).
    """
    live = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
    for c in pos.trick:
        live |= c.bit
    out: list[tuple[Card, ...]] = []
    run: list[Card] = []
    for c in cards(legal):
        prev = run[-1] if run else None
        if prev is not None and prev.suit == c.suit and not any(
                live & Card(c.suit, r).bit for r in range(c.rank + 1, prev.rank)):
            run.append(c)
            continue
        if run:
            out.append(tuple(run))
        run = [c]
    if run:
        out.append(tuple(run))
    return out


def _substitution_values(pos: Position, legal: CardSet, side: Side) -> Plan[dict[Card, int]]:
    """Tricks ``side`` wins from ``pos`` on after each legal card of the player to play:
    one question, unless an earlier standing revoke is on the trick (then by hand)."""
    if not pos.revoke_on_trick:
        return (yield from _card_values(pos, side))
    choices = list(cards(legal))
    values = yield from together(*[_value_after(pos, c, side) for c in choices])
    return dict(zip(choices, values, strict=True))


def _solve_through(pos: Position, side: Side) -> Plan[int]:
    """Tricks ``side`` wins from ``pos`` on (current trick included), finishing by hand a
    trick that holds an earlier standing revoke (minimax over the remaining legal cards)
    before asking about complete-trick positions."""
    if not pos.revoke_on_trick:
        if pos.tricks_left == 0 and not pos.trick:
            return 0
        (value,) = yield from _tricks([pos], side)
        return value
    values = yield from together(*[_value_after(pos, c, side) for c in cards(pos.legal())])
    return max(values) if pos.to_play.side == side else min(values)


def _value_after(pos: Position, card: Card, side: Side) -> Plan[int]:
    """Tricks ``side`` wins from ``pos`` on if ``card`` is played now, best play after."""
    nxt = pos.play(card)
    won = 1 if len(pos.trick) == 3 and nxt.leader.side == side else 0
    return won + (yield from _solve_through(nxt, side))


# --- The table line ---------------------------------------------------------------------


@dataclass
class _Walk:
    """The table line's state while it follows the record."""

    pos: Position
    won: dict[Side, int]
    trick: list[Play] = field(default_factory=list)
    """The line's cards on the current trick."""
    kept: dict[Seat, tuple[Card, Card]] = field(default_factory=dict)
    """Offender -> (substituted card, revoke card kept back to play in its place)."""
    played: list[Play] = field(default_factory=list)
    substituted: Card | None = None
    trail: list[tuple[Position, Play, dict[Side, int]]] = field(default_factory=list)
    """Before each card the line plays: the position, the card, the tricks won so far."""

    def put(self, play: Play) -> None:
        completes = len(self.pos.trick) == 3
        self.pos = self.pos.play(play.card)
        self.played.append(play)
        self.trick.append(play)
        if completes:
            self.won[self.pos.leader.side] += 1
            self.trick = []


def _table_line(ruling: AutomaticRuling, corrected: tuple[int, ...]) -> Plan[_Draft]:
    """The actual play with the revoke(s) of ``corrected`` put right, followed as far as
    it can stand, then double dummy (laws.md §8)."""
    rp = ruling.replay
    first = ruling.revokes[corrected[0]].revoke
    fixes = {(ruling.revokes[i].revoke.trick, ruling.revokes[i].revoke.seat):
             ruling.revokes[i].revoke for i in corrected}
    later = {(r.trick, r.seat) for r in rp.revokes
             if (r.trick, r.seat) not in fixes and _after(r, first, rp)}
    offenders = {ruling.revokes[i].offender_side for i in corrected}
    h = rp.hands_before(first.trick, 0)

    def walk_record(limit: int | None) -> tuple[_Walk, Departure]:
        walk = _Walk(Position((h[0], h[1], h[2], h[3]), rp.contract.strain,
                              rp.tricks[first.trick - 1].leader),
                     {s: rp.won_before(s, first.trick) for s in Side})
        return walk, _follow(rp, walk, first, fixes, later, limit)

    walk, left = walk_record(None)
    if len(offenders) == 1:
        cut = yield from _misled(rp, walk, first, offenders.pop().other)
        if cut is not None:
            walk, left = walk_record(cut)
    side = rp.declarer_side
    tricks = walk.won[side]
    if left.at != Leaves.END and walk.pos.tricks_left:
        tricks += yield from _solve_through(walk.pos, side)
    sub = walk.substituted or first.card
    return _Draft(TABLE, sub, (sub,), _from_revoke(tuple(walk.played), first, rp), left, tricks)


def _misled(rp: Replay, walk: _Walk, first: Revoke, nos: Side) -> Plan[int | None]:
    """The index of the first card of the non-offenders, after the correction, that
    double dummy gives away a trick — or None.

    The non-offenders played on after the revoke with false information about the
    offender's hand: a declarer who sees a defender show out abandons the suit. Their
    recorded cards after the revoke are not held against them once one of them costs a
    trick double dummy (Law 12B1: redress the damage; Law 84D: doubtful points to the
    non-offenders); from there the table line goes double dummy. The offenders' own
    cards stand as played. All positions are asked about in one question.
    """
    start = next((i for i, (_, p, _) in enumerate(walk.trail)
                  if (p.trick, p.seat) == (first.trick, first.seat)), None)
    if start is None:
        return None
    steps = walk.trail[start + 1:]
    ends = [*[pos for pos, _, _ in steps], walk.pos]
    ask = [i for i, pos in enumerate(ends) if pos.tricks_left and not pos.revoke_on_trick]
    if not ask:
        return None
    tricks = yield from _tricks([ends[i] for i in ask], nos)
    values = dict(zip(ask, tricks, strict=True))
    won = [w[nos] for _, _, w in steps] + [walk.won[nos]]

    def total(i: int) -> int | None:
        """The non-offenders' tricks, won and to come, at ``ends[i]``."""
        if i in values:
            return won[i] + values[i]
        return won[i] if not ends[i].tricks_left else None

    for k, (_, play, _) in enumerate(steps):
        before, after = total(k), total(k + 1)
        if play.seat.side == nos and before is not None and after is not None \
                and after < before:
            return start + 1 + k
    return None


def _from_revoke(plays: tuple[Play, ...], first: Revoke, rp: Replay) -> tuple[Play, ...]:
    """The line's cards from the revoke card on (cards before it in its trick dropped)."""
    trick = rp.tricks[first.trick - 1]
    order = [p.seat for p in trick.plays]
    i = order.index(first.seat)
    skip = set(order[:i])
    return tuple(p for p in plays if not (p.trick == first.trick and p.seat in skip))


def _after(r: Revoke, first: Revoke, rp: Replay) -> bool:
    """Whether revoke ``r`` comes after ``first`` in play order."""
    if r.trick != first.trick:
        return r.trick > first.trick
    order = [p.seat for p in rp.tricks[r.trick - 1].plays]
    return order.index(r.seat) > order.index(first.seat)


MISLED = ("double dummy this card of a non-offender gives away a trick; the revoke may "
          "have misled him (Laws 12B1, 84D)")


def _follow(rp: Replay, walk: _Walk, first: Revoke, fixes: dict[tuple[int, Seat], Revoke],
            later: set[tuple[int, Seat]], limit: int | None = None) -> Departure:
    """Replay the record from ``first``'s trick into ``walk``; return where it stops.
    ``limit``: stop before the line's card of that index (a non-offender misled)."""
    for t in rp.tricks[first.trick - 1:]:
        if t.leader != walk.pos.leader:
            return Departure(Leaves.CARD, t.number, t.leader,
                             f"{t.leader.long_name} led in the record, but in this line "
                             f"{walk.pos.leader.long_name} won trick {t.number - 1} and is on lead")
        for p in t.plays:
            if limit is not None and len(walk.played) == limit:
                return Departure(Leaves.CARD, t.number, p.seat, MISLED)
            card, why = _line_card(rp, walk, p, fixes, later)
            if card is None:
                return Departure(Leaves.CARD, t.number, p.seat, why)
            play = Play(t.number, p.seat, card, walk.trick[0].card.suit if walk.trick else None)
            walk.trail.append((walk.pos, play, dict(walk.won)))
            walk.put(play)
        if not t.complete:
            break
    if len(walk.played) and not walk.trick and sum(walk.won.values()) == 13:
        return Departure(Leaves.END, reason="the whole record stands with the correction")
    if rp.claimed:
        return Departure(Leaves.CLAIM, reason="the record ends in a claim or concession")
    return Departure(Leaves.STOP, reason="the play record stops here")


def _line_card(rp: Replay, walk: _Walk, p: Play, fixes: dict[tuple[int, Seat], Revoke],
               later: set[tuple[int, Seat]]) -> tuple[Card | None, str]:
    """The card the line plays where the record has ``p``, or None and why it cannot."""
    seat, hand = p.seat, walk.pos.hands[p.seat]
    legal = walk.pos.legal()
    rev = fixes.get((p.trick, seat))
    if rev is not None:
        if legal & p.card.bit and rev.kind == "follow":
            return p.card, ""  # the line has changed so much that the card is now legal
        choice = _correction(rp, rev, (rev.could_play & hand) or legal)
        walk.kept[seat] = (choice, rev.card)
        if walk.substituted is None:
            walk.substituted = choice
        return choice, ""
    card = p.card
    kept = walk.kept.get(seat)
    if kept is not None and card == kept[0]:
        card = kept[1]
        del walk.kept[seat]
    if (p.trick, seat) in later:
        return None, f"{seat.long_name} revoked here in the record; no line repeats a revoke"
    if not hand & card.bit:
        return None, f"{seat.long_name} no longer holds {card.pretty} in this line"
    if not legal & card.bit:
        return None, f"{card.pretty} is not a legal card for {seat.long_name} in this line"
    return card, ""


def _correction(rp: Replay, rev: Revoke, legal: CardSet) -> Card:
    """The legal card the offender plays instead of the revoke card: the one he actually
    played later in the record if any (the first such), else his lowest legal card."""
    for t in rp.tricks[rev.trick:]:
        c = t.card_of(rev.seat)
        if c is not None and legal & c.bit:
            return c
    return min(cards(legal), key=lambda c: (c.rank, c.suit))
