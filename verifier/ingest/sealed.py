"""Cache entries authenticated with HMAC-SHA256, so that no pickle verifier did not write is
ever unpickled.

    blob = seal(context, data)       # tag + data; None when the cache has no usable key
    data = opened(context, blob)     # data, or None: forged, damaged, another entry's, no key
    dump_parts(values, handle, context)     # a stream of pickles, each sealed
    parts = load_parts(handle, context)     # next(parts): each unpickled once its tag matched

Some caches keep pickles (the article cache, the results cache, the re-audit's snapshots), and
unpickling runs whatever code the bytes name: bytes planted in the cache folder would run as the
user auditing. The cache folder is refused when others may write it
(:mod:`verifier.ingest.cache_folder`); beyond that, each entry carries a tag
(:data:`TAG_BYTES` bytes of HMAC-SHA256) under a secret key only this user can read, and the tag
is checked (:func:`hmac.compare_digest`) before the bytes are handed to anything that decodes
them. An entry whose tag does not match is a miss.

The tag covers a ``context`` besides the data: the cache and the entry's key (or a snapshot's
name and part), so an entry moved under another key does not pass either.

The key is :data:`KEY_BYTES` bytes from :func:`secrets.token_bytes`, in the file
:data:`KEY_FILE` of the cache folder, made 0600 on first use. A key file that is not a regular
file of this user readable only by them is not used: every entry is a miss, none is stored
(the reporter is told).

Cost on a hit (``benchmarks/bench_cache_mac.py``, 1,000 synthetic articles, a loaded machine,
two runs): 2.1-4.4 µs to check an entry's tag (0.8-1.3 KB), 6-13% of the 18-45 µs to decode
it; reading a re-audit snapshot with its tags checked, 2.0-2.4 ms against 1.1-1.3 ms for its
920 KB as bare pickles (each part is read whole before it is unpickled).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import secrets
import stat
import struct
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO, Final

from verifier.ingest import cache_folder

KEY_FILE: Final = "hmac-key"
"""The key's file in the cache folder."""

KEY_BYTES: Final = 32
"""Length of the key: SHA-256's block needs no more (RFC 2104 recommends at least the output length)."""

TAG_BYTES: Final = 32
"""Length of a tag: a full HMAC-SHA256 digest, at the start of each sealed blob."""

_LENGTH: Final = struct.Struct(">Q")
"""A part's length in a stream of sealed pickles (:func:`dump_parts`), before its tag."""

_keys: dict[str, bytes | None] = {}
"""Cache folder -> its key (None: none usable), read once per process."""


def key() -> bytes | None:
    """The secret key of the cache folder (made on first use), None when the cache is off or
    refused or the key cannot be made or trusted."""
    base = cache_folder.root()
    if base is None:
        return None
    where = str(base)
    if where not in _keys:
        _keys[where] = _read_or_make(base / KEY_FILE)
    return _keys[where]


def forget() -> None:
    """Drop the keys read (tests, a process whose cache folder changed)."""
    _keys.clear()


class Seal:
    """Tags under one key: what a cache takes once (:func:`current`) for all the entries of a
    load or a store, rather than finding the key again for each."""

    def __init__(self, secret: bytes) -> None:
        self._keyed = hmac.new(secret, digestmod=hashlib.sha256)  # keyed once; each tag starts from a copy

    def begin(self, context: str) -> hmac.HMAC:
        """An HMAC-SHA256 fed ``context`` (then a NUL): update it with the data, then digest."""
        h = self._keyed.copy()
        h.update(context.encode("utf-8") + b"\0")
        return h

    def tag(self, context: str, data: bytes | memoryview) -> bytes:
        """HMAC-SHA256 of ``context`` (then a NUL) and ``data``."""
        h = self.begin(context)
        h.update(data)
        return h.digest()

    def seal(self, context: str, data: bytes) -> bytes:
        """``data`` with its tag for ``context`` in front."""
        return self.tag(context, data) + data

    def open(self, context: str, blob: bytes) -> bytes | None:
        """The data of a blob :meth:`seal` made for ``context``, or None when its tag does not
        match (planted, damaged, moved from another key, made under another key). Nothing in
        ``blob`` is decoded before the tag is checked."""
        if len(blob) < TAG_BYTES:
            return None
        data = memoryview(blob)[TAG_BYTES:]
        if not hmac.compare_digest(blob[:TAG_BYTES], self.tag(context, data)):
            return None
        return bytes(data)


def current() -> Seal | None:
    """A :class:`Seal` under the cache folder's :func:`key`, None when there is none."""
    secret = key()
    return None if secret is None else Seal(secret)


def seal(context: str, data: bytes) -> bytes | None:
    """``data`` with its tag in front, or None when there is no key (nothing is then stored)."""
    sealer = current()
    return None if sealer is None else sealer.seal(context, data)


def opened(context: str, blob: bytes) -> bytes | None:
    """:meth:`Seal.open` under the current key; None also when there is no key."""
    sealer = current()
    return None if sealer is None else sealer.open(context, blob)


class Unsealed(Exception):
    """A stream of sealed pickles whose part does not pass its tag, or that ends early."""


def dump_parts(values: Iterable[Any], handle: BinaryIO, context: str) -> bool:
    """Write each of ``values`` pickled into ``handle`` (a seekable file): its length (8 bytes,
    big-endian), its tag under ``context`` and its place in the stream, then the pickle. One
    pickle a value, so no pickle memo spans the whole (an archive's snapshot is tens of MB);
    each is pickled straight into the file through its tag, never held whole (a re-audit's
    codes are ~50 MB at 100,000 articles), and its length and tag written back before it.
    False when there is no key (nothing is written)."""
    sealer = current()
    if sealer is None:
        return False
    for at, value in enumerate(values):
        start = handle.tell()
        handle.write(bytes(_LENGTH.size + TAG_BYTES))  # filled in once the pickle is written
        tagging = _Tagging(handle, sealer.begin(f"{context}\0{at}"))
        pickle.dump(value, tagging, pickle.HIGHEST_PROTOCOL)
        handle.seek(start)
        handle.write(_LENGTH.pack(tagging.size) + tagging.h.digest())
        handle.seek(0, os.SEEK_END)
    return True


class _Tagging:
    """A file that feeds what is written to it to an HMAC too (what :func:`pickle.dump` writes into)."""

    def __init__(self, handle: BinaryIO, h: hmac.HMAC) -> None:
        self.handle, self.h, self.size = handle, h, 0

    def write(self, data: bytes | memoryview) -> int:
        self.h.update(data)
        self.size += memoryview(data).nbytes  # pickle may hand a large array's buffer over as it is: bytes, not items
        return self.handle.write(data)


def load_parts(handle: BinaryIO, context: str) -> Iterator[Any]:
    """The values :func:`dump_parts` wrote into ``handle`` for ``context``, one a ``next``
    (until the stream ends): each part read whole into memory, its tag checked, and only then
    unpickled.

    Raises:
        Unsealed: a part's tag does not match (planted, damaged, another stream's, another
            key's), the stream ends early, or there is no key."""
    sealer = current()
    if sealer is None:
        raise Unsealed("no key")
    size = os.fstat(handle.fileno()).st_size
    at = 0
    while True:
        head = handle.read(_LENGTH.size + TAG_BYTES)
        if not head:
            return
        if len(head) != _LENGTH.size + TAG_BYTES:
            raise Unsealed(f"part {at}: the stream ends")
        (length,) = _LENGTH.unpack_from(head)
        data = handle.read(length) if length <= size else b""
        if len(data) != length or not hmac.compare_digest(head[_LENGTH.size:], sealer.tag(f"{context}\0{at}", data)):
            raise Unsealed(f"part {at}: its tag does not match")
        yield pickle.loads(data)
        at += 1


def _read_or_make(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        return _make(path)
    except OSError:
        cache_folder.warn(_refusal(path, "cannot be read"))
        return None
    try:
        st = os.fstat(fd)
        data = os.read(fd, KEY_BYTES + 1)
    finally:
        os.close(fd)
    if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & 0o077:
        cache_folder.warn(_refusal(path, "may be read or written by another user"))
        return None
    if len(data) != KEY_BYTES:
        cache_folder.warn(_refusal(path, "is damaged"))
        return None
    return data


def _make(path: Path) -> bytes | None:
    """A new key in ``path`` (0600), or the one another process made there first: written whole
    into a temporary file, then linked to its name (which fails when the name is taken)."""
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", dir=path.parent)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), 0o600)
            handle.write(secrets.token_bytes(KEY_BYTES))
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        return _read_or_make(path) if path.exists() else None
    except OSError:
        return None
    finally:
        Path(tmp).unlink(missing_ok=True)


def _refusal(path: Path, why: str) -> str:
    return f"verifier: cache key {path} {why}; running without the cache entries it signs (delete it: a new one is made)"
