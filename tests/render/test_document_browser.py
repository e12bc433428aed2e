"""The committee document in a real browser: headless Chromium loads the HTML page from a
file, renders it (a screenshot on a desktop and on a 375px-wide phone), builds its DOM
(the four hands of the diagram are there) and lays it out so that the diagram and the
trick table fit the phone; `equity report --pdf` prints it.

Chromium is Debian's ``chromium`` package (``/usr/bin/chromium``). Without it the tests
are skipped on a workstation, but fail in CI (``CI`` set), where ``.ci/run`` installs it.
"""

from __future__ import annotations

import html
import re
import struct
import subprocess
from pathlib import Path

import pytest

from equity.app.cli import main
from equity.app.pipeline import rule_board
from equity.core.game.board import Board
from equity.formats import read_boards
from equity.render.html import render_html
from equity.render.pdf import chromium_command, print_pdf
from tests.browsers import chromium as find_chromium
from tests.builders import CASES

CASE = CASES / "001_3nt_east_diamond_discard.pbn"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def chromium() -> str:
    return find_chromium()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seed case 001 report as an HTML file."""
    board = next(b for b in read_boards(CASE) if isinstance(b, Board))
    path = tmp_path_factory.mktemp("report") / "report-001.html"
    path.write_text(render_html([rule_board(board)]), encoding="utf-8")
    return path


def run(chromium: str, tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    profile = tmp / "profile"
    profile.mkdir(exist_ok=True)
    done = subprocess.run(chromium_command(chromium, profile, *args), capture_output=True,
                          text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize(("width", "height"), [(1000, 2400), (375, 1600)])
def test_page_renders_to_a_screenshot(chromium: str, page: Path, tmp_path: Path,
                                      width: int, height: int) -> None:
    shot = tmp_path / f"shot-{width}.png"
    run(chromium, tmp_path, "--hide-scrollbars", f"--window-size={width},{height}",
        f"--screenshot={shot}", page.as_uri())
    assert png_size(shot) == (width, height)
    assert shot.stat().st_size > 20_000  # a rendered page, not a blank one


def test_dom_holds_the_four_hands(chromium: str, page: Path, tmp_path: Path) -> None:
    dom = run(chromium, tmp_path, "--dump-dom", page.as_uri()).stdout
    hands = re.findall(r'<div class="hand" data-seat="([NESW])"', dom)
    assert sorted(hands) == ["E", "N", "S", "W"]
    assert "K74" in dom and "AKQJ96" in dom  # North's spades, East's diamonds
    assert dom.count('class="revoke-trick"') == 1


def test_diagram_and_tricks_fit_a_phone(chromium: str, page: Path, tmp_path: Path) -> None:
    """Lay the page out in a 375px-wide frame and measure it. The probe page holds the
    report in an ``srcdoc`` frame (headless windows are at least 500px wide) and a
    measuring script (the report itself has none)."""
    probe = tmp_path / "probe.html"
    measure = ("window.addEventListener('load',()=>{const d=document.getElementById('f')"
               ".contentDocument;const w=s=>Math.ceil(d.querySelector(s)"
               ".getBoundingClientRect().right);document.body.dataset.widths=["
               "d.documentElement.clientWidth,d.documentElement.scrollWidth,"
               "w('.compass'),w('table.tricks'),w('table.lines')].join(' ')})")
    probe.write_text('<!DOCTYPE html><html><body style="margin:0"><iframe id="f" '
                     'style="width:375px;height:800px;border:0" srcdoc="'
                     + html.escape(page.read_text(encoding="utf-8"), quote=True)
                     + f'"></iframe><script>{measure}</script></body></html>',
                     encoding="utf-8")
    dom = run(chromium, tmp_path, "--hide-scrollbars", "--window-size=800,900",
              "--virtual-time-budget=3000",
              "--dump-dom", probe.as_uri()).stdout
    found = re.search(r'data-widths="([\d ]+)"', dom)
    assert found is not None, dom[-500:]
    viewport, page_w, compass, tricks, lines = (int(x) for x in found.group(1).split())
    assert viewport == 375
    assert page_w <= 375 and compass <= 375 and tricks <= 375 and lines <= 375


def test_report_prints_a_pdf(chromium: str, page: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "report.pdf"
    print_pdf(page, pdf)
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 5_000
    out = tmp_path / "cli.html"
    assert main(["report", str(CASE), "-o", str(out), "--pdf"]) == 0
    assert out.is_file() and out.with_suffix(".pdf").read_bytes()[:5] == b"%PDF-"
