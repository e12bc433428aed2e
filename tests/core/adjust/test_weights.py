"""A weighted score as a Director announces it (equity.core.adjust.weights): a few
potential results, those under the share it announces (10 %) dropped, the weights in
whole 5 % steps summing to 100 %, the score computed from them."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from equity.app.cli import main
from equity.core.adjust.line import (
    LIKELY,
    TABLE,
    Counterfactual,
    Departure,
    Leaves,
    Line,
    LineKind,
)
from equity.core.adjust.weights import (
    GRID,
    Policy,
    Thresholds,
    Weights,
    announce_result,
    announced,
    director_weights,
    line_weights,
    on_grid,
    only_probable,
)
from equity.core.game import Card, Side

S2 = Card.parse("S2")


def line(kind: LineKind, tricks: int, frequency: float = 1.0, followed: float = 0.0,
         name: str = "") -> Line:
    return Line(kind, 0, S2, (S2,), (), Departure(Leaves.REVOKE), tricks, 0,
                frequency=frequency, followed=followed, name=name or kind.value)


def on_the_grid(w: float) -> bool:
    return abs(w / GRID - round(w / GRID)) < 1e-9


def test_results_under_the_probable_share_are_dropped_not_faded() -> None:
    """12 % of 11 tricks (under 1/6) is dropped outright, the rest scaled up; before
    issue 40 a result between half the floor and the floor kept part of its weight."""
    lines = [line(LIKELY, 10, 0.88), line(LIKELY, 11, 0.12)]
    assert only_probable(lines, [0.88, 0.12], [None, None], 1 / 6) == pytest.approx(
        (1.0, 0.0))
    # at the floor a result stays whole
    assert only_probable(lines, [0.8, 0.2], [None, None], 1 / 6) == pytest.approx((0.8, 0.2))


def test_when_no_result_reaches_the_share_the_most_probable_stays() -> None:
    lines = [line(LIKELY, t, f) for t, f in ((8, 0.15), (9, 0.16), (10, 0.14), (11, 0.13),
                                             (12, 0.14), (13, 0.14), (7, 0.14))]
    out = only_probable(lines, [ln.frequency for ln in lines], [None] * 7, 1 / 6)
    assert out == pytest.approx((0, 1.0, 0, 0, 0, 0, 0))


def test_the_directors_weights_are_kept_as_given() -> None:
    lines = [line(TABLE, 10, followed=1.0), line(LIKELY, 11, 0.5, name="likely")]
    got = director_weights(lines, Weights({"likely": 0.1}), 1, 1 / 6)
    assert got == pytest.approx((0.9, 0.05))  # 10 % of the group, below the share: kept


def test_weights_are_rounded_by_the_largest_remainder_ties_to_the_non_offenders() -> None:
    assert on_grid({10: 0.62, 9: 0.38}, 1) == pytest.approx({10: 0.6, 9: 0.4})
    assert on_grid({10: 0.333, 9: 0.333, 8: 0.334}, 1) == pytest.approx(
        {10: 0.35, 9: 0.3, 8: 0.35})  # 8 has the largest remainder; 10 beats 9 on the tie
    # the same tie when the non-offenders defend: the fewer tricks for declarer
    assert on_grid({10: 0.525, 9: 0.475}, -1) == pytest.approx({10: 0.5, 9: 0.5})
    assert on_grid({10: 0.525, 9: 0.475}, 1) == pytest.approx({10: 0.55, 9: 0.45})


def test_a_result_rounded_to_nought_is_dropped() -> None:
    assert announce_result(((11, 0.98), (10, 0.02)), 0.0, 1) == ((11, 1.0),)


@given(st.lists(st.floats(0.01, 1.0), min_size=1, max_size=7),
       st.sampled_from([1, -1]))
def test_the_announced_weights_are_whole_5_percent_steps_summing_to_100(
        weights: list[float], sign: int) -> None:
    lines = [line(LIKELY, 7 + i, w) for i, w in enumerate(weights)]
    shares = [w / sum(weights) for w in weights]
    out = announced(lines, shares, sign)
    assert sum(out) == pytest.approx(1.0)
    assert all(on_the_grid(w) for w in out)
    result = announce_result(tuple((ln.declarer_tricks, w) for ln, w in zip(
        lines, shares, strict=True)), 1 / 6, sign)
    assert sum(w for _, w in result) == pytest.approx(1.0)
    assert all(on_the_grid(w) and w > 0 for _, w in result)


def test_weighted_score_is_printed_on_a_5_percent_grid_and_scored_from_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The example with a Director's outcome weighted off the grid (0.33): JSON
    ``weighted`` is on the grid (35 % + 65 %), its ``score_ns`` is the weighted mean of
    the printed weights, and the text prints the same percentages."""
    args = ["rule", "--example", "--outcome", "11", "--weight", "outcome1=0.33", "--drop",
            "likely"]
    assert main([*args, "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)["ruling"]
    weighted = ruling["weighted"]
    assert sorted((c["declarer_tricks"], c["weight"]) for c in weighted) == [(10, 0.65), (11, 0.35)]
    assert all(on_the_grid(c["weight"]) for c in weighted)
    assert sum(c["weight"] for c in weighted) == pytest.approx(1.0)
    assert ruling["score_ns"] == pytest.approx(
        sum(c["weight"] * c["score_ns"] for c in weighted), abs=0.01)
    assert main(args) == 0
    text = " ".join(capsys.readouterr().out.split())
    for c in weighted:
        assert f"{c['weight']:.0%} of {c['declarer_tricks']} tricks" in text
    assert "off the 5% grid (outcome1=0.33) are kept as given" in text


def test_a_weighted_score_announces_a_fifteen_percent_result() -> None:
    """Issue 47: a panel announces 85/15 under Law 12C1(c). With the table line at
    86 % 10 tricks / 14 % 11 the score is 85 % of 10 + 15 % of 11 (the 1/6 'at all
    probable' share, the offenders' threshold of 12C2, would have dropped the 11)."""
    lines = [line(TABLE, 10, 0.86), line(TABLE, 11, 0.14)]
    got = line_weights(Counterfactual(0, "64C", (0,), (), Side.EW, tuple(lines), S2),
                       Policy.WEIGHTED, Weights(), -1)
    assert got == pytest.approx((0.85, 0.15))
    # under the announced share (10 %) a result is still dropped
    lines = [line(TABLE, 10, 0.93), line(TABLE, 11, 0.07)]
    got = line_weights(Counterfactual(0, "64C", (0,), (), Side.EW, tuple(lines), S2),
                       Policy.WEIGHTED, Weights(), -1)
    assert got == pytest.approx((1.0, 0.0))
    # the share is the Director's to set (--announce)
    got = line_weights(Counterfactual(0, "64C", (0,), (), Side.EW, tuple(lines), S2),
                       Policy.WEIGHTED, Weights(), -1, Thresholds(announce=0.05))
    assert got == pytest.approx((0.95, 0.05))
