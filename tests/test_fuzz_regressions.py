"""Regression tests for the bugs the fuzz tests found (tests/test_fuzz.py,
benchmarks/fuzz_quantities.py), one per bug, each at the mechanism that was fixed."""

from __future__ import annotations

import pytest

from verifier.quantities import extract
from verifier.quantities.numerals import parse_chinese


def test_a_chinese_numeral_with_a_digit_run_beyond_the_double_range_is_out_of_range():
    # _CnState.finish and .place tested int(pending) == pending: OverflowError on an infinity
    assert parse_chinese("9" * 400)[0] == float("inf")
    assert parse_chinese("9" * 400 + "万")[0] == float("inf")
    [q] = extract("百分之" + "９" * 400)
    assert q.out_of_range and q.unit == "%" and q.value is None
