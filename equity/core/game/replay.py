"""Card play: which cards may be played, who wins a trick, and the replay of a record.

A card is *held* or not, and *legal* or not (python-chess's pseudo-legal/legal split).
Playing a card that is not held is an error in the record; playing a held card that is
not legal is a revoke (Law 61A), which the replay accepts and records, because the
play went on at the table. Legality is decided in one place: the C card-play kernel
(:mod:`equity._native`, native/kernel.c), which :func:`~.position.legal_cards`,
:func:`~.position.trick_winner` and :func:`replay` call; :mod:`equity.core.game.kernel`
packs boards for it.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

from msgspec import Struct
from msgspec.structs import replace

from equity.core.game.board import Board, PlayRecord
from equity.core.game.cards import Card, CardSet, Contract, ModelError, Seat, Side, Suit, cards
from equity.core.game.errors import BoardError, Where
from equity.core.game.facts import Attention, Requirement, RequirementKind
from equity.core.game.kernel import (
    CARD,
    MAX_REQS,
    REVOKE_KINDS,
    Batch,
    Code,
    error_message,
    pack_board,
    run,
)
from equity.core.game.position import LeadRule, Position, follow_suit_cards

if TYPE_CHECKING:  # imported by the one play that starts from a trick (_from_trick)
    from equity.core.game.start_position import StartPosition


class Play(Struct, frozen=True):
    """One card as it was played."""

    trick: int
    seat: Seat
    card: Card
    suit_led: Suit | None
    """The suit led to this trick; None when this card is the lead."""


class Trick(Struct, frozen=True):
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


class RevokeKind(StrEnum):
    """What the offender failed to do (Law 61A); the kernel decides it (``REV_*``)."""

    FOLLOW = "follow"
    """Failed to follow suit (Laws 44, 61A1)."""
    LEAD = "lead"
    """Failed to lead a suit required by a lead penalty (Law 61A2)."""
    PENALTY = "penalty"
    """Failed to play a major penalty card that could legally be played (Laws 50D1,
    61A2), whatever card he played instead (Law 64B3)."""


class Withdrawn(Struct, frozen=True):
    """A card withdrawn at the table when a revoke was corrected (Law 62), and the card
    the record shows in its place."""

    trick: int
    seat: Seat
    card: Card
    replaced_by: Card
    law: str
    """``"62B"`` (the revoke card), ``"62C1"`` (a non-offender's card played after the
    revoke) or ``"62C2"`` (the offending side's card, taken back after a non-offender's)."""
    penalty: bool
    """It became a major penalty card (62B1, 62C2: a defender's card from an unfaced
    hand)."""


class Revoke(Struct, frozen=True):
    """A held card that was not legal (Law 61A), as the record shows it."""

    trick: int
    seat: Seat
    card: Card
    suit_led: Suit | None
    kind: RevokeKind
    could_play: CardSet
    """The legal cards the offender held at that moment."""
    requirement: Requirement | None = None
    withdrawn: tuple[Withdrawn, ...] = ()
    """The correction the record shows (``[EquityWithdrawn]``): the revoke card first
    (62B), then the cards taken back after it (62C1, 62C2); empty for a revoke the
    record shows as played."""

    @property
    def corrected_at_table(self) -> bool:
        """The record shows this revoke corrected at the table (Law 62), play going on."""
        return bool(self.withdrawn)

    @property
    def suit(self) -> Suit:
        """The suit the offender failed to play (Law 64B2 "in the same suit")."""
        if self.kind == RevokeKind.FOLLOW and self.suit_led is not None:
            return self.suit_led
        if self.requirement is not None and self.requirement.card is not None:
            return self.requirement.card.suit
        if self.requirement is not None and self.requirement.suit is not None:
            return self.requirement.suit
        raise AssertionError("a revoke always has a suit")


class Replay(Struct, frozen=True):
    """A board's play replayed: tricks in true play order, revokes, and the result."""

    board: Board
    contract: Contract
    tricks: tuple[Trick, ...]
    revokes: tuple[Revoke, ...]
    claimed: bool
    claim_tricks: int | None
    """Declarer's total tricks under the claim or concession, if there was one."""
    after_stop: tuple[tuple[Seat, Card], ...] = ()
    """Cards the record shows after a missing card in its last trick: played after the
    play had stopped there (attention drawn, the Director called). They are reported but
    are not part of the play (seed 003, WC 2012)."""
    requirements: tuple[Requirement, ...] = ()
    """The Law 61A(b) requirements the replay applied (lead penalties and major penalty
    cards, each from its trick on): the board's facts and the penalty cards that
    corrections in the record created (Laws 62B1, 62C2)."""
    opening: StartPosition | None = None
    """Where the record starts when the play before it is not known: the cards still
    held, who is on lead, the tricks each side had won. At a claim
    (``[EquityClaimPosition]``) the record then has no tricks, every point of it the
    claim's; a play from a named trick (``[EquityPlayFrom]``) has its tricks from there,
    numbered as played."""

    @property
    def first_trick(self) -> int:
        """The number of the record's first trick: 1, or the trick of :attr:`opening`."""
        return self.opening.trick if self.opening is not None else 1

    def trick(self, number: int) -> Trick | None:
        """Trick ``number`` of the record (None when the record does not show it)."""
        i = number - self.first_trick
        return self.tricks[i] if 0 <= i < len(self.tricks) else None

    def tricks_from(self, number: int) -> tuple[Trick, ...]:
        """The record's tricks from trick ``number`` on."""
        return tuple(t for t in self.tricks if t.number >= number)

    def claim_problem(self) -> str | None:
        """Why the recorded claim cannot be taken at its word, if it cannot."""
        if not self.claimed:
            return None
        if self.claim_tricks is None:
            return ("the play ends in a claim or concession but no claimed total is given "
                    "(PBN [Result], LIN mc)")
        done = self.tricks_done
        won = self.played_won(self.declarer_side)
        if not won <= self.claim_tricks <= won + 13 - done:
            facts = self.board.facts
            given = (" ([EquityClaimPosition])" if facts.claim_position is not None else
                     " ([EquityPlayFrom])" if facts.play_from is not None else "")
            return (f"the claim gives declarer {self.claim_tricks} tricks, but declarer had "
                    f"already won {won}{given} and {13 - done} remained")
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
    def tricks_done(self) -> int:
        """How many tricks had been played to the end (those before :attr:`opening`
        included)."""
        before = self.opening.trick - 1 if self.opening is not None else 0
        return before + len(self.complete_tricks)

    @property
    def finished(self) -> bool:
        """All thirteen tricks were played or the rest was claimed or conceded."""
        return self.claimed or self.tricks_done == 13

    @property
    def claimed_tricks(self) -> dict[Side, int]:
        """How the tricks left to a claim were shared between the sides."""
        if not self.claimed or self.claim_tricks is None:
            return {Side.NS: 0, Side.EW: 0}
        left = 13 - self.tricks_done
        won = self.played_won(self.declarer_side)
        mine = self.claim_tricks - won
        return {self.declarer_side: mine, self.declarer_side.other: left - mine}

    def played_won(self, side: Side, from_trick: int = 1) -> int:
        """Tricks ``side`` won in play from trick ``from_trick`` on (from trick 1: with
        those before :attr:`opening`, known only in all)."""
        before = self.opening.won(side) if self.opening is not None and from_trick <= 1 else 0
        return before + sum(
            1 for t in self.tricks
            if t.winner is not None and t.number >= from_trick and t.winner.side == side
        )

    def won_before(self, side: Side, trick: int) -> int:
        """Tricks ``side`` won in play before trick ``trick``."""
        return self.played_won(side) - self.played_won(side, trick)

    def won_from(self, side: Side, trick: int) -> int:
        """Tricks ``side`` won from ``trick`` on, tricks under a claim included."""
        return self.played_won(side, trick) + self.claimed_tricks[side]

    @property
    def declarer_tricks(self) -> int:
        """Declarer's tricks as played, claimed tricks included."""
        return self.won_from(self.declarer_side, 1)

    def hands_before(self, trick: int, position: int = 0) -> tuple[CardSet, ...]:
        """What each seat held before card ``position`` (0-3) of trick ``trick`` was played."""
        hands = list(self.opening.hands if self.opening is not None else self.board.deal.hands)
        for t in self.tricks:
            for i, p in enumerate(t.plays):
                if (t.number, i) >= (trick, position):
                    return tuple(hands)
                hands[p.seat] &= ~p.card.bit
        return tuple(hands)

    def plays_before(self, trick: int, index: int = 0) -> tuple[Play, ...]:
        """The plays of the record before card ``index`` (0-3) of trick ``trick``, in
        order: every card the players had seen when it was played."""
        out: list[Play] = []
        for t in self.tricks:
            if t.number >= trick:
                out += t.plays[:index] if t.number == trick else ()
                break
            out += t.plays
        return tuple(out)

    def index_of(self, trick: int, seat: Seat) -> int:
        """Where ``seat``'s card stands in trick ``trick`` of the record (0-3; raises
        ValueError when he has none there)."""
        t = self.trick(trick)
        for i, p in enumerate(t.plays if t is not None else ()):
            if p.seat == seat:
                return i
        raise ValueError(f"{seat.long_name} has no card in trick {trick}")

    def position(self, trick: int, index: int = 0) -> Position:
        """The position just before card ``index`` (0-3) of trick ``trick`` of the record:
        the hands, the trick's leader and its cards so far, with the Law 50 requirements
        in force there (:meth:`in_force`). The one way to start a line, a play-out or a
        judgement at a point of the record. ``trick`` may be the trick after the last one
        recorded (its leader is the last trick's winner)."""
        h = self.hands_before(trick, index)
        t = self.trick(trick)
        if t is not None:
            leader, played = t.leader, tuple(p.card for p in t.plays[:index])
        else:
            last = self.tricks[-1] if self.tricks else None
            leader = (last.winner if last is not None and last.winner is not None
                      else self.opening.leader if self.opening is not None
                      else self.contract.declarer.after(1))
            played = ()
        pos = Position((h[0], h[1], h[2], h[3]), self.contract.strain, leader, played)
        penalties, leads = self.in_force(trick, index)
        if not (penalties or leads):
            return pos
        return pos.with_requirements(penalties, leads)

    def in_force(self, trick: int, index: int = 0) -> tuple[CardSet, tuple[LeadRule, ...]]:
        """The Law 50 requirements in force just before card ``index`` of ``trick``, read
        from :attr:`requirements` (those the replay applied), as a
        :class:`~equity.core.game.position.Position` carries them:

        * a **major penalty card** (Law 50) is in force from its trick on while its holder
          still holds it (once played it is gone);
        * a **lead requirement** (Laws 26, 56: "SEAT must lead SUIT the next time he
          leads") is in force from its trick on until the seat's next lead, as the kernel
          applies it (each lead of the seat uses up his first pending requirement).

        Requirements that arise after that point are not carried: they come from
        irregularities of the record after it, which a line that leaves the record need
        not repeat (*reading*). Declarer's Law 50D2 choice when the partner of a penalty
        card's holder leads is a player's decision
        (:mod:`equity.core.player.penalty_choice`)."""
        hands = self.hands_before(trick, index)
        penalties: CardSet = 0
        pending: list[Requirement] = []
        for r in self.requirements:
            if r.trick > trick:
                continue
            if r.kind == RequirementKind.PENALTY and r.card is not None:
                if hands[r.seat] & r.card.bit:
                    penalties |= r.card.bit
            elif r.kind == RequirementKind.LEAD and r.suit is not None:
                pending.append(r)
        if pending:
            for t in self.tricks:
                if (t.number, 0) >= (trick, index) or not t.plays:
                    break
                used = next((r for r in pending
                             if r.seat == t.leader and r.trick <= t.number), None)
                if used is not None:
                    pending.remove(used)
        leads = tuple(LeadRule(r.seat, r.suit) for r in pending if r.suit is not None)
        return penalties, leads

def replay(board: Board) -> Replay:
    """Replay ``board``'s play record card by card in true play order (in the kernel).

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
    if board.facts.claim_position is not None:
        return _from_claim(board, contract, record)
    if board.facts.play_from is not None:
        return _from_trick(board, contract, record)
    if record is None:
        raise fail("no play record")
    reqs = tuple(r for r in board.facts.requirements if r.kind in ("lead", "penalty"))
    tricks, revokes, reqs = _played(board, contract, record, reqs, board.deal.hands, 1, fail)
    return Replay(board, contract, tuple(tricks), tuple(revokes),
                  record.claimed, record.claim_tricks, _after_stop(record, tricks, contract),
                  reqs)


def _played(board: Board, contract: Contract, record: PlayRecord,
            reqs: tuple[Requirement, ...], hands: tuple[CardSet, CardSet, CardSet, CardSet],
            first: int, fail: Callable[..., BoardError]
            ) -> tuple[list[Trick], list[Revoke], tuple[Requirement, ...]]:
    """The kernel's replay of ``record`` from trick ``first`` and ``hands``, with the
    revokes corrected at the table (Law 62) and their penalty cards applied from then on:
    tricks, revokes in play order, the requirements applied."""
    tricks, revokes = _run(board, contract, record, reqs, hands, first)
    corrected: tuple[Revoke, ...] = ()
    if board.facts.withdrawn:  # Law 62 at the table: its penalty cards apply from then on
        corrected = _corrections(board, contract, tricks, fail, hands)
        reqs += tuple(Requirement(RequirementKind.PENALTY, w.seat, w.trick + 1, card=w.card)
                      for r in corrected for w in r.withdrawn if w.penalty)
        tricks, revokes = _run(board, contract, record, reqs, hands, first)
    revokes = sorted([*revokes, *corrected], key=lambda r: (r.trick, _place(tricks, r)))
    return tricks, revokes, reqs


def _from_claim(board: Board, contract: Contract, record: PlayRecord | None) -> Replay:
    """The record of a claim found at the table (``[EquityClaimPosition]``): no tricks,
    the claim made at the position, declarer's total as claimed from ``[Result]``."""
    position = board.facts.claim_position
    assert position is not None

    def fail(msg: str) -> BoardError:
        return BoardError(msg, board.source, board.label, Where(tag="EquityClaimPosition"))

    if board.facts.revoke_report is not None:
        raise fail("a board ruled without its play is ruled from a revoke as reported "
                   "([EquityRevoke]) or from a claim's cards still held, not both")
    if record is not None and record.tricks:
        raise fail("the claim position is for a board ruled without its play, and this one "
                   "has a play record (which gives the position at the claim): give one "
                   "or the other")
    try:
        position.check(board.deal)
    except ModelError as e:
        raise fail(str(e)) from e
    total = record.claim_tricks if record is not None and record.claim_tricks is not None \
        else board.result
    reqs = tuple(r for r in board.facts.requirements if r.kind in ("lead", "penalty"))
    return Replay(board, contract, (), (), True, total, (), reqs, opening=position)


def _from_trick(board: Board, contract: Contract, record: PlayRecord | None) -> Replay:
    """The record of the play from a named trick (``[EquityPlayFrom]``): the hands there
    are the cards played from it to the end, each checked against the hand record; the
    tricks each side won before it as given, or from declarer's tricks in all
    (``[Result]``) less those he won from it on. Nothing of the play before it is known
    (no revoke, no show-out): what needs it is an error, never a guess."""
    from equity.core.game.start_position import StartPosition

    start = board.facts.play_from
    assert start is not None
    n, rows = start.trick, 14 - start.trick

    def fail(msg: str, trick: int | None = None, seat: Seat | None = None,
             card: Card | None = None) -> BoardError:
        return BoardError(msg, board.source, board.label,
                          Where(tag="EquityPlayFrom", trick=trick,
                                seat=seat.long_name if seat is not None else None,
                                card=str(card) if card is not None else None))

    facts = board.facts
    if facts.claim_position is not None:
        raise fail("a claim ruled from the cards still held ([EquityClaimPosition]) has no "
                   "play to start at a trick: give one or the other")
    if record is None or len(record.tricks) != rows or record.claimed or any(
            c is None for row in record.tricks for c in row):
        shown = 0 if record is None else len(record.tricks)
        raise fail(f"the play from trick {n} gives every card of tricks {n} to 13 ({rows} "
                   f"tricks of four cards, no claim): the cards played from trick {n} are "
                   f"the hands there; the record has {shown} tricks"
                   + (", ending in a claim" if record is not None and record.claimed else "")
                   + (", some without a card" if record is not None and any(
                       c is None for row in record.tricks for c in row) else ""))
    report = facts.revoke_report
    if report is not None and report.trick < n:
        raise fail(f"the revoke on trick {report.trick} ([EquityRevoke]) comes before trick "
                   f"{n}, where the play given starts: give the play from trick "
                   f"{report.trick}", report.trick, report.seat, report.card)
    early = [f"[EquityRequirement] {r}" for r in facts.requirements
             if r.kind == RequirementKind.LEAD and r.trick < n]
    early += [f"[EquityWithdrawn] {w}" for w in facts.withdrawn if w.trick < n]
    if early:
        raise fail(f"{early[0]} concerns the play before trick {n}, which is not given "
                   "(whether a lead requirement was used up, or what a correction changed, "
                   "needs that play): give the play from an earlier trick")
    hands, twice = _cards_played(record)
    if twice is not None:
        raise fail(f"{twice.pretty} is played twice from trick {n} on", card=twice)
    leader = record.first_leader
    try:
        StartPosition(leader, 0, 0, hands).check(board.deal, f"the play from trick {n} gives")
    except ModelError as e:
        raise fail(str(e)) from e
    reqs = tuple(r for r in facts.requirements if r.kind in ("lead", "penalty"))
    tricks, revokes, reqs = _played(board, contract, record, reqs, hands, n, fail)
    declarer = contract.declarer.side
    later = sum(1 for t in tricks if t.winner is not None and t.winner.side == declarer)
    before = start.won_by(declarer)
    if before is None and board.result is None:
        raise fail(f"the tricks each side won before trick {n} are not known: give "
                   f"declarer's tricks in all ([Result]) or '{n}; won NS N EW N'")
    if before is None and board.result is not None:
        before = board.result - later
        if not 0 <= before <= n - 1:
            raise fail(f"declarer's {board.result} tricks in all ([Result]) and the {later} "
                       f"he won from trick {n} on leave {before} for the {n - 1} tricks "
                       "before it")
    elif before is not None and board.result is not None and before + later != board.result:
        raise fail(f"declarer won {before} tricks before trick {n} and {later} from it on: "
                   f"{before + later} in all, not the {board.result} of [Result]")
    assert before is not None
    won = (before, n - 1 - before) if declarer == Side.NS else (n - 1 - before, before)
    if report is not None and not any(r.trick == report.trick and r.seat == report.seat
                                      for r in revokes):
        raise fail(f"the play from trick {n} shows no revoke by {report.seat.long_name} on "
                   f"trick {report.trick}, which [EquityRevoke] reports", report.trick,
                   report.seat, report.card)
    return Replay(board, contract, tuple(tricks), tuple(revokes), False, None, (), reqs,
                  opening=StartPosition(leader, won[0], won[1], hands))


def record_start(board: Board) -> tuple[tuple[CardSet, CardSet, CardSet, CardSet], int]:
    """The hands the board's record starts from and the number of its first trick, for
    :func:`~equity.core.game.kernel.pack_board`: the deal and 1, or for a play from a
    named trick (``[EquityPlayFrom]``) the cards each seat plays from it on. The kernel
    reports a record that does not give them all (hands of unequal size);
    :func:`replay` says what is wrong with it."""
    start, record = board.facts.play_from, board.play
    if start is None or record is None:
        return board.deal.hands, 1
    return _cards_played(record)[0], start.trick


def _cards_played(record: PlayRecord
                  ) -> tuple[tuple[CardSet, CardSet, CardSet, CardSet], Card | None]:
    """The cards each seat plays in ``record``, and a card it shows twice (or None)."""
    held = [0, 0, 0, 0]
    twice = None
    for row in record.tricks:
        for seat, card in zip(Seat, row, strict=True):
            if card is not None:
                if twice is None and any(h & card.bit for h in held):
                    twice = card
                held[seat] |= card.bit
    return (held[0], held[1], held[2], held[3]), twice


def fact_problems(rp: Replay) -> list[tuple[str, str]]:
    """The Director's facts that make no sense with each other or with the record, each
    with its tag: what a player may infer from the auction and the play (``[EquityAI]``)
    with no unauthorised information to weigh it against (``[EquityUI]``, Law 16B); dummy
    asking declarer (Law 43B2(b), ``dummy-asked``) about a revoke that is not a play
    from declarer's own hand. Ignored, either would be a silent wrong ruling."""
    facts = rp.board.facts
    out: list[tuple[str, str]] = []
    if facts.authorised and not facts.unauthorised:
        out.append(("EquityAI", "what a player may infer is weighed against the "
                    "unauthorised information he had ([EquityUI], Law 16B), and there is "
                    "none: give it too, or leave this out"))
    declarer = rp.contract.declarer
    for rev in rp.revokes:
        if facts.attention_for(rev.trick) == Attention.DUMMY_ASKED and rev.seat != declarer:
            out.append(("EquityAttention", f"dummy-asked for the revoke on trick {rev.trick}, "
                        f"{rev.seat.long_name}'s, not declarer's: dummy asks declarer about a "
                        "play from declarer's own hand (Law 43B2(b))"))
    return out


def _run(board: Board, contract: Contract, record: PlayRecord,
         reqs: tuple[Requirement, ...], hands: tuple[CardSet, CardSet, CardSet, CardSet],
         first: int = 1) -> tuple[list[Trick], list[Revoke]]:
    """The kernel's replay of ``record`` under ``reqs`` from trick ``first``, the
    seats holding ``hands`` there: tricks and revokes."""
    if len(reqs) > MAX_REQS:
        raise BoardError(f"{len(reqs)} requirements; at most {MAX_REQS} can be applied",
                         board.source, board.label)
    batch = Batch.one(len(reqs))
    pack_board(batch, 0, hands, contract, record, reqs, first)
    out = run(batch)
    code, number, seat_i, card_i, extra = out.error.tolist()[0]
    if code != Code.OK:
        msg, where = error_message((code, number, seat_i, card_i, extra), board.deal.hands,
                                   len(record.tricks))
        raise BoardError(msg, board.source, board.label, where)

    order, rev, legal = out.order.tolist()[0], out.revoke.tolist()[0], out.legal.tolist()[0]
    lead_out, winners = out.lead_out.tolist()[0], out.winners.tolist()[0]
    tricks: list[Trick] = []
    revokes: list[Revoke] = []
    p = 0
    for t in range(len(lead_out)):
        if lead_out[t] < 0:
            continue
        plays: list[Play] = []
        suit_led: Suit | None = None
        while p < len(order) and p // 4 == t and order[p][0] >= 0:
            seat, card = Seat(order[p][0]), CARD[order[p][1]]
            assert card is not None
            plays.append(Play(first + t, seat, card, suit_led))
            kind, broken = rev[p]
            if kind:
                revokes.append(Revoke(first + t, seat, card, suit_led,
                                      RevokeKind(REVOKE_KINDS[kind]), legal[p],
                                      reqs[broken] if broken >= 0 else None))
            suit_led = plays[0].card.suit
            p += 1
        tricks.append(Trick(first + t, Seat(lead_out[t]), tuple(plays),
                            Seat(winners[t]) if winners[t] >= 0 else None))
    return tricks, revokes


def _place(tricks: list[Trick], rev: Revoke) -> int:
    trick = _numbered(tricks, rev.trick)
    return next((i for i, p in enumerate(trick.plays) if p.seat == rev.seat), 4) \
        if trick is not None else 4


def _numbered(tricks: list[Trick], number: int) -> Trick | None:
    """Trick ``number`` of the replayed ``tricks`` (numbered as played), or None."""
    return next((t for t in tricks if t.number == number), None)


def _corrections(board: Board, contract: Contract, tricks: list[Trick],
                 fail: Callable[..., BoardError],
                 start: tuple[CardSet, CardSet, CardSet, CardSet]) -> tuple[Revoke, ...]:
    """The revokes the record shows corrected at the table (``[EquityWithdrawn]``, Law
    62), each with its withdrawn cards. A withdrawn card that was not a revoke starts
    nothing: it must follow a revoke, as a card played after it (62C1, 62C2)."""
    hands = list(start)
    held: dict[tuple[int, Seat], CardSet] = {}
    for t in tricks:
        for p in t.plays:
            held[(t.number, p.seat)] = hands[p.seat]
            hands[p.seat] &= ~p.card.bit
    declarer = contract.declarer.side
    faced = {r.seat: r.trick for r in board.facts.requirements if r.kind == "faced"}
    out: list[tuple[Revoke, list[Withdrawn]]] = []
    for w in board.facts.withdrawn:
        where = f"[EquityWithdrawn] {w}: "
        trick = _numbered(tricks, w.trick)
        i = next((k for k, p in enumerate(trick.plays) if p.seat == w.seat), None) \
            if trick is not None else None
        if trick is None or i is None:
            raise fail(where + f"the record shows no card of {w.seat.long_name} on trick "
                       f"{w.trick} to replace it", w.trick, w.seat, w.card)
        hand = held[(w.trick, w.seat)]
        now = trick.plays[i].card
        if w.card == now:
            raise fail(where + f"the record shows {now} itself there: a withdrawn card is "
                       "one the record shows replaced by another", w.trick, w.seat, w.card)
        if not hand & w.card.bit:
            raise fail(where + f"{w.seat.long_name} did not hold {w.card} besides the "
                       f"{now} the record shows", w.trick, w.seat, w.card)
        led = trick.plays[0].card.suit if i else None
        could = follow_suit_cards(hand, led)
        if not could & w.card.bit:  # 61A: a revoke, corrected (62A, 62B)
            defender = w.seat.side != declarer
            unfaced = faced.get(w.seat, 14) > w.trick
            rev = Revoke(w.trick, w.seat, w.card, led, RevokeKind.FOLLOW, could)
            out.append((rev, [Withdrawn(w.trick, w.seat, w.card, now, "62B",
                                        defender and unfaced)]))
            continue
        if not out:
            raise fail(where + "it was a legal card, and no revoke was corrected before it "
                       "(Law 62 takes back only cards played after a revoke)",
                       w.trick, w.seat, w.card)
        rev, items = out[-1]
        after = (w.trick, i) > (rev.trick, _place(tricks, rev)) and w.trick <= rev.trick + 1
        if not after:
            raise fail(where + f"only cards played after the revoke ({rev.seat.long_name}'s "
                       f"{rev.card} on trick {rev.trick}) may be withdrawn (Law 62C)",
                       w.trick, w.seat, w.card)
        if w.seat.side != rev.seat.side:
            items.append(Withdrawn(w.trick, w.seat, w.card, now, "62C1", False))
            continue
        # 62C2: the offending side's player next in rotation after a non-offender who
        # withdrew his card
        previous = w.seat.after(3)
        if not any(x.seat == previous and x.trick == w.trick for x in items[1:]):
            raise fail(where + f"{w.seat.long_name} may take his card back only after "
                       f"{previous.long_name}, the non-offender before him, took back his "
                       "(Law 62C2)", w.trick, w.seat, w.card)
        items.append(Withdrawn(w.trick, w.seat, w.card, now, "62C2",
                               w.seat.side != declarer and faced.get(w.seat, 14) > w.trick))
    return tuple(replace(rev, withdrawn=tuple(items)) for rev, items in out)


def _after_stop(record: PlayRecord, tricks: list[Trick], contract: Contract
                ) -> tuple[tuple[Seat, Card], ...]:
    """The cards of the record's last trick that the kernel left out because they come
    after a missing card (the play stopped there), in the order they would be played."""
    n = len(record.tricks)
    if n == 0:
        return ()
    last = next((t for t in tricks if t.number == n), None)
    given = record.given_leader(n)
    # the trick before it: its winner leads; stopped inside it, its leader is the last
    # one known
    previous = None if not tricks else (
        tricks[-1].winner if tricks[-1].winner is not None else tricks[-1].leader)
    leader = (last.leader if last is not None else given if given is not None
              else previous if previous is not None else contract.opening_leader)
    played = {p.seat for p in last.plays} if last is not None else set()
    out = []
    for k in range(4):
        seat = leader.after(k)
        card = record.tricks[-1][seat] if n else None
        if card is not None and seat not in played:
            out.append((seat, card))
    return tuple(out)


def format_cards(cs: CardSet) -> str:
    """"S2 SA HT" style list of a card set."""
    return " ".join(str(c) for c in cards(cs))
