"""The results of the grouped audit's passes kept from one audit to the next, so that
re-auditing an archive where a few articles changed reads again only those articles and checks
only the groups they are in.

    digests = article_digests(corpus, payload_of)    # source id -> digest; {} when the cache is off
    run = run_digest(codes, external)                # rule codes, verifier's code, the registry
    key = stage_key("group", [members, extras], run)   # each side: [(source id, digest)]
    kept = load(keys, whole)                         # key -> (log, result), for the entries whose reads still hold
    store({key: (log, result)})

Three passes of :mod:`verifier.rules.groups` keep their results: each article's claims pass
(``"claims"``) and frames pass (``"frames"``), and each group's rules (``"group"``). A result is
a function of:

* the articles it read (each one's metadata, path, body, claims, numbers and extraction error:
  its :func:`article_digest`) and their places in the corpus's order of claims (the rank of a
  shelved article, the indexes of curated records: V305 reports claims in that order), and for
  a group likewise of the extras (primary sources and articles printing corrections) read beside it;
* the rules run, verifier's code and libraries (:func:`verifier.ingest.entries.code_digest`)
  and the external registry;
* what it read of the whole corpus, logged while it ran (:mod:`verifier.rules.reads`).

The first two make the entry's key; the third is stored in the entry with the result, and an
entry is used only when every read it logged gives the same answer in this run
(:func:`~verifier.rules.reads.still_holds`): nothing stale is ever used. Entries live in
``results-1.sqlite`` in the cache folder (:class:`verifier.ingest.entries.Entries`;
``VERIFIER_CACHE_DIR=off`` turns it off), each a zlib-compressed pickle written by verifier
and read back only by it: an entry is unpickled only once its HMAC tag under this user's key
matched (:mod:`verifier.ingest.sealed`).
"""

from __future__ import annotations

import hashlib
import pickle
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from verifier.ingest.entries import Entries
from verifier.rules.reads import Whole, digest_in, still_holds

if TYPE_CHECKING:
    from verifier.ingest.corpus import Corpus
    from verifier.models.source import ExternalSource

FORMAT: Final = "results-1"
"""Bumped when the layout of an entry changes."""

_ENTRIES: Final = Entries(FORMAT)


def enabled() -> bool:
    """True when the cache folder is on (``VERIFIER_CACHE_DIR`` is not ``off``)."""
    return _ENTRIES.path() is not None


def article_digest(source: str | None, payload: Any, numbers: Any, error: str | None) -> str:
    """A digest of one article as the passes read it: ``source``, the digest of the article
    itself (metadata, path, body: :func:`~verifier.rules.reads.digest_in`), its
    claims' ``payload`` (:meth:`ClaimsBySource.payload <verifier.shelf.ClaimsBySource.payload>`:
    compressed claims with the article's rank, or (position, claim) pairs of curated records),
    its ``numbers`` and extraction ``error``."""
    from verifier.shelf import Packed

    h = hashlib.sha1((source or "").encode())
    if isinstance(payload, Packed):
        h.update(b"packed %d\0" % payload.rank + payload.data)
    else:
        for at, c in payload:
            h.update(f"record {at}\0".encode() + c.model_dump_json().encode())
    h.update(b"\0" + repr(numbers).encode() + b"\0" + repr(error).encode())
    return h.hexdigest()


def article_digests(corpus: Corpus, payload_of: Callable[[str], Any]) -> dict[str, str]:
    """Source id -> :func:`article_digest` of every article of ``corpus`` (``payload_of(sid)``:
    its claims as a worker receives them); {} when the cache is off."""
    if not enabled():
        return {}
    return {sid: article_digest(digest_in(corpus.sources, sid), payload_of(sid), corpus.numbers.get(sid), corpus.extraction_errors.get(sid))
            for sid in corpus.sources}


def run_digest(codes: Sequence[str], external: Mapping[str, ExternalSource]) -> str:
    """A digest of what every result of a run shares: the rule codes, verifier's code
    (:func:`verifier.ingest.entries.code_digest`) and the external registry. Taken once per pass,
    not once per part."""
    from verifier.ingest.entries import code_digest

    h = hashlib.sha1(f"{FORMAT}\0{code_digest()}\0{','.join(codes)}\0".encode())
    for eid in sorted(external):
        h.update(external[eid].model_dump_json().encode())
    return h.hexdigest()


def stage_key(stage: str, sides: Sequence[Sequence[tuple[str, str]]], run: str) -> str:
    """The key of one result of ``stage``: the (source id, :func:`article_digest`) of the articles
    of each side it read, in order (a group: its own, then the extras), and the :func:`run_digest`
    ``run`` (see the module docstring)."""
    h = hashlib.sha1(f"{stage}\0{run}\0".encode())
    for side in sides:
        h.update(b"\0side\0")
        for sid, digest in side:
            h.update(sid.encode() + b"\0" + digest.encode())
    return h.hexdigest()


def load(keys: Sequence[str], whole: Whole | None) -> dict[str, tuple[dict, Any]]:
    """Key -> (its log of reads, the result kept for it), for the entries among ``keys`` whose
    logged reads still hold in ``whole`` (this run's; None: every entry, its reads known to hold
    by other means, :mod:`verifier.rules.regroup`); an entry that cannot be read is a miss."""
    out: dict[str, tuple[dict, Any]] = {}
    answers: dict = {}  # one whole: each read answered once
    for key, value in _ENTRIES.load(keys).items():
        try:
            log, result = pickle.loads(zlib.decompress(value))
        except Exception:  # a damaged entry: compute it again
            continue
        if whole is None or still_holds(log, whole, answers):
            out[key] = log, result
    return out


def store(entries: Mapping[str, tuple[dict, Any]]) -> None:
    """Keep each key's (log of reads, result); failures are ignored (the next run computes them again)."""
    if entries:
        _ENTRIES.store((k, zlib.compress(pickle.dumps(v, pickle.HIGHEST_PROTOCOL), 1)) for k, v in entries.items())
