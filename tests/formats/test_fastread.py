"""Fast reading (equity.formats.fastread) gives exactly the boards and errors of the full reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.builders import EXTERNAL
from tests.formats.reading import GAMES, fast, slow


def test_fast_reading_equals_full_reading_on_tricky_text(tmp_path: Path) -> None:
    path = tmp_path / "tricky.pbn"
    path.write_text(GAMES, encoding="utf-8")
    for size in (1, 2, 1024):
        assert fast([path], size) == slow([path])


@pytest.mark.skipif(not EXTERNAL.is_dir(), reason="../shared/data absent")
def test_fast_reading_equals_full_reading_on_every_real_file() -> None:
    paths = [p for p in sorted(EXTERNAL.rglob("*")) if p.suffix.lower() in (".pbn", ".lin")]
    got, want = fast(paths), slow(paths)
    assert got[1] == want[1] and got[2] == want[2]
    assert got[0] == want[0]
    assert len(got[0]) > 10000
