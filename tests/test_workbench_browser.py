"""The workbench in a real browser (headless Chromium from Debian, driven by Playwright),
on a phone (375 px) and a desktop viewport: load a hand record, enter seed 001's play by
tapping the cards (the revoke included), set when attention was drawn, read the ruling
(3NT by East making 10), change a weight, download the case as PBN and check that
``equity rule`` reads it back to the same ruling. A screenshot of each viewport goes to
``docs/``. Skipped when Chromium or Playwright is missing."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from equity.app.cli import main
from equity.core.board import Board
from equity.core.position import Position
from equity.formats import read_boards
from tests.test_serve import Server

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed", allow_module_level=True)

ROOT = Path(__file__).parents[1]
CASES = ROOT / "tests" / "cases"
SEED_001 = CASES / "001_3nt_east_diamond_discard.pbn"
DOCS = ROOT / "docs"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]
VIEWPORTS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 900}}


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


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server("--time-limit", "120")
    yield s
    assert "Traceback" not in s.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        except Exception as e:  # the browser cannot start here
            pytest.skip(f"Chromium does not start: {e}")
        yield b
        b.close()


def press(page: Any, selector: str, phone: bool) -> None:
    """A tap on the phone, a click on the desktop."""
    if phone:
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


def _score(page: Any) -> str:
    text: str = page.locator("[data-score]").first.inner_text()
    return text


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_enter_seed_001_by_tapping(viewport: str, server: Server, browser: Any,
                                   tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    phone = viewport == "phone"
    context = browser.new_context(viewport=VIEWPORTS[viewport], has_touch=phone,
                                  is_mobile=phone, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    # 1. the hand record (deals only) and the board
    page.set_input_files("#file", str(deals_only(tmp_path)))
    page.wait_for_function("document.querySelectorAll('#board option').length === 1")
    # 2. the contract
    page.select_option("#level", "3")
    page.select_option("#strain", "NT")
    page.select_option("#declarer", "E")
    # 3. the play, card by card as it was played (North's ♣2 on trick 5 is the revoke)
    for card in play_order(seed_001()):
        button = page.locator(f'button[data-card="{card}"]')
        if phone:
            button.tap()
        else:
            button.click()
    page.wait_for_function("document.getElementById('turn').textContent === 'Play complete.'")
    assert page.locator("#tricks tbody tr").count() == 13
    assert page.locator("#tricks td.revoke").inner_text() == "♣2"
    # 4. the facts: attention drawn after the hands were returned
    page.select_option("#attention", "returned")
    # 5. the ruling
    page.wait_for_function("(document.querySelector('[data-score]') || {}).textContent"
                           " === '3NT by E +1 (-430)'")
    assert "Law 61A" in page.locator("#ruling").inner_text()
    assert "Law 64C" in page.locator("#ruling").inner_text()
    # 6. change a weight: all on the table line; both lines give 10 tricks, so the
    # score stands and the substitution line's weight goes to 0
    weight = page.locator('input[data-weight="1:table"]')
    weight.fill("100")
    weight.dispatch_event("change")
    page.wait_for_function("document.querySelector('input[data-weight=\"1:DT\"]')"
                           " && document.querySelector('input[data-weight=\"1:DT\"]')"
                           ".value === '0'")
    assert _score(page) == "3NT by E +1 (-430)"
    # 7. the case as PBN, read back by equity rule
    with page.expect_download() as info:
        press(page, "#download-pbn", phone)
    case = tmp_path / "case.pbn"
    info.value.save_as(str(case))
    assert '[EquityAttention "returned"]' in case.read_text()
    assert main(["rule", str(case), "--json", "--weight", "1:table=1"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert cli["ruling"]["basis"] == "64C" and cli["ruling"]["declarer_tricks"] == 10
    assert cli["ruling"]["scorer"] == _score(page)
    # and the report
    with page.expect_download() as info:
        press(page, "#download-report", phone)
    report = tmp_path / "ruling.html"
    info.value.save_as(str(report))
    assert "10 tricks" in report.read_text()
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / f"workbench-{viewport}.png"), full_page=True)
    # the phone layout: nothing wider than the screen, buttons big enough for a thumb
    if phone:
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        small = page.evaluate("""[...document.querySelectorAll('button:not(.played)')]
            .filter(b => b.offsetParent && b.getBoundingClientRect().height < 40).length""")
        assert small == 0
    assert not errors
    context.close()


def test_a_weight_changes_the_equity_in_the_page(server: Server, browser: Any) -> None:
    """A full PBN (Poznan 2011, play included): all the weight on revoke 1's ♣9 line
    takes its equity from 10.67 to 11.00 tricks."""
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(server.url + "/")
    page.set_input_files("#file", str(CASES / "003_poznan_2011.pbn"))
    page.click("#rule")
    equity = page.locator('[data-equity="1"]')
    equity.wait_for()
    assert "10.67" in equity.inner_text()
    weight = page.locator('input[data-weight="1:C9"]').first
    weight.fill("100")
    weight.dispatch_event("change")
    page.wait_for_function("(document.querySelector('[data-equity=\"1\"]') || {})"
                           ".textContent.includes('11.00')")
    assert re.search(r"4S by S", _score(page))
    context.close()


def test_errors_show_next_to_their_field(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(server.url + "/")
    page.click("#example")
    page.wait_for_function("document.querySelectorAll('#board option').length >= 1")
    page.fill("#requirements", "1 X lead")
    page.dispatch_event("#requirements", "change")
    box = page.locator('[data-error-for="requirements"]')
    page.wait_for_function(
        "document.querySelector('[data-error-for=\"requirements\"]').textContent !== ''")
    assert "requirement" in box.inner_text()
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
