"""Coverage you can see: per article, figures found, figures in claims, claims held, checkable and
checked, and every figure left out with the reason."""

from __future__ import annotations

from builders import art, corpus
from verifier.engine import audit
from verifier.extract import extract_claims
from verifier.report import markdown


def _report():
    a = art("cov", "On 3 March 2025 the county said 1,200 of 4,000 households (30%) had applied. "
                   "Two days ago a resident said the fee rose to $40 in 1998 terms.\n")
    return audit(corpus([a], extract_claims(a)))


def test_each_article_counts_its_figures_claims_and_checks():
    cov = _report().summary.coverage_by_source
    assert [c.source for c in cov] == ["cov"]
    c = cov[0]
    assert (c.numbers_in_text, c.numbers_recorded, c.claims_recorded, c.claims_held) == (7, 4, 4, 2)
    assert c.claims_checkable >= 3 and c.claims_checked >= 3  # the share of 1,200 in 4,000 is recomputed


def test_figures_left_out_give_their_reason():
    left = [(x.quote, x.reason) for x in _report().summary.coverage_by_source[0].left_out]
    assert left == [("3 March 2025", "a date or a time of day"), ("Two days", "a time counted back"),
                    ("1998", "a date or a time of day")]


def test_the_markdown_report_shows_coverage_per_article():
    text = markdown.render(_report())
    assert "| source | path | tier | figures | in claims | held | checkable | checked |" in text
    assert "Figures no claim covers: cov: 2 a date or a time of day, 1 a time counted back (the JSON report lists each)." in text


def test_a_recorded_article_says_its_records_leave_a_figure_out():
    a = art("rec", "The levy is $40 and the fee is $12.\n")
    from builders import claim
    rec = claim(a, "$40", "Harbor Transit", "levy", 40, "USD")
    c = audit(corpus([a], [rec])).summary.coverage_by_source[0]
    assert [(x.quote, x.reason) for x in c.left_out] == [("$12", "not recorded")]


def test_an_ordinal_is_no_fraction_and_a_count_noun_no_unknown_unit():
    a = art("ord", "Claims rose for the third month in a row, to 1.2 million referrals across the region; "
                   "a third of them were urgent.\n")
    report = audit(corpus([a], extract_claims(a)))
    left = [(x.quote, x.reason) for x in report.summary.coverage_by_source[0].left_out]
    assert left == []  # 'the third month in a row' is a streak: its count is the streak claim's figure, no fraction
    assert [(c.quote, c.value, c.streak.period, c.streak.event) for c in report.claims if c.streak] == [("third month in a row", 3.0, "month", "up")]
    assert "V305" not in {f.rule for f in report.findings}  # 'referrals across' counts referrals: a count, no unit


def test_extraction_hands_its_numbers_to_the_coverage_count(monkeypatch):
    """The numbers extraction read come back with its claims (from the worker processes too),
    reduced to what coverage counts (no quantity a claim covers is kept), and the coverage count
    uses them instead of scanning every article a second time."""
    from verifier.extract.corpus import extract_missing
    import importlib

    quantities = importlib.import_module("verifier.quantities.extract")  # the module, not the package's extract()
    from verifier.rules.context import Context
    from verifier.rules.coverage import numbers_in_text

    a = art("cov", "In 2025 the county said 1,200 of 4,000 households (30%) had applied, and 1e309 more wrote in on 3 May.\n")
    corp = corpus([a], [])
    extract_missing(corp, jobs=1)
    assert [c.anchor.quote for c in corp.claims] == ["1,200", "4,000", "30%"]
    numbers = corp.numbers["cov"]
    assert (numbers.found, numbers.counted) == (6, 3)  # 2025, 1e309 and 3 May are not counted: dates, beyond the range
    assert [(n.surface, n.reason) for n in numbers.left] == [
        ("2025", "a date or a time of day"), ("1e309", "beyond the range checked (V604)"), ("3 May", "a date or a time of day")]
    assert [(q.surface, q.out_of_range) for q in numbers.outside] == [("1e309", True)]

    def no_second_scan(text):
        raise AssertionError("scanned again")

    monkeypatch.setattr(quantities, "article_quantities", no_second_scan)
    assert numbers_in_text(Context(corp))["cov"] == numbers
