"""``equity summary`` on a terminal: the sections as aligned two-column tables."""

from __future__ import annotations

from equity.render.summary_view import sections
from equity.render.tally import Tally


def summary_text(t: Tally, title: str) -> str:
    parts = [title, "=" * len(title)]
    secs = sections(t)
    width = max((len(label) for s in secs for label, _ in s.rows), default=10) + 2
    for s in secs:
        parts += ["", s.title, "-" * len(s.title)]
        parts += [f"{label:<{width}}{value}" for label, value in s.rows]
        if s.note:
            parts.append(s.note)
    return "\n".join(parts) + "\n"
