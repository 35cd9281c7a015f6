"""Article throughput of claim extraction, run by hand (not a test).

    .venv/bin/python benchmarks/bench_extract.py [--repeat N]

Prints KB/s (UTF-8 bytes of article bodies) of ``extract_claims`` over the shipped
``sources/*.md``, best of N passes, after one warm-up pass (lexicon and parser built once).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.extract import extract_claims  # noqa: E402
from verifier.ingest.corpus import load_corpus  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    corpus = load_corpus([ROOT], with_records=False)
    sources = list(corpus.sources.values())
    size = sum(len(s.body.encode("utf-8")) for s in sources)
    for s in sources:
        extract_claims(s, corpus.external)
    best = float("inf")
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        n = sum(len(extract_claims(s, corpus.external)) for s in sources)
        best = min(best, time.perf_counter() - t0)
    print(f"extract_claims: {size / 1024 / best:8.1f} KB/s  ({len(sources)} articles, {size / 1024:.1f} KB, "
          f"{n} claims, {best * 1000:.1f} ms per pass)")


if __name__ == "__main__":
    main()
