"""V110: a ranking's stated order against the values it ranks.

'Ohio came second with 95 and Iowa third with 102', '甲省和乙省位列全国前两名，降水量分别为1380毫米和
950毫米；丙省以1060毫米位居第三': the places are read by :mod:`verifier.extract.rankings` from the
line of the values; whether two values are of one measured thing is decided by the alignment's
:func:`verifier.align.things.similarity`.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from functools import lru_cache
from typing import Final, Iterator, Sequence

from verifier import words
from verifier.align.frames import family_of
from verifier.align.things import Thing, similarity, thing_of
from verifier.extract.rankings import Ranked, rankings
from verifier.extract.segment import LINE_END, clause_end
from verifier.models.claim import CONFIDENT, Claim
from verifier.models.finding import Finding, Severity
from verifier.rules.context import Context, operand, point_band, stated_band
from verifier.rules.registry import rule

UNRANKED: Final = frozenset({"time", "multiple"})
"""Unit families whose values no ranking here orders: durations (a race ranks the shortest time
first) and multiples (a ratio against some other figure)."""

PER_REACH: Final = 24
"""Characters after a ranked value within which a per-word makes it a rate ('12 cases per 100,000')."""

THINGS: Final = frozenset({"measured"})
"""What a finding rests on: the measured thing of its values (the places have no holder)."""


@rule("V110", "ranking-order-mismatch", "A place stated for a value ('came second with 95', '位居第三') disagrees "
      "with the values ranked beside it.", rests_on=THINGS)
def ranking_order_mismatch(ctx: Context) -> Iterator[Finding]:
    """'Ohio came second with 95 and Iowa third with 102': a value given a higher place must
    not be below one given a lower place, and each value of a top group ('甲省和乙省位列前两名，分别为
    1380毫米和1150毫米') must exceed the value placed after the group. The values must be of one unit,
    one measured thing (or one of them names none) and one year; a ranking from the bottom
    ('the lowest', '最低') is read the other way, and durations (race times) are not ranked.

    Tolerance: the two values' printed bands must not meet.

    Severity: an error when the places and the values stand in one sentence and every measured
    thing was decided with confidence; otherwise a warning that says why it needs review.

    Okay: "In the turnout table, Ohio came first with 71% and Iowa came second with 64%."
    V110: "In the turnout table, Ohio came first with 61% and Iowa came second with 64%." (second 64% above first 61%)
    Okay: "Ohio came first with 71% in 2020 and Iowa came second with 74% in 2016." (two years)
    """
    me = ranking_order_mismatch.rule
    by_source: dict[str, list[Claim]] = defaultdict(list)
    for c in ctx.figures:
        by_source[c.source].append(c)
    for sid, cs in sorted(by_source.items()):
        body = ctx.corpus.sources[sid].body
        lines = [m.end() for m in LINE_END.finditer(body)]
        by_line: dict[int, list[Claim]] = defaultdict(list)
        for c in cs:
            by_line[bisect.bisect_right(lines, c.anchor.start)].append(c)
        for i, group in sorted(by_line.items()):
            if len(group) < 2:
                continue
            lo = lines[i - 1] if i else 0
            hi = lines[i] if i < len(lines) else len(body)
            at = {(c.anchor.start, c.anchor.end): c for c in group}
            ranked = [(r, at[(r.start, r.end)]) for r in rankings(body, lo, hi, sorted(at))]
            yield from _ranking_findings(ctx, me, body, ranked, ctx.ends(sid))


def _ranking_findings(ctx: Context, me, body: str, ranked: list[tuple[Ranked, Claim]],
                      ends: Sequence[int]) -> Iterator[Finding]:
    """The findings of one line's rankings; ``ends`` are the body's sentence ends, found once
    per article (:meth:`Context.ends`): a table of thousands of rows has a ranking per row."""
    for i, (ra, a) in enumerate(ranked):
        for rb, b in ranked[i + 1:] + ranked[:i]:
            if ra.place >= rb.place - rb.group + 1 or a.id == b.id or not _rankable(body, (ra, a), (rb, b)):
                continue
            ia, ib = point_band(a), point_band(b)
            wrong = ia.hi < ib.lo if not (ra.reverse or rb.reverse) else ia.lo > ib.hi
            if not wrong:
                continue
            ctx.checked.update({a.id, b.id})
            known = [_known(body, r, x) for r, x in ((ra, a), (rb, b))]
            why = [f"measured thing of {x.id} not decided with confidence" for x, t in zip((a, b), known) if t is None]
            if None not in known and similarity(*known)[0] < CONFIDENT:
                why.append(f"measured things '{a.measured}' and '{b.measured}' only alike")
            spans = [min(r.start, r.words[0]) for r in (ra, rb)] + [max(r.end, r.words[1]) for r in (ra, rb)]
            if bisect.bisect_right(ends, min(spans)) != bisect.bisect_right(ends, max(spans) - 1):
                why.append("the places and values stand in more than one sentence")
            weak = bool(why)
            tail = f" (needs review: {'; '.join(why)})" if why else ""
            place = (lambda r: f"among the first {r.group}" if r.group > 1 else f"place {r.place}")
            way = "below" if not (ra.reverse or rb.reverse) else "above"
            yield me.finding(
                f"{a.anchor.quote} is given {place(ra)} and {b.anchor.quote} {place(rb)}, but {a.anchor.quote} is {way} "
                f"{b.anchor.quote}: the order does not follow from the values{tail}",
                severity=Severity.warning if weak else None, claims=[a.id, b.id], **ctx.location(a),
                stated=stated_band(a), operands=[operand(a), operand(b)],
            )


def _rankable(body: str, a: tuple[Ranked, Claim], b: tuple[Ranked, Claim]) -> bool:
    """Two values one ranking may order: one unit, one family of quantities, one year, one
    measured thing (or one of them unnamed), neither derived from others."""
    (_, ca), (_, cb) = a, b
    if ca.value.unit != cb.value.unit or family_of(ca.value.unit) in UNRANKED or ca.value.number is None or cb.value.number is None:
        return False
    if ca.scope.get("year") != cb.scope.get("year") or ca.derived is not None or cb.derived is not None:
        return False
    if _per_after(body, ca) != _per_after(body, cb):
        return False  # '12 cases per 100,000' against '15 cases': a rate against a count the text may not mean as one
    ta, tb = _known(body, *a), _known(body, *b)
    return ta is None or tb is None or similarity(ta, tb)[0] > 0


@lru_cache(maxsize=1)
def _per_words() -> re.Pattern:
    en = [w for w in words.section("per_every", "en")]
    return re.compile(rf"\b(?:{words.alternation(en)})\b|{words.alternation(words.section('per_every', 'zh'))}", re.IGNORECASE)


def _per_after(body: str, c: Claim) -> bool:
    """True when the words after ``c``'s figure in its clause make it a rate per some base
    ('12 cases per 100,000', '每10万人12例'; the words of ``per_every`` in derivations.yaml)."""
    end = clause_end(body, c.anchor.end, min(len(body), c.anchor.end + PER_REACH))
    return _per_words().search(body, c.anchor.end, end) is not None


def _known(body: str, r: Ranked, c: Claim) -> Thing | None:
    """``c``'s measured thing when decided with confidence and not read from the place's own
    words ('came first with 61%' gives 61% the 'measured thing' 'first'); a classifier alone
    ('1200人' -> 人) says little."""
    d = c.decided.get("measured")
    if c.measured and c.measured in body[r.words[0]:r.words[1]]:
        return None
    return thing_of(c.measured) if d is None or d.confidence >= CONFIDENT else None
