"""Findings per rule on the development press corpora, run by hand (not a test).

    .venv/bin/python benchmarks/press_findings.py [CASES_DIR]

Audits every corpus under ``CASES_DIR`` (default ``../shared/press/cases``) as written and
prints, per rule, how many findings of each severity it gives, and how many warnings or
errors carry no numeric band (neither ``stated`` nor ``recomputed``): the linters' promise
says a warning or error is about a figure, so that column should stay near zero.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="?", type=Path, default=ROOT.parent / "shared" / "press" / "cases")
    args = parser.parse_args()
    exe = Path(sys.executable).with_name("verifier")
    counts: Counter[tuple[str, str]] = Counter()
    unbanded: Counter[str] = Counter()
    exits: Counter[int] = Counter()
    for case in sorted(p for p in args.cases.iterdir() if p.is_dir()):
        run = subprocess.run([str(exe), "audit", str(case), "--format", "json"], capture_output=True, text=True)
        exits[run.returncode] += 1
        if run.returncode not in (0, 1):
            print(f"{case.name}: exit {run.returncode}: {run.stderr.strip()[:200]}")
            continue
        for f in json.loads(run.stdout)["findings"]:
            counts[(f["rule"], f["severity"])] += 1
            if f["severity"] != "info" and not f.get("stated") and not f.get("recomputed"):
                unbanded[f["rule"]] += 1
    rules = sorted({r for r, _ in counts})
    print(f"{'rule':6} {'error':>6} {'warning':>8} {'info':>6} {'no band':>8}")
    for r in rules:
        print(f"{r:6} {counts[(r, 'error')]:6} {counts[(r, 'warning')]:8} {counts[(r, 'info')]:6} {unbanded[r]:8}")
    total = sum(unbanded.values())
    print(f"corpora: {sum(exits.values())} (exit codes {dict(sorted(exits.items()))}); warnings or errors without a band: {total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
