"""JSON Lines output that survives a kill and a rerun."""


from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import IO

# --- Output that survives a kill ----------------------------------------------------

log = logging.getLogger("equity.batch")


class Output:
    """JSON Lines appended so that nothing is lost or doubled across a kill and rerun.

    Opening an existing file cuts it after its last newline (a line cut by the kill is
    dropped) and reads the keys already there (:attr:`done`). Each line is written with
    one ``write`` call; :meth:`sync` flushes to disk (after every task).
    """

    def __init__(self, path: str | Path | None) -> None:
        self.done: set[str] = set()
        self._stream: IO[str] | None = None
        self._fd = -1
        if path is None:
            self._stream = sys.stdout
            return
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        self._recover()

    def _recover(self) -> None:
        with os.fdopen(os.dup(self._fd), "rb") as f:
            data = f.read()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            os.ftruncate(self._fd, end)
            log.warning("dropped an incomplete last line from the output")
        for raw in data[:end].splitlines():
            try:
                key = json.loads(raw).get("key")
            except ValueError:
                continue
            if isinstance(key, str):
                self.done.add(key)

    def write(self, lines: Iterable[str]) -> None:
        for line in lines:
            if self._stream is not None:
                self._stream.write(line + "\n")
            else:
                os.write(self._fd, (line + "\n").encode("utf-8"))

    def sync(self) -> None:
        if self._stream is not None:
            self._stream.flush()
        else:
            os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
