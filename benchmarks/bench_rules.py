"""Time of the rules stage alone on a synthetic corpus, run by hand (not a test).

    .venv/bin/python benchmarks/bench_rules.py [--articles 1000] [--per-rule]

Writes a corpus with :mod:`synth_corpus` (deterministic), extracts its claims (not timed), then
times :func:`verifier.engine.check` over every enabled rule and prints the seconds and the
number of findings; with ``--per-rule``, each rule's own seconds, slowest first. Extraction is
left out so that a change to a rule is measured by itself (``bench_scale.py`` times the whole
audit as a user runs it).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import synth_corpus  # noqa: E402
from verifier.engine import check  # noqa: E402
from verifier.extract.corpus import extract_missing  # noqa: E402
from verifier.ingest.corpus import load_corpus  # noqa: E402
from verifier.rules.context import Context  # noqa: E402
from verifier.rules.registry import select_rules  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=1000)
    parser.add_argument("--per-rule", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        synth_corpus.write_corpus(Path(tmp), args.articles)
        corpus = load_corpus([Path(tmp)])
        extract_missing(corpus)
        t = time.perf_counter()
        found = check(Context(corpus))
        total = time.perf_counter() - t
        print(f"{args.articles:,} articles, {len(corpus.claims):,} claims: rules {total:.2f} s, {len(found)} findings")
        if args.per_rule:
            ctx = Context(corpus)
            times = []
            for r in select_rules():
                t = time.perf_counter()
                list(r.func(ctx))
                times.append((time.perf_counter() - t, r.code, r.name))
            for s, code, name in sorted(times, reverse=True)[:15]:
                print(f"  {code} {name:32s} {s:6.2f} s (memoised work shared with later rules)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
