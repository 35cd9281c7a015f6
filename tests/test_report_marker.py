"""verifier's own reports are not read as articles (issue 35): every report format that could
sit among the articles carries a mark (:mod:`verifier.report.marker`), and the listing leaves
a marked file out with one note on stderr, whatever its name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.builders import copy_fixture, run_cli
from verifier.report.marker import HTML_MARK, MARKDOWN_MARK, is_report


@pytest.fixture()
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return copy_fixture(tmp_path)


def _findings() -> list[dict]:
    result = run_cli("audit", "corpus", "-f", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["findings"]


@pytest.mark.parametrize("command, name", [
    (["audit"], "report.md"), (["audit", "-f", "html"], "report.html"), (["audit", "-f", "json"], "audit.txt"),
    (["factsheet"], "facts.md"), (["factsheet", "-f", "html"], "facts.htm"), (["factsheet", "-f", "json"], "facts.txt"),
    (["audit", "-f", "jsonl"], "findings.txt"), (["audit", "-f", "claimreview"], "reviews.md"),
])
def test_a_report_written_into_the_corpus_is_not_read_back(command: list[str], name: str, corpus: Path) -> None:
    alone = _findings()
    written = run_cli(*command, "corpus", "-o", f"corpus/sources/{name}")
    assert written.exit_code == 0, written.output
    again = run_cli("audit", "corpus", "-f", "json")
    assert again.exit_code == 0
    assert again.stderr == f"verifier: skipping corpus/sources/{name}: a verifier report, not an article\n"
    assert json.loads(again.stdout)["findings"] == alone
    assert len(json.loads(again.stdout)["sources"]) == 2


def test_it_is_recognised_by_content_not_name(corpus: Path) -> None:
    (corpus / "sources" / "report.md").write_text("Turnout was 52 % in 2022.\n", encoding="utf-8")  # an article called report.md
    result = run_cli("audit", "corpus", "-f", "json")
    assert result.exit_code == 0 and result.stderr == ""
    assert "report" in {s["id"] for s in json.loads(result.stdout)["sources"]}
    (corpus / "sources" / "notes.md").write_bytes(run_cli("audit", "corpus").stdout.encode())  # a report called notes.md
    assert run_cli("audit", "corpus").stderr == "verifier: skipping corpus/sources/notes.md: a verifier report, not an article\n"


def test_validate_notes_the_report_and_passes(corpus: Path) -> None:
    (corpus / "sources" / "report.md").write_bytes(run_cli("audit", "corpus").stdout.encode())
    result = run_cli("validate", "corpus")
    assert result.exit_code == 0
    assert result.stderr == "verifier: skipping corpus/sources/report.md: a verifier report, not an article\n"


def test_every_markdown_and_html_report_carries_its_mark(corpus: Path) -> None:
    assert run_cli("audit", "corpus").stdout.splitlines()[0] == MARKDOWN_MARK
    assert run_cli("factsheet", "corpus").stdout.splitlines()[0] == MARKDOWN_MARK
    for command in ("audit", "factsheet"):
        page = run_cli(command, "corpus", "-f", "html").stdout
        assert HTML_MARK in page.split("</head>")[0]


def test_the_mark_counts_only_where_a_report_puts_it() -> None:
    assert is_report(MARKDOWN_MARK + "\n# verifier audit report\n")
    assert is_report("\ufeff" + MARKDOWN_MARK + "\r\n")
    assert not is_report("# Notes\n\n" + MARKDOWN_MARK + "\n")  # quoted in an article's body
    assert is_report('<!DOCTYPE html>\n<html><head><meta name="generator" content="verifier"></head><body></body></html>')
    assert not is_report('<html><head></head><body><p>&lt;meta name="generator" content="verifier"&gt;</p>'
                         '<code><meta name="generator" content="verifier"></code></body></html>')
    assert is_report('{\n  "schema_version": "1.1",\n  "summary": {}}')
    assert not is_report('Turnout: {"schema_version": 1}')
    assert is_report('{"rule":"V101","name":"comparison-mismatch","severity":"error"}\n')
    assert is_report('{"schema_version":"1.1","findings":0,"summary":{}}\n')  # a JSON Lines audit with no finding
    assert not is_report('The {"rule":"V101"} line\n')


@pytest.mark.parametrize("fmt", ["markdown", "jsonl"])
def test_a_report_in_the_corpus_may_be_written_again(fmt: str, corpus: Path) -> None:
    """The jsonl audit lists its files before reading any (verifier.reaudit): the report it
    lists among the articles is not one of the files the run reads, so it may be replaced."""
    for _ in range(2):
        result = run_cli("audit", "corpus", "-f", fmt, "-o", "corpus/sources/report.txt")
        assert result.exit_code == 0, result.output
    assert is_report((corpus / "sources" / "report.txt").read_text(encoding="utf-8"))
    refused = run_cli("audit", "corpus", "-f", fmt, "-o", "corpus/sources/alpha.md")  # an article still may not be
    assert refused.exit_code == 2 and "is one of the files this run reads" in refused.stderr
