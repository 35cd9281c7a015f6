"""Link a figure to its subject and, for comparisons, its target.

Order of evidence for the subject (first that gives one wins):

1. distributive wording: 'A 和 B 分别为 x 和 y', 'A and B ... respectively', a table row
   'A vs B' with cells 'x vs y';
2. the first subject named in the clause before the figure (products before companies;
   a name followed by 的 right before the figure is the *target*: '是GB200的1.9倍');
3. the first subject named earlier in the sentence;
4. the subject the same printed figure was given earlier in the article (restatements);
5. the subject of the previous claim in the paragraph, then the last name in the paragraph;
6. the article's main subject (its most mentioned product).

'前者/后者' (the former/the latter) refer to the two subjects named last.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from verifier.extract.lexicon import SUBJECT_KINDS, Mention
from verifier.extract.spans import SpanIndex
from verifier.models.claim import ALTERNATIVES
from verifier.words import subset_pattern

PRODUCT_KINDS: Final = frozenset({"product", "discovered", "quoted"})
"""Kinds preferred as subjects over companies and generic subjects."""

TARGET_BEFORE: Final = re.compile(
    r"^\s*(?:系统|芯片|产品|平台|GPU)?\s*(?:的|之)\s*(?:[^，,。；;\d]{0,6})$"  # 'GB200 的 1.9 倍', 'GB300 的 约'
)
"""Text between a target's name and the figure: 'X 的 1.9 倍', 'X的约'."""

THAN_AFTER: Final = re.compile(
    r"[^，,。；;]{0,40}?(?:than|vs\.?|versus|compared (?:with|to)|over|from)\s+(?:the\s+)?"  # '… than the', 'compared with', 'up 12% from the'
    r"|\s+the\s+(?=\S+['’]s\s)"                                                           # '2.5 times the HX-10's 10 MW'
    r"|\s*(?:as\s+(?:much|many|large|high|big|long|fast)\s+(?:[a-z-]+\s+){0,3}?as"      # 'as much energy as'
    r"|(?:that|those)\s+of)\s+(?:the\s+)?",                                              # 'that of the'
    re.IGNORECASE,
)
"""English comparisons name the target after the figure: '1.9x ... than Orca 9', '1.6 times as
much energy as the H9', '1.5 times that of the Q7'. Matched at the figure's end (no '^': with a
start position, '^' would only match at the start of the text)."""

FIGURE_NEXT: Final = re.compile(r"\s*(?:about\s+|around\s+|约)?[$€£¥]?\s*\d")
"""A figure right after 'than'/'from': the comparison's base is a value, not a named target."""

ADJACENT_AFTER: Final = re.compile(r"\s*(?:as\s+(?:much|many|large|high|big|long|fast)\b|(?:that|those)\s+of\b)", re.IGNORECASE)
"""Forms whose target must be the name right after them ('as much … as X', 'that of X')."""

RIVAL_WORDS: Final = ("对手", "竞品", "rival", "competitor")
"""Words that stand for the article's comparison set ('是对比系统的1.5至1.9倍')."""

COMPARE_CUES: Final = ("对比", "对标", "相比", "比较", " vs", "vs ", "versus", "compared", "against", "对照", "逐一对比")
"""Sentences with these words name the systems the article compares against."""

FORMER: Final = ("前者", "the former")
LATTER: Final = ("后者", "the latter")

DISTRIBUTIVE: Final = re.compile(r"分别|各自|依次|respectively", re.IGNORECASE)


@dataclass
class ArticleSubjects:
    """Per-article memory used to resolve subjects."""

    main: str | None = None
    compare_set: list[str] = field(default_factory=list)
    rival_words: tuple[str, ...] = ()
    """Words for the comparison set: :data:`RIVAL_WORDS` and those of the lexicon's 'rivals' entries."""
    by_figure: dict[tuple[str, str | None], set[str]] = field(default_factory=dict)
    recent: list[str] = field(default_factory=list)

    def remember(self, printed: str, unit: str | None, subject: str, explicit: bool) -> None:
        """Record a claim's subject (for restatements and 前者/后者)."""
        if explicit:
            self.by_figure.setdefault((printed, unit), set()).add(subject)
        if not self.recent or self.recent[-1] != subject:
            self.recent.append(subject)

    def restated(self, printed: str, unit: str | None) -> str | None:
        """The one subject this printed figure was given before, if any."""
        subjects = self.by_figure.get((printed, unit), set())
        return next(iter(subjects)) if len(subjects) == 1 else None

    def pair(self) -> tuple[str | None, str | None]:
        """(former, latter): the two distinct subjects named last."""
        distinct: list[str] = []
        for s in reversed(self.recent):
            if s not in distinct:
                distinct.append(s)
            if len(distinct) == 2:
                break
        return (distinct[1] if len(distinct) > 1 else None, distinct[0] if distinct else None)


def subject_mentions(mentions: list[Mention]) -> list[Mention]:
    """Mentions that can be subjects of figures."""
    return [m for m in mentions if m.kind in SUBJECT_KINDS]


def article_subjects(body: str, mentions: list[Mention], sentences: list[tuple[int, int]],
                     rival_words: tuple[str, ...] = ()) -> ArticleSubjects:
    """Main subject and comparison set of an article (see the module docstring); ``rival_words``
    are a corpus's own words for the comparison set, beside :data:`RIVAL_WORDS`."""
    subs = [m for m in subject_mentions(mentions) if m.kind in PRODUCT_KINDS or m.kind == "product"]
    counts = Counter(m.name for m in subs)
    main = counts.most_common(1)[0][0] if counts else None
    compare: list[str] = []
    by_start = SpanIndex(subs)
    for s, e in sentences:
        text = body[s:e].lower()
        if not any(c in text for c in COMPARE_CUES):
            continue
        for m in by_start.starting(s, e):
            codelike = m.kind == "product" or any(ch.isdigit() for ch in m.name)
            if m.name != main and m.name not in compare and codelike:
                compare.append(m.name)
    return ArticleSubjects(main=main, compare_set=compare, rival_words=RIVAL_WORDS + tuple(rival_words))


SHIPMENTS: Final = "shipments"
"""Owner role of a count of goods ('12,000 chargers', '1.2万台充电桩'): a company may own it, and
it is proposed only when its owner is named in its sentence (see ``claims._owner_role``)."""

COMPANY_METRICS: Final = frozenset({"deal_value", "revenue", "price", "cost", "cost_saving", "power_capacity", "cost_share", SHIPMENTS})
"""Metrics whose subject may be a company; other figures belong to products."""


OUTPUT_METRICS: Final = frozenset({"mass", "energy", "emissions"})
"""Metrics of what a company produces or emits (tonnes mined, energy generated): a company named
in the clause owns them when no product is named there."""

NORM_METRICS: Final = frozenset({"duration", "count"})
"""Metrics a generic subject may own when it is named in the clause ('业内常见周期是18到36个月':
an industry norm set against the product's own figure; 'AI芯片市场将分化为两个赛道': a count
of the market's segments)."""


def best(cands: list[Mention], metric: str = "", nearest: bool = True) -> Mention | None:
    """The product-like mention nearest the figure (or the first, the sentence's topic, when
    ``nearest`` is False), else the first name for money and capacity figures, else a generic
    name for norms, else the first company for output figures (:data:`OUTPUT_METRICS`), else None."""
    products = [m for m in cands if m.kind in PRODUCT_KINDS]
    if products:
        return products[-1] if nearest else products[0]
    if metric in COMPANY_METRICS or not metric:
        return cands[0] if cands else None
    if metric in NORM_METRICS:
        norms = [m for m in cands if m.kind == "generic"]
        return norms[-1] if norms else None
    companies = [m for m in cands if m.kind == "company"] if metric in OUTPUT_METRICS else []
    return companies[0] if companies else None  # '西岭锂业2025年产量为4.8万吨': a company's own output


UNRESOLVED: Final = "?"
"""Target returned when the text names the other side of a comparison with words that are no
known subject ('比人类专家编写的代码快1.5倍'): the figure is not proposed."""

THAN_BEFORE: Final = re.compile(
    r"(?:(?<![同环])比|较|相比|比起)\s*((?:[^，,。；;]|(?<=\d),(?=\d)){1,24}?)\s*"                       # '比GB200/GB300', '比人类顶尖专家编写的代码'
    r"(?:的)?(?:" + subset_pattern("than_after_zh", "zh") + r")了?\s*(?:约|近|接近|达)?\s*$"  # '低', '快'
)
"""Chinese 'A 比 X 低 N 倍': the target X stands between 比 and the comparative."""


OWN_FIGURE: Final = re.compile(r"\s*的\s*(?:约|近)?\s*[$¥€£]?\s*\d[\d,.]*\s*[万亿千百]?\s*(?:[A-Za-z/%]{1,8}|[\u4e00-\u9fff]{1,4})?\s*")
"""'比 H2 的 $60,000 降了 20%', '比董家口厂的4.2千瓦时低40%': the target's own figure (with its unit)
between its name and the comparative."""


ITS_BEFORE: Final = re.compile(r"(?:是|为|达|相当于|约为)其\s*(?:约|近|接近)?\s*$")
"""'…是其1.25倍': the target is 其, the subject named before the clause (the clause's own name is the subject)."""

EARLIER_YEAR: Final = re.compile(r"(?:19|20)\d{2}\s*年|上年|去年|上一年|前一年|同期")
"""A 比/较 phrase that names a year, not a rival: '较2024年的1240万千瓦', '比去年同期'."""


def find_target(body: str, clause_start: int, q_start: int, q_end: int, sent_end: int,
                subjects: SpanIndex[Mention], memo: ArticleSubjects) -> tuple[str | None, Mention | None]:
    """The comparison target of a figure at [q_start, q_end): (target name(s) joined by '|', its mention).

    Looks for 'X 的 N', '比 X 低 N', then 'than X' after the figure, then 后者, then rival
    words. Returns :data:`UNRESOLVED` when '比 …' or 'than …' names something that is no subject.
    ``subjects`` holds the article's :func:`subject_mentions`.
    """
    before = subjects.within(clause_start, q_start)
    if ITS_BEFORE.search(body, clause_start, q_start):  # '星桩S600的最大功率是其1.25倍': 其 is the one named before
        own = {m.name for m in before}
        prior = [s for s in reversed(memo.recent) if s not in own]
        return (prior[0], None) if prior else (None, None)
    than = THAN_BEFORE.search(body, clause_start, q_start)
    if than:
        inside = [m for m in before if than.start(1) <= m.start and m.end <= than.end(1)]
        if inside and (not body[inside[-1].end:than.end(1)].strip(" /、和与及") or OWN_FIGURE.fullmatch(body, inside[-1].end, than.end(1))):
            group = _joined(body, inside)
            return join_names(g.name for g in group), group[0]
        if not inside and EARLIER_YEAR.search(than.group(1)):
            return None, None  # '较2024年的1240万千瓦增长49%': the subject itself a year before (see .changes)
        if not any(w in than.group(1).lower() for w in memo.rival_words or RIVAL_WORDS):
            return UNRESOLVED, None
    for i in range(len(before) - 1, -1, -1):
        m = before[i]
        if TARGET_BEFORE.match(body[m.end:q_start]):
            group = _joined(body, before[:i + 1])
            return join_names(g.name for g in group), group[0]
    after = THAN_AFTER.match(body, q_end, sent_end)
    if after and FIGURE_NEXT.match(body, after.end(), sent_end) and not subjects.starting(after.end(), after.end() + 1):
        return None, None  # 'up 30% from €148 million in 2024': the base is a figure (a change over time), no name
    if after:
        group = subjects.starting(after.end(), sent_end)
        if group and group[0].start == after.end():
            joined = _joined(body, [g for g in group if g.start < group[0].end + 30], forward=True)
            return join_names(g.name for g in joined), None
        if ADJACENT_AFTER.match(body, q_end, sent_end) or not group:
            return UNRESOLVED, None  # 'as much as the company's older model': no name right after
        # a name further on ('1.7x lower latency · TDP 700W vs 1400W'): not this figure's target
    near = body[clause_start:q_start]
    if any(w in near for w in LATTER):
        return memo.pair()[1], None
    words = memo.rival_words or RIVAL_WORDS
    if any(w in near.lower() for w in words) or any(w in body[q_end:sent_end].lower()[:40] for w in words):
        return join_names(memo.compare_set), None
    return None, None


def join_names(names) -> str | None:
    """Alternatives as one target in a canonical (sorted) order: ['GB300', 'GB200'] -> 'GB200|GB300'."""
    return ALTERNATIVES.join(sorted(dict.fromkeys(names))) or None


def _joined(body: str, group: list[Mention], forward: bool = False) -> list[Mention]:
    """Mentions linked by '/', '、', '和', 'and' with the last (or first) one: 'GB200/GB300'."""
    if not group:
        return group
    if forward:
        out = [group[0]]
        for m in group[1:]:
            if re.fullmatch(r"\s*(?:/|、|和|与|及|,|and|or)\s*", body[out[-1].end:m.start]):
                out.append(m)
            else:
                break
        return out
    out = [group[-1]]
    for m in reversed(group[:-1]):
        if re.fullmatch(r"\s*(?:/|、|和|与|及|,|and|or)\s*", body[m.end:out[0].start]):
            out.insert(0, m)
        else:
            break
    return out


def distributive(body: str, sent: tuple[int, int], subjects: SpanIndex[Mention], figures: list) -> dict[int, Mention]:
    """Pair subjects (``subjects``: the article's :func:`subject_mentions`) and figures in order
    when the sentence says 分别/respectively.

    Returns:
        {figure start offset: subject mention} for the paired figures (empty when the counts differ).
    """
    m = DISTRIBUTIVE.search(body, sent[0], sent[1])
    if not m:
        return {}
    named = subjects.starting(sent[0], m.start())
    figs = [q for q in figures if q.start > (m.end() if body[m.start()] in "分各依" else sent[0]) and q.unit != "x"]
    if len(named) < 2 or len(figs) != len(named[-len(figs):]) or len(figs) < 2:
        return {}
    return {q.start: s for q, s in zip(figs, named[-len(figs):])}


def vs_pair(body: str, spans: list[tuple[int, int]], subjects: SpanIndex[Mention]) -> tuple[Mention, Mention] | None:
    """Two subjects (of the article's :func:`subject_mentions`) joined by vs/对/versus within one
    of ``spans`` (table cells): ('Jalapeño', 'GB200')."""
    for s, e in spans:
        named = subjects.within(s, e)
        if len(named) == 2 and re.fullmatch(r"\s*(?:vs\.?|versus|对|VS|v\.)\s*", body[named[0].end:named[1].start]):
            return named[0], named[1]
    return None


def in_clause(body: str, start: int, end: int, subjects: SpanIndex[Mention], exclude: set[str], metric: str = "",
              nearest: bool = True) -> Mention | None:
    """The subject named in ``body[start:end]`` (see :func:`best`), skipping target names.
    ``subjects`` holds the article's :func:`subject_mentions`."""
    cands = [m for m in subjects.within(start, end) if m.name not in exclude]
    return best(cands, metric, nearest)
