"""Law 64C lines built once, by a plan that asks its questions as it goes; batch answers
the questions of many boards together, never solving a position twice."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from msgspec.structs import replace

from equity.app.batch.rounds import _chunks, dds_solver, rule_boards
from equity.app.options import RulingOptions
from equity.app.pipeline import rule_automatic
from equity.core.adjust.candidates import build, plan
from equity.core.adjust.line import Leaves, LineKind
from equity.core.game.board import Board
from equity.core.game.cards import Seat, Side, Strain
from equity.core.game.position import Position
from equity.core.game.questions import CardValues, Plan, Question, Reply, Tricks, answer, drive
from equity.core.law.laws import AutomaticRuling
from equity.dd import DdsSolver
from equity.dd.binding import MAX_BOARDS
from tests.builders import SEED001_DEAL, SEED001_PLAY, SEED001_PLAY_WEST_BLOCKS, board, untimed

EBL_DEAL = "N:32.A643.AKQ7.A42 AQJ65.987.5432.6 74.52.6.KJT98753 KT98.KQJT.JT98.Q"
EBL_PLAY = ["HK HA H7 H2", "HT H3 H8 ^R C3", "CQ CA C6 C5", "HJ H4 H9 ^R C7",
            "S8 C4 D2 CK", "S9 C2 D3 CJ", "ST S3 D4 CT", "SK S2 D5 C9", "D8 H6 S5 C8",
            "D9 DA S6 D6", "DT DK SJ S4", "DJ DQ SQ S7", "HQ D7 SA H5"]


def boards() -> list[Board]:
    return [board(SEED001_DEAL, "3NT", "E", SEED001_PLAY),
            board(SEED001_DEAL, "3NT", "E", SEED001_PLAY_WEST_BLOCKS, number=2),
            board(EBL_DEAL, "5C", "S", EBL_PLAY, number=3)]


def _recording(solver: DdsSolver, rounds: list[list[Question]]
               ) -> Callable[[list[Question]], list[Reply]]:
    def reply(questions: list[Question]) -> list[Reply]:
        rounds.append(questions)
        return answer(solver, questions)
    return reply


def _before_revoke(auto: AutomaticRuling, k: int) -> Position:
    rev = auto.revokes[k].revoke
    plays = auto.replay.tricks[rev.trick - 1].plays
    return auto.replay.position(rev.trick, [p.seat for p in plays].index(rev.seat))


def test_the_plan_asks_the_substitutions_and_the_first_decisions_in_one_round() -> None:
    rounds: list[list[Question]] = []
    solver = DdsSolver()
    auto = rule_automatic(boards()[0])
    assert drive(plan(auto), _recording(solver, rounds)) == build(auto, solver)
    first = rounds[0]
    # one question values every substitution at once, at the position before the revoke
    assert first[0] == CardValues(_before_revoke(auto, 0), auto.replay.declarer_side)
    # the table line's natural card and every likely playout's first decision wait for
    # no other answer: their samples come in the same round
    assert sum(isinstance(q, CardValues) for q in first) > 1
    asked = sum(len(r) for r in rounds)
    # questions go to the solver in batches, not one by one: on this board about nine a
    # round (303 questions in 33 rounds since issue 40; 735 in 45 before, when the lines
    # also branched on North's 3% ♠7 at trick 11)
    assert len(rounds) < asked / 5


def test_independent_revokes_are_asked_about_together() -> None:
    rounds: list[list[Question]] = []
    auto = rule_automatic(boards()[2])
    lines = drive(plan(auto), _recording(DdsSolver(), rounds))
    assert len(lines) == 2
    first = rounds[0]
    for k in (0, 1):  # both revokes' substitutions in the first round
        assert CardValues(_before_revoke(auto, k), auto.replay.declarer_side) in first


def test_line_kinds_and_departures_are_enums_with_their_json_values() -> None:
    (cf,) = build(rule_automatic(boards()[0]), DdsSolver())
    assert {ln.kind for ln in cf.lines} == {LineKind.SUBSTITUTION, LineKind.TABLE,
                                           LineKind.LIKELY}
    subs = [ln for ln in cf.lines if ln.kind is LineKind.SUBSTITUTION]
    assert subs and all(ln.left_record.at is Leaves.REVOKE for ln in subs)
    assert json.dumps(sorted({ln.kind for ln in cf.lines})) == (
        '["likely", "substitution", "table"]')


def test_batch_solves_every_position_once_and_rules_as_rule_does() -> None:
    one = boards()
    twice = one + [replace(b, index=b.index + 10) for b in one]
    record: list[list[tuple[Position, int]]] = []
    got = [untimed(json.loads(x))
           for x in rule_boards(twice, RulingOptions(), dds_solver(None, record))]
    sent = [(p, level) for chunk in record for p, level in chunk]
    assert len(sent) == len(set(sent))  # no request twice
    # a position goes again only to be solved for more than before (every card after
    # its best score or its best cards alone), never for as much or less
    levels: dict[Position, int] = {}
    for p, level in sent:
        assert level > levels.get(p, 0)
        levels[p] = level
    assert all(len(chunk) <= MAX_BOARDS for chunk in record)
    for a, b in zip(got[:3], got[3:], strict=True):
        assert {**a, "key": None} == {**b, "key": None}


def test_chunks_merge_requests_keep_a_board_together_and_never_repeat() -> None:
    p = [Position(((1 << 2) << (16 * k), 0, 0, 0), Strain.NT, Seat.N) for k in range(4)]
    groups = [[(p[0], False), (p[1], False)], [(p[1], True), (p[2], False)],
              [(p[3], False)] * 3]
    assert list(_chunks(groups)) == [[(p[0], False), (p[1], True), (p[2], False),
                                      (p[3], False)]]
    big = [[(Position((i, 0, 0, 0), Strain.NT, Seat.N), False) for i in range(g, g + 150)]
           for g in (0, 1000)]
    assert [len(c) for c in _chunks(big)] == [150, 150]


def test_a_question_for_a_side_is_answered_for_that_side() -> None:
    auto = rule_automatic(boards()[0])
    asked: list[Question] = []

    def reply(questions: list[Question]) -> list[Reply]:
        asked.extend(questions)
        return answer(DdsSolver(), questions)

    drive(plan(auto), reply)
    assert {q.side for q in asked} <= {Side.NS, Side.EW}


def test_a_bad_position_fails_its_board_in_batch_with_the_words_rule_uses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import equity.app.batch.rounds as rounds
    from equity.core.game.cards import Card
    from equity.dd.checks import SolveError
    from equity.dd.solve import solve_positions

    good = Position(((1 << 14), (1 << 13), (1 << 12), (1 << 11)), Strain.NT, Seat.N)
    bad = Position(((1 << 14), 0, (1 << 12), (1 << 11)), Strain.NT, Seat.N,
                   (Card.parse("S2"),))

    def bad_plan(*_: object) -> Plan[tuple[()]]:
        yield [Tricks((good, bad), Side.NS)]
        return ()

    monkeypatch.setattr(rounds, "plan", bad_plan)
    with pytest.raises(SolveError) as rule_error:
        solve_positions([good, bad], Side.NS)
    (line,) = rule_boards(boards()[:1], RulingOptions(), dds_solver(None))
    assert json.loads(line)["error"] == f"Law 64C check: {rule_error.value}"
