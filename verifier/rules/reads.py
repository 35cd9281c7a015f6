"""What a group's rules read of the whole corpus, logged, so that the group's result can be reused.

A group's result (:func:`verifier.rules.groups.by_group`: its findings, the claims it compared,
its counts) is a function of its own articles, the extras, the rules, verifier's code and the
registry, which make the key of its cache entry (:mod:`verifier.rules.results_cache`), and of what
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
    still_holds(log, Whole(other_stats, other_sources)) -> True when every answer is the same

Only what :data:`READS` answers can be read through :class:`Traced`: anything else of the stats
raises AttributeError, so a rule that starts reading more fails loudly rather than going unlogged.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterator, Mapping
from typing import Any, NamedTuple

from verifier.align.pairs import Holders
from verifier.models.source import Source
from verifier.rules.stats import Stats

Read = tuple
"""``(kind, *arguments)``: one read of the whole corpus, a kind of :data:`READS`."""


def source_digest(src: Source | None) -> str | None:
    """A digest of everything of article ``src`` (metadata, path, body); None for no article."""
    return None if src is None else src.digest()


def digest_in(sources: Mapping[str, Source], sid: str) -> str | None:
    """:func:`source_digest` of article ``sid`` of ``sources``, asked of the mapping itself when
    it knows its articles' digests without reading them (``digest_of``: a re-audit's articles,
    :class:`verifier.reaudit.Articles`)."""
    known = getattr(sources, "digest_of", None)
    return known(sid) if known is not None else source_digest(sources.get(sid))


class Whole(NamedTuple):
    """What of the whole corpus a pass may read: its :class:`~verifier.rules.stats.Stats` (of
    the claims alone while the frames pass runs), its articles by id, and claim id -> source id
    (read by the frames pass, for derivations' operands)."""

    stats: Stats
    sources: Mapping[str, Source] = {}
    source_of: Mapping[str, str] = {}


READS: dict[str, Callable[..., Any]] = {
    "discriminating": lambda whole, metric: whole.stats.discriminating(metric),
    "qualifying": lambda whole, kind, metric: whole.stats.qualifying(kind, metric),
    "names": lambda whole, sid: whole.stats.names_in(whole.sources[sid]),
    "count": lambda whole, which, key: getattr(whole.stats, which)[key],
    "keys": lambda whole, kind, name: whole.stats.index(kind).keys(name),
    "has source": lambda whole, sid: sid in whole.sources,
    "source": lambda whole, sid: digest_in(whole.sources, sid),
    "all sources": lambda whole: tuple((sid, digest_in(whole.sources, sid)) for sid in whole.sources),
    "source of": lambda whole, cid: whole.source_of.get(cid),
}
"""Each kind of read -> its answer from ``(whole, *arguments)`` (a :class:`Whole`): the one
place both a traced run and :func:`still_holds` take it from."""

def answer(whole: Whole, read: Read) -> Any:
    """The answer to ``read`` from ``whole``."""
    kind, *arguments = read
    return READS[kind](whole, *arguments)


def still_holds(log: Mapping[Read, Any], whole: Whole, answers: dict[Read, Any] | None = None,
                unasked: Collection[str] = ()) -> bool:
    """True when every read of ``log`` has the same answer from ``whole`` (an article a
    ``names`` read was about must be among its sources), reads of the kinds ``unasked`` taken
    to hold (the caller knows they do). ``answers`` (read -> answer from ``whole``) keeps each
    answer for the next log asked of the same ``whole``: the articles of an archive read the same
    few metrics' keys, each then answered once."""
    answers = {} if answers is None else answers
    try:
        for read, value in log.items():
            if read[0] in unasked:
                continue
            found = answers[read] if read in answers else answers.setdefault(read, answer(whole, read))
            if found != value:
                return False
    except KeyError:  # an article read then is gone
        return False
    return True


class Traced:
    """:class:`~verifier.rules.stats.Stats` as a group's rules read it, every read logged in
    ``log`` (``read -> answer``; see the module docstring). The same methods and counters as
    the stats, and nothing else."""

    def __init__(self, stats: Stats, log: dict[Read, Any]) -> None:
        self._stats = stats
        self.log = log

    def _read(self, *read: Hashable) -> Any:
        if read not in self.log:
            self.log[read] = answer(Whole(self._stats), read)
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
        self.log[("source", sid)] = digest_in(self._sources, sid)
        return self._sources[sid]

    def __contains__(self, sid: object) -> bool:
        self.log[("has source", sid)] = sid in self._sources
        return sid in self._sources

    def __iter__(self) -> Iterator[str]:
        self.log[("all sources",)] = answer(Whole(Stats(), self._sources), ("all sources",))
        return iter(self._sources)

    def __len__(self) -> int:
        self.log[("all sources",)] = answer(Whole(Stats(), self._sources), ("all sources",))
        return len(self._sources)


class TracedSourceOf:
    """Claim id -> source id as the frames pass reads it (``get`` only), each lookup logged in ``log``."""

    def __init__(self, source_of: Mapping[str, str], log: dict[Read, Any]) -> None:
        self._source_of, self.log = source_of, log

    def get(self, cid: str, default: str | None = None) -> str | None:
        """The source of claim ``cid`` (``default`` when no article has it)."""
        found = self._source_of.get(cid)
        self.log[("source of", cid)] = found
        return default if found is None else found
