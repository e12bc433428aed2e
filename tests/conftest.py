"""Shared test settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from equity.app.options import RulingOptions
from equity.core.likely import Estimate

EXTERNAL = (Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "external").resolve()
"""Real bridge data kept beside the repository (see its SOURCES.md); never copied in."""


@pytest.fixture
def external() -> Path:
    """The real-data folder; the test is skipped when it is absent."""
    if not EXTERNAL.is_dir():
        pytest.skip(f"real data not found at {EXTERNAL}")
    return EXTERNAL


QUICK_ARGS = ("--playouts", "0", "--samples", "4")
"""Options for tests of batch mechanics (resume, kill, errors, workers, clusters): the
table line alone, four layouts a decision. The estimate itself is tested in
tests/test_likely.py and tests/test_single_dummy.py, batch against rule with the default
options on the seed cases in tests/test_batch.py."""


def quick() -> RulingOptions:
    """:data:`QUICK_ARGS` as ruling options."""
    return RulingOptions(playouts=0, samples=4)


def light_estimate() -> Estimate:
    """A small estimate for property tests over many random boards: two playouts of four
    layouts a decision (the properties hold whatever the estimate's size)."""
    return Estimate(samples=4, playouts=2)
