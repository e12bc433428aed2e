"""The law at its edges (issue 11): Law 62D played out, 63A4 with 69A, unfinished play,
penalty cards decided in the kernel, several revokes under one rule, the policies at
their edges, and the wording of Law 62. Each test is named by the rule it checks.

Laws 64C tests use hand-made lines (no solver) so that the arithmetic is exact."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from equity.app.cli import main
from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.adjust.candidates import build
from equity.core.adjust.line import (
    LIKELY,
    SUBSTITUTION,
    TABLE,
    Counterfactual,
    Departure,
    Leaves,
    Line,
    LineKind,
)
from equity.core.adjust.ruling import Basis, compare, nos_gain
from equity.core.adjust.weights import Policy, Thresholds, Weights, line_weights
from equity.core.game.cards import Card, Seat, Side
from equity.core.game.facts import Attention, Facts, Requirement
from equity.core.game.replay import RevokeKind, replay
from equity.core.game.scoring import Event
from equity.core.law.correction import trick_twelve
from equity.core.law.laws import AutomaticRuling, rule
from equity.dd import DdsSolver
from tests.builders import (
    CASES,
    SEED001_DEAL,
    SEED001_PLAY,
    board,
    case_board,
    light_estimate,
    random_board,
    ruled,
)

TRICKS = Event("tricks")


# --- Law 62D: a corrected trick-12 revoke is played out --------------------------------


def test_62d1_corrected_trick_twelve_revoke_gives_the_corrected_count_not_the_tables() -> None:
    r = case_board("011_62d_trick12_revoke_corrected_62d2", 1)
    (v,) = r.revokes
    assert v.established and v.corrected and v.transfer == 0
    assert v.play_out is not None and v.play_out.declarer_tricks == 7
    assert r.table_tricks == 7 and r.after_transfer_tricks == 7 and not r.pending


def test_62d2_offenders_partner_plays_his_own_card_within_16c_not_the_non_offenders_choice(
        ) -> None:
    r = case_board("011_62d_trick12_revoke_corrected_62d2", 1)
    out = r.revokes[0].play_out
    assert out is not None
    (d2,) = [c for c in out.choices if c.law == "62D2"]
    assert d2.seat == Seat.E and d2.chooser == Side.EW
    assert dict(d2.options) == {Card.parse("SK"): 7, Card.parse("HJ"): 8}
    assert d2.chosen == Card.parse("SK")
    # every way the choices can go is kept, with its result
    assert {t for _, t in out.outcomes} == {7, 8}
    assert r.revokes[0].laws[-3:] == ["62D2", "16C2", "62D1"]


def test_62d_text_lists_only_trick_twelve_cards_as_withdrawable() -> None:
    r = case_board("000_64b6_revoke_on_trick_12")
    (v,) = r.revokes
    assert v.correction is not None
    assert all(s in (Seat.N, Seat.S) for s, _ in v.correction.non_offenders_may_withdraw)
    withdrawable = next(s.text for s in v.steps if s.law == "62C1")
    assert "♠J" not in withdrawable  # South's trick-13 card


def test_62d_play_out_needs_two_cards_in_every_hand() -> None:
    r = ruled(["D8 D2 ^R C5 DJ"])
    assert trick_twelve(r.revokes[0].revoke, r.replay, r.table) is None


def test_64b6_cited_when_a_trick_twelve_revoke_stands() -> None:
    r = case_board("011_62d_trick12_revoke_corrected_62d2", 2)
    (v,) = r.revokes
    assert v.stands and v.exemption == "64B6" and v.play_out is None
    late = replace(r.replay.board, facts=Facts(attention=Attention.ROUND))
    (w,) = rule(replay(late)).revokes
    assert w.exemption == "64B5" and w.laws[-1] == "64B6"


# --- Law 63A4 with Law 69A: see tests/core/law/test_laws.py; the options and tags ----------------


def test_claim_status_option_and_tag_reach_the_facts(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    src = (CASES / "011_63a4_agreed_claim_69a_timing.pbn").read_text()
    first = src.split("\n\n")[0].replace('[EquityAttention "end"]', '[EquityAttention "round"]')
    path = tmp_path / "claim.pbn"
    path.write_text(first + "\n")
    assert main(["rule", str(path), "--json", "--no-equity"]) == 0
    agreed = json.loads(capsys.readouterr().out)["revokes"][0]
    assert agreed["established"] and agreed["laws"][1] == "63A4"
    assert main(["rule", str(path), "--json", "--no-equity", "--claim-status", "disputed"]) == 0
    disputed = json.loads(capsys.readouterr().out)["revokes"][0]
    assert not disputed["established"] and disputed["laws"][-1] == "70"


# --- Unfinished play ----------------------------------------------------------------------


def test_no_64b1_while_tricks_remain_the_transfer_waits_for_the_end_of_play() -> None:
    r = ruled(["D8 D2 ^R C5 DJ", "C3 H2 C6 CA"])
    (v,) = r.revokes
    assert r.pending and v.stands and v.exemption is None and v.transfer == 0
    assert v.laws[-1] == "64A" and "end of play" in v.steps[-1].text


def test_unfinished_play_json_has_no_score_and_text_says_play_continues(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = str(CASES / "011_pending_play_continues.pbn")
    assert main(["rule", path, "--json"]) == 0
    for line in capsys.readouterr().out.splitlines():
        got = json.loads(line)
        assert got["pending"] and got["ruling"]["pending"]
        assert got["ruling"]["score_ns"] is None and "scorer" not in got["ruling"]
    assert main(["rule", path]) == 0
    text = capsys.readouterr().out
    assert "Play continues" in text and "Table result" not in text
    assert "After transfer" not in text and "Transfer:" not in text


# --- Penalty cards: decided in the kernel ------------------------------------------------------


def test_64b3_discard_of_another_suit_instead_of_the_penalty_card_is_a_penalty_revoke() -> None:
    # East's HQ is a major penalty card; hearts led, East discards a club
    r = ruled(["H8 H2 ^R C5 HJ"], requirements="1 E penalty HQ")
    (v,) = r.revokes
    assert v.revoke.kind is RevokeKind.PENALTY
    assert v.revoke.requirement == Requirement.parse("1 E penalty HQ")


def test_penalty_card_of_another_suit_does_not_excuse_a_failure_to_follow() -> None:
    # East holds the penalty card HQ but diamonds are led: the HQ cannot be played
    r = ruled(["D8 D2 ^R C5 DJ"], requirements="1 E penalty HQ")
    assert r.revokes[0].revoke.kind is RevokeKind.FOLLOW


# --- Several revokes, one rule -----------------------------------------------------------------


def _line(index: int, tricks: int, kind: LineKind = SUBSTITUTION, frequency: float = 1.0,
          followed: float = 0.0) -> Line:
    return Line(kind, index, Card.parse("S2"), (Card.parse("S2"),), (),
                Departure(Leaves.REVOKE), tricks, 0, frequency=frequency, followed=followed,
                name=kind.value)


def _cf(index: int, *tricks: int, standing: tuple[int, ...] = ()) -> Counterfactual:
    """The table line's outcomes with the given tricks, equally likely (its results'
    probabilities are the default weights), and a likely line of the first result
    beside them (a reference: it weighs nothing)."""
    n = len(tricks)
    lines = [_line(index, t, TABLE, frequency=1 / n) for t in tricks]
    lines.append(_line(index, tricks[0], LIKELY))
    return Counterfactual(index, "64C1", (index,), standing, Side.NS, tuple(lines))


def two_revokes() -> AutomaticRuling:
    """East revokes twice in different suits (tricks 1 and 2), declarer claims 9:
    table 9, one trick transferred for each (2007: agreeing establishes at once)."""
    r = ruled(["D8 D2 ^R C5 DJ", "H8 H2 ^R C6 HJ"], claim=9, laws="2007")
    assert [v.transfer for v in r.revokes] == [1, 1] and r.table_tricks == 9
    return r


@pytest.mark.parametrize("order", ["harmless first", "damaging first"])
def test_several_revokes_each_gets_the_better_of_its_transfer_and_its_own_damage(
        order: str) -> None:
    r = two_revokes()
    # P1: lines of revoke 1; P2: lines of revoke 2 (revoke 1 as played); the table: 9.
    # A harmless revoke changes nothing by itself; the damaging one costs three tricks.
    # (Before issue 11: 13 when the harmless one came first, 12 when it came after, its
    # transfer lost because the first revoke's lines replaced the whole result.)
    p1, p2 = (12, 12) if order == "harmless first" else (12, 9)
    ruling = compare(r, [_cf(0, p1), _cf(1, p2, standing=(0,))], event=TRICKS)
    # 9 + 1 (the harmless revoke's transfer) + 3 (the damaging one's own damage)
    assert ruling.basis is Basis.ADJUSTED and ruling.weighted == ((13, 1.0),)


def test_several_revokes_all_compensated_by_their_transfers_keep_64a() -> None:
    r = two_revokes()
    ruling = compare(r, [_cf(0, 10), _cf(1, 9, standing=(0,))], event=TRICKS)
    assert ruling.basis is Basis.TRANSFER and ruling.weighted == ((11, 1.0),)


def test_several_revokes_weighted_damage_added_back_gives_the_lines_exactly() -> None:
    r = two_revokes()
    # both damaging: the result is revoke 1's lines, as if neither revoke had happened
    ruling = compare(r, [_cf(0, 13, 12), _cf(1, 12, 10, standing=(0,))], event=TRICKS)
    assert ruling.weighted == ((13, 0.5), (12, 0.5))


# --- Policies at the edges -------------------------------------------------------------------


def test_favourable_thresholds_the_merged_results_cumulated_from_the_best() -> None:
    cf = _cf(0, 9, 10, 10, 8)
    # equal weights, 25% each: 10 has 50%, from the non-offenders' (declarer's) best
    nos = line_weights(cf, Policy.FAVOURABLE, Weights(), 1, Thresholds())
    assert [cf.lines[i].declarer_tricks for i, x in enumerate(nos) if x] == [10]
    # likely threshold 60%: 10 (50%) is not enough, 10 or better plus 9 is 75%: 9
    nos = line_weights(cf, Policy.FAVOURABLE, Weights(), 1, Thresholds(0.6, 0.1))
    assert [cf.lines[i].declarer_tricks for i, x in enumerate(nos) if x] == [9]


def test_favourable_never_falls_back_to_the_best_of_all_lines() -> None:
    # no single line reaches 1/3, but the results 10 (two lines) together do
    cf = _cf(0, 11, 10, 10, 8, 8, 8)
    nos = line_weights(cf, Policy.FAVOURABLE, Weights(), 1, Thresholds())
    assert [cf.lines[i].declarer_tricks for i, x in enumerate(nos) if x] == [10]


def test_12c1e_serious_error_splits_by_the_self_inflicted_part() -> None:
    b = board(SEED001_DEAL, "3NT", "E", SEED001_PLAY)
    opts = RulingOptions(serious_error=True, self_inflicted=1, policy=Policy.DD)
    r = rule_board(b, opts)
    res = r.side_results()
    assert res[Side.EW] == ((9, 1.0),)  # the non-offenders: 10 less the self-inflicted 1
    assert res[Side.NS] == ((10, 1.0),)  # the offenders: the adjusted score
    assert "12C1(e)" in [s.law for s in r.steps]
    # never below the Law 64A result (7)
    r = rule_board(b, replace(opts, self_inflicted=5))
    assert r.side_results()[Side.EW] == ((7, 1.0),)


def test_weighted_64c_score_with_components_below_64a_says_so() -> None:
    r = two_revokes()
    # the first revoke alone: 9 + 1 = 10 after its transfer; the lines give 13 or 9
    one = replace(r, revokes=r.revokes[:1])
    ruling = compare(one, [_cf(0, 13, 9)], event=TRICKS)
    assert ruling.basis is Basis.ADJUSTED
    assert any(s.law == "12C1(c)" and "below the Law 64A result" in s.text
               for s in ruling.steps)


def test_basis_values_are_the_json_strings() -> None:
    assert [b.value for b in Basis] == ["64A", "64C", "16C2", "16B", "none", "70", "69B",
                                        "71", "64+70", "64+69B", "64+71"]
    assert [k.value for k in RevokeKind] == ["follow", "lead", "penalty"]


# --- Wording (Law 62) ------------------------------------------------------------------------


def test_62b2_a_defenders_faced_card_goes_back_without_penalty() -> None:
    r = ruled(["D8 D2 ^R C5 DJ"], requirements="1 E faced")
    (v,) = r.revokes
    assert "62B2" in v.laws and "62B1" not in v.laws
    assert v.correction is not None and v.correction.penalty_card is None


def test_62c2_names_only_the_next_offender_in_rotation() -> None:
    # West leads, North follows, East revokes, South plays: no offender after a
    # non-offender in the trick, so 62C2 has no one to name
    r = ruled(["D8 D2 ^R C5 DJ"])
    assert "62C2" not in r.revokes[0].laws
    step = next(s for s in ruled(["H6 ^R D2 HA H9"]).revokes[0].steps if s.law == "62C2")
    assert step.text.startswith("if a non-offender does, South (declarer), the next offender")


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(list(Policy)))
def test_several_revokes_never_leave_the_non_offenders_below_64a(seed: int,
                                                                 policy: Policy) -> None:
    b, _ = random_board(random.Random(seed), inject=((3, 1), (7, 3)))
    a = rule(replay(b))
    cfs = build(a, DdsSolver(), light_estimate())
    r = compare(a, cfs, policy)
    if not cfs or cfs[0].non_offenders is None:
        return
    gain = nos_gain(a.replay.contract, r.vulnerability, r.event, cfs[0].non_offenders,
                    r.after_transfer, r.weighted)
    assert gain >= 0 and (gain > 0) == (r.basis is Basis.ADJUSTED)
