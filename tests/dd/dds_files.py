"""DDS's own test files (the dds-hands data: list*.txt) read as hands and the positions
their play traces: support for the solver's tests and benchmark (not a test module)."""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path

from msgspec import Struct, field

from equity.core.game.cards import Card, Deal, Seat, Strain
from equity.core.game.position import Position
from tests.oracle_dd import trick_winner

C = Card.parse


def hands_of(pbn: str) -> tuple[int, int, int, int]:
    return Deal.parse_pbn(pbn).hands


class Hand(Struct):
    """One hand of a DDS test file (list*.txt)."""

    number: int
    trump: Strain
    first: Seat
    deal: str
    fut: list[int] = field(default_factory=list)
    play: list[Card] = field(default_factory=list)
    trace: list[int] = field(default_factory=list)


def read_dds_file(path: Path) -> list[Hand]:
    """The DDS test program's format: per hand, lines tagged PBN, FUT, TABLE, PAR, PAR2,
    PLAY, TRACE. ``PBN dealer vul trump first "deal"`` (``first`` = the opening leader);
    ``FUT cards suit[] rank[] equals[] score[]`` (SolveBoard, solutions=3, for the opening
    position); ``PLAY n "cards"``; ``TRACE n t0 .. t(n-1)``."""
    out: list[Hand] = []
    for line in path.read_text().splitlines():
        parts = shlex.split(line)
        if not parts:
            continue
        tag = parts[0]
        if tag == "PBN":
            out.append(Hand(len(out), Strain(int(parts[3])), Seat(int(parts[4])), parts[5]))
        elif tag == "FUT":
            out[-1].fut = [int(x) for x in parts[1:]]
        elif tag == "PLAY":
            n, text = int(parts[1]), parts[2]
            out[-1].play = [C(text[i : i + 2]) for i in range(0, 2 * n, 2)]
        elif tag == "TRACE":
            out[-1].trace = [int(x) for x in parts[2 : 2 + int(parts[1])]]
    return out


def trace_positions(hand: Hand) -> Iterator[tuple[Position, int]]:
    """The position after each prefix of the play that TRACE covers, with the tricks the
    declaring side had already won by then."""
    hands = list(hands_of(hand.deal))
    declarers = hand.first.after(3).side
    leader, trick, won = hand.first, list[Card](), 0
    for k in range(len(hand.trace)):
        yield (
            Position((hands[0], hands[1], hands[2], hands[3]), hand.trump, leader, tuple(trick)),
            won,
        )
        if k == len(hand.play):
            return
        card, seat = hand.play[k], leader.after(len(trick))
        assert hands[seat] & card.bit, f"hand {hand.number}: {seat.name} does not hold {card}"
        hands[seat] &= ~card.bit
        trick.append(card)
        if len(trick) == 4:
            leader = trick_winner(tuple(trick), leader, hand.trump)
            won += leader.side == declarers
            trick = []
