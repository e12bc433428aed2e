"""Law 62D: a revoke on trick 12 is corrected, and the last two tricks are played out.

With two cards left in each hand the corrected ending is small enough to be played out
exactly, by minimax over the choices the Law leaves to each side (no double dummy
solver is needed):

* the cards played to trick 12 **before** the revoke stand;
* 62B: the offender substitutes a legal card (his side's choice);
* 62C1: each non-offender who played to trick 12 after the revoke may withdraw his card
  and play another (his side's choice; a player who had not yet played simply plays);
* 62D2: when a defender revoked before it was his partner's turn to play to trick 12
  and the partner holds cards of two suits, he may not choose the play the revoke card
  could have suggested: the non-offenders may require him to play either card (their
  choice, among his legal cards);
* 62C2: otherwise the offender's partner keeps the card he played, unless a non-offender
  before him withdrew his card (then, or if his card is no longer legal, or if he had
  not played yet, his side chooses);
* trick 13 plays itself (one card each).

Each side picks what is best for itself; :class:`PlayOut` keeps every decision with the
result of each option, so the report can show each choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from equity.core.cards import Card, Seat, Side, cards, count
from equity.core.position import Position
from equity.core.replay import Play, Replay, Revoke


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision of the corrected trick 12: who chooses a seat's card, under which
    paragraph, and declarer's total tricks after each option (best play after it)."""

    law: str
    """``"62B"`` (the offender's legal card), ``"62C1"`` (a non-offender's card after
    the revoke), ``"62D2"`` (the non-offenders choose the offender's partner's card) or
    ``"62C2"`` (the offender's partner may change his card)."""
    seat: Seat
    chooser: Side
    options: tuple[tuple[Card, int], ...]
    """(card, declarer's total tricks) for every option, in card order."""
    chosen: Card
    played: Card | None = None
    """The card this seat had played to trick 12 in the record, if any."""


@dataclass(frozen=True, slots=True)
class PlayOut:
    """The corrected trick 12 and trick 13, played out (Law 62D)."""

    plays: tuple[Play, ...]
    """The cards of tricks 12 and 13 in the corrected play (best choices by each side)."""
    choices: tuple[Choice, ...]
    """Every decision on the corrected line, in play order, with its options."""
    outcomes: tuple[tuple[tuple[Play, ...], int], ...]
    """Every way the choices can go (cards after the revoke on trick 12, then trick 13)
    with declarer's total tricks."""
    declarer_tricks: int
    """Declarer's total tricks on the board after the correction."""
    declarer_last_two: int
    """Of them, tricks 12 and 13 (under a claim: the revoke trick and the tricks the
    claim gave declarer after it)."""


def trick_twelve(rev: Revoke, replay: Replay) -> PlayOut | None:
    """Play out tricks 12 and 13 after correcting ``rev`` (a revoke on trick 12), or None
    when the record does not reach trick 12 with two cards in every hand."""
    if rev.trick != 12 or len(replay.tricks) < 12:
        return None
    if any(count(h) != 2 for h in replay.hands_before(12, 0)):
        return None
    return _correct(rev, replay, claimed=False)


def under_claim(rev: Revoke, replay: Replay) -> PlayOut | None:
    """Law 70 with the revoke corrected, for a revoke that a claim right after the
    revoke trick did not establish (63A4, 69A; a disputed claim): the revoke trick is
    played again as Law 62 allows (the same choices as :func:`trick_twelve`), and the
    tricks the claim gave each side after it stand (doubtful points against the
    revoker, Laws 70A and 84D). None when the record goes on after the revoke trick or
    the claim's total is not known."""
    if not replay.claimed or replay.claim_tricks is None or len(replay.tricks) != rev.trick:
        return None
    if not replay.tricks[-1].complete:
        return None
    return _correct(rev, replay, claimed=True)


def _correct(rev: Revoke, replay: Replay, claimed: bool) -> PlayOut | None:
    number = rev.trick
    t12 = replay.tricks[number - 1]
    hands = replay.hands_before(number, 0)
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
    two_suits = len({c.suit for c in cards(hands[partner])}) == 2
    # 62D2: "a revoke by a defender ... before it was the turn of his partner to play":
    # the partner's turn comes after the revoke, whether he had played yet or not
    partner_after = order.index(partner) > at
    d2 = number == 12 and defender and partner_after and two_suits

    pos = Position((hands[0], hands[1], hands[2], hands[3]), replay.contract.strain,
                   t12.leader)
    for s in order[:at]:
        pos = pos.play(recorded[s])

    def who(seat: Seat, changed: bool, legal: list[Card]) -> tuple[str, Side, list[Card]]:
        """Who chooses ``seat``'s card on trick 12, under which paragraph, among which
        cards (``changed``: a non-offender already changed his card after the revoke)."""
        if seat == rev.seat:
            return "62B", offenders, [c for c in legal if rev.could_play & c.bit] or legal
        if seat.side != offenders:
            return ("62C1" if seat in recorded else "62D1"), seat.side, legal
        if d2:
            return "62D2", offenders.other, legal
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

    outcomes: list[tuple[tuple[Play, ...], int]] = []

    def search(p: Position, k: int, changed: bool, won: int, line: list[Play]
               ) -> tuple[int, list[Play], list[Choice]]:
        """Minimax from the ``k``-th card of trick 12 on: (declarer's tricks in 12-13,
        the best line, the decisions on it)."""
        if k == 4:
            rest, more = (after_claim, []) if claimed else value(p)
            outcomes.append(((*line, *more), before + won + rest))
            return won + rest, [*line, *more], []
        seat = order[k]
        legal = list(cards(p.legal()))
        law, chooser, options = who(seat, changed, legal)
        results = []
        for card in options:
            nxt = p.play(card)
            gain = 1 if k == 3 and nxt.leader.side == declarer else 0
            moved = changed or (seat.side != offenders and card != recorded.get(seat)
                                and seat in recorded)
            results.append((card, *search(nxt, k + 1, moved, won + gain,
                                          [*line, Play(number, seat, card, p.suit_led)])))
        sign = 1 if chooser == declarer else -1
        card, best, best_line, below = max(results, key=lambda r: sign * r[1])
        here = Choice(law, seat, chooser,
                      tuple((c, before + v) for c, v, _, _ in results), card,
                      recorded.get(seat) if seat != rev.seat else None)
        return best, best_line, ([here] if len(options) > 1 or law == "62B" else []) + below

    last_two, line, choices = search(pos, at, False, 0, [])
    full = tuple(Play(number, s, recorded[s], pos.suit_led if i else None)
                 for i, s in enumerate(order[:at]))
    return PlayOut((*full, *line), tuple(choices), tuple(outcomes), before + last_two,
                   last_two)
