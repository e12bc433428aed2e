"""The workbench's claim from the cards still held (issue 48, item 4), in Debian's
Chromium: a hand record's ``[EquityClaimPosition]`` fills the taps, and a suit's symbol
takes every card of it the player was dealt (and gives them back)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.builders import CLAIM_HELD as HELD
from tests.workbench import phone_page

RECORD = f"""[Event "x"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7 JT8.AK9752..T986 AQ53.T43.872.KJ5"]
[Declarer "E"]
[Contract "3NT"]
[Result "10"]
[EquityClaim "E: winners"]
[EquityClaimStatus "disputed"]
[EquityClaimPosition "{HELD}"]
""".encode()


@pytest.fixture
def page(browser: Any, server: Any) -> Iterator[Any]:
    with phone_page(browser, server) as p:
        yield p


def _on(page: Any, selector: str) -> list[str]:
    return list(page.eval_on_selector_all(
        selector, "bs => bs.filter((b) => b.classList.contains('on')).map((b) => "
                  "b.dataset.cpCard || b.dataset.cpLead || b.dataset.cpWon)"))


def test_a_hand_record_s_claim_position_fills_the_taps(page: Any) -> None:
    page.set_input_files("#file", files=[{"name": "claim.pbn", "mimeType": "text/plain",
                                          "buffer": RECORD}])
    page.locator('[data-cp-card="W SA"]').wait_for()
    assert _on(page, '[data-cp-card^="W "]') == ["W SA", "W SQ", "W S5", "W CK", "W CJ"]
    assert _on(page, "[data-cp-lead]") == ["S"] and _on(page, "[data-cp-won]") == ["3"]
    assert page.locator("#opt-claim_position").input_value() == HELD
    assert page.locator("#result").input_value() == "10"


def test_a_suit_symbol_takes_every_card_of_it_the_player_was_dealt(page: Any) -> None:
    page.set_input_files("#file", files=[{"name": "claim.pbn", "mimeType": "text/plain",
                                          "buffer": RECORD}])
    page.locator('[data-cp-card="W SA"]').wait_for()
    page.locator('[data-cp-suit="W S"]').tap()  # West was dealt ♠AQ53: all held now
    assert _on(page, '[data-cp-card^="W S"]') == ["W SA", "W SQ", "W S5", "W S3"]
    assert "W 6" in page.locator("#cp-said").inner_text()
    assert page.locator("#opt-claim_position").input_value() == ""  # hands of unequal size
    page.locator('[data-cp-suit="W S"]').tap()  # and tapped again: none of them
    assert _on(page, '[data-cp-card^="W S"]') == []
