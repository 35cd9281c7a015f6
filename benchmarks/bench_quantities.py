"""Speed of verifier.quantities, run by hand (not a test).

    python3 benchmarks/bench_quantities.py [--dev PATH] [--repeat N]

Prints four figures:
  * in-process batch: cases/s of ``extract`` over the dev.jsonl texts;
  * in-process jsonl: cases/s of the batch entry point (JSON lines in and out) in this process;
  * end-to-end batch: cases/s of ``python -m verifier.quantities --jsonl`` over the same
    cases, run from this source tree (start-up and import included, as score.py --batch
    measures it; a second process is forked when a CPU is idle), then the same with
    ``--jobs=1`` (one process);
  * installed command: the same through the ``verifier`` script next to this Python, with
    the kind of install it is (regular or editable), since start-up depends on it: a
    regular install (``pip install .``) compiles bytecode at install time, while an
    editable one (``pip install -e .``) imports setuptools' finder hook at every start
    (~25 ms) and, where ``PYTHONDONTWRITEBYTECODE`` is set, compiles the package's source
    at every start (~50 ms);
  * articles: KB/s of ``extract`` over ``sources/*.md`` repeated to ~1 MB.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.quantities import extract  # noqa: E402

DEFAULT_DEV = ROOT.parent / "shared" / "quantities" / "dev.jsonl"


def best_of(fn, repeat: int) -> float:
    """Best wall time of ``repeat`` runs of ``fn`` (seconds)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def bench_cases(lines: list[str], repeat: int) -> None:
    """In-process and end-to-end batch throughput over the dev cases."""
    texts = [json.loads(x)["text"] for x in lines]
    wall = best_of(lambda: [extract(t) for t in texts], repeat)
    print(f"in-process batch : {len(texts) / wall:9.0f} cases/s  ({len(texts)} cases, "
          f"{wall * 1000:.1f} ms)")
    payload = "".join(lines)
    from verifier.quantities import main_jsonl

    wall = best_of(lambda: main_jsonl(io.StringIO(payload), io.StringIO()), repeat)
    print(f"in-process jsonl : {len(texts) / wall:9.0f} cases/s  (main_jsonl: JSON in, JSON out, "
          f"{wall * 1000:.1f} ms)")

    def run(*extra: str) -> None:
        subprocess.run([sys.executable, "-m", "verifier.quantities", "--jsonl", *extra],
                       input=payload.encode(), capture_output=True, check=True, cwd=ROOT)

    wall = best_of(run, repeat)
    print(f"end-to-end batch : {len(texts) / wall:9.0f} cases/s  ({wall * 1000:.1f} ms, "
          f"{sys.executable} start-up included)")
    wall = best_of(lambda: run("--jobs=1"), repeat)
    print(f"  one process    : {len(texts) / wall:9.0f} cases/s  ({wall * 1000:.1f} ms, "
          f"--jobs=1)")
    script = Path(sys.executable).with_name("verifier")
    if script.exists():
        wall = best_of(lambda: subprocess.run([str(script), "quantities", "--jsonl"],
                                              input=payload.encode(), capture_output=True,
                                              check=True, cwd=ROOT.parent), repeat)
        print(f"installed command: {len(texts) / wall:9.0f} cases/s  ({wall * 1000:.1f} ms, "
              f"{script} quantities --jsonl, {install_kind()} install)")
    start = best_of(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), repeat)
    imp = best_of(lambda: subprocess.run([sys.executable, "-c", "import verifier.quantities"],
                                         check=True, cwd=ROOT), repeat)
    print(f"  of which       : interpreter {start * 1000:.0f} ms, "
          f"import {max(imp - start, 0) * 1000:.0f} ms")


def install_kind() -> str:
    """"editable" or "regular": how ``verifier`` is installed in this Python's environment."""
    import sysconfig
    from importlib.metadata import distributions

    # Only site-packages: the source tree's verifier.egg-info (on sys.path here) says nothing.
    found = list(distributions(name="verifier", path=[sysconfig.get_paths()["purelib"]]))
    if not found:
        return "no"
    direct = found[0].read_text("direct_url.json") or "{}"
    return "editable" if json.loads(direct).get("dir_info", {}).get("editable") else "regular"


def bench_articles(repeat: int) -> None:
    """Throughput over the corpus articles, repeated to about 1 MB."""
    docs = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "sources").glob("*.md"))]
    if not docs:
        print("articles         : no sources/*.md")
        return
    size = sum(len(d.encode()) for d in docs)
    copies = max(1, 1_000_000 // size)
    corpus = docs * copies
    wall = best_of(lambda: [extract(d) for d in corpus], repeat)
    kb = size * copies / 1000
    print(f"articles         : {kb / wall:9.0f} KB/s  ({len(docs)} articles x {copies}, "
          f"{kb:.0f} KB in {wall * 1000:.0f} ms)")


def main() -> int:
    """Run all benchmarks."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev", type=Path, default=DEFAULT_DEV)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    if args.dev.exists():
        lines = [x if x.endswith("\n") else x + "\n"
                 for x in args.dev.read_text(encoding="utf-8").splitlines() if x.strip()]
        bench_cases(lines, args.repeat)
    else:
        print(f"no {args.dev}; skipping the case benchmarks")
    bench_articles(args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
