"""Build boards in tests without going through a file reader."""

from __future__ import annotations

import random

from equity.core.game.board import Board, Facts, PlayRecord, Requirement
from equity.core.game.cards import (
    FULL_DECK,
    Card,
    Contract,
    Deal,
    Seat,
    Vulnerability,
    card_set,
    cards,
)
from equity.core.game.position import legal_cards, trick_winner


def board(
    deal: str,
    contract: str,
    declarer: str,
    rows: list[str],
    *,
    claim: int | None = None,
    facts: Facts | None = None,
    requirements: str = "",
    number: int = 1,
) -> Board:
    """A board whose play ``rows`` are PBN-style: four cards per trick in seat order
    starting with the opening leader, ``-`` for no card, ``^R``/``^L`` marks allowed."""
    decl = Seat.parse(declarer)
    con = Contract.parse(contract, decl)
    first = con.opening_leader
    tricks = []
    leaders: list[Seat | None] = []
    marks: dict[tuple[int, Seat], str] = {}
    for i, row in enumerate(rows):
        slots: list[Card | None] = [None] * 4
        k = 0
        mark = None
        lead = None
        for tok in row.split():
            if tok.startswith("^"):
                mark = tok[1]
                continue
            seat = first.after(k)
            if tok != "-":
                slots[seat] = Card.parse(tok)
            if mark:
                marks[(i + 1, seat)] = mark
                if mark == "L":
                    lead = seat
            mark = None
            k += 1
        tricks.append((slots[0], slots[1], slots[2], slots[3]))
        leaders.append(lead)
    f = facts or Facts()
    if requirements:
        f = Facts(f.laws, f.attention, f.attention_by_trick, f.claimer,
                  Requirement.parse_list(requirements))
    rec = PlayRecord(first, tuple(tricks), tuple(leaders), marks,
                     claimed=claim is not None, claim_tricks=claim)
    return Board("test.pbn", number, number, Seat.N, Vulnerability.NONE,
                 Deal.parse_pbn(deal), con, rec, claim, f)


# Seed 001's deal: 3NT by East, North discards a club on the fourth diamond.
SEED001_DEAL = "N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7 JT8.AK9752..T986 AQ53.T43.872.KJ5"
SEED001_PLAY = [
    "H7 H3 HJ HQ", "C6 D2 D3 DA", "C8 D7 D4 DK", "C9 D8 D5 DQ", "S8 C5 ^R C2 DJ",
    "ST S3 DT D9", "HA H4 H6 H8", "HK HT C3 D6", "H9 CJ C4 C7", "H5 S5 CQ S2",
    "H2 CK S7 CA", "SJ SA S4 S6", "CT SQ SK S9",
]
# The same story with West discarding the club jack on the ninth diamond: the table line
# then keeps that discard, which blocks the clubs (9 tricks double dummy, not 10).
SEED001_PLAY_WEST_BLOCKS = [
    *SEED001_PLAY[:5], "ST CJ DT D9", *SEED001_PLAY[6:8], "H9 S3 C4 C7", *SEED001_PLAY[9:],
]


def random_board(
    rng: random.Random,
    contract: str = "4S",
    declarer: str = "S",
    inject: tuple[tuple[int, int], ...] = (),
    stop_after: tuple[int, int] | None = None,
    claim: int | None = None,
) -> tuple[Board, list[tuple[int, Seat]]]:
    """A random deal and a random legal play, with a revoke injected at each
    (trick, position-in-trick) of ``inject`` where the player could follow suit and held
    another suit. ``stop_after`` = (trick, position): the record ends after that card.
    Returns the board and the revokes actually injected as (trick, seat)."""
    deck = list(cards(FULL_DECK))
    rng.shuffle(deck)
    hands = [card_set(deck[i * 13:(i + 1) * 13]) for i in range(4)]
    deal = Deal((hands[0], hands[1], hands[2], hands[3]))
    decl = Seat.parse(declarer)
    con = Contract.parse(contract, decl)
    trump = con.trump
    leader = con.opening_leader
    held = list(hands)
    rows: list[tuple[Card | None, Card | None, Card | None, Card | None]] = []
    injected: list[tuple[int, Seat]] = []
    done = False
    for t in range(1, 14):
        slots: list[Card | None] = [None] * 4
        plays: list[tuple[Seat, Card]] = []
        for k in range(4):
            seat = leader.after(k)
            led = plays[0][1].suit if plays else None
            legal = legal_cards(held[seat], led)
            if (t, k) in inject and led is not None and held[seat] & led.mask \
                    and held[seat] & ~led.mask:
                pool = list(cards(held[seat] & ~led.mask))
                injected.append((t, seat))
            else:
                pool = list(cards(legal))
            card = rng.choice(pool)
            held[seat] &= ~card.bit
            slots[seat] = card
            plays.append((seat, card))
            if stop_after == (t, k):
                done = True
                break
        rows.append((slots[0], slots[1], slots[2], slots[3]))
        if done:
            break
        leader = trick_winner(plays, trump)
    first = con.opening_leader
    rec = PlayRecord(first, tuple(rows), tuple(None for _ in rows), {},
                     claimed=claim is not None, claim_tricks=claim)
    return Board("random.pbn", 1, 1, Seat.N, Vulnerability.NONE, deal, con, rec, claim,
                 Facts()), injected
