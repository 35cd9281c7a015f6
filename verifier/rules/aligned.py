"""V203-V206: figures aligned across articles and inside one (:mod:`verifier.align`).

* V203 differs-from-primary: coverage gives another value than the primary source for a
  quantity aligned with the primary's, at printed precision, and names the slip when the
  numbers fit one exactly (a scale step such as 万 for 亿, percent for percentage points, the
  same number in another unit, a range narrowed or widened, a bound dropped).
* V204 misattributed-figure: two articles give the same figure (at least
  :data:`SPECIFIC_DIGITS` significant digits) for the same measured thing in different frames
  (another year, period, holder or qualifier): one of them moved it.
* V206 conflicting-aligned-figures: two articles, neither primary, give incompatible figures
  for a quantity aligned by its frame (V201 for figures whose holder and metric are known).
* V205 contradiction-in-article: one article gives two values for one quantity in one frame
  (a summary against the body, a table against its text).

The severity follows the linters' promise: an error only when the alignment is confident
(:attr:`~verifier.align.pairs.Alignment.confident`), nothing is left unsaid on one side that
could tell the figures apart, and the numbers cannot be reconciled at printed precision; a
weaker alignment is a warning that says it needs review; figures that differ in time, region,
scope or basis are not compared at all (they are other quantities).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import Counter, defaultdict
from dataclasses import replace
from itertools import chain, groupby
from typing import Final, Hashable, Iterable, Iterator

from verifier.align.frames import CHANGE_OPS, Frame, frame_of, holder_of, only_year, refers_back
from verifier.align.implied import bases
from verifier.align.things import CJK, PART, Thing, block_keys, opposite, polarity
from verifier.align.pairs import (ANOTHER_QUANTITY, HOLDER, NEAREST, NO_FRAME, Alignment, Facet, Facets, Holders, align,
                                  align_by_value, article_facet, candidates, close, primary_facet, value_keys, whose_known,
                                  year_facet)
from verifier.align.one_race import one_race
from verifier.align.repeats import distinct
from verifier.extract.elapsed import FINISH_TIME
from verifier.extract.derived_claims import SCALE
from verifier.extract.holders_zh import named_at
from verifier.extract.segment import segment
from verifier.extract.subjects import DISTRIBUTIVE
from verifier.models.claim import CONFIDENT, HOLDER_FLOOR, Claim
from verifier.models.finding import SEVERITY_ORDER, Band, Finding, Severity
from verifier.models.source import Source
from verifier.models.tier import Tier
from verifier.numeric import BOUND_WORDS, Interval, describe_step, fmt, reference_band, scale_step
from verifier.rules.context import Context, operand, point_band, range_bands, stated_band
from verifier.rules.registry import rule
from verifier.units import base_factor, factor

VALUE_DIGITS: Final = 4
"""Significant digits from which one value in one unit is taken for one figure even when the
measured things cannot be matched (two languages, or a phrase not read): '6127亿元' and
'612.7 billion yuan'. V204 only, and only where both figures state their years."""

SPECIFIC_DIGITS: Final = 3
"""Significant digits from which one value printed in two frames is unlikely to be chance
(64.7, 2.87亿, 12.4%): two-digit figures (17%, 5%) recur for unrelated quantities."""


PLAUSIBLE: Final = 10.0
"""Largest ratio between a coverage figure and the primary's that V203 reads as one figure
misreported rather than two quantities (see :func:`_plausible`)."""

CLOSE: Final = 0.05
"""Alignments within this score of the best one are as likely: if their primary figures disagree
among themselves, the primary gives several values for the thing and V203 does not choose."""

NEEDS_REVIEW: Final = " Needs review: "
"""How a warning of a weaker alignment says why it is not an error."""

UNHELD_PAIR: Final = ("neither figure says whose it is; the two articles are linked only by a name each "
                      "prints elsewhere, which may be another story's.")
"""Why two articles' figures that name no holder are at most a warning (V206)."""

_DIGIT: Final = re.compile(r"\d")


def _with_names(ctx: Context, fs: list[Frame]) -> list[Frame]:
    """``fs`` with each frame that has no holder given the holders (of any figure of the corpus,
    casefolded) that its article's title or body names (:attr:`~verifier.align.frames.Frame.names`,
    :class:`NamesIn`: read with the whole corpus's holders, ``ctx.stats.names_in``, when
    ``ctx`` is a group of its articles)."""
    unheld = {f.claim.source for f in fs if not f.holder}
    if not unheld:
        return fs
    names_in = ctx.stats.names_in if ctx.stats is not None else NamesIn(sure_holders(f.claim for f in fs))
    names = {sid: names_in(ctx.corpus.sources[sid]) for sid in unheld}
    return [replace(f, names=names[f.claim.source]) if not f.holder and names[f.claim.source] else f for f in fs]


class NamesIn:
    """The holders among ``holders`` (casefolded names decided with confidence,
    :func:`sure_holders`) that an article's title or body names, found with one Aho-Corasick
    automaton over them: linear in text. Only holders decided with confidence count: a name read
    weakly ('县地铁', a county's metro whose county the text did not give) is no evidence of
    whose figures an article gives, and as a string it is found inside other names
    ('松玉源县地铁', '安下原县地铁'), linking articles on two places. A Chinese name, in text
    without spaces, counts only where it stands whole (:func:`~verifier.extract.holders_zh.named_at`):
    '上源市' inside '兴上源市' is another county.

        NamesIn({"leeds", "bristol"})(source) -> frozenset({"leeds"})
    """

    def __init__(self, holders: Iterable[str]) -> None:
        holders = sorted(holders)
        self._auto = None
        if holders:
            import ahocorasick

            self._auto = ahocorasick.Automaton()
            for h in holders:
                self._auto.add_word(h, h)
            self._auto.make_automaton()

    def __call__(self, src: Source) -> frozenset[str]:
        """The holders ``src``'s title or body names (casefolded)."""
        if self._auto is None:
            return frozenset()
        found: set[str] = set()
        for text in (src.meta.title or "", src.body):
            folded = text.casefold()
            found.update(h for last, h in self._auto.iter(folded)
                         if not CJK.search(h) or named_at(folded, last + 1 - len(h), last + 1))
        return frozenset(found)


def sure_holders(figures: Iterable[Claim]) -> set[str]:
    """The casefolded holders (:func:`~verifier.align.frames.holder_of`) of ``figures`` decided
    with confidence: the names :func:`_with_names` looks for in articles without a holder."""
    return {h.casefold() for c in figures if (h := holder_of(c)) and not c.weak(HOLDER)}


def frames(ctx: Context) -> list[Frame]:
    """The frame of every figure (:attr:`Context.figures`), memoised in ``ctx.memo``. A figure a
    correction in its own article names as wrong (:mod:`verifier.rules.corrected`) is withdrawn:
    no reading of its quantity."""
    if "frames" not in ctx.memo:
        out = []
        years = {sid: only_year(src.body, src.meta.title or "", str(src.meta.published.year) if src.meta.published else None)
                 for sid, src in ctx.corpus.sources.items()}
        last: dict[str, Thing] = {}
        from verifier.rules.corrected import corrections  # V207 reads frames too: imported when first asked

        corrected = {x.wrong.id for x in corrections(ctx)}
        for c in ctx.figures:  # in article and offset order
            src = ctx.corpus.sources[c.source]
            published = str(src.meta.published.year) if src.meta.published else None
            before = last.get(c.source) if refers_back(src.body, c) else None
            f = frame_of(src.body, c, src.meta.tier == Tier.primary, years[c.source], published, ctx.sentence(c), before, ctx.role(c))
            if c.id in corrected:
                f = replace(f, mood="withdrawn")  # 'said 14,250; the correct figure is 41,250': quoted as wrong, no reading
            if f.thing is not None:
                last[c.source] = f.thing
            out.append(f)
        out = _with_names(ctx, _levels_of_one_change(out))
        by_source: dict[str, list[Frame]] = defaultdict(list)
        for f in out:
            by_source[f.claim.source].append(f)
        for sid, fs in by_source.items():
            body = ctx.corpus.sources[sid].body
            out += bases(((f, ctx.sentence(f.claim)) for f in fs), body)
        ctx.memo["frames"] = out
    return ctx.memo["frames"]


def _levels_of_one_change(fs: list[Frame]) -> list[Frame]:
    """``fs`` with the two levels of one change made to measure one thing: 'water supplied fell
    3.1% to 48.6 million m³ from 50.2 million m³' reads a thing for 48.6 million only, and the
    base 'from 50.2 million' is the same quantity a period earlier. A level that names no thing
    takes the other level's (the change's derivation, :attr:`Claim.derived`, says which figures
    are its levels); one that names its own keeps it."""
    at = {f.claim.id: i for i, f in enumerate(fs)}
    out = list(fs)
    for f in fs:
        d = f.claim.derived
        if d is None or d.op not in CHANGE_OPS or len(d.operands) != 2 or not all(o in at for o in d.operands):
            continue
        a, b = (out[at[o]] for o in d.operands)
        if (a.thing is None) != (b.thing is None) and a.family == b.family:
            bare, named = (a, b) if a.thing is None else (b, a)
            out[at[bare.claim.id]] = replace(bare, thing=named.thing)
    return out


def significant_digits(printed: str) -> int:
    """Significant digits of a printed figure: '64.7' 3, '6127亿' 4, '0.85' 2, '1,200' 2, '17%' 2."""
    digits = "".join(_DIGIT.findall(printed.split("至")[0].split("-")[0]))
    digits = digits.lstrip("0")
    if "." not in printed:
        digits = digits.rstrip("0")
    return len(digits)


def _scale(a: Claim, b: Claim, fa: Frame) -> float | None:
    """k with b's value * k in a's unit; counts of things convert one to one ('people', 'inhabitants')."""
    if fa.family == "count":
        return 1.0
    return factor(b.value.unit, a.value.unit)


def _points_slip(a: Claim, b: Claim) -> bool:
    """True when one figure is in percent and the other in percentage points."""
    return {a.value.unit, b.value.unit} == {"%", "pp"}


def _reference_band(c: Claim) -> Interval:
    """A printed point figure's band against another source's (:func:`verifier.numeric.reference_band`)."""
    v = c.value
    return reference_band(v.number, v.resolution, c.approx)


def _reversed_change(a: Frame, b: Frame) -> bool:
    """True when two changes of one size go opposite ways ('fell 4.5%' / 'rose 4.5%'): not one figure."""
    return a.role == "change" and bool(a.direction and b.direction) and a.direction != b.direction \
        and bool(a.claim.value.number) and bool(b.claim.value.number)


def agree(a: Frame, b: Frame) -> bool | None:
    """Whether two aligned figures agree at printed precision (their bands :meth:`~verifier.numeric.Interval.overlaps`): None
    when they cannot be compared (units that do not convert, or a point against a range, which a
    range may well cover)."""
    ca, cb = a.claim, b.claim
    if _points_slip(ca, cb) or _reversed_change(a, b):
        return False
    k = _scale(ca, cb, a)
    if k is None:
        return None
    if ca.value.number is not None and cb.value.number is not None:
        return (a.band or _reference_band(ca)).overlaps((b.band or _reference_band(cb)).scale(k))
    if ca.value.number is None and cb.value.number is None:
        (la, ha), (lb, hb) = range_bands(ca), range_bands(cb)
        if None in (la, ha, lb, hb):
            return None
        return la.overlaps(lb.scale(k)) and ha.overlaps(hb.scale(k))
    return None


def slip(s: Frame, p: Frame) -> str | None:
    """The slip that turns the primary's figure ``p`` into the coverage's ``s`` exactly, in words, or None.

    Tried in order: percent for percentage points; the same printed number in another unit;
    a power-of-ten step (10^3 between thousand, million and billion, 10^4 between 万 and 亿);
    a range narrowed or widened.
    """
    cs, cp = s.claim, p.claim
    if s.band is not None or p.band is not None:
        return None  # an implied figure was never printed: no slip of print made it
    if _reversed_change(s, p) and cs.value.number == cp.value.number and cs.value.unit == cp.value.unit:
        return f"the change goes the other way ({s.direction} here, {p.direction} in {cp.source})"
    if _points_slip(cs, cp) and cs.value.number == cp.value.number:
        return f"{cs.value.unit} written for {cp.value.unit}: percent and percentage points are different things"
    if cs.value.unit != cp.value.unit and cs.value.number is not None and cs.value.number == cp.value.number:
        return f"the same number in another unit ({cs.value.unit} for {cp.value.unit})"
    k = _scale(cs, cp, s)
    if k is None:
        return None
    if cs.value.number is not None and cp.value.number is not None:
        step = scale_step(point_band(cs), point_band(cp).scale(k))
        if step:
            return describe_step(step)
    if cs.value.number is None and cp.value.number is None and None not in (cs.value.low, cs.value.high, cp.value.low, cp.value.high):
        lo, hi, plo, phi = cs.value.low, cs.value.high, cp.value.low * k, cp.value.high * k
        if plo <= lo and hi <= phi:
            return f"the primary's range {fmt(plo)}–{fmt(phi)} narrowed"
        if lo <= plo and phi <= hi:
            return f"the primary's range {fmt(plo)}–{fmt(phi)} widened"
    return None


def _bound_dropped(s: Frame, p: Frame) -> bool:
    """True when the primary gives a bound ('more than 24x') and the coverage the bare number ('24x')."""
    cs, cp = s.claim, p.claim
    return s.band is None and cp.approx in BOUND_WORDS and cs.approx is None and cs.value.number is not None and cs.value.number == cp.value.number \
        and cs.value.unit == cp.value.unit


def _shown(c: Claim) -> str:
    """A figure for messages: its quote as printed ('$1.03 billion', '1.09万千瓦')."""
    return f"'{c.anchor.quote}'"


_PRINTED_NUMBER: Final = re.compile(r"^[^\d]*([\d,]+(?:\.\d+)?)(.*)$")
"""The number of a quote and what follows it ('1063亿元' -> '1063', '亿元'; '$1.2 billion' -> '1.2', ' billion')."""


def implied_text(f: Frame) -> str:
    """An implied figure's band in the scale its figure is printed in ('967.2亿–969.0亿 CNY', not
    '96,722,803,823–96,902,050,114 CNY'), with its unit."""
    c, unit = f.claim, f.claim.value.unit
    lo, hi, scale = f.band.lo, f.band.hi, ""
    m = _PRINTED_NUMBER.match(c.anchor.quote)
    word = SCALE.search(m.group(2)) if m else None
    if m and word and c.value.number:
        shown = float(m.group(1).replace(",", ""))
        k = c.value.number / shown if shown else 1.0
        if k > 1.5:  # the figure is printed with a scale word: show the band in that scale
            lo, hi, scale = lo / k, hi / k, word.group(1)
    gap = " " if scale and not CJK.search(scale) else ""
    return f"{fmt(lo)}{gap}{scale}–{fmt(hi)}{gap}{scale}" + (f" {unit}" if unit else "")


def _given(ctx: Context, f: Frame) -> str:
    """What a reference frame gives, for messages: its quote, or for an implied figure the band
    and the two figures that imply it ("6555.0万–6557.2万 t, implied by '6719.4万吨' and its change '2.5%'")."""
    if f.band is None or f.implied_by is None:
        return _shown(f.claim)
    return implied_text(f) + f", implied by {_shown(f.claim)} and its change {_shown(ctx.by_id[f.implied_by])}"


def _frame_text(f: Frame) -> str:
    parts = [f"{k} {v}" for k, v in sorted(f.when.items())]
    if f.holder:
        parts.insert(0, f"holder {f.holder}")
    parts += [f"{k} {v}" for k, v in sorted(f.qualifiers.items())]
    return ", ".join(parts) or "no frame stated"


def _article(f: Frame) -> str:
    """The frame's article: V203 and V206 never pair two figures of one."""
    return f.claim.source


def _band_of(p: Frame, unit: str | None, basis: str) -> Band:
    b = stated_band(p.claim)
    return Band(low=b.low, high=b.high, unit=p.claim.value.unit if unit is None else unit, basis=basis)


def _aligned(ctx: Context, name: str, keep, orient, group, who=Holders.quantity_facets,
             nearest=None) -> dict[tuple[str, str, str], tuple[list[Alignment], list[Alignment]]]:
    """(claim id, group, the change an implied figure is implied by or '') -> (its alignments in
    the same frame, those in another time or scope: a key other than the holder or the
    publication year differs), a printed figure and the figure it implies kept apart, over the candidate pairs that
    ``keep`` passes, each oriented by ``orient`` as (figure judged, reference) and filed under
    ``group(reference)``; memoised under ``name``. ``keep`` must refuse two figures of one article
    (both callers pair articles: a primary against another, or two articles) and imply :func:`_may_meet`: the
    pairs tried are those whose ``who`` facets meet (one mood and holder, read with the corpus's
    :func:`holders`: :meth:`~verifier.align.pairs.Holders.quantity_facets` or
    :meth:`~verifier.align.pairs.Holders.known_holder_facets`)
    and that meet in time (one year) or in value (:func:`_value_facet`), the only ones that
    can be kept. With ``nearest``, a frame meets at most :data:`~verifier.align.pairs.NEAREST`
    others through one key (:func:`~verifier.align.pairs.candidates`), recorded in
    :func:`bounded` under ``name``."""
    if name not in ctx.memo:
        out: dict[tuple[str, str], tuple[list[Alignment], list[Alignment]]] = defaultdict(lambda: ([], []))
        hs = holders(ctx)
        in_time = lambda f: (*who(hs, f), year_facet(f))  # noqa: E731
        in_value = lambda f: (*who(hs, f), _value_facet(f))  # noqa: E731
        for x, y in candidates(frames(ctx), keep, in_time, in_value, apart=_article, nearest=nearest,
                               bounded=bounded(ctx, name)):
            if x.implied_by is not None and y.implied_by is not None:
                continue  # two figures neither article prints: too little to set one against the other
            s, p = orient(x, y)
            al = align(s, p)
            if al is None:
                continue
            keys = {k for k, _, _ in al.differs}
            if not keys:
                out[(s.claim.id, group(p), s.implied_by or "")][0].append(al)
            elif not keys & ANOTHER_QUANTITY and keys - {"published"}:
                out[(s.claim.id, group(p), s.implied_by or "")][1].append(al)
        ctx.memo[name] = dict(out)
    return ctx.memo[name]


def value_order(f: Frame) -> tuple[float, str, str]:
    """A frame's place in value order (its number, or a range's low or high end; then its article
    and claim): the order in which a frame's rivals of a block too large to pair whole are its
    nearest (:func:`~verifier.align.pairs.candidates` with ``nearest``)."""
    v = f.claim.value
    number = next((n for n in (v.number, v.low, v.high) if n is not None), 0.0)
    return number, f.claim.source, f.claim.id


def bounded(ctx: Context, name: str) -> dict[tuple, tuple[int, Frame]]:
    """(block, join key) -> (frames, the block's first frame) of the joins a rule's pairing
    (``name``) bounded (:data:`~verifier.align.pairs.NEAREST`), memoised per run."""
    return ctx.memo.setdefault(("bounded", name), {})


def bounded_findings(ctx: Context, me, name: str) -> Iterator[Finding]:
    """An info finding of rule ``me`` per join its pairing ``name`` bounded (:func:`bounded`), at
    the block's first figure: which figures were set against their nearest rivals only."""
    for (block, key), (n, first) in sorted(bounded(ctx, name).items(), key=repr):
        family, role, thing = block
        yield me.finding(
            f"{n} figures of one block ({family}, {role}, '{thing}') meet through one key ({key!r}): too many to set "
            f"each against every other, so each was set against its {NEAREST} nearest by value only.",
            severity=Severity.info, claims=[first.claim.id], **ctx.location(first.claim))


def _value_facet(f: Frame) -> Facet:
    """The value of a pair that may give one value (:func:`_one_value`): one printed number or
    one value in base units."""
    n, k = f.claim.value.number, base_factor(f.claim.value.unit)
    raw = value_keys(n, "printed")
    if raw is not None and k is not None:
        raw |= value_keys(n * k, "base")
    return raw


def _aligned_to_primary(ctx: Context) -> dict[tuple[str, str, str], tuple[list[Alignment], list[Alignment]]]:
    """Each coverage figure's alignments with the primary sources' figures (:func:`_aligned`, one group)."""
    if not any(f.primary for f in frames(ctx)):
        return {}
    return _aligned(ctx, "aligned_to_primary", lambda x, y: x.primary != y.primary and _may_meet(x, y),
                    lambda x, y: (x, y) if y.primary else (y, x), lambda p: "primary")


def _may_meet(x: Frame, y: Frame) -> bool:
    """A cheap test before alignment for V203 and V206: an alignment counts when the frames meet
    (one year and months, or one side silent) or, in another frame, when it gives the same value
    (a figure moved, :func:`_judge`). Two frames of different times that give no one value
    (:func:`_one_value`) can be neither, so they are not aligned at all."""
    for key in ("year", "months"):
        a, b = x.when.get(key), y.when.get(key)
        if a and b and a != b:
            break
    else:
        return True
    return _one_value(x.claim, y.claim)


def _one_value(a: Claim, b: Claim) -> bool:
    """True when two figures may be one value: numbers :func:`_close`, or in two units one printed
    number (a unit slipped: 5.1 kW for 5.1 W) or one value converted (1.2 kW and 1,200 W)."""
    if _close(a, b):
        return True
    if a.value.unit == b.value.unit:
        return False
    ka, kb = base_factor(a.value.unit), base_factor(b.value.unit)
    return ka is not None and kb is not None and close(a.value.number * ka, b.value.number * kb)


def _close(a: Claim, b: Claim) -> bool:
    """True unless both print a point and the numbers are more than 1% apart (a range is left to
    :func:`agree`): the cheap side of 'one value', before any band is computed (:func:`~verifier.align.pairs.close`)."""
    return close(a.value.number, b.value.number)


def _narrower(s: Frame, al: Alignment) -> bool:
    """True when ``s``'s measured thing adds modifiers to its reference's ('postal votes' against
    'votes'): a part set against its whole. The other way round ('budget' for the reference's
    'general fund budget') is how coverage shortens a name, and stays a (weak) match."""
    return al.likeness <= PART and s.thing is not None and al.b.thing is not None and len(s.thing.text) > len(al.b.thing.text)


def _pseudo(s: Frame, p: Frame) -> Alignment:
    """An alignment that only records which reference figure ``p`` holds ``s``'s value (no evidence of sameness)."""
    return Alignment(s, p, 0.0, ("the same value",), (), ())


def _holder_fits(ctx: Context, s: Frame, p: Frame) -> bool:
    """False when ``s`` names a holder that ``p`` does not and ``p``'s article never names (a
    figure for the United States against a bulletin about China): the reference may be about
    another holder. A holder the reference article names somewhere (its city, its company) fits."""
    if not s.holder or p.holder:
        return True
    return s.holder.casefold() in p.names  # the corpus's holders its article names (:func:`_with_names`)


def _judge(ctx: Context, s: Frame, als: list[Alignment], elsewhere: list[Alignment],
           printed: Iterable[Frame]) -> tuple[str, Alignment, Alignment | None] | None:
    """What V203 and V206 say of figure ``s`` against its reference figures (the alignments ``als``
    in its frame, ``elsewhere`` in another frame; ``printed``: every figure of the reference):

    ('bound', alignment, None) for a bound dropped; ('moved', best, moved) when the reference
    gives ``s``'s value for the same thing in another frame; ('thing', best, other) when it gives
    ``s``'s value for another thing (``other.b``); ('differs', best, None) when the values
    disagree; None when nothing is to be said (see :func:`differs_from_primary`)."""
    if _unsettled(s):
        return None
    bound = next((al for al in als if _bound_dropped(s, al.b) and _holder_fits(ctx, s, al.b)), None)
    if bound is not None:
        return "bound", bound, None
    als = [al for al in als if not _unsettled(al.b) and _holder_fits(ctx, s, al.b) and not _narrower(s, al)]
    verdicts = [agree(s, al.b) for al in als]
    if not als or any(v is True for v in verdicts) or all(v is None for v in verdicts):
        return None
    compared = [al for al, v in zip(als, verdicts) if v is False]
    explained = [al for al in compared if slip(s, al.b)]
    best = max(explained or compared, key=lambda al: al.score)
    moved = max((al for al in elsewhere if not _unsettled(al.b) and agree(s, al.b) is True), key=lambda al: al.score, default=None)
    if moved is not None:
        if {"year", "months"} & set(best.one_sided):
            return None  # the reference states no figure for this time: V204 shows the two frames
        return "moved", best, moved
    same_value = [p for p in printed if agree(s, p) is True]
    if same_value:
        other = next((p for p in same_value if p.thing is not None and s.thing is not None
                      and significant_digits(s.claim.value.printed) >= SPECIFIC_DIGITS and p.claim.value.unit == s.claim.value.unit
                      and align(s, p) is None), None)
        listed = any(DISTRIBUTIVE.search(ctx.sentence(f.claim)) for f in (s, *(() if other is None else (other,))))
        if other is not None and best.confident and not other.claim.weak({"measured"}) and not listed \
                and ctx.sentence(other.claim) != ctx.sentence(best.b.claim):
            # the reference's figure for another thing, moved to this one (two figures of one sentence, or of a
            # 'respectively' list, may have had their things read wrong: never set against each other)
            return "thing", best, _pseudo(s, other)
        return None  # the reference prints this value: it is cited, whatever we read it to measure
    rivals = [al for al in compared if al is not best and al.score >= best.score - CLOSE]
    if not explained and any(agree(best.b, al.b) is False for al in rivals):
        return None  # the reference gives several values for this thing: which one was meant is unknown
    if not explained and _also_gives(ctx, s, best.b):
        return None  # the same article gives the reference's value too: this one is for another frame
    # (unless a slip explains the difference exactly: the article then prints one figure two ways)
    if not _plausible(s, best.b, slip(s, best.b)):
        return None
    return "differs", best, None


@rule("V203", "differs-from-primary",
      "Coverage gives another value than the primary source for the same quantity in the same frame.")
def differs_from_primary(ctx: Context) -> Iterator[Finding]:
    """A secondary figure aligned with the primary source's figures for the same measured thing,
    unit family, role and frame (no holder, year, period or qualifier that differs) that agrees
    with none of them at printed precision. The finding cites the primary's quote and names the
    slip when the numbers fit one exactly (:func:`slip`).

    Left alone: a coverage figure whose holder the primary's figure does not name (it may be
    another holder's); a primary that gives several disagreeing values for the aligned thing (which one
    coverage meant is unknown); a point against a range. An error needs a confident alignment
    with the time and holder stated on both sides or on neither; otherwise a warning.

    Okay: "The city's 2024 general fund budget is $969.5 million." [primary] | "The city's 2024 general fund budget is $969.5 million."
    V203: "The city's 2024 general fund budget is $969.5 million." [primary] | "The city's 2024 general fund budget is $1.03 billion."
    """
    me = differs_from_primary.rule
    printed = _primary_values(ctx)
    for (sid, _group, _implied), (als, elsewhere) in sorted(_aligned_to_primary(ctx).items()):
        if not als:
            continue
        s = als[0].a
        verdict = _judge(ctx, s, als, elsewhere, printed.get(s.family, ()))
        if verdict is None:
            continue
        kind, best, moved = verdict
        if kind == "bound":
            yield _bound_finding(ctx, me, s, best)
        elif kind == "moved":
            yield _moved_finding(ctx, me, s, best, moved)
        elif kind == "thing":
            yield _other_thing_finding(ctx, me, s, best, moved)
        else:
            yield _differs_finding(ctx, me, s, best, "the primary source")


def _differs_finding(ctx: Context, me, s: Frame, best: Alignment, whose: str) -> Finding:
    """A figure that differs from its reference ``best.b`` (``whose``: 'the primary source', 'another article')."""
    p = best.b
    why = slip(s, p)
    sure = best.confident and not ({"year", "months"} & set(best.one_sided))
    tail = "" if sure else NEEDS_REVIEW + _why_weak(best)
    if sure and whose != "the primary source" and not s.holder and not p.holder:
        # Two articles' figures that name no holder meet only through names their articles print
        # elsewhere (a company in a footer, a wire credit): whose figures they are is not decided.
        sure, tail = False, NEEDS_REVIEW + UNHELD_PAIR
    if s.implied_by is not None:
        return _implied_finding(ctx, me, s, best, whose, sure, tail)
    return me.finding(
        f"{_shown(s.claim)} differs from {whose} {p.claim.source}, which gives "
        f"{_given(ctx, p)} (\"{ctx.sentence(p.claim)}\")" + (f": {why}" if why else "")
        + f". Aligned by {best.describe()}." + tail,
        severity=None if sure else Severity.warning, claims=[s.claim.id, p.claim.id], stated=stated_band(s.claim),
        recomputed=_band_of(p, None, f"the figure as printed in {p.claim.source}"),
        operands=[operand(p.claim)], formula=f"differs from {whose}", **ctx.location(s.claim))


def _implied_finding(ctx: Context, me, s: Frame, best: Alignment, whose: str, sure: bool, tail: str) -> Finding:
    """A level a change implies for the year before (:mod:`verifier.align.implied`) that differs
    from the reference's figure for that time."""
    p, change = best.b, ctx.by_id[s.implied_by]
    unit = s.claim.value.unit
    implied = implied_text(s)
    return me.finding(
        f"{_shown(s.claim)} with the change {_shown(change)} implies {implied} for {_frame_text(s)}, "
        f"but {whose} {p.claim.source} gives {_given(ctx, p)} (\"{ctx.sentence(p.claim)}\"). "
        f"Aligned by {best.describe()}." + tail,
        severity=None if sure else Severity.warning, claims=[change.id, s.claim.id, p.claim.id],
        stated=Band(low=s.band.lo, high=s.band.hi, unit=unit, basis=f"implied by {s.claim.anchor.quote} and {change.anchor.quote}"),
        recomputed=_band_of(p, None, f"the figure as printed in {p.claim.source}"),
        operands=[operand(s.claim), operand(change), operand(p.claim)], formula="the base a change implies",
        **ctx.location(change))


def _unsettled(f: Frame) -> bool:
    """True for a figure V203 does not weigh: a bound ('more than 80'); a range of years (an age
    group '16—24岁' or a span of years defines a group or a period; it measures nothing); a figure
    of a list whose members are not named ('依次为4.4%、3.9%…': holder decided below
    :data:`~verifier.models.claim.HOLDER_FLOOR`)."""
    c = f.claim
    held = c.decided.get("holder")
    unnamed = held is not None and held.confidence < HOLDER_FLOOR and c.subject is None  # a holder decided to be no one named
    return c.approx in BOUND_WORDS or (c.value.number is None and f.family == "time") or unnamed


def _plausible(s: Frame, p: Frame, why: str | None) -> bool:
    """False when two figures are more than :data:`PLAUSIBLE` times apart and no slip explains it:
    coverage that gets a figure wrong gets it wrong by a digit, a rounding or a scale word, so a
    gap that large says the two figures measure different things (a month and a year, a part and
    the whole) more likely than that one of them is wrong."""
    if why or s.claim.value.number is None or p.claim.value.number is None or s.band is not None:
        return True
    k = _scale(s.claim, p.claim, s) or 1.0
    a, b = abs(s.claim.value.number), abs(p.claim.value.number * k)
    return min(a, b) > 0 and max(a, b) / min(a, b) <= PLAUSIBLE


def _primary_values(ctx: Context) -> dict[str, list[Frame]]:
    """Frames of the primary sources' figures by unit family, whatever they measure (memoised)."""
    if "primary_values" not in ctx.memo:
        out: dict[str, list[Frame]] = defaultdict(list)
        for f in frames(ctx):
            if f.primary and f.implied_by is None and f.mood != "withdrawn":  # a figure it takes back is none it gives
                out[f.family].append(f)
        ctx.memo["primary_values"] = out
    return ctx.memo["primary_values"]


def _also_gives(ctx: Context, s: Frame, p: Frame) -> bool:
    """True when ``s``'s article prints, for a thing aligned with ``p``'s, a value that agrees with ``p``."""
    for f in _by_source(ctx)[s.claim.source]:
        if f is not s and f.family == p.family and f.implied_by is None:
            al = align(f, p)
            if al is not None and not al.differs and agree(f, p) is True:
                return True
    return False


def _moved_finding(ctx: Context, me, s: Frame, best: Alignment, moved: Alignment) -> Finding:
    """V203 when the primary gives coverage's value for the same thing in another frame: the
    figure was moved (November's figure given as the months to date, a year's growth moved)."""
    p, q = best.b, moved.b
    frames_text = "; ".join(f"{k} {vb}" for k, _va, vb in moved.differs if k != "published")
    sure = best.confident and moved.confident and not ({"year", "months"} & set(best.one_sided))
    tail = "" if sure else NEEDS_REVIEW + _why_weak(best)
    return me.finding(
        f"{_shown(s.claim)} differs from the primary source {p.claim.source}, which gives {_given(ctx, p)} for this "
        f"frame (\"{ctx.sentence(p.claim)}\"); {_shown(q.claim)} is the primary's figure for {frames_text} "
        f"(\"{ctx.sentence(q.claim)}\"): the figure was moved from one frame to another. "
        f"Aligned by {best.describe()}." + tail,
        severity=None if sure else Severity.warning, claims=[s.claim.id, p.claim.id, q.claim.id],
        stated=stated_band(s.claim),
        recomputed=_band_of(p, None, f"the primary source's figure for this frame as printed in {p.claim.source}"),
        operands=[operand(p.claim), operand(q.claim)], formula="a figure moved to another frame", **ctx.location(s.claim))


def _other_thing_finding(ctx: Context, me, s: Frame, best: Alignment, other: Alignment) -> Finding:
    """V203 when coverage's value is the primary's figure for another measured thing, and the
    primary gives another value for coverage's thing: a figure moved to another thing."""
    p, q = best.b, other.b
    return me.finding(
        f"{_shown(s.claim)} differs from the primary source {p.claim.source}, which gives {_given(ctx, p)} for "
        f"'{s.thing.text}' (\"{ctx.sentence(p.claim)}\"); {_shown(q.claim)} is the primary's figure for "
        f"'{q.thing.text}' (\"{ctx.sentence(q.claim)}\"): the figure was moved to another thing. "
        f"Aligned by {best.describe()}." + NEEDS_REVIEW + "the primary's figure of the same value measures another thing.",
        severity=Severity.warning, claims=[s.claim.id, p.claim.id, q.claim.id], stated=stated_band(s.claim),
        recomputed=_band_of(p, None, f"the primary source's figure for this thing as printed in {p.claim.source}"),
        operands=[operand(p.claim), operand(q.claim)], formula="a figure moved to another thing", **ctx.location(s.claim))


def _bound_finding(ctx: Context, me, s: Frame, al: Alignment) -> Finding:
    p = al.b
    return me.finding(
        f"{_shown(s.claim)} drops the bound of the primary source {p.claim.source}, which gives "
        f"{_shown(p.claim)} ({p.claim.approx}: \"{ctx.sentence(p.claim)}\"). Aligned by {al.describe()}.",
        severity=Severity.warning, claims=[s.claim.id, p.claim.id], stated=stated_band(s.claim),
        recomputed=_band_of(p, None, f"the primary source's bound as printed in {p.claim.source}"),
        operands=[operand(p.claim)], formula="a bound dropped", **ctx.location(s.claim))


def _why_weak(al: Alignment) -> str:
    """Why an alignment carries only a warning, in words."""
    reasons = []
    if al.score < CONFIDENT:
        reasons.append(f"the measured things only partly match ({al.evidence[0]})")
    weak = al.a.claim.weak({"measured", "holder"}) + al.b.claim.weak({"measured", "holder"})
    reasons += [f"the {k} was decided by {d.by} ({d.confidence:.2f})" for k, d in weak]
    if "holder" in al.alike:
        reasons.append(f"the holders are spelt differently ('{al.a.holder}', '{al.b.holder}') and may be two")
    unsaid = [k for k in al.one_sided if k in ("year", "months", "holder")]
    if unsaid:
        reasons.append(f"only one side states the {' and '.join(unsaid)}")
    return "; ".join(dict.fromkeys(reasons)) + "." if reasons else "a weaker alignment."


@rule("V204", "misattributed-figure",
      "Two articles give the same figure for the same measured thing in different frames (year, period, holder or scope).",
      severity="warning")
def misattributed_figure(ctx: Context) -> Iterator[Finding]:
    """The same value, printed with at least three significant digits (:data:`SPECIFIC_DIGITS`), for
    aligned measured things in two articles whose frames differ (one says 2022, the other 2021;
    one the months to date, the other one month; another condition or qualifier): a figure moved
    from one frame to another. Another holder is another quantity, not a moved figure (holders
    are read too loosely to say one moved), and so is a forecast against a reading. The finding
    shows both frames; the primary source's frame, when one side is primary, is the one to
    trust. Always a warning: which frame is right needs a look. Across an archive three digits
    recur by chance ('80.7 years' for one town in 2019 and another in 2011), so a pair of two
    coverage articles must also say whose figures they are (:func:`~verifier.align.pairs.whose_known`),
    or its articles must be linked as one story (:func:`_story_linked`), or one value shared by
    chance must be unlikely among the figures of its block (:func:`chance_pairs` under
    :data:`CHANCE`); a primary source is the reference its coverage is set against, as in V203.
    A block too large to pair whole (a boilerplate figure in every article of an archive) is
    paired by nearest value, :data:`~verifier.align.pairs.NEAREST` a figure, and an info finding says so.

    A label turned into its opposite is one too: coverage gives the primary's figure (three
    significant digits or more, two when both state one time) for the opposite thing ('13.3 per cent' as the 'employment rate'
    when the primary gives 13.3 percent as the 'unemployment rate'; :func:`_opposites`).

    A condition dropped is a frame moved too: a coverage figure that states no condition, when
    the primary gives that value only under one condition and another value under another ('41
    percent using the heater', '12 percent with the heater off'), whatever its digits
    (:func:`_conditions_dropped`).

    Okay: "Wheat output reached 134.5 million tonnes in 2023." | "Wheat output reached 131.2 million tonnes in 2022."
    V204: "Wheat output reached 134.5 million tonnes in 2023." [primary] | "Wheat output reached 134.5 million tonnes in 2022."
    """
    me = misattributed_figure.rule
    best: dict[str, Alignment] = {}
    fs = [f for f in frames(ctx) if f.implied_by is None]
    sizes = ctx.stats.blocks if ctx.stats is not None else _articles_per_block(fs)
    pairs = chain(((x, y, False) for x, y in candidates(fs, lambda x, y: x.claim.source != y.claim.source and _one_number(x, y),
                                                        *_moved_routes(ctx, holders(ctx), sizes), apart=_article, nearest=value_order,
                                                        bounded=bounded(ctx, "moved"))),
                  ((x, y, True) for x, y in same_values(fs, bounded(ctx, "moved"))))  # tried as found, never all held at once
    for x, y, by_value in pairs:
        s, p = (y, x) if x.primary and not y.primary else (x, y)
        if min(significant_digits(s.claim.value.printed), significant_digits(p.claim.value.printed)) < SPECIFIC_DIGITS:
            continue
        al = align_by_value(s, p, VALUE_DIGITS) if by_value else align(s, p)
        keys = {k for k, _, _ in al.differs} if al is not None else set()
        if not keys - NO_FRAME or keys & ANOTHER_QUANTITY or (by_value and "year" not in keys):
            continue
        if agree(s, p) is not True or s.claim.value.unit != p.claim.value.unit and s.family != "count":
            continue
        if not p.primary and not whose_known(s, p) and not _story_linked(ctx, s, p) \
                and chance_pairs(min((sizes[k] for k in _block_of(s, by_value) if k in _block_of(p, by_value)), default=0), s.claim) >= CHANCE:
            continue  # two places' figures that happen to be one number: across an archive, chance
        key = s.claim.id
        if key not in best or al.score > best[key].score:
            best[key] = al
    for key in sorted(best):
        al = best[key]
        s, p = al.a, al.b
        moved = "; ".join(f"{k} {va} here, {vb} in {p.claim.source}" for k, va, vb in al.differs if k != "published")
        yield me.finding(
            f"{_shown(s.claim)} is given for {_frame_text(s)}; {p.claim.source}"
            f"{' (the primary source)' if p.primary else ''} gives the same figure for {_frame_text(p)} "
            f"(\"{ctx.sentence(p.claim)}\"): {moved}. One of them moved the figure to another frame. "
            f"Aligned by {al.describe()}.",
            claims=[s.claim.id, p.claim.id], stated=stated_band(s.claim),
            recomputed=_band_of(p, None, f"the same figure as printed in {p.claim.source}, in another frame"),
            operands=[operand(p.claim)], formula="same figure, another frame", **ctx.location(s.claim))
    yield from bounded_findings(ctx, me, "moved")
    for s, kept, other in _conditions_dropped(ctx):
        yield _dropped_finding(ctx, me, s, kept, other)
    for s, p in _opposites(ctx):
        yield me.finding(
            f"{_shown(s.claim)} is given for '{s.thing.text}'; the primary source {p.claim.source} gives the same figure "
            f"for '{p.thing.text}' (\"{ctx.sentence(p.claim)}\"): the measured thing is turned into its opposite.",
            claims=[s.claim.id, p.claim.id], stated=stated_band(s.claim),
            recomputed=_band_of(p, None, f"the same figure as printed in {p.claim.source}, for the opposite thing"),
            operands=[operand(p.claim)], formula="same figure, opposite thing", **ctx.location(s.claim))


def _articles_per_block(fs: list[Frame]) -> Counter:
    """Block key (:func:`_block_of`, by thing and by value) -> the number of articles with a frame
    in it; counted article by article, so that no set of every (block, article) pair is held."""
    sizes: Counter = Counter()
    for _sid, group in groupby(sorted(fs, key=lambda f: f.claim.source), key=lambda f: f.claim.source):
        sizes.update({k for f in group for k in _block_of(f, False) + _block_of(f, True)})
    return sizes


def _opposites(ctx: Context) -> Iterator[tuple[Frame, Frame]]:
    """(coverage figure, primary figure) pairs of one value (at least :data:`SPECIFIC_DIGITS`
    significant digits, or two when both state the same time, one unit, one role) given for opposite measured things
    (:func:`~verifier.align.things.opposite`: 'employment rate' for the primary's 'unemployment
    rate') at no time that differs: a label turned into its opposite. Blocked on the thing's name
    without its negation, so each figure meets only its opposites."""
    index: dict[tuple[str, str], list[Frame]] = defaultdict(list)
    fs = [f for f in frames(ctx) if f.implied_by is None and f.thing is not None]
    for p in fs:
        if p.primary:
            index[(p.family, polarity(p.thing)[0])].append(p)
    if not index:
        return
    for s in fs:
        if s.primary:
            continue
        for p in index.get((s.family, polarity(s.thing)[0]), ()):
            dated = bool(s.when) and s.when == p.when  # one stated time on both sides: two digits are enough
            if significant_digits(s.claim.value.printed) < (2 if dated else SPECIFIC_DIGITS):
                continue
            if (opposite(s.thing, p.thing) and s.role == p.role and s.claim.value.unit == p.claim.value.unit
                    and agree(s, p) is True and all(p.when.get(k, v) == v for k, v in s.when.items())):
                yield s, p
                break


def _conditions_dropped(ctx: Context) -> Iterator[tuple[Frame, Alignment, Alignment]]:
    """(coverage figure, its alignment with the primary's figure of the same value, the alignment
    with the primary's other value) for each coverage figure that states no condition while the
    primary gives its value only under one condition and another value under another ('Using the
    heater cut range by 41 percent' / 'with the heater off, range fell 12 percent' against 'the
    cars lost 41 percent of their range'): the condition that tells the primary's values apart
    was dropped. Nothing when the primary also gives the value with no condition."""
    for (_sid, _group, _implied), (als, _elsewhere) in sorted(_aligned_to_primary(ctx).items()):
        if not als or "condition" in als[0].a.qualifiers or _unsettled(als[0].a):
            continue
        s = als[0].a
        conditioned = [al for al in als if "condition" in al.b.qualifiers and not _unsettled(al.b) and _holder_fits(ctx, s, al.b)]
        kept = max((al for al in conditioned if agree(s, al.b) is True), key=lambda al: al.score, default=None)
        if kept is None or any(agree(s, al.b) is True and "condition" not in al.b.qualifiers for al in als):
            continue
        part = condition_part(kept.b.qualifiers["condition"])
        if not part or _names_part(ctx.sentence(s.claim), part):
            continue  # the coverage says the condition in its own words ('with the heat on')
        other = max((al for al in conditioned if agree(s, al.b) is False and condition_part(al.b.qualifiers["condition"]) == part
                     and al.b.qualifiers["condition"] != kept.b.qualifiers["condition"]), key=lambda al: al.score, default=None)
        if other is not None:
            yield s, kept, other


_CONDITION_WORDS: Final = re.compile(
    r"\b(?:not|including|excluding|net|of|without|with|using|running|turning|switching|on|off|included|excluded|the|its|their)\b"
    r"|^未?(?:不含|不包括|剔除|扣除|含)|(?:影响)?(?:后|时)$", re.IGNORECASE)
"""The words of a condition (:data:`~verifier.align.frames.CONDITIONS`) around the part it is about."""


def condition_part(condition: str) -> str:
    """The part a condition is about, its last word once the condition's own words are gone
    ('with the cabin heater off' -> 'heater', 'using the heater' -> 'heater', '不含汽车' -> '汽车'):
    two conditions about one part are two states of it (on and off, with and without)."""
    rest = _CONDITION_WORDS.sub(" ", condition).split()
    return rest[-1].lower() if rest else ""


def _names_part(sentence: str, part: str) -> bool:
    """True when ``sentence`` names ``part`` or a word of its stem ('heat' for 'heater': the first
    letters of the part but its last three, at least four)."""
    if CJK.search(part):
        return part in sentence
    stem = part[:max(4, len(part) - 3)].lower()
    return any(w.lower().startswith(stem) for w in re.findall(r"[A-Za-z]+", sentence))


def _dropped_finding(ctx: Context, me, s: Frame, kept: Alignment, other: Alignment) -> Finding:
    p, q = kept.b, other.b
    return me.finding(
        f"{_shown(s.claim)} is stated with no condition, but the primary source {p.claim.source} gives it only under "
        f"{p.qualifiers['condition']!r} (\"{ctx.sentence(p.claim)}\"); under {q.qualifiers['condition']!r} it gives "
        f"{_shown(q.claim)} (\"{ctx.sentence(q.claim)}\"). The condition that tells the two figures apart was dropped. "
        f"Aligned by {kept.describe()}.",
        claims=[s.claim.id, p.claim.id, q.claim.id], stated=stated_band(s.claim),
        recomputed=_band_of(q, None, f"the figure {p.claim.source} gives {q.qualifiers['condition']!r}"),
        operands=[operand(p.claim), operand(q.claim)], formula="same figure, its condition dropped", **ctx.location(s.claim))


CHANCE: Final = 0.05
"""Most pairs of articles expected to print one value by chance in a block for V204 to take a
shared value of two unlinked articles for one figure moved (:func:`chance_pairs`)."""


def chance_pairs(m: int, c: Claim) -> float:
    """Pairs of articles, among ``m`` that give a figure of one block, expected to print ``c``'s
    value by chance, the birthday bound: C(m, 2) pairs, each landing on one printed value with
    probability step / size, where step is the width of ``c``'s printed precision (0.1 for
    '80.7'), at least the place of its last significant digit (1 for '4,664', a count whose band
    is the exact number), and size the value's magnitude (values up to it at that step taken as
    equally likely). Two articles of one story: 1 pair, 0.0012 for '80.7'; a thousand articles
    of an archive that give a life expectancy: ~620."""
    band = _reference_band(c)
    number = abs(c.value.number or 0.0)
    digits = significant_digits(c.value.printed or "")
    last = 10 ** (math.floor(math.log10(number)) - digits + 1) if number > 0 and digits else 0.0
    step = max(band.hi - band.lo, last)
    size = max(number, step)
    return m * (m - 1) / 2 * (step / size if size > 0 else 1.0)


def _block_of(f: Frame, by_value: bool) -> tuple[tuple[str, ...], ...]:
    """The blocks a V204 pair is found in, whose articles :func:`chance_pairs` counts: (family,
    role, thing key) per :func:`~verifier.align.things.block_keys` key, or for a pair found by
    value alone (:func:`same_values`), (family, unit)."""
    if by_value or f.thing is None:
        return ((f.family, f.claim.value.unit or ""),)
    return tuple((f.family, f.role, k) for k in block_keys(f.thing))


def _story_linked(ctx: Context, a: Frame, b: Frame) -> bool:
    """True when the articles of ``a`` and ``b`` are linked as one story: one cites the other
    (front matter ``cites``), both cite one source, or they print another figure in common (the
    same number and unit, specific enough not to be chance: :func:`_specific_values`, besides the
    pair's own): coverage of one release shares its figures."""
    sa, sb = ctx.corpus.sources[a.claim.source].meta, ctx.corpus.sources[b.claim.source].meta
    ca, cb = {c.source for c in sa.cites}, {c.source for c in sb.cites}
    if sb.id in ca or sa.id in cb or ca & cb:
        return True
    values = _specific_values(ctx)
    own = {_value_key(a.claim), _value_key(b.claim)}
    return bool((values.get(sa.id, frozenset()) & values.get(sb.id, frozenset())) - own)


def _value_key(c: Claim) -> tuple[str | None, float | None]:
    """A figure's unit and number: one key for one figure ('12,400 jobs' and '12400 jobs')."""
    return c.value.unit, c.value.number


def _specific_values(ctx: Context) -> dict[str, frozenset]:
    """Per article, the :func:`_value_key` of its figures that can link two articles as one
    story: printed with at least :data:`SPECIFIC_DIGITS` significant digits, and unlikely to be
    shared by chance among the articles that print a figure in its unit (:func:`chance_pairs`
    under :data:`CHANCE`). Across an archive '78.3 years' recurs in articles on many towns, and
    two such articles share a second value as readily as a first. Memoised."""
    if "specific_values" not in ctx.memo:
        in_unit = ctx.stats.units if ctx.stats is not None else units_per_article(ctx.figures)
        out: dict[str, set] = defaultdict(set)
        for c in ctx.figures:
            if c.value.number is not None and significant_digits(c.value.printed or "") >= SPECIFIC_DIGITS \
                    and chance_pairs(in_unit[c.value.unit], c) < CHANCE:
                out[c.source].add(_value_key(c))
        ctx.memo["specific_values"] = {k: frozenset(v) for k, v in out.items()}
    return ctx.memo["specific_values"]


def units_per_article(figures: Iterable[Claim]) -> Counter:
    """Unit -> the number of articles with a figure of ``figures`` in it (for :func:`_specific_values`)."""
    return Counter(unit for unit, _sid in {(c.value.unit, c.source) for c in figures})


def _others(values: frozenset, own: Hashable) -> frozenset:
    """``values`` without ``own``: the same object when ``own`` is not among them (most figures of
    an article, whose own value no other article prints), so that its frames share one facet."""
    return values - {own} if own in values else values


def _number_facets(hs: Holders, f: Frame) -> tuple[Facet, ...]:
    """Facets of a pair :func:`_one_number` passes and V204 can keep: one mood and holder, one
    number in one unit (any unit for counts)."""
    return (*hs.quantity_facets(f), value_keys(f.claim.value.number, "count" if f.family == "count" else f.claim.value.unit or ""))


def _moved_routes(ctx: Context, hs: Holders, sizes: Counter) -> tuple[Facets, ...]:
    """The routes (:func:`~verifier.align.pairs.candidates`) of the pairs of V204 that can pass
    its test of two articles: :func:`_number_facets` and one facet more, which two frames share
    only when the pair has one primary side, or says whose figures they are
    (:func:`~verifier.align.pairs.whose_known`), or its articles cite one another or one source,
    or print another specific figure in common (:func:`_story_linked`), or one side is rare
    enough that a shared value is unlikely chance (:func:`chance_pairs`). Each route is a
    superset of the pairs passing its test, never fewer: the test runs after. Across an archive
    a common value (a city's '80.7 years') in one block otherwise pairs every article that
    prints it with every other, which grows with the square of the archive."""
    # Only a value two articles print can link two articles: an article's values no other prints
    # are left out of its facet (exact, not a superset). A dense article of thousands of figures
    # gave each figure a facet of all the others' values, the square of its figures in keys.
    specific = _specific_values(ctx)
    in_articles = Counter(v for vs in specific.values() for v in vs)
    values = {sid: frozenset(v for v in vs if in_articles[v] > 1) for sid, vs in specific.items()}
    cited = {sid: frozenset({src.meta.id} | {c.source for c in src.meta.cites}) for sid, src in ctx.corpus.sources.items()}
    memo: dict[int, tuple[Facet, ...]] = {}
    alike: dict[Facet, Facet] = {}  # one object per distinct facet: most frames of an article or a value share theirs

    def one(facet: Facet) -> Facet:
        return facet if facet is None else alike.setdefault(facet, facet)

    def rare(f: Frame) -> Facet:
        if f.claim.value.number is None:
            return None  # a range: chance_pairs reads a point
        m = min((sizes[k] for k in _block_of(f, False)), default=0)
        return None if chance_pairs(m, f.claim) < CHANCE else article_facet(f)

    def facets(f: Frame) -> tuple[Facet, ...]:
        """(number facets, primary, whose, cites, another value, rare), once per frame."""
        if id(f) not in memo:
            memo[id(f)] = (tuple(map(one, _number_facets(hs, f))), *map(one, (
                primary_facet(f), hs.known_holder_facets(f)[1], cited[f.claim.source],
                _others(values.get(f.claim.source, frozenset()), _value_key(f.claim)), rare(f))))
        return memo[id(f)]

    return tuple((lambda f, n=n: (*facets(f)[0], facets(f)[n])) for n in range(1, 6))


def _one_number(x: Frame, y: Frame) -> bool:
    """A cheap test before alignment for V204, which needs one value in one unit: False for two
    units (counts aside) and for two points more than 1% apart; True otherwise (ranges are left
    to :func:`agree`)."""
    if x.claim.value.unit != y.claim.value.unit and x.family != "count":
        return False  # V204 compares one unit only
    return _close(x.claim, y.claim)


def same_values(fs: list[Frame], bounded: dict | None = None) -> Iterator[tuple[Frame, Frame]]:
    """Pairs of frames of different articles, not aligned by their measured things, whose figures
    are one value to :data:`VALUE_DIGITS` significant digits in one unit (blocked on that value)
    and which state two different years: V204 keeps such a pair only for a year that differs
    (:func:`misattributed_figure`), so frames that state none are not paired, and frames of one
    year not with each other. Boilerplate prints one value in every article of an archive ('$48.10'):
    a frame is set against the first :data:`~verifier.align.pairs.NEAREST` frames of other years
    only, and ``bounded`` ((block, 'year') -> (frames, first frame)) records a block so bounded."""
    blocks: dict[tuple, list[Frame]] = defaultdict(list)
    for f in (r.frame for r in distinct(fs)):  # an article's copies of one figure: its first stands for them
        n = f.claim.value.number
        if n and f.when.get("year") and significant_digits(f.claim.value.printed) >= VALUE_DIGITS:
            blocks[(f.family, f.claim.value.unit or "", f"{n:.{VALUE_DIGITS - 1}e}")].append(f)
    for key, block in blocks.items():
        by_year: dict[str, list[Frame]] = defaultdict(list)
        for f in block:
            by_year[f.when["year"]].append(f)
        if any(len(ys) > NEAREST for ys in by_year.values()) and len(by_year) > 1 and bounded is not None:
            bounded[(key, "year")] = (len(block), block[0])
        years = sorted(by_year)
        for x in block:
            for year in years:
                if year <= x.when["year"]:
                    continue  # each pair once: from the frame of the earlier year
                for y in [y for y in by_year[year][:2 * NEAREST] if y.claim.source != x.claim.source][:NEAREST]:
                    if x.thing is None or y.thing is None or align(x, y) is None:
                        yield x, y


def _stated(key: str) -> Facets:
    """A route of V205: the frame's article and its ``key`` of time (year or months), as one
    facet; a frame that states none meets no other by this route (a key of its own)."""
    def facets(f: Frame) -> tuple[Facet]:
        value = f.when.get(key)
        return (frozenset({(f.claim.source, key, value)}) if value else frozenset({("alone", id(f))}),)
    return facets


def _race_facet(f: Frame) -> tuple[Facet]:
    """A route of V205: the frame's article, for a finishing time with a holder and no time
    stated (the only frames :func:`~verifier.align.one_race.one_race` can pair); a key of its own else."""
    racing = f.thing is not None and f.thing.text == FINISH_TIME and f.holder and not f.when
    return (frozenset({(f.claim.source, "race")}) if racing else frozenset({("alone", id(f))}),)


SAME_TIME_ROUTES: Final = (_stated("year"), _stated("months"), _race_facet)
"""V205's routes: two figures of one article are compared only when both state one year or one
month, or are two finishing times of one race; pairing every two figures of a block of one article
made a table of 1,000 prices, all 'price', try half a million pairs that the time test drops."""


def _in_derivation(a: Claim, b: Claim) -> bool:
    """True when one claim is derived from the other, or both from one derivation (a change's two ends)."""
    da, db = a.derived, b.derived
    return bool((da and b.id in da.operands) or (db and a.id in db.operands)
                or (da and db and set(da.operands) & set(db.operands)))


def _one_sentence(ctx: Context, a: Claim, b: Claim) -> bool:
    """True when ``a`` and ``b`` (of one article) sit in one sentence, told by its offsets
    (:meth:`Context.ends`), not by the text shown for it, which a long sentence cuts around each
    figure: the figures of one sentence are its items ('configurations for $1,499 and $1,599',
    a table row flattened into one line of text), not a statement and a later one."""
    ends = ctx.ends(a.source)
    return bisect_right(ends, a.anchor.start) == bisect_right(ends, b.anchor.start)


def _list_items(ctx: Context, a: Claim, b: Claim) -> bool:
    """True when ``a`` and ``b`` sit in two items of one bulleted or numbered list (:func:`_lists`):
    the items of a list each name their own thing or holder ('* Women backed her by 11 points',
    '* Liberals backed her by 75 points'), so their figures are figures of different things."""
    starts, items = _lists(ctx, a.source)
    ia, ib = (items[max(0, bisect_right(starts, c.anchor.start) - 1)] for c in (a, b))
    return ia is not None and ib is not None and ia[0] == ib[0] and ia[1] != ib[1]


BULLET: Final = re.compile(r"[ \t]*(?:[-*+•·▪]|\d{1,3}[.)])[ \t]")
"""A list marker that opens a line of plain text ('* ', '- ', '• ', '2. '): Markdown reads its own."""


def _lists(ctx: Context, source: str) -> tuple[list[int], list[tuple[int, int] | None]]:
    """The article's units (:func:`verifier.extract.segment.segment`, read as extraction reads
    it) by start offset, each with (list, item) when it is an item of a list, else None. A list
    is a run of items with no other unit between them: list-item units of one Markdown block,
    or in plain text (where Markdown is not read) lines opened by a list marker (:data:`BULLET`),
    blank lines between them or not. Memoised per article."""
    memo = ctx.memo.setdefault("lists", {})
    if source not in memo:
        src = ctx.corpus.sources[source]
        body, markdown = src.body, src.format == "markdown"
        units = segment(body, markdown=markdown, tables=src.format == "html")
        starts: list[int] = [0]
        items: list[tuple[int, int] | None] = [None]
        n, last = 0, None
        for k, u in enumerate(units):
            line = body.rfind("\n", 0, u.start) + 1
            item = u.kind == "list_item" if markdown else BULLET.match(body, line) is not None and line == u.start
            if item and (last is None or (markdown and u.block != last)):
                n += 1
            last = u.block if item else None
            starts.append(u.start)
            items.append((n, k) if item else None)
        memo[source] = (starts, items)
    return memo[source]


@rule("V205", "contradiction-in-article",
      "One article gives two values for the same quantity in the same frame.", severity="warning")
def contradiction_in_article(ctx: Context) -> Iterator[Finding]:
    """Two figures of one article, in different sentences, aligned with confidence (the same
    measured thing, unit family, role and holder, and the same year or months stated on both:
    an article gives one measured thing under many conditions, and a time both state is what
    says two of its figures are one), that do not agree at printed precision: the story contradicts itself (a summary
    against the body, a table against its text). Left alone: bounds, ranges of years, figures
    of an unnamed list, figures of one derivation, a figure whose sentence gives its thing several
    values under one head noun (a breakdown by something the frame may not hold: '夏粮产量…，
    早稻产量…，秋粮产量…', where a lost modifier leaves '产量'), and two figures more than :data:`PLAUSIBLE` times apart with no slip to
    explain it, two figures of one sentence however long (its items: 'configurations for
    $1,499 and $1,599', a spec table flattened into one line; :func:`_one_sentence`), and two
    figures in two items of one bulleted or numbered list (each item names
    its own holder or group: '* Farmers backed Voss by 12 points' and '* Retirees backed Voss
    by 40 points' are two groups' margins; :func:`_list_items`). Always a warning: an article gives one measured
    thing under conditions the frame does not hold (seasonally adjusted or not, with the
    heater on or off), so two of its values for one thing need a reader's look.

    Okay: "The county sold 1,250 building permits in 2023. Of the 1,250 building permits, most were for homes."
    V205: "The county sold 1,250 building permits in 2023. In all, the county sold 1,520 building permits in 2023."
    """
    me = contradiction_in_article.rule
    seen: set[str] = set()
    printed = [f for f in frames(ctx) if f.implied_by is None]
    per_sentence: dict[tuple, int] = defaultdict(int)
    for f in printed:
        if f.thing is not None:
            per_sentence[(f.claim.source, ctx.sentence(f.claim), f.thing.head, f.family)] += 1

    def broken_down(f: Frame) -> bool:  # 'X产量4144亿斤，Y产量2802亿斤': one thing, several values, by what the frame lacks
        return per_sentence[(f.claim.source, ctx.sentence(f.claim), f.thing.head, f.family)] > 1

    for x, y in candidates(printed, lambda x, y: x.claim.source == y.claim.source and not broken_down(x) and not broken_down(y), *SAME_TIME_ROUTES):
        if _unsettled(x) or _unsettled(y) or _in_derivation(x.claim, y.claim):
            continue
        al = align(x, y)
        if al is None or al.differs or set(al.one_sided) & {"year", "months", "holder"} or al.score < CONFIDENT:
            continue
        if not any(x.when.get(k) and x.when.get(k) == y.when.get(k) for k in ("year", "months")) \
                and not one_race(ctx.corpus.sources[x.claim.source].body, x, y):
            continue  # an article gives one thing for many conditions; only a time stated on both says they are one
            # (or, for two finishing times of one finisher, the race the article reports: verifier.align.one_race)
        if agree(x, y) is not False or not _plausible(x, y, slip(x, y)):
            continue
        sx = ctx.sentence(x.claim)
        if _one_sentence(ctx, x.claim, y.claim) or y.claim.id in seen or _list_items(ctx, x.claim, y.claim):
            continue
        seen.add(y.claim.id)
        why = slip(y, x)
        weak = _why_weak(al) if not al.confident or al.score < 1.0 else ""
        yield me.finding(
            f"{_shown(y.claim)} contradicts {_shown(x.claim)} earlier in the same article (\"{sx}\")"
            + (f": {why}" if why else "") + f". Aligned by {al.describe()}." + NEEDS_REVIEW
            + "an article may give one quantity under two conditions it names only in passing (adjusted or not, "
            "with or without a part)" + (f"; {weak}" if weak else "."),
            severity=Severity.warning, claims=[y.claim.id, x.claim.id], stated=stated_band(y.claim),
            recomputed=_band_of(x, None, "the article's other figure for this quantity, as printed"),
            operands=[operand(x.claim)], formula="two values for one quantity in one article", **ctx.location(y.claim))


def _held_fact(a: Claim, b: Claim) -> bool:
    """True when V201 judges the pair: both held by one subject, with one metric."""
    return bool(a.subject) and a.subject == b.subject and a.metric == b.metric


@rule("V206", "conflicting-aligned-figures",
      "Two articles, neither a primary source, give incompatible figures for the same quantity in the same frame.")
def conflicting_aligned_figures(ctx: Context) -> Iterator[Finding]:
    """Two figures in two articles that are not primary sources, aligned by their frames (the
    same measured thing, unit family, role and frame; no holder, year, period or qualifier that
    differs), that do not agree at printed precision: one of them is wrong, and nothing here says
    which. The same guards as V203 apply, each article taken as the other's reference: no
    finding when either article prints the other's value, gives several values for the thing,
    or when the figures are more than :data:`PLAUSIBLE` times apart without a slip; and a thing
    that one article names with a modifier the other lacks (a part, maybe) is no match here, with
    no primary source to say which is meant. Pairs that
    V201 judges (one subject, one metric) are left to it, and so are to V203 the quantities a
    primary source speaks to. Only figures that say whose they are meet (a holder on both sides,
    or one the other's article names, or articles naming a holder in common:
    :func:`~verifier.align.pairs.whose_known`): across an archive, two articles that name no
    holder are most often about two places. The finding sits at the later article's figure; an
    error needs a confident alignment and a holder named beside both figures, otherwise a
    warning that says why (two figures of no holder meet only through names their articles
    print elsewhere, a company in a footer, which may be another story's). Across an archive whose every
    article names one holder, a figure is set against its :data:`~verifier.align.pairs.NEAREST`
    nearest by value in its block, not every article's, and an info finding names each block so bounded.

    Okay: "Bus ridership reached 4.82 million trips in 2025." | "Bus ridership reached 4.82 million trips in 2025."
    V206: "2025年江苏省公交客运量为4.82亿人次。" | "江苏省交通厅表示，2025年公交客运量为5.31亿人次。"
    """
    me = conflicting_aligned_figures.rule
    by_source = _by_source(ctx)

    def orient(x: Frame, y: Frame) -> tuple[Frame, Frame]:
        return (x, y) if (x.claim.source, x.claim.anchor.start) > (y.claim.source, y.claim.anchor.start) else (y, x)

    def keep(x: Frame, y: Frame) -> bool:
        return (not x.primary and not y.primary and x.claim.source != y.claim.source and _may_meet(x, y)
                and whose_known(x, y) and not _held_fact(x.claim, y.claim))

    aligned = _aligned(ctx, "aligned_across", keep, orient, lambda p: p.claim.source, Holders.known_holder_facets, value_order)
    yield from bounded_findings(ctx, me, "aligned_across")
    against: dict[tuple[str, str], list[Alignment]] = defaultdict(list)  # (reference id, judged article) -> alignments
    for (_sid, _g, _i), (same, _e) in aligned.items():
        for al in same:
            against[(al.b.claim.id, al.a.claim.source)].append(_reversed(al))
    settled = {sid for (sid, _g, _i), (same, _e) in _aligned_to_primary(ctx).items() if same}
    for (sid, other, _implied), (als, elsewhere) in sorted(aligned.items()):
        if not als:
            continue
        s = als[0].a
        if sid in settled or any(al.b.claim.id in settled for al in als):
            continue  # a primary source speaks to this quantity: V203 judges each side against it
        printed = [f for f in by_source[other] if f.family == s.family and f.implied_by is None]
        verdict = _judge(ctx, s, als, elsewhere, printed)
        if verdict is None or verdict[0] == "bound":
            continue
        kind, best, moved = verdict
        if kind in ("moved", "thing") or best.likeness <= PART:
            continue  # another frame's figure (V204 shows both), or a thing that may be a part of the other
        p = best.b
        back = _judge(ctx, p, against[(p.claim.id, s.claim.source)], [], [f for f in by_source[s.claim.source] if f.family == s.family and f.implied_by is None])
        if back is None:
            continue  # judged from the other side, something reconciles them
        yield _differs_finding(ctx, me, s, best, "another article,")


def _reversed(al: Alignment) -> Alignment:
    """The same alignment read from its other side."""
    return Alignment(al.b, al.a, al.score, al.evidence, tuple((k, vb, va) for k, va, vb in al.differs), al.one_sided, al.likeness, al.alike)


def holders(ctx: Context) -> Holders:
    """The holder names of :func:`frames`, with the pairs of them that are one name, memoised."""
    if "holders" not in ctx.memo:
        ctx.memo["holders"] = ctx.stats.index() if ctx.stats is not None else Holders(frames(ctx))
    return ctx.memo["holders"]


def _by_source(ctx: Context) -> dict[str, list[Frame]]:
    """Frames by article, memoised."""
    if "frames_by_source" not in ctx.memo:
        out: dict[str, list[Frame]] = defaultdict(list)
        for f in frames(ctx):
            out[f.claim.source].append(f)
        ctx.memo["frames_by_source"] = out
    return ctx.memo["frames_by_source"]


SUBSUMES: Final = {"V203": ("V201", "V204", "V205", "V206"), "V204": ("V201", "V206"), "V206": ("V201",), "V108": ("V101",)}
"""Which findings a more specific one makes redundant when it holds the same pair of claims: a
figure that differs from the primary source (V203, with its slip named) is not also a conflict
between articles (V201, V206) or a moved figure (V204); a moved figure is not also a conflict; a
change recomputed from the two levels its own sentence prints (V108: 'rose from 4.0 TWh to 5.0
TWh, an increase of 40%') is not also a comparison of its holder with itself recomputed from the
same two figures (V101)."""


def one_finding_per_pair(findings: list[Finding]) -> list[Finding]:
    """``findings`` without those that repeat a more specific finding about the same two figures
    (:data:`SUBSUMES`): a finding is dropped when it names both of the first two claims of a
    finding of a rule that subsumes its rule, or that finding names both of its own first two
    (a moved figure names the figure, the primary's for this frame and the primary's it was moved
    from), and that finding is at least as severe (an error is never dropped for a warning). Order kept. Either way the two findings share a claim, so each finding is held only
    against the subsuming findings of its own claims (indexed by claim): linear in findings,
    where holding every finding against every other grew with the square of an archive."""
    tops: dict[str, dict[str, list[tuple[frozenset[str], frozenset[str], int]]]] = defaultdict(lambda: defaultdict(list))
    for f in findings:
        if f.rule in SUBSUMES and len(f.claims) >= 2:
            top = (frozenset(f.claims[:2]), frozenset(f.claims), SEVERITY_ORDER[f.severity])
            for cid in top[1]:
                tops[f.rule][cid].append(top)
    out = []
    for f in findings:
        mine, head, rank = frozenset(f.claims), frozenset(f.claims[:2]), SEVERITY_ORDER[f.severity]
        redundant = len(f.claims) >= 2 and any((pair <= mine or head <= every) and severe <= rank
                                               for top, lower in SUBSUMES.items() if f.rule in lower and top in tops
                                               for cid in mine for pair, every, severe in tops[top].get(cid, ()))
        if not redundant:
            out.append(f)
    return out
