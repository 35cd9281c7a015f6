"""Reading and writing text files: UTF-8 with one-line errors, atomic replacement on write."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable, TextIO

from verifier.errors import InputError


def read_text(path: Path, shown: str) -> str:
    """Read ``path`` as UTF-8.

    Raises:
        InputError: the file cannot be read or is not UTF-8 (``shown`` names it).
    """
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise InputError(shown, None, f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    except OSError as err:
        raise InputError(shown, None, f"cannot read: {err.strerror}") from None


def write_atomic(path: Path, write: Callable[[TextIO], None]) -> None:
    """Write ``path`` through ``write(handle)`` into a temporary file in the same folder, then
    rename it over ``path``: readers see the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            write(handle)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
