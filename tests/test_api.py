"""The library API named in verifier/__init__.py works end to end on the fixture corpus."""

from __future__ import annotations

import verifier
from tests.builders import FIXTURE


def test_public_api_pipeline() -> None:
    corpus = verifier.load_corpus([FIXTURE])
    assert verifier.extract_missing(corpus) == []  # every fixture article has records
    report = verifier.audit(corpus)
    assert [f.rule for f in report.findings] == ["V101", "V201"]
    assert verifier.render(report, "markdown").startswith("<!-- written by verifier: a report, not an article -->\n# verifier audit report")
    assert [q.value for q in verifier.extract_quantities("约 8.54万")] == [85400]
    assert set(verifier.__all__) >= {"audit", "load_corpus", "render", "extract_claims"}
