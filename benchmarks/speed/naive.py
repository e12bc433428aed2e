"""The script a competent analyst would write without equity's batch: read the boards,
rule each one, and ask endplay's ``solve_board`` for every double-dummy position, one
call per position; in one process or on a ``multiprocessing.Pool``.

It uses equity only for what the analyst could not do without it (the laws and the
lines), through :func:`equity.app.pipeline.rule_board` with :class:`NaiveSolver`; the
rulings equal batch's (checked in bench_batch.py).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.speed.common import OPTIONS
from equity.app.pipeline import rule_board
from equity.core.game import Board, Card, Deal, Position, Side, Suit
from equity.dd.checks import validate
from equity.formats import read_boards
from equity.render.jsonout import equity_json


def endplay_deal(position: Position) -> Any:
    """The position as an endplay ``Deal``, the way its documentation builds one: the
    hands before the current trick from PBN, then the trick's cards played."""
    from endplay.types import Card as ECard
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    hands = list(position.hands)
    for i, card in enumerate(position.trick):
        hands[position.leader.after(i)] |= card.bit
    deal = EDeal(Deal((hands[0], hands[1], hands[2], hands[3])).to_pbn())
    deal.first = Player(int(position.leader))
    deal.trump = Denom(int(position.strain))
    for card in position.trick:
        deal.play(ECard(str(card)))
    return deal


class NaiveSolver:
    """One ``solve_board`` per question (all cards scored where every card's value is
    needed), positions checked as equity checks them."""

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]:
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode

        validate(position)
        out = {}
        for card, score in solve_board(endplay_deal(position), SolveMode.Default):
            tricks = score if position.to_play.side == side else position.tricks_left - score
            out[Card(Suit(int(card.suit)), int(card.rank).bit_length() - 1)] = tricks
        return out

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]:
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode

        out = []
        for p in positions:
            validate(p)
            best = max(s for _, s in solve_board(endplay_deal(p), SolveMode.OptimalOne))
            out.append(best if p.to_play.side == side else p.tricks_left - best)
        return out


def rule_one(board: Board) -> dict[str, Any]:
    """One board's ruling, as ``equity rule --json`` gives it."""
    return equity_json(rule_board(board, OPTIONS, solver=NaiveSolver()))


def naive_script(path: Path, processes: int = 1) -> list[dict[str, Any]]:
    """Every board of ``path`` ruled, one after another or on a ``Pool(processes)``
    (the platform's default start method, as the analyst would leave it)."""
    boards = [b for b in read_boards(path) if isinstance(b, Board)]
    if processes == 1:
        return [rule_one(b) for b in boards]
    with multiprocessing.Pool(processes) as pool:
        return pool.map(rule_one, boards, chunksize=8)
