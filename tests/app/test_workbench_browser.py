"""The workbench in a real browser (headless Chromium from Debian, driven by Playwright),
on a phone (375 px) and a desktop viewport: load a hand record, enter seed 001's play by
tapping the cards (the revoke included), set when attention was drawn, read the ruling
(3NT by East making 10), change a weight, download the case as PBN and check that
``equity rule`` reads it back to the same ruling. A screenshot of each viewport goes to
the ``shots`` folder (``tests/update_docs_images.py`` copies the manual's into ``docs/``).
Skipped on a workstation without Chromium or Playwright; in CI (``CI`` set) a missing one
fails (tests/browsers.py)."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from equity.app.cli import main
from equity.core.game.board import Board
from equity.core.game.position import Position
from equity.formats import read_boards
from tests.builders import CASES
from tests.workbench import VIEWPORTS, Server, new_page

try:
    from playwright import sync_api  # noqa: F401 -- its absence skips the module
except ImportError:
    if os.environ.get("CI"):
        raise  # CI installs the test extra, playwright included
    pytest.skip("playwright is not installed (pip install '.[test]')", allow_module_level=True)

SEED_001 = CASES / "001_3nt_east_diamond_discard.pbn"


def seed_001() -> Board:
    return next(b for b in read_boards(SEED_001) if isinstance(b, Board))


def play_order(board: Board) -> list[str]:
    """Seed 001's cards in the order they were played (the tapping order)."""
    assert board.play is not None and board.contract is not None
    position = Position(board.deal.hands, board.contract.strain, board.contract.opening_leader)
    out = []
    for trick in board.play.tricks:
        for _ in range(4):
            card = trick[position.to_play]
            assert card is not None
            out.append(str(card))
            position = position.play(card)
    return out


def deals_only(tmp: Path) -> Path:
    """Seed 001 as a dealing machine's hand record: the deal, no contract, no play."""
    text = SEED_001.read_text()
    keep = [line for line in text.split("[Play")[0].splitlines()
            if not line.startswith(("[Declarer", "[Contract", "[Result"))]
    path = tmp / "handrecord.pbn"
    path.write_text("\n".join(keep) + "\n")
    return path


def press(page: Any, selector: str, phone: bool) -> None:
    """A tap on the phone, a click on the desktop."""
    if phone:
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


def _score(page: Any) -> str:
    text: str = page.locator("[data-score]").first.inner_text()
    return text


def set_option(page: Any, name: str, value: str) -> None:
    """Type into an option of the generated form (in the folded "Director's options"),
    as the Director does."""
    page.evaluate("document.getElementById('director-options').open = true")
    page.fill(f"#opt-{name}", value)
    page.dispatch_event(f"#opt-{name}", "change")


def unfold(page: Any) -> None:
    """Open the ruling's details (lines, weights, sensitivity), folded under the decision."""
    page.evaluate("document.querySelectorAll('details.more').forEach(d => { d.open = true; })")


def set_weight(page: Any, key: str, percent: str) -> None:
    unfold(page)
    weight = page.locator(f'input[data-weight="{key}"]').first
    weight.fill(percent)
    weight.dispatch_event("change")


def download(page: Any, button: str, phone: bool, path: Path) -> str:
    """Press the button, then save the file from the link the page leaves (a tap: the
    browser may refuse the automatic download when the server took a while)."""
    page.evaluate("document.getElementById('saved').textContent = ''")
    press(page, button, phone)
    link = page.locator(f'#saved a[data-saved="{path.name}"]')
    link.wait_for()
    with page.expect_download() as info:
        press(page, f'#saved a[data-saved="{path.name}"]', phone)
    info.value.save_as(str(path))
    return path.read_text()


def rule_file(path: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> Any:
    """``equity rule PATH --json ARGV``: the board's JSON object."""
    capsys.readouterr()
    assert main(["rule", str(path), "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_page_runs_under_its_content_security_policy(server: Server,
                                                         browser: Any) -> None:
    """With the policy enforced the page builds its form, loads the bundled example and
    rules it (its script, style and requests are all the server's own), and nothing is
    refused."""
    context, page, errors = new_page(browser, "desktop", server, bypass_csp=False)
    try:
        assert page.locator("#opt-attention").count() == 1
        press(page, "#deal-mode-file", False)
        press(page, "#example", False)
        page.locator("#board option").first.wait_for(state="attached")
        press(page, "#rule", False)
        page.locator("[data-score]").first.wait_for()
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_enter_seed_001_by_tapping(viewport: str, server: Server, browser: Any,
                                   tmp_path: Path, shots: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    phone = viewport == "phone"
    context, page, errors = new_page(browser, viewport, server)
    started = time.monotonic()
    # 1. the hand record (deals only) and the board
    press(page, "#deal-mode-file", phone)
    page.set_input_files("#file", str(deals_only(tmp_path)))
    page.wait_for_function("document.querySelectorAll('#board option').length === 1")
    # 2. the contract
    for choice in ('[data-level="3"]', '[data-strain="NT"]', '[data-declarer="E"]'):
        press(page, choice, phone)
    # 3. the play, card by card as it was played (North's ♣2 on trick 5 is the revoke)
    for card in play_order(seed_001()):
        press(page, f'button[data-card="{card}"]', phone)
    page.wait_for_function("document.getElementById('turn').textContent === 'Play complete.'")
    assert page.locator("#tricks tbody tr").count() == 13
    assert page.locator("#tricks td.revoke").inner_text() == "♣2"
    # 4. the facts: attention drawn after the hands were returned
    press(page, '[data-attention="returned"]', phone)
    assert page.input_value("#opt-attention") == "returned"
    press(page, "#rule", phone)
    # 5. the ruling: 3NT by East making 10 (Law 64C restores the trick the revoke cost)
    page.wait_for_function("(document.querySelector('[data-score]') || {}).textContent"
                           " === '3NT by E +1 (-430)'")
    entered = time.monotonic() - started
    unfold(page)
    ruling = page.locator("#ruling").inner_text()
    assert "Law 61A" in ruling and "Law 64C" in ruling
    # the table line shows where it leaves the record, and why
    assert "recorded" in page.locator('[data-departures="1:table"]').first.inner_text()
    # 6. a weight: all of it on the table line (which leaves the record at trick 7, where
    # the rest is the likely outcomes from there, with their chances). The page's score
    # and sensitivity are the server's, the same as ``equity rule`` gives (below).
    set_weight(page, "1:table", "100")
    page.wait_for_function("(document.querySelector('input[data-weight=\"1:likely\"]') || {})"
                           ".value === '0'")
    sensitivity = page.locator("[data-sensitivity]").inner_text()
    assert page.input_value("#opt-weights") == "1:table=1"
    # 7. the case as PBN, read back by equity rule to the same ruling
    text = download(page, "#download-pbn", phone, tmp_path / "case.pbn")
    assert '[EquityAttention "returned"]' in text
    command = text.splitlines()[0]
    assert command == "% equity rule case.pbn --weight 1:table=1"
    cli = rule_file(tmp_path / "case.pbn", command.split()[4:], capsys)
    assert cli["ruling"]["basis"] == "64C"
    assert cli["ruling"]["scorer"] == _score(page)
    assert sensitivity == f"Sensitivity: {cli['ruling']['sensitivity']}"
    # and the report
    report = download(page, "#download-report", phone, tmp_path / "ruling.html")
    assert "10 tricks" in report and "3NT by East" in report
    page.screenshot(path=str(shots / f"workbench-{viewport}.png"), full_page=True)
    # the layout: nothing wider than the screen, every control big enough for a thumb
    width = VIEWPORTS[viewport]["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    small = page.evaluate("""[...document.querySelectorAll(
            'button:not(.played), select, input, textarea')]
        .filter(b => b.offsetParent && b.getBoundingClientRect().height < 40)
        .map(b => b.id || b.dataset.card || b.dataset.weight || b.tagName)""")
    assert small == [], small
    assert not errors
    print(f"{viewport}: seed 001 entered and ruled in {entered:.1f} s, last ruling "
          f"{page.get_attribute('#ruling', 'data-ms')} ms")
    context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_weight_changes_the_score(viewport: str, server: Server, browser: Any,
                                    tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A full PBN (Poznan 2011, play included), attention drawn after the round: revoke
    1's table line makes 10 tricks, its ♣9 substitution line 11; all the weight on the
    ♣9 line changes the score from 4S= to 4S+1, and the downloaded case with its command
    line gives ``equity rule`` the same.

    Since issue 12: the default weights follow the table line (substitution lines weigh
    0 unless the Director weights them), so it is a weight on a substitution card that
    moves the ruling away from the table line; and the test sets the quick estimate's
    options (samples 8) on the page's form, which also shows that the page sends them and
    that they go into the case's command line. (The score before the weight: 4S= for the
    table line's share, 4S+1 for the likely outcomes'.)"""
    phone = viewport == "phone"
    context, page, errors = new_page(browser, viewport, server)
    press(page, "#deal-mode-file", phone)
    page.set_input_files("#file", str(CASES / "003_poznan_2011.pbn"))
    page.wait_for_function("document.querySelectorAll('#board option').length === 1")
    set_option(page, "samples", "8")
    set_option(page, "attention", "round")
    press(page, "#rule", phone)
    page.wait_for_function("((document.querySelector('[data-score]') || {}).textContent"
                           " || '').includes('4S by S = (+420)')")
    unfold(page)
    assert page.locator('input[data-weight="1:C9"]').input_value() == "0"
    set_weight(page, "1:C9", "100")
    page.wait_for_function("(document.querySelector('[data-score]') || {}).textContent"
                           " === '4S by S +1 (+450)'")
    assert "11.00" in page.locator('[data-equity="1"]').inner_text()
    assert page.locator('input[data-weight="1:table"]').input_value() == "0"
    text = download(page, "#download-pbn", phone, tmp_path / "case.pbn")
    command = text.splitlines()[0].split()
    assert command[4:] == ["--weight", "1:C9=1", "--samples", "8"]
    cli = rule_file(tmp_path / "case.pbn", command[4:], capsys)
    assert cli["ruling"]["scorer"] == _score(page) == "4S by S +1 (+450)"
    assert re.search(r"\bEquityAttention\b", text)
    assert not errors
    context.close()


def test_errors_show_next_to_their_field(server: Server, browser: Any) -> None:
    context, page, _ = new_page(browser, "phone", server)
    press(page, "#deal-mode-file", True)
    press(page, "#example", True)
    page.wait_for_function("document.querySelectorAll('#board option').length >= 1")
    press(page, "#rule", True)
    page.wait_for_function("(document.querySelector('[data-score]') || {}).textContent")
    set_option(page, "requirements", "1 X lead")
    press(page, "#rule", True)
    page.wait_for_function(
        "document.querySelector('[data-error-for=\"requirements\"]').textContent !== ''")
    assert "1 X lead" in page.locator('[data-error-for="requirements"]').inner_text()
    set_option(page, "requirements", "")
    set_option(page, "likely", "2")
    press(page, "#rule", True)
    page.wait_for_function(
        "document.querySelector('[data-error-for=\"likely\"]').textContent !== ''"
        " || document.getElementById('general-error').textContent !== ''")
    # hostile tags are shown as text, never as markup
    hostile = ('[Event "<img src=x onerror=alert(1)>"]\n[Board "1"]\n'
               '[Deal "N:<script>alert(1)</script>"]\n')
    page.set_input_files("#file", files=[{"name": "bad.pbn", "mimeType": "text/plain",
                                          "buffer": hostile.encode()}])
    page.wait_for_function(
        "document.querySelector('[data-error-for=\"file\"]').textContent !== ''")
    assert page.locator("[data-error-for=file] script").count() == 0
    assert "<script>" in page.locator("[data-error-for=file]").inner_text()
    assert page.locator("img").count() == 0
    context.close()


def test_the_auction_typed_is_ruled_on_and_shown(server: Server, browser: Any) -> None:
    """Issue 30: the auction field goes with the case; the ruling shows each call read,
    and a call that cannot be is said next to the field."""
    context, page, errors = new_page(browser, "phone", server)
    try:
        press(page, "#deal-mode-file", True)
        press(page, "#example", True)
        page.wait_for_function("document.querySelectorAll('#board option').length >= 1")
        page.fill("#auction", "E 1NT 1C P P P")
        page.dispatch_event("#auction", "change")
        page.wait_for_function(
            "document.querySelector('[data-error-for=\"auction\"]').textContent !== ''")
        assert "not higher than 1NT" in page.locator(
            '[data-error-for="auction"]').inner_text()
        page.fill("#auction", "E 1NT P 3NT P P P")
        press(page, "#rule", True)
        page.locator("[data-auction]").first.wait_for()
        shown = page.locator("[data-auction]").first.inner_text()
        assert "E 1N P 3N P P P" not in shown and "1N P 3N P P P" in shown
        assert page.locator("[data-call-read]").count() == 2
        assert "East's 1N: 15-17 HCP" in shown
        assert page.locator('[data-error-for="auction"]').inner_text() == ""
        assert errors == []
    finally:
        context.close()
