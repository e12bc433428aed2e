"""The table line keeps a recorded card only in its situation (issue 21's plausibility):
the same trick, the same leader and the same cards before it; elsewhere only as the
decision model's own choice; after it leaves the record every card is the model's."""

from __future__ import annotations

from functools import cache

import pytest

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_automatic, rule_board
from equity.core.adjust.candidates import build
from equity.core.adjust.line import SUBSTITUTION, TABLE, Leaves, Line
from equity.core.game.board import Board
from equity.core.game.replay import Play
from equity.core.law.laws import AutomaticRuling
from equity.dd import DdsSolver
from equity.formats import read_boards
from tests.builders import CASES

WITH_TABLE_LINES = ["001_3nt_east_diamond_discard", "004_3nt_long_suit_killed",
                    "003_b3_dummy_hidden_card", "000_64b3_failure_to_play_penalty_card"]


def board_of(case: str) -> Board:
    return next(b for b in read_boards(CASES / f"{case}.pbn") if isinstance(b, Board))


@cache
def table_lines(case: str) -> tuple[AutomaticRuling, tuple[Line, ...]]:
    auto = rule_automatic(board_of(case))
    (cf, *_) = build(auto, DdsSolver(), RulingOptions().estimate)
    return auto, tuple(ln for ln in cf.lines if ln.kind == TABLE)


def kept(line: Line) -> list[Play]:
    """The table line's cards before it first leaves the record."""
    left = line.left_record
    if left.at not in (Leaves.CARD, Leaves.INDUCED):
        return list(line.cards)
    at = next(i for i, p in enumerate(line.cards) if (p.trick, p.seat) == (left.trick,
                                                                          left.seat))
    return list(line.cards[:at])


@pytest.mark.parametrize("case", WITH_TABLE_LINES)
def test_a_recorded_card_stands_in_its_situation_or_as_the_models_choice(case: str) -> None:
    auto, lines = table_lines(case)
    rp = auto.replay
    record = {(p.trick, p.seat): p.card for t in rp.tricks for p in t.plays}
    before = {(t.number, p.seat): tuple(q.card for q in t.plays[:i])
              for t in rp.tricks for i, p in enumerate(t.plays)}
    revoke = auto.revokes[0].revoke
    for line in lines:
        played: dict[int, list[Play]] = {}
        for p in kept(line):
            here = tuple(q.card for q in played.get(p.trick, []))
            played.setdefault(p.trick, []).append(p)
            if (p.trick, p.seat) == (revoke.trick, revoke.seat):
                continue  # the correction: the offender's natural card
            same_situation = here == before[(p.trick, p.seat)]
            as_recorded = record.get((p.trick, p.seat)) == p.card
            # in its situation a card is the record's; out of it, the model's choice
            # (the held-back revoke card included), which the line may keep
            assert as_recorded or not same_situation or p.seat == revoke.seat, (
                case, p, here)


@pytest.mark.parametrize("case", WITH_TABLE_LINES)
def test_the_table_lines_weight_is_the_share_of_the_record_it_keeps(case: str) -> None:
    auto, lines = table_lines(case)
    rp = auto.replay
    revoke = auto.revokes[0].revoke
    plays = [p for t in rp.tricks[revoke.trick - 1:] for p in t.plays]
    start = next(i for i, p in enumerate(plays) if p.seat == revoke.seat)
    recorded = len(plays) - start - 1  # the correction is no recorded card
    for line in lines:
        assert 0 <= line.followed <= 1
        assert line.followed <= (len(kept(line)) - 1) / recorded + 1e-9
        assert line.followed == lines[0].followed  # one record, kept once


def test_a_dummy_revoke_is_never_compensated_beyond_what_the_revoke_could_cost() -> None:
    """Law 64B3 (dummy's hidden card, no transfer): no line the ruling weighs gives the
    non-offenders more than the best the correction could have given them double
    dummy, the offender playing any legal card (issue 21: a line replaying rows out of
    their situations gave three tricks the revoke never cost)."""
    ruling = rule_board(board_of("003_b3_dummy_hidden_card"))
    nos = ruling.automatic.revokes[0].offender_side.other
    declarer = ruling.automatic.replay.declarer_side
    for a in ruling.assessments:
        subs = [ln for ln in a.counterfactual.lines if ln.kind == SUBSTITUTION]
        sign = 1 if nos == declarer else -1
        best = max(sign * ln.declarer_tricks for ln in subs)
        for ln, w in zip(a.counterfactual.lines, a.weights, strict=True):
            if w > 0:
                assert sign * ln.declarer_tricks <= best, (ln.kind, ln.declarer_tricks)
