"""Law 64C1 comparison, policies and the report fields (equity.core.adjust.ruling,
equity.render.text).

Rulings use real DDS (single positions, fast). Constructed boards:
* POLICIES_DIFFER: West discards ♣10 on South's heart lead holding ♥K2 (a random deal
  and play, fixed here): the lines give declarer 9 (♥K), 10 (♥2) and 10 (table line).
* LINES_WORSE_FOR_NOS: South (declarer) discards ♦2 on a heart holding ♠865; the lines
  give declarer 7 or 8, more than the 6 left after the transfer.
"""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.adjust.candidates import build
from equity.core.adjust.line import LIKELY, SUBSTITUTION, TABLE, Counterfactual
from equity.core.adjust.ruling import Ruling, compare, nos_gain, without_equity
from equity.core.adjust.weights import Policy, Thresholds, Weights, director_weights
from equity.core.game.board import Board
from equity.core.game.cards import ModelError, Side
from equity.core.game.replay import replay
from equity.core.law.laws import AutomaticRuling, rule
from equity.dd import DdsSolver
from equity.formats import read_boards
from equity.render.jsonout import equity_json, ruling_json
from equity.render.text import equity_text
from tests.builders import (
    BOTH_SIDES,
    CASES,
    D2,
    EBL_DEAL,
    EBL_PLAY,
    POLICIES_DIFFER,
    POLICIES_DIFFER_DEAL,
    POZNAN_DEAL,
    POZNAN_PLAY,
    SEED001_DEAL,
    SEED001_PLAY,
    board,
    light_estimate,
    random_board,
)

LINES_WORSE_DEAL = "N:AKT972..J76.AQJ3 J43.KQT73.4.KT87 865.964.KQ52.942 Q.AJ852.AT983.65"
LINES_WORSE_FOR_NOS = [
    "C6 CJ CK C9", "C5 CA CT C4", "DA D6 D4 DK", "H2 CQ H7 H9", "H8 SK HT H4",
    "SQ S7 S3 S5", "DT DJ H3 D5", "HJ S9 SJ ^R D2", "HA C3 HK H6", "D8 D7 S4 DQ",
    "H5 SA C7 C2", "D9 ST C8 S6", "D3 S2 HQ S8",
]


SEED001_CASE = CASES / "001_3nt_east_diamond_discard.pbn"


def seed001(policy: Policy = Policy.WEIGHTED, options: RulingOptions | None = None) -> Ruling:
    """Seed 001 as its case file records it (the seed's deal, its play as constructed)."""
    (b,) = [x for x in read_boards(SEED001_CASE) if isinstance(x, Board)]
    return rule_board(b, replace(options or RulingOptions(), policy=policy))


# --- Seed 001 --------------------------------------------------------------------------


@pytest.mark.parametrize("policy", list(Policy))
def test_seed001_3nt_east_64c_adjusted_to_ten_tricks(policy: Policy) -> None:
    r = seed001(policy)
    assert r.automatic.after_transfer_tricks == 7
    assert r.basis == "64C" and r.declarer_tricks == 10
    assert r.steps[-1].law == "64C"


def test_seed001_weighted_policy_merges_equal_lines_into_one_result() -> None:
    """Declarer's spade guess (finesse the queen or play the ace) is a close choice of
    the non-offenders: it goes their way (Law 84D), and every line left makes ten."""
    r = seed001()
    assert r.basis == "64C" and r.declarer_tricks == 10
    assert r.weighted == ((10, 1.0),) and r.equity_tricks == pytest.approx(10)


def test_64b5_revoke_found_after_the_round_gets_no_transfer_but_still_the_equity_check() -> None:
    r = seed001(Policy.DD, RulingOptions(attention="round"))
    assert r.automatic.revokes[0].exemption == "64B5"
    assert r.automatic.after_transfer_tricks == 6
    assert r.basis == "64C" and r.declarer_tricks == 10


# --- 64A enough, never below 64A ----------------------------------------------------------


@pytest.mark.parametrize("policy", list(Policy))
def test_64a_transfer_already_compensates_basis_64a(policy: Policy) -> None:
    r = rule_board(board(LINES_WORSE_DEAL, "4S", "S", LINES_WORSE_FOR_NOS),
                   RulingOptions(policy=policy))
    assert r.automatic.revokes[0].transfer == 1
    assert all(ln.declarer_tricks > 6 for ln, _ in r.lines)
    assert r.basis == "64A" and r.declarer_tricks == r.automatic.after_transfer_tricks == 6


def test_no_adjustment_leaves_non_offenders_below_the_64a_result() -> None:
    a = rule(replay(board(LINES_WORSE_DEAL, "4S", "S", LINES_WORSE_FOR_NOS)))
    cfs = build(a, DdsSolver())
    for policy in Policy:
        r = compare(a, cfs, policy)
        assert r.mean_tricks <= a.after_transfer_tricks  # NOS defend: fewer is better


# --- Policies ---------------------------------------------------------------------------


@functools.cache
def _policies_differ_lines() -> tuple[AutomaticRuling, tuple[Counterfactual, ...]]:
    a = rule(replay(board(POLICIES_DIFFER_DEAL, "4S", "S", POLICIES_DIFFER)))
    return a, build(a, DdsSolver())


def policies_differ(weights: Weights | None = None) -> dict[Policy, float]:
    a, cfs = _policies_differ_lines()
    return {p: compare(a, cfs, p, weights or Weights()).mean_tricks for p in Policy}


def test_dd_favourable_weighted_differ_on_constructed_case() -> None:
    # the table line (7 tricks: the non-offenders' own errors stand) at half weight, the
    # likely outcomes the other half
    got = policies_differ(Weights.parse(["table=0.5"]))
    assert got[Policy.DD] == 9  # the offender's best legal card: ♥K, double dummy
    # declarer's side are the non-offenders: favourable gives them the best likely result,
    # weighted the mean
    assert got[Policy.FAVOURABLE] > got[Policy.WEIGHTED]
    assert got[Policy.WEIGHTED] < got[Policy.DD]


def test_default_weights_are_the_table_lines_probabilities_of_results() -> None:
    # the record is random play: the table line keeps it in its situations until the
    # offender's held-back revoke card, which he would not choose there, then branches;
    # its outcomes' probabilities are the weights (Law 12C1(c)), whatever share of the
    # record it keeps; the likely lines from the revoke are a reference
    _, cfs = _policies_differ_lines()
    lines = cfs[0].lines  # the default proportions, before the score is announced
    weighed = list(zip(lines, director_weights(lines, Weights(), 1), strict=True))
    table = [(ln, w) for ln, w in weighed if ln.kind == TABLE]
    assert 0 < table[0][0].followed < 1
    assert sum(w for _, w in table) == pytest.approx(1.0)
    assert all(w == pytest.approx(ln.frequency) for ln, w in table)
    assert all(w == 0.0 for ln, w in weighed if ln.kind == LIKELY)


def test_director_weight_for_table_line_rest_in_the_default_proportions() -> None:
    a = rule(replay(board(POLICIES_DIFFER_DEAL, "4S", "S", POLICIES_DIFFER)))
    r = compare(a, build(a, DdsSolver()), Policy.WEIGHTED, Weights.parse(["table=0.6"]),
                thresholds=Thresholds(probable=0.0))
    table = [w for ln, w in r.lines if ln.kind == TABLE]
    likely = [(ln.frequency, w) for ln, w in r.lines if ln.kind == LIKELY]
    assert sum(table) == pytest.approx(0.6)
    assert sum(w for _, w in likely) == pytest.approx(0.4)  # the rest, by frequency
    assert all(w == pytest.approx(0.4 * f) for f, w in likely)
    assert all(w == 0 for ln, w in r.lines if ln.kind == SUBSTITUTION)


def test_director_weight_by_card_and_weights_over_one_rejected() -> None:
    a = rule(replay(board(POLICIES_DIFFER_DEAL, "4S", "S", POLICIES_DIFFER)))
    r = compare(a, build(a, DdsSolver()), Policy.WEIGHTED, Weights.parse(["1:HK=1"]))
    assert r.weighted == ((9, 1.0),) and r.declarer_tricks == 9
    with pytest.raises(ModelError):
        compare(a, build(a, DdsSolver()), Policy.WEIGHTED, Weights.parse(["HK=0.7", "table=0.7"]))
    with pytest.raises(ModelError):
        Weights.parse(["table"])


# --- Repeated revokes and both sides -------------------------------------------------------


@pytest.mark.parametrize("policy", [Policy.DD, Policy.FAVOURABLE])
def test_64c2a_ebl_course_5c_two_ruffs_three_down_eight_tricks(policy: Policy) -> None:
    # the default policy on the seed's own case file: tests/cases, test_cases.py
    r = rule_board(board(EBL_DEAL, "5C", "S", EBL_PLAY), RulingOptions(policy=policy))
    first, second = r.automatic.revokes
    assert (first.transfer, second.exemption) == (2, "64B2")
    assert r.automatic.after_transfer_tricks == 11
    assert r.basis == "64C" and r.adjusted_for == 1 and r.declarer_tricks == 8


@pytest.mark.parametrize("policy", list(Policy))
def test_64c2a_poznan_2011_4s_just_made_ten_tricks(policy: Policy) -> None:
    r = rule_board(board(POZNAN_DEAL, "4S", "S", POZNAN_PLAY, claim=12),
                   RulingOptions(policy=policy))
    assert r.automatic.after_transfer_tricks == 11
    assert r.basis == "64C" and r.declarer_tricks == 10
    assert [s.law for s in r.steps][2:4] == ["64C1", "64C2(a)"]


def test_64c2b_both_sides_revoked_adjusted_as_though_neither_had() -> None:
    r = rule_board(board(D2, "4S", "S", BOTH_SIDES, claim=10),
                   RulingOptions(policy=Policy.DD))
    assert [v.exemption for v in r.automatic.revokes] == ["64B7", "64B7"]
    assert r.basis == "64C" and "64C2(b)" in [s.law for s in r.steps]
    assert r.declarer_tricks == min(ln.declarer_tricks for ln, _ in r.lines
                                    if ln.kind == "substitution")


def test_no_standing_revoke_no_equity_check() -> None:
    r = rule_board(board(D2, "4S", "S", ["H8 H2 HA ^R S5"]))
    assert r.basis == "none" and r.assessments == () and r.equity_tricks is None


# --- Report ------------------------------------------------------------------------------


def test_json_adds_lines_equity_and_ruling_keeping_every_existing_field() -> None:
    r = rule_board(board(POLICIES_DIFFER_DEAL, "4S", "S", POLICIES_DIFFER))
    out = equity_json(r)
    assert set(ruling_json(r.automatic)) <= set(out)
    for line in out["lines"]:
        assert {"kind", "revoke", "card", "declarer_tricks", "weight", "cards",
                "left_record", "frequency", "departures", "own_errors", "name",
                "followed", "branches", "inferences"} <= set(line)
    assert {ln["kind"] for ln in out["lines"]} >= {"table", "likely", "substitution"}
    assert sum(ln["weight"] for ln in out["lines"]) == pytest.approx(1.0)
    ruling = out["ruling"]
    assert ruling["basis"] in ("64A", "64C", "none") and ruling["policy"] == "weighted"
    assert isinstance(ruling["sensitivity"], str) and "table line" in ruling["sensitivity"]
    assert sum(w["weight"] for w in ruling["weighted"]) == pytest.approx(1.0)


def test_text_shows_every_line_policy_decision_and_double_dummy_caveat() -> None:
    text = equity_text(seed001(Policy.DD))
    assert "policy dd" in text and "perfect play" in text
    assert "substitution ♦T" in text and "table line" in text and "likely" in text
    assert "Law 64C: adjusted score" in text and "Ruling (64C)" in text


def test_without_equity_keeps_the_64a_result() -> None:
    a = rule(replay(board(SEED001_DEAL, "3NT", "E", SEED001_PLAY)))
    r = without_equity(a)
    assert r.basis == "64A" and r.declarer_tricks == 7 and not r.solved


# --- Property: never below the 64A result (Law 12B2) ----------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 10), st.integers(1, 3),
       st.sampled_from(list(Policy)))
def test_64c_adjustment_never_leaves_non_offenders_below_64a_result(
        seed: int, trick: int, pos: int, policy: Policy) -> None:
    b, _ = random_board(random.Random(seed), inject=((trick, pos),))
    a = rule(replay(b))
    r = compare(a, build(a, DdsSolver(), light_estimate()), policy)
    after = a.after_transfer_tricks
    for assessment in r.assessments:
        nos = assessment.counterfactual.non_offenders
        if nos is None:
            continue
        # in the event's currency (total points here), which Law 64C compares: a weighted
        # score can be worth more in points with fewer tricks on average
        gain = nos_gain(a.replay.contract, r.vulnerability, r.event, nos, r.after_transfer,
                        r.weighted)
        assert gain >= 0
        if r.basis == "64C":
            assert gain > 0
    if r.basis != "64C":
        assert r.weighted == ((after, 1.0),)
    assert Side(a.replay.declarer_side) in (Side.NS, Side.EW)
