"""Output files written whole or not at all.

Every file a command writes for the user (``rule --results-out``, ``report -o``, ``summary
--html`` / ``--csv``) goes through :func:`write_whole`: the data is written to a new
temporary file beside the target, synced, then renamed over it (``os.replace``, atomic
on one file system). A full disk, a kill or any other failure leaves the old file as it
was, byte for byte, and no temporary file behind. The error names the file.

:func:`refuse_inputs` keeps an output off the files the command reads (the ruled file,
the traveller, the hand record), however they are spelt: the same file is the same
device and inode, so a relative path, a symbolic link or a hard link is caught.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Callable, Iterable
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
    raw = data.encode("utf-8") if isinstance(data, str) else data
    write_with(path, lambda tmp: _write_bytes(tmp, raw), what)


def write_with(path: str | Path, make: Callable[[Path], None], what: str = "output") -> None:
    """Have ``make(tmp)`` write a temporary file beside ``path`` (e.g. a program that
    writes a file itself), then rename it over ``path``; on any failure the old file is
    kept and the temporary one removed. Raises :class:`OutputFileError`."""
    target = Path(path)
    if target.is_dir():
        raise OutputFileError(f"{what} {target} is a directory; give a file")
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


def _write_bytes(tmp: Path, data: bytes) -> None:
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


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


__all__ = ["OutputFileError", "refuse_inputs", "same_file", "sync_dir", "write_whole",
           "write_with"]
