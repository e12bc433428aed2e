"""Shared test settings."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from tests.builders import (
    DATA,
    EXTERNAL,
    NO_DATA,
)

settings.register_profile("equity", deadline=None)
settings.load_profile("equity")
"""No Hypothesis deadline: an example that is slow on a busy machine is not a failure (a
test asserts behaviour, never a time); the fuzz tests keep a hang guard of their own."""


def in_ci() -> bool:
    """Whether the run is CI's (``CI`` set, as CI services and ``.ci/run`` set it)."""
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def pytest_report_header(config: pytest.Config) -> str:
    if EXTERNAL.is_dir():
        return f"real data: {DATA} (the real-data tests run)"
    return (f"real data: NOT FOUND at {DATA}: the tests on real deal files will be skipped "
            "(put the data folder beside the repository as ../shared/data)")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under CI a missing data folder fails the run: the real-data tests must run there."""
    if in_ci() and not EXTERNAL.is_dir():
        pytest.exit(f"CI: the real data folder is missing ({EXTERNAL}); the real-data "
                    "tests cannot be skipped in CI", returncode=1)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if any(why in str(getattr(r, "longrepr", ""))
                      for why in ("real data not found", "../shared/data absent"))]
    if skipped:
        terminalreporter.write_line(
            f"{len(skipped)} tests on real deal files skipped: {NO_DATA} {EXTERNAL}",
            yellow=True)


SHOTS_ENV = "EQUITY_SHOTS"
"""A folder to keep the browser tests' screenshots in (``tests/update_docs_images.py`` sets
it and copies the manual's pictures into ``docs/``); without it they go to a temporary
folder, so a test run never writes into the tree."""


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the browser tests put their screenshots (never the tracked tree)."""
    given = os.environ.get(SHOTS_ENV)
    if given:
        folder = Path(given)
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return tmp_path_factory.mktemp("shots")


@pytest.fixture
def external() -> Path:
    """The real-data folder; the test is skipped when it is absent."""
    if not EXTERNAL.is_dir():
        pytest.skip(f"{NO_DATA} {EXTERNAL}")
    return EXTERNAL


BROWSER_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    """The workbench in a real server process on loopback (the browser tests')."""
    from tests.workbench import Server

    s = Server("--time-limit", "120")
    yield s
    assert "Traceback" not in s.stop()


@pytest.fixture(scope="module")
def bench() -> Iterator[Any]:
    """``equity serve`` in a real process on loopback, for the API's hostile-input tests;
    it must never print a traceback."""
    from tests.workbench import Workbench

    s = Workbench("--time-limit", "60")
    yield s
    err = s.stop()
    assert "Traceback" not in err, err


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no browser download: ``executable_path``)."""
    from playwright import sync_api

    from tests.browsers import chromium

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=BROWSER_FLAGS)
        yield b
        b.close()
