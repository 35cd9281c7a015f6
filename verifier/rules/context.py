"""What every rule sees: the corpus plus indexes built once per run.

The central notion is the *fact*: a subject, a metric and a scope. Two claims speak of the
same fact when their subjects and metrics are equal and their scopes are *comparable*: for
every scope key that takes more than one value among the claims of that metric (a
*discriminating* key, e.g. ``model`` when figures for three models exist), both claims give
the key and give it the same value. A key only one value is ever seen for (``workload:
peak throughput``) does not separate facts, so a claim that omits it still matches.
This is learnt from the records, never from a list of known subjects.
"""

from __future__ import annotations

import bisect
import math
import re
from array import array
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from verifier.ingest.corpus import Corpus
from verifier.models.claim import ALTERNATIVES, Claim  # noqa: F401  (ALTERNATIVES: for the rules)
from verifier.models.finding import Band, Operand
from verifier.models.tier import rank
from verifier.numeric import INF, Interval, band, describe_band, fmt, rounding_band

TYPE_CHECKING = False
if TYPE_CHECKING:  # the stats module reads contexts: imported for the annotation only
    from verifier.rules.stats import Stats

MISSING = "?"
"""Stands for a discriminating scope key that a claim does not give, in lookup keys."""

QUALIFYING = frozenset({"workload", "part", "year", "per", "months"})
"""Scope keys that qualify a figure: a standby power, a part of a whole, a figure for a year, a
daily or per-unit average ('单桩日均约500千瓦时': ``per: unit, day``), the months of a year a figure
is for ('1-11月' cumulative against '11月当月': ``months``, :mod:`verifier.extract.periods`). An operand looked up for a
qualified figure (:meth:`Context.find`) must carry the same qualifier, while a comparison that
leaves the key out may still find qualified operands (its writer may have left the qualifier
unsaid); for contradictions a qualifier on one figure only makes another fact
(:func:`verifier.rules.facts.fact_groups`)."""



@dataclass
class Context:
    """The corpus with indexes; rules record which claims they compared in ``checked``.

    ``stats``, when given, holds the indexes that must be read over a whole corpus while
    ``corpus`` is a group of its articles (:class:`verifier.rules.stats.Stats`,
    :func:`verifier.rules.groups.check_grouped`): :attr:`discriminating`, the holders of the
    frames, the articles per block. Without it they are computed from ``corpus``."""

    corpus: Corpus
    checked: set[str] = field(default_factory=set)
    memo: dict = field(default_factory=dict)
    stats: Stats | None = None

    @cached_property
    def figures(self) -> list[Claim]:
        """Claims that take part in checks: numeric, not rejected, anchored, within the range the
        checker computes in (:attr:`~verifier.models.claim.Value.checkable`; V604 reports the
        others), in offset order; not the count of a streak (a number of periods, which only
        :mod:`verifier.rules.series` reads: :attr:`streaks`); with or without a holder (arithmetic inside one sentence
        needs none: :mod:`verifier.rules.derived`)."""
        out = [c for c in self.corpus.claims if c.status != "rejected" and (c.value.number is not None or c.value.is_range)
               and c.value.checkable and c.streak is None and self._anchored(c)]
        return sorted(out, key=lambda c: (c.source, c.anchor.start, c.id))

    @cached_property
    def streaks(self) -> list[Claim]:
        """The anchored, not rejected claims that count a streak (:attr:`Claim.streak`), in offset order."""
        out = [c for c in self.corpus.claims if c.streak is not None and c.status != "rejected" and self._anchored(c)]
        return sorted(out, key=lambda c: (c.source, c.anchor.start, c.id))

    @cached_property
    def live(self) -> list[Claim]:
        """The :attr:`figures` that have a holder: facts (a subject, a metric, a scope) are made of
        these, so a figure nobody holds never meets another article's figure."""
        return [c for c in self.figures if c.subject]

    def _anchored(self, c: Claim) -> bool:
        """True when the claim's quote is at its offsets: a record that no longer matches its
        article (V301/V302) says nothing reliable about it and takes no part in checks."""
        src = self.corpus.sources.get(c.source)
        return src is not None and src.body[c.anchor.start:c.anchor.end] == c.anchor.quote

    @cached_property
    def by_id(self) -> dict[str, Claim]:
        """Every claim by id."""
        return {c.id: c for c in self.corpus.claims}

    @cached_property
    def discriminating(self) -> dict[str, frozenset[str]] | _ByMetric:
        """Metric -> scope keys that take more than one scalar value among its claims (of the
        whole corpus when :attr:`stats` is given, then read metric by metric: ``get`` and ``[]`` only).

        A comparison's target scope counts too: a share of the whole, ``{part: ''}`` for a
        claim scoped ``{part: fast chargers}``, makes ``part`` discriminating, so the part and
        the whole are different facts even when no other claim names a second part.
        """
        if self.stats is not None:
            return _ByMetric(self.stats.discriminating)
        return {m: varying(keys) for m, keys in scope_values(self.live).items()}

    @cached_property
    def measurements(self) -> dict[tuple[str, str], list[Claim]]:
        """(subject, metric) -> point or range measurements (no comparison, no list scope)."""
        out: dict[tuple[str, str], list[Claim]] = defaultdict(list)
        for c in self.live:
            if c.comparison is None and not is_summary(c):
                out[(c.subject, c.metric)].append(c)
        return out

    def comparable(self, a: Claim | dict, b: Claim | dict, metrics: tuple[str, ...]) -> bool:
        """True when scopes ``a`` and ``b`` agree on every discriminating key of ``metrics``."""
        sa = a.scope if isinstance(a, Claim) else a
        sb = b.scope if isinstance(b, Claim) else b
        keys = set().union(*(self.discriminating.get(m, set()) for m in metrics))
        return all(k in sa and k in sb and sa[k] == sb[k] for k in keys) and _no_conflict(sa, sb)

    @cached_property
    def _buckets(self) -> dict[tuple, list[tuple[Claim, Interval]]]:
        """(subject, metric, values of the metric's discriminating keys) -> point measurements with
        bands. A bound ('4000元以上', 'more than 300 km') is no operand: its open band would meet
        any derived figure."""
        out: dict[tuple, list[tuple[Claim, Interval]]] = defaultdict(list)
        for (subject, metric), claims in self.measurements.items():
            keys = sorted(self.discriminating.get(metric, set()))
            for c in claims:
                iv = point_band(c) if c.value.number is not None else None
                if iv is not None and math.isfinite(iv.lo) and math.isfinite(iv.hi):
                    out[(subject, metric, tuple(c.scope.get(k, MISSING) for k in keys))].append((c, iv))
        return out

    def find(self, subject: str, metric: str, scope: dict) -> list[tuple[Claim, Interval]]:
        """Point measurements of (subject, metric) comparable with ``scope``, with their bands (own units).

        A dictionary lookup on the discriminating keys' values, then a check that no other
        shared key conflicts, in time independent of the corpus size. A key ``scope`` leaves
        out matches only figures that leave it out too (the same unstated scope: see
        :meth:`loose`); rules report what they find there at a lower severity. A
        :data:`QUALIFYING` key ``scope`` gives must be given by the figure too ('standby'), and
        figures without qualifiers ``scope`` lacks are preferred when there are any; when
        there are none and they differ by such a qualifier (peak and standby), nothing is found.

        Memoised per (subject, metric, scope) in ``memo``: one sentence printed many times asks
        the same question once per copy, and each answer reads the whole bucket.
        """
        found = self.memo.setdefault("find", {})
        key = (subject, metric, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in scope.items())))
        if key not in found:
            found[key] = self._find(subject, metric, scope)
        return found[key]

    def _find(self, subject: str, metric: str, scope: dict) -> list[tuple[Claim, Interval]]:
        """:meth:`find`, not memoised."""
        keys = sorted(self.discriminating.get(metric, set()))
        if any(isinstance(scope.get(k), list) for k in keys):
            return []
        hits = self._buckets.get((subject, metric, tuple(scope.get(k, MISSING) for k in keys)), [])
        qualified = QUALIFYING & scope.keys()
        hits = [(c, iv) for c, iv in hits if _no_conflict(c.scope, scope) and qualified <= c.scope.keys()]
        plain = [(c, iv) for c, iv in hits if not (QUALIFYING & c.scope.keys()) - qualified]
        if plain:
            return plain  # an unqualified figure speaks of the unqualified one when the corpus has it
        extra = {(k, c.scope[k]) for c, _ in hits for k in (QUALIFYING & c.scope.keys()) - qualified}
        if len({k for k, _ in extra}) < len(extra):
            return []  # qualified two ways (peak and standby) and the figure says neither: no operand
        return hits

    def loose(self, claim: Claim, metrics: tuple[str, ...] = ()) -> list[str]:
        """Discriminating keys of ``metrics`` (default: the claim's own) that ``claim`` leaves out."""
        keys = set().union(*(self.discriminating.get(m, set()) for m in (metrics or (claim.metric,))))
        return sorted(k for k in keys if k not in claim.scope)

    def origin_of(self, claim: Claim) -> str | None:
        """The id of the source ``claim``'s figure comes from, as far as the records say.

        The attribution's origin when it names one; else the claim's own article when that
        article is at least as strong as the tier the claim is recorded with (a primary
        article's own figures are their own origin: a vendor's page is where the vendor's
        numbers come from); else None, a figure relayed without saying from whom (a
        secondary article's figure recorded as primary). Tiers as :func:`~verifier.models.tier.rank`
        orders them; an unknown article counts as no origin.
        """
        if claim.attribution.origin:
            return claim.attribution.origin
        carrier = self.corpus.tier_of(claim.source)
        return claim.source if carrier is not None and rank(carrier) <= rank(claim.attribution.tier) else None

    def source_path(self, source_id: str) -> str | None:
        """Path of an article, for finding locations."""
        src = self.corpus.sources.get(source_id)
        return src.path if src else None

    def sentence(self, claim: Claim) -> str:
        """The sentence that holds ``claim``'s quote (:func:`sentence_around`), sentence ends found once per article."""
        return sentence_around(self.corpus.sources[claim.source].body, claim.anchor.start, claim.anchor.end, self.ends(claim.source))

    def role(self, claim: Claim) -> tuple[str, str | None]:
        """:func:`verifier.align.frames.role_of` of ``claim`` in its article, read once per claim
        and run (the frames and the facts both ask)."""
        roles = self.memo.setdefault("roles", {})
        key = (claim.source, claim.id, claim.anchor.start, claim.anchor.end)
        if key not in roles:
            from verifier.align.frames import role_of

            roles[key] = role_of(self.corpus.sources[claim.source].body, claim)
        return roles[key]

    def ends(self, source_id: str) -> Sequence[int]:
        """:func:`sentence_ends` of an article's body, found once per article and run."""
        ends = self.memo.setdefault("sentence_ends", {})
        if source_id not in ends:
            ends[source_id] = sentence_ends(self.corpus.sources[source_id].body)
        return ends[source_id]

    def location(self, claim: Claim) -> dict:
        """Finding fields that place a finding at ``claim``'s quote."""
        src = self.corpus.sources.get(claim.source)
        line = src.line_of(claim.anchor.start) if src else None
        return {"source": claim.source, "path": src.path if src else None, "line": line}


class _ByMetric:
    """Metric -> what ``read(metric)`` gives, asked metric by metric and kept (only ``get`` and
    ``[]``: the whole corpus's keys are read one metric at a time, :meth:`Stats.discriminating
    <verifier.rules.stats.Stats.discriminating>`)."""

    def __init__(self, read: Callable[[str], frozenset[str]]) -> None:
        self._read = read
        self._seen: dict[str, frozenset[str]] = {}

    def __getitem__(self, metric: str) -> frozenset[str]:
        if metric not in self._seen:
            self._seen[metric] = self._read(metric)
        return self._seen[metric]

    def get(self, metric: str, default=None):
        """The keys of ``metric`` (``default`` when there are none)."""
        return self[metric] or default


def varying(values: dict[str, set[str]]) -> frozenset[str]:
    """The scope keys of ``values`` (key -> the values claims give it) that take more than one:
    a metric's discriminating keys, of a context's claims or of the whole corpus's stats."""
    return frozenset(k for k, vals in values.items() if len(vals) > 1)


def scope_values(live: list[Claim]) -> dict[str, dict[str, set[str]]]:
    """Metric -> scope key -> the scalar values ``live``'s claims give it (their comparisons'
    target scopes too): what :attr:`Context.discriminating` is read from, a union per key."""
    seen: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for c in live:
        for key, val in c.scope.items():
            for v in (val if isinstance(val, list) else [val]):
                seen[c.metric][key].add(v)
        for key, val in (c.comparison.scope.items() if c.comparison else ()):
            seen[c.metric][key].add(val)
    return seen


def _no_conflict(sa: dict, sb: dict) -> bool:
    return all(sa[k] == sb[k] for k in sa.keys() & sb.keys() if not isinstance(sa[k], list) and not isinstance(sb[k], list))


def loose_note(missing: list[str]) -> str:
    """Message tail for figures compared with scope keys left out (reported as warnings)."""
    if not missing:
        return ""
    return f" (compared as printed: {', '.join(missing)} not stated, while other figures of this metric differ by it)"


def is_summary(claim: Claim) -> bool:
    """True when a claim speaks of several facts at once: a list scope or alternative subjects/targets."""
    return (
        any(isinstance(v, list) for v in claim.scope.values())
        or ALTERNATIVES in (claim.subject or "")
        or (claim.comparison is not None and ALTERNATIVES in claim.comparison.target)
    )


_HAS_UNIT_TEXT = re.compile(r"[A-Za-zµ%‰/]|[\u4e00-\u9fff](?<![万萬亿億千百十到至和及零〇一二两兩三四五六七八九半])")
"""Printed text that already carries a unit: letters, %, or a Chinese character that is not a
numeral, a scale word or a range connective ('三' is a number: '三 models')."""


def figure_text(claim: Claim) -> str:
    """The figure as printed with its unit, for messages: '1.9 x', '8.54万 tokens/s/kW', '28%'.

    The unit is not repeated when the printed text carries one. When the printed text lost
    what the value holds (a bare '240' for 2.4e8 USD, one end of a range), the normalised
    value is shown instead, so a message never understates a figure.
    """
    printed, unit, v = claim.value.printed, claim.value.unit, claim.value
    if unit == "s" and _CLOCK_OR_COMPOUND.fullmatch(claim.anchor.quote):
        return claim.anchor.quote  # '2:06:21', '2hr 6min 21sec': the time as printed, not its first number
    if _BARE_NUMBER.fullmatch(printed):
        shown = float(printed.replace(",", "").replace(" ", ""))
        if v.number is not None and not math.isclose(shown, v.number, rel_tol=1e-9):
            printed = fmt(v.number)
        elif v.number is None and v.low is not None and v.high is not None:
            printed = f"{fmt(v.low)}–{fmt(v.high)}"
    if not unit or printed.replace(" ", "").endswith(unit) or _HAS_UNIT_TEXT.search(printed):
        return printed
    return f"{printed} {unit}"


_BARE_NUMBER = re.compile(r"\d[\d, ]*(?:\.\d+)?")
"""Printed text that is one plain number (no scale word, no second end)."""

_CLOCK_OR_COMPOUND = re.compile(
    r"\d{1,3}(?::\d\d){1,2}(?:\.\d+)?"                                     # '2:06:21', '2:06.32', '1:58.3'
    r"|.*(?:\d\s*h|hrs?|hours?|mins?|minutes?|小时|小時|分).*(?:\d\s*s|secs?|seconds?|秒)",  # two parts or more
    re.IGNORECASE)
"""A time printed as a clock reading or a compound duration ('2:06:21', '2hr 6min 21sec', 'two
hours, six minutes and 32 seconds', '2小时6分21秒'): a message shows it as printed."""


def point_band(claim: Claim) -> Interval:
    """The band a point figure stands for (see :func:`verifier.numeric.band`)."""
    v = claim.value
    return band(v.number, v.resolution, claim.approx)


def rounded_band(claim: Claim) -> Interval:
    """The band a point figure stands for when it may be a rounded conversion: read at the place of
    its last non-zero digit ('20 miles' as [15, 25]; see :func:`verifier.numeric.rounding_band`)."""
    v = claim.value
    return rounding_band(v.number, v.resolution, claim.approx)


def range_bands(claim: Claim) -> tuple[Interval | None, Interval | None]:
    """Bands of the low and high ends of a printed range (approx words apply to both ends)."""
    v = claim.value
    lo = band(v.low, v.resolution, claim.approx) if v.low is not None else None
    hi = band(v.high, v.resolution, claim.approx) if v.high is not None else None
    return lo, hi


def stated_band(claim: Claim, iv: Interval | None = None) -> Band:
    """The ``stated`` block of a finding for ``claim``: band ``iv``, its point band, or its range's span."""
    basis = describe_band(claim.value.printed, claim.value.resolution, claim.approx)
    if iv is None and claim.value.number is None:
        lo, hi = range_bands(claim)
        iv = Interval(lo.lo if lo else -INF, hi.hi if hi else INF)
        basis += " at each end"
    iv = iv or point_band(claim)
    return Band(low=iv.lo, high=iv.hi, unit=claim.value.unit, basis=basis)


def operand(claim: Claim, iv: Interval | None = None) -> Operand:
    """An :class:`Operand` for a finding, with the band the claim's figure stands for (a range's span for ranges)."""
    b = stated_band(claim, iv)
    return Operand(
        claim=claim.id, source=claim.source, quote=claim.anchor.quote, printed=claim.value.printed,
        low=b.low, high=b.high, unit=claim.value.unit,
    )


_SENTENCE_END = re.compile(r"[。！？；!?\n]|[.;](?=\s)")
"""Where a sentence ends: CJK and Latin terminal punctuation (a Latin stop only before a space, not in 1.9)."""
SENTENCE_MAX = 300
"""Longest sentence kept (characters); longer ones are cut around the quote."""


def sentence_around(body: str, start: int, end: int, ends: Sequence[int] | None = None) -> str:
    """The sentence of ``body`` holding ``body[start:end]``, stripped, at most :data:`SENTENCE_MAX` characters.

    Args:
        ends: the body's sentence-end offsets from :func:`sentence_ends`; pass them when
            looking up many claims of one body (found by bisection instead of a scan).
    """
    ends = sentence_ends(body) if ends is None else ends
    i = bisect.bisect_right(ends, start)
    left = ends[i - 1] if i else 0
    j = bisect.bisect_right(ends, end - 1)
    right = ends[j] if j < len(ends) else len(body)
    if right - left > SENTENCE_MAX:
        half = (SENTENCE_MAX - (end - start)) // 2
        left, right = max(left, start - half), min(right, end + half)
    return body[left:right].strip()


def sentence_ends(body: str) -> Sequence[int]:
    """Offsets just past each sentence end of ``body``, ascending, as a packed array (8 bytes an
    offset, where a list of ints takes 36: :meth:`Context.ends` keeps one per article)."""
    return array("q", (m.end() for m in _SENTENCE_END.finditer(body)))
