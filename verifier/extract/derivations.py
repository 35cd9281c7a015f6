"""Derivations among the figures of one sentence: which stated figure is computed from which.

    derivations(body, (start, end), figures) -> [Derivation(op="percent_change", result=2,
                                                  operands=(0, 1), words=(47, 61), direction="up")]

Many errors of press copy sit inside one sentence ("rose to $1.5 billion from $1.2 billion, an
increase of 27%": the true change is 25%), and finding them needs no holder or subject: only
the structure that ties the figures together. This module finds that structure; the rules
recompute it with the printed precision. It never judges whether a figure is right.

The operations (:data:`OPS`; operands are indices into ``figures``, in the order given):

================  ==================  ===========================================================
op                operands            what the rule computes
================  ==================  ===========================================================
percent_change    (base, new)         result % = 100 (new / base - 1). A % change stated between
                                      two percentages is also this op (the rule tries the pp
                                      reading too and warns when only it fits).
pp_change         (base, new), in %   result pp = new - base ('0.6 percentage points', '0.5个百分点',
                                      a bare figure followed by 'points' / '个点').
ratio             (a, b)              result x = a / b ('是…的3倍', 'three times as many as', '2.5 times the').
times_more        (a, b)              result x; the rule accepts a / b = x or a / b = 1 + x
                                      ('three times higher than', '增长了两倍', '比B高3倍').
times_less        (a, b), a smaller   result x; no literal reading gives a valid fall: the rule
                                      reports it for review with b / a ('3 times lower than', '下降了3倍').
multiple          (base, new)         result None, ``stated`` the factor: new / base = stated
                                      ('doubled' 2, 'halved' 0.5, 翻一番 2, 翻两番 4, 翻三番 8).
share             (part, whole)       result % = 100 part / whole ('48 of 420 (11.4%)', 'N out of
                                      M, or P%', 'P% of the M …, N', 'M中有N，占P%', 'N占M的P%');
                  (fraction,)         or one figure printed N/M: result % = 100 × its value.
difference        (a, b)              result = |a - b| in the same unit ('310 more than the 3,900',
                                      '比上年的A多D', 'a gap of 7', 'rose by $300 million from A to B').
sum               (part, part, …)     result = the sum of the parts ('412, 1,930 and 608, 2,950 in
                                      all', '合计'); percentages of one whole listed as a partition
                                      ('52% for, 41% against and 9% undecided') have result None
                                      and ``stated`` 100.0.
per_every         (y, x)              result % or ‰ = y / x ('每1,000人中有7.42人，出生率7.42‰').
rate              (y, x)              result None: y for every x, a rate in itself that a rule can
                                      compare with one stated elsewhere ('7.42 births per 1,000 people').
================  ==================  ===========================================================

``direction`` is what the words say ('rose' up, '下降' down; None when they say neither), read
apart from the figures' sign so that a rule can report words that disagree with the figures.
``basis`` is the time basis of a change: 'year on year' (同比, 'from a year earlier') or
'period on period' (环比, 'from the previous month'). ``confidence`` below
:data:`WARNING_BELOW` marks a reading on which a finding is only a warning.

Never an operand: dates and years ('from 2019 to 2023'), ranges ('from 89% to 92%', a
confidence interval '0.48-0.91'), the level of an interval ('95% CI'), open bounds ('more than
20'), times of day. Levels without a word of change ('from 10% to 80% charge'), ordinal-like
lists ('3 of the 5 largest') and rates without a printed share ('1 in 5 adults') give nothing.

Cost: each figure looks at the text between it and its neighbours (at most :data:`WINDOW`
characters each side) and at two operands on each side, so the work is linear in the length
of the sentence. The cue words are in ``verifier/data/derivations.yaml``, the one home of the
words of change and comparison, read by :func:`verifier.words.load` (:func:`cues` compiles them).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, NamedTuple

from verifier.models.claim import CONFIDENT
from verifier.quantities import Quantity
from verifier.quantities.not_claims import not_a_quantity
from verifier.words import load as words

OPS: Final[dict[str, str]] = {
    "percent_change": "(base, new): result % = 100 (new / base - 1)",
    "pp_change": "(base, new), both in %: result pp = new - base",
    "ratio": "(a, b): result x = a / b",
    "times_more": "(a, b): result x, a / b = x or 1 + x",
    "times_less": "(a, b), a the smaller: result x, reported for review with b / a",
    "multiple": "(base, new): result None, stated = new / base",
    "share": "(part, whole): result % = 100 part / whole; (fraction,): 100 × its value",
    "difference": "(a, b): result = |a - b|, same unit",
    "sum": "(parts...): result = sum; result None and stated 100.0 for a partition in %",
    "per_every": "(y, x): result % or ‰ = y / x",
    "rate": "(y, x): result None, y for every x",
}
"""The operations and what the rule computes (the table of the module docstring)."""

WARNING_BELOW: Final = CONFIDENT
"""Confidence under which a finding on a derivation is only a warning: the claims' own
:data:`~verifier.models.claim.CONFIDENT`, one threshold for every decision."""

WINDOW: Final = 40
"""Characters searched on each side of a figure for its cue and markers: longer than the longest
cue with its fillers ('compared with a year earlier', 'from the previous year's ')."""

# Confidences: a pair both of whose figures are marked ('from A to B'), or a share printed in
# full, is read as the grammar says; a pair with an unmarked later figure ('B, up 8% from A')
# or a rate or a gap leaves the subject of one figure to its place; a list of percentages
# without a word that names the rest may be shares of different wholes.
_SURE, _LIKELY, _GUESS = 0.9, 0.85, 0.7


@dataclass(frozen=True)
class Derivation:
    """A figure of a sentence that is derived from other figures of the same sentence.

    Attributes:
        op: one of :data:`OPS`.
        result: index in ``figures`` of the stated derived figure; None when stated in words only.
        operands: indices in ``figures``, in the order :data:`OPS` documents for ``op``.
        words: offsets in the body of the cue ('an increase of', '同比增长', '翻了两番', 'doubled').
        stated: the value the words state when ``result`` is None (翻一番 2.0, 'halved' 0.5).
        direction: 'up' or 'down' as the words say; None when they say neither.
        confidence: how sure the reading of the construction is (0..1).
        basis: 'year on year' or 'period on period' for a change with such words, else None.
    """

    op: str
    result: int | None
    operands: tuple[int, ...]
    words: tuple[int, int]
    stated: float | None = None
    direction: str | None = None
    confidence: float = 0.9
    basis: str | None = None


class Cues(NamedTuple):
    """Compiled cue patterns (see ``verifier/data/derivations.yaml`` for the words)."""

    change_before: tuple[tuple[re.Pattern, str], ...]   # (pattern, direction), anchored at the end
    change_after: tuple[tuple[re.Pattern, str], ...]    # anchored at the start
    or_before: re.Pattern                               # ', or 25%', '（25%' after a change
    points_after: re.Pattern
    base: re.Pattern
    new: re.Pattern
    multiples: re.Pattern
    factors: dict[str, float]
    ratio_after: re.Pattern
    ratio_copula: re.Pattern
    gap_before: re.Pattern
    verbs_up: re.Pattern
    verbs_down: re.Pattern
    year_on_year: re.Pattern
    period_on_period: re.Pattern
    interval_after: re.Pattern
    year_before: re.Pattern
    earlier_period: re.Pattern
    share: dict[str, re.Pattern]
    total_before: re.Pattern
    total_after: re.Pattern
    parts_after: re.Pattern
    remainder: re.Pattern
    whole_words: re.Pattern                             # a total or parts word anywhere: '累计', '其中', 'including'
    per_every: dict[str, re.Pattern]
    illustrate: re.Pattern                              # 'In other words, …', 'meaning', ':' after a change
    partitive: re.Pattern                               # '. Of those, ' '。其中，小学' before a part, at the end


def _en(words: list[str]) -> str:
    """Alternation of English words as whole words, longest first, a space matching any run."""
    alts = sorted(words, key=len, reverse=True)
    return r"(?<![A-Za-z])(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in alts) + r")(?![A-Za-z])"


def _zh(words: list[str]) -> str:
    """Alternation of Chinese words, longest first; a one-character verb is not part of 最高/较低."""
    alts = sorted(words, key=len, reverse=True)
    return "(?:" + "|".join(("(?<![最较更])" if len(w) == 1 else "") + re.escape(w) for w in alts) + ")"


_QUALIFIER: Final = (r"(?:\s+(?:by|of))?(?:\s+(?:about|around|nearly|almost|some|roughly|an\s+estimated|just|only|a\s+further|another"
                     r"|an\s+average\s+of|on\s+average|a\s+total\s+of))?\s*$")
"""What may stand between a verb or noun of change and its figure: 'rose by about 12%'."""


def change_verbs_en() -> list[str]:
    """English verbs and nouns of change, and multiples in words ('rose', 'an increase', 'doubled'):
    the words after which 'from A to B' or 'P% to B' is a change over time, not a range (read by
    :mod:`verifier.extract.context`). The adverbs 'up' and 'down' are left out: alone they do
    not make a following span a change ('up to 20%')."""
    d = words()
    out = [w for key in ("up", "down", "up_nouns", "down_nouns") for w in d[key]["en"]]
    return [w for w in out if w not in ("up", "down")] + list(d["multiples"]["en"]) + list(d["change_phrases"]["en"])


@lru_cache(maxsize=1)
def cues(path: str | None = None) -> Cues:
    """Compile the cue words of ``path`` (default: the shipped ``derivations.yaml``), once.

    Raises:
        OSError, InputError: the file cannot be read or parsed.
        KeyError: a section the module needs is missing.
    """
    d = words(path)
    i = re.IGNORECASE

    def both(key: str, zh_fill: str = "") -> str:
        return _en(d[key]["en"]) + "|" + _zh(d[key]["zh"]) + zh_fill

    change_before = []
    for direction, verbs, nouns in (("up", "up", "up_nouns"), ("down", "down", "down_nouns")):
        # the verb, or a verb, its object and 'by' ('cut combined range by 41 percent', 'raised fares by 5%')
        en = (r"(?P<w>(?:\ban?\s+)?" + _en(d[nouns]["en"]) + r"(?:\s+of)?|" + _en(d[verbs]["en"])
              + r"(?:(?:\s+(?!by\b)[A-Za-z][\w'’-]*){1,3}\s+by(?=\s))?)" + _QUALIFIER)
        zh = (r"(?P<w>(?:同比|环比)?(?:" + _zh(d[verbs]["zh"]) + r"(?:了)?|" + _zh(d[nouns]["zh"])
              + r"(?:为|达到?|是)?))(?:约|近|超过|逾|大约|将近)?\s*$")
        change_before += [(re.compile(en, i), direction), (re.compile(zh), direction)]
    points = _en(d["points"]["en"]) + "|" + _zh(d["points"]["zh"])
    change_after = []
    for direction, nouns, comp in (("up", "up_nouns", "more"), ("down", "down_nouns", "less")):
        change_after.append((re.compile(r"^\s*(?:-?\s*(?:percentage[- ])?points?\s+|-\s*)?(?P<w>" + _en(d[nouns]["en"]) + ")", i), direction))
        change_after.append((re.compile(r"^\s*(?P<w>" + _en(d[comp]["en"]) + r"(?:\s+[A-Za-z]+){0,2}?\s+than)(?![A-Za-z])", i), direction))
        # 'to $2 from $6, three times lower.': the comparative ends its clause, the pair stands before it
        change_after.append((re.compile(r"^\s*(?P<w>" + _en(d[comp]["en"]) + r")(?=\s*(?:[.;]|$))", i), direction))
    multiples = {**d["multiples"]["en"], **d["multiples"]["zh"]}
    return Cues(
        change_before=tuple(change_before),
        change_after=tuple(change_after),
        or_before=re.compile(r"(?P<w>,\s*or)\s+(?:about\s+|some\s+|nearly\s+)?$|(?P<p>[（(])\s*$", i),
        points_after=re.compile(r"^\s*-?\s*(?:" + points + ")", i),
        base=re.compile(r"(?:" + _en(d["base_markers"]["en"]) + r")(?:\s+[^\s\d,;:.]+){0,3}\s+$|"
                        r"(?:" + _zh(d["base_markers"]["zh"]).replace("比", "(?<![占对])比(?![例重率值])") + r")[^，,。；;\d]{0,10}$", i),
        new=re.compile(r"(?<!compared )(?<!up )(?:" + _en(d["new_markers"]["en"]) + r")(?:\s+[^\s\d,;:.]+){0,2}\s+$|"
                       r"(?:" + _zh(d["new_markers"]["zh"]) + r")(?:了)?[^，,。；;\d]{0,8}$", i),
        multiples=re.compile(_en(list(d["multiples"]["en"])) + "|" + _zh(list(d["multiples"]["zh"])), i),
        factors={k.lower(): float(v) for k, v in multiples.items()},
        ratio_after=re.compile(r"^\s*(?P<w>" + _en(d["ratio"]["en"]) + r")\s+(?:[^\s\d,;]+\s+){0,2}?$", i),
        ratio_copula=re.compile(r"(?P<w>" + _zh(d["ratio"]["zh"]) + r")[^，,。；;\d]{0,8}$"),
        gap_before=re.compile(r"(?P<w>" + both("gap") + r")(?:为|达|是|了)?\s*$", i),
        verbs_up=re.compile(both("up"), i),
        verbs_down=re.compile(both("down"), i),
        year_on_year=re.compile(both("year_on_year"), i),
        period_on_period=re.compile(both("period_on_period"), i),
        interval_after=re.compile(r"^\s*(?:" + both("interval") + ")", i),
        year_before=re.compile(_en(d["year_before"]["en"]) + r"\s*$", i),
        earlier_period=re.compile(both("earlier_period"), i),
        share={
            "en": re.compile(r"^\s+(?P<w>" + _en(d["share"]["en"]) + r")\s+(?:the\s+|all\s+|every\s+)?$", i),
            "among": re.compile(r"(?P<w>" + _zh(d["share"]["zh_among"]) + r")(?:[，,]\s*(?:其中)?(?:就有|有)|[，,][^\d，,。；;]{1,6})?\s*$"),
            "part": re.compile(r"(?P<w>" + _zh(d["share"]["zh_part"]) + r")(?:了)?(?:约|近)?\s*$"),
            "part_of": re.compile(r"^[^。；;\d]{0,4}(?P<w>" + _zh(d["share"]["zh_part"]) + r")[^，,。；;\d]{0,12}$"),
        },
        total_before=re.compile(r"(?P<w>" + _en(d["total_before"]["en"]) + r")\s*$|(?P<z>" + _zh(d["total_before"]["zh"]) + r")[^\d，,。；;]{0,6}$", i),
        total_after=re.compile(r"^\s*(?:[A-Za-z]+\s+){0,2}?(?P<w>" + _en(d["total_after"]["en"]) + r")", i),
        parts_after=re.compile(r"(?P<w>" + both("parts_after") + ")", i),
        remainder=re.compile(both("remainder"), i),
        whole_words=re.compile(both("total_before") + "|" + both("parts_after"), i),
        per_every={
            "after": re.compile(r"^\s*(?:[A-Za-z]+\s+){0,3}?(?P<w>" + _en(d["per_every"]["en"]) + r")\s+$", i),
            "before": re.compile(r"(?P<w>" + _en(d["per_every"]["en"]) + r"|" + _zh(d["per_every"]["zh"]) + r")\s*$", i),
        },
        illustrate=re.compile(r"^[^\d;；。]{0,30}?[:：]|" + _en(d["restate_openers"]["en"] + d["illustrate_links"]["en"]) + "|"
                              + _zh(d["restate_openers"]["zh"] + d["illustrate_links"]["zh"]), i),
        partitive=re.compile(r"[.!?。！？]\s*(?P<w>(?<![A-Za-z])" + _en(d["partitive_openers"]["en"]) + r"),\s*$|"
                             r"[。！？]\s*(?P<z>" + _zh(d["partitive_openers"]["zh"]) + r")[，,]?[^\d，,。；;]{0,8}$", i),
    )


# ---------------------------------------------------------------------------------------------
# The sentence as the finders see it

_COUNTABLE: Final = frozenset({"number", "money", "dimension", "duration", "rate", "percent", "multiplier"})
"""Kinds of quantity that can be an operand (dates, ranges, sequences, times never are)."""

_CLAUSE_BREAK: Final = re.compile(r"(?<![A-Za-z])(?:and|but|while|whereas|although|though)(?![A-Za-z])|[而但且并；;]", re.IGNORECASE)
"""A conjunction between two figures: the later one may belong to another clause's subject."""

_LIST_JOIN: Final = re.compile(r"[,，、]|(?<![A-Za-z])and(?![A-Za-z])|[和及与]", re.IGNORECASE)
_LAST_JOIN: Final = re.compile(r"(?<![A-Za-z])(?:and|or)(?![A-Za-z])|[和及与或、]", re.IGNORECASE)


class _Sent:
    """One sentence: its masked text, which figures are operands, and the text around each.

    ``text`` is the sentence with every figure that is never an operand (a date, a year, a range)
    replaced by '#', so a marker pattern may step over a date ('由2020年的120万吨') without
    reading its digits; offsets are those of the sentence.
    """

    def __init__(self, body: str, sent: tuple[int, int], figures: list[Quantity], c: Cues):
        self.lo, self.hi = sent
        self.body = body
        self.figs = figures
        self.c = c
        chars = list(body[self.lo:self.hi])
        self.operand: list[bool] = []
        for q in figures:
            ok = _is_operand(q, body, self.lo, c)
            self.operand.append(ok)
            if not ok and q.kind != "fraction":
                for k in range(max(q.start, self.lo) - self.lo, min(q.end, self.hi) - self.lo):
                    chars[k] = "#"
        self.text = "".join(chars)
        self.ops = [i for i, ok in enumerate(self.operand) if ok]

    def s(self, i: int) -> int:
        return self.figs[i].start - self.lo

    def e(self, i: int) -> int:
        return self.figs[i].end - self.lo

    def left(self, i: int, stop: int | None = None) -> str:
        """Masked text before figure ``i``, back to the previous operand (at most :data:`WINDOW`)."""
        lo = max(0, self.s(i) - WINDOW, self.e(stop) if stop is not None else 0)
        return self.text[lo:self.s(i)]

    def between(self, i: int, j: int) -> str:
        """Masked text between figures ``i`` and ``j`` (``i`` first), cut to :data:`WINDOW` each side."""
        a, b = self.e(i), self.s(j)
        return self.text[a:b] if b - a <= 2 * WINDOW else self.text[a:a + WINDOW] + "\0" + self.text[b - WINDOW:b]

    def right(self, i: int, stop: int | None = None) -> str:
        """Masked text after figure ``i``, up to the next operand (at most :data:`WINDOW`)."""
        hi = min(len(self.text), self.e(i) + WINDOW, self.s(stop) if stop is not None else len(self.text))
        return self.text[self.e(i):hi]

    def span(self, m: re.Match, base: int, group: str = "w") -> tuple[int, int]:
        """Body offsets of group ``group`` of a match on masked text that started at ``base``."""
        return (self.lo + base + m.start(group), self.lo + base + m.end(group))


def _is_operand(q: Quantity, body: str, lo: int, c: Cues) -> bool:
    """Whether ``q`` can be an operand (see the module docstring: never a date, a year, a range...)."""
    v = q.value
    if q.out_of_range or q.kind not in _COUNTABLE or not isinstance(v, (int, float)) or isinstance(v, bool):
        return False
    if not_a_quantity(q, body[q.end:q.end + 12], body[max(0, q.start - 12):q.start]) is not None:
        return False  # '较24日分别减少250例', '上世纪40年代': a point of the calendar, a list number, a name
    if _ARTICLE.match(q.surface):
        return False  # 'a day', 'an hour': a unit of a rate ('36,000 passengers a day'), not a figure
    if q.unit in ("%", "‰") and c.interval_after.match(body, q.end, q.end + WINDOW):
        return False  # '95% CI': the level of an interval
    if q.unit is None and q.kind == "number" and q.surface.isdigit() and len(q.surface) == 4 and 1800 <= v <= 2100:
        after = body[q.end:q.end + 2]
        if after.startswith("年") or c.year_before.search(body, max(lo, q.start - 12), q.start):
            return False  # 'from 2019 to 2023', '2023年'
    return True


_ARTICLE: Final = re.compile(r"(?:a|an)\s", re.IGNORECASE)


def _compatible(a: Quantity, b: Quantity) -> bool:
    """Two figures of the same kind of thing: the same unit, or a bare count beside a unit that
    is no ratio ('from 700 to 550 W')."""
    if a.unit == b.unit:
        return True
    relative = ("%", "pp", "‰", "x")
    return (a.unit is None and b.unit not in relative and a.kind == "number") or \
           (b.unit is None and a.unit not in relative and b.kind == "number")


class _Cue(NamedTuple):
    """A word that makes a figure the size of a change or a ratio: its kind, direction, span."""

    kind: str            # 'change' ('rose', 'an increase of', '8% higher than'), 'or' (', or 25%'), 'ratio'
    direction: str | None
    words: tuple[int, int]


_COMPARED: Final = re.compile(r"[比较][^，。；;]*$")
"""A one-character verb of change ('多', '高', '降') is one only after 比 / 较 in its clause
('比上年多646万人'): alone it starts too many words ('高412所' is a grade, not a rise)."""


def _prev(S: _Sent, i: int) -> int | None:
    """The operand before figure ``i`` in the sentence, or None."""
    k = bisect_left(S.ops, i)
    return S.ops[k - 1] if k else None


def _cue(S: _Sent, i: int, prev: int | None, nxt: int | None) -> _Cue | None:
    """The cue that makes figure ``i`` a change or a multiple, if any (see :class:`_Cue`)."""
    c, q = S.c, S.figs[i]
    left, right = S.left(i, prev), S.right(i, nxt)
    base_l, base_r = S.s(i) - len(left), S.e(i)
    for pat, direction in c.change_before:
        m = pat.search(left)
        if m and (len(m.group("w")) > 1 or _COMPARED.search(S.text, max(0, base_l + m.start() - WINDOW), base_l + m.start())):
            return _Cue("change", direction, S.span(m, base_l))
    for pat, direction in c.change_after:
        m = pat.match(right)
        if m:
            return _Cue("change", direction, S.span(m, base_r))
    if q.unit == "x":
        m = c.ratio_after.match(right)
        if m:
            return _Cue("ratio", None, S.span(m, base_r))
    m = c.or_before.search(left)
    if m and q.unit in ("%", "pp"):
        return _Cue("or", None, S.span(m, base_l, "w" if m.group("w") else "p"))
    if q.unit == "pp":
        return _Cue("or", None, (q.start, q.end))  # a change in points is a change whatever precedes it
    return None


def _role(S: _Sent, j: int, prev: int | None) -> str | None:
    """'base' for the figure a change starts from ('from A', '比上年的A'), 'new' for the one it
    reaches ('to B', '增至B'), else None."""
    left = S.left(j, prev)
    if S.c.base.search(left):
        return "base"
    if S.c.new.search(left):
        return "new"
    return None


class _Pair(NamedTuple):
    base: int
    new: int
    confidence: float
    lo: int   # sentence offsets spanned by the pair and the cue
    hi: int


def _pair(S: _Sent, lo: int, hi: int, pairable: list[int], prev_of: dict[int, int | None]) -> _Pair | None:
    """The two figures (base, new) of a change whose size or cue spans ``lo:hi`` (sentence offsets).

    The pair is the two figures before the cue, the two after it, or one on each side; both are
    marked ('from A to B', 'to B from A', '由A增至B'), or the earlier is unmarked and the later
    is the base ('B, up 8% from A', 'B，比上年的A增长1.5%'). The nearest pair wins.
    """
    k = bisect_right(pairable, lo, key=S.e)
    before = pairable[max(0, k - 2):k]
    k = bisect_left(pairable, hi, key=S.s)
    after = pairable[k:k + 2]
    options = []
    if len(before) == 2:
        options.append((before[0], before[1], lo - S.e(before[1]), S.text[S.e(before[1]):lo]))
    if len(after) == 2:
        options.append((after[0], after[1], S.s(after[0]) - hi, S.text[hi:S.s(after[0])]))
    if before and after:
        near = min(lo - S.e(before[-1]), S.s(after[0]) - hi)
        options.append((before[-1], after[0], near, S.text[S.e(before[-1]):lo] + " " + S.text[hi:S.s(after[0])]))
    best = None
    for x, y, dist, outside in options:
        fx, fy = S.figs[x], S.figs[y]
        if dist > 2 * WINDOW or not _compatible(fx, fy) or _CLAUSE_BREAK.search(outside):
            continue
        rx, ry = _role(S, x, prev_of[x]), _role(S, y, prev_of[y])
        if (rx, ry) == ("base", "new"):
            got = _Pair(x, y, _SURE, 0, 0)
        elif (rx, ry) == ("new", "base"):
            got = _Pair(y, x, _SURE, 0, 0)
        elif (rx, ry) == (None, "base") and S.s(x) < lo and not _CLAUSE_BREAK.search(S.between(x, y)):
            got = _Pair(y, x, _LIKELY, 0, 0)
        elif (rx, ry) == (None, None) and (order := _by_period(S, x, y)):
            got = _Pair(*order, _LIKELY, 0, 0)  # '2024年为9万辆，2023年为8万辆，同比增长12.5%'
        elif (rx, ry) == (None, "new") and S.s(x) < lo and _period(S, x) == _EARLIER:
            got = _Pair(x, y, _LIKELY, 0, 0)    # '上年为8万辆，今年增至9万辆': the base named by its period
        else:
            continue
        if best is None or dist < best[0]:
            best = (dist, got._replace(lo=min(S.s(x), lo), hi=max(S.e(y), hi)))
    return best[1] if best else None


_EARLIER: Final = -1.0
"""The period key of a figure named as of the earlier period ('上年同期', 'a year earlier'): before any year."""

_YEAR_AFTER: Final = re.compile(r"^\s*(?:in|for|during|of)\s+(?:fiscal\s+|FY\s*)?((?:19|20)\d\d)(?!\d)", re.IGNORECASE)
"""A year printed right after a figure: '90,000 in 2024'."""
_YEAR: Final = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
_BREAK: Final = re.compile(r"[，,;；:：]")


def _period(S: _Sent, i: int) -> float | None:
    """The period figure ``i`` is given for, as a sortable key: its year ('2023年为8万辆', '90,000 in
    2024'), :data:`_EARLIER` for words of the earlier period ('上年同期为400亿', '80,000 a year
    earlier'), or None. Read in the raw text from the previous operand or clause break to the figure,
    and in the few words after it."""
    q = S.figs[i]
    prev = _prev(S, i)
    lo = max(S.lo, S.figs[prev].end if prev is not None else S.lo)
    left = S.body[lo:q.start]
    cut = max((m.end() for m in _BREAK.finditer(left)), default=0)
    left = left[cut:]
    right = S.body[q.end:min(S.hi, q.end + 24)]
    right = right[:m.start()] if (m := _BREAK.search(right)) else right
    if m := _YEAR_AFTER.match(right):
        return float(m.group(1))
    if S.c.earlier_period.search(left) or S.c.earlier_period.match(right.lstrip()):
        return _EARLIER
    years = _YEAR.findall(left)
    return float(years[-1]) if years else None


def _by_period(S: _Sent, x: int, y: int) -> tuple[int, int] | None:
    """(base, new) of two unmarked figures set by the periods they are given for, the earlier the
    base; None unless both have one and they differ."""
    px, py = _period(S, x), _period(S, y)
    if px is None or py is None or px == py:
        if px == _EARLIER and py is None:
            return x, y
        if py == _EARLIER and px is None:
            return y, x
        return None
    return (x, y) if px < py else (y, x)


def _direction(S: _Sent, lo: int, hi: int) -> str | None:
    """The direction the verbs of ``S.text[lo:hi]`` say, when they say one only."""
    text = S.text[max(0, lo - WINDOW // 2):hi]
    up, down = bool(S.c.verbs_up.search(text)), bool(S.c.verbs_down.search(text))
    return "up" if up and not down else "down" if down and not up else None


def _basis(S: _Sent, lo: int, hi: int, at: int) -> str | None:
    """'year on year' / 'period on period' when such words stand near ``lo:hi`` (the nearest to ``at``)."""
    a, b = max(0, lo - WINDOW), min(len(S.text), hi + WINDOW)
    found = []
    for pat, name in ((S.c.year_on_year, "year on year"), (S.c.period_on_period, "period on period")):
        found += [(abs(m.start() - at), name) for m in pat.finditer(S.text, a, b)]
    return min(found)[1] if found else None


def _change_op(S: _Sent, ci: int, p: _Pair, direction: str | None) -> tuple[str, tuple[int, ...]] | None:
    """The op and operands of the change of size ``figures[ci]`` between the figures of ``p``."""
    q, b, n = S.figs[ci], S.figs[p.base], S.figs[p.new]
    points = q.unit is None and S.c.points_after.match(S.right(ci))
    if q.unit == "pp" or points:
        return ("pp_change", (p.base, p.new)) if b.unit == n.unit == "%" else None
    if q.unit == "%":
        return ("percent_change", (p.base, p.new)) if b.unit not in ("x", "pp") else None
    if q.unit == "x":
        if direction is None:
            return None
        return ("times_more" if direction == "up" else "times_less", (p.new, p.base))
    if _compatible(q, b) and _compatible(q, n) and b.unit not in ("%", "pp", "x", "‰"):
        return "difference", (p.base, p.new)
    return None


def _changes(S: _Sent, cued: dict[int, _Cue], pairable: list[int], prev_of: dict) -> list[Derivation]:
    """Changes and comparisons sized by a figure: percent_change, pp_change, difference, times."""
    out = []
    for ci, cue in cued.items():
        if cue.kind == "ratio":
            continue
        p = _pair(S, S.s(ci), S.e(ci), pairable, prev_of)
        if p is None:
            continue
        direction = cue.direction or _direction(S, p.lo, S.s(ci))
        if cue.kind == "or" and direction is None:
            continue  # 'from A to B, or 25%' with no verb of change: two levels, not a change
        got = _change_op(S, ci, p, direction)
        if got:
            out.append(Derivation(got[0], ci, got[1], cue.words, None, direction, p.confidence,
                                  _basis(S, p.lo, p.hi, S.s(ci))))
    return out


def _illustrations(S: _Sent, cued: dict[int, _Cue], pairable: list[int], prev_of: dict) -> list[Derivation]:
    """'…range falls by 41 percent. In other words, a car with 100 miles of range might manage only
    49 miles', 'fares rise 25%, meaning a $4.00 ticket will cost $5.00': a percentage change with no
    pair of its own, then a word that restates or illustrates it (:attr:`Cues.illustrate`), then
    the next two figures, levels in one unit with no clause break between them, read as an example
    of the change from the first to the second (percent_change). The reading rests on the link
    word, not on the grammar of the example, so it is a guess: a finding on it is a warning."""
    out = []
    for ci, cue in cued.items():
        if cue.kind != "change" or S.figs[ci].unit != "%" or _pair(S, S.s(ci), S.e(ci), pairable, prev_of) is not None:
            continue
        k = bisect_left(S.ops, ci) + 1
        after = S.ops[k:k + 2]
        if len(after) != 2 or not all(i in pairable for i in after):
            continue
        a, b = after
        fa, fb = S.figs[a], S.figs[b]
        gap = S.text[S.e(a):S.s(b)]
        if (not S.c.illustrate.search(S.text[S.e(ci):S.s(a)]) or not _compatible(fa, fb) or fa.unit in ("%", "pp", "x", "‰")
                or len(gap) > 2 * WINDOW or _BREAK_STRONG.search(gap)):
            continue
        direction = cue.direction or _direction(S, S.s(ci), S.e(ci))
        out.append(Derivation("percent_change", ci, (a, b), cue.words, None, direction, _GUESS))
    return out


_BREAK_STRONG: Final = re.compile(r"[;；。]|\.\s")
"""A sentence or clause end between the two levels of an example: they are no one example."""


def _multiples(S: _Sent, pairable: list[int], prev_of: dict) -> list[Derivation]:
    """'doubled to 3,000 from 1,500', '从60万辆增长到120万辆，翻了两番': a multiple in words."""
    out = []
    for m in S.c.multiples.finditer(S.text):
        p = _pair(S, m.start(), m.end(), pairable, prev_of)
        if p is None:
            continue
        factor = S.c.factors[m.group().lower()]
        out.append(Derivation("multiple", None, (p.base, p.new), (S.lo + m.start(), S.lo + m.end()), factor,
                              "up" if factor > 1 else "down", p.confidence, _basis(S, p.lo, p.hi, m.start())))
    return out


def _ratios(S: _Sent, cued: dict[int, _Cue], pairable: list[int]) -> list[Derivation]:
    """'2.5 times the 60,000' (a before, b after) and '是去年40万的3倍' (b before, after 是)."""
    out = []
    for ci in S.ops:
        q = S.figs[ci]
        if q.unit != "x":
            continue
        k = bisect_left(pairable, ci)
        before = pairable[max(0, k - 2):k]
        cue = cued.get(ci)
        if cue and cue.kind == "ratio":
            after = pairable[k:k + 1]
            if before and after and after[0] == _next_op(S, ci) and _compatible(S.figs[before[-1]], S.figs[after[0]]) \
                    and not _CLAUSE_BREAK.search(S.between(before[-1], ci)):
                out.append(Derivation("ratio", ci, (before[-1], after[0]), cue.words, confidence=_SURE))
            continue
        if ci in cued or len(before) < 2 or before[-1] != _prev(S, ci):
            continue
        a, b = before[-2], before[-1]
        m = S.c.ratio_copula.search(S.left(b, a))
        if m and re.fullmatch(r"[^，,。；;\d]{0,4}的\s*", S.between(b, ci)) and _compatible(S.figs[a], S.figs[b]) \
                and not _CLAUSE_BREAK.search(S.between(a, b)):
            out.append(Derivation("ratio", ci, (a, b), S.span(m, S.s(b) - len(S.left(b, a))), confidence=_SURE))
    return out


def _next_op(S: _Sent, i: int) -> int | None:
    """The operand after figure ``i`` in the sentence, or None."""
    k = bisect_right(S.ops, i)
    return S.ops[k] if k < len(S.ops) else None


def _gaps(S: _Sent, pairable: list[int]) -> list[Derivation]:
    """'102 to 95, a gap of 7', '相差7分': the size of the gap between the two figures before it."""
    out = []
    for k, d in enumerate(pairable):
        if k < 2:
            continue
        left = S.left(d, pairable[k - 1])
        m = S.c.gap_before.search(left)
        a, b = pairable[k - 2], pairable[k - 1]
        qa, qb, qd = S.figs[a], S.figs[b], S.figs[d]
        if m and _compatible(qa, qb) and _compatible(qa, qd) and _compatible(qb, qd) \
                and not _CLAUSE_BREAK.search(S.between(a, b)):
            out.append(Derivation("difference", d, (a, b), S.span(m, S.s(d) - len(left)), confidence=_LIKELY))
    return out


_PAREN_OR: Final = re.compile(r"^[^\d;:]{0,30}?(?:\(|（|,\s*or(?:\s+about)?|\s[—–]|,\s*about)\s*$", re.IGNORECASE)
"""What joins a count to the percentage printed beside it: '420 patients (', '420, or '."""
_COMMA_TO_PART: Final = re.compile(r"^[^\d;]{0,40}?,\s*$")
_PART_TO_PCT: Final = re.compile(r"^\s*[(（]\s*$|^[^\d;]{0,25}?,\s*or\s+$", re.IGNORECASE)
_OF_WHOLE_EN: Final = re.compile(r"(?<![A-Za-z])(?P<w>[Oo]f|[Aa]mong)\s+(?:the\s+|all\s+)?$")
_PCT_OF: Final = re.compile(r"^\s*[)）]\s+(?P<w>of|out\s+of)\s+(?:the\s+|all\s+)?$", re.IGNORECASE)
_P_OF: Final = re.compile(r"^\s+(?P<w>of)\s+(?:the\s+|all\s+)?$", re.IGNORECASE)
_ZH_TO_PCT: Final = re.compile(r"^[^\d；;。]{0,6}?[（(]\s*$")
_ZH_OF: Final = re.compile(r"^[^，,。；;\d]{0,6}的\s*$")


def _count(q: Quantity) -> bool:
    """A figure that can be a part or a whole: no percentage, multiple or change in points."""
    return q.unit not in ("%", "pp", "‰", "x")


def _shares(S: _Sent, bases: frozenset[int] = frozenset()) -> list[Derivation]:
    """Shares: 'N of M (P%)', 'Of the M, N (P%)', 'N (P%) of the M', 'P% of the M, or N',
    'M中有N，占P%', 'M…中，X N，占比P%', 'N，占M的P%', 'M, of whom N (P%)', 'M，其中N，占P%', 'N/M (P%)' printed as
    one fraction, and a whole in the sentence before (:func:`_partitive_shares`; ``bases``: the
    figures that are the earlier level of a change, which are no such whole)."""
    out, ops, c = [], S.ops, S.c
    for t in range(len(ops) - 2):
        i, j, k = ops[t], ops[t + 1], ops[t + 2]
        qi, qj, qk = S.figs[i], S.figs[j], S.figs[k]
        gij, gjk = S.between(i, j), S.between(j, k)
        found = None  # (part, whole, result, match, offset of the matched text)
        if qk.unit == "%" and _count(qi) and _count(qj) and _compatible(qi, qj):
            m = c.share["en"].match(gij)
            if m and _PAREN_OR.match(gjk):
                found = (i, j, k, m, S.e(i))                                     # N of M (P%)
            elif (m := _OF_WHOLE_EN.search(S.left(i, _prev(S, i)))) and _COMMA_TO_PART.match(gij) and _PART_TO_PCT.match(gjk):
                found = (j, i, k, m, S.s(i) - len(S.left(i, _prev(S, i))))        # Of the M, N (P%)
            elif (m := c.share["among"].search(gij)) and len(gij) <= 14 \
                    and (c.share["part"].search(gjk) or _ZH_TO_PCT.match(gjk)):
                found = (j, i, k, m, S.e(i))                                     # M中有N，占P%
            elif (m := c.share["part_of"].match(gij)) and _ZH_OF.match(gjk):
                found = (i, j, k, m, S.e(i))                                     # N，占M的P%
            elif (m := c.parts_after.search(gij)) and len(gij) <= 30 and not re.search(r"[。；;]", gij) \
                    and (c.share["part"].search(gjk) or _ZH_TO_PCT.match(gjk) or _PART_TO_PCT.match(gjk)):
                found = (j, i, k, m, S.e(i))                                     # M, of whom N (P%); M，其中N，占P%
        elif qj.unit == "%" and _count(qi) and _count(qk) and _compatible(qi, qk):
            m = _PCT_OF.match(gjk)
            if m and re.match(r"^\s*[(（]\s*$", gij):
                found = (i, k, j, m, S.e(j))                                     # N (P%) of the M
        elif qi.unit == "%" and _count(qj) and _count(qk) and _compatible(qj, qk):
            m = _P_OF.match(gij)
            if m and _PAREN_OR.match(gjk):
                found = (k, j, i, m, S.e(i))                                     # P% of the M, or N
        if found:
            part, whole, res, m, base = found
            out.append(Derivation("share", res, (part, whole), S.span(m, base), confidence=_SURE))
    out += _partitive_shares(S, bases)
    for i, q in enumerate(S.figs):
        if q.kind == "fraction" and "/" in q.surface and S.lo <= q.start:
            nxt = _next_op(S, i)
            if nxt is not None and S.figs[nxt].unit == "%" and _PAREN_OR.match(S.text[S.e(i):S.s(nxt)]):
                slash = q.start + q.surface.index("/")
                out.append(Derivation("share", nxt, (i,), (slash, slash + 1), confidence=_SURE))
    return out


_PART_TO_PCT_CLAUSE: Final = re.compile(r"^[^\d;.。；]{0,40}?(?:,\s*or|[(（])\s*$", re.IGNORECASE)
"""What joins a part to its percentage in the same clause: '13,680 were seen within four hours, or '."""


def _partitive_shares(S: _Sent, bases: frozenset[int] = frozenset()) -> list[Derivation]:
    """Shares of a whole printed in the sentence before, named there by a partitive opener ('…
    treated 18,240 patients. Of those, 13,680 were seen within four hours, or 82%'; '全市共有学校
    320所。其中，小学180所，占56.3%'): the part right after the opener, the whole the one count
    of the sentence before, less the earlier level of a change (``bases``: '520万人次，比2022年的
    400万人次增长了45%。其中外地游客…' takes 520万; with two counts left, which one 'those' takes is
    unsure, and none is read), the percentage the first after the part in its clause. The
    sentences were read together by :func:`verifier.extract.derived_claims.restating`."""
    out, c = [], S.c
    for t, j in enumerate(S.ops):
        qj = S.figs[j]
        if not t or not _count(qj):
            continue
        tail = S.between(S.ops[t - 1], j).split("\0")[-1]
        m = c.partitive.search(tail)
        if m is None:
            continue
        wholes = [i for i in S.ops[:t] if _count(S.figs[i]) and _compatible(S.figs[i], qj) and i not in bases]
        if len(wholes) != 1:
            continue
        k = next((x for x in S.ops[t + 1:] if S.figs[x].unit == "%"), None)
        if k is None or any(S.figs[x].unit == qj.unit for x in S.ops if j < x < k):  # another part first ('four hours' is none)
            continue
        gjk = S.text[S.e(j):S.s(k)]
        if _PART_TO_PCT_CLAUSE.match(gjk) or c.share["part_of"].match(gjk) \
                or (c.share["part"].search(gjk) and not re.search(r"[。；;]", gjk)):
            group = "w" if m.group("w") else "z"
            out.append(Derivation("share", k, (j, wholes[0]), S.span(m, S.s(j) - len(tail), group), confidence=_SURE))
    return out


def _list_gap(gap: str) -> bool:
    """The text between two items of a list: short, joined by a comma, 'and' or 、, no date."""
    return len(gap) <= 25 and "#" not in gap and "\0" not in gap and bool(_LIST_JOIN.search(gap)) \
        and not re.search(r"[;；。]", gap)


def _sums(S: _Sent, cued: dict[int, _Cue]) -> list[Derivation]:
    """'412 high, 1,930 medium and 608 low, 2,950 in all', '其中…合计', '共有2,950所，其中…'."""
    out, ops, c = [], [i for i in S.ops if i not in cued], S.c
    for t, w in enumerate(ops):
        left = S.left(w, ops[t - 1] if t else None)
        m, base = c.total_before.search(left), S.s(w) - len(left)
        if not m:
            m, base = c.total_after.match(S.right(w)), S.e(w)
        if not m:
            continue
        parts = []
        if t >= 2 and re.search(r"[,，;；—–:：]", S.between(ops[t - 1], w)) and len(S.between(ops[t - 1], w)) <= 30:
            parts = _run(S, ops, t - 1, -1, w)
        if len(parts) < 2 and t + 2 < len(ops) and c.parts_after.search(S.between(w, ops[t + 1])):
            parts = _run(S, ops, t + 1, 1, w)  # '共有320所，其中…': the parts word stands between the total and its first part
        if len(parts) >= 2:
            out.append(Derivation("sum", w, tuple(sorted(parts)), S.span(m, base, "w" if m.group("w") else "z"),
                                  confidence=_LIKELY))
    return out + _partitions(S, cued)


_LIST_MAX: Final = 40
"""Most parts of one sum read: longer lists of figures are tables, and the bound keeps the cost
of a sentence of many totals linear."""


_COUNTER: Final = re.compile(r"\s*(?:(个)([\u4e00-\u9fff])|([名位人家所例起件次座辆台只头张项户套间栋艘架枚篇本份种批处条]))")
_SAME_COUNTER: Final = {"名": "人", "位": "人"}
"""The counter word printed after a Chinese count ('10个摊位', '30例', '5名'): two counts with different
counters count different things (stalls and cases), so neither is a part of the other's total."""


def _counter(S: _Sent, i: int) -> str | None:
    m = _COUNTER.match(S.right(i))
    if not m:
        return None
    word = m.group(1) + m.group(2) if m.group(1) else m.group(3)
    return _SAME_COUNTER.get(word, word)


def _same_thing(S: _Sent, i: int, whole: int) -> bool:
    """Figure ``i`` may be a part of ``whole``: the same unit and, when both print a counter word, the same one."""
    a, b = _counter(S, i), _counter(S, whole)
    return S.figs[i].unit == S.figs[whole].unit and (a is None or b is None or a == b)


def _run(S: _Sent, ops: list[int], t: int, step: int, whole: int) -> list[int]:
    """The items of a list from ``ops[t]`` on (``step`` -1 backwards, 1 forwards) that share the
    unit of ``whole``; two items need 'and', 和 or 、 between them."""
    parts = [ops[t]] if _compatible(S.figs[ops[t]], S.figs[whole]) and _same_thing(S, ops[t], whole) else []
    while parts and 0 <= t + step < len(ops) and len(parts) < _LIST_MAX:
        a, b = sorted((ops[t], ops[t + step]))
        if ops[t + step] == whole or not _same_thing(S, ops[t + step], whole) or not _list_gap(S.between(a, b)) \
                or S.c.whole_words.search(S.between(a, b)):
            break  # '确诊病例1830例，其中重症病例270例，累计死亡病例45例': a part of one, a total of its own, no sibling
        parts.append(ops[t + step])
        t += step
    if len(parts) == 2 and not _LAST_JOIN.search(S.between(*sorted(parts))):
        return []
    return parts


_ITEM_OPEN: Final = re.compile(r"[，,、;；:：\d%]|\b(?:and|or)\b|[和及与或]", re.IGNORECASE)
_QUALIFIED: Final = re.compile(r"[\u4e00-\u9fff]|\b[A-Z][\w’']*\s+$")
"""A word that names the rest ('其余', 'the rest', 'other') names the rest of the whole only when it
opens its item: after a name ('湖北其他地区', "Hubei's other areas") it is the rest of a part; 'and 7%
were undecided' still names the rest."""


def _partitions(S: _Sent, cued: dict[int, _Cue]) -> list[Derivation]:
    """'52% for, 41% against and 9% undecided': percentages listed as the parts of one whole."""
    out, pcts = [], [i for i in S.ops if S.figs[i].unit == "%" and i not in cued]
    t = 0
    while t < len(pcts):
        run = [pcts[t]]
        while t + 1 < len(pcts) and _next_op(S, pcts[t]) == pcts[t + 1] and _list_gap(S.between(pcts[t], pcts[t + 1])) \
                and not re.match(r"\s+of\b", S.between(pcts[t], pcts[t + 1])):
            t += 1
            run.append(pcts[t])
        t += 1
        if len(run) < 2 or re.match(r"\s+of\b", S.right(run[-1])):
            continue
        last = _LAST_JOIN.search(S.between(run[-2], run[-1])) or S.c.remainder.search(S.between(run[-2], run[-1]))
        if not last:  # '41% against and 9% undecided', '41%反对，其余7%未表态'
            continue
        tail = S.text[S.s(run[0]):min(len(S.text), S.e(run[-1]) + 20)]
        rest = S.c.remainder.search(tail)
        if rest and _QUALIFIED.search(_ITEM_OPEN.split(tail[:rest.start()])[-1]):
            rest = None  # '武汉占64.0%，湖北其他地区占23.3%': the rest of a part (Hubei), not of the whole
        if len(run) < 3 and not rest:
            continue
        base = S.e(run[-2]) if not rest else S.s(run[0])
        words = S.span(rest, base, 0) if rest else S.span(last, base, 0)
        out.append(Derivation("sum", None, tuple(run), words, 100.0, confidence=_LIKELY if rest else _GUESS))
    return out


_RATE_BESIDE: Final = re.compile(r"^[^\d;；。]{0,20}?(?:[(（]|,\s*or|,\s*a\s+rate\s+of|即|为|达|，)\s*$", re.IGNORECASE)
_EVERY_THEN: Final = re.compile(r"^[^\d;]{0,30}?(?:,\s*(?:there\s+(?:are|were|is|was)\s+)?|\s(?:there\s+)?(?:are|were|is|was|has|had|have)\s+)$",
                                re.IGNORECASE)
"""Between 'for every X' and its Y: 'for every 1,000 residents, 2.4 …', '… residents there are 2.4 …'."""
_ZH_EVERY_HAS: Final = re.compile(r"^[^\d，,。；;]{0,4}(?:中就有|中有|就有|有|拥有)[^\d，,。；;]{0,6}$")


def _rates(S: _Sent) -> list[Derivation]:
    """'7.42 births per 1,000 people' (rate), '每1,000人中有7.42人，出生率7.42‰' (per_every)."""
    out, ops, c = [], S.ops, S.c
    for t in range(len(ops) - 1):
        i, j = ops[t], ops[t + 1]
        qi, qj = S.figs[i], S.figs[j]
        if qi.unit is not None or qj.unit is not None:
            continue
        gap = S.between(i, j)
        m, y, x, base = c.per_every["after"].match(gap), i, j, S.e(i)      # Y per X
        if not m:
            left = S.left(i, _prev(S, i))
            m, y, x, base = c.per_every["before"].search(left), j, i, S.s(i) - len(left)
            if not m or not (_EVERY_THEN.match(gap) if m.group("w") != "每" else _ZH_EVERY_HAS.match(gap)):
                continue                                                    # for every X, Y / 每X人中有Y人
        later = max(x, y)
        r = _next_op(S, later)
        if r is not None and S.figs[r].unit in ("%", "‰") and _RATE_BESIDE.match(S.between(later, r)):
            out.append(Derivation("per_every", r, (y, x), S.span(m, base), confidence=_LIKELY))
        else:
            out.append(Derivation("rate", None, (y, x), S.span(m, base), confidence=_LIKELY))
    return out


def derivations(body: str, sent: tuple[int, int], figures: list[Quantity]) -> list[Derivation]:
    """Derivations among ``figures`` (the quantities of the sentence ``body[sent[0]:sent[1]]``, in
    offset order), sorted by the offset of their words.

    Args:
        body: the article body the offsets refer to.
        sent: (start, end) of the sentence in ``body``.
        figures: the sentence's quantities (from :func:`verifier.quantities.extract` or the
            claim layer's figures), in offset order; indices in the result refer to this list.

    Returns:
        One :class:`Derivation` per construction found; an empty list when the figures are
        not tied by any (see the module docstring for what never is one).
    """
    if len(figures) < 2:
        return []
    S = _Sent(body, sent, figures, cues())
    prev_of = {i: (S.ops[t - 1] if t else None) for t, i in enumerate(S.ops)}
    next_of = {i: (S.ops[t + 1] if t + 1 < len(S.ops) else None) for t, i in enumerate(S.ops)}
    cued = {i: cue for i in S.ops if (cue := _cue(S, i, prev_of[i], next_of[i]))}
    pairable = [i for i in S.ops if i not in cued]
    changes = _changes(S, cued, pairable, prev_of)
    bases = frozenset(d.operands[1 if d.op in ("times_more", "times_less") else 0] for d in changes if len(d.operands) == 2)
    found = (changes + _illustrations(S, cued, pairable, prev_of)
             + _multiples(S, pairable, prev_of) + _ratios(S, cued, pairable)
             + _gaps(S, pairable) + _shares(S, bases) + _sums(S, cued) + _rates(S))
    seen, out = set(), []
    for d in sorted(found, key=lambda d: (d.words, d.op, d.operands)):
        key = (d.op, d.result, d.operands)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out
