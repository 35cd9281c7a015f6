"""The cache folder: where it is, whether it is safe to use, and how files are made in it.

    base = root()                  # the folder, None when the cache is off or refused
    runs = folder("runs-1")        # a subfolder, made 0700; None when off or refused
    make_private(path)             # a folder made 0700 (its missing parents too)
    write_private(path, data)      # a file replaced whole, 0600
    open_private(path)             # a file made 0600 if missing (SQLite opens it after)

Location: ``$VERIFIER_CACHE_DIR``, else ``$XDG_CACHE_HOME/verifier``, else
``~/.cache/verifier``; ``VERIFIER_CACHE_DIR=off`` turns every cache off.

The caches hold article bodies and quotes, and some entries are pickles (authenticated before
they are read, :mod:`verifier.ingest.sealed`). A folder that another user owns, or that group
or others may write, could have entries planted or swapped by them: it is not used. The run
goes on without the cache (the same findings, computed again) and :func:`report_to`'s callback
(the CLI's: one line on stderr) is told once per process which folder and why. A root given as
a symbolic link is judged by the folder it resolves to; a subfolder must not be a link (verifier
makes them). What verifier creates is private whatever the umask: folders 0700, files 0600; a
subfolder of its own made readable by others by an earlier version is set 0700 (the root, which
the user may have chosen, is left as it is; the SQLite files in it are set 0600 when opened).
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Final

OFF: Final = "off"
"""The value of ``VERIFIER_CACHE_DIR`` that turns every cache off."""

_checked: dict[str, bool] = {}
"""Folder path -> whether it may be used, judged once per process (a folder is stat'ed, not
every entry)."""
_told: set[str] = set()
"""Lines already given to the reporter: each refusal is told once per run."""
_report: Callable[[str], None] = lambda line: None


def report_to(callback: Callable[[str], None]) -> None:
    """Have ``callback(line)`` told, once per refused folder, why a cache is not used (the CLI
    prints it on stderr); the library itself never prints."""
    global _report
    _report = callback


def warn(line: str) -> None:
    """Tell the reporter ``line`` unless it was told already in this process."""
    if line not in _told:
        _told.add(line)
        _report(line)


def forget() -> None:
    """Drop the folders judged and the lines told: for tests, and a process whose folder changed."""
    _checked.clear()
    _told.clear()


def root() -> Path | None:
    """The cache folder of this user (see the module docstring), made 0700 when missing; None
    when the cache is off, cannot be made, or is refused (the reporter is told why)."""
    setting = os.environ.get("VERIFIER_CACHE_DIR")
    if setting == OFF:
        return None
    base = Path(setting) if setting else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "verifier"
    return base if _usable(base, follow=True) else None


def folder(name: str) -> Path | None:
    """The subfolder ``name`` of :func:`root`, made 0700 when missing; None when the cache is
    off or either folder is refused."""
    base = root()
    if base is None:
        return None
    sub = base / name
    return sub if _usable(sub, follow=False) else None


def _usable(path: Path, follow: bool) -> bool:
    """Whether the folder ``path`` may hold the cache (made when missing), judged once; a
    refusal is told to the reporter. ``follow``: judge a symbolic link by its target (the
    root), else refuse it (a subfolder)."""
    key = str(path)
    if key not in _checked:
        problem = _problem(path, follow)
        _checked[key] = problem is None
        if problem and problem[0]:
            why, fix = problem
            warn(f"verifier: cache folder {path} {why}; running without the cache ({fix}set VERIFIER_CACHE_DIR to a folder of yours)")
    return _checked[key]


def _problem(path: Path, follow: bool) -> tuple[str, str] | None:
    """(why the folder ``path`` may not be used, how to fix it: '' or a command and 'or '), or
    None when it may. ('', '') when it cannot be made: nothing to tell, the run goes on uncached
    as it always did in a read-only place."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        try:
            make_private(path)
            st = os.lstat(path)
        except OSError:
            return "", ""
    except OSError:
        return "", ""
    link = ""
    if stat.S_ISLNK(st.st_mode):
        if not follow:
            return "is a symbolic link", f"remove {path} or "
        try:
            st = os.stat(path)
        except OSError:
            return "is a symbolic link to nothing", f"remove {path} or "
        link = f"links to {os.path.realpath(path)}, which "
    if not stat.S_ISDIR(st.st_mode):
        return link + "is not a folder", ""
    if st.st_uid != os.geteuid():
        return link + f"is owned by another user (uid {st.st_uid})", ""
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        why = "is writable by others" if st.st_mode & stat.S_IWOTH else "is writable by its group"
        return link + why, f"chmod 700 {path} or "
    if not follow and stat.S_IMODE(st.st_mode) != 0o700:
        try:  # verifier's own subfolder, made 0755 by a version before 0700: its entries no longer readable by others
            os.chmod(path, 0o700)
        except OSError:
            pass
    return None


def make_private(path: Path) -> None:
    """Make the folder ``path`` (and its missing parents) mode 0700 whatever the umask; a folder
    already there is left as it is.

    Raises:
        OSError: it cannot be made."""
    if path.is_dir():
        return
    if not path.parent.is_dir():
        make_private(path.parent)
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        return
    os.chmod(path, 0o700)


def open_private(path: Path) -> None:
    """Make the file ``path`` if missing and set it 0600 (never following a link), so that
    what opens it next (SQLite, whose journal takes the file's mode) writes into a private file.

    Raises:
        OSError: it cannot be made or is not ours to change."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        if stat.S_IMODE(os.fstat(fd).st_mode) != 0o600:
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)


def write_private(path: Path, data: bytes) -> None:
    """Replace the file ``path`` with ``data``, mode 0600: written into a temporary file beside
    it and renamed over it (readers see the old file or the new one). Its folder must exist.

    Raises:
        OSError: it cannot be written."""
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), 0o600)
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
