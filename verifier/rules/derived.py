"""V108, V109: figures derived from other figures of their own sentence, recomputed.

"Revenue rose to $1.5 billion from $1.2 billion, an increase of 27%", "48 of 420 patients
(29.6%)", "fell to 4.1% from 4.5%, a drop of 0.6 percentage points", "从60万辆增长到120万辆，翻了两番":
the sentence prints the derived figure beside its operands, so it can be checked without
knowing whose figures they are. Extraction records the derivation on the derived claim
(:class:`~verifier.models.claim.Derived`: an op and the ids of its operand claims); the rules
recompute it on the operands' printed bands, as every V1xx rule does, and report only when the
bands do not meet. A finding rests on the derivation alone (not on the holder), so its severity
follows how surely the construction was read (``decided['derivation']``).
"""

from __future__ import annotations

from typing import Callable, Final, Iterator

from verifier.models.claim import Claim
from verifier.models.finding import Band, Finding, Severity
from verifier.numeric import BOUND_WORDS, Interval, abs_interval, describe_step, fmt, fmt_interval, restates_rounded, scale_step, unit_slip
from verifier.rules.context import Context, figure_text, operand, point_band, rounded_band, stated_band
from verifier.rules.registry import rule
from verifier.units import convert, factor

DERIVATION = frozenset({"derivation"})
"""What a finding of these rules rests on: the reading of the construction, not the holder."""

FORMULA: dict[str, str] = {
    "percent_change": "100 × (new / base − 1)",
    "pp_change": "new − base (percentage points)",
    "ratio": "compared / reference",
    "times_more": "compared / reference, or compared / reference − 1",
    "multiple": "new / base",
    "share": "100 × part / whole",
    "difference": "|first − second|",
    "sum": "the sum of the parts",
    "remainder": "100 − the other shares",
    "per_every": "count / per every",
    "conversion": "the figure in the unit of the restatement",
    "quotient": "total / count",
}
"""What each op recomputes, in words (see :data:`verifier.models.claim.Op`)."""

SIGNED = frozenset({"percent_change", "pp_change"})
"""Ops whose result has a sign the words state ('rose', 'a drop of', '下降')."""

ROLES: Final[dict[str, tuple[str, ...]]] = {
    "percent_change": ("base", "new"), "pp_change": ("base", "new"), "multiple": ("base", "new"),
    "ratio": ("compared", "reference"), "times_more": ("compared", "reference"), "times_less": ("compared", "reference"),
    "share": ("part", "whole"), "difference": ("first", "second"), "per_every": ("count", "per every"),
    "quotient": ("total", "count"), "conversion": ("figure",),
}
"""What each operand of an op is, in the order of :data:`verifier.models.claim.Op`, for messages;
ops of a list ('sum', 'remainder') name each operand 'part' / 'share'."""

EITHER = frozenset({"times_more"})
"""Ops written for more than one reading, any of which makes the figure right ('3 times more'
for a / b = 3 and for a / b − 1 = 3)."""

PARTITION_SLACK: Final = 1.0
"""Percentage points, in all, beyond the printed bands by which the shares of one whole may
miss 100: pollsters print shares rounded from weighted figures and note that they 'may not add
to 100 because of rounding' (totals of 99 to 101 and, with several rounded parts, 102); the
brief sets '52% for, 41% against and 9% undecided' as consistent."""


def _common(claims: list[Claim], own_units: bool = False) -> list[Interval] | None:
    """The point bands of ``claims`` in the first one's unit (each in its own unit when
    ``own_units``: a quotient divides money by a count); None when one is a range or a unit
    does not convert (a bare count goes with any count noun: '48 of 420 patients')."""
    if own_units:
        return None if any(c.value.number is None for c in claims) else [point_band(c) for c in claims]
    unit = next((c.value.unit for c in claims if c.value.unit), None)
    out = []
    for c in claims:
        if c.value.number is None:
            return None
        k = 1.0 if c.value.unit in (None, unit) or unit is None else factor(c.value.unit, unit)
        if k is None:
            return None
        out.append(point_band(c).scale(k))
    return out


def _readings(op: str, ivs: list[Interval], units: list[str | None]) -> list[tuple[str, Interval]]:
    """The values the derived figure may print, each with how it is computed (several for
    'times more', which is written for both a / b and a / b − 1)."""
    if op == "percent_change":
        base, new = ivs
        out = [("100 × (new / base − 1)", Interval(100 * ((new / base).lo - 1), 100 * ((new / base).hi - 1)))]
        if all(u == "%" for u in units):  # two percentages: the change may be meant in points
            out.append(("new − base (percentage points)", new - base))
        return out
    if op == "pp_change":
        base, new = ivs
        return [("new − base", new - base)]
    if op == "quotient":
        total, count = ivs
        return [(FORMULA[op], total / count)]
    if op in ("ratio", "multiple"):
        a, b = ivs if op == "ratio" else (ivs[1], ivs[0])
        return [(FORMULA[op], a / b)]
    if op == "times_more":
        a, b = ivs
        q = a / b
        return [("compared / reference", q), ("compared / reference − 1", Interval(q.lo - 1, q.hi - 1))]
    if op == "share":
        part, whole = ivs
        return [(FORMULA[op], (part / whole).scale(100))]
    if op == "difference":
        a, b = ivs
        return [(FORMULA[op], abs_interval(a - b))]
    if op == "sum":
        return [(FORMULA[op], Interval(sum(i.lo for i in ivs), sum(i.hi for i in ivs)))]
    if op == "remainder":
        return [(FORMULA[op], Interval(100 - sum(i.hi for i in ivs), 100 - sum(i.lo for i in ivs)))]
    if op == "per_every":
        y, x = ivs
        return [(FORMULA[op], y / x)]
    if op == "conversion":
        return [(FORMULA[op], ivs[0])]
    return []



BOUND_NEAR: Final = 0.25
"""How far beyond its printed value a bound operand is read, for a warning, when the figure
derived from it fits only because the bound is open: 'more than 13 million' as 13 to 16.25
million. Press copy writes 'more than N' for a little more than N; the constant is the
project's convention (README "Precision"), and what it finds is never an error."""


def _fits(readings: list[tuple[str, Interval]], stated: Interval, signed: bool) -> list[str]:
    """The readings whose band meets the stated band (by magnitude, unless the op is signed)."""
    return [how for how, iv in readings if (iv if signed else abs_interval(iv)).meets(stated if signed else abs_interval(stated))]


def _near(ops: list[Claim]) -> list[Claim] | None:
    """``ops`` with each bound closed at :data:`BOUND_NEAR` beyond its value ('more than' -> 'about'
    to +25 %), or None when no operand is a bound."""
    if not any(o.approx in BOUND_WORDS for o in ops):
        return None
    out = []
    for o in ops:
        if o.approx in BOUND_WORDS and o.value.number is not None:
            x = o.value.number
            hi = x * (1 + BOUND_NEAR) if o.approx in ("over", "at_least") else x
            lo = x * (1 - BOUND_NEAR) if o.approx in ("under", "at_most") else x
            o = o.model_copy(update={"approx": None, "value": o.value.model_copy(update={"number": (lo + hi) / 2, "resolution": hi - lo})})
        out.append(o)
    return out


def _stated(c: Claim) -> Interval:
    """The derived figure's band in its own unit, signed by its words: 'a drop of 0.6 points'
    states −0.6 (a printed sign wins: '-0.60‰')."""
    iv = point_band(c)
    if c.derived.op in SIGNED and c.derived.direction == "down" and iv.lo >= 0:
        return iv.scale(-1)
    return iv


IN_OPERAND_UNITS: Final = frozenset({"difference", "sum", "quotient", "conversion"})
"""Ops whose result is in the operands' unit (or one convertible to it), not a ratio or percentage."""

PER: Final = {"%": 100.0, "‰": 1000.0}
"""A rate 'y for every x' printed in percent or per mille: y / x times this."""


def _scaled(c: Claim, ops: list[Claim]) -> float | None:
    """The factor from the operands' unit to the derived figure's (1 for ratios and shares;
    'a difference of 646万' in 万 vs operands in 人; 100 or 1000 for a rate per every x in % or ‰)."""
    if c.derived.op == "per_every":
        return PER.get(c.value.unit or "")
    if c.derived.op not in IN_OPERAND_UNITS:
        return 1.0
    unit = next((o.value.unit for o in ops if o.value.unit), None)  # a quotient's total, a restatement's figure
    return 1.0 if unit == c.value.unit or unit is None or c.value.unit is None else factor(unit, c.value.unit)


def _offset_converted(ivs: list[Interval], src: str | None, dst: str | None) -> list[Interval] | None:
    """The restated figure's band converted between units an offset relates (°C and °F), end by end."""
    if not ivs or src is None or dst is None:
        return None
    lo, hi = convert(ivs[0].lo, src, dst), convert(ivs[0].hi, src, dst)
    return None if lo is None or hi is None else [Interval(min(lo, hi), max(lo, hi))]


def _rounded_conversion(c: Claim, source: Claim, converted: Interval, k: float) -> bool:
    """Whether restatement ``c`` of ``source`` is its conversion rounded as printed
    (:func:`verifier.numeric.restates_rounded`); ``converted`` is the source's printed band in
    ``c``'s unit, ``k`` the factor to it (1 when an offset relates the units, as °C and °F)."""
    coarse = rounded_band(source)
    if c.value.unit != source.value.unit and factor(source.value.unit, c.value.unit) is None:
        shifted = _offset_converted([coarse], source.value.unit, c.value.unit)
        if shifted is None:
            return False
        coarse = shifted[0]
    else:
        coarse = coarse.scale(k)
    return restates_rounded(converted, coarse, point_band(c), rounded_band(c), k)


def _derived(ctx: Context, keep: Callable[[Claim], bool]) -> Iterator[tuple[Claim, list[Claim]]]:
    """Derived claims ``keep`` selects, with their operand claims (all live, in order)."""
    live = {c.id: c for c in ctx.figures}
    for c in ctx.figures:
        if c.derived is None or not keep(c):
            continue
        ops = [live.get(i) for i in c.derived.operands]
        if all(o is not None for o in ops):
            yield c, ops


@rule("V108", "derived-figure-mismatch", "A figure derived from others of its sentence (a change, share, multiple or sum) "
      "disagrees with them.", rests_on=DERIVATION)
def derived_figure_mismatch(ctx: Context) -> Iterator[Finding]:
    """A figure the sentence derives from its other figures is recomputed from them: a
    percentage change from its base and new value, a change in percentage points, a
    restatement in another unit or scale ('1,411.75 million (1.41175 billion)'), a share
    from its part and whole ('48 of 420 (21.4%)'), a multiple ('3 times as much', '翻两番'
    is 4), 'x times more' (read both as a / b and a / b − 1: flagged only when neither fits),
    a difference, parts that should add up to their printed total, and the shares of one whole
    ('52% for, 41% against and 12% undecided': the last share against 100 − the others, with
    :data:`PARTITION_SLACK`; less than the rest is only a warning). A change whose words and
    figures go opposite ways ('fell 0.3%' when the figures rise) is flagged too. A percentage
    change between two percentages that fits only as percentage points is a warning. The
    message names each operand by its role ('base 4.5%, new 4.1%', 'part 200, whole 500').

    Tolerance: the stated figure's printed band (half its last digit, widened by an
    approximation word) must meet the band recomputed from the operands' printed bands. A
    restatement in another unit is consistent when it is the exact conversion of the source's
    printed interval, rounded to the precision the converted figure is printed at or coarser
    (the place of its last non-zero digit), in either direction
    (:func:`verifier.numeric.restates_rounded`): '9,000 gallons (35,000 liters)' holds because
    35,000 L is 9,246 gallons. Only a factor slip (a power of ten, a unit not converted or
    converted the wrong way) or a difference no such rounding explains is flagged.

    Okay: "Revenue rose to $1.50 billion from $1.20 billion, an increase of 25%." (1.50 / 1.20 = 1.25)
    Okay: "In all, 84 of 420 patients (20%) died." (84 / 420 = 20.0 %, printed 20: [19.5, 20.5])
    Okay: "The new canal is 40 kilometers (25 miles) long." (40 km is 24.9 miles)
    Okay: "The reservoir released 7,000 gallons (27,000 liters) of water." (27,000 L is 7,133 gallons, 7,000 at thousands)
    Okay: "这条运河长100英里（160公里）。" (100 miles is 160.9 km, 160 at tens)
    Okay: "确诊病例1830例，其中重症病例270例，累计死亡病例45例。" (45 is a total of its own, no sum of 1830 and 270)
    Okay: "重症病例5200例，较22日减少180例。" (22日 is the day compared with, no operand)
    Okay: "患者中广州占61.0%，广东其他地区占24.3%。" (the rest of Guangdong, not of the whole)
    Okay: "搜索区域为5公里乘8公里（3.1英里乘4.9英里）。" (a bracket restates the sides in order: 5 km is 3.1 miles)
    V108: "全市共有学校330所，其中小学180所、初中100所和高中40所。" (the parts give 320)
    V108: "The survey drone climbed to 1,600 feet (560 meters)." (1,600 ft is 488 m; 560 m is 1,837 ft)
    V108: "The new canal is 5 miles (8,000 km) long." (a factor of 1,000)
    V108: "这条运河长50英里（120公里）。" (50 miles is 80 km)
    V108: "搜索区域为5公里乘8公里（9英里乘4.9英里）。" (5 km is 3.1 miles)
    V108: "Revenue rose to $1.50 billion from $1.20 billion, an increase of 27%." (25 %; with '$1.5 billion from $1.2 billion' the printed bands allow 16 to 35 %)
    V108: "In all, 48 of 420 patients (21.4%) died." (48 / 420 = 11.4 %)
    """
    me = derived_figure_mismatch.rule
    for c, ops in _derived(ctx, lambda c: c.derived.op != "times_less" and c.value.number is not None):
        ivs = _common(ops, own_units=c.derived.op == "quotient")
        k = _scaled(c, ops)
        if ivs is not None and k is None and c.derived.op == "conversion":
            ivs, k = _offset_converted(ivs, ops[0].value.unit, c.value.unit), 1.0  # '22.7°C (72.8°F)'
        if ivs is None or k is None:
            continue
        ctx.checked.update({c.id, *(o.id for o in ops)})
        readings = [(how, iv.scale(k)) for how, iv in _readings(c.derived.op, ivs, [o.value.unit for o in ops])]
        if not readings or c.derived.op == "conversion" and _rounded_conversion(c, ops[0], readings[0][1], k):
            continue
        judged = _judge(c, ops, readings, k)
        if judged is None:
            continue
        severity, why, main_how, main = judged
        if c.derived.op == "conversion":  # '120 km (about 90 miles)': say what the first figure is in the second's unit
            text = f"stated {shown(c)} as a restatement of {shown(ops[0])}, which is {fmt_interval(main)} {c.value.unit or ''}".rstrip()
        else:
            text = (f"stated {shown(c)} ({OP_WORDS.get(c.derived.op, c.derived.op.replace('_', ' '))}) but {main_how} with "
                    + roles(c.derived.op, ops) + f" gives {fmt_interval(main)} {c.value.unit or ''}".rstrip())
        step = scale_step(_stated(c), main) if c.derived.op not in ("percent_change", "pp_change") else 0
        slip = unit_slip(main, _stated(c), k) if c.derived.op == "conversion" and not step else None
        yield me.finding(
            text + why + (f"; {describe_step(step)}" if step else f"; {slip}" if slip else
                          "; no rounding of either figure at its last non-zero digit explains it" if c.derived.op == "conversion" else ""),
            severity=severity, claims=[c.id, *(o.id for o in ops)], stated=stated_band(c, _stated(c)),
            recomputed=Band(low=main.lo, high=main.hi, unit=c.value.unit, basis=f"{main_how} on the printed bands of the operands"),
            operands=[operand(o) for o in ops], formula=f"{FORMULA[c.derived.op]}; " + ", ".join(o.anchor.quote for o in ops),
            **ctx.location(c),
        )


OP_WORDS: Final = {"percent_change": "a change in percent", "pp_change": "a change in percentage points",
                   "times_more": "times more", "ratio": "a multiple", "multiple": "a multiple in words",
                   "share": "a share", "difference": "a difference", "sum": "a total", "remainder": "the rest of one whole",
                   "per_every": "a rate per every", "conversion": "a restatement", "quotient": "an amount per thing"}
"""How each op is named in a message."""


def shown(c: Claim) -> str:
    """The figure as the article prints it ('$80 million', '三成', '0.4 percentage points', 'doubled')."""
    return repr(c.anchor.quote) if not any(ch.isdigit() for ch in c.anchor.quote) else c.anchor.quote


def roles(op: str, ops: list[Claim]) -> str:
    """The operands named by role, for a message: 'base 4.5 %, new 4.1 %', 'part 200, whole 500'."""
    names = ROLES.get(op) or (("share",) if op == "remainder" else ("part",)) * len(ops)
    if len(names) < len(ops):
        names = (names[0],) * len(ops)
    if op == "share" and len(ops) == 1:
        names = ("fraction",)
    return ", ".join(f"{n} {o.anchor.quote}" for n, o in zip(names, ops))


def _judge(c: Claim, ops: list[Claim], readings: list[tuple[str, Interval]], k: float) \
        -> tuple[Severity | None, str, str, Interval] | None:
    """Whether the derived figure ``c`` disagrees with its ``readings`` (from ``ops``): None when it
    agrees; else (severity, None for the rule's default; the reason added to the message; the
    main reading's formula and band)."""
    op = c.derived.op
    stated = _stated(c)
    signed = op in SIGNED
    main_how, main = readings[0]
    if op == "remainder":
        return _judge_remainder(stated, main_how, main)
    fits = _fits(readings, stated, signed)
    if fits and (fits[0] == main_how or op in EITHER):
        near = _near(ops)  # 'for every one of the more than 13 million': a bound read as the value it bounds
        if near is None:
            return None
        ivs = _common(near, own_units=op == "quotient")
        readings = [(how, iv.scale(k)) for how, iv in _readings(op, ivs, [o.value.unit for o in ops])]
        if _fits(readings, stated, signed):
            return None
        bounds = [o for o in ops if o.approx in BOUND_WORDS]
        many = len(bounds) > 1
        return (Severity.warning, f", reading the bound{'s' if many else ''} {', '.join(repr(o.anchor.quote) for o in bounds)} "
                f"as at most {BOUND_NEAR:.0%} beyond the printed value (a bound read wider might reconcile them)", *readings[0])
    if fits:  # '4.1% from 4.5%, down 0.4%': right only in points
        return Severity.warning, f"; it fits only as {fits[0]}: percent and percentage points confused?", main_how, main
    why = ""
    if len(readings) > 1:
        why = "; nor " + ", ".join(f"{how} = {fmt_interval(iv)}" for how, iv in readings[1:])
    if signed and c.derived.direction and (main.hi < 0 if c.derived.direction == "up" else main.lo > 0):
        why += f"; the words say it went {c.derived.direction}, the figures go {'down' if main.hi < 0 else 'up'}"
    return None, why, main_how, main


def _judge_remainder(stated: Interval, how: str, rest: Interval) -> tuple[Severity | None, str, str, Interval] | None:
    """The last share of one whole against 100 − the others, :data:`PARTITION_SLACK` allowed: more
    than is left is an error (the shares add up to more than the whole); less is a warning (a
    share the sentence does not list, such as those who would not answer, may take the rest)."""
    if Interval(rest.lo - PARTITION_SLACK, rest.hi + PARTITION_SLACK).meets(stated):
        return None
    if stated.lo > rest.hi:
        return None, "; the shares add up to more than the whole (100 %)", how, rest
    return Severity.warning, "; the shares add up to less than the whole (100 %): is a share missing?", how, rest


@rule("V109", "fall-stated-as-multiple", "A fall is written as 'x times lower' or '下降了x倍', which no reading makes a "
      "valid fall.", severity="warning", rests_on=DERIVATION)
def fall_stated_as_multiple(ctx: Context) -> Iterator[Finding]:
    """'3 times lower', 'x times less', '下降了3倍', '减少了2倍': read literally, a fall of three
    times a value leaves less than nothing. Writers mean 'a third of' (b / a = x), so the
    figures are shown with that reading for the reader to reword or correct.

    Tolerance: the printed x's band against b / a on the operands' printed bands.

    Okay: "The fare is $2, a third of the $6 it was."
    V109: "The fare is $2, three times lower than the $6 it was."
    V109: "票价从6元降至2元，下降了3倍。"
    """
    me = fall_stated_as_multiple.rule
    for c, ops in _derived(ctx, lambda c: c.derived.op == "times_less" and c.value.number is not None):
        ivs = _common(ops)
        if ivs is None:
            continue
        ctx.checked.update({c.id, *(o.id for o in ops)})
        (small, s_claim), (large, l_claim) = sorted(zip(ivs, ops), key=lambda p: p[0].mid)
        q = large / small
        fits = q.meets(point_band(c))
        x = c.anchor.quote
        yield me.finding(
            f"{x!r} states a fall as a multiple, which no literal reading allows (a fall of {x} the value would leave "
            f"less than nothing); the larger figure {l_claim.anchor.quote} / the smaller {s_claim.anchor.quote} gives "
            f"{fmt_interval(q)}"
            + (f": the writer likely meant that the smaller is 1/{fmt(c.value.number)} of the larger; "
               "'a third of' or '降至…的三分之一' says so plainly" if fits else ", which does not fit that reading either"),
            claims=[c.id, *(o.id for o in ops)], stated=stated_band(c, point_band(c)),
            recomputed=Band(low=q.lo, high=q.hi, unit="x", basis="larger / smaller on the printed bands of the operands"),
            operands=[operand(o) for o in ops], formula="larger / smaller", **ctx.location(c),
        )

