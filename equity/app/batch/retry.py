"""What a run counts, and what it does with a task that failed for the machine's sake
(a time limit overrun, a worker that died): shared by the local workers
(:mod:`equity.app.batch.run`) and the Dask cluster
(:mod:`equity.app.batch.distributed_engine`), so that neither imports the other."""


from __future__ import annotations

import json
import logging
from collections import deque
from collections.abc import Callable, Sequence

from msgspec import field

from equity.app.batch.keys import board_error
from equity.core.game import Board, Work
from equity.render.tally import Counts

log = logging.getLogger("equity.batch")

Emit = Callable[[Sequence[str], int], None]
"""Writes a task's lines and counts ``boards`` of it done."""


class Summary(Counts):
    """What a run did: the boards it met (:class:`~equity.render.tally.Counts`: screened,
    ruled, in error), and what a resumable run on a pool of workers adds."""

    to_rule: int = 0
    skipped: int = 0
    """Boards (and read errors) already in the output from an earlier run."""
    unreadable: int = 0
    """Boards or files screening could not read (each an error line)."""
    unreadable_skipped: int = 0
    """Of those, the ones whose error line an earlier run wrote."""
    to_rule_skipped: int = 0
    """Boards to rule whose line an earlier run wrote (skipped now)."""
    retried: int = 0
    """Tasks retried board by board after an overrun or a worker that died."""
    retrying: int = 0
    """Boards whose earlier line (a time limit overrun) was dropped to rule them again."""
    jobs: int = 1
    """Worker processes used (``jobs`` capped by the machine)."""
    work: Work = field(default_factory=Work)
    """The DDS work of the boards ruled in this run, added up from their ``stats``."""

    def closing(self) -> str:
        """The run's counts in one line, adding up: the boards screened are those with
        nothing to rule (no revoke, no claim in question) and those to rule; these are
        ruled, in error or already in the output; unreadable boards and files come on
        top."""
        in_error = self.errors - (self.unreadable - self.unreadable_skipped)
        again = f", {self.retrying} ruled again" if self.retrying else ""
        unreadable = (f"; {self.unreadable} unreadable (boards or files that could not be "
                      "read: error lines)" if self.unreadable else "")
        boards = "board" if self.screened == 1 else "boards"
        return (f"{self.screened} {boards} screened: {self.screened - self.to_rule} with "
                f"nothing to rule, {self.to_rule} to rule: {self.ruled} ruled, "
                f"{in_error} in error, {self.to_rule_skipped} already in the output"
                f"{again}{unreadable}")

    def add_stats(self, lines: Sequence[str]) -> None:
        """Add the ``stats`` of these output lines (JSON lines; other formats carry none)."""
        for line in lines:
            at = line.rfind(_STATS)
            if at < 0:
                continue
            stats, _ = _DECODER.raw_decode(line, at + len(_STATS))
            self.work.add(Work(**stats))


_STATS = '"stats": '
_DECODER = json.JSONDecoder()


def retry_or_report(task: list[Board], message: str, emit: Emit,
                    retry: deque[list[Board]], summary: Summary) -> None:
    """A task whose worker overran its time limit or died (``message`` says which): its
    boards are retried one by one; a single board that fails so is an error line."""
    if len(task) > 1:
        summary.retried += 1
        log.warning("%s; retrying its %d boards one by one", message, len(task))
        retry.extendleft([b] for b in reversed(task))
        return
    board = task[0]
    log.warning("%s, %s: %s", board.source, board.label, message)
    emit([board_error(board, message)], 1)
