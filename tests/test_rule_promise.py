"""The linter's promise: an error or a warning says a figure is wrong, and shows the band.

A wrong "this figure is wrong" costs a journalist more than a miss, so a rule that reports at
warning or error severity either states the figure's band (``Finding.stated``) and the band
it recomputed or compared with (``Finding.recomputed``), or it reports a broken record or a
broken run, which the reader can check for themselves. Findings about provenance or coverage
that say nothing against a figure are ``info``.
"""

from __future__ import annotations

import pytest

from tests.builders import FIXTURE
from tests.evidence_corpora import zephyr_corpus
from verifier.engine import audit
from verifier.ingest.corpus import load_corpus
from verifier.models.finding import Severity
from verifier.rules.registry import all_rules

RULES = all_rules()

FIGURE_FAMILIES = ("V1", "V2")
"""Arithmetic and contradictions: the families whose findings say a figure is wrong."""

BROKEN_RECORD_OR_RUN = {
    "V301": "the quote is not at the record's offsets",
    "V302": "the quote is nowhere in the article",
    "V303": "the record's context no longer matches the article",
    "V304": "the record's printed value is not in its quote",
    "V401": "the record names an origin id that does not exist",
    "V402": "front matter or the registry cites an id that does not exist",
    "V602": "the extractor failed on an article, which went unaudited",
    "V704": "an article has no text, so it went unaudited",
    "V705": "an article file could not be read, so it went unaudited",
}
"""Rules that may warn or err without a band, and why: each reports something broken that the
reader can see at once, never that a figure is wrong (``validate`` exits 2 on the errors)."""


@pytest.mark.parametrize("code", sorted(RULES))
def test_an_error_or_warning_is_about_a_figure_or_a_broken_record(code: str) -> None:
    r = RULES[code]
    if r.severity is not Severity.info:
        assert r.family in FIGURE_FAMILIES or code in BROKEN_RECORD_OR_RUN, f"{code} {r.name} is {r.severity.value} but states no band"


@pytest.mark.parametrize("corpus", [lambda: load_corpus([FIXTURE]), zephyr_corpus], ids=["fixture", "zephyr"])
def test_every_figure_finding_states_its_band(corpus) -> None:
    found = [f for f in audit(corpus()).findings if f.rule.startswith(FIGURE_FAMILIES)]
    assert found  # the corpora do contradict themselves
    for f in found:
        assert f.stated is not None and f.stated.low is not None, f
        assert f.recomputed is not None or f.operands, f
