"""Tie the claims of a sentence together: which figure is derived from which.

    link(body, sentences, claims) -> claims, the derived ones with Claim.derived set

The last stage of extraction. The structure comes from :func:`.derivations.derivations` (a
change and its base and new value, a share and its part and whole, a multiple in words, a
sum); this module maps its figure indices to the claims anchored on those figures and records
the derivation on the derived claim (:class:`~verifier.models.claim.Derived`, operands by claim
id), with how surely the construction was read as ``decided['derivation']``. A factor stated
only in words ('翻了两番', 'doubled') becomes a claim of its own, anchored on the words, so that
the rule has a printed figure to judge. Derivations whose figures are not all claims, and those
no rule recomputes (a rate in itself), are left out.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final, Iterable

from verifier.apposition import apposed, in_order
from verifier.units import convert, factor

from verifier.extract.derivations import WARNING_BELOW, Derivation, derivations
from verifier.extract.segment import Sentence
from verifier.models.claim import Anchor, Attribution, Claim, Decision, Derived, Value
from verifier.quantities import Quantity
from verifier.quantities.units import CN_MAGNITUDES, MAGNITUDE_LETTERS, MAGNITUDE_WORDS
from verifier.words import alternation, section

CHECKED_OPS: Final = frozenset({"percent_change", "pp_change", "ratio", "times_more", "times_less", "multiple", "share",
                                "difference", "sum", "remainder", "per_every", "conversion", "quotient"})
"""Ops :mod:`verifier.rules.derived` recomputes (see :data:`verifier.models.claim.Op`)."""

CONTEXT: Final = 32
"""Characters of prefix and suffix kept in an anchor (as :mod:`.build` keeps)."""



def link(body: str, sentences: Iterable[Sentence], figures: list[Quantity], claims: list[Claim], source: str) -> list[Claim]:
    """``claims`` (of one article, ids final, in offset order) with their sentence derivations
    recorded, plus a claim for each factor stated only in words, ids continuing the article's
    ('<source>-xNNN'); in offset order. ``figures`` are the article's quantities in offset order."""
    at = {(c.anchor.start, c.anchor.end): c for c in claims}
    updated: dict[str, Claim] = {}
    added: list[Claim] = []
    n = len(claims)
    qs = sorted(figures, key=lambda q: q.start)
    lo = 0
    for start, end in restating(body, sentences):
        while lo < len(qs) and qs[lo].start < start:
            lo += 1
        hi = lo
        while hi < len(qs) and qs[hi].end <= end:
            hi += 1
        inside = qs[lo:hi]
        if len(inside) < 2:
            continue  # every derivation ties two figures at least (a multiple in words ties its base and new value)
        for d in [*derivations(body, (start, end), inside), *restatements(body, inside, at), *quotients(body, inside)]:
            d = _as_remainder(d)
            if d is None or d.op not in CHECKED_OPS:
                continue
            ops = [at.get((inside[i].start, inside[i].end)) for i in d.operands]
            if any(o is None for o in ops) or len(ops) < 2 and d.op not in ("share", "conversion", "remainder"):
                continue
            if d.result is not None:
                result = at.get((inside[d.result].start, inside[d.result].end))
                if result is None or result.id in updated or (result.comparison is not None and result.comparison.relation == "share"
                                                             and d.op == "share"):
                    continue  # a share the subject path already set against its whole: V101 checks it
                updated[result.id] = _with(updated.get(result.id, result), d, ops)
            elif d.op == "multiple" and d.stated is not None:
                n += 1
                added.append(_with(_words_claim(body, d, f"{source}-x{n:03d}", source, ops[0]), d, ops))
    out = [updated.get(c.id, c) for c in claims] + added
    return sorted(out, key=lambda c: (c.anchor.start, c.anchor.end))


@lru_cache(maxsize=1)
def _restate_opener() -> re.Pattern:
    """A sentence opener of ``restate_openers`` or ``partitive_openers`` (verifier/data/derivations.yaml),
    with its comma: the sentence restates the one before it, or gives a part of its figure."""
    en = section("restate_openers", "en") + section("partitive_openers", "en")
    zh = section("restate_openers", "zh") + section("partitive_openers", "zh")
    return re.compile(r"\s*(?:(?:" + alternation(sorted(en, key=len, reverse=True)) + r")(?![A-Za-z])\s*,?|(?:"
                      + alternation(sorted(zh, key=len, reverse=True)) + r")\s*[，,]?)", re.IGNORECASE)


def restating(body: str, sentences: Iterable[Sentence]) -> list[tuple[int, int]]:
    """The sentences as (start, end) spans, a sentence that opens by restating the one before it
    ('In other words, …', '也就是说，…') or by taking a part of its figure ('Of those, …', '其中，…')
    joined to that one: its figures restate the earlier ones or are parts of them, so derivations
    are read across the two. Spans in order; other sentences unchanged."""
    out: list[tuple[int, int]] = []
    opener = _restate_opener()
    for sent in sentences:
        if out and opener.match(body, sent.start) and body[out[-1][1]:sent.start].strip() == "":
            out[-1] = (out[-1][0], sent.end)
        else:
            out.append((sent.start, sent.end))
    return out


def _as_remainder(d: Derivation) -> Derivation | None:
    """A partition ('52% for, 41% against and 9% undecided': op 'sum', no result, stated 100) as
    op 'remainder' on its last share, the others its operands, so the rule has a printed figure
    to judge; None for a partition read without a word that names the rest (shares of different
    wholes as often as of one: 'turnout was 61% in the north, 58% in the south and 40% …')."""
    if d.op != "sum" or d.result is not None:
        return d
    if d.stated != 100.0 or d.confidence < WARNING_BELOW:
        return None
    return Derivation("remainder", d.operands[-1], d.operands[:-1], d.words, confidence=d.confidence)


PER_AFTER: Final = re.compile(r"\s*(?:for\s+(?:every|each)|per\b|a\s+(?:head|person|year|month|day)\b|each\b|apiece|/)", re.IGNORECASE)
"""Words after a second figure that make it a figure per thing, not a restatement ('$61 billion,
or $512 for every one of …')."""


NOUN_BEFORE_BRACKET: Final = re.compile(r"^\s*[^\W\d_]+(?:\s+[^\W\d_]+)?(?=\s*[（(])")
"""The counted noun between a figure and a bracketed restatement: 'people' in '1,411.75 million people (1.412 billion)',
人 in '139820万人（13.982亿人）'."""

def _scale_alternation() -> str:
    """The magnitude words of the quantity layer's tables (:mod:`verifier.quantities.units`)
    worth a thousand or more, longest first (English words, Chinese characters and 万亿), then
    its one-letter suffixes ('8k', '$2.1B') when no letter follows."""
    words = {w for w, v in MAGNITUDE_WORDS.items() if v >= 1e3} | {w for w, v in CN_MAGNITUDES.items() if v >= 1e3}
    words |= {a + b for a, va in CN_MAGNITUDES.items() if va == 1e4 for b, vb in CN_MAGNITUDES.items() if vb == 1e8}
    words |= {w for w in MAGNITUDE_LETTERS if len(w) > 1}
    letters = "".join(w for w in MAGNITUDE_LETTERS if len(w) == 1)
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w))) + "|[" + letters + "](?![a-z])"


SCALE: Final = re.compile("(" + _scale_alternation() + ")")
"""Scale words of a printed figure: a restatement in the same unit changes its scale."""


def scale_word(surface: str) -> str:
    """The scale word of a printed figure, lower-cased ('' for none)."""
    m = SCALE.search(surface)
    return m.group(1).lower() if m else ""


def restatements(body: str, figures: list[Quantity], at: dict) -> list[Derivation]:
    """Figures set beside the figure before them as the same amount in another unit or scale
    (:func:`verifier.apposition.apposed`: '1,411.75 million (1.41175 billion)', '350 km, or 217
    miles'), as op 'conversion'. A figure held by the subject path on both sides is left to rule
    V104; units must convert, and a figure per thing ('$512 for every one of') is no restatement.
    A bracket that restates an enumeration restates it item by item, in order ('5 km by 8 km
    (3.1 miles by 4.9 miles)': :func:`verifier.apposition.in_order`)."""
    out = []
    spans = [(q.start, q.end) for q in figures]
    partner: dict[int, int] = {}
    for i in range(1, len(figures)):
        gap = NOUN_BEFORE_BRACKET.sub("", body[figures[i - 1].end:figures[i].start], count=1)  # '1,411.75 million people (1.412 billion)'
        if i not in partner and apposed(gap):
            partner.update(in_order(body, spans, i) or {i: i - 1})
    for i, j in sorted(partner.items()):
        a, b = figures[j], figures[i]
        ca, cb = at.get((a.start, a.end)), at.get((b.start, b.end))
        if ca is None or cb is None or (ca.subject is not None and ca.subject == cb.subject):  # one holder's restatement: V104
            continue
        if PER_AFTER.match(body, b.end) or a.unit in ("%", "x") or b.unit in ("%", "x"):
            continue
        if ca.value.number is None or cb.value.number is None:
            continue
        if a.unit != b.unit and (a.unit is None or b.unit is None or convert(1.0, a.unit, b.unit) is None):
            continue
        if a.unit == b.unit and scale_word(a.surface) == scale_word(b.surface):
            continue  # '120 buses (40 electric)': the same unit and scale twice is a part, not a restatement
        out.append(Derivation(op="conversion", result=i, operands=(j,), words=(a.end, b.start), confidence=0.85))
    return out


EACH_OF: Final = re.compile(r"\s*(?:for\s+(?:every|each)(?:\s+one)?(?:\s+of)?|per|each\s+of|a\s+head\s+for|for\s+each\s+of)(?:\s+(?:the|its|their))?"
                           r"(?:\s+(?:more\s+than|about|nearly|some|roughly|over|almost))?\s*$", re.IGNORECASE)
"""Between a share per thing and the count it is shared over: '$512 for every one of the more than 13 million'."""


def quotients(body: str, figures: list[Quantity]) -> list[Derivation]:
    """A total restated as an amount per thing over a count the sentence prints ('$61 billion, or
    $512 for every one of the 13 million unemployed'), as op 'quotient' (total, count) -> per thing."""
    out = []
    for i in range(1, len(figures) - 1):
        b, c = figures[i], figures[i + 1]
        if not EACH_OF.match(body[b.end:c.start]) or c.unit is not None or b.unit in (None, "%", "x"):
            continue
        j = next((k for k in range(i - 1, -1, -1) if figures[k].unit == b.unit), None)  # the total: the nearest figure before in b's unit
        if j is None:
            continue
        # set beside the total ('$61 billion, or $512 for every one of') the reading is sure; further off, a review
        sure = j == i - 1 and apposed(body[figures[j].end:b.start])
        out.append(Derivation(op="quotient", result=i, operands=(j, i + 1), words=(b.end, c.start), confidence=0.85 if sure else 0.7))
    return out


def _with(c: Claim, d: Derivation, ops: list[Claim]) -> Claim:
    derived = Derived(op=d.op, operands=[o.id for o in ops], direction=d.direction, basis=d.basis)
    decided = {**c.decided, "derivation": Decision(by=f"sentence pattern ({d.op.replace('_', ' ')})", confidence=d.confidence)}
    return c.model_copy(update={"derived": derived, "decided": decided})


def _words_claim(body: str, d: Derivation, cid: str, source: str, like: Claim) -> Claim:
    """The claim of a factor stated in words ('翻了两番' = 4 x), anchored on the words. A word of
    multiple is read as 'about' its factor (:data:`verifier.numeric.APPROX_WIDTH`, ±5 %): press
    copy writes 'doubled' for 2.08 times and '翻两番' for 4.1 times, never for 2.3 or 4.5."""
    s, e = d.words
    return Claim(
        id=cid, source=source,
        anchor=Anchor(quote=body[s:e], start=s, end=e, prefix=body[max(0, s - CONTEXT):s], suffix=body[e:e + CONTEXT]),
        subject=None, metric="ratio", kind="ratio", measured=like.measured, approx="about",
        value=Value(printed=body[s:e], number=d.stated, unit="x"),
        attribution=Attribution(origin=like.attribution.origin, said_by=like.attribution.said_by, tier=like.attribution.tier),
        status="proposed",
    )
