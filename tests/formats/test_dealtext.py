"""A deal typed or pasted on the workbench (equity.formats.dealtext): a PBN deal string,
or one line per seat in any order, the fourth hand completed; errors name the seat."""

from __future__ import annotations

import pytest

from equity.formats.dealtext import DealTextError, parse_deal_text
from tests.builders import DEAL_001


@pytest.mark.parametrize("text", [
    DEAL_001,
    f'[Deal "{DEAL_001}"]',
    "E:962.Q8.AKQJ96.A7 JT8.AK9752..T986 AQ53.T43.872.KJ5 K74.J6.T543.Q432",
    DEAL_001.rsplit(" ", 1)[0] + " -",
    "N: K74.J6.T543.Q432\nE: 962.Q8.AKQJ96.A7\nS: JT8.AK9752..T986\nW: AQ53.T43.872.KJ5",
    "west AQ53 T43 872 KJ5\nSouth: JT8 AK9752 - T986\nnorth K74.J6.T543.Q432",
])
def test_a_pbn_string_or_seat_lines_in_any_order_give_the_deal(text: str) -> None:
    assert parse_deal_text(text).to_pbn() == DEAL_001


@pytest.mark.parametrize(("text", "said"), [
    ("N: K74.J6.T543.Q43", "North's hand has 12 cards, not 13"),
    ("N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7 JT8.AK9752..T986 AQ53.T43.872.KJ4",
     "C4 dealt to both North and West"),
    ("N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7", "four hands"),
    ("N: K74.J6.T543.Q432\nE: 962.Q8.AKQJ96.A7", "South, West missing"),
    ("N: K74.J6.T543.Q432\nN: 962.Q8.AKQJ96.A7", "North's hand is given twice"),
    ("N: K74 J6 T543", "North's hand: four suits"),
    ("hello", "line 1: start with the seat"),
    ("", "type or paste the deal"),
])
def test_a_deal_that_cannot_be_read_says_where(text: str, said: str) -> None:
    with pytest.raises(DealTextError, match=said):
        parse_deal_text(text)
