"""Reading and writing text files: UTF-8 with one-line errors, atomic replacement on write."""

from __future__ import annotations

import os
import tempfile
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
    raw = read_bytes(path, shown)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        raise InputError(shown, line, f"not UTF-8 text ({err.reason} at byte {err.start}); save the file as UTF-8") from None


def write_atomic(path: Path, write: Callable[[TextIO], None]) -> None:
    """Write ``path`` through ``write(handle)`` into a temporary file in the same folder, then
    rename it over ``path``: readers see the old file or the new one, never half of one.

    Raises:
        FileNotFoundError: the folder of ``path`` does not exist (a mistyped folder is not
            created silently).
    """
    if not path.parent.is_dir():
        raise FileNotFoundError(2, "no such folder", str(path.parent))
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            write(handle)
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    """The permissions the written file gets: the replaced file's, else 0666 less the umask
    (mkstemp's own 0600 would hide a report from other users)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
