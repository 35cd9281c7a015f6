"""The articles of a large corpus, and what extraction kept of each, held compressed, each
unpacked when it is read.

    sources = PackedSources()
    sources["a17"] = src          # pickled and compressed (~1.3 KB for a 3.5 KB article)
    sources["a17"] -> Source      # a new instance, unpacked (~35 µs), its digest known
    sources.digest_of("a17")      # its Source.digest, made when it was put

An archive's audit (the totals-only formats, whose claims wait on a
:class:`~verifier.shelf.Shelf`) reads each article a few times: extraction, the digests the
caches key on, the grouped stage's passes (a worker reads the articles of its part), the rules
run once on every article's metadata. No step needs every article at once, so none is held as
an object between reads; nor are the numbers extraction found in each (``corpus.numbers``,
:class:`~verifier.quantities.counted.NumbersFound`), held as :class:`PackedValues`.

Measured on the synthetic corpora (``benchmarks/synth_corpus.py``, 3.5 KB an article, half of
them Chinese): an article read into memory takes ~5 KB (its body as a ``str``, the metadata's
models), ~1.26 KB packed; packing takes ~53 µs and unpacking ~34 µs. At 100,000 articles the
audit's parent process held ~660 MiB of articles from loading to the end of the run, and each
forked worker copied the pages of those it read (Python writes a reference count into every
object it reads). An article's numbers took ~2.7 KB as objects, ~0.2 KB pickled. Holding both
packed took the first audit of that archive (the caches filled) from a peak of 2050 to 1271 MiB
over its process tree (proportional set sizes), 1505 to 879 MiB in its largest process
(``benchmarks/bench_scale.py --sizes 100000 --format jsonl --reaudit``). The articles packed
cost ~2% more time (10,000 articles, the caches off: 52.7 s against 51.3 s, medians of three).
"""

from __future__ import annotations

import pickle
import zlib
from collections.abc import Iterator, MutableMapping
from typing import TypeVar

from verifier.models.source import Source, known_digest

V = TypeVar("V")


class PackedValues(MutableMapping[str, V]):
    """Key -> value, each kept as a zlib-compressed pickle and unpacked anew when read: for values
    that are never changed in place (a frozen model, a named tuple), so that a read copy is the
    value. Iterates in the order the keys were put. Pickles as its packed form (what a
    cluster's workers receive).

    Raises:
        KeyError: from a read of a key it does not hold."""

    def __init__(self) -> None:
        self._packed: dict[str, bytes] = {}

    def __getitem__(self, key: str) -> V:
        return pickle.loads(zlib.decompress(self._packed[key]))

    def __setitem__(self, key: str, value: V) -> None:
        self._packed[key] = zlib.compress(pickle.dumps(value, pickle.HIGHEST_PROTOCOL), 1)

    def __delitem__(self, key: str) -> None:
        del self._packed[key]

    def __contains__(self, key: object) -> bool:
        return key in self._packed

    def __iter__(self) -> Iterator[str]:
        return iter(self._packed)

    def __len__(self) -> int:
        return len(self._packed)


class PackedSources(PackedValues[Source]):
    """Source id -> article (:class:`PackedValues`; :class:`~verifier.models.source.Source` is
    frozen), each kept with its digest: a read's digest is known without being made again."""

    def __init__(self) -> None:
        super().__init__()
        self._digests: dict[str, str] = {}

    def __getitem__(self, sid: str) -> Source:
        return known_digest(super().__getitem__(sid), self._digests[sid])

    def __setitem__(self, sid: str, src: Source) -> None:
        self._digests[sid] = src.digest()  # ~90 bytes an article: every cache keys on it, and each read is a new instance
        super().__setitem__(sid, src)

    def __delitem__(self, sid: str) -> None:
        super().__delitem__(sid)
        del self._digests[sid]

    def digest_of(self, sid: str) -> str | None:
        """Article ``sid``'s :meth:`Source.digest <verifier.models.source.Source.digest>` without
        reading it (None: no such article)."""
        return self._digests.get(sid)
