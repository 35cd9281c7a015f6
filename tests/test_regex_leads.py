"""Patterns that open with a lookahead on their first character ('(?=[\\d.])'): at any other
character the test fails fast, where trying each branch of the pattern costs several times more,
so a scan runs several times faster. The lookahead must never change what the pattern finds:
each one here is checked against the pattern without it, on press-like text of both languages."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings

from strategies import texts
from verifier.extract import periods, streaks
from verifier.quantities import dates as D
from verifier.quantities import patterns as P

LED = [
    (P.NUMBER_RE, r"(?=[\d.])"),
    (periods.CUMULATIVE_ZH, r"(?=[\d一二两三四五六七八九十])"),
    (periods.SINGLE_ZH, r"(?=[\d一二两三四五六七八九十当单])"),
    (periods.QUARTER_ZH, r"(?=[\d一二两三四五六七八九十第])"),
    (periods.MONTH_ZH, r"(?=[\d一二两三四五六七八九十])"),
    (streaks._markers()[0], r"(?=[cis])"),
    (D.EN_DATE_RE, r"(?=[\dabdefijlmnostuy])"),
]
"""(pattern, the lookahead it opens with)."""

EXAMPLES = ["1,400 and 7,00,000 rose 8.54万 to .77, 2e5 or 1.3x10^6; 1050 亿元, 两千万千瓦 and 1850万千瓦",
            "v1.2.3 at 3.5% — ４８ 000 people, 12 500 000 tokens, 第3季度 1-11月",
            "1-11月，今年1至11月份，一至十一月，1月至11月，前三季度，第 三 季度，11月份当月，单月，当月，2023年7月，"
            "十二月份，7月1日，11月底，7月以来，两月"]


@pytest.mark.parametrize("rx, lead", LED, ids=lambda x: getattr(x, "pattern", x)[:24])
def test_a_lead_is_the_start_of_its_pattern(rx, lead) -> None:
    assert rx.pattern.startswith(lead)


@pytest.mark.parametrize("rx, lead", LED, ids=lambda x: getattr(x, "pattern", x)[:24])
@settings(max_examples=60, deadline=None)
@given(text=texts())
def test_a_lead_changes_no_match(rx, lead, text: str) -> None:
    bare = re.compile(rx.pattern[len(lead):], rx.flags)
    for t in (text, *EXAMPLES):
        assert [(m.span(), m.groups()) for m in rx.finditer(t)] == [(m.span(), m.groups()) for m in bare.finditer(t)]
