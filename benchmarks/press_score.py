"""Score the installed verifier on the development press cases, run by hand (not a test).

    .venv/bin/python benchmarks/press_score.py [--cases DIR] [--timeout SECONDS]

Runs the shared scorer ``../shared/press/score.py`` (beside this checkout) with the ``verifier``
console script of the running venv (``verifier audit {dir} --format json``) and prints, per
case, its score line, then the expected findings hit and missed (id, kind, the value quoted in
the key) and the false alarms (rule and message head, ``TRAP`` when the finding touches a
figure the key says must not be flagged), then the scorer's totals line
('required=a/b optional=c/d fp=n traps=t errors=e'). The scoring itself (what matches what)
is the shared scorer's alone; this script only runs it and regroups its verbose lines.

Exit status: the scorer's (0 when it ran).
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[1]
SCORER: Final = ROOT.parent / "shared" / "press" / "score.py"
"""The shared scorer (its one home; never copied here)."""

CASE_LINE: Final = re.compile(r"^(?P<case>\S+): (?P<rest>required .*|ERROR .*)$")
"""A case's score line ('case12: required 1/3 optional 1/1 fp 0 traps 0') or its error line."""

HIT_LINE: Final = re.compile(r"^\s{4}(?P<mark>HIT |miss) (?P<id>\S+) (?P<kind>\S+) ?(?P<stated>.*)$")
"""A verbose line of an expected finding: hit or missed, its id, kind and the value in the key."""

FP_LINE: Final = re.compile(r"^\s{4}FP (?P<trap>TRAP|\s{4}) (?P<rule>\S+) ?(?P<message>.*)$")
"""A verbose line of a false alarm: TRAP or blank, the rule code, the head of its message."""

TOTALS: Final = re.compile(r"^required=\d+/\d+ optional=\d+/\d+ fp=\d+ traps=\d+ errors=\d+$")
"""The scorer's last line."""


def command() -> str:
    """The audit command the scorer runs, with the running venv's ``verifier`` (absolute path)."""
    exe = Path(sys.executable).with_name("verifier")
    return f"{shlex.quote(str(exe))} audit {{dir}} --format json"


def regroup(lines: list[str]) -> list[str]:
    """The scorer's verbose output regrouped per case: score line, hits, misses, false alarms.

    Lines the patterns do not know (a warning the scorer prints) are kept where they came.
    """
    out: list[str] = []
    hits: list[str] = []
    misses: list[str] = []
    alarms: list[str] = []

    def flush() -> None:
        for title, items in (("hits", hits), ("misses", misses), ("false alarms", alarms)):
            if items:
                out.append(f"  {title} ({len(items)}):")
                out.extend(f"    {i}" for i in items)
            items.clear()

    for line in lines:
        if m := HIT_LINE.match(line):
            item = f"{m['id']} {m['kind']}: {m['stated']}".rstrip(": ")
            (hits if m["mark"] == "HIT " else misses).append(item)
        elif m := FP_LINE.match(line):
            alarms.append(("TRAP " if m["trap"] == "TRAP" else "") + f"{m['rule']} {m['message']}")
        elif CASE_LINE.match(line) or TOTALS.match(line):
            flush()
            out.append(line)
        else:
            out.append(line)
    flush()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=None, help="folder of caseNN folders (default: the scorer's own)")
    parser.add_argument("--timeout", type=int, default=None, help="seconds per case (default: the scorer's)")
    args = parser.parse_args()
    if not SCORER.is_file():
        print(f"no scorer at {SCORER}", file=sys.stderr)
        return 2
    cmd = [sys.executable, str(SCORER), "--cmd", command(), "-v"]
    if args.cases is not None:
        cmd += ["--cases", str(args.cases.resolve())]
    if args.timeout is not None:
        cmd += ["--timeout", str(args.timeout)]
    run = subprocess.run(cmd, capture_output=True, text=True)
    print("\n".join(regroup(run.stdout.splitlines())))
    if run.stderr.strip():
        print(run.stderr.rstrip(), file=sys.stderr)
    return run.returncode


if __name__ == "__main__":
    raise SystemExit(main())
