"""The indexes rules read over a whole corpus, built article by article and merged.

Most rules pair figures that share a fact or a block (:mod:`verifier.rules.groups` runs them on
groups of articles), but some of what they read is a property of the whole corpus, and a group
must see the whole corpus's value of it to find what the whole run finds:

* which scope keys of a metric are *discriminating* (:attr:`Context.discriminating
  <verifier.rules.context.Context.discriminating>`): a key that takes two values anywhere;
* which qualifying scope keys each kind of fact gives per metric (:func:`~verifier.rules.facts.fact_groups`);
* the holders decided with confidence that an article without a holder may name
  (:func:`verifier.rules.aligned._with_names`, :attr:`Frame.names <verifier.align.frames.Frame.names>`);
* the holder names and their uses that pair frames (:class:`~verifier.align.pairs.Holders`,
  for V203-V206 from :func:`verifier.rules.aligned.holders` and for V208 from the base frames of
  :func:`verifier.rules.bases._pairs`);
* the articles per V204 block (:func:`verifier.rules.aligned._articles_per_block`) and per unit
  (:func:`verifier.rules.aligned._specific_values`);
* the held figures per subject and metric, which decide what the audit's summary counts as
  checkable (:func:`verifier.engine.checkable`).

Each is a union of sets or a sum of counters over articles, so :class:`Stats` is computed per
article (:func:`claim_part`, then :func:`frame_part`, which needs the first pass's holders to
read its frames' names) and merged with :meth:`Stats.merge`: no step needs every claim at once.

    stats = Stats()
    for ctx in one_article_contexts: stats.merge(claim_part(ctx))
    frames = Stats()
    for ctx in one_article_contexts(stats=stats): frames.merge(frame_part(ctx))
    stats.merge(frames)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, fields

from verifier.align.pairs import HolderParts, Holders
from verifier.ingest.corpus import Corpus
from verifier.models.claim import Claim
from verifier.models.source import Source
from verifier.rules.context import Context, scope_values, varying

BASE_KINDS = ("proportion", "rate")
"""The kinds of base V208 reads frames of (:func:`verifier.rules.bases._frames`), each with its own holders."""


def _nested() -> defaultdict:
    return defaultdict(set)


@dataclass
class Stats:
    """Whole-corpus indexes as mergeable aggregates (see the module docstring).

    Attributes:
        scope_values: metric -> scope key -> the values claims give it
            (:func:`~verifier.rules.context.scope_values`).
        qualifiers: kind of fact (:data:`~verifier.rules.facts.FACT_KINDS`) -> metric -> the
            qualifying keys its claims give (:func:`~verifier.rules.facts.qualifiers_of`).
        holder_names: casefolded holders decided with confidence (:func:`~verifier.rules.aligned.sure_holders`).
        units: unit -> articles with a figure in it (:func:`~verifier.rules.aligned.units_per_article`).
        blocks: V204 block key -> articles with a frame in it (:func:`~verifier.rules.aligned._articles_per_block`).
        holders: the parts of :class:`~verifier.align.pairs.Holders` over every frame.
        base_holders: base kind (:data:`BASE_KINDS`) -> the parts of V208's holders over its frames.
        held: (subject, metric) -> held figures (:attr:`Context.live <verifier.rules.context.Context.live>`).
    """

    scope_values: defaultdict = field(default_factory=lambda: defaultdict(_nested))
    qualifiers: defaultdict = field(default_factory=lambda: defaultdict(_nested))
    holder_names: set[str] = field(default_factory=set)
    units: Counter = field(default_factory=Counter)
    blocks: Counter = field(default_factory=Counter)
    holders: HolderParts = field(default_factory=HolderParts)
    base_holders: dict[str, HolderParts] = field(default_factory=lambda: {k: HolderParts() for k in BASE_KINDS})
    held: Counter = field(default_factory=Counter)
    _built: dict = field(default_factory=dict, repr=False, compare=False)

    def __getstate__(self) -> dict:
        """The fields that hold anything, as a part is pickled (to and from a worker, into the
        results cache): an article's part fills few of them, and unpickling the 20,000 parts of
        10,000 synthetic articles rebuilt ~120,000 empty counters (25 -> 18 µs a part). The
        indexes built (:meth:`index`, :meth:`names_in`) are left out."""
        return {k: v for k, v in self.__dict__.items() if k != "_built" and _filled(v)}

    def __setstate__(self, state: dict) -> None:
        """The fields of ``state``; the others empty."""
        for name, empty in _EMPTY:
            if name not in state:
                self.__dict__[name] = empty()
        self.__dict__.update(state)

    def index(self, kind: str | None = None) -> Holders:
        """The :class:`~verifier.align.pairs.Holders` of :attr:`holders` (``kind`` None) or of
        :attr:`base_holders` ``[kind]``, built once and kept: every group reads the same one.
        Merge nothing after asking (the index would not see it)."""
        if kind not in self._built:
            self._built[kind] = Holders(parts=self.holders if kind is None else self.base_holders[kind])
        return self._built[kind]

    def discriminating(self, metric: str) -> frozenset[str]:
        """The scope keys of ``metric`` that take more than one value (:attr:`Context.discriminating
        <verifier.rules.context.Context.discriminating>` of the whole corpus)."""
        return varying(self.scope_values.get(metric, {}))

    def qualifying(self, kind: str, metric: str) -> frozenset[str] | None:
        """The qualifying keys claims of fact ``kind`` give ``metric``; None when no claim of
        the corpus gives a qualifier to a fact of ``kind`` (:func:`~verifier.rules.facts.fact_groups`
        then reads its own claims')."""
        metrics = self.qualifiers.get(kind)
        return None if metrics is None else frozenset(metrics.get(metric, ()))

    def names_in(self, src: Source) -> frozenset[str]:
        """The holders of :attr:`holder_names` that ``src`` names (:class:`~verifier.rules.aligned.NamesIn`,
        its automaton built once and kept: merge nothing after asking)."""
        from verifier.rules.aligned import NamesIn

        if "names" not in self._built:
            self._built["names"] = NamesIn(self.holder_names)
        return self._built["names"](src)

    def merge(self, other: Stats) -> None:
        """Add ``other`` (another article's part, or a merged set of them) to these stats."""
        self._built.clear()
        for metric, keys in other.scope_values.items():
            for key, values in keys.items():
                self.scope_values[metric][key] |= values
        for kind, metrics in other.qualifiers.items():
            for metric, keys in metrics.items():
                self.qualifiers[kind][metric] |= keys
        self.holder_names |= other.holder_names
        self.units.update(other.units)
        self.blocks.update(other.blocks)
        self.held.update(other.held)
        self.holders.merge(other.holders)
        for kind, parts in other.base_holders.items():
            self.base_holders[kind].merge(parts)


class Totals:
    """:class:`Stats` parts summed with counts, so that a part can be taken out again: a re-audit
    updates the whole corpus's stats by its changed articles alone (:mod:`verifier.rules.regroup`),
    without reading the others' parts. Each set of a :class:`Stats` is held as a counter of how
    many parts gave each element, with how many parts gave the set at all (an empty set a part
    gives still makes its key present: :meth:`Stats.qualifying` answers ``frozenset()``, not
    None); each counter of a :class:`Stats` (units, blocks, held figures, holders' uses) is summed.

        totals = Totals()
        totals.add(part_a); totals.add(part_b); totals.take(part_a)
        totals.stats() == part_b merged into Stats()   # as Stats.merge sums them
    """

    def __init__(self) -> None:
        self.sets: dict[tuple, Counter] = defaultdict(Counter)
        self.given: Counter = Counter()
        self.counts: dict[tuple, Counter] = defaultdict(Counter)

    def add(self, part: Stats) -> None:
        """Add one part (an article's, as :func:`claim_part` or :func:`frame_part` gives it)."""
        for path, elements, counted in _paths(part):
            if counted:
                self.counts[path].update(elements)
            else:
                self.given[path] += 1
                self.sets[path].update(elements)

    def take(self, part: Stats) -> None:
        """Take out a part added before (what :meth:`add` was given for it: the same elements).

        Raises:
            ValueError: ``part`` gives what no part added gave (it was never added)."""
        for path, elements, counted in _paths(part):
            if not counted:
                if self.given[path] <= 0:
                    raise ValueError(f"no part added gives {path!r}")
                self.given[path] -= 1
                if not self.given[path]:
                    del self.given[path]
            held = (self.counts if counted else self.sets)[path]
            for element, n in (elements.items() if counted else ((e, 1) for e in elements)):
                left = held[element] - n
                if left < 0:
                    raise ValueError(f"no part added gives {element!r} of {path!r}")
                if left:
                    held[element] = left
                else:
                    del held[element]
            if not held:
                del (self.counts if counted else self.sets)[path]

    def stats(self) -> Stats:
        """The :class:`Stats` of the parts added and not taken out (equal to their merge)."""
        out = Stats()
        for path in self.given:
            _place(out, path, set(self.sets.get(path, ())))
        for path, counter in self.counts.items():
            _place(out, path, Counter(counter))
        return out


def _paths(part: Stats) -> Iterator[tuple[tuple, Iterable, bool]]:
    """(path, its set or counter, whether it is a counter) of each set and counter ``part`` fills."""
    for metric, keys in part.scope_values.items():
        for key, values in keys.items():
            yield ("scope_values", metric, key), values, False
    for kind, metrics in part.qualifiers.items():
        for metric, keys in metrics.items():
            yield ("qualifiers", kind, metric), keys, False
    if part.holder_names:
        yield ("holder_names",), part.holder_names, False
    for name in ("units", "blocks", "held"):
        if getattr(part, name):
            yield (name,), getattr(part, name), True
    for kind, parts in ((None, part.holders), *part.base_holders.items()):
        if parts.names:
            yield ("holders", kind, "names"), parts.names, False
        if parts.sure:
            yield ("holders", kind, "sure"), parts.sure, False
        if parts.uses:
            yield ("holders", kind, "uses"), parts.uses, True


def _place(out: Stats, path: tuple, value) -> None:
    """Put ``value`` (a set or a counter) at ``path`` (:func:`_paths`) of ``out``."""
    head = path[0]
    if head == "scope_values":
        out.scope_values[path[1]][path[2]] = value
    elif head == "qualifiers":
        out.qualifiers[path[1]][path[2]] = value
    elif head == "holders":
        parts = out.holders if path[1] is None else out.base_holders[path[1]]
        setattr(parts, path[2], value)
    else:
        setattr(out, head, value)


_EMPTY = tuple((f.name, f.default_factory) for f in fields(Stats))
"""(field, what makes it empty) of :class:`Stats`, for :meth:`Stats.__setstate__`."""


def _filled(value) -> bool:
    """Whether a field of :class:`Stats` holds anything (a :class:`~verifier.align.pairs.HolderParts`
    any name, use or sure name; the base kinds' parts any of theirs)."""
    if isinstance(value, HolderParts):
        return bool(value.names or value.uses or value.sure)
    if isinstance(value, dict) and value and all(isinstance(v, HolderParts) for v in value.values()):
        return any(map(_filled, value.values()))
    return bool(value)


def claim_part(ctx: Context) -> Stats:
    """The part of :class:`Stats` read from ``ctx``'s claims alone (one article's, or any set)."""
    from verifier.rules.aligned import sure_holders, units_per_article
    from verifier.rules.facts import FACT_KINDS, fact_claims, qualifiers_of

    out = Stats()
    for metric, keys in scope_values(ctx.live).items():
        for key, values in keys.items():
            out.scope_values[metric][key] |= values
    for kind in FACT_KINDS:
        for metric, keys in qualifiers_of(fact_claims(ctx, kind)).items():
            out.qualifiers[kind][metric] |= keys
    out.holder_names = sure_holders(ctx.figures)
    out.units = units_per_article(ctx.figures)
    out.held = Counter((c.subject, c.metric) for c in ctx.live)
    return out


def frame_part(ctx: Context) -> Stats:
    """The part of :class:`Stats` read from ``ctx``'s frames; ``ctx.stats`` must hold the
    whole corpus's :attr:`Stats.holder_names` (the frames' names are read with them)."""
    from verifier.rules.aligned import _articles_per_block, frames
    from verifier.rules.bases import _frames

    fs = frames(ctx)
    out = Stats()
    out.blocks = _articles_per_block([f for f in fs if f.implied_by is None])
    out.holders = HolderParts.of(fs)
    out.base_holders = {kind: HolderParts.of(f for f, _ in _frames(ctx, kind)) for kind in BASE_KINDS}
    return out


def claims_by_source(corpus: Corpus) -> dict[str, list[tuple[int, Claim]]]:
    """Source id -> (position in ``corpus.claims``, claim) of its claims: a part's claims keep the corpus's order."""
    out: dict[str, list[tuple[int, Claim]]] = defaultdict(list)
    for i, c in enumerate(corpus.claims):
        out[c.source].append((i, c))
    return out
