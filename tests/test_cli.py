"""The command line: exit codes, error lines, output formats and the JSON contract."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from verifier.cli import app
from tests.builders import copy_fixture, run_cli
from verifier.models.report import SCHEMA_VERSION, Report



run = run_cli


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """A writable copy of the small made-up corpus (two articles, seven claims)."""
    dst = copy_fixture(tmp_path)
    return dst


def test_audit_markdown_reports_findings_with_arithmetic(corpus: Path) -> None:
    result = run("audit", str(corpus))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "2 sources · 7 claims · 2 findings: 2 errors, 0 warnings, 0 info" in out
    assert "V101 comparison-mismatch (error)" in out
    assert "stated 2.6 x but s / t with s = 52,000 tokens/s/kW (alpha), t = 26,000 tokens/s/kW (alpha) gives [1.9999, 2.0001]" in out
    assert "V201 conflicting-figures (error)" in out
    assert "Orca 9 power (basis=rated): 1500 W (about) in beta vs 1,200 W in alpha" in out
    assert "Coverage:" in out and "7 claims recorded" in out


def test_audit_json_matches_schema_and_contract(corpus: Path) -> None:
    result = run("audit", str(corpus), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, Report.model_json_schema())
    assert data["schema_version"] == SCHEMA_VERSION
    assert [s["id"] for s in data["sources"]] == ["alpha", "beta"]
    assert data["sources"][0]["path"].endswith("sources/alpha.md")
    claim = next(c for c in data["claims"] if c["id"] == "alpha-c003")
    assert (claim["source"], claim["quote"], claim["value"], claim["unit"]) == ("alpha", "52,000 tokens/s per kW", 52000, "tokens/s/kW")
    body = (corpus / "sources" / "alpha.md").read_text(encoding="utf-8").split("\n---\n", 1)[1]
    assert body[claim["start"]:claim["end"]] == claim["quote"]
    ratio = next(f for f in data["findings"] if f["rule"] == "V101")
    assert ratio["claims"] == ["alpha-c005", "alpha-c003", "alpha-c004"]
    assert ratio["stated"]["low"] == pytest.approx(2.55) and ratio["stated"]["high"] == pytest.approx(2.65)
    assert ratio["recomputed"]["low"] == pytest.approx(51999.5 / 26000.5)
    assert ratio["recomputed"]["high"] == pytest.approx(52000.5 / 25999.5)
    assert {o["source"] for o in ratio["operands"]} == {"alpha"}
    assert data["summary"]["by_severity"] == {"error": 2, "warning": 0, "info": 0}


def test_output_file_and_byte_stable(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    assert run("audit", str(corpus), "--format", "json", "-o", str(out)).exit_code == 0
    again = run("audit", str(corpus), "--format", "json")
    assert out.read_text(encoding="utf-8") == again.stdout


def test_fail_on_sets_exit_code(corpus: Path) -> None:
    assert run("audit", str(corpus), "--fail-on", "error").exit_code == 1
    assert run("audit", str(corpus), "--fail-on", "error", "--select", "V3").exit_code == 0
    assert run("audit", str(corpus), "--fail-on", "warning", "--ignore", "V1,V2").exit_code == 0


@pytest.mark.parametrize(
    "args, message",
    [
        (("--format", "yaml"), "unknown format 'yaml'"),
        (("--fail-on", "fatal"), "--fail-on takes one of error, warning, info"),
        (("--select", "X9"), "no rule code starts with 'X9'"),
    ],
)
def test_bad_options_exit_2_with_one_line(corpus: Path, args: tuple, message: str) -> None:
    result = run("audit", str(corpus), *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_missing_path_exit_2(tmp_path: Path) -> None:
    result = run("audit", str(tmp_path / "nope"))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"{tmp_path / 'nope'}: no such file or folder"


def test_bad_record_reports_file_and_line_and_writes_nothing(corpus: Path, tmp_path: Path) -> None:
    path = corpus / "claims" / "beta.yaml"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    unit_line = [i for i, ln in enumerate(lines) if ln.strip() == "unit: W"][1]
    lines[unit_line] = lines[unit_line].replace("unit: W", "unitt: W")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "r.md"
    result = run("audit", str(corpus), "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr.strip().startswith(f"claims/beta.yaml:{unit_line + 1}: ") or f"beta.yaml:{unit_line + 1}: " in result.stderr
    assert "unitt" in result.stderr and "unknown field" in result.stderr
    assert not out.exists()


def test_invalid_yaml_reports_line(corpus: Path) -> None:
    path = corpus / "claims" / "alpha.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "  - : [\n", encoding="utf-8")
    result = run("validate", str(corpus))
    assert result.exit_code == 2
    assert "alpha.yaml:" in result.stderr and "invalid YAML" in result.stderr


def test_validate_ok_and_anchor_error(corpus: Path) -> None:
    ok = run("validate", str(corpus))
    assert ok.exit_code == 0, ok.output
    assert ok.stdout.strip() == "ok: 2 sources, 7 claims, 1 external sources"
    path = corpus / "claims" / "alpha.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("start: 48\n    end: 53", "start: 47\n    end: 52", 1), encoding="utf-8")
    bad = run("validate", str(corpus))
    assert bad.exit_code == 2
    assert "alpha.yaml:1: V301 quote '800 W' of alpha-c001 is not at 47:52" in bad.stderr
    assert "found at 48:53" in bad.stderr


def test_unknown_source_in_records_is_an_error(corpus: Path) -> None:
    path = corpus / "claims" / "beta.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("source: beta", "source: gamma", 1), encoding="utf-8")
    result = run("validate", str(corpus))
    assert result.exit_code == 2
    assert "names source 'gamma', which is not an article of this run" in result.stderr


def test_rules_listing_and_rule_help() -> None:
    listing = run("rules")
    assert listing.exit_code == 0
    assert "| V201 | conflicting-figures | error |" in listing.stdout
    one = run("rules", "v103")
    assert one.exit_code == 0
    assert one.stdout.startswith("V103 reciprocal-mismatch (error)")
    assert "Okay:" in one.stdout
    assert run("rules", "V999").exit_code == 2


def test_schema_command_prints_json_schema() -> None:
    result = run("schema", "claim")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["title"] == "Claim" and "anchor" in schema["properties"]
    assert run("schema", "nope").exit_code == 2


def test_version_prints_the_package_version() -> None:
    from verifier import __version__

    result = run_cli("--version")
    assert (result.exit_code, result.stdout) == (0, f"verifier {__version__}\n")


def test_every_command_has_help() -> None:
    import typer.main

    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        assert command.help, f"command {name} has no help text"


def test_typo_in_a_field_name_points_at_the_typo(corpus: Path) -> None:
    path = corpus / "claims" / "alpha.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.strip().startswith("subject:"))
    lines[at] = lines[at].replace("subject:", "subjet:")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("validate", str(corpus))
    assert result.exit_code == 2
    assert result.stderr.strip().endswith(f"alpha.yaml:{at + 1}: alpha-c001.subjet: unknown field (check the spelling; `verifier schema claim` lists the fields)")


def test_unclosed_front_matter_is_an_error(corpus: Path) -> None:
    path = corpus / "sources" / "beta.md"
    path.write_text(path.read_text(encoding="utf-8").replace("\n---\n", "\n", 1).replace("---\nid", "---\nid", 1), encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n") and text.count("\n---\n") == 0
    result = run("validate", str(corpus))
    assert result.exit_code == 2
    assert "beta.md:1: front matter opened with '---' on line 1 is never closed" in result.stderr


def test_not_utf8_names_the_line(corpus: Path) -> None:
    path = corpus / "sources" / "beta.md"
    path.write_bytes(path.read_bytes().replace("泽菲尔".encode(), b"\xff\xfe", 1))
    result = run("validate", str(corpus))
    assert result.exit_code == 2
    assert "beta.md:3: not UTF-8 text" in result.stderr  # the title line holds the first bad byte


def test_output_to_a_folder_is_a_one_line_error(corpus: Path, tmp_path: Path) -> None:
    result = run("audit", str(corpus), "-o", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.strip().startswith(f"{tmp_path}: cannot write:")
    assert "Traceback" not in result.output


def test_no_corpus_in_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("audit")
    assert result.exit_code == 2
    assert result.stderr.strip().startswith(".: no corpus here")


def test_fail_on_is_case_insensitive(corpus: Path) -> None:
    assert run("audit", str(corpus), "--fail-on", "ERROR").exit_code == 1


@pytest.mark.parametrize("argv, line", [
    (["audit", "--bogus"], "verifier: error: No such option: --bogus (see 'verifier audit --help')"),
    (["frobnicate"], "verifier: error: No such command 'frobnicate'. (see 'verifier --help')"),
])
def test_usage_errors_are_one_line(argv: list[str], line: str, collector, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    from verifier import entry

    monkeypatch.setattr("sys.argv", ["verifier", *argv])
    with pytest.raises(SystemExit) as exit_info:
        entry.main()
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == line + "\n"


def test_output_into_a_missing_folder_is_an_error(corpus: Path, tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "report.md"
    result = run("audit", str(corpus), "-o", str(target))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"{target}: cannot write: no such folder"
    assert not (tmp_path / "no").exists()


def test_extract_writes_beside_the_articles_from_any_folder(corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (corpus / "claims" / "beta.yaml").unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = run("extract", str(corpus))
    assert result.exit_code == 0, result.output
    assert (corpus / "claims" / "beta.yaml").is_file()
    assert not (elsewhere / "claims").exists()


def test_an_article_that_breaks_the_extractor_is_reported_and_the_rest_audited(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import verifier.extract.claims

    def broken(src, external=None, lexicon=None):
        raise RuntimeError("boom")

    monkeypatch.setattr(verifier.extract.claims, "extract_claims", broken)  # where extract_missing's worker imports it from
    (corpus / "claims" / "beta.yaml").unlink()
    result = run("audit", str(corpus), "--format", "json")
    assert result.exit_code == 0, result.output
    import json

    findings = json.loads(result.stdout)["findings"]
    assert [f["message"] for f in findings if f["rule"] == "V602"] == ["claims could not be extracted from beta: RuntimeError: boom"]
    assert any(f["rule"] == "V101" for f in findings)  # alpha, which has records, is still audited


def test_corpora_side_by_side_keep_their_own_records(tmp_path: Path) -> None:
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        (tmp_path / name / f"{name}.md").write_text(
            f"---\nid: {name}\n---\nShares of Voltara rose. The Voltara E12 carries a 420 kWh battery pack.\n", encoding="utf-8")
    assert run_cli("extract", str(tmp_path / "one")).exit_code == 0
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.yaml")) == ["one/claims/one.yaml"]
    result = run_cli("audit", str(tmp_path / "two"))
    assert result.exit_code == 0, result.output  # the sibling's records are not read
    assert "1 sources" in result.output


def test_front_matter_may_leave_out_languages_and_tier(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("---\nid: fm\ntitle: Voltara\n---\nVoltara E12 的电池容量为 420 kWh。\n", encoding="utf-8")
    result = run_cli("audit", str(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.output
    assert [(s["id"], s["tier"]) for s in json.loads(result.output)["sources"]] == [("fm", "secondary")]


def test_a_corpus_lexicon_names_what_discovery_cannot(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("---\nid: za\n---\n截至2025年底，星桩充电运营的公共充电桩达到48.6万台。\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("---\nid: zb\n---\n截至2025年底，星桩的公共充电桩数量为45.2万台。\n", encoding="utf-8")
    before = run_cli("audit", str(tmp_path), "--format", "json")
    # the segmenter finds the short name, but the two articles measure differently named things
    # (公共充电桩 vs 公共充电桩数量): no fact in common, no finding
    # (and reads '星桩的…' as no holder: a name before 的 is a modifier it does not take)
    assert [(c["subject"], c["value"]) for c in json.loads(before.output)["claims"]] == [("星桩", 486000.0), (None, 452000.0)]
    assert [f["rule"] for f in json.loads(before.output)["findings"]] == ["V702", "V603"]  # V603: zb names no holder
    (tmp_path / "subjects.yaml").write_text("- {name: 星桩充电, kind: company, aliases: [星桩]}\n", encoding="utf-8")
    after = json.loads(run_cli("audit", str(tmp_path), "--format", "json").output)
    assert [(c["subject"], c["value"]) for c in after["claims"]] == [("星桩充电", 486000.0), ("星桩充电", 452000.0)]
    assert [f["rule"] for f in after["findings"]] == ["V702", "V201"]  # V702: neither names its tier


def test_a_corpus_lexicon_is_read_from_the_corpus_wherever_the_audit_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its path is shown relative to the corpus root (sources/subjects.yaml) when the corpus is
    outside the current folder: the file read is the corpus's, not one of the current folder."""
    sources = tmp_path / "desk" / "sources"
    sources.mkdir(parents=True)
    (sources / "a.md").write_text("---\nid: za\n---\n截至2025年底，星桩充电运营的公共充电桩达到48.6万台。\n", encoding="utf-8")
    (sources / "b.md").write_text("---\nid: zb\n---\n截至2025年底，星桩的公共充电桩数量为45.2万台。\n", encoding="utf-8")
    (sources / "subjects.yaml").write_text("- {name: 星桩充电, kind: company, aliases: [星桩]}\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"  # a corpus of its own, whose lexicon the audit of desk must not read
    (elsewhere / "sources").mkdir(parents=True)
    (elsewhere / "sources" / "subjects.yaml").write_text("- {name: 驰能, kind: firm}\n", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("VERIFIER_CACHE_DIR", "off")
    for cwd in (elsewhere, tmp_path / "empty", tmp_path, tmp_path / "desk"):
        monkeypatch.chdir(cwd)
        result = run_cli("audit", str(sources.parent), "--format", "json")
        assert result.exit_code == 0, result.output
        assert [c["subject"] for c in json.loads(result.output)["claims"]] == ["星桩充电", "星桩充电"], cwd


def test_an_invalid_corpus_lexicon_is_one_line_naming_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("---\nid: za\n---\n星桩的公共充电桩数量为45.2万台。\n", encoding="utf-8")
    (tmp_path / "subjects.yaml").write_text("- {name: 星桩充电, kind: company}\n- {name: 驰能, kind: firm}\n", encoding="utf-8")
    result = run_cli("audit", str(tmp_path))
    assert result.exit_code == 2
    assert "subjects.yaml:2: kind 'firm' is not one of" in result.output


@pytest.fixture
def collector():
    """Restore the cycle collector's state after a test that runs :func:`verifier.entry.main`."""
    import gc

    was = gc.isenabled()
    yield gc
    (gc.enable if was else gc.disable)()


def test_a_batch_command_runs_without_the_cycle_collector(collector, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    from verifier import entry

    collector.enable()
    monkeypatch.setattr("sys.argv", ["verifier", "rules", "V101"])
    with pytest.raises(SystemExit) as exit_info:
        entry.main()
    assert exit_info.value.code == 0
    assert "V101" in capsys.readouterr().out
    assert not collector.isenabled()


def test_review_serves_with_the_cycle_collector(collector, corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    monkeypatch.setattr("verifier.review.serve", lambda *args, **kwargs: seen.append(collector.isenabled()))
    collector.disable()
    result = run("review", str(corpus))
    assert result.exit_code == 0, result.output
    assert seen == [True]
