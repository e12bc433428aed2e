"""Output files written whole or not at all.

Every file a command writes for the user (``rule --results-out``, ``report -o``, ``summary
--html`` / ``--csv``) goes through :func:`write_whole`: the data is written to a new
temporary file beside the target, synced, then renamed over it (``os.replace``, atomic
on one file system). A full disk, a kill or any other failure leaves the old file as it
was, byte for byte, and no temporary file behind. The error names the file.

Only a new path or a regular file is written (:func:`check_output`): renamed over, a FIFO,
a device node or a symbolic link would be replaced by a regular file (and a link's target
silently left as it was), so they are refused. :func:`one_writer` lets a command that
updates a file (read it, change it, write it back) take its turn: two such runs on one
file are serialised by a lock file beside it (``flock``, or a POSIX lock where the file
system has no ``flock``), the second reading what the first wrote.

:func:`refuse_inputs` keeps an output off the files the command reads (the ruled file,
the traveller, the hand record), however they are spelt: the same file is the same
device and inode, so a relative path, a symbolic link or a hard link is caught.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from equity.core.game import UsageError

_WHY = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is exceeded",
        errno.EFBIG: "the file is too large", errno.EACCES: "permission denied",
        errno.EROFS: "the file system is read-only"}


class OutputFileError(UsageError):
    """An output file that could not be written (the old one, if any, is kept)."""


def _why(e: OSError) -> str:
    return _WHY.get(e.errno or 0) or e.strerror or str(e)


def write_whole(path: str | Path, data: bytes | str, what: str = "output") -> None:
    """``data`` (text is written as UTF-8) into ``path`` whole or not at all; raises
    :class:`OutputFileError` naming the file, the old file unchanged."""
    write_pieces(path, [data.encode("utf-8") if isinstance(data, str) else data], what)


def write_with(path: str | Path, make: Callable[[Path], None], what: str = "output") -> None:
    """Have ``make(tmp)`` write a temporary file beside ``path`` (e.g. a program that
    writes a file itself), then rename it over ``path``; on any failure the old file is
    kept and the temporary one removed. Raises :class:`OutputFileError`."""
    target = Path(path)
    check_output(target, what)
    directory = target.parent
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                    dir=directory)
    except OSError as e:
        raise OutputFileError(f"cannot write the {what} {target}: {_why(e)}") from None
    os.close(fd)
    tmp = Path(name)
    try:
        make(tmp)
        mode = _mode(target)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as e:
        _remove(tmp)
        kept = "the old file is unchanged" if target.exists() else "nothing written"
        raise OutputFileError(f"cannot write the {what} {target}: {_why(e)}; {kept}"
                              ) from None
    except BaseException:
        _remove(tmp)
        raise
    sync_dir(directory)


_KINDS = {stat.S_IFIFO: "a FIFO", stat.S_IFCHR: "a device", stat.S_IFBLK: "a device",
          stat.S_IFSOCK: "a socket"}


def check_output(path: str | Path, what: str = "output") -> None:
    """Raise :class:`OutputFileError` unless ``path`` is a new path or a regular file:
    a file written whole is renamed over the old one, which would replace a FIFO, a
    device or a symbolic link with a regular file."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise OutputFileError(f"cannot write the {what} {path}: {_why(e)}") from None
    if stat.S_ISREG(st.st_mode):
        return
    if stat.S_ISDIR(st.st_mode):
        raise OutputFileError(f"{what} {path} is a directory; give a file")
    if stat.S_ISLNK(st.st_mode):
        raise OutputFileError(
            f"{what} {path} is a symbolic link, not a regular file: written whole, the "
            f"link would be replaced and its target ({os.path.realpath(path)}) left as "
            "it was; give the target or a new path")
    kind = _KINDS.get(stat.S_IFMT(st.st_mode), "not a file")
    raise OutputFileError(f"{what} {path} is {kind}, not a regular file: equity writes "
                          "a file whole and would replace it; give a regular file or a new "
                          "path")


def lock_path(path: str | Path) -> Path:
    """The lock file of ``path``: beside it, ``.NAME.lock``."""
    target = Path(path)
    return target.with_name(f".{target.name}.lock")


def _lock(fd: int, lock: Path, path: str | Path) -> None:
    """An exclusive lock on ``fd``, waited for: ``flock``, else a POSIX lock (``lockf``:
    network file systems that have no ``flock``); :class:`OutputFileError` when the file
    system has neither (unlocked, two runs at once could lose one's write)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        return
    except OSError:
        pass
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX)
    except OSError as e:
        raise OutputFileError(f"cannot write {path}: its lock {lock} cannot be taken "
                              f"({_why(e)}); two runs writing it at once could lose one's "
                              "ruling: write it in a folder on a local disk") from None


@contextlib.contextmanager
def one_writer(path: str | Path) -> Iterator[None]:
    """Hold the lock of ``path`` (a lock file beside it, :func:`lock_path`, waited for)
    while it is read, changed and written back: two runs updating one file take turns,
    and the second reads what the first wrote. The lock file is removed when its turn
    ends: a run that was waiting on the removed one takes the new one instead (the lock
    held is always the one at the path)."""
    lock = lock_path(path)
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666)
        except OSError as e:
            raise OutputFileError(f"cannot write {path}: cannot make its lock {lock}: "
                                  f"{_why(e)}") from None
        try:
            _lock(fd, lock, path)
            held = os.fstat(fd)
            now = os.stat(lock)
            if (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino):
                break
        except FileNotFoundError:
            pass  # removed by the run before, after its turn: take the new one
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    try:
        yield
    finally:
        _remove(lock)  # while held: a run waiting on this one takes a new one
        os.close(fd)  # releases the lock


def write_pieces(path: str | Path, pieces: Iterable[bytes | memoryview],
                 what: str = "output") -> None:
    """:func:`write_with` of ``pieces`` one after another: a large file rewritten with a
    few edits is never held whole twice in memory."""
    def make(tmp: Path) -> None:
        with open(tmp, "wb") as f:
            for piece in pieces:
                f.write(piece)
            f.flush()
            os.fsync(f.fileno())

    write_with(path, make, what)


def _mode(target: Path) -> int:
    """The old file's permissions, else what a new file gets (0666 less the umask)."""
    try:
        return os.stat(target).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _remove(tmp: Path) -> None:
    with contextlib.suppress(OSError):
        tmp.unlink()


def sync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` durable (fsync the folder; not every file system
    allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one file (same device and inode; False if either is
    missing)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def refuse_inputs(option: str, out: str | Path, inputs: Iterable[tuple[str, str | Path]]
                  ) -> None:
    """Raise :class:`UsageError` when ``out`` is one of the command's ``inputs`` (what
    each is, its path), through any spelling or link."""
    for name, path in inputs:
        if same_file(out, path) or Path(out).resolve() == Path(path).resolve():
            raise UsageError(f"{option} {out} is the {name} ({path}) this command reads; "
                             "give another file")


__all__ = ["OutputFileError", "check_output", "lock_path", "one_writer", "refuse_inputs",
           "same_file", "sync_dir", "write_pieces", "write_whole", "write_with"]
