"""Debian's Chromium for the real-browser tests: found, or the test skips (fails in CI,
where .ci/run installs it)."""

from __future__ import annotations

import os
import shutil

import pytest


def chromium() -> str:
    """The Chromium executable; skip the test without one (fail in CI)."""
    path = shutil.which("chromium") or ("/usr/bin/chromium"
                                        if os.access("/usr/bin/chromium", os.X_OK) else None)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing in CI: .ci/run must install Debian's chromium")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return path
