"""What a batch output's revokes were settled by (equity.render.tally), read from the
JSON that ``equity rule --json`` writes."""

from __future__ import annotations

import pytest

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.render.jsonout import board_json
from equity.render.tally import revoke_law
from tests.builders import D2, EMPTY_POOL, board


@pytest.mark.parametrize("edition", ["2017", "2007", "1997"])
def test_a_revoke_with_no_trick_left_to_transfer_is_counted_under_64a(edition: str) -> None:
    """The second revoke of EMPTY_POOL is 64A2, but the first revoke's transfer took
    East-West's only trick: it is counted with the revokes that transferred nothing
    (64A), not with 64A2's one trick."""
    obj = board_json(rule_board(board(D2, "4S", "S", EMPTY_POOL, claim=12),
                                RulingOptions(equity=False, laws=edition)))
    first, second = obj["revokes"]
    assert (first["transfer"], revoke_law(first)) == (1, "64A2")
    assert second["laws"][-1] == "64A2" and second["transfer"] == 0
    assert revoke_law(second) == "64A"
