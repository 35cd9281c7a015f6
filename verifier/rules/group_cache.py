"""The results of groups of articles kept from one audit to the next, so that re-auditing an
archive where a few articles changed checks only the groups they are in.

    digests = article_digests(corpus, claims_of)     # source id -> digest; {} when the cache is off
    key = group_key(digests, group, extras, codes, external)
    kept = load(keys, stats, sources)                 # key -> result, for the entries whose reads still hold
    store({key: (log, result)})

A group's result (:func:`verifier.rules.groups.by_group`) is a function of:

* its articles (each one's metadata, path, body, claims, numbers and extraction error: its
  :func:`article_digest`) and their places in the corpus's order of claims (the rank of a
  shelved article, the indexes of curated records: V305 reports claims in that order), and
  likewise of the extras (primary sources and articles printing corrections) read beside it;
* the rules run, verifier's code and libraries (:func:`verifier.extract.cached.code_digest`)
  and the external registry;
* what its rules read of the whole corpus, logged while they ran (:mod:`verifier.rules.reads`).

The first two make the entry's key; the third is stored in the entry with the result, and an
entry is used only when every read it logged gives the same answer in this run
(:func:`~verifier.rules.reads.still_holds`): nothing stale is ever used. Entries live in
``groups-1.sqlite`` in the cache folder (:class:`verifier.ingest.entries.Entries`;
``VERIFIER_CACHE_DIR=off`` turns it off), each a zlib-compressed pickle written by this
process and read back only by verifier.
"""

from __future__ import annotations

import hashlib
import pickle
import zlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from verifier.ingest.entries import Entries
from verifier.rules.reads import source_digest, still_holds

if TYPE_CHECKING:
    from verifier.ingest.corpus import Corpus
    from verifier.models.source import ExternalSource, Source
    from verifier.rules.groups import Part
    from verifier.rules.stats import Stats

FORMAT: Final = "groups-1"
"""Bumped when the layout of an entry changes."""

_ENTRIES: Final = Entries(FORMAT)


def enabled() -> bool:
    """True when the cache folder is on (``VERIFIER_CACHE_DIR`` is not ``off``)."""
    return _ENTRIES.path() is not None


def article_digest(src: Source, payload: Any, numbers: Any, error: str | None) -> str:
    """A digest of one article as a group's rules read it: ``src`` (metadata, path, body), its
    claims' ``payload`` (:meth:`ClaimsBySource.payload <verifier.shelf.ClaimsBySource.payload>`:
    compressed claims with the article's rank, or (position, claim) pairs of curated records),
    its ``numbers`` and extraction ``error``."""
    from verifier.shelf import Packed

    h = hashlib.sha1((source_digest(src) or "").encode())
    if isinstance(payload, Packed):
        h.update(b"packed %d\0" % payload.rank + payload.data)
    else:
        for at, c in payload:
            h.update(f"record {at}\0".encode() + c.model_dump_json().encode())
    h.update(b"\0" + repr(numbers).encode() + b"\0" + repr(error).encode())
    return h.hexdigest()


def article_digests(corpus: Corpus, payload_of) -> dict[str, str]:
    """Source id -> :func:`article_digest` of every article of ``corpus`` (``payload_of(sid)``:
    its claims as a worker receives them); {} when the cache is off."""
    if not enabled():
        return {}
    return {sid: article_digest(src, payload_of(sid), corpus.numbers.get(sid), corpus.extraction_errors.get(sid))
            for sid, src in corpus.sources.items()}


def group_key(digests: Mapping[str, str], group: Part, extras: Part | None, codes: list[str],
              external: Mapping[str, ExternalSource]) -> str:
    """The key of ``group``'s entry: its articles' digests in its order, the extras', the rule
    codes, verifier's code and the external registry (see the module docstring)."""
    from verifier.extract.cached import code_digest

    h = hashlib.sha1(f"{FORMAT}\0{code_digest()}\0{','.join(codes)}\0".encode())
    for eid in sorted(external):
        h.update(external[eid].model_dump_json().encode())
    for side in (group, extras):
        h.update(b"\0side\0")
        for sid in side.sources if side is not None else ():
            h.update(sid.encode() + b"\0" + digests[sid].encode())
    return h.hexdigest()


def load(keys: list[str], stats: Stats, sources: Mapping[str, Source]) -> dict[str, Any]:
    """Key -> the result kept for it, for the entries among ``keys`` whose logged reads still
    hold with ``stats`` and ``sources`` (the whole corpus's); an entry that cannot be read is a miss."""
    out: dict[str, Any] = {}
    for key, value in _ENTRIES.load(keys).items():
        try:
            log, result = pickle.loads(zlib.decompress(value))
        except Exception:  # a damaged entry: check the group again
            continue
        if still_holds(log, stats, sources):
            out[key] = result
    return out


def store(entries: Mapping[str, tuple[dict, Any]]) -> None:
    """Keep each key's (log of reads, result); failures are ignored (the next run checks again)."""
    if entries:
        _ENTRIES.store((k, zlib.compress(pickle.dumps(v, pickle.HIGHEST_PROTOCOL), 1)) for k, v in entries.items())
