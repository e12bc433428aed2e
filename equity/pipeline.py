"""The whole job for one board: replay → laws 61-64 → (later stages) → a ruling.

This is the one place that strings the stages together, so that the CLI, batch mode
and the tests all rule a board the same way.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from equity.compare import TOTAL_POINTS, Policy, Ruling, Thresholds, Weights, compare
from equity.counterfactual import Solver, build
from equity.laws import EDITIONS, AutomaticRuling, rule
from equity.model import Seat, Vulnerability
from equity.play import replay
from equity.record import Attention, Board, Facts, Requirement
from equity.scoring import Event


@dataclass(frozen=True, slots=True)
class Options:
    """What the Director says from the command line; ``None`` means "as the file says"."""

    laws: str | None = None
    attention: str | None = None
    claimer: Seat | None = None
    requirements: tuple[Requirement, ...] = ()

    def facts_for(self, board: Board) -> Facts:
        """The board's facts with the command line's on top of its tags."""
        f = board.facts
        if self.attention is not None:
            default, per = Facts.parse_attention(self.attention)
            f = dataclasses.replace(f, attention=default,
                                    attention_by_trick={**f.attention_by_trick, **per})
        if self.claimer is not None:
            f = dataclasses.replace(f, claimer=self.claimer)
        if self.requirements:
            f = dataclasses.replace(f, requirements=f.requirements + self.requirements)
        return f

    def edition_for(self, board: Board) -> str:
        """Law edition: the command line's, else the board's ``[EquityLaws]``, else 2017."""
        return self.laws or board.facts.laws or "2017"


def rule_board(board: Board, options: Options = Options()) -> AutomaticRuling:
    """Rule on every revoke of ``board`` (raises BoardError for a record that cannot be
    replayed)."""
    board = dataclasses.replace(board, facts=options.facts_for(board))
    return rule(replay(board), EDITIONS[options.edition_for(board)])


def vulnerability_of(board: Board) -> Vulnerability:
    """The board's vulnerability: its tag, else from its number, else none."""
    if board.vulnerability is not None:
        return board.vulnerability
    if board.number is not None:
        return Vulnerability.for_board(board.number)
    return Vulnerability.NONE


def rule_board_with_equity(board: Board, options: Options = Options(),
                           policy: Policy = Policy.WEIGHTED, weights: Weights | None = None,
                           solver: Solver | None = None, event: Event = TOTAL_POINTS,
                           thresholds: Thresholds | None = None,
                           serious_error: bool = False) -> Ruling:
    """Rule on ``board`` and check under Law 64C whether the transfer was enough: the
    candidate lines of every standing revoke, solved double dummy, compared with the
    Law 64A result under ``policy`` in the event's form of scoring."""
    automatic = rule_board(board, options)
    return compare(automatic, build(automatic, solver), policy, weights or Weights(), event,
                   vulnerability_of(board), thresholds or Thresholds(), serious_error)


__all__ = ["Attention", "Event", "Options", "Policy", "Thresholds", "Weights", "rule_board",
           "rule_board_with_equity", "vulnerability_of"]
