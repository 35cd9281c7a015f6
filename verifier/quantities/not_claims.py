"""Quantities that are no claim, and why: the reasons the coverage report gives for a figure left out.

    why_not_a_claim(q, after) -> "a year" | "a date or a time of day" | ... | None

A quantity found in a text is a figure a claim could state unless it only places something in
time (a date, a bare year, a time counted back: '两天前', 'three years ago', a decade of the
calendar: '八十年代', 'the 80s', a day of the month: '较24日', a clock time: '晚上9点半'), numbers
an item of a list ('2、' or '5.' opening a line), is part of a name (陆 of '陆家浜路'), names or sizes
something (a sequence length, a model size), is the lone word 'one' ('one of them', '一次'),
is the base of a rate ('in one second', '一秒') or the condition of a statement ('超过1秒就会…').
Extraction makes no claim of these (:mod:`verifier.extract.open_claims`), and the audit's
coverage lists them with the reason (:func:`verifier.engine.audit`), so silence is explained.
The word tables here are their one home.
"""

from __future__ import annotations

import re
from typing import Final

from .rates import TIME_UNITS  # units of a length of time: the quantity layer's one table

NOT_CLAIM_KINDS: Final = {"date": "a date or a time of day", "time": "a date or a time of day",
                          "sequence": "a sequence length", "model_size": "the size in a model's name"}
"""Quantity kinds that date or name something rather than measure it, with the reason given."""

RATE_BASE: Final = re.compile(r"^(?:一|1\s?)秒(?:钟)?$|^(?:one|a|1) second$", re.IGNORECASE)
"""'一秒处理 320 个请求', 'in one second': the base of a rate, not a figure."""

THRESHOLD_AFTER: Final = ("就会", "便会", "则会", "就将", "would ", "will ")
"""A figure followed by these is the condition of a statement ('延迟超过1秒就会影响体验'), not a claim."""

AGO: Final = re.compile(r"\s*(?:前|以前|之前|后|以后|之后|ago\b|later\b|earlier\b|before\b|after\b|hence\b)", re.IGNORECASE)
"""Words after a length of time that make it a point in time: '两天前', 'three years ago'."""


ORDINAL: Final = re.compile(r"(?:third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twelfth)\b", re.IGNORECASE)
"""A fraction the quantity layer reads from an ordinal word ('third month' as a third of a month)."""

COUNTED_BEFORE: Final = re.compile(r"(?:\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten)|\d)[\s-]*$", re.IGNORECASE)
"""A count or article before a fraction word: 'a third', 'two fifths', '1 third' are fractions."""

YEARS: Final = (1900, 2100)
"""A bare whole number in this range, with no unit or approximation word, is read as a year."""


MONTH_AFTER: Final = re.compile(r"\s*(?:[-—–~至到]\s*\d{1,2}\s*)?(?:个)?\s*(?:月|季度)")
"""After the numbers of a period of the year: '1-11月', '1—11月份' (the 1), '前11个月', '前三季度'."""


DECADE_AFTER: Final = re.compile(r"代")
"""After a number of years, 代 makes it a decade of the calendar: '上世纪40年代', '八十年代', '21世纪20年代'."""

DECADE_EN: Final = re.compile(r"^'?\d0s$")
"""'the 80s', "the '80s" (read as seconds): a decade of the calendar when 'the' or an apostrophe precedes it."""

DAY_SPAN_BEFORE: Final = re.compile(r"(?:连续|为期|历时|长达|达|共|用时|每|过去|最近|前|满|超过|不到|仅|只|需|要|了|第)\s*$")
DAY_SPAN_AFTER: Final = re.compile(r"\s*(?:内|以内|之内|来|以来|间|之间|左右|多|余|中|的时间|时间|时长|期|天|前|后|以后|之后|以前|之前)")
"""Words around 'N日' that make it a length of days ('近7日', '连续5日', '7日内'); without them a
bare 'N日' (1 to 31) names a day of the month: '较24日分别减少250例', '24日起'."""

CLOCK_AFTER: Final = re.compile(r"点(?:半|钟|整|多|许|左右|过|前后|\s*\d{1,2}\s*分|[零〇一二三四五六七八九十]{1,3}分)")
DAY_PART_BEFORE: Final = re.compile(r"(?:早上|早晨|清晨|上午|中午|下午|傍晚|晚上|晚间|夜里|夜间|半夜|凌晨|当晚|当天|今晚|昨晚|每天|每晚|每日)\s*$")
"""'9点半', '9点钟', '9点20分', '晚上9点': a clock time, not nine of anything."""

LIST_MARK_AFTER: Final = re.compile(r"\s*(?:、|[.．](?=\s|[^\x00-\x7f])|[)）])")
LINE_START: Final = re.compile(r"(?:^|\n)[ \t\u3000#>*\-]*[(（]?$")
SENTENCE_END: Final = re.compile(r"[。；;：:!！?？]\s*$")
"""'2、', '5. ', '(3)' opening a line (or '2、' after the end of a sentence): the number of an item
of a list, not a count."""

CAPITAL_DIGITS: Final = frozenset("壹贰貳叁參肆伍陆陸柒捌玖拾")
"""Capital numerals stand for numbers in amounts of money ('陆万元'); one alone is part of a name
('陆家浜路', '伍家岭')."""


def not_a_quantity(q, after: str, before: str) -> str | None:
    """Why number ``q`` names a point of the calendar or clock, an item of a list or part of a
    name rather than an amount (None when it is none of these): the one home of these shapes,
    read by :func:`why_not_a_claim`."""
    v = q.value
    whole = isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer()
    if q.unit == "year" and DECADE_AFTER.match(after):
        return "a decade of the calendar"
    if q.unit == "s" and DECADE_EN.match(q.surface.strip()) and (q.surface.startswith("'") or re.search(r"\bthe\s+$", before, re.IGNORECASE)):
        return "a decade of the calendar"
    if q.unit == "day" and q.surface.rstrip().endswith("日") and whole and 1 <= v <= 31 and q.approx is None \
            and not DAY_SPAN_BEFORE.search(before) and not DAY_SPAN_AFTER.match(after):
        return "a day of the month"
    if q.unit is None and whole and 0 <= v <= 24 and after.startswith("点") \
            and (CLOCK_AFTER.match(after) or DAY_PART_BEFORE.search(before)):
        return "a clock time"
    if q.unit is None and whole and q.kind == "number" and LIST_MARK_AFTER.match(after) \
            and not re.match(r"\s*[.．、]\s*\d", after) \
            and (LINE_START.search(before) or (after.lstrip().startswith("、") and SENTENCE_END.search(before))):
        return "the number of an item of a list"
    if q.unit is None and len(q.surface.strip()) == 1 and q.surface.strip() in CAPITAL_DIGITS:
        return "part of a name"
    return None


def why_not_a_claim(q, after: str = "", before: str = "") -> str | None:
    """The reason quantity ``q`` (a :class:`~verifier.quantities.Quantity`) is no claim, given
    the text right ``after`` and ``before`` it; None when it may be one (see the module
    docstring). A period of the year ('1-11月', '前11个月') is told by
    :mod:`verifier.extract.periods` in extraction; here by its shape."""
    counted = "个月" in q.surface or after.lstrip().startswith("个")  # '6-12个月' counts months; '1-11月' names them
    first = before.rstrip().endswith("前") and (q.surface.endswith(("个月", "季度")) or MONTH_AFTER.match(after))  # '前11个月'
    named = not counted and MONTH_AFTER.match(after) and (q.kind == "range" or re.match(r"\s*[-—–~至到]", after))
    if (first or named) \
            and all(isinstance(x, (int, float)) and 1 <= x <= 12 for x in (q.value if isinstance(q.value, tuple) else (q.value,))):
        return "a period of the year"
    if q.kind in NOT_CLAIM_KINDS or q.iso is not None:
        return NOT_CLAIM_KINDS.get(q.kind, "a date or a time of day")
    if q.out_of_range or q.value is None:
        return "beyond the range checked (V604)"
    if (shape := not_a_quantity(q, after, before)) is not None:
        return shape
    v = q.value
    if q.unit is None and isinstance(v, (int, float)) and float(v).is_integer() and YEARS[0] <= v <= YEARS[1] and q.approx is None \
            and "," not in q.surface:  # a year is never printed with a thousands separator ('2,000 beds')
        return "a year"
    if q.unit is None and v == 1 and not any(ch.isdigit() for ch in q.surface):
        return "the word 'one'"
    if ORDINAL.match(q.surface) and not COUNTED_BEFORE.search(before) \
            and not (q.unit is None and re.match(r"\s*of\b", after, re.IGNORECASE)):  # 'third of the vote' stays a share
        return "an ordinal"  # 'the third month in a row', 'the fifth year': no fraction of anything
    if q.surface.endswith("周") and after.startswith("岁"):
        return "an age group"  # '60周岁及以上': 周岁 is full years of age, no weeks
    if q.unit in TIME_UNITS and AGO.match(after):
        return "a time counted back"
    if RATE_BASE.match(q.surface.strip()):
        return "the base of a rate"
    if after.lstrip().lower().startswith(THRESHOLD_AFTER):
        return "a threshold"
    return None
