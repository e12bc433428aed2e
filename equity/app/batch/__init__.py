"""Full rulings for every board with a revoke in many files: ``equity batch``.

The run has two phases:

1. **Screening** (:func:`screen`): every file is read with :mod:`equity.formats.fastread` and
   replayed by the C kernel, as ``equity scan`` does; only boards with a revoke (or a
   record the kernel cannot replay, whose error the ruling reports) go on. Boards that
   cannot even be read become error lines at once.
2. **Ruling** in tasks of a few boards (:func:`rule_boards`). The double-dummy work of a
   whole task is batched: every board's Law 64C lines are built once, by a generator
   (:func:`equity.core.adjust.candidates.plan`) that yields its double-dummy questions and resumes
   with the answers. Each round, the questions of all the task's boards go to DDS
   together (:meth:`equity.dd.session.DdsSession.solve`, in chunks of at most 200, each
   board's positions side by side so DDS's transposition tables are reused, none solved
   twice), and every board resumes.

Output is one JSON line per board: ``equity rule --json``'s object (``equity_json``, or
``ruling_json`` with ``--no-equity``; ``{"source", "board", "error", "where"}`` for a
board in error) plus ``key``, the board's stable name: ``SOURCE#INDEX`` (the board's
position in its file). :class:`Output` keeps that file safe: a regular file that is none
of the inputs, locked against a second run, its ruling options recorded beside it in
``OUT.meta.json`` (a resume with other options is refused unless restarted); each task's
lines are written whole (however short each ``write``; a failed one, e.g. a full disk, is
taken back) and synced, so a run killed half-way leaves complete lines (and at worst one
cut line, which a rerun removes); a rerun with the same output skips the boards already
there, except those whose time limit ran out, which it rules again.

Worker processes (``jobs > 1``, or a time limit) run the tasks: DDS cannot be interrupted,
so a task whose DDS call overruns the time limit makes its worker exit; the worker is
restarted and the task's boards retried one by one, and a board that overruns alone is
reported as an error line. A bad board never stops the run. Ctrl-C and SIGTERM end the
workers at once and quietly (they ignore SIGINT; the parent kills them). With a Dask
scheduler's address the same tasks run on that cluster instead
(:mod:`equity.app.batch.distributed_engine`).
"""

from equity.app.batch.keys import board_key
from equity.app.batch.output import Output, OutputError, OutputFull
from equity.app.batch.retry import Summary
from equity.app.batch.rounds import (
    DEFAULT_TIME_LIMIT,
    TASK_BOARDS,
    dds_solver,
    rule_boards,
)
from equity.app.batch.run import run_batch
from equity.app.batch.screen import screen

__all__ = ["DEFAULT_TIME_LIMIT", "TASK_BOARDS", "Output", "OutputError", "OutputFull",
           "Summary", "board_key", "dds_solver", "rule_boards", "run_batch", "screen"]
