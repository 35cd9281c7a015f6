"""A file of cache entries, key -> bytes, in SQLite: one file holds a newsroom's archive better
than 100,000 small ones, and SQLite makes concurrent runs safe.

    entries = Entries("results-1")             # <cache folder>/results-1.sqlite
    entries.load(keys) -> {key: bytes}         # the hits; {} when the cache is off or unreadable
    entries.store((key, value) for ...)        # one transaction; failures ignored

The folder is :func:`verifier.ingest.cache.root` (``VERIFIER_CACHE_DIR=off`` turns every cache
off). A cache that cannot be read or written is ignored: the run computes what it would have
read. Used by the extraction cache (:mod:`verifier.extract.cached`) and the group cache
(:mod:`verifier.rules.results_cache`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from verifier.ingest import cache

BATCH: Final = 500
"""Keys looked up in one SQL statement (SQLite allows 999 parameters by default)."""


class Entries:
    """The entries of one cache, in ``<cache folder>/<name>.sqlite`` (see the module docstring)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def path(self) -> Path | None:
        """The file, or None when the cache is off."""
        base = cache.root()
        return None if base is None else base / (self.name + ".sqlite")

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=30)
        db.execute("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
        return db

    def load(self, keys: Iterable[str]) -> dict[str, bytes]:
        """The stored values of ``keys`` (misses are absent); {} when the cache is off or unreadable."""
        path, wanted = self.path(), list(dict.fromkeys(keys))
        if path is None or not wanted or not path.exists():
            return {}
        out: dict[str, bytes] = {}
        try:
            db = self._connect(path)
            try:
                for i in range(0, len(wanted), BATCH):
                    part = wanted[i:i + BATCH]
                    out.update(db.execute(f"SELECT key, value FROM entries WHERE key IN ({','.join('?' * len(part))})", part))
            finally:
                db.close()
        except sqlite3.Error:
            return {}
        return out

    def store(self, entries: Iterable[tuple[str, bytes]]) -> None:
        """Write ``entries`` (consumed one by one, never all held) in one transaction; failures
        are ignored (the next run computes them again)."""
        path = self.path()
        if path is None:
            return
        try:
            db = self._connect(path)
            try:
                with db:
                    db.executemany("INSERT OR REPLACE INTO entries (key, value) VALUES (?, ?)", entries)
            finally:
                db.close()
        except (sqlite3.Error, OSError):
            pass
