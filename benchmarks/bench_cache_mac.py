"""Cost of checking cache entries' HMAC tags (:mod:`verifier.ingest.sealed`) on a cache hit, run
by hand (not a test).

    .venv/bin/python benchmarks/bench_cache_mac.py [--articles 1000] [--repeat 5]

Writes a synthetic corpus (:mod:`benchmarks.synth_corpus`, files dated an hour back), audits it
once with ``--format jsonl`` into a fresh cache folder (filling the article, extraction and
results caches and a re-audit snapshot), then, in this process, for each cache file: the time to
check every entry's tag (:meth:`~verifier.ingest.sealed.Seal.open`) against the time to decode it as
a hit does (unpickle, or the extraction cache's JSON head), best of ``--repeat``, per entry; and
for the snapshot, reading it part by part with the tags checked against the tags' HMAC alone.
CPU time of one process: a ratio, steadier than wall time on a loaded machine.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sqlite3
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _best(repeat: int, work) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    from synth_corpus import write_corpus

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_corpus(root / "corpus", args.articles)
        sources = root / "corpus" / "sources"
        then = time.time() - 3600
        for p in sources.glob("*.md"):
            os.utime(p, (then, then))
        cache = root / "cache"
        env = dict(os.environ, VERIFIER_CACHE_DIR=str(cache))
        subprocess.run([sys.executable, "-m", "verifier", "audit", str(sources), "--format", "jsonl",
                        "-o", str(root / "report.jsonl")], env=env, check=True)
        os.environ["VERIFIER_CACHE_DIR"] = str(cache)
        _entries(cache, args.repeat)
        _snapshot(cache, args.repeat)


def _entries(cache: Path, repeat: int) -> None:
    from verifier.extract.cached import _decode
    from verifier.ingest import sealed

    decoders = {"articles-1": lambda v: pickle.loads(zlib.decompress(v)), "results-1": lambda v: pickle.loads(zlib.decompress(v)),
                "extraction-3": _decode}
    print(f"{'cache':<14}{'entries':>8}{'KB/entry':>10}{'tag µs':>9}{'decode µs':>11}{'tag/decode':>12}")
    for name, decode in decoders.items():
        with sqlite3.connect(cache / f"{name}.sqlite") as db:
            rows = list(db.execute("SELECT key, value FROM entries"))
        contexts = [f"{name}\0{k}" for k, _ in rows]
        sealer = sealed.current()  # as Entries.load takes it: once a load
        values = [sealer.open(c, v) for c, (_, v) in zip(contexts, rows)]
        assert all(v is not None for v in values)
        check = _best(repeat, lambda: [sealer.open(c, v) for c, (_, v) in zip(contexts, rows)])
        read = _best(repeat, lambda: [decode(v) for v in values])
        n = len(rows)
        size = sum(len(v) for _, v in rows) / n / 1024
        print(f"{name:<14}{n:>8}{size:>10.2f}{check / n * 1e6:>9.2f}{read / n * 1e6:>11.2f}{check / read:>12.1%}")


def _snapshot(cache: Path, repeat: int) -> None:
    from verifier.ingest import sealed

    (path,) = (cache / "runs-1").glob("*.pickle")
    context = f"runs-1\0{path.stem}"

    def checked() -> list:
        with path.open("rb") as handle:
            return list(sealed.load_parts(handle, context))

    parts = checked()
    plain = cache / "plain.pickle"  # the snapshot as written before tags: pickles one after another
    with plain.open("wb") as handle:
        for value in parts:
            pickle.dump(value, handle, pickle.HIGHEST_PROTOCOL)

    def unchecked() -> None:
        with plain.open("rb") as handle:
            for _ in parts:
                pickle.load(handle)

    with_tags, without = _best(repeat, checked), _best(repeat, unchecked)
    print(f"snapshot: {path.stat().st_size / 1024:.0f} KB, {len(parts)} parts: read with tags {with_tags * 1e3:.1f} ms, "
          f"unpickled alone {without * 1e3:.1f} ms ({with_tags / without - 1:+.1%})")


if __name__ == "__main__":
    main()
