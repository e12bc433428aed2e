"""The page at 390 x 844 as a Director first sees it (issue 48), in Debian's Chromium:
the header names revokes and claims, the hand record and the Example are on the first
screen, every label is whole, the board list stays reachable once a board is loaded, and
a file that cannot be read is said at the field, in view, with the old deal cleared."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from benchmarks.speed.table_taps import RECORD
from tests.workbench import phone_page

CUT = """() => [...document.querySelectorAll('button, label, summary, .pick-label, h2, .q')]
  .filter((e) => e.offsetParent !== null && e.getClientRects().length
    && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
    && getComputedStyle(e).overflow !== 'visible')
  .map((e) => e.textContent.trim())"""
"""The labels a reader sees cut: more text than their box shows (clipped)."""

CLIPPED = """() => [...document.querySelectorAll('button')]
  .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
  .map((e) => e.textContent.trim())"""
"""Buttons whose text is wider than the button."""


@pytest.fixture
def page(browser: Any, server: Any) -> Iterator[Any]:
    """A fresh phone page on the workbench (:func:`tests.workbench.phone_page`)."""
    with phone_page(browser, server) as p:
        yield p


def in_view(page: Any, selector: str) -> bool:
    return bool(page.evaluate("""(sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }""", selector))


def test_the_first_screen_names_revokes_and_claims_and_offers_the_record(page: Any) -> None:
    assert "claims (Laws 68-71)" in page.locator("header").inner_text()
    assert "revokes (Laws 61-64)" in page.locator("header").inner_text()
    assert in_view(page, "#example") and in_view(page, "#file")


def test_every_label_is_whole_at_390_px(page: Any) -> None:
    page.set_input_files("#file", str(RECORD))
    page.locator('[data-board="1"]').tap()
    page.locator('[data-declarer="E"]').tap()
    page.locator('[data-rv-seat="N"]').tap()
    page.locator('[data-end="claim"]').tap()
    page.locator("#director-options").evaluate("d => d.open = true")
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate(CUT) == []
    labels = [t.strip() for t in page.locator("#options label").all_inner_texts()]
    assert "Ui" not in labels and "Ai" not in labels


def test_the_board_list_stays_reachable_after_a_board_is_loaded(page: Any) -> None:
    page.set_input_files("#file", str(RECORD))
    page.locator('[data-board="7"]').tap()
    page.wait_for_function("() => document.querySelector('[data-deal-said]') !== null")
    page.evaluate("window.scrollTo(0, 0)")
    assert in_view(page, '[data-board="16"]')
    page.reload()  # kept on the device: the boards are there again, no file chosen
    page.locator('[data-board="16"]').wait_for()


def test_a_file_that_cannot_be_read_is_said_at_the_field_and_clears_the_old_deal(
        page: Any) -> None:
    page.set_input_files("#file", str(RECORD))
    page.locator('[data-board="1"]').tap()
    page.wait_for_function("() => document.querySelector('[data-deal-said]') !== null")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.set_input_files("#file", files=[{"name": "bad.pbn", "mimeType": "text/plain",
                                          "buffer": b"not a hand record\n"}])
    box = '[data-error-for="file"]'
    page.wait_for_function(f"() => document.querySelector('{box}').textContent !== ''")
    assert "not a PBN file" in page.locator(box).inner_text()
    assert in_view(page, box)
    assert page.locator("#deal-diagram").is_hidden()
