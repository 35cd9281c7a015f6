"""benchmarks/bench_scale.py's recall: a planted pair is found when one finding's claims cover
both of its figures; findings over no planted pair are counted apart."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _recall():
    spec = importlib.util.spec_from_file_location("bench_scale", ROOT / "benchmarks" / "bench_scale.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.recall


def _fig(source: str, start: int, end: int) -> dict:
    return {"source": source, "start": start, "end": end}


def test_recall_matches_planted_pairs_by_the_spans_of_a_findings_claims(tmp_path: Path) -> None:
    claims = [{"id": "a-1", "source": "a", "start": 10, "end": 14}, {"id": "b-1", "source": "b", "start": 5, "end": 9},
              {"id": "c-1", "source": "c", "start": 0, "end": 4}, {"id": "a-2", "source": "a", "start": 40, "end": 44}]
    findings = [{"claims": ["a-1", "b-1"]},   # covers the first planted pair
                {"claims": ["a-2", "c-1"]},   # a-2 touches no planted figure: other
                {"claims": ["b-1"]}]          # one side only: other
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"claims": claims, "findings": findings}), encoding="utf-8")
    planted = [{"lang": "en", "a": _fig("a", 12, 13), "b": _fig("b", 0, 6)},    # overlaps a-1 and b-1
               {"lang": "zh", "a": _fig("c", 0, 4), "b": _fig("a", 14, 20)}]    # a 14-20 only touches a-1's end: not over it
    assert _recall()(report, planted) == {"found": {"en": [1, 1], "zh": [0, 1]}, "other": 2, "findings": 3}


def test_findings_over_articles_on_two_cities_are_counted_per_severity(tmp_path: Path) -> None:
    claims = [{"id": "a-1", "source": "a", "start": 0, "end": 4}, {"id": "b-1", "source": "b", "start": 0, "end": 4},
              {"id": "c-1", "source": "c", "start": 0, "end": 4}]
    findings = [{"claims": ["a-1", "b-1"], "severity": "error"},     # a and b: one city
                {"claims": ["a-1", "c-1"], "severity": "error"},     # two cities
                {"claims": ["b-1", "c-1"], "severity": "warning"}]   # two cities
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"claims": claims, "findings": findings}), encoding="utf-8")
    city = {"a": "Leeds", "b": "Leeds", "c": "York"}.get
    got = _recall()(report, [], city)
    assert got["across"] == {"error": 1, "warning": 1} and got["other"] == 3


def test_city_of_names_the_city_of_an_article_of_the_generator(tmp_path: Path, monkeypatch) -> None:
    spec = importlib.util.spec_from_file_location("synth_corpus", ROOT / "benchmarks" / "synth_corpus.py")
    synth = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "synth_corpus", synth)  # its dataclasses look their module up
    spec.loader.exec_module(synth)
    synth.write_corpus(tmp_path, 8)
    for sid in ("a000000", "a000005"):  # group 0 (English), group 1 (Chinese)
        assert synth.city_of(sid) in (tmp_path / "sources" / f"{sid}.md").read_text(encoding="utf-8")
    assert synth.city_of("a000000") == synth.city_of("a000003") != synth.city_of("a000004")
