"""At the table: the taps and keys a Director spends on a ruling, in Debian's Chromium at
390 x 844, from a deals-only hand record (figures in RESULTS.md).

``python -m benchmarks.speed.table_taps [--json]`` starts ``equity serve`` on a free port,
opens the page as a phone (Playwright driving ``/usr/bin/chromium``, never a downloaded
browser) and plays three scenarios on ``table_taps_record.pbn`` (16 boards, the deals
only), each in a fresh browser context (nothing kept from the one before):

- ``revoke-64a``: board 1, 3NT by East; South revoked with the ♥2 on trick 3, established,
  East won the trick, South's side won a later trick; declarer 10 tricks in all;
- ``revoke-equity``: board 1, 3NT by East; North revoked with the ♣2 on trick 5,
  established, East won the trick and North's side a later one; declarer 6 tricks: the
  screen from the deal alone asks for the play from trick 5 (its verdict is ``screen``),
  and the Director enters it from there only — who led trick 5, then the 36 cards of
  tricks 5 to 13 (seed 001's play), not the 16 before — and rules again (Law 64C);
- ``claim``: board 1, 3NT by East; after eight tricks (North-South have won 3) East
  claims the rest ("winners"), disputed, with South on lead: the Director taps the cards
  still held (a suit's symbol where a player still holds every card he was dealt in it),
  not the play (``[EquityClaimPosition]``).

Each prints the taps (a click on the page, choosing the file included), the keys typed,
the seconds from the first tap to the ruling on screen, and the ruling (its one
sentence); ``--json``: one object a scenario, ``{"scenario", "taps", "keys", "seconds",
"ruling"}`` (a public contract; ``result`` adds the ruling's JSON as the page received
it, ``request`` what the page asked; ``screen`` and ``screen_result`` the equity
screen's sentence and JSON, where a scenario rules twice).
``tests/app/test_table_taps.py`` checks the counts and that each ruling is what
``equity rule`` gives for the same facts.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.workbench import free_port, listening

RECORD = Path(__file__).with_name("table_taps_record.pbn")
PHONE: Any = {"width": 390, "height": 844}
CLAIM_HELD = {  # board 1 after the first eight tricks of seed 001's play
    "N": "SK S7 S4 CQ C4", "E": "S9 S6 S2 CA C7", "S": "SJ H9 H5 H2 CT",
    "W": "SA SQ S5 CK CJ"}

SCENARIOS = ("revoke-64a", "revoke-equity", "claim")
PLAY_FROM_5 = ("DJ S8 C5 C2 D9 ST S3 DT H6 H8 HA H4 HK HT C3 D6 H9 CJ C4 C7 H5 S5 CQ S2 H2 "
               "CK S7 CA SJ SA S4 S6 SQ SK S9 CT")
"""Seed 001's play of board 1 from trick 5 (East led it), in the order played."""


def chromium() -> str | None:
    """Debian's Chromium (never a downloaded one); None when it is not installed."""
    path = shutil.which("chromium")
    if path is None and os.access("/usr/bin/chromium", os.X_OK):
        path = "/usr/bin/chromium"
    return path


@contextmanager
def serving() -> Iterator[str]:
    """``equity serve`` on a free port, for the time of the block; its address."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "equity.app.cli", "serve", "--port",
                             str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        if not listening(proc, port, 60):
            raise RuntimeError("equity serve did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)


class Director:
    """The page, as a Director drives it: each tap and each key counted."""

    def __init__(self, page: Any) -> None:
        self.page, self.taps, self.keys = page, 0, 0
        self.started: float | None = None
        self.screen: tuple[str, Any] | None = None
        self.ruled: list[Any] = []
        self.asked: list[Any] = []
        page.on("response", self._response)
        page.on("request", self._request)

    def _request(self, request: Any) -> None:
        if request.url.endswith("/api/rule"):
            self.asked.append(request.post_data_json)

    def _response(self, response: Any) -> None:
        if response.url.endswith("/api/rule") and response.ok:
            self.ruled.append(response.json())

    def _first(self) -> None:
        if self.started is None:
            self.started = time.perf_counter()

    def tap(self, selector: str) -> None:
        self._first()
        self.page.locator(selector).first.click()
        self.taps += 1

    def choose_file(self, path: Path) -> None:
        """The hand record chosen: one tap (the phone's file picker)."""
        self._first()
        self.page.set_input_files("#file", str(path))
        self.taps += 1

    def ruling(self) -> tuple[str, float, Any]:
        """Tap Rule; the decision on screen, the seconds since the first tap, the JSON."""
        self.ruled.clear()
        self.asked.clear()
        self.tap("#rule")
        self.page.wait_for_function("() => document.querySelector('[data-decision]') "
                                    "&& !document.getElementById('ruling').classList"
                                    ".contains('stale') && document.querySelector("
                                    "'#status').textContent !== 'Ruling…'",
                                    timeout=120_000)
        assert self.started is not None
        seconds = time.perf_counter() - self.started
        text = self.page.locator("[data-decision]").first.inner_text()
        return text, seconds, self.ruled[-1] if self.ruled else None


def _board_and_contract(d: Director) -> None:
    d.choose_file(RECORD)
    d.tap('[data-board="1"]')
    d.tap('[data-level="3"]')
    d.tap('[data-strain="NT"]')
    d.tap('[data-declarer="E"]')


def _revoke(d: Director, seat: str, card: str, trick: int, won: str, later: str,
            tricks: int) -> None:
    d.tap(f'[data-rv-seat="{seat}"]')
    d.tap(f'[data-rv-card="{card}"]')
    d.tap(f'[data-rv-trick="{trick}"]')
    d.tap('[data-rv-state="established"]')
    d.tap(f'[data-rv-won="{won}"]')
    d.tap(f'[data-rv-later="{later}"]')
    d.tap(f'[data-rv-tricks="{tricks}"]')


def revoke_64a(d: Director) -> None:
    _board_and_contract(d)
    _revoke(d, "S", "H2", 3, "E", "yes", 10)


def revoke_equity(d: Director) -> None:
    _board_and_contract(d)
    _revoke(d, "N", "C2", 5, "E", "yes", 6)
    text, _, result = d.ruling()  # the screen: the play from trick 5 is needed
    d.screen = (text, result)
    d.tap('[data-enter-from="5"]')
    d.tap('[data-play-lead="E"]')
    for card in PLAY_FROM_5.split():
        d.tap(f'#hands [data-card="{card}"]')


def claim(d: Director) -> None:
    _board_and_contract(d)
    d.tap('[data-end="claim"]')
    d.tap('[data-claimer="E"]')
    for seat, held in CLAIM_HELD.items():
        cards = held.split()
        for suit in "SHDC":
            mine = [c for c in cards if c[0] == suit]
            dealt = d.page.locator(f'[data-cp-card^="{seat} {suit}"]').count()
            if len(mine) > 1 and len(mine) == dealt:  # he still holds all he was dealt
                d.tap(f'[data-cp-suit="{seat} {suit}"]')
            else:
                for card in mine:
                    d.tap(f'[data-cp-card="{seat} {card}"]')
    d.tap('[data-cp-lead="S"]')
    d.tap('[data-cp-won="3"]')
    d.tap('[data-claim-word="winners"]')
    d.tap('[data-status="disputed"]')


PLAYS: dict[str, Callable[[Director], None]] = {
    "revoke-64a": revoke_64a, "revoke-equity": revoke_equity, "claim": claim}


def run(names: tuple[str, ...] = SCENARIOS) -> list[dict[str, Any]]:
    """Each scenario played in a fresh phone context; its counts, time and ruling."""
    from playwright.sync_api import sync_playwright

    exe = chromium()
    if exe is None:
        raise RuntimeError("chromium is not installed (apt-get install chromium)")
    out = []
    with serving() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        try:
            for name in names:
                context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                              bypass_csp=True)
                page = context.new_page()
                page.set_default_timeout(60_000)
                page.goto(url + "/")
                page.locator("#opt-attention").wait_for(state="attached")
                d = Director(page)
                PLAYS[name](d)
                text, seconds, result = d.ruling()
                out.append({"scenario": name, "taps": d.taps, "keys": d.keys,
                            "seconds": round(seconds, 2), "ruling": text, "result": result,
                            "request": d.asked[-1] if d.asked else None,
                            **({"screen": d.screen[0], "screen_result": d.screen[1]}
                               if d.screen is not None else {})})
                context.close()
        finally:
            browser.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="one JSON object a scenario")
    ap.add_argument("--scenario", choices=SCENARIOS, action="append",
                    help="only this scenario (repeatable)")
    args = ap.parse_args(argv)
    for r in run(tuple(args.scenario or SCENARIOS)):
        if args.json:
            print(json.dumps(r, ensure_ascii=False), flush=True)
        else:
            print(f"{r['scenario']}: {r['taps']} taps, {r['keys']} keys, "
                  f"{r['seconds']:.1f} s: {r['ruling']}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
