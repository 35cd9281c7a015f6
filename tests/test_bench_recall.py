"""benchmarks/bench_scale.py's recall: a planted pair is found when one finding's claims cover
both of its figures; findings over no planted pair are counted apart."""

from __future__ import annotations

import importlib.util
import json
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
