"""The directory walk: which files of the paths given are read (PBN and LIN)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from equity.formats import FORMATS


def files(paths: Iterable[str | Path]) -> list[Path]:
    """The ``.pbn`` / ``.lin`` files named or found (recursively, sorted) in directories."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(f for f in p.rglob("*")
                          if f.suffix.lower() in FORMATS and f.is_file())
        else:
            out.append(p)
    return out
