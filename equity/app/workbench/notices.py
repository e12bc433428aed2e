"""The workbench's events said on stderr, quietly: each kind of event in one line at most
every :data:`NOTICE_SECONDS`, with how many were not said since, so that a flood of
attackers cannot fill a log (or block a server whose output nobody reads)."""

from __future__ import annotations

import contextlib
import sys
import time
from collections import Counter

NOTICE_SECONDS = 10.0
"""At most one line a kind of event in this many seconds."""


class Notices:
    """One line per kind of event on stderr, at most every :data:`NOTICE_SECONDS`, with
    how many were not said since."""

    def __init__(self, every: float = NOTICE_SECONDS) -> None:
        self.every = every
        self._last: dict[str, float] = {}
        self._unsaid: Counter[str] = Counter()

    def say(self, kind: str, text: str) -> None:
        now = time.monotonic()
        if now - self._last.get(kind, -self.every) < self.every:
            self._unsaid[kind] += 1
            return
        more = self._unsaid.pop(kind, 0)
        self._last[kind] = now
        with contextlib.suppress(OSError, ValueError):  # stderr closed: the server goes on
            print(f"equity serve: {text}" + (f" ({more} more since)" if more else ""),
                  file=sys.stderr, flush=True)


NOTICES = Notices()


__all__ = ["NOTICES", "NOTICE_SECONDS", "Notices"]
