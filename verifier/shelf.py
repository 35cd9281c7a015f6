"""The claims of a large corpus held compressed, article by article, until a group of articles needs them.

    shelf = Shelf()
    shelf.put("a000017", claims)        # the claims of one article, compressed (~1.1 KB an article)
    shelf["a000017"] -> [Claim, ...]    # decoded again, in the order they were put
    shelf.packed("a000017").placed() -> [((1, rank, i), Claim), ...]   # with their places in the corpus's order

A claim in memory takes about 2.3 KB (the pydantic model, its anchor, value, decisions); a
100,000-article archive extracts ~600,000 of them, 1.4 GB before any rule runs. The rules
need them one group of articles at a time (:mod:`verifier.rules.groups`), so the audit of
such an archive keeps each article's claims as zlib-compressed JSON, the form the extraction
cache stores (:mod:`verifier.extract.cached`), and decodes a group's when it is checked:
about 0.1 ms an article, paid twice while the articles are grouped (claims, then frames) and
once when its group is checked.

Order: the audit reads claims in the corpus's order (curated records first, then each
extracted article in turn), and some rules break ties by it; :meth:`Packed.placed` gives
each shelved claim its place, ``(1, rank of its article among the shelved, index in it)``.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from verifier.models.claim import Claim


@cache
def _codec():
    """The JSON codec of a list of claims (pydantic-core: parsed and validated in one pass)."""
    from pydantic import TypeAdapter

    return TypeAdapter(list[Claim])


@dataclass(frozen=True)
class Packed:
    """One shelved article's claims as they are kept (compressed JSON) and its rank: what a
    worker process receives, smaller to send than the claims and decoded there."""

    rank: int
    data: bytes

    def placed(self) -> list[tuple[tuple[int, ...], Claim]]:
        """(position, claim) of the article's claims, as :class:`ClaimsBySource` gives them."""
        return [((1, self.rank, i), c) for i, c in enumerate(unpack(self.data))]


def pack(claims: list[Claim]) -> bytes:
    """``claims`` as a shelf keeps them (and the extraction cache stores them): zlib-compressed JSON."""
    return zlib.compress(_codec().dump_json(claims), 1)


def unpack(data: bytes) -> list[Claim]:
    """The claims :func:`pack` gave ``data`` for, their equal parts shared (:meth:`Claim.share_parts`)."""
    return [c.share_parts() for c in _codec().validate_json(zlib.decompress(data))]


class Shelf(Mapping[str, list[Claim]]):
    """Source id -> the claims of that article, kept compressed; a :class:`Mapping` in the order
    of the articles' ranks: the order they were first put or given to :meth:`reserve`. Putting
    an article again replaces its claims and keeps its rank."""

    def __init__(self) -> None:
        self._packed: dict[str, bytes] = {}
        self._rank: dict[str, int] = {}
        self._count: dict[str, int] = {}
        self.extraction_keys: dict[str, str | None] = {}
        """Source id -> the extraction cache key its claims were made under (None: the cache is
        off), as :func:`verifier.extract.corpus.extract_missing` shelves them: kept for a re-audit."""
        self.names: bytes | None = None
        """What the corpus's names read (:class:`~verifier.extract.corpus_names.SubjectNames`),
        pickled (an archive's is tens of MB as objects), once extracted."""
        self.renamed: dict[str, dict[str, str]] = {}
        """Source id -> {short name: full name} of the articles shelved renamed (:meth:`SubjectNames.renames`)."""

    def reserve(self, source_ids: Iterable[str]) -> None:
        """Give ``source_ids`` their ranks, in this order, before their claims are put (those
        already ranked keep theirs): articles put in another order (the extraction cache's hits
        first) keep the corpus's order."""
        for sid in source_ids:
            self._rank.setdefault(sid, len(self._rank))

    def put(self, source_id: str, claims: list[Claim]) -> None:
        """Keep ``claims`` (all of article ``source_id``) compressed."""
        self.put_packed(source_id, pack(claims), len(claims))

    def put_packed(self, source_id: str, data: bytes, count: int) -> None:
        """Keep the ``count`` claims of article ``source_id`` that :func:`pack` gave ``data`` for, as they are."""
        self._rank.setdefault(source_id, len(self._rank))
        self._count[source_id] = count
        self._packed[source_id] = data

    def __getitem__(self, source_id: str) -> list[Claim]:
        """The claims of ``source_id``, decoded anew (their equal parts shared, :meth:`Claim.share_parts`).

        Raises:
            KeyError: no claims were put for ``source_id``.
        """
        return unpack(self._packed[source_id])

    def packed(self, source_id: str) -> Packed:
        """The claims of ``source_id`` as kept, with the article's rank (:class:`Packed`).

        Raises:
            KeyError: no claims were put for ``source_id``."""
        return Packed(self._rank[source_id], self._packed[source_id])

    def __contains__(self, source_id: object) -> bool:
        """Whether claims were put for ``source_id``, decoding none (:class:`Mapping`'s own test would)."""
        return source_id in self._packed

    def __iter__(self) -> Iterator[str]:
        """The ids of the articles put, by rank."""
        return (sid for sid in self._rank if sid in self._packed)

    def __len__(self) -> int:
        return len(self._packed)

    def claims(self) -> int:
        """How many claims are shelved, without decoding any."""
        return sum(self._count.values())


class ClaimsBySource(Mapping[str, list[tuple[tuple[int, ...], Claim]]]):
    """Source id -> (position, claim) of its claims, as :func:`verifier.rules.stats.claims_by_source`
    gives them for a corpus holding every claim, here for a corpus whose ``claims`` are the
    curated records and whose extracted claims are on a :class:`Shelf`. Positions follow the
    order extraction into the corpus gives: the records first ``(0, index)``, then each shelved
    article in turn ``(1, rank, index)``. A shelved article's claims are decoded at each lookup."""

    def __init__(self, curated: list[Claim], shelf: Shelf) -> None:
        self._curated: dict[str, list[tuple[tuple[int, ...], Claim]]] = {}
        for i, c in enumerate(curated):
            self._curated.setdefault(c.source, []).append(((0, i), c))
        self._shelf = shelf

    def __getitem__(self, source_id: str) -> list[tuple[tuple[int, ...], Claim]]:
        if source_id in self._curated:
            return self._curated[source_id]
        return self._shelf.packed(source_id).placed()

    def payload(self, source_id: str) -> list[tuple[tuple[int, ...], Claim]] | Packed:
        """What a worker process needs of ``source_id``'s claims: the curated ones as they are,
        a shelved article's as kept (:class:`Packed`), decoded there; [] for an article without claims."""
        if source_id in self._curated:
            return self._curated[source_id]
        return self._shelf.packed(source_id) if source_id in self._shelf else []

    def __iter__(self) -> Iterator[str]:
        yield from self._curated
        yield from (sid for sid in self._shelf if sid not in self._curated)

    def __len__(self) -> int:
        return len(self._curated) + sum(1 for sid in self._shelf if sid not in self._curated)
