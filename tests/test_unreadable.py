"""One unreadable file is a finding, not the end of the audit (issue 35): rule V705 names the
file and line, the rest of the folder is audited with the findings it had alone; ``validate``
and the commands that write records still stop with ``path:line: message`` and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.builders import copy_fixture, run_cli

LEFT_OUT = "; the file was left out of the audit"

BAD_FILES = {
    # name: (bytes, line, message)
    "binary.md": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\xff", 3,
                  "a binary file, not text (a NUL byte at byte 8); articles are UTF-8 text"),
    "cp1252.txt": ("Turnout rose 5 %.\nThe caf\u00e9 \u201cexit poll\u201d said 52 %.\n".encode("cp1252"), 2,
                   "not UTF-8 text (invalid continuation byte at byte 25); save the file as UTF-8"),
    "gbk.txt": ("投票率为52%。\n".encode("gbk"), 1,  # its first four bytes happen to be valid UTF-8 ('Ͷ', 'Ʊ')
                "not UTF-8 text (invalid continuation byte at byte 4); save the file as UTF-8"),
    "rule.md": (b"---\nA horizontal rule, then prose: turnout was 52 %.\n", 1,
                "front matter opened with '---' on line 1 is never closed (add a '---' line after it; "
                "a rule that opens the article needs a blank line before it)"),
    "yaml.md": (b"---\nid: [broken\n---\nTurnout was 52 %.\n", 3, None),  # the YAML parser's own words, where the flow breaks
}


@pytest.fixture()
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return copy_fixture(tmp_path)


def _audit(*args: str) -> tuple[int, list[dict], str]:
    result = run_cli("audit", "corpus", "-f", "json", *args)
    return result.exit_code, json.loads(result.stdout)["findings"] if result.stdout else [], result.stderr


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_an_unreadable_file_is_a_finding_and_the_others_are_audited(name: str, corpus: Path) -> None:
    code, alone, _ = _audit()
    assert code == 0 and {f["rule"] for f in alone} == {"V101", "V201"}
    raw, line, message = BAD_FILES[name]
    (corpus / "sources" / name).write_bytes(raw)
    code, found, err = _audit()
    assert (code, err) == (0, "")
    [v705] = [f for f in found if f["rule"] == "V705"]
    assert (v705["path"], v705["line"], v705["severity"], v705["source"]) == (f"corpus/sources/{name}", line, "error", None)
    if message is not None:
        assert v705["message"] == message + LEFT_OUT
    else:
        assert "YAML" in v705["message"] and v705["message"].endswith(LEFT_OUT)
    assert [f for f in found if f["rule"] != "V705"] == alone  # the other articles' findings, unchanged


def test_every_unreadable_file_is_reported_in_one_run(corpus: Path) -> None:
    for name, (raw, _, _) in BAD_FILES.items():
        (corpus / "sources" / name).write_bytes(raw)
    code, found, _ = _audit()
    assert code == 0
    assert sorted(f["path"] for f in found if f["rule"] == "V705") == [f"corpus/sources/{n}" for n in sorted(BAD_FILES)]
    assert code == 0 and _audit("--fail-on", "error")[0] == 1  # an error finding, for --fail-on


def test_the_records_beside_an_unreadable_article_are_not_read(corpus: Path) -> None:
    beta = corpus / "sources" / "beta.md"
    beta.write_bytes(beta.read_text(encoding="utf-8").encode("gb18030"))  # claims/beta.yaml names beta, which is now unread
    code, found, err = _audit()
    assert (code, err) == (0, "")
    assert [(f["rule"], f["path"], f["line"]) for f in found] == [("V705", "corpus/sources/beta.md", 3), ("V101", "corpus/sources/alpha.md", 14)]


def test_the_markdown_and_jsonl_reports_carry_it_too(corpus: Path) -> None:
    (corpus / "sources" / "gbk.txt").write_bytes(BAD_FILES["gbk.txt"][0])
    md = run_cli("audit", "corpus")
    assert md.exit_code == 0 and "V705 unreadable-file (error) · corpus/sources/gbk.txt:1" in md.stdout
    jsonl = run_cli("audit", "corpus", "-f", "jsonl")
    assert jsonl.exit_code == 0
    rules = [json.loads(line).get("rule") for line in jsonl.stdout.splitlines()[:-1]]
    assert sorted(rules) == ["V101", "V201", "V705"]


def test_validate_still_stops_with_the_line(corpus: Path) -> None:
    (corpus / "sources" / "gbk.txt").write_bytes(BAD_FILES["gbk.txt"][0])
    result = run_cli("validate", "corpus")
    assert result.exit_code == 2
    assert result.stderr == f"corpus/sources/gbk.txt:1: {BAD_FILES['gbk.txt'][2]}\n"


def test_extract_still_stops_before_writing(corpus: Path) -> None:
    (corpus / "claims" / "beta.yaml").unlink()
    (corpus / "sources" / "binary.md").write_bytes(BAD_FILES["binary.md"][0])
    result = run_cli("extract", "corpus")
    assert result.exit_code == 2
    assert result.stderr == f"corpus/sources/binary.md:3: {BAD_FILES['binary.md'][2]}\n"
    assert not (corpus / "claims" / "beta.yaml").exists()


def test_graph_notes_the_file_and_goes_on(corpus: Path) -> None:
    (corpus / "sources" / "gbk.txt").write_bytes(BAD_FILES["gbk.txt"][0])
    result = run_cli("graph", "corpus")
    assert result.exit_code == 0
    assert result.stderr == f"corpus/sources/gbk.txt:1: {BAD_FILES['gbk.txt'][2]}; left out\n"


def test_a_folder_of_nothing_readable_is_still_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "only").mkdir()
    (tmp_path / "only" / "gbk.txt").write_bytes(BAD_FILES["gbk.txt"][0])
    result = run_cli("audit", "only")
    assert result.exit_code == 2
    assert result.stderr == f"only/gbk.txt:1: {BAD_FILES['gbk.txt'][2]}\n"


def test_utf16_text_is_not_called_binary(corpus: Path) -> None:
    (corpus / "sources" / "utf16.txt").write_bytes("Turnout was 52 %.\n".encode("utf-16"))
    code, found, _ = _audit()
    [v705] = [f for f in found if f["rule"] == "V705"]
    assert v705["message"] == "not UTF-8 text (invalid start byte at byte 0); save the file as UTF-8" + LEFT_OUT


def test_rule_help_explains_it() -> None:
    result = run_cli("rules", "V705")
    assert result.exit_code == 0
    assert result.stdout.startswith("V705 unreadable-file (error)\n\nOne file that cannot be read does not stop the audit")


def test_a_re_audit_after_a_file_turned_unreadable_is_a_full_run_that_reports_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An archive's totals-only audit keeps a snapshot; an article saved again as GBK is then
    read by the re-audit, which cannot go on from the snapshot: the full run reports it."""
    import os
    import time

    import verifier.reaudit
    from tests.builders import write_synthetic

    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(tmp_path / "cache"))
    root = write_synthetic(tmp_path / "archive", 100) / "sources"
    files = sorted(root.glob("*.md"))
    then = time.time() - 3600
    for p in files:
        os.utime(p, (then, then))
    seen: list = []
    real = verifier.reaudit.audit_again
    monkeypatch.setattr(verifier.reaudit, "audit_again", lambda *a, **k: seen.append(real(*a, **k)) or seen[-1])
    first = run_cli("audit", str(root), "-f", "jsonl")
    assert first.exit_code == 0 and seen == [None]
    files[5].write_bytes(files[5].read_text(encoding="utf-8").replace("\n---\n", "\n---\n投票率。\n", 1).encode("gbk"))
    again = run_cli("audit", str(root), "-f", "jsonl")
    assert again.exit_code == 0 and seen[-1] is None  # the snapshot could not be used: a full run
    [v705] = [json.loads(line) for line in again.stdout.splitlines()[:-1] if json.loads(line)["rule"] == "V705"]
    assert v705["path"].endswith(files[5].name) and v705["message"].startswith("not UTF-8 text")


def test_a_sources_yaml_entry_for_the_unreadable_article_is_no_error(corpus: Path) -> None:
    (corpus / "sources" / "gbk.txt").write_bytes(BAD_FILES["gbk.txt"][0])
    (corpus / "sources" / "sources.yaml").write_text("gbk:\n  tier: primary\n", encoding="utf-8")
    code, found, err = _audit()
    assert (code, err) == (0, "")
    assert [f["path"] for f in found if f["rule"] == "V705"] == ["corpus/sources/gbk.txt"]


def test_a_record_elsewhere_naming_the_unreadable_article_is_left_out_with_it(corpus: Path) -> None:
    beta = corpus / "sources" / "beta.md"
    beta.write_bytes(beta.read_text(encoding="utf-8").encode("gb18030"))
    records = corpus / "claims"
    (records / "alpha.yaml").write_text((records / "alpha.yaml").read_text(encoding="utf-8")
                                        + (records / "beta.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (records / "beta.yaml").unlink()  # beta's records now sit in alpha.yaml, which is read
    code, found, err = _audit()
    assert (code, err) == (0, "")
    assert [(f["rule"], f["path"]) for f in found] == [("V705", "corpus/sources/beta.md"), ("V101", "corpus/sources/alpha.md")]
