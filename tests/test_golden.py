"""Golden files: the rendered reports of the small fixture corpus, byte for byte.

Regenerate on purpose with ``VERIFIER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py``
and read the diff in review. The fixture is run from its own folder so paths are relative.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.builders import FIXTURE, run_cli

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("fmt, name", [("markdown", "audit.md"), ("json", "audit.json"), ("claimreview", "claimreview.json")])
def test_fixture_reports_match_golden_files(fmt: str, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURE)
    result = run_cli("audit", "--format", fmt)
    assert result.exit_code == 0, result.output
    path = GOLDEN / name
    if os.environ.get("VERIFIER_UPDATE_GOLDEN"):
        path.write_text(result.stdout, encoding="utf-8")
    assert result.stdout == path.read_text(encoding="utf-8")
