"""Match points of a ruled table against the rest of its traveller (Law 12C1(c): each
component scored, then weighted; each side on its own result)."""

from __future__ import annotations

import pytest

from equity.core.game.traveller import (
    Traveller,
    TravellerError,
    TravellerLine,
    weighted_matchpoints,
)

FIELD = (-430, -400, -430, -450, 100, -400)


def test_one_component_is_an_ordinary_line() -> None:
    # -400 beats -430, -430, -450 (6) and ties -400 twice (2): 8 of 12; E-W the rest
    assert weighted_matchpoints([(1.0, -400)], [(1.0, -400)], FIELD, 12.0) == (8.0, 4.0)


def test_weighted_components_are_scored_then_weighted() -> None:
    ns, ew = weighted_matchpoints([(0.6, -430), (0.4, -400)], [(0.6, -430), (0.4, -400)],
                                  FIELD, 12.0)
    assert ns == pytest.approx(0.6 * 4 + 0.4 * 8)
    assert ns + ew == pytest.approx(12.0)


def test_a_split_score_gives_each_side_its_own_result() -> None:
    """Non-reciprocal: N-S (non-offenders) -400, E-W (offenders) charged with -50."""
    ns, ew = weighted_matchpoints([(1.0, -400)], [(1.0, -50)], FIELD, 12.0)
    assert ns == 8.0
    assert ew == 12.0 - 10.0  # -50 beats five of the six for N-S: E-W get 2
    assert ns + ew != 12.0


def test_the_scale_is_the_travellers_top() -> None:
    ns, ew = weighted_matchpoints([(1.0, -400)], [(1.0, -400)], FIELD, 6.0)
    assert (ns, ew) == (4.0, 2.0)


def test_alone_on_the_board_is_the_average() -> None:
    assert weighted_matchpoints([(1.0, 420)], [(1.0, 420)], (), 0.0) == (0.0, 0.0)
    assert weighted_matchpoints([(1.0, 420)], [(1.0, 420)], (), 4.0) == (2.0, 2.0)


def test_missing_board_and_pairs_are_named() -> None:
    t = Traveller((TravellerLine(3, "1", "2", 420), TravellerLine(3, "4", "5", 450)), "t.xml")
    with pytest.raises(TravellerError, match=r"has no board 4 \(it holds boards 3-3\)"):
        t.field(4)
    with pytest.raises(TravellerError, match=r"board 3 .* no line for N-S 9 v E-W 2 "
                                             r"\(its lines: 1-2, 4-5\)"):
        t.field(3, ("9", "2"))
    assert t.field(3, ("1", "2")) == (450,) and t.top(3, ("1", "2")) == 2.0
