"""What a group's rules read of the whole corpus, logged, so that the group's result can be reused.

A group's result (:func:`verifier.rules.groups.by_group`: its findings, the claims it compared,
its counts) is a function of its own articles, the extras, the rules, verifier's code and the
registry, which make the key of its cache entry (:mod:`verifier.rules.group_cache`), and of what
its rules read of the whole corpus: the :class:`~verifier.rules.stats.Stats` (a metric's
discriminating keys, the qualifying keys of a kind of fact, the holders an article names,
articles per block and per unit, held figures per fact, a holder name's keys) and, for the
rules of :data:`~verifier.rules.groups.EVERY_SOURCE`, other articles' ids and tiers.

:class:`Traced` stands for the stats and :class:`TracedSources` for the articles while a group's
rules run: each answers a read from what it stands for and logs ``read -> answer``, a read being
a tuple ``(kind, *arguments)`` of :data:`READS`. :func:`still_holds` asks every read of a log
again of another run's stats and articles: when each answer is the same, so is the group's
result (the rules are deterministic functions of what they read). A 1% edit of an archive
changes its stats, but seldom what one group read of them.

    log = {}
    ctx = Context(corpus, stats=Traced(stats, log))   # the rules run on ctx
    still_holds(log, other_stats, other_sources) -> True when every answer is the same

Only what :data:`READS` answers can be read through :class:`Traced`: anything else of the stats
raises AttributeError, so a rule that starts reading more fails loudly rather than going unlogged.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterator, Mapping
from typing import Any

from verifier.align.pairs import Holders
from verifier.models.source import Source
from verifier.rules.stats import Stats

Read = tuple
"""``(kind, *arguments)``: one read of the whole corpus, a kind of :data:`READS`."""


def source_digest(src: Source | None) -> str | None:
    """A digest of everything of article ``src`` (metadata, path, body); None for no article."""
    return None if src is None else hashlib.sha1(src.model_dump_json().encode()).hexdigest()


READS: dict[str, Callable[..., Any]] = {
    "discriminating": lambda stats, sources, metric: stats.discriminating(metric),
    "qualifying": lambda stats, sources, kind, metric: stats.qualifying(kind, metric),
    "names": lambda stats, sources, sid: stats.names_in(sources[sid]),
    "count": lambda stats, sources, which, key: getattr(stats, which)[key],
    "keys": lambda stats, sources, kind, name: stats.index(kind).keys(name),
    "has source": lambda stats, sources, sid: sid in sources,
    "source": lambda stats, sources, sid: source_digest(sources.get(sid)),
    "all sources": lambda stats, sources: tuple((sid, source_digest(src)) for sid, src in sources.items()),
}
"""Each kind of read -> its answer from ``(stats, sources, *arguments)``: the one place both a
traced run and :func:`still_holds` take it from."""

COUNTS = ("blocks", "units", "held")
"""The counters of :class:`~verifier.rules.stats.Stats` read key by key (``stats.blocks[key]``)."""


def answer(stats: Stats, sources: Mapping[str, Source], read: Read) -> Any:
    """The answer to ``read`` from ``stats`` and ``sources`` (source id -> article)."""
    kind, *arguments = read
    return READS[kind](stats, sources, *arguments)


def still_holds(log: Mapping[Read, Any], stats: Stats, sources: Mapping[str, Source]) -> bool:
    """True when every read of ``log`` has the same answer from ``stats`` and ``sources`` (the
    whole corpus's: an article a ``names`` read was about must be among them)."""
    try:
        return all(answer(stats, sources, read) == value for read, value in log.items())
    except KeyError:  # an article read then is gone
        return False


class Traced:
    """:class:`~verifier.rules.stats.Stats` as a group's rules read it, every read logged in
    ``log`` (``read -> answer``; see the module docstring). The same methods and counters as
    the stats, and nothing else."""

    def __init__(self, stats: Stats, log: dict[Read, Any]) -> None:
        self._stats = stats
        self.log = log

    def _read(self, *read: Hashable) -> Any:
        if read not in self.log:
            self.log[read] = answer(self._stats, {}, read)
        return self.log[read]

    def discriminating(self, metric: str) -> frozenset[str]:
        """:meth:`Stats.discriminating <verifier.rules.stats.Stats.discriminating>`, logged."""
        return self._read("discriminating", metric)

    def qualifying(self, kind: str, metric: str) -> frozenset[str] | None:
        """:meth:`Stats.qualifying <verifier.rules.stats.Stats.qualifying>`, logged."""
        return self._read("qualifying", kind, metric)

    def names_in(self, src: Source) -> frozenset[str]:
        """:meth:`Stats.names_in <verifier.rules.stats.Stats.names_in>`, logged by the article's id."""
        read = ("names", src.id)
        if read not in self.log:
            self.log[read] = self._stats.names_in(src)
        return self.log[read]

    def index(self, kind: str | None = None) -> Holders:
        """:meth:`Stats.index <verifier.rules.stats.Stats.index>`, its :meth:`Holders.keys
        <verifier.align.pairs.Holders.keys>` logged name by name."""
        return _TracedHolders(self, kind)

    @property
    def blocks(self) -> _Counts:
        """:attr:`Stats.blocks <verifier.rules.stats.Stats.blocks>`, read key by key, logged."""
        return _Counts(self, "blocks")

    @property
    def units(self) -> _Counts:
        """:attr:`Stats.units <verifier.rules.stats.Stats.units>`, read key by key, logged."""
        return _Counts(self, "units")

    @property
    def held(self) -> _Counts:
        """:attr:`Stats.held <verifier.rules.stats.Stats.held>`, read key by key, logged."""
        return _Counts(self, "held")


class _Counts:
    """One counter of the stats, read with ``[key]`` only."""

    def __init__(self, traced: Traced, which: str) -> None:
        self._traced, self._which = traced, which

    def __getitem__(self, key: Hashable) -> int:
        return self._traced._read("count", self._which, key)


class _TracedHolders(Holders):
    """The stats' :class:`~verifier.align.pairs.Holders` of ``kind`` as the rules pair frames by
    them: through :meth:`keys` (which :meth:`facets`, :meth:`quantity_facets` and
    :meth:`known_holder_facets` read), each name's keys logged."""

    def __init__(self, traced: Traced, kind: str | None) -> None:  # noqa: super().__init__ not called: built by the stats
        self._traced, self._kind = traced, kind

    def keys(self, name: str) -> frozenset[str]:
        """:meth:`Holders.keys <verifier.align.pairs.Holders.keys>` of the stats' holders, logged."""
        return self._traced._read("keys", self._kind, name.casefold())


class TracedSources(Mapping[str, Source]):
    """Source id -> article of the whole corpus, as the rules of
    :data:`~verifier.rules.groups.EVERY_SOURCE` read it: each article looked up and each id
    tested logged in ``log`` (iterating logs every article's digest: a read of them all)."""

    def __init__(self, sources: Mapping[str, Source], log: dict[Read, Any]) -> None:
        self._sources, self.log = sources, log

    def __getitem__(self, sid: str) -> Source:
        self.log[("source", sid)] = source_digest(self._sources.get(sid))
        return self._sources[sid]

    def __contains__(self, sid: object) -> bool:
        self.log[("has source", sid)] = sid in self._sources
        return sid in self._sources

    def __iter__(self) -> Iterator[str]:
        self.log[("all sources",)] = answer(Stats(), self._sources, ("all sources",))
        return iter(self._sources)

    def __len__(self) -> int:
        self.log[("all sources",)] = answer(Stats(), self._sources, ("all sources",))
        return len(self._sources)
