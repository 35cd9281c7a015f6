"""Throughput of claim extraction, run by hand (not a test).

    .venv/bin/python benchmarks/bench_extract.py [--repeat N] [--sizes 5,50,200,1000] [--budget S]
    .venv/bin/python benchmarks/bench_extract.py --corpus DIR [DIR ...]

Prints KB/s (UTF-8 bytes of article bodies) of ``extract_claims``:

* over the shipped ``sources/*.md``, best of N passes after one warm-up pass (lexicon and
  parser built once);
* over one synthetic article per size of ``--sizes`` (KB), made by repeating the shipped
  bodies (Chinese and English, tables and lists) up to that size. Extraction is linear when
  KB/s stays roughly constant across sizes. Each size is measured twice: the whole of
  ``extract_claims``, and the claim layer alone (``verifier/extract/``, with the quantities of
  the article found beforehand), so that a slowdown can be put on the right layer. Sizes after
  one that took more than ``--budget`` seconds are skipped (a quadratic extractor would take
  minutes on 1 MB).

With ``--corpus``, prints instead the per-core rate of one pass of ``extract_claims`` over the
articles of the given folders (each article once, as ``verifier audit`` does with a cold cache),
after a warm-up pass over the shipped ``sources/`` (lexicon, unit registry and segmenter built,
caches of those other texts only). Run it a few times and take the median.
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.quantities.extract import article_quantities  # noqa: E402
from verifier.extract import extract_claims  # noqa: E402
from verifier.ingest.corpus import load_corpus  # noqa: E402
from verifier.extract.lexicon_files import load_lexicon  # noqa: E402
from verifier.models.source import Source  # noqa: E402


def best_of(fn, repeat: int, fresh: bool = True) -> tuple[float, object]:
    """(best wall time in seconds of ``repeat`` runs of ``fn``, its last result). ``fresh``
    forgets the quantities an earlier run read (``article_quantities`` remembers an article's),
    so that each run does the whole work."""
    best, out = float("inf"), None
    for _ in range(repeat):
        if fresh:
            article_quantities.cache_clear()
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def synthetic(sources: list[Source], kb: int) -> Source:
    """One article of about ``kb`` KB (UTF-8): the shipped bodies repeated, cut at a blank line."""
    base = "\n\n".join(s.body.strip("\n") for s in sources) + "\n\n"
    target = kb * 1024
    copies = target // len(base.encode("utf-8")) + 1
    body = (base * copies).encode("utf-8")[:target].decode("utf-8", errors="ignore")
    cut = body.rfind("\n\n")
    body = body[:cut + 1] if cut > 0 else body
    return sources[0].model_copy(update={"body": body})


@contextmanager
def quantities_found(body: str):
    """Within the block, the quantity layer answers for ``body`` from a result computed first
    (runs inside it pass ``fresh=False``)."""
    article_quantities.cache_clear()
    article_quantities(body)
    yield


def bench_corpus(sources: list[Source], external: dict, repeat: int) -> None:
    """KB/s over the shipped articles."""
    size = sum(len(s.body.encode("utf-8")) for s in sources)
    for s in sources:
        extract_claims(s, external)
    wall, n = best_of(lambda: sum(len(extract_claims(s, external)) for s in sources), repeat)
    print(f"shipped corpus : {size / 1024 / wall:8.1f} KB/s  ({len(sources)} articles, {size / 1024:.1f} KB, "
          f"{n} claims, {wall * 1000:.1f} ms per pass)")


def bench_sizes(sources: list[Source], external: dict, sizes: list[int], repeat: int, budget: float) -> None:
    """KB/s on one synthetic article per size, whole and claim layer only; larger sizes are run once."""
    print("  size       extract_claims          claim layer only (quantities found beforehand)")
    for kb in sizes:
        art = synthetic(sources, kb)
        size = len(art.body.encode("utf-8"))
        runs = repeat if size <= 64 * 1024 else 1
        wall, claims = best_of(lambda: extract_claims(art, external), runs)
        with quantities_found(art.body):
            layer, _ = best_of(lambda: extract_claims(art, external), runs, fresh=False)
        print(f"{size / 1024:6.0f} KB  {size / 1024 / wall:8.1f} KB/s {wall:7.2f} s   {size / 1024 / layer:8.1f} KB/s "
              f"{layer:7.2f} s   ({len(claims)} claims, best of {runs})", flush=True)
        if wall > budget:
            print(f"  (over the {budget:.0f} s budget: larger sizes skipped)")
            break


def bench_folders(folders: list[str]) -> None:
    """KB/s of one pass over the articles of ``folders``, after a warm-up on the shipped corpus."""
    warm = load_corpus([ROOT], with_records=False)
    for s in warm.sources.values():
        extract_claims(s, warm.external, load_lexicon(None, tuple(warm.lexicon_files)))
    jobs = []
    for folder in folders:
        corpus = load_corpus([Path(folder)], with_records=False)
        lexicon = load_lexicon(None, tuple(corpus.lexicon_files))
        jobs += [(s, corpus.external, lexicon) for _, s in sorted(corpus.sources.items())]
    size = sum(len(s.body.encode("utf-8")) for s, _, _ in jobs)
    t0 = time.perf_counter()
    n = sum(len(extract_claims(*job)) for job in jobs)
    wall = time.perf_counter() - t0
    print(f"{size / 1024 / wall:8.1f} KB/s  ({len(jobs)} articles, {size / 1024:.1f} KB, {n} claims, {wall:.2f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--sizes", default="5,50,200,1000", help="synthetic article sizes in KB, comma-separated")
    ap.add_argument("--budget", type=float, default=120.0, help="seconds after which larger sizes are skipped")
    ap.add_argument("--corpus", nargs="+", metavar="DIR", help="time one pass over these folders' articles instead")
    args = ap.parse_args()
    if args.corpus:
        bench_folders(args.corpus)
        return
    corpus = load_corpus([ROOT], with_records=False)
    sources = sorted(corpus.sources.values(), key=lambda s: s.id)
    bench_corpus(sources, corpus.external, args.repeat)
    bench_sizes(sources, corpus.external, [int(x) for x in args.sizes.split(",") if x], args.repeat, args.budget)


if __name__ == "__main__":
    main()
