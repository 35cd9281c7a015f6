"""Items of one list are different things' figures (issue 37, cause 'list-items').

The mechanisms under test, each on made-up sentences run through extraction and the rules, in
English and Chinese where the construction exists: a case that stays quiet (the false alarm
gone), one that still fires (a real error of the same shape), and one at the boundary.

1. Two figures in two items of one bulleted or numbered list are figures of different things
   (each item names its own holder or group): a same-article contradiction (V205) never pairs
   them. A figure outside the list, or in another list, is still set against them.
2. Two figures of one unit and one scale set side by side ('a $199 or $299 price', '1595 or
   1596') are alternatives, not a statement and its restatement (V104); a restatement changes
   the unit or the scale ('$1.2 billion or $120 million' still fires).
3. A bracket that restates an enumeration ('5 kilometers by 8 kilometers (3.1 miles by 4.9
   miles)') restates it item by item, in order (V104, V108); a wrong item still fires, and a
   bracket with fewer figures than the enumeration restates its last figure alone.
"""

from __future__ import annotations

import pytest

from tests.builders import art, corpus, findings
from verifier.extract import extract_claims

CODES = ("V104", "V107", "V108", "V201", "V205")


def found(body: str, fmt: str = "markdown") -> list[str]:
    """Codes of the pairing findings (errors and warnings) on one article ``body``."""
    a = art("d0", body + "\n").model_copy(update={"format": fmt})
    claims = extract_claims(a)
    return sorted(f.rule for f in findings(corpus([a], claims), *CODES) if f.severity.value in ("error", "warning"))


LIST_EN = ("Harlan Voss led the Kessel county race in 2024.\n\n"
           "* Harlan Voss won farmers in 2024 by 12 points, the exit poll found.\n\n"
           "* Among retirees, Harlan Voss won in 2024 by 40 points.")
LIST_ZH = ("2024年Kessel县选举结果如下。\n\n"
           "- 农民中，Voss在2024年领先12个百分点；\n\n"
           "- 退休人员中，Voss在2024年领先40个百分点。")

QUIET = {
    # 1: two bullets of one list, two groups
    "bullets en": (LIST_EN, "markdown"),
    "bullets en, plain text": (LIST_EN, "text"),
    "bullets zh": (LIST_ZH, "markdown"),
    # 2: two prices of one unit and scale, alternatives
    "or en": ("Carriers pay the difference on the Kessel phone's $199 or $299 retail price.", "markdown"),
    "or en, years": ("The Kessel family had a girl born in 1595 or 1596.", "markdown"),
    # 3: a bracket restating two sides, in order (5 km is 3.1 miles, 8 km is 4.97 miles)
    "by en": ("The Kessel search zone spans 5 kilometers by 8 kilometers (3.1 miles by 4.9 miles), the navy said.", "markdown"),
    "by zh": ("Kessel搜索区域为5公里乘8公里（3.1英里乘4.9英里）。", "markdown"),
}

FIRES = {
    # 1: the same two figures, the second outside the list (in running text): one group's margin given twice
    "list vs text en": ("Harlan Voss won farmers in 2024 by 12 points, the exit poll found.\n\n"
                        "Among retirees, Harlan Voss won in 2024 by 40 points.", "markdown", "V205"),
    "list vs text zh": ("Kessel县2024年粮食产量为120万吨。\n\n- Kessel县2024年粮食产量为150万吨。", "markdown", "V205"),
    # 2: a restatement that changes the scale, wrongly
    "or en, scale": ("The Harbor Bridge cost $1.2 billion or $120 million.", "markdown", "V104"),
    "即 zh, scale": ("Kessel重建工程耗资12亿元，即12万亿元。", "markdown", "V104"),
    # 3: the first side restated wrongly (5 km is not 9 miles)
    # (V104 when both sides are held by one subject, V108 as a conversion otherwise)
    "by en, wrong side": ("The Kessel search zone spans 5 kilometers by 8 kilometers (9 miles by 4.9 miles), the navy said.",
                          "markdown", "V104"),
    "by en, wrong side, no holder": ("The search zone spans 5 kilometers by 8 kilometers (9 miles by 4.9 miles), the navy said.",
                                     "markdown", "V108"),
    "by zh, wrong side": ("搜索区域为5公里乘8公里（9英里乘4.9英里）。", "markdown", "V108"),
}

BOUNDARY = {
    # 1: one item of each of two lists (a paragraph between them): two lists, not one
    "two lists en": ("* Harlan Voss won farmers in 2024 by 12 points, the exit poll found.\n\n"
                     "The poll had more.\n\n* Among retirees, Harlan Voss won in 2024 by 40 points.", ["V205"]),
    # 2: a comma 'or' of one unit and one scale is no restatement either
    "comma or en": ("Carriers pay the difference on the Kessel phone's $199, or $299, retail price.", []),
    # 3: one bracketed figure after two sides restates the last side alone (8 km is 4.97 miles, not 3.1)
    "by en, one figure": ("The Kessel search zone spans 5 kilometers by 8 kilometers (3.1 miles), the navy said.", ["V104"]),
    "by en, one figure, no holder": ("The search zone spans 5 kilometers by 8 kilometers (3.1 miles), the navy said.", ["V108"]),
    "by zh, one figure": ("Kessel搜索区域为5公里乘8公里（3.1英里）。", ["V104"]),
}


@pytest.mark.parametrize("body, fmt", QUIET.values(), ids=list(QUIET))
def test_quiet(body, fmt):
    assert found(body, fmt) == []


@pytest.mark.parametrize("body, fmt, code", FIRES.values(), ids=list(FIRES))
def test_fires(body, fmt, code):
    assert code in found(body, fmt)


@pytest.mark.parametrize("body, codes", BOUNDARY.values(), ids=list(BOUNDARY))
def test_boundary(body, codes):
    assert found(body) == codes


def test_in_order_pairs_items_of_an_enumeration():
    from verifier.apposition import in_order
    body = "5 km by 8 km (3.1 mi by 4.9 mi)"
    spans = [(0, 4), (8, 12), (14, 20), (24, 30)]
    assert [body[s:e] for s, e in spans] == ["5 km", "8 km", "3.1 mi", "4.9 mi"]
    assert in_order(body, spans, 2) == {2: 0, 3: 1}
    assert in_order(body, spans[:3], 2) is None  # the bracket closes on one figure: it restates 8 km


# 4. Two figures of one sentence are its items, however long the sentence: V205 tells the
#    sentence by its offsets, not by the text shown for it (a long one is cut around each figure).
LEAD = "Who knew the top trend for 2024 would be Kessel tabletop PCs?"
ROW = (" Kessel Vanta 27 Orin Slate AIO Mirel Tap 20 Dovan One 2330 Dovan Pro 18 Price $1,699 $1,299 $999 $1,199 $1,349"
       " Display size 27-inch, 1,920x1,080 touch screen 18.4-inch, 1,920x1,080 touch screen 20-inch, 1,600x900 touch screen"
       " 23-inch, 1,920x1,080 touch screen 18-inch, 1,920x1,080 touch screen PC memory 8GB 1,600MHz DDR3 SDRAM 8GB 1,600MHz"
       " DDR3 SDRAM 4GB 1,600MHz DDR3 SDRAM 8GB 1,600MHz DDR3 SDRAM 8GB 1,600MHz DDR3 SDRAM")
PAD = ("with the planning office, which had hired four new clerks over the winter to cope with the rush of applications "
       "from builders, farmers and families who wanted to extend their homes before the new rules on drainage, parking "
       "and roof heights came into force across the whole of the county")


def test_a_spec_table_flattened_into_one_sentence_is_quiet():
    assert len(ROW) > 300
    assert found(LEAD + ROW) == []


@pytest.mark.parametrize("body", [
    # two sentences, however long: a semicolon ends the first
    f"The county sold 1,250 building permits in 2023 {PAD}; in all, the county sold 1,520 building permits in 2023.",
    "谁能想到2024年最热门的是Kessel桌面电脑？Kessel Vanta的内存为8GB DDR3内存。Kessel Vanta的内存为4GB DDR3内存。",
], ids=["long en", "zh"])
def test_two_sentences_still_fire(body):
    assert found(body) == ["V205"]
