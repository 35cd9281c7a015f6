"""Rewriting a file that other writers also write: an exclusive lock, and their lines kept.

:func:`rewrite` reads a file, changes it and renames the new file over it
(:func:`verifier.ingest.files.write_atomic`), holding :func:`locked` from the read to the
rename, so any writer that takes the lock too waits for it. Writers that take no lock (a script
appending lines, an editor) are not shut out by an advisory lock; their changes are kept:

1. just before the rename, the file is read again, until it is as last read: lines appended
   since are carried over as they are; any other change gets the change function applied again
   to the new content (which may refuse it, by raising);
2. the replaced file stays open: whatever was appended to it between that last read and the
   rename (written to the old file, which the rename unlinks) is appended to the new one.

The lock is ``fcntl.flock`` taken on the file itself, not on a lock file beside it (nothing is
left in the folder). Since a rename gives the path a new file, a lock taken on the old one just
before the rename would guard nothing: the lock is taken, then the path is checked to still name
the locked file, and taken again on the new file when not. ``flock`` locks belong to an open
file, not to a process, so two threads of one process that each call :func:`locked` wait for
each other too.
"""

from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TextIO

from verifier.ingest.files import write_atomic


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on the file ``path`` names for the ``with`` block (waiting for
    any other holder).

    Raises:
        OSError: ``path`` cannot be opened for reading (FileNotFoundError when it is gone).
    """
    while True:
        fd = os.open(path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            held, now = os.fstat(fd), os.stat(path)
        except BaseException:
            os.close(fd)
            raise
        if (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino):
            break
        os.close(fd)  # renamed over while we waited: lock the file the path names now
    try:
        yield
    finally:
        os.close(fd)  # closing the last descriptor releases the lock


def rewrite(path: Path, change: Callable[[bytes], str]) -> bool:
    """Replace the regular file ``path`` by ``change(its bytes)`` (the new text), under
    :func:`locked`, keeping what other writers wrote meanwhile (see the module's docstring).

    Returns:
        False when the text is the file as it was (nothing written), else True.

    Raises:
        whatever ``change`` raises (nothing is written); OSError: the file cannot be read or
        written (the old file stays whole).
    """
    with locked(path):
        based = path.read_bytes()
        text = change(based)
        if text.encode("utf-8") == based:
            return False
        kept: list[int] = []

        def write(handle: TextIO) -> None:
            nonlocal based, text
            fd = os.open(path, os.O_RDONLY)  # kept open past the rename: see step 2
            kept.append(fd)
            while (fresh := _read_from(fd, 0)) != based:
                text = _carried(text, based, fresh) or change(fresh)
                based = fresh
            handle.write(text)

        try:
            write_atomic(path, write)
            late = _read_from(kept[0], len(based))
            if late and _read_from(kept[0], 0).startswith(based):
                with open(path, "ab") as handle:  # appended to the replaced file after the last read
                    handle.write(late)
        finally:
            for fd in kept:
                os.close(fd)
    return True


def _carried(text: str, based: bytes, fresh: bytes) -> str | None:
    """``text`` with what was appended to ``based`` to make ``fresh``, or None when ``fresh`` is
    not ``based`` plus an append (or the appended bytes are not whole UTF-8)."""
    if not fresh.startswith(based):
        return None
    try:
        return text + fresh[len(based):].decode("utf-8")
    except UnicodeDecodeError:
        return None


def _read_from(fd: int, offset: int) -> bytes:
    """The bytes of open file ``fd`` from ``offset`` to its end."""
    chunks = []
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)
