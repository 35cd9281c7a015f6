"""The graph and factsheet commands, the claimreview and html audit formats, and tiers in the report."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import networkx as nx
import pytest
from typer.testing import CliRunner

from evidence_corpora import ZH1, write_corpus, zephyr_corpus
from verifier.cli import app
from verifier.models.report import Report

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    return write_corpus(zephyr_corpus(), tmp_path / "zephyr")


def test_graph_command_writes_each_format(root: Path, tmp_path: Path) -> None:
    out = tmp_path / "g.graphml"
    assert run("graph", str(root), "-o", str(out)).exit_code == 0
    g = nx.read_graphml(out, force_multigraph=True)
    assert g.nodes["article:zh1"]["tier"] == "secondary"
    data = json.loads(run("graph", str(root), "--format", "json").stdout)
    assert data["directed"] and data["multigraph"] and len(data["nodes"]) == g.number_of_nodes()
    assert run("graph", str(root), "--format", "dot").stdout.startswith('digraph "evidence" {')
    bad = run("graph", str(root), "--format", "png")
    assert bad.exit_code == 2 and bad.stderr.strip() == "verifier: error: unknown graph format 'png' (choose graphml, json, dot)"


def test_factsheet_markdown(root: Path) -> None:
    result = run("factsheet", str(root))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "2 subjects · 5 facts · 9 quotes cited" in out
    assert "### Zephyr X1 throughput_per_power\n\n**52,000 tokens/s/kW** [" in out
    assert "· independently-verified, primary origin" in out
    assert "- Dissent: 1500 W (about) [" in out and "equally supported" in out
    assert "- Dissent: 2.6 x ratio vs Orca 9 [" in out and "]: arithmetic error: V101 comparison-mismatch" in out
    assert "“2.6 倍” — unattributed (secondary)" in out


def test_every_figure_on_the_sheet_cites_a_quote_at_its_offsets(root: Path) -> None:
    sheet = json.loads(run("factsheet", str(root), "--format", "json").stdout)
    cites = {c["n"]: c for c in sheet["citations"]}
    used = set()
    for subj in sheet["subjects"]:
        for f in subj["facts"]:
            used |= {f["citation"], *f["support"], *f["recomputed_from"], *(d["citation"] for d in f["dissent"])}
    assert used == set(cites)
    for c in cites.values():
        body = (root / c["path"]).read_text(encoding="utf-8").split("\n---\n", 1)[1]  # paths are shown relative to the corpus root
        assert body[c["start"]:c["end"]] == c["quote"]


@pytest.mark.parametrize("query, subject", [("zephyr x 1", "Zephyr X1"), ("ORCA9", "Orca 9"), ("Zephyyr X1", "Zephyr X1")])
def test_factsheet_subject_is_matched_loosely(root: Path, query: str, subject: str) -> None:
    sheet = json.loads(run("factsheet", str(root), "--subject", query, "--format", "json").stdout)
    assert [s["subject"] for s in sheet["subjects"]] == [subject]


def test_unknown_subject_suggests_closest_names(root: Path, tmp_path: Path) -> None:
    out = tmp_path / "sheet.md"
    result = run("factsheet", str(root), "--subject", "Zephyr Z9", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == ["verifier: error: unknown subject 'Zephyr Z9' (closest: Zephyr X1, Orca 9)"]
    assert not out.exists()


def test_claimreview_is_schema_org_json_ld(root: Path) -> None:
    result = run("audit", str(root), "--format", "claimreview")
    assert result.exit_code == 0, result.output
    reviews = json.loads(result.stdout)
    assert isinstance(reviews, list) and len(reviews) == 2
    for r in reviews:
        assert r["@context"] == "https://schema.org" and r["@type"] == "ClaimReview"
        assert r["itemReviewed"]["@type"] == "Claim" and r["itemReviewed"]["appearance"]["@type"] == "CreativeWork"
        assert r["reviewRating"]["@type"] == "Rating" and r["author"] == {"@type": "Organization", "name": "verifier"}
    assert {r["claimReviewed"] for r in reviews} == {ZH1}  # the sentence that holds each quote
    by_quote = {r["itemReviewed"]["text"]: r for r in reviews}
    wrong = by_quote["2.6 倍"]["reviewRating"]
    assert wrong["alternateName"] == "Miscalculated"
    assert "stated 2.6 x" in wrong["ratingExplanation"] and "[1.9999, 2.0001]" in wrong["ratingExplanation"]
    contra = by_quote["1500 瓦"]
    assert contra["reviewRating"]["alternateName"] == "Contradicted by other sources"
    assert contra["itemReviewed"]["author"] == {"@type": "Organization", "name": "Zephyr Blog"}
    assert contra["itemReviewed"]["appearance"]["headline"] == ZH1[:60]


def test_report_shows_origin_tier_and_citation_chain(root: Path) -> None:
    md = run("audit", str(root)).stdout
    assert "  - `en1-c" in md and "    - chain: en1 (secondary) → primary-source → zephyr-blog (primary)" in md
    assert "    - chain: zh1 (secondary)\n" in md
    data = json.loads(run("audit", str(root), "--format", "json").stdout)
    jsonschema.validate(data, Report.model_json_schema())
    prov = {p["claim"]: p for p in data["provenance"]}
    flagged = {cid for f in data["findings"] for cid in f["claims"]}
    assert set(prov) == flagged
    p = next(p for p in prov.values() if p["origin"] == "zephyr-blog")
    assert (p["origin_tier"], p["carrier_tier"], p["origin_kind"], p["origin_name"]) == ("primary", "secondary", "vendor", "Zephyr Blog")


def test_html_formats_are_pages(root: Path) -> None:
    audit_html = run("audit", str(root), "--format", "html").stdout
    assert audit_html.startswith("<!DOCTYPE html>") and "V101" in audit_html and "<script" not in audit_html
    sheet_html = run("factsheet", str(root), "--format", "html").stdout
    assert sheet_html.startswith("<!DOCTYPE html>") and 'id="cite-1"' in sheet_html
    assert run("factsheet", str(root), "--format", "pdf").exit_code == 2


def test_evidence_commands_are_in_the_readme_table() -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    for name in ("audit", "factsheet", "graph"):
        assert f"| `verifier {name} [PATH...]` |" in readme, f"command {name} is not in README's Commands table"
    assert "html\\|claimreview" in readme and "## Evidence status" in readme


def test_factsheet_and_graph_extract_articles_without_records(tmp_path: Path) -> None:
    folder = tmp_path / "articles"
    folder.mkdir()
    (folder / "a.md").write_text("The Zephyr X1 is rated at 700 W. The Orca 9 is rated at 1200 W.\n", encoding="utf-8")
    sheet = run("factsheet", str(folder), "--format", "json")
    assert sheet.exit_code == 0, sheet.output
    assert {s["subject"] for s in json.loads(sheet.stdout)["subjects"]} == {"Zephyr X1", "Orca 9"}
    graph = run("graph", str(folder), "--format", "json")
    assert graph.exit_code == 0
    assert "a-x001" in graph.stdout
