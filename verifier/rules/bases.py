"""V208: a figure the primary source gives as a share of one whole, or as a rate per one base,
that coverage gives of or per another.

* A share of a wider or narrower whole: the primary's '11% of the county's U.S. revenue' retold
  as '11 cents of every revenue dollar the county collects' (all of it): the scope qualifier of
  the whole ('U.S.') dropped, or one added, or another put in its place ('U.S.' for 'global').
* A rate per another base: the primary's birth rate '6.77‰' (per 1,000 of the population, or
  '每千人') retold as '6.77 births per 1,000 women'.

Both readings are the claims' :attr:`~verifier.models.claim.Claim.base`, which extraction reads with
:func:`verifier.quantities.proportions.read_bases` (the words are in ``verifier/data/bases.yaml``)
and a reviewer may correct in the records; the two figures must be one quantity by the alignment of
:mod:`verifier.align` (the same measured thing, holder, unit family and role, no time or other
qualifier that differs) and one value at printed precision. The linters' promise: an error only
when both sides name their whole or base and the names differ, on a confident alignment; a
qualifier or a base noun that one side leaves unsaid is a warning that says why it needs review
(a shortened name is not a wider whole, so one side's whole must be universal: 'every', 'all',
'total'); nothing when the primary itself gives the figure for coverage's whole or base too.

Not read here (why): 'N of every 100' stated as an absolute count where the source gives a
relative change ('a 35% relative reduction'). The two figures measure different things (people
saved, a change in mortality), so no alignment ties them, and whether 35 of 100 follows from a
35% cut depends on a base rate the text rarely prints; only a reader can tell a misreading from
a different claim.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache
from typing import Final, Iterator

from verifier.align.frames import TIME_KEYS, Frame, frame_of, only_year
from verifier.align.pairs import ANOTHER_QUANTITY, Alignment, Holders, align, candidates, primary_facet, year_facet
from verifier.models.claim import Claim, Value
from verifier.models.finding import Band, Finding, Severity
from verifier.models.tier import Tier
from verifier.quantities.proportions import Base, words
from verifier.rules.aligned import NEEDS_REVIEW, SPECIFIC_DIGITS, agree, significant_digits
from verifier.rules.context import Context, operand, stated_band
from verifier.rules.registry import rule

IMPLIED: Final = "population"
"""The base group of a rate printed without a base noun ('6.77‰', '7.37 per thousand'): a crude
rate is per 1,000 of the whole population its figure is for."""

PER: Final = 1000.0
"""The size every rate is restated per before two are compared (‰)."""

FRAME_KEYS: Final = frozenset({"year", "months", "condition", "row"}) | ANOTHER_QUANTITY
"""Frame keys whose difference makes two figures two quantities here: another time, condition,
table row, holder or mood is no base misattributed."""


def _fold(s: str) -> str:
    return " ".join(s.casefold().replace("’", "'").split())


@lru_cache(maxsize=1)
def _groups() -> dict[str, str]:
    """Base noun (folded) -> its group ('women' -> 'women', '人口' -> 'population')."""
    return {_fold(n): g for g, names in words()["groups"].items() for lang in ("en", "zh") for n in names.get(lang, [])}


def group_of(noun: str | None) -> str:
    """The group of a base noun: its group of the word table, :data:`IMPLIED` for none, else the
    noun folded and without a plural 's'."""
    if noun is None:
        return IMPLIED
    n = _fold(noun)
    return _groups().get(n) or _groups().get(n.rstrip("s")) or n.rstrip("s")


@lru_cache(maxsize=1)
def _qualifier_re() -> re.Pattern:
    en, zh = words()["qualifiers"]["en"], words()["qualifiers"]["zh"]
    alt = "|".join(re.escape(w) for w in sorted(en, key=len, reverse=True))
    return re.compile(r"(?<![\w.])(?:" + alt + r")(?![\w])|" + "|".join(sorted(zh, key=len, reverse=True)), re.IGNORECASE)


@lru_cache(maxsize=1)
def _universal_re() -> re.Pattern:
    en, zh = words()["universal"]["en"], words()["universal"]["zh"]
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, en)) + r")(?![\w-])|" + "|".join(zh), re.IGNORECASE)


def qualifiers(whole: str) -> frozenset[str]:
    """The scope qualifiers a whole's words name ('u.s.' of "the county's U.S. revenue"), folded
    ('US' and 'U.S.' are one)."""
    return frozenset(_fold(m.group(0)).replace(".", "") for m in _qualifier_re().finditer(whole))


def universal(b: Base) -> bool:
    """True when a whole is quantified over all of it ('every revenue dollar', 'all of its revenue', 'total revenue')."""
    return b.every or bool(b.whole and _universal_re().search(b.whole))


def _whole_head(b: Base) -> str | None:
    """What the whole is of: the word before a money base noun ('revenue' of 'every revenue
    dollar'; None for 'every dollar it earns', which names no whole), else the base noun
    ('revenue' of "the county's U.S. revenue", 'voters')."""
    if b.noun is None:
        return None
    if b.noun.casefold().rstrip("s") in _money_nouns():
        before = (b.whole or "").split(b.noun)[0].split()
        return before[-1] if before else None
    return b.noun


@lru_cache(maxsize=1)
def _money_nouns() -> frozenset[str]:
    return frozenset(w for sub in words()["subunits"].values() for w in sub["whole"])


def reading(c: Claim) -> Base | None:
    """The base claim ``c`` is counted of or per (:attr:`~verifier.models.claim.Claim.base`) with
    its value: a proportion as a fraction (the number / the size, or / 100 in %, or the number
    itself for a fraction such as 五分之一), a rate per its size; None for a claim without one."""
    b, n = c.base, c.value.number
    if b is None or n is None:
        return None
    if b.kind == "rate":
        value = n
    elif b.size:
        value = n / b.size
    else:
        value = n / 100 if c.value.unit == "%" else n
    return Base(b.kind, value, b.size, b.noun, b.whole, b.event, b.every, c.anchor.start, b.start, b.end)


def readings(ctx: Context) -> dict[str, Base]:
    """Claim id -> the base its figure is read with (:func:`reading`), for each figure that has one (memoised)."""
    if "bases" not in ctx.memo:
        ctx.memo["bases"] = {c.id: b for c in ctx.figures if (b := reading(c)) is not None}
    return ctx.memo["bases"]


def _restated(c: Claim, measured: str | None, number: float, unit: str, step: float | None, held: bool) -> Claim:
    """``c`` as the alignment should read it: its figure as a share in % or a rate in ‰ of
    ``measured``, and no holder when the one it names owns the whole, not the part."""
    value = Value(printed=c.value.printed, number=number, unit=unit, resolution=step)
    decided = dict(c.decided)
    update = {"value": value, "measured": measured, "decided": decided}
    if not held:
        update["subject"] = None
        decided.pop("holder", None)
    return c.model_copy(update=update)


def _with_time(c: Claim, b: Base, claims: list[Claim]) -> Claim:
    """``c`` with the time its construction states on another of its figures: a rate or a share
    is stated once for its count and its base ('2.1 per 1,000 patient-days in 2024' dates the
    count 2.1 as much as the 1,000 the year stands beside)."""
    scope = dict(c.scope)
    for o in claims:
        if o.id != c.id and b.start <= o.anchor.start < b.end:
            for k in TIME_KEYS:
                if k in o.scope and k not in scope:
                    scope[k] = o.scope[k]
    return c.model_copy(update={"scope": scope}) if scope != c.scope else c


def _step(c: Claim, factor: float) -> float | None:
    """The printed step of ``c`` in the restated unit (``factor`` times its own)."""
    return c.value.resolution * factor if c.value.resolution else None


def _frames(ctx: Context, kind: str) -> list[tuple[Frame, Base]]:
    """Frames of the figures read with a base of ``kind``: shares restated in % of their whole's
    head noun, rates in ‰ of the claim's measured thing (or the rate's event)."""
    key = f"base_frames_{kind}"
    if key not in ctx.memo:
        out = []
        if "base_years" not in ctx.memo:  # both kinds read them
            ctx.memo["base_years"] = {sid: only_year(src.body, src.meta.title or "") for sid, src in ctx.corpus.sources.items()}
        years = ctx.memo["base_years"]
        by_source: dict[str, list[Claim]] = defaultdict(list)
        for c in ctx.figures:
            by_source[c.source].append(c)
        for c in ctx.figures:
            b = readings(ctx).get(c.id)
            if b is None or b.kind != kind or c.value.number is None:
                continue
            src = ctx.corpus.sources[c.source]
            if kind == "proportion":
                head = _whole_head(b)
                if head is None or b.whole is None:
                    continue
                held = not (c.subject and _fold(c.subject.split("'")[0]) in _fold(b.whole))
                r = _restated(c, head, b.value * 100, "%", _step(c, 100 * b.value / c.value.number) if c.value.number else None,
                              held)
            else:
                k = PER / b.size if b.size else 1.0
                r = _restated(c, c.measured or b.event, b.value * k, "‰", _step(c, k), True)
            r = _with_time(r, b, by_source[c.source])
            published = str(src.meta.published.year) if src.meta.published else None
            f = frame_of(src.body, r, src.meta.tier == Tier.primary, years[c.source], published, ctx.sentence(c))
            out.append((f, b))
        ctx.memo[key] = out
    return ctx.memo[key]


def _pairs(ctx: Context, kind: str) -> Iterator[tuple[Alignment, Base, Base]]:
    """(alignment of coverage's frame with the primary's, coverage's base, the primary's base) for
    figures of one value in one frame (:data:`FRAME_KEYS` all the same)."""
    fs = _frames(ctx, kind)
    base_of = {id(f): b for f, b in fs}
    hs = ctx.stats.index(kind) if ctx.stats is not None else Holders(f for f, _ in fs)
    for x, y in candidates([f for f, _ in fs], lambda x, y: x.primary != y.primary, lambda f: _frame_facets(hs, f)):
        s, p = (y, x) if x.primary else (x, y)
        al = align(s, p)
        if al is None or {k for k, _, _ in al.differs} & FRAME_KEYS or agree(s, p) is not True:
            continue
        yield al, base_of[id(s)], base_of[id(p)]


def _frame_facets(hs: Holders, f: Frame) -> tuple:
    """Facets of a pair that can be one frame here: one mood, holder and year (:data:`FRAME_KEYS`),
    and a primary source on one side (:func:`~verifier.align.pairs.primary_facet`)."""
    return (*hs.quantity_facets(f), year_facet(f), primary_facet(f))


def _frames_of_primary(ctx: Context, kind: str) -> list[tuple[Frame, Base]]:
    """The frames of :func:`_frames` of primary sources' figures."""
    return [(f, b) for f, b in _frames(ctx, kind) if f.primary]


def _severity(al: Alignment, explicit: bool) -> tuple[Severity, str]:
    """(severity, review note): an error on a confident alignment of two figures of at least
    :data:`~verifier.rules.aligned.SPECIFIC_DIGITS` significant digits whose two names of the
    whole or base are both printed; a warning that says why otherwise."""
    digits = min(significant_digits(al.a.claim.value.printed), significant_digits(al.b.claim.value.printed))
    if explicit and al.confident and digits >= SPECIFIC_DIGITS and not {"year", "months"} & set(al.one_sided):
        return Severity.error, ""
    reasons = []
    if not explicit:
        reasons.append("one side leaves its qualifier or base unsaid")
    if digits < SPECIFIC_DIGITS:
        reasons.append(f"a figure of {digits} significant digit{'s' if digits != 1 else ''} may recur for another whole or base by chance")
    if not al.confident:
        weak = al.a.claim.weak({"measured", "holder"}) + al.b.claim.weak({"measured", "holder"})
        reasons += [f"the {k} was decided by {d.by} ({d.confidence:.2f})" for k, d in weak] or ["the alignment is not confident"]
    if {"year", "months"} & set(al.one_sided):
        reasons.append("only one side states the time")
    return Severity.warning, NEEDS_REVIEW + "; ".join(reasons) + "."


def _recomputed(p: Frame, basis: str) -> Band:
    b = stated_band(p.claim)
    return Band(low=b.low, high=b.high, unit=b.unit, basis=basis)


@rule("V208", "misattributed-base",
      "Coverage gives the primary source's figure as a share of another whole, or as a rate per another base.")
def misattributed_base(ctx: Context) -> Iterator[Finding]:
    """A coverage figure aligned with a primary figure of the same value (at printed precision)
    and frame, read as a share of a whole or a rate per a base
    (:func:`verifier.quantities.proportions.read_bases`), whose whole or base is another:

    * a share whose whole carries another scope qualifier ('U.S.' against 'global'; an error on
      a confident alignment), or whose qualifier one side drops while the other's whole is
      universal ('every revenue dollar', 'all', 'total'; a warning: which whole is meant needs a
      look). A whole named without qualifier and without a universal word is a shortened name,
      not a wider whole, and gives nothing;
    * a rate whose base group differs ('women' against 'people' or 每千人; an error on a
      confident alignment), or is left unsaid on one side ('6.77‰': a crude rate is per 1,000 of
      the population; a warning).

    Nothing when the primary also gives the figure for coverage's whole or base (it has both
    frames), or when the frames differ in time, condition or holder (two quantities).

    Okay: "Parks take 14% of the county's U.S. revenue in 2024." [primary] | "Parks take 14% of the county's U.S. revenue in 2024."
    V208: "Parks take 14% of the county's U.S. revenue in 2024." [primary] | "Parks take 14 cents of every revenue dollar the county collects in 2024."
    """
    me = misattributed_base.rule
    seen: set[str] = set()
    for al, bs, bp in _pairs(ctx, "proportion"):
        s, p = al.a, al.b
        qs, qp = qualifiers(bs.whole or ""), qualifiers(bp.whole or "")
        if qs == qp or s.claim.id in seen:
            continue
        explicit = bool(qs and qp)
        if not explicit and not (universal(bs) if not qs else universal(bp)):
            continue  # a qualifier left unsaid on a plain whole: a shortened name
        if any(qualifiers(b.whole or "") == qs and _fold(_whole_head(b) or "") == _fold(_whole_head(bs) or "")
               for f, b in _frames_of_primary(ctx, "proportion") if f.claim.source == p.claim.source):
            continue  # the primary gives the figure for coverage's whole too
        seen.add(s.claim.id)
        severity, tail = _severity(al, explicit)
        how = ("another qualifier of the whole" if explicit else
               "a scope qualifier of the whole dropped" if qp else "a scope qualifier of the whole added")
        yield me.finding(
            f"'{s.claim.anchor.quote}' is given as a share of '{bs.whole}' ({_whole_text(bs, qs)}); the primary source "
            f"{p.claim.source} gives the same figure '{p.claim.anchor.quote}' as a share of '{bp.whole}' ({_whole_text(bp, qp)}) "
            f"(\"{ctx.sentence(p.claim)}\"): {how}. Aligned by {al.describe()}." + tail,
            severity=severity, claims=[s.claim.id, p.claim.id], stated=stated_band(s.claim),
            recomputed=_recomputed(p, f"the same figure as printed in {p.claim.source}, of another whole"),
            operands=[operand(p.claim)], formula="same figure, another whole", **ctx.location(s.claim))
    for al, bs, bp in _pairs(ctx, "rate"):
        s, p = al.a, al.b
        gs, gp = group_of(bs.noun), group_of(bp.noun)
        if gs == gp or s.claim.id in seen:
            continue
        if any(group_of(b.noun) == gs for f, b in _frames_of_primary(ctx, "rate") if f.claim.source == p.claim.source
               and f.thing is not None and p.thing is not None and f.thing.text == p.thing.text):
            continue  # the primary gives the rate per coverage's base too
        seen.add(s.claim.id)
        explicit = bs.noun is not None and bp.noun is not None
        severity, tail = _severity(al, explicit)
        yield me.finding(
            f"'{s.claim.anchor.quote}' is given per {_base_text(bs)}; the primary source {p.claim.source} gives the same "
            f"rate '{p.claim.anchor.quote}' per {_base_text(bp)} (\"{ctx.sentence(p.claim)}\"): the rate's base is "
            f"misattributed ({gs} for {gp}). Aligned by {al.describe()}." + tail,
            severity=severity, claims=[s.claim.id, p.claim.id], stated=stated_band(s.claim),
            recomputed=_recomputed(p, f"the same rate as printed in {p.claim.source}, per another base"),
            operands=[operand(p.claim)], formula="same rate, another base", **ctx.location(s.claim))


def _whole_text(b: Base, quals: frozenset[str]) -> str:
    """How a whole is qualified, in words: "qualified 'U.S.'", 'all of it', 'no qualifier'."""
    if quals:
        printed = dict.fromkeys(m.group(0) for m in _qualifier_re().finditer(b.whole or ""))
        return "qualified " + ", ".join(f"'{q}'" for q in printed)
    return "all of it" if universal(b) else "no qualifier"


def _base_text(b: Base) -> str:
    size = f"{b.size:,.0f}" if b.size else "1,000"
    if b.noun is None:
        return f"{size} (no base named: a crude rate is per {size} of the {IMPLIED})"
    return f"{size} {b.noun}"
