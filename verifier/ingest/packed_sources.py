"""The articles of a large corpus held compressed, each unpacked when it is read.

    sources = PackedSources()
    sources["a17"] = src          # pickled and compressed (~1.3 KB for a 3.5 KB article)
    sources["a17"] -> Source      # a new instance, unpacked (~35 µs), its digest known
    sources.digest_of("a17")      # its Source.digest, made when it was put

An archive's audit (the totals-only formats, whose claims wait on a
:class:`~verifier.shelf.Shelf`) reads each article a few times: extraction, the digests the
caches key on, the grouped stage's passes (a worker reads the articles of its part), the rules
run once on every article's metadata. No step needs every article at once, so none is held as
an object between reads.

Measured on the synthetic corpora (``benchmarks/synth_corpus.py``, 3.5 KB an article, half of
them Chinese): an article read into memory takes ~5 KB (its body as a ``str``, the metadata's
models), ~1.26 KB packed; packing takes ~53 µs and unpacking ~34 µs. At 100,000 articles the
audit's parent process held ~660 MiB of articles from loading to the end of the run, and each
forked worker copied the pages of those it read (Python writes a reference count into every
object it reads).
"""

from __future__ import annotations

import pickle
import zlib
from collections.abc import Iterator, MutableMapping

from verifier.models.source import Source, known_digest


class PackedSources(MutableMapping[str, Source]):
    """Source id -> article, each kept as a zlib-compressed pickle with its digest and unpacked
    anew when read (:class:`~verifier.models.source.Source` is frozen: a read copy is the
    article), its digest known without being made again. Iterates in the order the articles
    were put. Pickles as its packed form (what a cluster's workers receive).

    Raises:
        KeyError: from a read of an id it does not hold."""

    def __init__(self) -> None:
        self._packed: dict[str, bytes] = {}
        self._digests: dict[str, str] = {}

    def __getitem__(self, sid: str) -> Source:
        return known_digest(pickle.loads(zlib.decompress(self._packed[sid])), self._digests[sid])

    def __setitem__(self, sid: str, src: Source) -> None:
        self._digests[sid] = src.digest()  # ~90 bytes an article: every cache keys on it, and each read is a new instance
        self._packed[sid] = zlib.compress(pickle.dumps(src, pickle.HIGHEST_PROTOCOL), 1)

    def __delitem__(self, sid: str) -> None:
        del self._packed[sid], self._digests[sid]

    def __contains__(self, sid: object) -> bool:
        return sid in self._packed

    def __iter__(self) -> Iterator[str]:
        return iter(self._packed)

    def __len__(self) -> int:
        return len(self._packed)

    def digest_of(self, sid: str) -> str | None:
        """Article ``sid``'s :meth:`Source.digest <verifier.models.source.Source.digest>` without
        reading it (None: no such article)."""
        return self._digests.get(sid)
