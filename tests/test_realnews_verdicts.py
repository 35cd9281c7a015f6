"""benchmarks/realnews_verdicts.yaml, the verdicts on verifier's findings on real news: its shape,
and a summary that equals the counts of its own entries (so the file cannot drift from itself)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import yaml

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "realnews_verdicts.yaml"
VERDICTS = {"real", "defensible", "false", "unjudged"}
CAUSES = {"different-frames", "made-up-derivation", "conversion-rounding", "not-a-quantity",
          "wrong-holder", "list-items", "other"}
SEVERITIES = ("error", "warning")


def _verdict(value: object) -> object:
    # a bare `false` in YAML 1.1 reads as the boolean False; count it as the verdict "false"
    return "false" if value is False else value


def _load() -> dict:
    return yaml.safe_load(PATH.read_text(encoding="utf-8"))


def test_entries_have_the_shape() -> None:
    data = _load()
    assert isinstance(data["findings"], list) and data["findings"]
    for n, entry in enumerate(data["findings"]):
        where = f"entry {n} ({entry.get('folder')} {entry.get('rule')})"
        assert isinstance(entry.get("folder"), str) and entry["folder"], where
        assert isinstance(entry.get("rule"), str) and entry["rule"], where
        assert entry.get("severity") in SEVERITIES, where
        assert isinstance(entry.get("figures"), list) and entry["figures"], where
        assert all(isinstance(f, str) for f in entry["figures"]), where
        verdict = _verdict(entry.get("verdict"))
        assert verdict in VERDICTS, where
        if verdict == "false":
            assert entry.get("cause") in CAUSES, where
        else:
            assert "cause" not in entry, f"{where}: a cause only goes with a false alarm"
        assert isinstance(entry.get("why"), str) and entry["why"].strip(), where


def test_summary_equals_the_entries() -> None:
    data = _load()
    entries = data["findings"]
    for severity in SEVERITIES:
        block = data["summary"][f"{severity}s"]
        mine = [e for e in entries if e["severity"] == severity]
        assert block["total"] == len(mine) == data["totals"][f"{severity}s"]
        verdicts = Counter(_verdict(e["verdict"]) for e in mine)
        stated = {_verdict(k): v for k, v in block["verdicts"].items() if v}
        assert stated == dict(verdicts), severity
        causes = Counter(e["cause"] for e in mine if _verdict(e["verdict"]) == "false")
        assert {k: v for k, v in block["false_by_cause"].items() if v} == dict(causes), severity


def test_now_equals_the_entries_still_raised() -> None:
    """The ``now`` block counts the entries still raised at the commit it names, by verdict."""
    data = _load()
    assert all(e.get("now") in ("raised", "gone") for e in data["findings"])
    for severity in SEVERITIES:
        raised = [e for e in data["findings"] if e["severity"] == severity and e["now"] == "raised"]
        assert data["now"]["totals"][f"{severity}s"] == len(raised)
        stated = {_verdict(k): v for k, v in data["now"][f"{severity}s"].items() if v}
        assert stated == dict(Counter(_verdict(e["verdict"]) for e in raised)), severity
