"""A cache of per-article extraction results, keyed by everything the result depends on.

    key = article_key(source, external, lexicon_files)   # None when the cache is off
    found = load(keys) -> {key: Extracted}            # the hits
    store({key: Extracted.of(claims, numbers)})

Extraction is a pure function of an article (its text and metadata), the external registry, the
corpus lexicon files and verifier's own code and data; the key is a digest of all of them
(:func:`verifier.ingest.entries.code_digest`: the code, and the versions of the libraries
reading and extraction use), so an edited article, lexicon or registry, an upgraded verifier or library
is simply a miss: nothing stale is ever used. A corpus re-audited after 1% of its articles
changed extracts only that 1%.

Entries live in one SQLite file, ``extraction-3.sqlite`` in the cache folder
(:class:`verifier.ingest.entries.Entries`; ``VERIFIER_CACHE_DIR=off`` turns it off).
Each value is an :class:`Extracted`: a zlib-compressed JSON head (the count of claims, their
names, the numbers of the body as the coverage count reads them,
:class:`~verifier.quantities.counted.NumbersFound`) after its length (4 bytes, big-endian), then
the claims as a shelf keeps them. A cache that cannot be read or written is ignored.
"""

from __future__ import annotations

import hashlib
import json
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Iterable

from verifier.ingest.entries import Entries, code_digest
from verifier.models.claim import Claim
from verifier.models.source import ExternalSource, Source

TYPE_CHECKING = False
if TYPE_CHECKING:
    from verifier.extract.corpus_names import NameUse
    from verifier.quantities.counted import NumbersFound

FORMAT: Final = "extraction-3"
"""Bumped when the layout of an entry changes."""

@dataclass(frozen=True)
class Extracted:
    """One article's extraction as the cache keeps it and an audit reads it: its proposed claims
    as a shelf keeps them (``packed``, :func:`verifier.shelf.pack`; ``count`` of them), the
    ``numbers`` of its body as the coverage count reads them, and what the one-name-per-product
    step reads of its claims (``names``, :func:`verifier.extract.corpus_names.name_uses`): a hit
    is shelved and its names read without decoding a claim."""

    packed: bytes
    count: int
    numbers: NumbersFound | None
    names: tuple[NameUse, ...]

    @classmethod
    def of(cls, claims: list[Claim], numbers: NumbersFound | None) -> Extracted:
        """The entry of ``claims`` and ``numbers``."""
        from verifier.extract.corpus_names import name_uses
        from verifier.shelf import pack

        return cls(pack(claims), len(claims), numbers, name_uses(claims))

    def claims(self) -> list[Claim]:
        """The claims, decoded."""
        from verifier.shelf import unpack

        return unpack(self.packed)


_ENTRIES: Final = Entries(FORMAT)


def article_key(src: Source, external: dict[str, ExternalSource], lexicon_files: Iterable[str]) -> str | None:
    """The cache key of extracting ``src`` with ``external`` and the corpus lexicon files (paths,
    read here: their content is part of the key), or None when the cache is off or a lexicon file
    cannot be read (the article is then extracted as without a cache)."""
    if _ENTRIES.path() is None:
        return None
    h = hashlib.sha1(f"{FORMAT}\0{code_digest()}".encode())
    h.update(src.digest().encode())
    for eid in sorted(external):
        h.update(external[eid].model_dump_json().encode())
    for name in lexicon_files:
        try:
            h.update(name.encode() + b"\0" + Path(name).read_bytes())
        except OSError:
            return None
    return h.hexdigest()


def load(keys: Iterable[str]) -> dict[str, Extracted]:
    """The cached entries among ``keys`` (misses are absent); {} when the cache is off or unreadable.
    An entry that no longer validates (a record schema changed without a new key) is a miss."""
    out: dict[str, Extracted] = {}
    for key, value in _ENTRIES.load(keys).items():
        entry = _decode(value)
        if entry is not None:
            out[key] = entry
    return out


def store(entries: dict[str, Extracted]) -> None:
    """Write ``entries`` in one transaction; failures are ignored (the next run extracts again)."""
    if entries:
        _ENTRIES.store((k, _encode(v)) for k, v in entries.items())  # encoded one by one, never all held


def _encode(entry: Extracted) -> bytes:
    numbers = entry.numbers
    doc = {"count": entry.count, "names": entry.names, "found": numbers.found, "counted": numbers.counted,
           "left": [list(n) for n in numbers.left], "outside": [list(q) for q in numbers.outside]}
    head = zlib.compress(json.dumps(doc, ensure_ascii=False).encode("utf-8"), 1)
    return struct.pack(">I", len(head)) + head + entry.packed


def _decode(value: bytes) -> Extracted | None:
    """The entry ``value`` holds, None when it cannot be read. Its repeated words (a number as
    printed, why it is no claim, the names of products) are interned: JSON gives each a string of
    its own, and at 100,000 articles the audit holds every article's left-out numbers (20,000
    entries decoded: 95 -> 86 MiB)."""
    from verifier.quantities.counted import LeftNumber, NumbersFound
    from verifier.quantities.model import Quantity

    try:
        (size,) = struct.unpack_from(">I", value)
        doc = json.loads(zlib.decompress(value[4:4 + size]))
        outside = tuple(Quantity(tuple(q[0]) if isinstance(q[0], list) else q[0], *q[1:]) for q in doc["outside"])
        left = tuple(LeftNumber(_word(surface), start, end, _word(reason)) for surface, start, end, reason in doc["left"])
        numbers = NumbersFound(doc["found"], doc["counted"], left, outside)
        names = tuple((tuple(map(_word, subjects)), tuple(map(_word, targets)), company, product)
                      for subjects, targets, company, product in doc["names"])
        return Extracted(value[4 + size:], doc["count"], numbers, names)
    except Exception:  # a damaged or outdated entry: extract again
        return None


def _word(text: str | None) -> str | None:
    """``text`` interned (None stays None)."""
    return None if text is None else sys.intern(text)
