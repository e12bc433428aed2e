"""What the outcome tree does not foresee: the departures from double dummy a class's
tables make, mixed into the prediction of a table's result, within the possible totals."""

from __future__ import annotations

import pytest

from equity.core.game import ModelError
from equity.core.player import EXACT, Unforeseen, blend, departure, player_class


def flat(share: float, row: tuple[tuple[int, float], ...] = ((-1, 0.2), (0, 0.7), (1, 0.1))
         ) -> Unforeseen:
    return Unforeseen(share, (row,) * 13)


def test_departures_are_placed_on_double_dummy() -> None:
    assert departure(flat(0.3), 4, 9, 3, 12) == pytest.approx({8: 0.2, 9: 0.7, 10: 0.1})


def test_departures_beyond_the_possible_totals_are_dropped_and_the_rest_scaled() -> None:
    # declarer has won 9 with 4 tricks left and double dummy gives him all 4: 14 is impossible
    got = departure(flat(0.3), 9, 13, 9, 13)
    assert got == pytest.approx({12: 0.2 / 0.9, 13: 0.7 / 0.9})


def test_the_share_goes_to_the_departures_and_the_rest_to_the_tree() -> None:
    got = blend({9: 0.5, 10: 0.5}, flat(0.2), 4, 9, 3, 12)
    assert got == pytest.approx({8: 0.04, 9: 0.4 + 0.14, 10: 0.4 + 0.02})
    assert sum(got.values()) == pytest.approx(1.0)


def test_a_class_without_departures_keeps_the_tree() -> None:
    tree = {9: 0.25, 10: 0.75}
    assert blend(tree, None, 4, 9, 3, 12) == tree
    assert blend(tree, flat(0.0), 4, 9, 3, 12) == tree


def test_the_share_and_the_table_are_checked() -> None:
    with pytest.raises(ModelError, match="between 0 and 1"):
        flat(1.5)
    with pytest.raises(ModelError, match="0 to 12"):
        Unforeseen(0.2, (((0, 1.0),),) * 12)
    with pytest.raises(ModelError, match="sum to 1"):
        flat(0.2, ((0, 0.5),))


def test_the_fitted_table_classes_carry_departures_for_every_trick() -> None:
    for name in ("club", "expert"):
        u = player_class(name).unforeseen
        assert u is not None and 0.0 < u.share < 1.0 and len(u.departures) == 13
        assert all(sum(p for _, p in row) == pytest.approx(1.0) for row in u.departures)
        assert u.about
    # the robots never play a whole table in the records; the decision model alone is exact
    assert player_class("robot").unforeseen is None
    assert EXACT.unforeseen is None
