"""Articles read before, kept with the signature of their file, so that reading a corpus again
parses only the files that changed.

    sources = read_files(files, describe, read)   # one Source per file, in order

An entry holds the :class:`~verifier.models.source.Source` read from a file and the file's
:func:`signature` (size, modification and change times in nanoseconds, inode, device) taken
before it was read, with the time it was taken. It is used when the file's signature is the same
now and the file was last modified at least :data:`RACY_NS` before it was read: a file written
within a clock tick of being read may change again without any of its times moving (git's "racy
clean" files), so it is read again until it has been still for that long. Any other file is read
as without a cache, and its entry written.

The key is the file's resolved path, the path reports name it by, its folder's ``sources.yaml``
settings (what ``describe`` gives) and verifier's code and libraries
(:func:`verifier.ingest.entries.code_digest`): a report read from another folder, an edited
``sources.yaml`` or a new version of verifier is a miss. Entries live in ``articles-1.sqlite`` in
the cache folder (:class:`verifier.ingest.entries.Entries`; ``VERIFIER_CACHE_DIR=off`` turns it
off), each a zlib-compressed pickle written by verifier and read back only by it: an entry is
unpickled only once its HMAC tag under this user's key matched (:mod:`verifier.ingest.sealed`).

Measured on the 10,000-article synthetic corpus (benchmarks/synth_corpus.py, 3.5 KB an article):
reading and parsing a file takes ~80 µs, and ~30 µs more to send its Source back from a worker;
unpickling an entry ~15 µs.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Final

from verifier.ingest.entries import Entries, code_digest
from verifier.models.source import Source

FORMAT: Final = "articles-1"
"""Bumped when the layout of an entry changes."""

RACY_NS: Final = 2_000_000_000
"""How long (ns) a file must have been unmodified when it was read for its entry to be trusted:
the coarsest timestamp granularity of a common file system (FAT's 2 s; ext4 and APFS keep
nanoseconds, HFS+ seconds)."""

WINDOW: Final = 5000
"""Files whose entries are looked up, and whose misses are read, at a time: an archive's
entries are never all in memory."""

_ENTRIES: Final = Entries(FORMAT)

Signature = tuple[int, int, int, int, int]
"""(size, modification time ns, change time ns, inode, device) of a file: :func:`signature`."""


def signature(path: Path) -> Signature | None:
    """The :data:`Signature` of the file at ``path`` (its target when a link); None when it cannot be read."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev


def read_files(files: list[Path], describe: Callable[[Path], tuple[str, ...]],
               read: Callable[[list[Path]], Iterable[Source]]) -> Iterator[Source]:
    """The article of each of ``files`` (or the :class:`~verifier.ingest.unread.Unread` its
    reading gave, kept alike), in order: from its entry when the file is unchanged
    (see the module docstring), else by ``read`` (given the files to read, in order; it may
    read them on every core) and its entry written. ``describe(file)``: what besides the file's
    content its article depends on (resolved path, path as shown, its folder's settings), part
    of the key.

    Raises:
        Whatever ``read`` raises (an invalid file: :class:`~verifier.errors.InputError`).
    """
    if _ENTRIES.path() is None:
        yield from read(files)
        return
    code = code_digest()
    for at in range(0, len(files), WINDOW):
        window = files[at:at + WINDOW]
        keys = [_key(code, describe(f)) for f in window]
        now = time.time_ns()  # before any file of the window is looked at: an edit after this moves its times past it
        sigs = [signature(f) for f in window]
        kept = _kept(_ENTRIES.load(keys), keys, sigs)
        fresh = iter(read([f for f, k in zip(window, keys) if k not in kept]))
        sources = [kept[key] if key in kept else next(fresh) for key in keys]
        _ENTRIES.store((key, zlib.compress(pickle.dumps((sig, now, src), pickle.HIGHEST_PROTOCOL), 1))
                       for key, sig, src in zip(keys, sigs, sources)
                       if key not in kept and sig is not None and sig == signature(Path(src.file or "")))  # unchanged while read
        yield from sources  # stored first: a caller may stop at the last article


def _key(code: str, described: tuple[str, ...]) -> str:
    return hashlib.sha1("\0".join((FORMAT, code, *described)).encode()).hexdigest()


def _kept(found: dict[str, bytes], keys: list[str], sigs: list[Signature | None]) -> dict[str, Source]:
    """Key -> the article of each entry of ``found`` whose file is unchanged: its signature now
    (``sigs``, in the order of ``keys``) is the one it had when read, and it had been still for
    :data:`RACY_NS` then. An entry that cannot be read is a miss."""
    out: dict[str, Source] = {}
    for key, sig in zip(keys, sigs):
        value = found.get(key)
        if value is None or sig is None:
            continue
        try:
            then, read_at, src = pickle.loads(zlib.decompress(value))
        except Exception:  # a damaged entry: read the file again
            continue
        if then == sig and sig[1] + RACY_NS <= read_at:
            out[key] = src
    return out
