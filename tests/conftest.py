"""Shared test settings."""

from __future__ import annotations

from pathlib import Path

import pytest

EXTERNAL = (Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "external").resolve()
"""Real bridge data kept beside the repository (see its SOURCES.md); never copied in."""


@pytest.fixture
def external() -> Path:
    """The real-data folder; the test is skipped when it is absent."""
    if not EXTERNAL.is_dir():
        pytest.skip(f"real data not found at {EXTERNAL}")
    return EXTERNAL
