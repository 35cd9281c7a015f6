"""A small corpus for the review desk tests, written into a temporary folder.

Two made-up articles (a city budget whose percentage is wrong for its two figures, and a
rainfall report); the budget's title and body carry HTML that must be shown, never run. The
records are proposed by ``verifier extract`` and then given comments by hand, as a reviewer's
file would have, so a test can check that a decision keeps every other byte.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from verifier.cli import app

TOKEN = "test-token-123"
"""The token the tests give the desk."""

PAYLOAD = """<img src=x onerror="document.body.dataset.pwned=1">"""
EVIL_TITLE = "<script>document.title='pwned'</script> Harbor city budget"

BUDGET = f"""---
id: budget
title: "{EVIL_TITLE}"
publisher: Harbor Gazette
tier: secondary
---
Harbor City's parks budget rose from 40 million dollars in 2024 to 50 million dollars in 2025, an increase of 30 percent, the finance office said.

The council hired 12 new rangers {PAYLOAD} for the summer season.
"""

RAIN = """---
id: rain
title: Spring rainfall report
publisher: Valley Weather Desk
tier: secondary
---
The valley recorded 120 millimetres of rain in April, against a long-term April average of 80 millimetres.
"""

HEADER = "# Harbor budget records: reviewed by hand, keep this line\n"
"""A comment a reviewer put at the top of the records file."""
INNER = "  # checked against the printed table, keep this line too\n"
"""A comment a reviewer put inside the record of '50 million dollars', before its status."""


def write_review_corpus(root: Path) -> Path:
    """Write the corpus under ``root`` (``sources/``, and ``claims/`` proposed by extraction, with
    :data:`HEADER` on top of ``claims/budget.yaml``); returns ``root``."""
    (root / "sources").mkdir(parents=True)
    (root / "sources" / "budget.md").write_text(BUDGET, encoding="utf-8")
    (root / "sources" / "rain.md").write_text(RAIN, encoding="utf-8")
    result = CliRunner().invoke(app, ["extract", str(root)])
    assert result.exit_code == 0, result.output
    records = root / "claims" / "budget.yaml"
    text = records.read_text(encoding="utf-8")
    block = record_block(text, quote_id(text, "50 million dollars"))
    text = text.replace(block, block.replace("  status: proposed\n", INNER + "  status: proposed\n"))
    records.write_text(HEADER + text, encoding="utf-8")
    return root


def record_block(text: str, claim_id: str) -> str:
    """The text of record ``claim_id`` in a records file (from its '- id:' line to the next one)."""
    start = text.index(f"- id: {claim_id}\n")
    end = text.find("\n- id: ", start + 1)
    return text[start:] if end < 0 else text[start:end + 1]


def quote_id(text: str, quote: str) -> str:
    """The id of the record whose quote is ``quote`` in a records file's text."""
    for block in text.split("\n- id: ")[1:]:
        if f"quote: {quote}\n" in block:
            return block.split("\n", 1)[0]
    raise AssertionError(f"no record quotes {quote!r}")
