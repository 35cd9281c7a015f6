"""Comparisons whose other side is not named next to the figure.

A ratio or a percentage change compares the subject with a *target*. When no name stands
next to the figure ('X 的 1.9 倍', 'than X', '比X低'), the target is read from the context,
in this order (first that applies):

1. the other subjects given a figure of the same metric earlier in the sentence, then in
   the paragraph ('Jalapeño 每秒 1459 个，GB200 仅为 535 个，差距接近 3 倍' -> GB200);
2. the article's comparison set, when the sentence presents the figure as an advantage or a
   comparison ('优势', 'compared'), or the figure is a multiplier of the article's main
   subject ('跑出1.9倍每瓦Token');
3. the subject's own earlier state, 'baseline', when a verb of change carries the figure
   ('AI辅助设计让SIMD单元面积减少了8%');
4. none: the figure is not proposed (a comparison with an unknown side cannot be checked,
   and a guessed side makes false findings).

'由 A 降至 B' / 'from A to B' gives two figures of one metric: B is the subject's, and A is
the target's when the sentence compares with rivals, else the subject's earlier value
(see :func:`from_to_role`). A verb of change ('cut the price from $9,000 to $7,500',
'由 9000 美元降至 7500 美元') makes the two a change over time: A is scoped
``{period: before}``, B ``{period: after}`` (see :func:`change_side`), and a percentage that
follows ('a 25% reduction') compares the subject after the change with itself before it.
"""

from __future__ import annotations

import re
from typing import Final

from verifier.extract.context import CHANGE_BEFORE
from verifier.extract.scope import PERFORMANCE
from verifier.extract.spans import SpanIndex
from verifier.extract.subjects import join_names
from verifier.models.claim import ALTERNATIVES, Claim
from verifier.words import alternation, subset


COMPARE_WORDS: Final = ("优势", "领先", "差距", "相比", "对比", "对标", "对照", "than", "versus", " vs", "compared",
                        "advantage", "lead", "gap", "edge", "对手", "竞品", "rival", "competitor")
"""Words that present a figure as a comparison with the systems the article compares against."""

CHANGE_VERBS: Final = subset("baseline_change", "zh") + subset("baseline_change", "en")
"""Verbs of change: a percentage they carry with no target is relative to the subject's own baseline."""

BASELINE: Final = "baseline"
"""Target of a change relative to the subject's own earlier state (no other subject named)."""

_FROM: Final = re.compile(r"(?:" + alternation(subset("from_markers", "zh")) + r")\s*$|\b(?:"
                          + alternation(subset("from_markers", "en")) + r")\s+$", re.IGNORECASE)
"""'由' / 'from' right before the first figure of 'from A to B'."""

_TO_VERBS: Final = alternation(subset("to_verbs", "zh"))
"""Chinese verbs of change joined to 至/到: '降至', '增至', '上调到'."""

_TO: Final = re.compile(
    r"\s*(?:" + _TO_VERBS + r")?\s*(?:至|到)\s*$"  # '压至', '降到', '至'
    r"|(?:\s+of\s+[A-Za-z0-9₂]+(?:\s+(?:a|per)\s+(?:year|month|day))?)?\s+(?:down |up )?to\s+$",  # 'to', 'down to', 'of CO2 a year to'
    re.IGNORECASE,
)
"""Words between the two figures of 'from A to B'."""


def join(names: list[str]) -> str | None:
    """Alternatives as one target (:func:`.subjects.join_names`), blank names left out."""
    return join_names(n for n in names if n)


def others_with(claims: list[Claim], subject: str, metric: str) -> list[str]:
    """Subjects other than ``subject`` with a plain figure of ``metric`` among ``claims``."""
    return [c.subject for c in claims if c.metric == metric and c.comparison is None and c.subject != subject
            and ALTERNATIVES not in c.subject]


def implicit_target(subject: str, metric: str, sentence: str, earlier_in_sentence: list[Claim],
                    earlier_in_paragraph: list[Claim], compare_set: list[str], multiplier: bool = False,
                    main: str | None = None) -> str | None:
    """The target of a comparison figure whose target is not named (see the module docstring).

    Args:
        subject: the figure's subject.
        metric: the figure's metric.
        sentence: the sentence up to the figure and its clause after it.
        earlier_in_sentence: claims proposed before the figure in its sentence.
        earlier_in_paragraph: claims proposed in the paragraph before the sentence.
        compare_set: the article's comparison set.
        multiplier: the figure is a multiplier ('1.9倍'), a comparison by its form: one of the
            article's main subject is taken against the comparison set.
        main: the article's main subject.
    """
    for pool in (earlier_in_sentence, earlier_in_paragraph):
        named = others_with(pool, subject, metric)
        if named:
            return join(named[-2:] if len(set(named)) > 1 else named[-1:])
    low = sentence.lower()
    # the rivals are listed only for a comparison: the comparison set can name every product of a long article
    if (any(w in low for w in COMPARE_WORDS) or (multiplier and subject == main)) \
            and (rivals := [x for x in compare_set if x != subject]):
        return join(rivals)
    if any(w in low for w in CHANGE_VERBS):
        return BASELINE
    return None


def from_to_role(body: str, start: int, end: int, figures: list[tuple[int, int]]) -> str | None:
    """'from' or 'to' when the figure at [start, end) is one side of '由 A 降至 B' / 'from A to B'.

    Args:
        figures: spans of the other figures of the sentence.
    """
    for s, e in figures:
        if e <= start and _FROM.search(body, max(0, s - 6), s) and _TO.fullmatch(body, e, start):
            return "to"
        if s >= end and _FROM.search(body, max(0, start - 6), start) and _TO.fullmatch(body, end, s):
            return "from"
    return None


_TO_CHANGE: Final = re.compile(r"\s*(?:" + _TO_VERBS + r")\s*(?:至|到)\s*$|\s+(?:down|up) to\s+$", re.IGNORECASE)
"""A connective that is itself a verb of change: '降至', 'down to'."""

_CHANGE_BEFORE_ZH: Final = re.compile(r"(?:" + alternation(subset("before_from", "zh")) + r")[^，,。；;]{0,12}(?:"
                                      + alternation(subset("from_markers", "zh")) + r")\s*$")
"""A Chinese verb of change before 由/从: '价格下调，由…' is rare; '售价下调从 A 到 B'."""


def change_side(body: str, start: int, end: int, figures: list[tuple[int, int]], floor: int = 0) -> str | None:
    """'before' or 'after' when the figure at [start, end) is a side of a change over time: a
    'from A to B' (:func:`from_to_role`) whose connective is a verb of change ('降至', 'down to')
    or that follows one ('cut the launch price from'); else None (a range or a plain 'A 到 B').

    Args:
        figures: spans of the sentence's figures (the figure itself may be among them).
        floor: offset the look-back for a verb stops at (the sentence's start).
    """
    others = [(s, e) for s, e in figures if (s, e) != (start, end)]
    role = from_to_role(body, start, end, others)
    if role is None:
        return None
    first = start if role == "from" else max(s for s, e in others if e <= start and _TO.fullmatch(body, e, start)
                                             and _FROM.search(body, max(0, s - 6), s))
    first_end = next(e for s, e in [*others, (start, end)] if s == first)
    second = next(s for s, e in [*others, (start, end)] if s >= first_end and _TO.fullmatch(body, first_end, s))
    look = body[max(floor, first - 60):first]
    lead = _FROM.search(look)
    if _TO_CHANGE.fullmatch(body, first_end, second) or (lead and (CHANGE_BEFORE.search(look[:lead.start()])
                                                                   or _CHANGE_BEFORE_ZH.search(look))):
        return "before" if role == "from" else "after"
    return None


def rivals(claims: list[Claim], main: str | None, sentences: list[tuple[int, int]]) -> list[str]:
    """Systems the article sets against its main subject figure by figure: products given a plain
    performance figure in a sentence where the main subject has one of the same metric
    ('Jalapeño 一秒能吐 1459 个 Token，英伟达 GB200 只有 535 个'). They join the comparison set
    (read from words such as 对比/compared) in a second pass of extraction."""
    plain = SpanIndex((c for c in claims if c.comparison is None and c.metric in PERFORMANCE and ALTERNATIVES not in c.subject),
                      start=lambda c: c.anchor.start)
    out: list[str] = []
    for start, end in sentences:
        here = plain.starting(start, end)
        for c in here:
            if c.subject != main and any(o.subject == main and o.metric == c.metric for o in here):
                out.append(c.subject)
    return list(dict.fromkeys(out))
