"""What the fit scripts share: their command line, the records they fit on, the score
part grouped for their tables, and writing a fit where the package reads it."""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Callable, Sequence
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

from benchmarks.corpus import EXTERNAL
from benchmarks.records import Record, records
from equity.core.game import Board

T = TypeVar("T")


def arguments(doc: str | None, argv: Sequence[str] | None = None) -> argparse.Namespace:
    """A fit script's command line (``doc``, its docstring, is its help): ``--write``."""
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true",
                    help="store the fit in the file the package reads it from")
    return ap.parse_args(argv)


def present_records() -> list[Record]:
    """:func:`benchmarks.records.records`, or exit 1 saying the real records are absent."""
    recs = records()
    if not recs:
        raise SystemExit(f"no records: {EXTERNAL} is absent")
    return recs


def read_each(recs: Sequence[Record], read: Callable[[Board], T | None]
              ) -> list[tuple[Record, T]]:
    """Each record with what ``read`` finds on its board (its opening lead, its signal),
    the records where it finds nothing left out."""
    out = []
    for rec in recs:
        found = read(rec.replay.board)
        if found is not None:
            out.append((rec, found))
    return out


def score_groups(items: Sequence[tuple[Record, T]], class_of: Callable[[Record, T], str]
                 ) -> dict[str, list[tuple[Record, T]]]:
    """The score part's ``items`` by source and class of player (``class_of``: the
    class of the seat that chose), and by ``human`` or ``robot`` over every source."""
    groups: dict[str, list[tuple[Record, T]]] = defaultdict(list)
    for rec, item in items:
        if rec.part == "score":
            cls = class_of(rec, item)
            groups[f"{rec.source} ({cls})"].append((rec, item))
            groups["robot" if cls == "robot" else "human"].append((rec, item))
    return groups


def write(file: Traversable, fit: dict[str, Any]) -> None:
    """Store ``fit`` as JSON in ``file``, a file the package reads a fit from
    (``LEAD_STYLE_FILE``...): written in the package, whatever the working directory."""
    if not isinstance(file, Path):
        raise SystemExit(f"{file}: the package is not installed as files, nothing written")
    file.write_text(json.dumps(fit, indent=1) + "\n")
    print(f"\nwritten: {file}")
