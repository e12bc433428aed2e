"""Progress of a run where no terminal shows a bar: a line to stderr every few seconds.

Under ``nohup``, with stderr to a file or in a CI log, tqdm's bar is not drawn (the CLI
asks for it on a terminal only); these lines say how far the run is instead: boards done
of the total, the rate since the start and the time left at that rate.
"""


from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TextIO

EVERY = 10.0
"""Seconds between two progress lines."""


def eta_text(seconds: float) -> str:
    """``seconds`` as a person reads it: "45 s", "12 min", "3 h 05 min"."""
    s = round(seconds)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{round(s / 60)} min"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def progress_line(done: int, total: int, elapsed: float) -> str:
    """``equity batch: 12/57 boards, 0.80 boards/s, about 56 s left``."""
    rate = done / elapsed if elapsed > 0 else 0.0
    left = (f", about {eta_text((total - done) / rate)} left" if rate > 0 and done < total
            else "")
    return f"equity batch: {done}/{total} boards, {rate:.2f} boards/s{left}"


class ProgressLines:
    """A progress line to ``stream`` every ``every`` seconds, from a thread of its own (so
    a line comes even while a long task is being ruled), until :meth:`close`. Has
    tqdm's ``update`` and ``close``, so the run moves either the same way."""

    def __init__(self, total: int, stream: TextIO, every: float = EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.done = total, 0
        self._stream, self._every, self._clock = stream, every, clock
        self._start = clock()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="progress", daemon=True)
        self._thread.start()

    def update(self, boards: int) -> None:
        with self._lock:
            self.done += boards

    def line(self) -> str:
        with self._lock:
            done = self.done
        return progress_line(done, self.total, self._clock() - self._start)

    def _run(self) -> None:
        while not self._stop.wait(self._every):
            try:
                print(self.line(), file=self._stream, flush=True)
            except (OSError, ValueError):  # stderr closed: progress is not worth failing for
                return

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
