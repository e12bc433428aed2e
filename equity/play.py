"""Card play: which cards may be played, who wins a trick, and the replay of a record.

A card is *held* or not, and *legal* or not (python-chess's pseudo-legal/legal split).
Playing a card that is not held is an error in the record; playing a held card that is
not legal is a revoke (Law 61A), which the replay accepts and records, because the
play went on at the table. Legality is decided in one place, :func:`legal_cards`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from equity.errors import BoardError, Where
from equity.model import Card, CardSet, Contract, Seat, Side, Suit, cards
from equity.record import Board, Requirement


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
    """The cards a player may play (Laws 44 and 61A).

    ``lead_suit_required`` is a lead penalty in force on this lead (Laws 26, 50D2, 56):
    a card of that suit must be led if held. ``penalty_card`` is a major penalty card
    that must be played at the first legal opportunity (Law 50D1), when following suit
    allows it.
    """
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


@dataclass(frozen=True, slots=True)
class Play:
    """One card as it was played."""

    trick: int
    seat: Seat
    card: Card
    suit_led: Suit | None
    """The suit led to this trick; None when this card is the lead."""


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: its cards in the order played, and its winner when complete."""

    number: int
    leader: Seat
    plays: tuple[Play, ...]
    winner: Seat | None

    @property
    def complete(self) -> bool:
        return len(self.plays) == 4

    def card_of(self, seat: Seat) -> Card | None:
        for p in self.plays:
            if p.seat == seat:
                return p.card
        return None


@dataclass(frozen=True, slots=True)
class Revoke:
    """A held card that was not legal (Law 61A), as the record shows it."""

    trick: int
    seat: Seat
    card: Card
    suit_led: Suit | None
    kind: str
    """``"follow"`` (failed to follow suit, Law 61A1 / 44), ``"lead"`` (failed to lead a
    suit required by a lead penalty) or ``"penalty"`` (failed to play a major penalty card)."""
    could_play: CardSet
    """The legal cards the offender held at that moment."""
    requirement: Requirement | None = None

    @property
    def suit(self) -> Suit:
        """The suit the offender failed to play (Law 64B2 "in the same suit")."""
        if self.kind == "follow" and self.suit_led is not None:
            return self.suit_led
        if self.requirement is not None and self.requirement.card is not None:
            return self.requirement.card.suit
        if self.requirement is not None and self.requirement.suit is not None:
            return self.requirement.suit
        raise AssertionError("a revoke always has a suit")


@dataclass(frozen=True, slots=True)
class Replay:
    """A board's play replayed: tricks in true play order, revokes, and the result."""

    board: Board
    contract: Contract
    tricks: tuple[Trick, ...]
    revokes: tuple[Revoke, ...]
    claimed: bool
    claim_tricks: int | None
    """Declarer's total tricks under the claim or concession, if there was one."""

    def claim_problem(self) -> str | None:
        """Why the recorded claim cannot be taken at its word, if it cannot."""
        if not self.claimed:
            return None
        if self.claim_tricks is None:
            return ("the play ends in a claim or concession but no claimed total is given "
                    "(PBN [Result], LIN mc)")
        done = len(self.complete_tricks)
        won = self.played_won(self.declarer_side)
        if not won <= self.claim_tricks <= won + 13 - done:
            return (f"the claim gives declarer {self.claim_tricks} tricks, but declarer had "
                    f"already won {won} and {13 - done} remained")
        return None

    def check_claim(self) -> None:
        """Raise :class:`BoardError` if the result cannot be known because the claim makes
        no sense; the revokes found are still valid, the result is not."""
        problem = self.claim_problem()
        if problem is not None:
            b = self.board
            raise BoardError(problem, b.source, b.label, Where(tag="Result"))

    @property
    def declarer_side(self) -> Side:
        return self.contract.declarer.side

    @property
    def complete_tricks(self) -> tuple[Trick, ...]:
        return tuple(t for t in self.tricks if t.complete)

    @property
    def finished(self) -> bool:
        """All thirteen tricks were played or the rest was claimed or conceded."""
        return self.claimed or len(self.complete_tricks) == 13

    @property
    def claimed_tricks(self) -> dict[Side, int]:
        """How the tricks left to a claim were shared between the sides."""
        if not self.claimed or self.claim_tricks is None:
            return {Side.NS: 0, Side.EW: 0}
        left = 13 - len(self.complete_tricks)
        won = self.played_won(self.declarer_side)
        mine = self.claim_tricks - won
        return {self.declarer_side: mine, self.declarer_side.other: left - mine}

    def played_won(self, side: Side, from_trick: int = 1) -> int:
        """Tricks ``side`` won in play from trick ``from_trick`` on."""
        return sum(
            1 for t in self.tricks
            if t.winner is not None and t.number >= from_trick and t.winner.side == side
        )

    def won_from(self, side: Side, trick: int) -> int:
        """Tricks ``side`` won from ``trick`` on, tricks under a claim included."""
        return self.played_won(side, trick) + self.claimed_tricks[side]

    @property
    def declarer_tricks(self) -> int:
        """Declarer's tricks as played, claimed tricks included."""
        return self.won_from(self.declarer_side, 1)

    def hands_before(self, trick: int, position: int = 0) -> tuple[CardSet, ...]:
        """What each seat held before card ``position`` (0-3) of trick ``trick`` was played."""
        hands = list(self.board.deal.hands)
        for t in self.tricks:
            for i, p in enumerate(t.plays):
                if (t.number, i) >= (trick, position):
                    return tuple(hands)
                hands[p.seat] &= ~p.card.bit
        return tuple(hands)


class _Requirements:
    """The Law 61A(b) requirements of a board, consumed as the play satisfies them."""

    def __init__(self, reqs: Iterable[Requirement]) -> None:
        self.pending = [r for r in reqs if r.kind in ("lead", "penalty")]

    def for_play(self, trick: int, seat: Seat, leading: bool, hand: CardSet
                 ) -> tuple[Requirement | None, Requirement | None]:
        lead = pen = None
        for r in self.pending:
            if r.seat != seat or r.trick > trick:
                continue
            if r.kind == "lead" and leading and lead is None:
                lead = r
            if r.kind == "penalty" and r.card is not None and hand & r.card.bit and pen is None:
                pen = r
        return lead, pen

    def done(self, r: Requirement | None) -> None:
        if r is not None and r in self.pending:
            self.pending.remove(r)


def replay(board: Board) -> Replay:
    """Replay ``board``'s play record card by card in true play order.

    Raises :class:`BoardError` for a record that cannot be replayed: no contract or
    play, an impossible deal, a card not held (never dealt to that player, or already
    played), a trick led by a player who was not on lead (unless marked ``^L``, an
    accepted lead out of turn, Law 53), cards after a missing one, or a ``^R`` mark on
    a card that is not a revoke. A claim that makes no sense does not stop the replay
    (its revokes are real); :meth:`Replay.check_claim` reports it.
    """
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
        for k in range(4):
            seat = leader.after(k)
            card = slots[seat]
            if card is None:
                stopped = True
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
            lead_req, pen_req = reqs.for_play(number, seat, not plays, hands[seat])
            basic = follow_suit_cards(hands[seat], suit_led)
            legal = legal_cards(hands[seat], suit_led,
                                lead_req.suit if lead_req else None,
                                pen_req.card if pen_req else None)
            if not legal & card.bit:
                if not basic & card.bit:
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
            if pen_req is not None and pen_req.card == card:
                reqs.done(pen_req)
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
                  record.claimed, record.claim_tricks)


def format_cards(cs: CardSet) -> str:
    """"S2 SA HT" style list of a card set."""
    return " ".join(str(c) for c in cards(cs))
