"""The slow, obviously-correct card play: the pure-Python replay the C kernel replaced.

This is the replay equity shipped before :mod:`equity._native` (kept verbatim), used
only as the oracle the kernel is tested against (tests/core/game/test_kernel.py). It builds the
same :class:`~equity.core.game.replay.Replay` values and raises the same :class:`BoardError`
messages as :func:`equity.core.game.replay.replay`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from equity.core.game.board import Board
from equity.core.game.cards import Card, CardSet, Seat, Suit
from equity.core.game.errors import BoardError, Where
from equity.core.game.facts import Requirement
from equity.core.game.replay import Play, Replay, Revoke, Trick


def follow_suit_cards(hand: CardSet, suit_led: Suit | None) -> CardSet:
    """Law 44C: the cards of the suit led if any are held; otherwise any card."""
    if suit_led is None:
        return hand
    return (hand & suit_led.mask) or hand


def legal_cards(
    hand: CardSet,
    suit_led: Suit | None,
    lead_suit_required: Suit | None = None,
    penalty_card: Card | None = None,
) -> CardSet:
    """The reference for :func:`equity.core.game.position.legal_cards`."""
    legal = follow_suit_cards(hand, suit_led)
    if suit_led is None and lead_suit_required is not None and hand & lead_suit_required.mask:
        legal = hand & lead_suit_required.mask
    if penalty_card is not None and legal & penalty_card.bit:
        legal = penalty_card.bit
    return legal


def trick_winner(plays: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """Law 44E/44G: the highest trump wins, else the highest card of the suit led."""
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if card.suit == best.suit:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif card.suit == trump:
            best_seat, best = seat, card
    return best_seat


class _Requirements:
    """The Law 61A(b) requirements of a board, consumed as the play satisfies them."""

    def __init__(self, reqs: Iterable[Requirement]) -> None:
        self.pending = [r for r in reqs if r.kind in ("lead", "penalty")]

    def for_play(self, trick: int, seat: Seat, leading: bool, hand: CardSet
                 ) -> tuple[Requirement | None, list[Requirement]]:
        """The first pending lead requirement that binds ``seat`` now, and all his major
        penalty cards in force (Law 50D1: any he may legally play, he must)."""
        lead = None
        pens = []
        for r in self.pending:
            if r.seat != seat or r.trick > trick:
                continue
            if r.kind == "lead" and leading and lead is None:
                lead = r
            if r.kind == "penalty" and r.card is not None and hand & r.card.bit:
                pens.append(r)
        return lead, pens

    def done(self, r: Requirement | None) -> None:
        if r is not None and r in self.pending:
            self.pending.remove(r)


def replay(board: Board) -> Replay:
    """The reference for :func:`equity.core.game.replay.replay`: the same values and the same
    errors, in plain Python."""
    def fail(msg: str, trick: int | None = None, seat: Seat | None = None,
             card: Card | None = None) -> BoardError:
        return BoardError(msg, board.source, board.label,
                          Where(trick=trick, seat=seat.long_name if seat is not None else None,
                                card=str(card) if card is not None else None))

    contract, record = board.contract, board.play
    if contract is None:
        raise fail("no contract: the board was passed out or the contract is unknown")
    if record is None:
        raise fail("no play record")
    problems = board.deal.problems()
    if problems:
        raise fail("impossible deal: " + "; ".join(problems))
    if len(record.tricks) > 13:
        raise fail(f"{len(record.tricks)} tricks in the play record; a deal has 13")

    trump = contract.trump
    hands = list(board.deal.hands)
    played_at: dict[Card, int] = {}
    reqs = _Requirements(board.facts.requirements)
    tricks: list[Trick] = []
    revokes: list[Revoke] = []
    stopped = False
    after_stop: list[tuple[Seat, Card]] = []
    leader = contract.opening_leader
    for i, slots in enumerate(record.tricks):
        number = i + 1
        given = record.leaders[i] if i < len(record.leaders) else None
        if given is not None and given != leader:
            if record.marks.get((number, given)) != "L":
                raise fail(f"{given.long_name} led, but {leader.long_name} was on lead",
                           number, given, slots[given])
            leader = given  # Law 53: a lead out of turn, accepted
        elif given is not None and record.marks.get((number, given)) == "L":
            raise fail(f"marked as a lead out of turn, but {given.long_name} was on lead",
                       number, given, slots[given])
        plays: list[Play] = []
        gap = False
        for k in range(4):
            seat = leader.after(k)
            card = slots[seat]
            if card is None:
                stopped = gap = True
                continue
            if stopped and gap and number == len(record.tricks):
                after_stop.append((seat, card))  # played after the play stopped here
                continue
            if stopped:
                raise fail("a card follows a missing one: the record cannot be replayed",
                           number, seat, card)
            if not hands[seat] & card.bit:
                holder = board.deal.holder(card)
                why = (f"already played at trick {played_at[card]}" if card in played_at
                       else f"dealt to {holder.long_name}" if holder is not None else "not dealt")
                raise fail(f"{seat.long_name} does not hold {card} ({why})", number, seat, card)
            suit_led = plays[0].card.suit if plays else None
            lead_req, pens = reqs.for_play(number, seat, not plays, hands[seat])
            basic = follow_suit_cards(hands[seat], suit_led)
            legal = legal_cards(hands[seat], suit_led, lead_req.suit if lead_req else None)
            pen_bits = sum({r.card.bit for r in pens if r.card is not None})
            if legal & pen_bits:
                legal &= pen_bits
            pen_req = next((r for r in pens if r.card is not None and legal & r.card.bit), None)
            if not legal & card.bit:
                if pen_req is not None:
                    kind, req = "penalty", pen_req  # Laws 50D1, 64B3: whatever was played
                elif not basic & card.bit:
                    kind, req = "follow", None
                elif lead_req is not None and (lead_req.suit is None or
                                               card.suit != lead_req.suit):
                    kind, req = "lead", lead_req
                else:
                    kind, req = "penalty", pen_req
                revokes.append(Revoke(number, seat, card, suit_led, kind, legal, req))
            elif record.marks.get((number, seat)) == "R":
                raise fail(f"marked as a revoke, but {card} was a legal card", number, seat, card)
            if not plays:
                reqs.done(lead_req)
            for r in pens:
                if r.card == card:
                    reqs.done(r)
            hands[seat] &= ~card.bit
            played_at[card] = number
            plays.append(Play(number, seat, card, suit_led))
        winner = (trick_winner([(p.seat, p.card) for p in plays], trump)
                  if len(plays) == 4 else None)
        if plays and plays[0].seat != leader:
            raise AssertionError("lead order")  # pragma: no cover
        if len(plays) < 4:
            stopped = True
        if plays:
            tricks.append(Trick(number, leader, tuple(plays), winner))
        if winner is not None:
            leader = winner

    return Replay(board, contract, tuple(tricks), tuple(revokes),
                  record.claimed, record.claim_tricks, tuple(after_stop),
                  tuple(r for r in board.facts.requirements if r.kind in ("lead", "penalty")))
