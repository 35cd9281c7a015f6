"""Rule V207 corrected-figure, and the reading of a correction's wording under it
(:func:`verifier.rules.corrected.corrections_in`).

Each case is a correcting article and an article that prints a figure, both written for this
test in domains the shipped corpus does not cover (libraries, hospitals, jobs, health insurance,
weather), in English and Chinese, extracted with an empty lexicon. A quiet case has a firing
twin that differs only in what keeps it quiet.
"""

from __future__ import annotations

import pytest

from tests.builders import art, corpus, findings
from verifier.extract import extract_claims
from verifier.extract.lexicon import Lexicon
from verifier.rules.context import Context
from verifier.rules.corrected import corrections

FIRES = {
    # name: (correcting article, article corrected, quote corrected, right figure's quote)
    "en the correct figure is": (
        "Correction: Tuesday's story gave the cost of the new library as $40 million; the correct figure is $26 million.",
        "The new library on Elm Street will cost $40 million, the council said.",
        "$40 million", "$26 million"),
    "en not … as reported": (
        "The hospital's waiting list holds 1,200 patients, not 12,000 as reported last week.",
        "A waiting list of 12,000 patients has built up at the hospital.",
        "12,000", "1,200"),
    "en incorrectly said … It is": (
        "An earlier version of this article incorrectly said the county's jobless rate was 5.2%. It is 4.9%.",
        "The county's jobless rate rose to 5.2% in March.",
        "5.2%", "4.9%"),
    "en another unit of the dimension": (
        "Our report put the storm's rainfall at 120 mm; the correct amount is 12 mm.",
        "The storm dropped 12 cm of rain on the valley.",
        "12 cm", "12 mm"),
    "zh 应为…而非": (
        "更正：本报3月5日报道中，全县新增城镇就业人数应为2.6万人，而非26万人。",
        "去年全县新增城镇就业26万人。",
        "26万", "2.6万"),
    "zh 有误，应为": (
        "经核实，该报道中的医保基金支出48.3亿元有误，应为43.8亿元。",
        "全市医保基金支出48.3亿元，同比增长6.1%。",
        "48.3亿元", "43.8亿元"),
}


def audit(correcting: str, other: str) -> list:
    arts = [art("fix", correcting + "\n"), art("story", other + "\n")]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    return findings(corpus(arts, claims), "V207")


@pytest.mark.parametrize("name", FIRES)
def test_v207_fires(name):
    correcting, other, quote, right = FIRES[name]
    (f,) = audit(correcting, other)
    assert f.rule == "V207" and f.source == "story"
    assert f"'{quote}' is the figure fix corrects: it gives '{right}'" in f.message
    assert f.recomputed is not None and f.stated is not None
    assert not (f.recomputed.low <= f.stated.low <= f.recomputed.high)  # the right figure is another value


def test_v207_right_figure_in_the_corrected_figures_unit():
    """The right figure, 12 mm, is given in the corrected figure's unit: 1.2 cm at 12 mm's precision."""
    (f,) = audit(*FIRES["en another unit of the dimension"][:2])
    assert f.recomputed.unit == "cm"
    assert (f.recomputed.low, f.recomputed.high) == pytest.approx((1.15, 1.25))


def test_v207_an_error_only_when_the_figures_align_with_confidence():
    """Where the corrected figure and the correction's wrong one measure one aligned thing, an
    error; where only value and unit match, a warning that says why it needs review."""
    got = {name: audit(*FIRES[name][:2])[0] for name in FIRES}
    assert {n for n, f in got.items() if f.severity.value == "error"} == {"en incorrectly said … It is", "zh 有误，应为"}
    assert "same measured thing 'jobless rate'" in got["en incorrectly said … It is"].message
    assert "Needs review: the value and unit match" in got["en the correct figure is"].message
    assert "(units cm and mm)" in got["en another unit of the dimension"].message


QUIET = {
    # a plain contrast, with no word that the wrong figure was printed: no correction
    "en contrast": ("Turnout in the ward was 61%, not 71%.", "Turnout in the ward reached 71%."),
    # the right figure printed elsewhere: nothing to correct
    "en right figure": FIRES["en the correct figure is"][0:1] + ("The new library on Elm Street will cost $26 million.",),
    # the same digits in another dimension
    "en other dimension": (FIRES["en the correct figure is"][0], "The drive to the new library takes 40 minutes."),
    # a percentage that measures something else: value alone ties nothing
    "en other percentage": (FIRES["en incorrectly said … It is"][0], "Voter turnout rose to 5.2% above the last election's."),
    # a count of other things
    "en other count": (FIRES["en not … as reported"][0], "The marathon drew 12,000 runners."),
    "zh 而非 without 应为": ("全县小微企业为2.6万家，而非26万家。", "全县有小微企业26万家。"),
}


@pytest.mark.parametrize("name", QUIET)
def test_v207_quiet(name):
    assert audit(*QUIET[name]) == []


def test_the_correcting_article_is_never_corrected():
    """The wrong figure printed inside the correction is the correction's own, not a figure corrected."""
    body = FIRES["en the correct figure is"][0]
    arts = [art("fix", body + "\n")]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    got = corrections(Context(corpus(arts, claims)))
    assert [(x.wrong.anchor.quote, x.right.anchor.quote) for x in got] == [("$40 million", "$26 million")]
    assert findings(corpus(arts, claims), "V207") == []


def test_a_correction_reads_the_right_figure_first_too():
    body = "The plant employs 340 people, not 3,400 as stated in Monday's edition."
    arts = [art("fix", body + "\n")]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    (x,) = corrections(Context(corpus(arts, claims)))
    assert (x.wrong.anchor.quote, x.right.anchor.quote) == ("3,400", "340")
    assert x.sentence == body


def test_a_figure_an_article_corrects_in_itself_meets_no_primary():
    """'an earlier version said 14,250 patients attended; the correct figure is 41,250': the wrong
    figure is quoted as wrong, so it is not set against the primary's 41,250 (V203)."""
    primary = art("prim", "In the quarter, 41,250 patients attended the emergency department.\n", tier="primary")
    story = art("story", "In the quarter, 41,250 patients attended the emergency department.\n\n"
                         "Correction: an earlier version of this story said 14,250 patients attended; the correct figure is 41,250.\n")
    claims = [c for a in (primary, story) for c in extract_claims(a, lexicon=Lexicon([]))]
    assert [c.anchor.quote for c in claims if c.source == "story"].count("14,250") == 1
    assert findings(corpus([primary, story], claims), "V203", "V205", "V207") == []
