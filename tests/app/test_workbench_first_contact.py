"""The workbench's rough edges at first contact (issue 33), on a phone viewport in
Debian's Chromium driven by Playwright: an error after "Rule" is said next to the button
and its field is shown; "Clear" asks and Undo brings the play back; a typed deal is
confirmed at once as a diagram; the quitted rows' seat tabs show in rows mode only, with
the note naming the row being entered; no requirement looks given when none is."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.builders import DEAL_001
from tests.workbench import phone_page

PHONE = {"width": 390, "height": 844}
"""The phone of tests.workbench.phone_page."""


@pytest.fixture
def page(browser: Any, server: Any) -> Iterator[Any]:
    """A fresh phone page on the workbench (:func:`tests.workbench.phone_page`)."""
    with phone_page(browser, server) as p:
        yield p


def example(page: Any) -> None:
    """The bundled example: seed 001's deal, contract and all 52 cards."""
    page.locator("#deal-mode-file").tap()
    page.locator("#example").tap()
    page.wait_for_function("document.getElementById('turn').textContent === 'Play complete.'")


def in_view(page: Any, selector: str) -> bool:
    return bool(page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
                  return r.bottom > 0 && r.top < window.innerHeight && r.height > 0; }""",
        selector))


def test_an_error_after_rule_is_said_by_the_button_and_its_field_shown(page: Any) -> None:
    example(page)
    page.evaluate("document.getElementById('director-options').open = true")
    page.fill("#opt-weights", "T=0.5")
    page.dispatch_event("#opt-weights", "change")
    page.locator("#rule").scroll_into_view_if_needed()
    page.locator("#rule").tap()
    page.wait_for_function("document.getElementById('rule-error').textContent !== ''")
    said = page.locator("#rule-error").inner_text()
    assert said.startswith("Not ruled. Your weights for the lines: 'T' is not a line's name")
    assert "--weight" not in said and "not a suit" not in said
    assert in_view(page, "#opt-weights")  # the field at fault is on the screen
    field = page.locator('[data-error-for="weights"]').inner_text()
    assert "'T' is not a line's name" in field
    # the rule button's message goes when the case changes
    page.fill("#opt-weights", "")
    page.dispatch_event("#opt-weights", "change")
    assert page.locator("#rule-error").inner_text() == ""


def test_clear_asks_and_undo_brings_the_play_back(page: Any) -> None:
    example(page)
    rows = page.locator("#tricks tbody tr")
    assert rows.count() == 13
    page.locator("#clear").tap()
    assert page.locator("#clear-confirm").is_visible()
    assert "Clear all 52 cards of the play?" in page.locator("#clear-ask").inner_text()
    page.locator("#clear-no").tap()
    assert not page.locator("#clear-confirm").is_visible() and rows.count() == 13
    page.locator("#clear").tap()
    page.locator("#clear-yes").tap()
    page.wait_for_function("document.querySelectorAll('#tricks tbody tr').length === 0")
    page.locator("#undo").tap()
    page.wait_for_function("document.getElementById('turn').textContent === 'Play complete.'")
    assert rows.count() == 13
    assert page.locator("#tricks td.revoke").inner_text() == "♣2"


def test_a_typed_deal_is_confirmed_as_a_diagram(page: Any) -> None:
    assert not page.locator("#deal-diagram").is_visible()
    page.fill("#number", "1")
    page.fill("#deal-text", DEAL_001)
    page.locator("#deal-use").tap()
    page.wait_for_selector("[data-deal-said]")
    assert page.locator("[data-deal-said]").inner_text() == (
        "Deal read for board 1: 52 cards, 13 a hand.")
    north = page.locator('[data-diagram-seat="N"]').inner_text()
    assert "North" in north and "K 7 4" in north and "T 5 4 3" in north
    east_diamonds = page.locator('[data-diagram-seat="E"] [data-diagram-suit="D"]').inner_text()
    assert east_diamonds.endswith("A K Q J 9 6")
    assert page.locator('[data-diagram-seat="S"] [data-diagram-suit="D"]').inner_text() \
        .endswith("—")
    assert in_view(page, "#deal-diagram")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_rows_tabs_show_in_rows_mode_only_and_the_note_names_the_row(page: Any) -> None:
    page.fill("#deal-text", DEAL_001)
    page.locator("#deal-use").tap()
    page.wait_for_selector("[data-deal-said]")
    for choice in ('[data-level="3"]', '[data-strain="NT"]', '[data-declarer="E"]'):
        page.locator(choice).tap()
    assert not page.locator("#row-seats").is_visible()  # trick by trick: no seat tabs
    page.locator("#mode-rows").tap()
    assert page.locator("#row-seats").is_visible()
    page.locator('[data-row-seat="N"]').tap()
    page.locator('#hand-N button[data-card="HJ"]').tap()
    page.wait_for_function("document.getElementById('turn').textContent.startsWith('Entering')")
    assert page.locator("#turn").inner_text() == "Entering North's row: 1 of 13 cards."
    page.locator("#mode-tricks").tap()
    assert not page.locator("#row-seats").is_visible()


def test_no_requirement_looks_given_when_none_is(page: Any) -> None:
    example(page)
    assert page.locator("[data-req-none]").inner_text() == "None given."
    kind = page.locator('#req-kind [data-kind="penalty"]')
    background = kind.evaluate("b => getComputedStyle(b).backgroundColor")
    rule = page.locator("#rule").evaluate("b => getComputedStyle(b).backgroundColor")
    assert background != rule  # a choice of what to add, not a fact given
