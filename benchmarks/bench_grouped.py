"""The rules on groups of articles against the rules on the whole corpus, run by hand (not a test).

    VERIFIER_CACHE_DIR=/tmp/cache .venv/bin/python benchmarks/bench_grouped.py PATH [PATH ...] [--no-check]

Loads and extracts the corpus as ``verifier audit`` does (the extraction cache makes a second
run fast), then prints the grouping (:func:`verifier.rules.groups.grouped`: groups, extras, the
largest group's share of articles and of claims) and, unless ``--no-check``, the time of
:func:`verifier.engine.check` and of :func:`verifier.rules.groups.check_grouped` and whether
their findings (as JSON, in order) and checked claims are identical.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from verifier.engine import check
from verifier.extract.corpus import extract_missing
from verifier.ingest.corpus import load_corpus
from verifier.rules.context import Context
from verifier.rules.groups import check_grouped, grouped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--no-check", action="store_true", help="print the grouping only")
    args = parser.parse_args()
    t = time.perf_counter()
    corpus = load_corpus(args.paths)
    extract_missing(corpus)
    n, m = len(corpus.sources), len(corpus.claims)
    print(f"load and extract: {time.perf_counter() - t:.1f} s, {n} articles, {m} claims")
    t = time.perf_counter()
    g = grouped(corpus)
    per = Counter(c.source for c in corpus.claims)
    articles = max(map(len, g.groups))
    claims = max(sum(per[s] for s in group) for group in g.groups)
    print(f"grouping: {time.perf_counter() - t:.1f} s, {len(g.groups)} groups, {len(g.extras)} extras; largest "
          f"{articles} articles ({100 * articles / n:.2f}%), {claims} claims ({100 * claims / max(m, 1):.2f}%)")
    if args.no_check:
        return 0
    t = time.perf_counter()
    ctx = Context(corpus)
    whole = [f.model_dump_json() for f in check(ctx)]
    print(f"check: {time.perf_counter() - t:.1f} s, {len(whole)} findings, {len(ctx.checked)} checked")
    t = time.perf_counter()
    found, checked = check_grouped(corpus)
    same = [f.model_dump_json() for f in found] == whole
    print(f"check_grouped: {time.perf_counter() - t:.1f} s (grouping included); findings identical: {same}; "
          f"checked identical: {checked == ctx.checked}")
    return 0 if same and checked == ctx.checked else 1


if __name__ == "__main__":
    raise SystemExit(main())
