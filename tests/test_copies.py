"""Copy detection by character shingles, on made-up texts."""

from __future__ import annotations

import pytest

from verifier.copies import COPY_THRESHOLD, containment, copy_groups, jaccard, normalise, shingles

REPORT = ("Zephyr Labs said on Monday that its X1 accelerator is rated at 800 W and served 52,000 tokens per "
          "second per kilowatt on the Atlas 70B model, twice the work per watt of the Orca 9.")
COPY = REPORT.replace("on Monday", "this week").replace("twice", "two times") + " Shares rose 3 %."
OTHER = ("Orca Systems disputed the comparison, saying its Orca 9 was tested with an older driver and that a "
         "fair benchmark would narrow the gap considerably.")
ZH = "据泽菲尔公司介绍，Zephyr X1 的额定功耗为 800 瓦，在 Atlas 70B 模型上每千瓦每秒可处理 5.2 万个 token。"
ZH_COPY = "【转载】" + ZH + "业内人士认为这一成绩值得关注。"
ZH_OTHER = "Orca 9 的厂商表示，测试使用了旧版驱动，公平的基准测试会大幅缩小差距。"


def test_normalise_folds_case_width_and_whitespace() -> None:
    assert normalise("  Zephyr\tX1\n\n rated  ８００ W ") == "zephyr x1 rated 800 w"


def test_shingles_are_overlapping_substrings() -> None:
    assert shingles("abcdefg") == {"abcde", "bcdef", "cdefg"}
    assert shingles("ab  c") == {"ab c"}
    assert shingles("   ") == frozenset()
    assert shingles("Abc", size=2) == {"ab", "bc"}
    with pytest.raises(ValueError):
        shingles("abc", size=0)


def test_containment_and_jaccard() -> None:
    a, b = frozenset({"x", "y"}), frozenset({"x", "y", "z", "w"})
    assert containment(a, b) == 1.0
    assert jaccard(a, b) == 0.5
    assert containment(a, frozenset()) == 0.0 and jaccard(frozenset(), frozenset()) == 0.0


def test_edited_copy_is_detected_and_independent_report_is_not() -> None:
    assert containment(shingles(REPORT), shingles(COPY)) >= 0.8
    assert containment(shingles(REPORT), shingles(OTHER)) < 0.15
    assert copy_groups({"a": REPORT, "b": COPY, "c": OTHER}) == [["a", "b"]]


def test_chinese_copy_is_detected() -> None:
    assert containment(shingles(ZH), shingles(ZH_COPY)) == 1.0
    assert copy_groups({"z1": ZH, "z2": ZH_COPY, "z3": ZH_OTHER}) == [["z1", "z2"]]


def test_copying_is_transitive_and_threshold_is_inclusive() -> None:
    groups = copy_groups({"a": REPORT, "b": COPY, "c": COPY + " " + OTHER, "d": ZH})
    assert groups == [["a", "b", "c"]]
    assert copy_groups({"a": "abcdef", "b": "abcdxy"}, threshold=0.5, size=3) == [["a", "b"]]
    assert copy_groups({"a": "abcdef", "b": "abcxyz"}, threshold=0.5, size=3) == []
    assert 0 < COPY_THRESHOLD < 1
