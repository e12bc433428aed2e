"""JSON Lines output that survives a kill, a rerun, a full disk and a second writer.

The output file (``--out``) holds only board lines: one JSON object per board, each with
its ``key``, exactly as without any of the safety below. What the file was made with is
recorded beside it, in ``OUT.meta.json`` (written atomically before the first line):
``{"equity_batch": 1, "options": RulingOptions.describe()}``. A sidecar rather than a
header line keeps the JSON Lines contract (every line is a board) for readers that load
the file as a table or filter it line by line.

With ``--format csv`` the same boards are CSV rows instead (:mod:`equity.render.csvrows`,
a header row first); the lines come from the ruling as JSON and are turned into rows as
they are written, so that a CSV output resumes as a JSON one does (the keys are read
back from its ``key`` column) and the meta record says ``"format": "csv"``.
"""


from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import logging
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

from equity.app.batch.keys import is_retryable
from equity.app.options import DEFAULT_OPTIONS, RulingOptions
from equity.app.outfile import sync_dir as _sync_dir
from equity.core.game import UsageError
from equity.render.formats import BATCH_FORMATS

# --- Output that survives a kill ----------------------------------------------------

log = logging.getLogger("equity.batch")

META_VERSION = 1
"""The version of ``OUT.meta.json``'s format (its ``equity_batch`` field)."""
_FULL = {errno.ENOSPC: "disk full", errno.EDQUOT: "disk quota exceeded",
         errno.EFBIG: "file too large"}


class OutputError(UsageError):
    """An output this run refuses to write to (nothing was written): exit 2."""


class OutputFull(Exception):
    """The output's disk (or quota, or file size limit) is full: exit 1. What was written
    before is complete, synced and resumable; no part of a line is left behind."""


def meta_path(path: str | Path) -> Path:
    """Where the options of the output ``path`` are recorded."""
    return Path(f"{path}.meta.json")


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a pipe"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device")):
        if test(mode):
            return name
    return "not a regular file"


def _differences(then: Any, now: dict[str, Any]) -> str:
    if not isinstance(then, dict):
        return "unreadable options"
    names = sorted(k for k in set(then) | set(now) if then.get(k) != now.get(k))
    return ", ".join(f"{k}: {json.dumps(then.get(k))} then, {json.dumps(now.get(k))} now"
                     for k in names)


class Output:
    """JSON Lines appended so that nothing is lost or doubled across a kill and rerun.

    Opening an existing file takes an exclusive lock on it (a second writer fails at once),
    checks that it was made with the same ruling ``options`` (else refuses, unless
    ``restart``: then it starts over), cuts it after its last newline (a line cut by a
    kill is dropped), drops the lines of boards whose time limit ran out (so that they are
    ruled again) and reads the keys already there (:attr:`done`). Each task's lines are
    written whole (a short write goes on, a failed one is taken back); :meth:`sync`
    flushes to disk (after every task).
    """

    def __init__(self, path: str | Path | None, options: RulingOptions = DEFAULT_OPTIONS,
                 inputs: Iterable[Path] = (), restart: bool = False,
                 fmt: str = "jsonl") -> None:
        self.done: set[str] = set()
        self.format = BATCH_FORMATS[fmt]
        """How the lines are written (:data:`~equity.render.formats.BATCH_FORMATS`)."""
        self.retrying = 0
        """Boards whose earlier line (a time limit overrun) is dropped to rule them again."""
        self._stream: IO[str] | None = None
        self._fd = -1
        self._synced = 0
        if path is None:
            self._stream = sys.stdout
            if header := self.format.header():
                self._stream.write(header + "\n")
            return
        self.path = Path(path)
        self._fd = self._open_locked()
        try:
            self._refuse_inputs(inputs)
            self._recover(options, restart)
        except BaseException:
            self.close()
            raise
        self._synced = os.fstat(self._fd).st_size

    # --- Opening ----------------------------------------------------------------------

    def _open_locked(self) -> int:
        """The file, opened for appending and locked; refused when it is not a regular
        file (a pipe would hang, a directory fail) or another run holds it."""
        flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK | os.O_CLOEXEC
        try:
            fd = os.open(self.path, flags, 0o644)
        except IsADirectoryError:
            raise OutputError(f"batch: --out {self.path} is a directory; give a file") from None
        except OSError as e:
            raise OutputError(f"batch: cannot write --out {self.path}: "
                              f"{e.strerror or e}") from None
        try:
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):
                raise OutputError(f"batch: --out {self.path} is {_kind(mode)}; give a "
                                  "regular file (or no --out for stdout)")
            fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
            self._lock(fd)
        except BaseException:
            os.close(fd)
            raise
        return fd

    def _lock(self, fd: int) -> None:
        busy = OutputError(f"batch: --out {self.path} is being written by another equity "
                           "batch; wait for it to finish or choose another --out")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise busy from None
        except OSError as e:  # a file system without locks
            log.warning("%s: cannot lock (%s); make sure no other run writes to it",
                        self.path, e.strerror or e)
            return
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(self.path))
        except OSError:
            same = False
        if not same:  # replaced by another run since we opened it
            raise busy

    def _refuse_inputs(self, inputs: Iterable[Path]) -> None:
        mine = os.fstat(self._fd)
        for p in inputs:
            with contextlib.suppress(OSError):
                if os.path.samestat(mine, os.stat(p)):
                    raise OutputError(f"batch: --out {self.path} is one of the inputs "
                                      f"({p}); give another file")

    # --- What an earlier run left -------------------------------------------------------

    def _recover(self, options: RulingOptions, restart: bool) -> None:
        with os.fdopen(os.dup(self._fd), "rb") as f:
            data = f.read()
        end = data.rfind(b"\n") + 1
        wanted = json.loads(json.dumps(options.describe()))
        if restart:
            if data:
                os.ftruncate(self._fd, 0)
                log.warning("--restart: %s started over (%d lines dropped)", self.path,
                            data.count(b"\n"))
            self._write_meta(wanted)
            self._header()
            return
        if end == 0:
            if data:
                os.ftruncate(self._fd, 0)
            self._write_meta(wanted)
            self._header()
            return
        self._check_meta(wanted)
        if end < len(data):
            os.ftruncate(self._fd, end)
            log.warning("dropped an incomplete last line from the output")
        keep: list[bytes] = []
        for raw in data[:end].splitlines(keepends=True):
            try:
                obj = self._parse(raw)
            except ValueError:
                keep.append(raw)
                continue
            key = obj.get("key") if isinstance(obj, dict) else None
            if isinstance(key, str) and is_retryable(obj):
                self.retrying += 1
                continue
            keep.append(raw)
            if isinstance(key, str):
                self.done.add(key)
        if self.retrying:
            self._replace(b"".join(keep))
            log.warning("%d boards whose time limit ran out in an earlier run are ruled "
                        "again", self.retrying)

    def _parse(self, raw: bytes) -> Any:
        """A line of the file as its fields (a JSON value; a CSV row: its cells by column
        name)."""
        return self.format.read(raw.decode("utf-8"))

    def _header(self) -> None:
        if header := self.format.header():
            _write_all(self._fd, (header + "\n").encode("utf-8"))

    def _check_meta(self, wanted: dict[str, Any]) -> None:
        meta = meta_path(self.path)
        try:
            recorded = json.loads(meta.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise OutputError(
                f"batch: --out {self.path} holds rulings but no {meta.name} says which "
                "ruling options made them; rerun with --restart to start over") from None
        except (OSError, ValueError) as e:
            raise OutputError(f"batch: cannot read {meta}: {e}; rerun with --restart to "
                              "start over") from None
        then = recorded.get("options") if isinstance(recorded, dict) else None
        default = next(iter(BATCH_FORMATS))
        fmt = recorded.get("format", default) if isinstance(recorded, dict) else default
        if fmt != self.format.name:
            raise OutputError(
                f"batch: --out {self.path} holds {fmt} lines; rerun with --format {fmt} to "
                "complete it, or add --restart to start over")
        if then != wanted:
            raise OutputError(
                f"batch: --out {self.path} was made with other ruling options "
                f"({_differences(then, wanted)}); rerun with the same options to complete "
                "it, or add --restart to start over")

    def _write_meta(self, options: dict[str, Any]) -> None:
        meta = meta_path(self.path)
        record: dict[str, Any] = {"equity_batch": META_VERSION, "options": options}
        if self.format.name != next(iter(BATCH_FORMATS)):
            record["format"] = self.format.name
        text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
        with contextlib.suppress(OSError):
            if meta.read_text(encoding="utf-8") == text:
                return
        self._atomic(meta, text.encode("utf-8"))

    def _atomic(self, target: Path, data: bytes) -> None:
        """``data`` into ``target`` whole or not at all (a new file renamed over it)."""
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
            try:
                _write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, target)
        except OSError as e:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            if e.errno in _FULL:
                raise OutputFull(f"{target}: {_FULL[e.errno]} ({e.strerror})") from None
            raise
        _sync_dir(target.parent)

    def _replace(self, data: bytes) -> None:
        """The output's content replaced by ``data`` atomically (a kill leaves the old or
        the new file), the lock moved to the new file."""
        self._atomic(self.path, data)
        old, self._fd = self._fd, -1
        try:
            self._fd = self._open_locked()
        finally:
            os.close(old)

    # --- Writing ------------------------------------------------------------------------

    def write(self, lines: Iterable[str]) -> None:
        """Write a task's lines (JSON objects, each written in :attr:`format`: with
        ``--format csv`` turned into a row)."""
        lines = [self.format.line(line) for line in lines]
        if self._stream is not None:
            for line in lines:
                self._stream.write(line + "\n")
            return
        data = "".join(line + "\n" for line in lines).encode("utf-8")
        start = os.fstat(self._fd).st_size  # the end: this run alone appends (the lock)
        try:
            _write_all(self._fd, data)
        except BaseException as e:
            self._take_back(start)
            if isinstance(e, OSError):
                raise self._failure(e) from None
            raise

    def sync(self) -> None:
        if self._stream is not None:
            self._stream.flush()
            return
        try:
            os.fsync(self._fd)
        except OSError as e:  # what was written since the last sync may be lost
            self._take_back(self._synced)
            raise self._failure(e) from None
        self._synced = os.fstat(self._fd).st_size

    def _take_back(self, size: int) -> None:
        """Cut the file back to ``size`` bytes (no part of a line is kept)."""
        with contextlib.suppress(OSError):
            os.ftruncate(self._fd, size)
            os.fsync(self._fd)

    def _failure(self, e: OSError) -> Exception:
        if e.errno in _FULL:
            return OutputFull(f"{self.path}: {_FULL[e.errno]} ({e.strerror}); the boards "
                              "written so far are kept: make room and rerun the same "
                              "command to complete the run")
        return OutputFull(f"{self.path}: cannot write ({e.strerror or e}); the boards "
                          "written so far are kept: rerun the same command to complete it")

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)  # releases the lock
            self._fd = -1


def _write_all(fd: int, data: bytes) -> None:
    """Write all of ``data``, however short each ``write`` is."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[n:]
