"""The hand-labelled reference set (tests/fixtures/reference) is well formed.

A data test, not a score: every article has its label file, every label validates and
points at the figure it names (the quote occurs at least ``occurrence`` times, and that
occurrence is not the inside of a longer number), and the set spans the domains and
languages it promises. The validator of labels is the benchmark's own
(``benchmarks/reference_set.py``), so the benchmark and the test read one format.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

from verifier.ingest.articles import split_front_matter

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "tests" / "fixtures" / "reference"
DOMAINS = ("budgets", "health", "energy", "transport", "farming")

_spec = importlib.util.spec_from_file_location("reference_set", ROOT / "benchmarks" / "reference_set.py")
reference_set = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("reference_set", reference_set)  # dataclasses look their module up there
_spec.loader.exec_module(reference_set)

ARTICLES = sorted(REFERENCE.glob("*/*.md"))


def _body(path: Path) -> tuple[dict, str]:
    """(front matter, body) of one article, as the Markdown reader splits them."""
    front, body, _ = split_front_matter(path.read_text(encoding="utf-8"))
    return yaml.safe_load(front or "") or {}, body


def test_every_domain_has_two_articles_per_language():
    langs = Counter((p.parent.name, _body(p)[0].get("language")) for p in ARTICLES)
    assert {d: (langs[(d, "en")], langs[(d, "zh")]) for d in DOMAINS} == {d: (2, 2) for d in DOMAINS}


@pytest.mark.parametrize("path", ARTICLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_article_front_matter_and_label_file(path: Path):
    front, _ = _body(path)
    assert {"title", "language", "published"} <= set(front)
    assert path.with_suffix(".labels.yaml").is_file()


def test_no_label_file_without_article():
    assert [p for p in REFERENCE.glob("*/*.labels.yaml") if not p.with_name(p.name.replace(".labels.yaml", ".md")).is_file()] == []


@pytest.mark.parametrize("path", ARTICLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_labels_validate_and_point_at_their_figure(path: Path):
    items = yaml.safe_load(path.with_suffix(".labels.yaml").read_text(encoding="utf-8"))
    assert isinstance(items, list)
    assert [(n, reference_set.label_problems(it)) for n, it in enumerate(items, 1) if reference_set.label_problems(it)] == []
    body = reference_set.load_corpus([path], with_records=False).sources[path.stem].body
    labels = reference_set.read_labels(path.with_suffix(".labels.yaml"), body)  # raises when a quote occurs too few times
    embedded = [lb.quote for lb in labels
                if (lb.quote[0].isdigit() and lb.start and (body[lb.start - 1].isdigit() or body[lb.start - 1] in ".,"))
                or (lb.quote[-1].isdigit() and lb.end < len(body) and body[lb.end].isdigit())]
    assert embedded == [], "a label's occurrence falls inside a longer number"
    spans = Counter((lb.start, lb.end) for lb in labels)
    assert [s for s, n in spans.items() if n > 1] == []
    claims = sum(lb.claim for lb in labels)
    assert 8 <= claims <= 20


@pytest.mark.parametrize("item, problem", [
    ({"quote": "5%", "occurrence": 1, "measured": "x", "holder": None, "metric_class": "weight"}, "metric_class"),
    ({"quote": "5%", "occurrence": 1, "measured": "x", "metric_class": "percent"}, "missing keys"),
    ({"quote": "5%", "occurrence": 0, "measured": "x", "holder": None, "metric_class": "percent"}, "occurrence"),
    ({"quote": "5%", "occurrence": 1, "measured": "x", "holder": None, "metric_class": "percent", "unit": "%"}, "unknown keys"),
    ({"quote": "2024", "claim": True}, "claim, when given, must be false"),
    ({"quote": "2024", "claim": False, "measured": "year"}, "keys not read"),
    ({"quote": "", "claim": False}, "quote"),
])
def test_label_validator_rejects(item, problem):
    assert any(problem in p for p in reference_set.label_problems(item))


def test_label_validator_accepts_both_shapes():
    assert reference_set.label_problems({"quote": "$5", "occurrence": 2, "measured": "fare", "holder": "Carrow", "metric_class": "money"}) == []
    assert reference_set.label_problems({"quote": "2024", "claim": False}) == []


def test_occurrences_count_overlapping_and_embedded_ones():
    assert reference_set.occurrences("4.1亿元增加到1亿元", "1亿元") == [2, 8]
    assert reference_set.occurrences("aaa", "aa") == [0, 1]


def _claim(start: int, end: int, subject: str | None, measured: str | None = None):
    """A stand-in claim: the fields the benchmark reads (``measured`` only when given, as before the field lands)."""
    fields = {"anchor": SimpleNamespace(start=start, end=end, quote="?"), "subject": subject}
    return SimpleNamespace(**fields, **({"measured": measured} if measured is not None else {}))


def test_scoring_of_matches_holders_and_measured_things():
    Label = reference_set.Label
    labels = [Label("$5", 0, 2, True, "bus fare", "Carrow", "money"),
              Label("62%", 10, 13, True, "turnout", None, "percent"),
              Label("7", 20, 21, True, "lines", "Carrow", "count"),
              Label("2024", 30, 34, False)]
    claims = [_claim(0, 2, " carrow ", "the bus fare"),   # matched, same holder, measured agrees
              _claim(9, 13, "", "voter turnout"),         # matched, null holder vs empty subject
              _claim(30, 34, "Carrow"),                     # on a claim: false label
              _claim(40, 42, "Carrow"),                     # on unlabelled text
              _claim(1, 2, "Harwick", "police officers")]   # matched, wrong holder, measured disagrees
    s = reference_set.score_claims("a1", claims, labels)
    assert (s.labels, s.covered, s.claims, s.matched, s.on_not_claim, s.unlabelled) == (3, 2, 5, 3, 1, 1)
    assert (s.wrong_holder, s.with_measured, s.measured_agree) == (1, 3, 2)
    assert s.shares() == {"recall": 0.6667, "precision": 0.6, "wrong_holder_rate": 0.3333, "measured_agreement": 0.6667}
