"""Docs and code in step: the README's rule table, its commands, and CI."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from verifier.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_rule_table_is_generated_by_the_tool() -> None:
    table = re.search(r"<!-- rules:start -->\n(.*?)<!-- rules:end -->", README, re.S).group(1)
    assert table == CliRunner().invoke(app, ["rules"]).stdout


def test_ci_runs_the_readme_test_command() -> None:
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    test_cmd = blocks[1].strip()
    assert "pytest" in test_cmd and "audit" in blocks[0]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_cmd.split("&& ")[-1] in ci
    assert "-eq 5" in ci


def test_exported_json_schemas_are_current() -> None:
    """schemas/*.schema.json are what `verifier schema NAME` prints (regenerate them with it)."""
    for name in ("claim", "source", "external", "report"):
        shipped = (ROOT / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
        assert shipped == CliRunner().invoke(app, ["schema", name]).stdout, name
