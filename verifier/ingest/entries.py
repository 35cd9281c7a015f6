"""A file of cache entries, key -> bytes, in SQLite: one file holds a newsroom's archive better
than 100,000 small ones, and SQLite makes concurrent runs safe.

    entries = Entries("results-1")             # <cache folder>/results-1.sqlite
    entries.load(keys) -> {key: bytes}         # the hits; {} when the cache is off or unreadable
    entries.store((key, value) for ...)        # one transaction; failures ignored

The folder is :func:`verifier.ingest.cache_folder.root` (``VERIFIER_CACHE_DIR=off`` turns every
cache off; a folder others may write is refused). A cache that cannot be read or written is
ignored: the run computes what it would have read. The file is made 0600 before SQLite opens it
(its journal takes the file's mode). Each value is sealed (:mod:`verifier.ingest.sealed`: an
HMAC-SHA256 tag of the cache's name, the key and the value, under this user's secret key) and
:meth:`Entries.load` hands back only values whose tag matches, dropping the others from the
file: a value planted by anyone without the key is never decoded.

Used by the article cache (:mod:`verifier.ingest.article_cache`), the extraction cache
(:mod:`verifier.extract.cached`) and the results cache (:mod:`verifier.rules.results_cache`),
whose keys all carry :func:`code_digest`.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterable
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Final

from verifier.ingest import cache_folder, sealed

BATCH: Final = 500
"""Keys looked up in one SQL statement (SQLite allows 999 parameters by default)."""

MMAP: Final = 1 << 30
"""Bytes of a cache file :meth:`Entries.load` reads through a memory map (``PRAGMA mmap_size``):
on the 10,000-article synthetic corpus's caches a key's lookup took 9-12 µs through SQLite's
reads and 1.8 µs through the map. The map is address space, not memory: only the pages a
load's keys touch are read in, and the map goes with the connection, which each load closes."""

LIBRARIES: Final = ("cn2an", "rjieba", "pint", "rapidfuzz", "pyahocorasick", "pydantic", "pyyaml", "trafilatura")
"""Distributions whose version is part of :func:`code_digest`: reading and extraction use them
(numerals, Chinese words, units, fuzzy names, word automata, the record models, front matter,
the main text of HTML pages)."""


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of verifier's own code and data files (every file of the package but bytecode)
    and of the versions of :data:`LIBRARIES`: any change to what reading, extraction or the rules
    run changes it, so every cache's keys carry it. Reading the package's ~1.5 MB takes a few
    milliseconds."""
    h = hashlib.sha1(b"code-1")
    package = Path(__file__).resolve().parents[1]
    for path in sorted(package.rglob("*")):
        if path.is_file() and path.suffix not in (".pyc", ".pyo") and "__pycache__" not in path.parts:
            h.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for name in LIBRARIES:
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            version = "-"
        h.update(f"{name}={version}\0".encode())
    return h.hexdigest()


class Entries:
    """The entries of one cache, in ``<cache folder>/<name>.sqlite`` (see the module docstring)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def path(self) -> Path | None:
        """The file, or None when the cache is off."""
        base = cache_folder.root()
        return None if base is None else base / (self.name + ".sqlite")

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        cache_folder.make_private(path.parent)
        cache_folder.open_private(path)
        db = sqlite3.connect(path, timeout=30)
        db.execute("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
        return db

    def _context(self, key: str) -> str:
        """What a value's tag covers besides the value: this cache and the entry's key."""
        return f"{self.name}\0{key}"

    def load(self, keys: Iterable[str]) -> dict[str, bytes]:
        """The stored values of ``keys`` whose tag matches (misses are absent; an entry whose tag
        does not match is a miss, deleted); {} when the cache is off or unreadable."""
        path, wanted = self.path(), list(dict.fromkeys(keys))
        if path is None or not wanted or not path.exists():
            return {}
        sealer = sealed.current()
        if sealer is None:
            return {}
        out: dict[str, bytes] = {}
        forged: list[str] = []
        try:
            db = self._connect(path)
            try:
                db.execute(f"PRAGMA mmap_size={MMAP}")
                for i in range(0, len(wanted), BATCH):
                    part = wanted[i:i + BATCH]
                    for key, blob in db.execute(f"SELECT key, value FROM entries WHERE key IN ({','.join('?' * len(part))})", part):
                        value = sealer.open(self._context(key), blob)
                        if value is None:
                            forged.append(key)
                        else:
                            out[key] = value
                if forged:
                    with db:
                        db.executemany("DELETE FROM entries WHERE key = ?", [(k,) for k in forged])
            finally:
                db.close()
        except (sqlite3.Error, OSError):
            return {}
        return out

    def store(self, entries: Iterable[tuple[str, bytes]]) -> None:
        """Write ``entries`` (consumed one by one, never all held) in one transaction; failures
        are ignored (the next run computes them again)."""
        path = self.path()
        sealer = None if path is None else sealed.current()
        if path is None or sealer is None:
            return
        try:
            db = self._connect(path)
            try:
                with db:
                    db.executemany("INSERT OR REPLACE INTO entries (key, value) VALUES (?, ?)",
                                   ((k, sealer.seal(self._context(k), v)) for k, v in entries))
            finally:
                db.close()
        except (sqlite3.Error, OSError):
            pass
