"""Shared test settings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from equity.app.options import RulingOptions
from equity.core.player.likely import Estimate

EXTERNAL = (Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "external").resolve()
"""Real bridge data kept beside the repository (see its SOURCES.md); never copied in."""


@pytest.fixture
def external() -> Path:
    """The real-data folder; the test is skipped when it is absent."""
    if not EXTERNAL.is_dir():
        pytest.skip(f"real data not found at {EXTERNAL}")
    return EXTERNAL


QUICK_ARGS = ("--samples", "8")
"""Options for tests of batch mechanics (resume, kill, errors, workers, clusters): a
decision model of eight layouts a decision at most. The estimate itself is tested in
tests/test_decision.py and tests/test_outcome_tree.py, batch against rule with the default
options on the seed cases in tests/test_batch.py."""


def quick() -> RulingOptions:
    """:data:`QUICK_ARGS` as ruling options."""
    return RulingOptions(samples=8)


def light_estimate() -> Estimate:
    """A small estimate for property tests over many random boards: eight layouts a
    decision at most (the properties hold whatever the estimate's size)."""
    return Estimate(samples=8)


TIMES = ("dds_seconds", "seconds")
"""The fields of a ruling's ``stats`` that are measured, not computed: they differ from
one run to the next, so comparisons of rulings leave them out."""


def untimed(obj: dict[str, Any]) -> dict[str, Any]:
    """A JSON ruling without the times in its ``stats`` (the counts stay)."""
    stats = obj.get("stats")
    if not isinstance(stats, dict):
        return obj
    return {**obj, "stats": {k: v for k, v in stats.items() if k not in TIMES}}


BROWSER_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    """The workbench in a real server process on loopback (the browser tests')."""
    from tests.test_serve import Server

    s = Server("--time-limit", "120")
    yield s
    assert "Traceback" not in s.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no browser download: ``executable_path``)."""
    from playwright import sync_api

    from tests.browsers import chromium

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=BROWSER_FLAGS)
        yield b
        b.close()
