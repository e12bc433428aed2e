"""Reading a JSON Lines file that equity wrote (``equity batch``, ``equity rule
--json``): one object a line, each a board. A line that is not a JSON object is given
back as its line number and what is wrong with it, so that one bad line (a cut last line
of an interrupted run, an edit) is counted, never fatal."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

Line = tuple[int, dict[str, Any] | str]
"""(line number, the object or what is wrong with the line)."""


def read_json_lines(path: str | Path) -> Iterator[Line]:
    """The objects of ``path`` with their line numbers; blank lines are skipped. Raises
    OSError when the file cannot be read."""
    with open(path, "rb") as f:
        for number, raw in enumerate(f, 1):
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
            except (ValueError, UnicodeDecodeError) as e:
                cut = "" if raw.endswith(b"\n") else " (cut: no line end)"
                yield number, f"not JSON{cut}: {e}"
                continue
            yield number, obj if isinstance(obj, dict) else "not a JSON object"
