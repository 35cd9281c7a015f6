"""The grouped stage of an audit run again after a few articles changed, from what the last run
kept (:class:`Kept`): only the changed articles, and those whose reads of the whole corpus
changed, are read again.

    kept = Kept()
    by_group(corpus, claims_of, rules, mapper=mapper, kept=kept)    # a full run keeps it
    regroup(kept, corpus, claims_of, {index: new digest}, rules, mapper, materialize, limit)
        -> (findings, Tally), or None: run the full audit

What :func:`verifier.rules.groups.by_group` computes from every article, and how a re-audit
updates it:

* the whole corpus's stats, summed with counts (:class:`~verifier.rules.stats.Totals`), the
  claims pass's and the frames pass's apart: a changed article's old part is taken out and its
  new one added;
* what each article's frames pass read of the claims' stats (:class:`ReadIndex`): each read is
  asked again of the new stats, and the articles that made a read whose answer changed are read
  again (*stale*). The holders an article names (``names`` reads) are not asked again: when the
  holder names of the corpus change, the re-audit is a full run;
* each article's keys as codes (:func:`verifier.rules.groups.resolved`): resolved again for an
  article read again, and for one with a key whose name's representative or whose block's count
  of articles changed (:attr:`Kept.name_users`, :attr:`Kept.block_users`); every article's codes
  are then joined again (integers only, :class:`~verifier.rules.joiner.Joiner`);
* each group's result, keyed by its articles' and the extras' digests, with what its rules read
  (the results cache's entry): a group of a key the last run had, whose reads still hold,
  keeps its result (:func:`_held`); the others are checked.

None is returned when the delta would cost about as much as a full run, or cannot be found
without one: the holder names or the extras changed, more than ``limit`` articles are to be
read again, a result the last run kept is no longer in the cache, or an article reads the source
of a claim no kept read answers (:class:`Unknown`). The findings are those of a full run
(``tests/test_reaudit.py`` sets them side by side), or there are none.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from verifier.rules import results_cache
from verifier.rules.groups import (
    Parts, _claim_pass, _frame_pass, _group_pass, _kept_or_run, _one_name, _Run, finish, part, resolved,
)
from verifier.rules.joiner import Joiner
from verifier.rules.reads import Read, Whole, answer, still_holds
from verifier.rules.stats import Stats, Totals

if TYPE_CHECKING:
    from verifier.engine import Tally
    from verifier.engines import Mapper
    from verifier.ingest.corpus import Corpus
    from verifier.models.finding import Finding
    from verifier.rules.registry import Rule


@dataclass
class ReadIndex:
    """The reads of the whole corpus a pass made (:mod:`verifier.rules.reads`), over all its
    parts: read -> its answer (every part read one whole, so one answer), and read -> the parts
    (article indexes, 4 bytes each) that made it. ``names`` reads, one per article, are left out
    (see the module docstring)."""

    answers: dict[Read, Any] = field(default_factory=dict)
    readers: dict[Read, array] = field(default_factory=dict)

    def add(self, who: int, log: Mapping[Read, Any]) -> None:
        """Add the ``log`` of part ``who``."""
        for read, value in log.items():
            if read[0] != "names":
                self.answers[read] = value
                if read not in self.readers:
                    self.readers[read] = array("I")
                self.readers[read].append(who)

    def changed(self, ask: Callable[[Read], Any]) -> set[int]:
        """The parts that made a read whose answer ``ask`` now gives otherwise; the answers
        are updated to ``ask``'s."""
        out: set[int] = set()
        for read, value in self.answers.items():
            now = ask(read)
            if now != value:
                self.answers[read] = now
                out.update(self.readers[read])
        return out


class Codes:
    """Every article's codes (:func:`~verifier.rules.joiner.key_code`), by index in the corpus's
    order: appended in order while a full run resolves them, into a temporary file (100,000
    synthetic articles: 6.4 million keys, 51 MB the run need not hold), and read back whole, one
    after another with each article's count, when first asked for; an article given new codes
    holds them apart until the whole is pickled again.

        codes = Codes(); codes.append(array("Q", [...]))
        codes[i] -> array("Q");  codes[i] = array("Q", [...])
    """

    def __init__(self, items: Iterable[array] = ()) -> None:
        self._counts = array("I")
        self._data = array("Q")
        self._starts: array | None = None
        self._spill: Any = None
        self._fresh: dict[int, array] = {}
        for codes in items:
            self.append(codes)

    def append(self, codes: array) -> None:
        """Add the codes of the next article."""
        if self._spill is None:
            import tempfile

            self._spill = tempfile.TemporaryFile()
        self._counts.append(len(codes))
        self._spill.write(codes.tobytes())

    def _read_back(self) -> None:
        from itertools import accumulate

        if self._spill is not None:
            self._spill.seek(0)
            self._data.frombytes(self._spill.read())
            self._spill.close()
            self._spill = None
            self._starts = None
        if self._starts is None:
            self._starts = array("Q", accumulate(self._counts, initial=0))

    def __len__(self) -> int:
        return len(self._counts)

    def __getitem__(self, i: int) -> array:
        if i in self._fresh:
            return self._fresh[i]
        self._read_back()
        start = self._starts[i]
        return self._data[start:start + self._counts[i]]

    def __setitem__(self, i: int, codes: array) -> None:
        self._fresh[i] = codes

    def __getstate__(self) -> dict:
        """The codes one after another (the new ones in their places) and the counts."""
        self._read_back()
        if self._fresh:
            data, counts = array("Q"), array("I")
            for i in range(len(self)):
                codes = self[i]
                data.extend(codes)
                counts.append(len(codes))
            self._data, self._counts, self._fresh, self._starts = data, counts, {}, None
        return {"counts": self._counts, "data": self._data}

    def __setstate__(self, state: dict) -> None:
        self.__init__()
        self._counts, self._data = state["counts"], state["data"]


@dataclass
class Kept:
    """What a run of the grouped stage keeps for the next (see the module docstring); articles
    by their index in the corpus's order, groups by theirs in the run's.

    Attributes:
        digests: each article's digest (:func:`~verifier.rules.results_cache.article_digest`).
        claims, frames: the claims pass's and the frames pass's stats, summed with counts.
        frame_reads: what the frames pass read, by article.
        codes: each article's keys, resolved, as codes (:class:`Codes`).
        name_users: name -> the articles with a key whose name takes its representative (4
            bytes an article, in arrays: one of a common block lists tens of thousands).
        block_users: block -> the articles with a rare frame weighed against it.
        whose, same: the names' representatives (:func:`verifier.rules.groups._one_name`).
        extras: the articles read beside every group.
        groups: each group's articles; group_keys: its results-cache key (what its rules read
            is in the cache entry, :func:`~verifier.rules.results_cache.load`).
        once: the findings of the rules run once on the articles' metadata.
    """

    digests: list[str] = field(default_factory=list)
    claims: Totals = field(default_factory=Totals)
    frames: Totals = field(default_factory=Totals)
    frame_reads: ReadIndex = field(default_factory=ReadIndex)
    codes: Codes = field(default_factory=Codes)
    name_users: dict[str, array] = field(default_factory=dict)
    block_users: dict[tuple, array] = field(default_factory=dict)
    whose: dict[str, str] = field(default_factory=dict)
    same: dict[str, str] = field(default_factory=dict)
    extras: list[int] = field(default_factory=list)
    groups: list[list[int]] = field(default_factory=list)
    group_keys: list[str] = field(default_factory=list)
    once: list[Finding] = field(default_factory=list)

    def read_frames(self, at: int, _key: str, log: Mapping[Read, Any]) -> None:
        """Keep what article ``at``'s frames pass read."""
        self.frame_reads.add(at, log)

    def keep_group(self, at: int, key: str, _log: Mapping[Read, Any]) -> None:
        """Keep group ``at``'s results-cache key."""
        if at == len(self.group_keys):
            self.group_keys.append(key)
        else:
            self.group_keys[at] = key

    def keep_codes(self, at: int, codes: array, names: Iterable[str], blocks: Iterable[tuple]) -> None:
        """Keep article ``at``'s resolved codes, the names they took representatives for and the
        blocks they were weighed against."""
        if at == len(self.codes):
            self.codes.append(codes)
        else:
            self.codes[at] = codes
        for users, keys in ((self.name_users, names), (self.block_users, blocks)):
            for k in keys:
                if k not in users:
                    users[k] = array("I")
                users[k].append(at)  # an article may be listed twice: read as a set


class Unknown(LookupError):
    """A claim's source that no kept read answers: the re-audit cannot tell it without a full run."""


class SourceOf:
    """Claim id -> source id as the frames pass reads it (``get``), after some articles changed:
    the changed articles' claims (``moved``: claim id -> its article; ``gone``: claims no
    article has now), else the answer a kept read gave (``kept``, a :class:`ReadIndex`'s).

    Raises:
        Unknown: from :meth:`get`, for a claim of neither."""

    def __init__(self, moved: dict[str, str], gone: set[str], kept: Mapping[Read, Any]) -> None:
        self._moved, self._gone, self._kept = moved, gone, kept

    def get(self, cid: str, default: str | None = None) -> str | None:
        """The source of claim ``cid`` (``default`` when no article has it)."""
        if cid in self._moved:
            return self._moved[cid]
        if cid in self._gone:
            return default
        read = ("source of", cid)
        if read not in self._kept:
            raise Unknown(cid)
        found = self._kept[read]
        return default if found is None else found


def _joined(kept: Kept, ids: list[str], was: dict[int, array]) -> list[list[str]]:
    """The groups of every article's codes (:attr:`Kept.codes`, already updated) after the
    articles ``was`` (index -> its codes before) were resolved again, as
    :class:`~verifier.rules.joiner.Joiner` gives them over all the articles: the last run's
    groups that hold none of those articles and share no key with their new codes stay as they
    were (their keys, and the activity of each, are as they were: only a re-resolved article
    could join one to another: a key of theirs a group gives, active on either side), and the
    articles of the others are joined again."""
    # an active key of theirs joins whoever gives it; a passive one only whoever gives it active
    probe = {c & ~1 | on for i in was for c in kept.codes[i] for on in ((0, 1) if c & 1 else (1,))}
    group_of = {i: j for j, g in enumerate(kept.groups) for i in g} if was else {}
    hit = {group_of[i] for i in was}
    hit |= {j for j, g in enumerate(kept.groups) if j not in hit and any(not probe.isdisjoint(kept.codes[i]) for i in g)}
    joiner = Joiner()
    for i in sorted(i for j in hit for i in kept.groups[j]):
        joiner.add(ids[i], kept.codes[i])
    at = {sid: i for i, sid in enumerate(ids)}
    out = [[ids[i] for i in g] for j, g in enumerate(kept.groups) if j not in hit] + joiner.groups()
    return sorted(out, key=lambda g: at[g[0]])


def _held(entries: dict[str, tuple[dict, Any]], whole: Whole) -> dict[str, tuple[dict, Any]]:
    """The group entries (key -> (log, result)) whose reads still hold in ``whole``, the
    ``names`` reads left unasked: a group of a key the last run had holds the same articles,
    and the holder names they are searched for are the same (else :func:`regroup` returned
    earlier), so each names what it named (asking would read every article)."""
    answers: dict = {}
    return {k: v for k, v in entries.items() if still_holds(v[0], whole, answers, unasked=("names",))}


def regroup(kept: Kept, corpus: Corpus, claims_of: Mapping[str, Any], changed: dict[int, str], rules: list[Rule],
            mapper: Mapper, materialize: Callable[[Iterable[str]], None], limit: int) -> tuple[list[Finding], Tally] | None:
    """The findings and counts of :func:`verifier.rules.groups.by_group` on ``corpus`` after the
    articles ``changed`` (index in the corpus's order -> new digest) changed since the run that
    left ``kept``, which is updated to this run's; None when the full run is needed (see the
    module docstring; ``kept`` is then spent).

    ``corpus.sources`` holds every article's id in order (its articles may be read only when
    asked for); ``materialize(source ids)`` makes the articles named ready to be read by a pass:
    their articles, numbers, errors and shelved claims (``claims_of``, a
    :class:`~verifier.shelf.ClaimsBySource`). The changed articles are ready. ``limit``: the most
    articles read again before a full run is cheaper.

    Raises:
        Whatever the passes raise."""
    from verifier.engine import Tally
    from verifier.rules.anchors import UnknownUnits

    ids = list(corpus.sources)
    old = kept.digests
    digests = list(old)
    for i, d in changed.items():
        digests[i] = d
    by_sid = dict(zip(ids, digests))
    external = corpus.external
    passes = results_cache.run_digest((), external)

    def earlier(stage: str, which: list[int], of: list[str]) -> dict[int, Any] | None:
        keys = [results_cache.stage_key(stage, [[(ids[i], of[i])], []], passes) for i in which]
        found = results_cache.load(keys, None)
        return None if len(found) < len(keys) else {i: found[k][1] for i, k in zip(which, keys)}

    def run(stage: str, func: Callable, shared: Any, which: list[int], whole: Whole, on_log=None) -> list:
        return list(_kept_or_run(stage, func, shared, Parts(corpus, claims_of, [[ids[i]] for i in which]), by_sid, whole,
                                 external, mapper, on_log=on_log))

    try:
        # the claims pass of the changed articles, and the stats of every claim
        first = sorted(changed)
        before = earlier("claims", first, old)
        if before is None:
            return None
        names = set(kept.claims.sets.get(("holder_names",), ()))
        moved: dict[str, str] = {}
        gone: set[str] = set()
        for i, (one, cids) in zip(first, run("claims", _claim_pass, (external, corpus.sources), first, Whole(Stats()))):
            kept.claims.take(before[i][0])
            kept.claims.add(one)
            gone.update(before[i][1])
            moved.update((c, ids[i]) for c in cids)
        gone -= moved.keys()
        if set(kept.claims.sets.get(("holder_names",), ())) != names:
            return None
        claims = kept.claims.stats()
        source_of = SourceOf(moved, gone, dict(kept.frame_reads.answers))
        whole = Whole(claims, corpus.sources, source_of)
        stale = kept.frame_reads.changed(lambda read: answer(whole, read)) - changed.keys()
        again = sorted(changed.keys() | stale)
        if len(again) > limit:
            return None
        materialize(ids[i] for i in stale)

        # the frames pass of the changed and stale articles, and the stats of every frame
        before = earlier("frames", again, old)
        if before is None:
            return None
        fresh = run("frames", _frame_pass, (external, claims, source_of, corpus.sources), again, whole,
                    lambda j, key, log: kept.read_frames(again[j], key, log))
        sizes = kept.frames.counts.get(("blocks",), {})
        touched = {b for i in again for b in before[i][0].blocks} | {b for one, _, _ in fresh for b in one.blocks}
        counted = {b: sizes.get(b, 0) for b in touched}
        for i, (one, _, _) in zip(again, fresh):
            kept.frames.take(before[i][0])
            kept.frames.add(one)
        extras = sorted((set(kept.extras) - set(again)) | {i for i, (_, _, extra) in zip(again, fresh) if extra})
        if extras != kept.extras or any(i in changed for i in extras):
            return None
        stats = kept.claims.stats()
        stats.merge(kept.frames.stats())
        hs = stats.index()
        whose, same = _one_name(hs.alike()), _one_name(hs.same)
        renamed = {n for was, now in ((kept.whose, whose), (kept.same, same)) for n in was.keys() | now.keys() if was.get(n) != now.get(n)}
        weighed = {b for b in touched if stats.blocks[b] != counted[b]}
        keys = {i: k for i, (_, k, _) in zip(again, fresh)}
        rekey = sorted(set().union(*(kept.name_users.get(n, ()) for n in renamed), *(kept.block_users.get(b, ()) for b in weighed)) - keys.keys())
        if rekey:
            more = earlier("frames", rekey, digests)
            if more is None:
                return None
            keys.update((i, r[1]) for i, r in more.items())
        was_codes = {i: kept.codes[i] for i in keys}
        for i, k in keys.items():
            resolved(k, whose, same, stats.blocks, kept, i)
        kept.whose, kept.same = whose, same
        groups = _joined(kept, ids, was_codes)

        # the groups: a group of a key the last run had, whose reads hold, keeps its result
        codes = [r.code for r in rules]
        at = {sid: i for i, sid in enumerate(ids)}
        beside = [(ids[i], digests[i]) for i in extras]
        checks = results_cache.run_digest(codes, external)
        gkeys = [results_cache.stage_key("group", [[(sid, by_sid[sid]) for sid in g], beside], checks) for g in groups]
        whole = Whole(stats, corpus.sources)
        found = _held(results_cache.load(set(kept.group_keys) & set(gkeys), None), whole)
        todo = [j for j, k in enumerate(gkeys) if k not in found]
        materialize([*(sid for j in todo for sid in groups[j]), *(ids[i] for i in extras)])
        extra = part(corpus, claims_of, [ids[i] for i in extras], at) if extras else None
        shared = _Run(external, stats, extra, codes, corpus.sources)
        checked = dict(zip(todo, _kept_or_run("group", _group_pass, shared, Parts(corpus, claims_of, [groups[j] for j in todo]), by_sid,
                                              whole, external, mapper, codes, extra)))
    except Unknown:
        return None
    findings: list[Finding] = []
    tally, units = Tally(), UnknownUnits()
    for j, key in enumerate(gkeys):
        found_here, _, counts, seen = checked[j] if j in checked else found[key][1]
        findings += found_here
        tally.merge(counts)
        units.merge(seen)
    kept.digests, kept.groups, kept.group_keys = digests, [[at[sid] for sid in g] for g in groups], gkeys
    return finish(findings + kept.once, units, rules), tally
