"""Regression tests for the bugs the fuzz tests found (tests/test_fuzz.py,
benchmarks/fuzz_quantities.py), one per bug, each at the mechanism that was fixed."""

from __future__ import annotations

import pytest

from tests.builders import art
from verifier.extract import extract_claims
from verifier.extract.segment import segment
from verifier.quantities import extract
from verifier.quantities.numerals import parse_chinese


def test_a_chinese_numeral_with_a_digit_run_beyond_the_double_range_is_out_of_range():
    # _CnState.finish and .place tested int(pending) == pending: OverflowError on an infinity
    assert parse_chinese("9" * 400)[0] == float("inf")
    assert parse_chinese("9" * 400 + "万")[0] == float("inf")
    [q] = extract("百分之" + "９" * 400)
    assert q.out_of_range and q.unit == "%" and q.value is None


@pytest.mark.parametrize("body", ["\r0", "Zephyr X1 draws 700 W\rOrca 9 draws 1.2 kW\r", "a\r\rb 5 kW\n\rc 6 kW"])
def test_a_lone_carriage_return_ends_a_line_as_markdown_it_counts_it(body):
    # line starts were counted at \n only, while markdown-it's line maps also count a lone \r
    units = segment(body)
    for u in units:
        assert 0 <= u.start <= u.end <= len(body)
        assert "\r" not in body[u.start:u.end] and "\n" not in body[u.start:u.end]
    extract_claims(art("cr", body))


def test_lines_ended_by_lone_carriage_returns_are_units_of_their_own():
    body = "Zephyr X1 draws 700 W.\rOrca 9 draws 1.2 kW."
    assert [body[u.start:u.end] for u in segment(body)] == ["Zephyr X1 draws 700 W.", "Orca 9 draws 1.2 kW."]
