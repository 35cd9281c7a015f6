"""The rules run on groups of articles, with the findings of a run on the whole corpus.

    fact_keys(ctx, claim) -> [(key, active)]                  # what the fact rules pair a claim on
    article_keys(ctx, source_of) -> [(key, active)]           # one article's keys (facts, frames, streaks)
    resolved(packed keys, whose, same, blocks) -> codes          # an article's keys as codes, once the whole corpus is known
    Joiner().add(source id, codes); .groups() -> [[source id]]   # union-find over shared keys (verifier.rules.joiner)
    grouped(corpus, claims_of, jobs, mapper) -> Grouping(stats, groups, extras, digests)
    by_group(corpus, claims_of, rules, jobs, mapper) -> (findings, checked, Tally)   # each group's Part checked in a worker
    check_grouped(ctx_or_corpus, rules) -> (findings, checked)      # what engine.check returns, and ctx.checked

Every pairing a rule makes (two figures of one fact, of one block of aligned frames, a streak
and a series) is between articles that share a *key*, so articles joined by union-find over
their keys hold every pairing inside one group. The keys, read from the rules:

* facts (:func:`fact_keys`): V101-V107, V201, V202 pair a claim with the measurements of its
  subject and of its comparison's target in one bucket of discriminating scope values
  (:meth:`Context.find <verifier.rules.context.Context.find>`), a comparison with the comparisons
  of its subject, target and base metric; a summary (each alternative, V105) and a quotient (V106)
  read their holders' figures in any scope;
* ``("article", id)``: a derivation's operands (:attr:`Claim.derived`) tie their articles (V108, V109, frames);
* frames (:func:`_frame_keys`): V204 and V206 pair frames of one block of
  :func:`~verifier.align.pairs.candidates` (unit family, role, thing key) by routes of facets;
  a key per facet a route never leaves out: one mood and whose figures (``whose``), a cited
  source (``cites``), another specific value in common (``also``), a value bucket (``bucket``,
  joining when one side is rare in its block), ranges (``ranges``). V204's pairs by one value
  (:func:`~verifier.rules.aligned.same_values`) join as it can keep them (:func:`_value_keys`).
  V205 pairs inside one article;
* ``("series", period, thing key)`` and ``("series value", period, index, number, unit)``: V209
  sets a streak against the yearly (monthly) readings of its thing's block and the series another
  article prints beside one of its own article's values; these keys are *passive* on a reading
  (they join only articles of which one has a streak: an archive's readings alone never meet);
* ``("streak", count, period)``: V210 sets streaks of one count and period against each other.

Pairings that would join everything are served by *extras* instead: every primary source's
article (V203, V204, V206, V208 set coverage against any primary figure of a unit family) and
every article printing a correction (V207 looks for the corrected value in any article) is
added, read-only, to each group for the rules of :data:`WIDE`. Whole-corpus indexes come from
:class:`~verifier.rules.stats.Stats`. The rules of :data:`ONCE` read the whole corpus cheaply
and run once; the others run per group on its own articles. A group keeps the findings
located in its own articles (:func:`_located_in`); they are then made unique, one per pair
and sorted as :func:`verifier.engine.check` does.
"""

from __future__ import annotations

import pickle
import zlib
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from verifier.align.things import CJK, block_keys, thing_of
from verifier.engines import LocalMapper, Mapper
from verifier.ingest.corpus import Corpus
from verifier.models.claim import ALTERNATIVES, Claim
from verifier.models.finding import Finding
from verifier.models.source import Source
from verifier.models.tier import Tier
from verifier.rules import results_cache
from verifier.rules.context import Context
from verifier.rules.joiner import Joiner, key_hash
from verifier.rules.reads import Whole
from verifier.rules.registry import Rule, select_rules
from verifier.rules.stats import Stats, claim_part, claims_by_source, frame_part
from verifier.vocabulary import quotient_of

if TYPE_CHECKING:
    from verifier.engine import Tally
    from verifier.rules.regroup import Kept
    from verifier.rules.anchors import UnknownUnits

SOURCES_ONLY = frozenset({"V402", "V702", "V705"})
"""Rules that read the articles' metadata and the registry, no claim (V402 citations, V702
default tiers, V705 the files left out unread): run once, on the corpus without its claims."""

EVERY_SOURCE = frozenset({"V401", "V403"})
"""Rules that judge each claim by the ids and tiers of every article and registered source
(V401 unknown origins, V403 tiers above their origin's): run per group, on its claims beside every article."""

UNITS = "V305"
"""The rule that gathers the claims of each unknown unit over the whole corpus into one finding:
gathered group by group (:class:`~verifier.rules.anchors.UnknownUnits`), reported once."""

ONCE = SOURCES_ONLY | EVERY_SOURCE | {UNITS}
"""Rules that read the whole corpus, cheaply, rather than a group of its articles."""

ARTICLE_LOCAL = frozenset({"V108", "V109", "V110", "V205", "V301", "V302", "V303", "V304", "V404",
                           "V601", "V602", "V603", "V604", "V701", "V703", "V704"})
"""Rules that read one article at a time (run per group here, which gives the same findings)."""

WIDE = frozenset({"V203", "V204", "V206", "V207", "V208"})
"""Rules that set a figure against primary sources or corrections anywhere: run per group with
the extras (primary articles, articles printing a correction). None of them records ``checked``."""

Key = Hashable
"""A key articles are joined on (see the module docstring)."""


def fact_keys(ctx: Context, c: Claim) -> list[tuple[Key, Activity]]:
    """The keys of a held claim's pairings by fact (none without a subject), read with the
    discriminating scope keys of ``ctx`` (the whole corpus's, from its stats):

    * ``("bucket", holder, metric, values)``: a point measurement is in the bucket of its holder,
      metric and discriminating keys' values (:meth:`Context.find <verifier.rules.context.Context.find>`,
      which a measurement fact of V104/V201 lies within); a comparison or a difference looks up its
      subject's and its target's buckets, in its metric and for a ratio the inverse (V101, V102,
      V105). V103 needs no key of its own: what it keeps of ``find`` in the inverse metric is of
      its own article, and whatever else decides it (a plain figure before a qualified one) is in
      the same bucket as what it keeps;
    * ``("comparison", subject, target, base metric)``: a comparison fact (V107, V202);
    * ``("fact", holder, base metric)``, passive from every claim: active from a summary (V105
      reads each alternative in every scope) and from a quotient, for its two metrics (V106 reads
      its holder's figures in any scope)."""
    from verifier.models.claim import scope_of_target
    from verifier.rules.context import is_summary
    from verifier.rules.facts import base_metric
    from verifier.rules.relations import RATIO_RELATIONS
    from verifier.vocabulary import inverse_of

    if not c.subject:
        return []
    comp = c.comparison
    summary = is_summary(c)
    held = [(s, c.metric) for s in c.subject.split(ALTERNATIVES)]
    held += [(t, c.metric) for t in comp.target.split(ALTERNATIVES)] if comp is not None else []
    if comp is None and not summary:
        held += [(c.subject, m) for m in quotient_of(c.metric) or ()]
    out: list[tuple[Key, Activity]] = [(("fact", h, base_metric(m)), summary or m != c.metric) for h, m in held]
    if comp is None:
        out.append((("bucket", c.subject, c.metric, _bucket(ctx, c.metric, c.scope)), True))
        return out
    targeted = scope_of_target(c.scope, comp.scope)
    ratio = comp.relation in RATIO_RELATIONS
    for m in (c.metric, inverse_of(c.metric) if ratio else None):
        if m is not None:
            out += [(("bucket", c.subject, m, _bucket(ctx, m, c.scope)), True),
                    (("bucket", comp.target, m, _bucket(ctx, m, targeted)), True)]
    if ratio:
        out.append((("comparison", c.subject, comp.target, base_metric(c.metric)), True))
    return out


def _bucket(ctx: Context, metric: str, scope: dict) -> tuple | None:
    """The values of ``metric``'s discriminating keys in ``scope``, as :meth:`Context.find
    <verifier.rules.context.Context.find>` looks a bucket up (None when one is a list: it finds nothing)."""
    from verifier.rules.context import MISSING

    keys = sorted(ctx.discriminating.get(metric, set()))
    if any(isinstance(scope.get(k), list) for k in keys):
        return None
    return tuple(scope.get(k, MISSING) for k in keys)


def article_keys(ctx: Context, source_of: dict[str, str]) -> list[tuple[Key, Activity]]:
    """(key, activity) pairs of the one article of ``ctx`` (its frames read with ``ctx.stats``,
    which must hold the claims' part of :class:`Stats`): fact keys of its held figures, its
    derivations' articles (``source_of``: claim id -> source id, for operands), the keys of its
    frames' pairings (:func:`_frame_keys`), series and streak keys. Activity: see :data:`Activity`."""
    from verifier.rules.aligned import VALUE_DIGITS, _specific_values, frames, significant_digits
    from verifier.rules.series import OPPOSITE, SERIES_PERIODS, key_of

    (sid,) = ctx.corpus.sources
    out: list[tuple[Key, Activity]] = [(("article", sid), True)]
    out += [k for c in ctx.live for k in fact_keys(ctx, c)]
    out += [(("article", other), True) for c in ctx.figures if c.derived is not None
            for o in c.derived.operands if (other := source_of.get(o, sid)) != sid]
    fs = frames(ctx)
    src = ctx.corpus.sources[sid]
    cited = frozenset({src.meta.id} | {c.source for c in src.meta.cites})
    values = _specific_values(ctx).get(sid, frozenset())
    for f in fs:
        out += _frame_keys(f, cited, values)
        n = f.claim.value.number
        if f.implied_by is None and n and f.when.get("year") and significant_digits(f.claim.value.printed) >= VALUE_DIGITS:
            out += _value_keys(f, ("value", f.family, f.claim.value.unit, f"{n:.{VALUE_DIGITS - 1}e}"), cited, values)
    streaked = {c.streak.period for c in ctx.streaks}
    for period in SERIES_PERIODS:
        for f in fs:
            k = key_of(f, period)
            if k is None or f.implied_by is not None or f.role != "level" or f.claim.value.number is None or f.mood != "reading":
                continue
            out.append((("series value", period, k, f.claim.value.number, f.claim.value.unit), period in streaked))
            if f.thing is not None:
                out += [(("series", period, bk), False) for bk in block_keys(f.thing)]
    for c in ctx.streaks:
        thing = thing_of(c.measured)
        if thing is not None and c.streak.period in SERIES_PERIODS:
            out += [(("series", c.streak.period, bk), True) for bk in block_keys(thing)]
        if thing is not None and c.streak.period is not None and c.streak.event in OPPOSITE:
            out.append((("streak", int(c.value.number), c.streak.period), True))
    return out


def _value_keys(f, value: tuple, cited: frozenset[str], values: frozenset) -> list[tuple[Key, Activity]]:
    """The keys of V204's pairs found by one value alone (:func:`~verifier.rules.aligned.same_values`)
    that it can keep: both state a year, no holder differs (two holders of one script that are
    not one name are two quantities), and, unless one side is a primary source (the extras'),
    the pair says whose figures they are (:func:`~verifier.align.pairs.whose_known`: ``held``, one
    holder, a name to be made its representative, :func:`_one_name`; ``named``, a holder one
    article gives and the other names, or a name both name), or is one story (``cites``, ``also``
    as for a block, :func:`_frame_keys`), or one value shared by chance among the articles with a
    figure of its unit is unlikely (``rare``: the key joins when a frame of it is so, weighed by
    :func:`_active`)."""
    from verifier.rules.aligned import _block_of, _value_key, chance_pairs

    out: list[tuple[Key, Activity]] = []
    if f.holder:
        out += [((*value, "held", f.holder.casefold()), True), ((*value, "named", f.holder.casefold()), True)]
    out += [((*value, "named", n), True) for n in sorted(f.names)]
    out += [((*value, "cites", c), True) for c in cited]
    out += [((*value, "also", v), True) for v in values - {_value_key(f.claim)}]
    out.append(((*value, "rare"), (_block_of(f, True), chance_pairs(2, f.claim))))
    return out


Activity = bool | tuple
"""Whether a key joins the articles that give it: True (active), False (passive: it joins
only when another article gives it active), or, for V204's route of rare frames, (the frame's
block keys, the chance of one pair) that :func:`_active` weighs against the whole corpus's
articles per block once they are known."""


def _frame_keys(f, cited: frozenset[str], values: frozenset) -> list[tuple[Key, Activity]]:
    """The keys of the pairs of frame ``f`` across articles that V204 and V206 try
    (:func:`~verifier.align.pairs.candidates`: one block, and by one route the facets that are
    never left out): one mood and whose figures (``("whose", block, mood, name)``, a name to be
    made the representative of the names taken for it, :func:`_one_name`), the articles' cited
    sources, another specific value in common, or, for a rare frame, one value bucket. Pairs
    with a primary source are the extras'. V205 pairs inside one article: no key."""
    from verifier.align.pairs import value_keys
    from verifier.rules.aligned import _block_of, _value_key, chance_pairs

    if f.thing is None:
        return []
    out: list[tuple[Key, Activity]] = []
    whose = [f.holder.casefold()] if f.holder else sorted(f.names)
    value = value_keys(f.claim.value.number, "count" if f.family == "count" else f.claim.value.unit or "")
    others = values - {_value_key(f.claim)}
    for k in block_keys(f.thing):
        block = (f.family, f.role, k)
        out += [(("whose", block, f.mood, name), True) for name in whose]
        out += [(("cites", block, f.mood, c), True) for c in cited]
        out += [(("also", block, f.mood, v), True) for v in others]
        if value is None:
            out.append((("ranges", block, f.mood), True))  # a range meets only ranges (a point against one never agrees)
        else:
            rare = (_block_of(f, False), chance_pairs(2, f.claim))
            out += [(("bucket", block, f.mood, v), rare) for v in value]
    return out


@dataclass
class Grouping:
    """What :func:`grouped` reads before any rule runs: the whole-corpus :class:`Stats`, the
    groups, the extras (primary sources and articles printing corrections, in corpus order), and
    each article's digest for the results cache (:func:`verifier.rules.results_cache.article_digests`;
    {} when it is off)."""

    stats: Stats
    groups: list[list[str]]
    extras: list[str]
    digests: dict[str, str]


@dataclass
class Part:
    """Articles of a corpus as a worker process receives them (pickled): their ids (in the
    corpus's order, with their places in it), numbers and extraction errors, and their claims as
    :meth:`ClaimsBySource.payload <verifier.shelf.ClaimsBySource.payload>` gives them
    (compressed, for a shelf) or as (position, claim) pairs. The articles themselves are not in
    it: each worker holds the corpus's articles once (a pass's shared value), and a part is
    read beside them (:meth:`corpus`), so an article's text is never pickled per part."""

    ids: list[str]
    at: dict[str, int]
    claims: dict[str, Any]
    numbers: dict[str, Any]
    errors: dict[str, str]

    def placed(self) -> list[tuple[Any, Claim]]:
        """(position, claim) of every claim of the part, in the corpus's order."""
        from verifier.shelf import Packed

        return sorted((pc for p in self.claims.values() for pc in (p.placed() if isinstance(p, Packed) else p)), key=lambda pc: pc[0])

    def corpus(self, external: dict, sources: Mapping[str, Source], placed: list[tuple[Any, Claim]] | None = None) -> Corpus:
        """The part as a corpus, its articles read from ``sources`` (source id -> article, the
        whole corpus's), the registry ``external`` beside it, its claims ``placed`` or decoded here."""
        claims = [c for _, c in (self.placed() if placed is None else placed)]
        return Corpus(sources={s: sources[s] for s in self.ids}, external=external, claims=claims,
                      extraction_errors=self.errors, numbers=self.numbers)

    def __or__(self, other: Part) -> Part:
        """Both parts' articles, in the corpus's order."""
        at = {**self.at, **other.at}
        order = sorted(at, key=at.__getitem__)
        return Part(order, {s: at[s] for s in order}, {**self.claims, **other.claims},
                    {**self.numbers, **other.numbers}, {**self.errors, **other.errors})


def payload_of(claims_of: Mapping[str, Any]) -> Callable[[str], Any]:
    """Source id -> its claims as a worker receives them: ``claims_of.payload`` when it has one
    (a shelf's, :meth:`ClaimsBySource.payload <verifier.shelf.ClaimsBySource.payload>`), else its
    (position, claim) pairs ([] for an article without claims)."""
    return getattr(claims_of, "payload", None) or (lambda sid: claims_of.get(sid, []))


def part(corpus: Corpus, claims_of: Mapping[str, Any], sources: list[str], at: dict[str, int]) -> Part:
    """The :class:`Part` of ``corpus`` holding the articles ``sources`` (in its order; ``at``:
    source id -> place in it), each article's claims as :func:`payload_of` gives them."""
    payload = payload_of(claims_of)
    return Part(list(sources), {s: at[s] for s in sources}, {s: payload(s) for s in sources},
                {s: corpus.numbers[s] for s in sources if s in corpus.numbers},
                {s: corpus.extraction_errors[s] for s in sources if s in corpus.extraction_errors})


def grouped(corpus: Corpus, claims_of: Mapping[str, list[tuple[Any, Claim]]] | None = None, jobs: int | None = 1,
            mapper: Mapper | None = None, kept: Kept | None = None) -> Grouping:
    """The :class:`Grouping` of ``corpus``, each article read alone twice (claims, then frames),
    on ``mapper`` (:mod:`verifier.engines`; None: this machine's ``jobs`` processes, None for
    one per core, :func:`verifier.parallel.imap_shared`).

    ``claims_of`` (source id -> (position, claim) of its claims, as :func:`claims_by_source`
    gives them; default: read from ``corpus.claims``) may be a shelf's
    (:class:`~verifier.shelf.ClaimsBySource`): each article's claims are decoded where they are
    read, no more than a few articles' at a time, and each article's keys kept as codes (8
    bytes a key), the few that wait for the whole corpus's holders and blocks compressed
    (:func:`_split_keys`). With the cache folder
    on, an article's passes are read from the results cache when an earlier run kept them and
    what they read of the whole corpus is the same (:func:`_kept_or_run`). ``kept``: where the
    run keeps what a re-audit regroups from (:class:`~verifier.rules.regroup.Kept`), or None."""
    claims_of = claims_by_source(corpus) if claims_of is None else claims_of
    mapper = mapper or LocalMapper(jobs)
    parts = Parts(corpus, claims_of, [[sid] for sid in corpus.sources])
    digests = results_cache.article_digests(corpus, payload_of(claims_of))
    stats = Stats()
    source_of: dict[str, str] = {}
    for sid, (one, ids) in zip(corpus.sources, _kept_or_run("claims", _claim_pass, (corpus.external, corpus.sources), parts, digests, Whole(stats),
                                                               corpus.external, mapper)):
        stats.merge(one)
        if kept is not None:
            kept.claims.add(one)
        source_of.update((i, sid) for i in ids)
    framed, packed, extras = Stats(), {}, []
    whole = Whole(stats, corpus.sources, source_of)
    for sid, (one, keys, extra) in zip(corpus.sources, _kept_or_run("frames", _frame_pass, (corpus.external, stats, source_of, corpus.sources), parts, digests, whole,
                                                                 corpus.external, mapper, on_log=kept and kept.read_frames)):
        framed.merge(one)
        if kept is not None:
            kept.frames.add(one)
        packed[sid] = keys
        if extra:
            extras.append(sid)
    del source_of, parts, whole
    stats.merge(framed)
    hs = stats.index()
    whose, same = _one_name(hs.alike()), _one_name(hs.same)
    joiner = Joiner()
    for i, sid in enumerate(corpus.sources):
        joiner.add(sid, resolved(packed.pop(sid), whose, same, stats.blocks, kept, i))
    if kept is not None:
        chosen = set(extras)
        kept.digests = [digests[sid] for sid in corpus.sources]
        kept.whose, kept.same, kept.extras = whose, same, [i for i, sid in enumerate(corpus.sources) if sid in chosen]
    return Grouping(stats, joiner.groups(), extras, digests)


def resolved(keys: tuple[bytes, bytes], whose: dict[str, str], same: dict[str, str], sizes: Counter,
             kept: Kept | None = None, at: int = 0) -> array:
    """The codes (:func:`~verifier.rules.joiner.key_code`) of one article's keys as the frames
    pass packed them (:func:`_split_keys`), now that the whole corpus's holders and blocks are
    known: names replaced by their representatives (``whose``, ``same``: :func:`_one_name`), rare
    frames' keys weighed against the articles per block ``sizes`` (:func:`_active`). ``kept``:
    where a run keeps them for the next, as article ``at`` (with the names and blocks they read)."""
    plain, rest = keys
    out = array("Q")
    out.frombytes(plain)
    named, rare = pickle.loads(zlib.decompress(rest)) if rest else ((), ())
    out.extend([key_hash(_named(k, whose, same)) << 1 | a for k, a in named])
    for a, hashes in rare:
        on = _active(a, sizes)
        out.extend([h << 1 | on for h in hashes])
    if kept is not None:
        kept.keep_codes(at, out, [_name_of(k) for k, _ in named], [b for a, _ in rare for b in a[0]])
    return out


class Parts(Sequence[Part]):
    """The :class:`Part` of each of ``groups`` (lists of source ids, in the corpus's order) of
    ``corpus``, made when asked for: a pass whose results the cache keeps for most articles
    reads only their ids (:attr:`ids`), never their claims. :attr:`at`: source id -> its place
    in the corpus's order."""

    def __init__(self, corpus: Corpus, claims_of: Mapping[str, Any], groups: list[list[str]]) -> None:
        self.ids = groups
        self.at = {sid: i for i, sid in enumerate(corpus.sources)}
        self._corpus, self._claims_of = corpus, claims_of

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return part(self._corpus, self._claims_of, self.ids[i], self.at)


def _kept_or_run(stage: str, func: Callable, shared: Any, parts: Parts, digests: dict[str, str], whole: Whole,
                 external: dict, mapper: Mapper, codes: Sequence[str] = (), extras: Part | None = None,
                 on_log: Callable[[int, str, dict], None] | None = None) -> Iterator:
    """``func(shared, part)`` of each of ``parts`` in order (its result, without the log of reads
    it returns first), each read from the results cache (:mod:`verifier.rules.results_cache`)
    when an earlier run kept it and its reads still hold in ``whole``, the others computed on
    ``mapper`` (:meth:`Mapper.imap_shared <verifier.engines.Mapper.imap_shared>`) and kept.
    ``digests``: source id -> article digest ({}: the cache is off); the registry ``external``,
    ``codes`` and ``extras`` (a group's) go in the key. ``on_log(i, key, log)`` is told each
    part's key and log of reads, kept or fresh (with the cache on)."""
    if not digests:
        yield from (result for _, result in mapper.imap_shared(func, shared, parts))
        return
    beside = [(sid, digests[sid]) for sid in extras.ids] if extras is not None else []
    run = results_cache.run_digest(codes, external)
    for start in range(0, len(parts), WINDOW):
        ids = parts.ids[start:start + WINDOW]
        keys = [results_cache.stage_key(stage, [[(sid, digests[sid]) for sid in group], beside], run) for group in ids]
        kept = results_cache.load(keys, whole)
        fresh = mapper.imap_shared(func, shared, [parts[start + i] for i, k in enumerate(keys) if k not in kept])
        new: dict[str, tuple[dict, Any]] = {}
        for i, key in enumerate(keys):
            if key not in kept:
                new[key] = next(fresh)
            log, result = kept[key] if key in kept else new[key]
            if on_log is not None:
                on_log(start + i, key, log)
            if i == len(keys) - 1:  # before the window's last result: a caller may stop there
                results_cache.store(new)
            yield result


WINDOW = 5000
"""Parts whose kept results are read, and whose fresh ones are held, at a time by :func:`_kept_or_run`:
an archive's results are never all in memory."""


def _claim_pass(shared: tuple[dict, Mapping[str, Source]], one: Part) -> tuple[dict, tuple[Stats, list[str]]]:
    """One article's :func:`~verifier.rules.stats.claim_part` and its claim ids, after an empty
    log of reads (it reads nothing of the whole corpus), in a worker; ``shared``: the registry, the articles."""
    external, sources = shared
    ctx = Context(one.corpus(external, sources))
    return {}, (claim_part(ctx), [c.id for c in ctx.corpus.claims])


def _frame_pass(shared: tuple[dict, Stats, dict[str, str], Mapping[str, Source]], one: Part) -> tuple[dict, tuple[Stats, tuple[bytes, bytes], bool]]:
    """What it read of the whole corpus (:mod:`verifier.rules.reads`), and one article's
    :func:`~verifier.rules.stats.frame_part`, its keys (:func:`article_keys`, packed by :func:`_split_keys`) and
    whether it is an extra (a primary source, or printing a correction), in a worker;
    ``shared``: the registry, the claims' part of the whole corpus's stats, claim id -> source
    id, the articles."""
    from verifier.rules.corrected import corrections
    from verifier.rules.reads import Traced, TracedSourceOf

    external, stats, source_of, sources = shared
    log: dict = {}
    ctx = Context(one.corpus(external, sources), stats=Traced(stats, log))
    (src,) = ctx.corpus.sources.values()
    keys = _split_keys(article_keys(ctx, TracedSourceOf(source_of, log)))
    return log, (frame_part(ctx), keys, src.meta.tier == Tier.primary or bool(corrections(ctx)))


def _split_keys(keys: list[tuple[Key, Activity]]) -> tuple[bytes, bytes]:
    """An article's (key, activity) pairs packed by what the whole corpus must still tell of them
    before they join (:func:`resolved`): the codes of the keys that join as they are
    (:func:`~verifier.rules.joiner.key_code`, 8 bytes each), then, compressed (b"" for none), the
    (key, activity) pairs whose name takes its representative (:func:`_named`) and (activity,
    [key hash, ...]) for each activity to be weighed (:func:`_active`), one per frame and block.
    Most keys are of the first kind, coded here in the worker (10,000 synthetic articles: 636,000
    keys, 544,000 plain), and a weighed activity is weighed once, not once per key."""
    plain = array("Q")
    named: list = []
    rare: dict[int, tuple[Activity, list]] = {}
    for k, a in keys:
        if not isinstance(a, bool):
            rare.setdefault(id(a), (a, []))[1].append(key_hash(k))
        elif _nameable(k):
            named.append((k, a))
        else:
            plain.append(key_hash(k) << 1 | a)
    rest = zlib.compress(pickle.dumps((named, list(rare.values())), pickle.HIGHEST_PROTOCOL), 1) if named or rare else b""
    return plain.tobytes(), rest


def _one_name(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """Casefolded holder name -> one representative of the names ``pairs`` take for one with it
    (:meth:`Holders.alike <verifier.align.pairs.Holders.alike>` or :attr:`Holders.same
    <verifier.align.pairs.Holders.same>`), closed transitively: coarser than a match pair by pair,
    never finer. Names in no pair are left out (their own representative)."""
    parent: dict[str, str] = {}

    def root(n: str) -> str:
        while parent.get(n, n) != n:
            n = parent[n]
        return n

    for a, b in pairs:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return {n: root(n) for n in parent}


def _named(key: Key, whose: dict[str, str], same: dict[str, str]) -> Key:
    """``key`` with its name replaced by its representative (:func:`_one_name`): for a ``whose``
    key among the names that share a key of :meth:`Holders.keys <verifier.align.pairs.Holders.keys>`
    (what :meth:`~verifier.align.pairs.Holders.known_holder_facets` pairs on), for a value's
    ``held`` key among the names :func:`~verifier.align.pairs.same_holder` takes for one (what
    :func:`~verifier.align.pairs.align` reads as no holder that differs)."""
    if key[0] == "whose":
        return (*key[:3], whose.get(key[3], key[3]))
    if key[0] == "value" and key[-2] == "held":
        return (*key[:-1], same.get(key[-1], key[-1]))
    return key


def _name_of(key: Key) -> str:
    """The name :func:`_named` may replace in a :func:`_nameable` ``key``."""
    return key[3] if key[0] == "whose" else key[-1]


def _nameable(key: Key) -> bool:
    """Whether :func:`_named` may replace a name in ``key`` (a ``whose`` key, a value's ``held`` key)."""
    return key[0] == "whose" or (key[0] == "value" and key[-2] == "held")


def _active(a: tuple, sizes: Counter) -> bool:
    """Whether the keys of a weighed :data:`Activity` ``a`` (a rare frame's bucket keys: its
    block keys, the chance of one pair) are active, given the articles per block ``sizes``: when
    one value shared by chance among the articles of its block is unlikely
    (:func:`~verifier.rules.aligned.chance_pairs` under :data:`~verifier.rules.aligned.CHANCE`,
    read with a hair of slack: coarser is safe)."""
    from verifier.rules.aligned import CHANCE

    blocks, one_pair = a
    m = min((sizes[k] for k in blocks), default=0)
    return m * (m - 1) / 2 * one_pair < CHANCE * (1 + 1e-9)


def check_grouped(ctx_or_corpus: Context | Corpus, rules: list[Rule] | None = None, jobs: int | None = 1) -> tuple[list[Finding], set[str]]:
    """:func:`verifier.engine.check` run group by group (:func:`by_group`): (the same findings,
    the same ``checked``). A :class:`Context` given has its ``checked`` updated as ``check`` would."""
    ctx = ctx_or_corpus if isinstance(ctx_or_corpus, Context) else None
    corpus = ctx.corpus if ctx is not None else ctx_or_corpus
    findings, checked, _ = by_group(corpus, claims_by_source(corpus), rules, jobs)
    if ctx is not None:
        ctx.checked |= checked
    return findings, checked


@dataclass
class _Run:
    """What every group's worker reads (:func:`_group_pass`), handed to each worker once."""

    external: dict
    stats: Stats
    extras: Part | None
    codes: list[str]
    sources: dict


def by_group(corpus: Corpus, claims_of: Mapping[str, list[tuple[Any, Claim]]], rules: list[Rule] | None = None,
             jobs: int | None = 1, mapper: Mapper | None = None, kept: Kept | None = None) -> tuple[list[Finding], set[str], Tally]:
    """The findings of ``rules`` (default: the enabled rules) on ``corpus``, in report order, the
    ids of the claims they compared, and the summary's counts (:class:`~verifier.engine.Tally`),
    found one group of articles at a time (:func:`grouped`) on ``mapper`` (:mod:`verifier.engines`;
    None: this machine's ``jobs`` processes, None for one per core): each group's articles and
    claims are sent to a worker, the whole corpus's stats and the extras handed to each once.

    ``claims_of`` gives each article's claims with their positions in the corpus's order
    (:func:`claims_by_source`, or a :class:`~verifier.shelf.Shelf` read through
    :class:`~verifier.shelf.ClaimsBySource`: ``corpus.claims`` need not hold them).

    With the cache folder on, a group whose articles, extras and reads of the whole corpus are
    those of an earlier audit is not checked again: its result is read from the group cache
    (:mod:`verifier.rules.results_cache`), and the results of the groups checked are kept there.
    ``kept``: where the run keeps what a re-audit regroups from (:class:`~verifier.rules.regroup.Kept`), or None.
    """
    from verifier.engine import Tally
    from verifier.rules.anchors import UnknownUnits

    chosen = rules if rules is not None else select_rules()
    mapper = mapper or LocalMapper(jobs)
    g = grouped(corpus, claims_of, mapper=mapper, kept=kept)
    parts = Parts(corpus, claims_of, g.groups)
    extras = part(corpus, claims_of, g.extras, parts.at) if g.extras else None
    run = _Run(corpus.external, g.stats, extras, [r.code for r in chosen], corpus.sources)
    findings: list[Finding] = []
    checked: set[str] = set()
    tally, units = Tally(), UnknownUnits()
    for found, compared, counts, seen in _kept_or_run("group", _group_pass, run, parts, g.digests, Whole(g.stats, corpus.sources),
                                                      corpus.external, mapper, run.codes, extras, kept and kept.keep_group):
        findings += found
        checked |= compared
        tally.merge(counts)
        units.merge(seen)
    once = run_rules(Context(Corpus(sources=corpus.sources, external=corpus.external, unread=corpus.unread)), [r for r in chosen if r.code in SOURCES_ONLY])
    if kept is not None:
        kept.groups, kept.once = [[parts.at[sid] for sid in ids] for ids in g.groups], once
    return finish(findings + once, units, chosen), checked, tally


def finish(findings: list[Finding], units: UnknownUnits, chosen: list[Rule]) -> list[Finding]:
    """The findings of every group and of the rules run once, with the unknown units' findings
    (when V305 is among ``chosen``), made unique, one per pair and in report order."""
    from verifier.engine import set_unique
    from verifier.rules.aligned import one_finding_per_pair

    if any(r.code == UNITS for r in chosen):
        findings = [*findings, *units.findings()]
    return sorted(one_finding_per_pair(set_unique(findings)), key=Finding.sort_key)


def _group_pass(run: _Run, group: Part) -> tuple[dict, tuple[list[Finding], set[str], Tally, UnknownUnits]]:
    """What its rules read of the whole corpus (:mod:`verifier.rules.reads`: read -> answer), and
    the findings located in one group's articles, the claims its rules compared, its counts and
    its unknown units (in a worker; see :func:`by_group`)."""
    from verifier.engine import Tally
    from verifier.rules.anchors import UnknownUnits
    from verifier.rules.reads import Traced, TracedSources
    from verifier.rules.registry import all_rules

    rules = all_rules()
    chosen = [rules[c] for c in run.codes]
    wide = [r for r in chosen if r.code in WIDE]
    rest = [r for r in chosen if r.code not in ONCE and r.code not in WIDE]
    every_source = [r for r in chosen if r.code in EVERY_SOURCE]
    own = set(group.ids)
    placed = group.placed()
    log: dict = {}
    stats = Traced(run.stats, log)
    mine = Context(group.corpus(run.external, run.sources, placed), stats=stats)
    findings = [f for f in run_rules(mine, rest) if _located_in(mine, f, own)]
    if wide:  # with no extras beyond its own articles, a group's context serves (and its frames are read once)
        wider = mine if run.extras is None or set(run.extras.ids) <= own else \
            Context((group | run.extras).corpus(run.external, run.sources), stats=stats)
        findings += [f for f in run_rules(wider, wide) if _located_in(wider, f, own)]
    if every_source:
        findings += run_rules(Context(replace(mine.corpus, sources=TracedSources(run.sources, log))), every_source)
    units, tally = UnknownUnits(), Tally()
    if UNITS in run.codes:
        units.add(mine, placed)
    tally.add(mine)
    return log, (findings, mine.checked, tally, units)


def run_rules(ctx: Context, rules: list[Rule]) -> list[Finding]:
    """The findings of ``rules`` on ``ctx`` (:func:`verifier.engine.findings_of`, rule by rule),
    before they are made unique, one per pair and sorted."""
    from verifier.engine import findings_of

    return [f for r in rules for f in findings_of(ctx, r)]


def _located_in(ctx: Context, f: Finding, own: set[str]) -> bool:
    """True when finding ``f`` belongs to a group of articles ``own``: it sits in one of them,
    or, placed nowhere, its first claim is one of theirs (kept when it has none)."""
    if f.source is not None:
        return f.source in own
    c = ctx.by_id.get(f.claims[0]) if f.claims else None
    return c is None or c.source in own
