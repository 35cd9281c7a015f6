"""``verifier audit --format jsonl``: one finding a line, then one summary line.

The corpus is written here: election turnout and rainfall of a made-up city, in English and
in Chinese, with two articles disagreeing on turnout in each language and one article giving
two rainfall figures for one year.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.builders import run_cli
from verifier.models.finding import Finding
from verifier.models.report import SCHEMA_VERSION, Summary

ARTICLES = {
    "e1": ("en", "Voters in Lakeport turned out in large numbers. Lakeport's turnout in the 2024 election was 61.2%, the "
                 "electoral office said.\n\nRainfall in Lakeport reached 812 mm in 2023, the weather service said.\n\n"
                 "A later bulletin put rainfall in Lakeport at 790 mm in 2023.\n"),
    "e2": ("en", "The count in Lakeport ended late on Sunday. Lakeport's turnout in the 2024 election was 64.8%, the "
                 "electoral office said.\n\nRainfall in Lakeport reached 812 mm in 2023, the weather service said.\n"),
    "z1": ("zh", "湖港市选民踊跃参加投票。湖港市2022年选举投票率为58.3%。\n\n湖港市2021年降雨量为905毫米。\n"),
    "z2": ("zh", "湖港市计票工作于周日深夜结束。湖港市2022年选举投票率为52.7%。\n\n湖港市2021年降雨量为905毫米。\n"),
}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("jsonl") / "sources"
    root.mkdir()
    for sid, (lang, body) in ARTICLES.items():
        (root / f"{sid}.md").write_text(f'---\nid: {sid}\ntitle: "{sid}"\nlanguages: [{lang}]\ntier: secondary\n---\n{body}',
                                        encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def lines(corpus: Path) -> list[str]:
    result = run_cli("audit", str(corpus), "--format", "jsonl")
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("\n")
    return result.stdout.splitlines()


def test_every_line_is_one_json_object_and_the_last_is_the_summary(lines: list[str]) -> None:
    rows = [json.loads(line) for line in lines]
    *findings, last = rows
    assert [f["rule"] for f in findings] == ["V201", "V201", "V205", "V201"]
    assert all(Finding.model_validate(f) for f in findings)
    assert set(last) == {"schema_version", "findings", "summary"}
    assert last["schema_version"] == SCHEMA_VERSION
    assert Summary.model_validate(last["summary"]).coverage.claims_recorded == 9


def test_the_summary_counts_the_findings_streamed(lines: list[str]) -> None:
    *findings, last = [json.loads(line) for line in lines]
    summary = last["summary"]
    assert last["findings"] == len(findings) == 4
    assert summary["by_severity"] == {"error": 2, "warning": 2, "info": 0}
    assert summary["by_severity"] == {s: sum(f["severity"] == s for f in findings) for s in ("error", "warning", "info")}
    assert summary["by_rule"] == dict(Counter(f["rule"] for f in findings)) == {"V201": 3, "V205": 1}
    assert summary["by_source"] == {"e1": {"error": 1, "warning": 2}, "z1": {"error": 1}}


def test_the_same_findings_as_the_json_report(corpus: Path, lines: list[str]) -> None:
    result = run_cli("audit", str(corpus), "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    *findings, last = [json.loads(line) for line in lines]
    assert findings == report["findings"]
    assert last["summary"] == {k: v for k, v in report["summary"].items() if k != "coverage_by_source"}
    assert report["summary"]["coverage_by_source"] and "coverage_by_source" not in last["summary"]
    turnout = next(f for f in findings if f["source"] == "z1")
    assert turnout["message"] == "湖港市 选举投票率 (year=2022): 58.3 % in z1 vs 52.7 % in z2"


def test_written_to_a_file_byte_for_byte_as_printed(corpus: Path, lines: list[str], tmp_path: Path) -> None:
    out = tmp_path / "report.jsonl"
    result = run_cli("audit", str(corpus), "--format", "jsonl", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").splitlines() == lines


def test_a_corpus_without_findings_streams_the_summary_alone(tmp_path: Path) -> None:
    (tmp_path / "calm.md").write_text("---\nid: calm\ntitle: calm\nlanguages: [en]\ntier: secondary\n---\n"
                                      "Lakeport's turnout in the 2024 election was 61.2%.\n", encoding="utf-8")
    result = run_cli("audit", str(tmp_path / "calm.md"), "--format", "jsonl")
    assert result.exit_code == 0, result.output
    (only,) = result.stdout.splitlines()
    assert json.loads(only)["findings"] == 0
    assert json.loads(only)["summary"]["by_severity"] == {"error": 0, "warning": 0, "info": 0}
