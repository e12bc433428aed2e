"""Law 64C: what would have happened without the revoke — the candidate lines.

For every revoke that stands (established and not corrected, Law 63B), including those
Law 64B exempts from the transfer, the play is taken back to the moment just before the
revoke card and the offender is made to play a legal card (``Revoke.could_play``).
From there (laws.md §8):

* **substitution lines** — one for each legal card the offender could have played (cards
  equal in rank once the cards between them are gone count as one), continued double
  dummy. One :func:`~equity.dd.solve.solve_cards` call at that position values them all;
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

This module calls the solver only through the :class:`Solver` protocol (the real one is
:class:`equity.dd.DdsSolver`), so tests can use a fake and the benchmark can time the calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from equity.core.cards import Card, CardSet, Seat, Side, cards
from equity.core.laws import AutomaticRuling, RevokeRuling
from equity.core.position import Position
from equity.core.replay import Play, Replay, Revoke

SUBSTITUTION = "substitution"
TABLE = "table"


class Solver(Protocol):
    """The two double-dummy questions the lines ask; :class:`equity.dd.DdsSolver` answers
    them with DDS, tests with fakes or a brute-force oracle."""

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]: ...

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]: ...


# --- What a line is ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Departure:
    """Where a line leaves the play record and double dummy takes over.

    ``at`` is ``"revoke"`` (a substitution line: double dummy right after the substituted
    card), ``"card"`` (the recorded card at ``trick``/``seat`` can no longer stand),
    ``"claim"`` (the record ends in a claim or concession), ``"stop"`` (the record stops
    early without one) or ``"end"`` (all thirteen tricks followed the record: no double
    dummy at all).
    """

    at: str
    trick: int | None = None
    seat: Seat | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    """One candidate line for one revoke, with declarer's total tricks."""

    kind: str
    """``"substitution"`` or ``"table"``."""
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


def build(ruling: AutomaticRuling, dd: Solver) -> tuple[Counterfactual, ...]:
    """The candidate lines for every revoke of ``ruling`` that stands, first one first."""
    standing = [i for i, r in enumerate(ruling.revokes) if r.stands]
    if not standing:
        return ()
    sides = {ruling.revokes[i].offender_side for i in standing}
    if len(sides) == 2:  # 64C2(b): as though neither side had revoked
        return (_counterfactual(ruling, standing[0], tuple(standing), (), None, "64C2(b)", dd),)
    out = []
    for k, i in enumerate(standing):
        rev = ruling.revokes[i]
        earlier = tuple(standing[:k])
        law = "64C2(a)" if any(_repeats(ruling.revokes[j], rev) for j in earlier) else "64C1"
        out.append(_counterfactual(ruling, i, (i,), earlier, rev.offender_side.other, law, dd))
    return tuple(out)


def _repeats(first: RevokeRuling, later: RevokeRuling) -> bool:
    """Law 64C2(a): a later revoke by the same player in the same suit."""
    return first.revoke.seat == later.revoke.seat and first.revoke.suit == later.revoke.suit


def _counterfactual(ruling: AutomaticRuling, index: int, corrected: tuple[int, ...],
                    standing: tuple[int, ...], nos: Side | None, law: str, dd: Solver
                    ) -> Counterfactual:
    rp = ruling.replay
    rev = ruling.revokes[index].revoke
    side = rp.declarer_side
    before = rp.won_before(side, rev.trick)
    pos = position_before(rp, rev)
    values = _card_values(pos, rev.could_play & pos.hands[rev.seat], side, dd)
    subs = [
        _Draft(SUBSTITUTION, cls[-1], cls, (Play(rev.trick, rev.seat, cls[-1], rev.suit_led),),
               Departure("revoke", rev.trick, rev.seat, "the substituted card, then double dummy"),
               before + values[cls[-1]])
        for cls in equivalence_classes(rev.could_play & pos.hands[rev.seat], pos)
    ]
    table = _table_line(ruling, corrected, dd)
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
    kind: str
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


def _card_values(pos: Position, legal: CardSet, side: Side, dd: Solver) -> dict[Card, int]:
    """Tricks ``side`` wins from ``pos`` on after each legal card of the player to play."""
    if not pos.revoke_on_trick:
        return dd.solve_cards(pos, side)
    return {c: _value_after(pos, c, side, dd) for c in cards(legal)}


def _solve_through(pos: Position, side: Side, dd: Solver) -> int:
    """Tricks ``side`` wins from ``pos`` on (current trick included), finishing by hand a
    trick that holds an earlier standing revoke (minimax over the remaining legal cards)
    before handing complete-trick positions to the solver."""
    if not pos.revoke_on_trick:
        if pos.tricks_left == 0 and not pos.trick:
            return 0
        return dd.solve_positions([pos], side)[0]
    values = [_value_after(pos, c, side, dd) for c in cards(pos.legal())]
    return max(values) if pos.to_play.side == side else min(values)


def _value_after(pos: Position, card: Card, side: Side, dd: Solver) -> int:
    """Tricks ``side`` wins from ``pos`` on if ``card`` is played now, best play after."""
    nxt = pos.play(card)
    won = 1 if len(pos.trick) == 3 and nxt.leader.side == side else 0
    return won + _solve_through(nxt, side, dd)


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


def _table_line(ruling: AutomaticRuling, corrected: tuple[int, ...], dd: Solver) -> _Draft:
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
        cut = _misled(rp, walk, first, offenders.pop().other, dd)
        if cut is not None:
            walk, left = walk_record(cut)
    side = rp.declarer_side
    tricks = walk.won[side]
    if left.at != "end":
        pos = walk.pos
        tricks += _solve_through(pos, side, dd) if pos.tricks_left else 0
    sub = walk.substituted or first.card
    return _Draft(TABLE, sub, (sub,), _from_revoke(tuple(walk.played), first, rp), left, tricks)


def _misled(rp: Replay, walk: _Walk, first: Revoke, nos: Side, dd: Solver) -> int | None:
    """The index of the first card of the non-offenders, after the correction, that
    double dummy gives away a trick — or None.

    The non-offenders played on after the revoke with false information about the
    offender's hand: a declarer who sees a defender show out abandons the suit. Their
    recorded cards after the revoke are not held against them once one of them costs a
    trick double dummy (Law 12B1: redress the damage; Law 84D: doubtful points to the
    non-offenders); from there the table line goes double dummy. The offenders' own
    cards stand as played. All positions go to the solver in one batch.
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
    values = dict(zip(ask, dd.solve_positions([ends[i] for i in ask], nos), strict=True))
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
            return Departure("card", t.number, t.leader,
                             f"{t.leader.long_name} led in the record, but in this line "
                             f"{walk.pos.leader.long_name} won trick {t.number - 1} and is on lead")
        for p in t.plays:
            if limit is not None and len(walk.played) == limit:
                return Departure("card", t.number, p.seat, MISLED)
            card, why = _line_card(rp, walk, p, fixes, later)
            if card is None:
                return Departure("card", t.number, p.seat, why)
            play = Play(t.number, p.seat, card, walk.trick[0].card.suit if walk.trick else None)
            walk.trail.append((walk.pos, play, dict(walk.won)))
            walk.put(play)
        if not t.complete:
            break
    if len(walk.played) and not walk.trick and sum(walk.won.values()) == 13:
        return Departure("end", reason="the whole record stands with the correction")
    if rp.claimed:
        return Departure("claim", reason="the record ends in a claim or concession")
    return Departure("stop", reason="the play record stops here")


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
