"""Law 62D: a revoke on trick 12 is corrected, and the last two tricks are played out.

With two cards left in each hand the corrected ending is small enough to be played out
exactly, by minimax over the choices the Law leaves to each side (no double dummy
solver is needed):

* the cards played to trick 12 **before** the revoke stand;
* 62B: the offender substitutes a legal card (his side's choice);
* 62C1: each non-offender who played to trick 12 after the revoke may withdraw his card
  and play another (his side's choice; a player who had not yet played simply plays);
* 62D2: when a defender revoked before it was his partner's turn to play to trick 12,
  the partner plays to the corrected trick (whether or not he had played: he has seen
  the revoke card either way) and his side chooses his card, within what the edition
  says of the information from the revoke card (:data:`Rule62D2`):

  - 2017: "Law 16C applies": 16C2, the play the withdrawn card suggested is not allowed
    where it differs from the one he would choose without it and is better for his
    side; he plays the one he would have chosen without it;
  - 2007 and 1997: "if he holds cards of two suits, he may not choose the play that
    could possibly have been suggested by seeing the revoke card" — forbidden as the
    words read, whether or not it would gain;

* 62C2: otherwise the offender's partner keeps the card he played, unless a non-offender
  before him withdrew his card (then, or if his card is no longer legal, or if he had
  not played yet, his side chooses, within Law 16C2 — 16D2 in 2007);
* the non-offenders' own choices (62C1) are free: information from withdrawn cards is
  authorised to them (16C1);
* trick 13 plays itself (one card each).

"The play he would choose without it" and "the play it suggested" are the decision
model's (:class:`~equity.core.player.decision.DecisionModel`) in two worlds: the corrected
trick as it stands (the revoke card never seen) and the same trick with the withdrawn
card in place of its substitute (the voids it showed — a false one — believed). Where
the model is in doubt between cards without the information, the doubt goes against
the offenders (Law 84D): the one of them worst for his side. A single legal
card, or alternatives of equal result, leave nothing to decide. With two cards left
the decisions' double-dummy questions are answered exactly, by minimax
(:func:`exact_reply`); no solver is needed.

Each side otherwise picks what is best for itself; :class:`PlayOut` keeps every
decision with the result of each option, so the report can show each choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from msgspec import Struct
from msgspec.structs import replace

from equity.core.game import (
    Card,
    CardValues,
    Play,
    Position,
    Question,
    Replay,
    Reply,
    RequirementKind,
    Revoke,
    Seat,
    Side,
    Tricks,
    cards,
    count,
    drive,
)
from equity.core.law.unauthorised import Unauthorised, weigh
from equity.core.player import Decision, DecisionModel, Knowledge, shown_out
from equity.core.reading import Table, world_evidence

Rule62D2 = Literal["16C", "two suits"]
"""What Law 62D2 says of the revoker's partner at trick 12: ``"16C"`` (2017: "Law 16C
applies") or ``"two suits"`` (2007, 1997: holding cards of two suits, he may not choose
the play that could possibly have been suggested by seeing the revoke card)."""


class TrickChoice(Struct, frozen=True):
    """One decision of the corrected trick 12: who chooses a seat's card, under which
    paragraph, and declarer's total tricks after each option (best play after it)."""

    law: str
    """``"62B"`` (the offender's legal card), ``"62C1"`` (a non-offender's card after
    the revoke), ``"62D2"`` (the offender's partner plays to the corrected trick 12
    within what the revoke card's information allows), ``"62C2"`` (the offender's
    partner may change his card) or ``"62D1"`` (a player who had not played yet)."""
    seat: Seat
    chooser: Side
    options: tuple[tuple[Card, int], ...]
    """(card, declarer's total tricks) for every option, in card order."""
    chosen: Card
    played: Card | None = None
    """The card this seat had played to trick 12 in the record, if any."""
    unauthorised: Unauthorised | None = None
    """Law 16C2 (62D2): what the withdrawn card suggested to this member of the
    offending side, when it suggested a play other than the one he would choose
    without it."""
    suits_held: int = 0
    """How many suits he held when he chose (the 2007/1997 62D2 wording bars a play only
    when he "holds cards of two suits")."""


class PlayOut(Struct, frozen=True):
    """The corrected trick 12 and trick 13, played out (Law 62D)."""

    plays: tuple[Play, ...]
    """The cards of tricks 12 and 13 in the corrected play (best choices by each side)."""
    choices: tuple[TrickChoice, ...]
    """Every decision on the corrected line, in play order, with its options."""
    outcomes: tuple[tuple[tuple[Play, ...], int], ...]
    """Every way the choices can go (cards after the revoke on trick 12, then trick 13)
    with declarer's total tricks."""
    declarer_tricks: int
    """Declarer's total tricks on the board after the correction."""
    declarer_last_two: int
    """Of them, tricks 12 and 13 (under a claim: the revoke trick and the tricks the
    claim gave declarer after it)."""


def trick_twelve(rev: Revoke, replay: Replay, table: Table, rule_62d2: Rule62D2 = "16C",
                 withdrawn_info: str = "16C2") -> PlayOut | None:
    """Play out tricks 12 and 13 after correcting ``rev`` (a revoke on trick 12), or None
    when the record does not reach trick 12 with two cards in every hand. ``table`` is
    what the board's table showed every player (the decisions read it). ``rule_62d2``
    and ``withdrawn_info`` (the paragraph of Law 16 on withdrawn actions) come from
    the edition."""
    if rev.trick != 12 or replay.trick(12) is None:
        return None
    if any(count(h) != 2 for h in replay.hands_before(12, 0)):
        return None
    return _correct(rev, replay, table, False, rule_62d2, withdrawn_info)


def under_claim(rev: Revoke, replay: Replay, table: Table) -> PlayOut | None:
    """Law 70 with the revoke corrected, for a revoke that a claim right after the
    revoke trick did not establish (63A4, 69A; a disputed claim): the revoke trick is
    played again as Law 62 allows (the same choices as :func:`trick_twelve`), and the
    tricks the claim gave each side after it stand (doubtful points against the
    revoker, Laws 70A and 84D). None when the record goes on after the revoke trick or
    the claim's total is not known. (Law 16C2 is not applied here: the decisions would
    need double dummy on the whole hand; Law 70's doubtful points go against the
    revoker's side anyway.)"""
    if not replay.claimed or replay.claim_tricks is None or not replay.tricks \
            or replay.tricks[-1].number != rev.trick:
        return None
    if not replay.tricks[-1].complete:
        return None
    return _correct(rev, replay, table, True, "16C", None)


def _correct(rev: Revoke, replay: Replay, table: Table, claimed: bool, rule_62d2: Rule62D2,
             withdrawn_info: str | None) -> PlayOut | None:
    number = rev.trick
    t12 = replay.trick(number)
    if t12 is None:
        return None
    order = [t12.leader.after(k) for k in range(4)]
    at = order.index(rev.seat)
    recorded = {p.seat: p.card for p in t12.plays}
    if any(s not in recorded for s in order[:at]):
        return None
    offenders = rev.seat.side
    declarer = replay.declarer_side
    before = replay.won_before(declarer, number)
    after_claim = replay.claimed_tricks[declarer] if claimed else 0
    partner = rev.seat.partner
    defender = offenders != declarer
    # 62D2: "a revoke by a defender ... before it was the turn of his partner to play":
    # the partner's turn comes after the revoke, whether he had played yet or not
    partner_after = order.index(partner) > at
    d2 = number == 12 and defender and partner_after
    penalty_card = defender and not any(
        r.kind == RequirementKind.FACED and r.seat == rev.seat and r.trick <= number
        for r in replay.board.facts.requirements)
    history = replay.plays_before(number)
    model = DecisionModel.of(table)

    # Law 50D1: penalty cards and lead rules in force bind the play-out too: the record's
    # position just before the revoke card, through its one door
    pos = replay.position(number, at)

    def who(seat: Seat, changed: bool, legal: list[Card]) -> tuple[str, Side, list[Card]]:
        """Who chooses ``seat``'s card on trick 12, under which paragraph, among which
        cards (``changed``: a non-offender already changed his card after the revoke)."""
        if seat == rev.seat:
            return "62B", offenders, [c for c in legal if rev.could_play & c.bit] or legal
        if seat.side != offenders:  # 16C1: their information is authorised: free
            return ("62C1" if seat in recorded else "62D1"), seat.side, legal
        if d2:  # 62D2: he plays to the corrected trick, within 16C (or two suits)
            return "62D2", offenders, legal
        kept = recorded.get(seat)
        if kept is None:
            return "62D1", offenders, legal
        if kept in legal and not changed:
            return "62C2", offenders, [kept]
        return "62C2", offenders, legal

    def value(p: Position) -> tuple[int, list[Play]]:
        """Declarer's tricks from ``p`` (trick 13 or the rest of 12 is forced here)."""
        won = 0
        line: list[Play] = []
        while p.tricks_left:
            number = 14 - p.tricks_left
            completes = len(p.trick) == 3
            card = next(cards(p.legal()))
            line.append(Play(number, p.to_play, card, p.suit_led))
            p = p.play(card)
            if completes and p.leader.side == declarer:
                won += 1
        return won, line

    def decide(p: Position, seen: Sequence[Play], exposed: int = 0) -> Decision:
        """The decision model's decision for the player to play in ``p``, given the
        plays seen and the cards ``exposed`` (a penalty card)."""
        knowledge = Knowledge.at(p, replay.contract.declarer, shown_out(seen),
                                 exposed=exposed, evidence=world_evidence(
                                     seen, replay.board.deal, replay.contract.strain))
        return drive(model.decide(knowledge, judging=True), exact_reply)

    def trick_plays(p: Position) -> list[Play]:
        return [Play(number, p.leader.after(i), c, p.trick[0].suit if i else None)
                for i, c in enumerate(p.trick)]

    def information(p: Position, worth: dict[Card, int]) -> Unauthorised | None:
        """Law 16C2 (62D2) for the offender to play in ``p``: the card he would choose
        without the withdrawn card (doubt against his side, 84D), the card it
        suggested (the same trick with the revoke card in place of its substitute,
        the void it showed believed), and whether the suggested card is forbidden.
        None when the information suggests nothing, or nothing is left to decide."""
        legal = list(cards(p.legal()))
        if withdrawn_info is None or len(legal) < 2 or len(set(worth.values())) == 1:
            return None
        i = order.index(rev.seat) - order.index(p.leader)
        if i < 0 or i >= len(p.trick):
            return None
        mine = p.to_play.side
        sign = 1 if mine == declarer else -1  # more for his side: sign * tricks larger
        # 62B1, Law 50E1: the withdrawn card, a major penalty card, is faced: that the
        # revoker holds it and must play it is authorised information
        penalty = rev.card.bit if penalty_card and p.hands[rev.seat] & rev.card.bit else 0
        blind = decide(p, [*history, *trick_plays(p)], penalty)
        seen = as_seen(p, i, rev.card)
        suggested = decide(seen, [*history, *trick_plays(seen)]).card
        _, info = weigh(blind, suggested, worth, sign, model.sampling.share,
                        withdrawn_info, rev.card)
        if info is not None and d2 and rule_62d2 == "two suits":
            # 2007/1997 62D2: holding cards of two suits, the suggested play is barred
            two = len({c.suit for c in cards(p.hands[p.to_play])}) == 2
            return replace(info, law="62D2", forbidden=two)
        return info

    outcomes: list[tuple[tuple[Play, ...], int]] = []

    def search(p: Position, k: int, changed: bool, won: int, line: list[Play],
               record: bool = True) -> tuple[int, list[Play], list[TrickChoice]]:
        """Minimax from the ``k``-th card of trick 12 on: (declarer's tricks in 12-13,
        the best line, the decisions on it); ``record``: keep the outcomes."""
        if k == 4:
            rest, more = (after_claim, []) if claimed else value(p)
            if record:
                outcomes.append(((*line, *more), before + won + rest))
            return won + rest, [*line, *more], []
        seat = order[k]
        legal = list(cards(p.legal()))
        law, chooser, options = who(seat, changed, legal)

        def step(card: Card, keep: bool) -> tuple[Card, int, list[Play], list[TrickChoice]]:
            nxt = p.play(card)
            gain = 1 if k == 3 and nxt.leader.side == declarer else 0
            moved = changed or (seat.side != offenders and card != recorded.get(seat)
                                and seat in recorded)
            return (card, *search(nxt, k + 1, moved, won + gain,
                                  [*line, Play(number, seat, card, p.suit_led)], keep))

        info = None
        if seat.side == offenders and seat != rev.seat and len(options) > 1:
            worth = {c: step(c, False)[1] for c in options}
            info = information(p, worth)
            if info is not None and info.forbidden:
                options = ([info.without] if info.law != "62D2"
                           else [c for c in options if c != info.suggested])
        results = [step(card, record) for card in options]
        sign = 1 if chooser == declarer else -1
        # equal results: a player who may change his card keeps the one he played
        card, best, best_line, below = max(
            results, key=lambda r: (sign * r[1], r[0] == recorded.get(seat)))
        here = TrickChoice(law, seat, chooser,
                      tuple((c, before + v) for c, v, _, _ in results), card,
                      recorded.get(seat) if seat != rev.seat else None, info,
                      len({c.suit for c in cards(p.hands[seat])}))
        return best, best_line, ([here] if len(options) > 1 or law == "62B"
                                 or info is not None else []) + below

    last_two, line, choices = search(pos, at, False, 0, [])
    full = tuple(Play(number, s, recorded[s], pos.suit_led if i else None)
                 for i, s in enumerate(order[:at]))
    return PlayOut((*full, *line), tuple(choices), tuple(outcomes), before + last_two,
                   last_two)


def as_seen(p: Position, i: int, withdrawn: Card) -> Position:
    """The corrected trick in ``p`` as the offender's partner saw it before the correction
    (Law 16C2, 62D2): the withdrawn card ``withdrawn`` in place of its substitute, card
    ``i`` of the trick, back in the revoker's hand the substitute; the Law 50
    requirements in force kept (a penalty card, 50D1, is seen by all, 50E1; a lead
    restriction, 50D2)."""
    sub = p.trick[i]
    revoker = p.leader.after(i)
    hands = list(p.hands)
    hands[revoker] = hands[revoker] & ~withdrawn.bit | sub.bit
    return replace(p, hands=(hands[0], hands[1], hands[2], hands[3]),
                   trick=(*p.trick[:i], withdrawn, *p.trick[i + 1:]))


def exact_reply(questions: list[Question]) -> list[Reply]:
    """Answer double-dummy questions exactly, by minimax over the legal cards (for the
    two-card endings of Law 62D; cost grows fast with the cards left)."""
    out: list[Reply] = []
    for q in questions:
        if isinstance(q, CardValues):
            out.append({c: _after(q.position, c, q.side) for c in cards(q.position.legal())})
        elif isinstance(q, Tricks):
            out.append([_through(p, q.side) for p in q.positions])
    return out


def _after(p: Position, card: Card, side: Side) -> int:
    nxt = p.play(card)
    won = 1 if len(p.trick) == 3 and nxt.leader.side == side else 0
    return won + _through(nxt, side)


def _through(p: Position, side: Side) -> int:
    if p.tricks_left == 0 and not p.trick:
        return 0
    values = [_after(p, c, side) for c in cards(p.legal())]
    return max(values) if p.to_play.side == side else min(values)
