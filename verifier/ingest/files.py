"""Reading and writing text files: UTF-8 with one-line errors; on write, atomic replacement of
regular files and writing through to FIFOs and devices."""

from __future__ import annotations

import codecs
import errno
import os
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, TextIO

from verifier.errors import InputError


def read_bytes(path: Path, shown: str) -> bytes:
    """The bytes of ``path``.

    Raises:
        InputError: the file cannot be read (``shown`` names it).
    """
    try:
        return path.read_bytes()
    except OSError as err:
        raise InputError(shown, None, f"cannot read: {err.strerror}") from None


def read_text(path: Path, shown: str) -> str:
    """Read ``path`` as UTF-8, line ends kept as they are (``\r\n`` stays two characters, so
    offsets count what is in the file). A leading byte-order mark is dropped.

    Raises:
        InputError: the file cannot be read or is not UTF-8 (``shown`` names it, with the
            line of the first bad byte).
    """
    return decode(read_bytes(path, shown), shown)


def decode(raw: bytes, shown: str) -> str:
    """``raw`` as UTF-8 text, a leading byte-order mark dropped.

    Raises:
        InputError: the bytes are not UTF-8 (``shown`` names the input, with the line of the
            first bad byte), or are binary (a NUL byte among the first :data:`BINARY_SNIFF`,
            with its line).
    """
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        nul = -1 if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else raw.find(b"\0", 0, BINARY_SNIFF)
        if nul >= 0:  # no text in any 8-bit encoding holds NUL: an image, an archive, a document saved by a word processor
            raise InputError(shown, raw.count(b"\n", 0, nul) + 1, f"a binary file, not text (a NUL byte at byte {nul}); "
                                                                   "articles are UTF-8 text") from None
        line = raw.count(b"\n", 0, err.start) + 1
        raise InputError(shown, line, f"not UTF-8 text ({err.reason} at byte {err.start}); save the file as UTF-8") from None


BINARY_SNIFF = 8000
"""Bytes searched for a NUL to call a file that is not UTF-8 binary rather than text in another
encoding (git's own test, ``buffer_is_binary``, looks at the first 8000); a file opening with a
UTF-16 byte-order mark is text in UTF-16, whose NULs are half its characters. UTF-8 text with a
NUL in it is text: its NULs are read as spaces and noted (rule V703)."""


def write_atomic(path: Path, write: Callable[[TextIO], None]) -> None:
    """Write ``path`` through ``write(handle)``; a regular file is never seen half-written.

    What ``path`` names decides how (see :func:`plan_write`):

    * a regular file, or a new name in an existing folder: the text goes into a temporary
      file in the same folder, which is then renamed over it (readers see the old file or
      the new one). A symbolic link to a regular file replaces the *target* this way and
      stays a link.
    * anything else that can be written (a FIFO, a device such as ``/dev/null``, or an
      open file descriptor such as ``/dev/stdout``): written through, opened for appending,
      never replaced by a plain file and never truncated.

    Raises:
        FileNotFoundError: the folder of ``path`` does not exist (a mistyped folder is not
            created silently), or ``path`` is a symbolic link to nothing.
        IsADirectoryError: ``path`` is a folder.
        TimeoutError: ``path`` is a FIFO and no reader opened it within :data:`READER_WAIT`.
        OSError: any other failure to write (permissions, a full disk, a reader that left).
    """
    plan = plan_write(path)
    if plan.through:
        _write_through(plan.target, plan.fifo, write)
    else:
        _replace(plan.target, write)


@dataclass(frozen=True)
class WritePlan:
    """How :func:`write_atomic` will write a path.

    Attributes:
        target: the file to replace (symbolic links followed), or the path to open.
        through: True to open and write ``target`` in place (FIFOs, devices, descriptors).
        fifo: True when ``target`` is a FIFO (opening waits for a reader).
    """

    target: Path
    through: bool
    fifo: bool = False


def plan_write(path: Path) -> WritePlan:
    """Decide how ``path`` is written, without writing: callers use it to refuse a bad
    output path before the work that would fill it.

    Raises:
        FileNotFoundError: a missing folder, or a symbolic link to nothing.
        IsADirectoryError: ``path`` is a folder.
        OSError: ``path`` cannot be examined (a loop of links, a file used as a folder).
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.lexists(path):
            raise FileNotFoundError(errno.ENOENT, f"symbolic link to nothing ({os.readlink(path)} does not exist)", str(path)) from None
        if not path.parent.is_dir():
            raise FileNotFoundError(errno.ENOENT, "no such folder", str(path.parent)) from None
        return WritePlan(path, through=False)
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
    target, descriptor = _follow_links(path)
    if stat.S_ISREG(mode) and not descriptor:
        return WritePlan(target, through=False)
    return WritePlan(path, through=True, fifo=stat.S_ISFIFO(mode))


MAX_LINKS = 40
"""Most symbolic links followed from one path (Linux's own limit, ``MAXSYMLINKS``)."""


def _follow_links(path: Path) -> tuple[Path, bool]:
    """The file ``path`` finally names, link by link, and whether a link on the way lives in
    ``/proc`` (``/dev/stdout`` -> ``/proc/self/fd/1``): such a link names an open file
    descriptor, not a place, so what is behind it is written through, not replaced."""
    current = Path(os.path.abspath(path))
    for _ in range(MAX_LINKS):
        folder = Path(os.path.realpath(current.parent))
        if folder.parts[1:2] == ("proc",):
            return current, True
        current = folder / current.name
        if not current.is_symlink():
            return current, False
        # the folder is free of links, so '..' in the link's text can be resolved by spelling
        current = Path(os.path.normpath(folder / os.readlink(current)))
    raise OSError(errno.ELOOP, "too many levels of symbolic links", str(path))


def _replace(path: Path, write: Callable[[TextIO], None]) -> None:
    """Write a temporary file beside ``path`` and rename it over ``path``."""
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            write(handle)
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


READER_WAIT = 10.0
"""Seconds a FIFO is given to find a reader before the write fails (a shell's ``> fifo``
would wait for ever; a command must end in time)."""

_READER_POLL = 0.02
"""Seconds between two attempts to open a FIFO that has no reader yet."""


def _write_through(path: Path, fifo: bool, write: Callable[[TextIO], None]) -> None:
    """Open ``path`` for appending and write to it in place (a FIFO, a device, a descriptor)."""
    fd = _open_fifo(path) if fifo else os.open(path, os.O_WRONLY | os.O_APPEND)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
        write(handle)


def _open_fifo(path: Path) -> int:
    """Open a FIFO for writing once a reader has it open, waiting :data:`READER_WAIT` at most.

    A non-blocking open fails with ENXIO while nobody reads; once open, the descriptor is
    made blocking again so a slow reader slows the writer instead of failing it.
    """
    deadline = time.monotonic() + READER_WAIT
    while True:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError as err:
            if err.errno != errno.ENXIO or time.monotonic() >= deadline:
                if err.errno == errno.ENXIO:
                    raise TimeoutError(errno.ETIMEDOUT, f"no reader on the FIFO after {READER_WAIT:g} s", str(path)) from None
                raise
        time.sleep(_READER_POLL)
    os.set_blocking(fd, True)
    return fd


def _mode_for(path: Path) -> int:
    """The permissions the written file gets: the replaced file's, else 0666 less the umask
    (mkstemp's own 0600 would hide a report from other users)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
