"""Speed of `verifier audit` on synthetic corpora, run by hand (not a test).

    .venv/bin/python benchmarks/bench_audit.py [--articles 50 200 1000]

Writes made-up articles (each with a handful of figures about fictional accelerators, some
contradicting each other) and their claim records into a temporary folder, then times
loading the corpus and running every enabled rule, in process. Prints articles/s and
claims/s per size, so growth with corpus size is visible.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.engine import audit  # noqa: E402
from verifier.extract.corpus import extract_missing  # noqa: E402
from verifier.ingest.corpus import load_corpus  # noqa: E402

CHIPS = [f"Chip{i}" for i in range(40)]
MODELS = ["Atlas 70B", "Boreal 400B", "Cirrus 1T"]


def _claim(sid: str, body: str, n: int, quote: str, subject: str, metric: str, number: float, unit: str, scope: dict, comparison=None) -> dict:
    start = body.index(quote)
    return {
        "id": f"{sid}-c{n:03d}", "source": sid,
        "anchor": {"quote": quote, "start": start, "end": start + len(quote), "prefix": body[max(0, start - 32):start], "suffix": body[start + len(quote):start + len(quote) + 32]},
        "subject": subject, "metric": metric, "kind": "ratio" if comparison else "measurement",
        "value": {"printed": quote.split()[0], "number": number, "unit": unit, "resolution": 1 if float(number).is_integer() else 0.1},
        "approx": None, "scope": scope, "comparison": comparison,
        "attribution": {"origin": None, "said_by": None, "tier": "secondary"}, "status": "accepted", "note": None,
    }


def write_corpus(root: Path, n_articles: int, seed: int = 7) -> int:
    """Write ``n_articles`` articles and records under ``root``; return the number of claims."""
    rng = random.Random(seed)
    (root / "sources").mkdir(parents=True)
    (root / "claims").mkdir()
    total = 0
    for i in range(n_articles):
        sid = f"a{i:05d}"
        a, b = rng.sample(CHIPS, 2)
        model = rng.choice(MODELS)
        pa = rng.choice([700, 700, 700, 750])
        pb = rng.choice([1200, 1200, 1000])
        ta, tb = rng.randint(40, 90) * 1000, rng.randint(20, 45) * 1000
        ratio = round(ta / tb + rng.choice([0, 0, 0, 0.3]), 1)
        body = (f"{a} is rated at {pa} W and {b} at {pb} W. On {model}, {a} served {ta} tokens/s per kW "
                f"and {b} served {tb} tokens/s per kW, or {ratio} times more work per watt.\n")
        (root / "sources" / f"{sid}.md").write_text(f"---\nid: {sid}\ntitle: T{i}\nlanguages: [en]\ntier: secondary\n---\n{body}", encoding="utf-8")
        recs = [
            _claim(sid, body, 1, f"{pa} W", a, "power", pa, "W", {"basis": "rated"}),
            _claim(sid, body, 2, f"{pb} W", b, "power", pb, "W", {"basis": "rated"}),
            _claim(sid, body, 3, f"{ta} tokens/s per kW", a, "throughput_per_power", ta, "tokens/s/kW", {"model": model}),
            _claim(sid, body, 4, f"{tb} tokens/s per kW", b, "throughput_per_power", tb, "tokens/s/kW", {"model": model}),
            _claim(sid, body, 5, f"{ratio} times", a, "throughput_per_power", ratio, "x", {"model": model}, {"target": b, "relation": "ratio"}),
        ]
        (root / "claims" / f"{sid}.yaml").write_text(yaml.safe_dump(recs, allow_unicode=True, sort_keys=False), encoding="utf-8")
        total += len(recs)
    return total


def main() -> int:
    """Time load + audit for each corpus size."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, nargs="+", default=[50, 200, 1000])
    ap.add_argument("--no-records", action="store_true", help="delete the records: claims are extracted on the fly")
    args = ap.parse_args()
    for n in args.articles:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            claims = write_corpus(root, n)
            if args.no_records:
                for rec in (root / "claims").glob("*.yaml"):
                    rec.unlink()
            t0 = time.perf_counter()
            corpus = load_corpus([root])
            if args.no_records:
                extract_missing(corpus)
                claims = len(corpus.claims)
            t1 = time.perf_counter()
            report = audit(corpus)
            t2 = time.perf_counter()
            print(f"{n:6d} articles, {claims:6d} claims: load {t1 - t0:6.2f} s, audit {t2 - t1:6.2f} s "
                  f"({n / (t2 - t0):7.0f} articles/s, {claims / (t2 - t0):7.0f} claims/s), {len(report.findings)} findings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
