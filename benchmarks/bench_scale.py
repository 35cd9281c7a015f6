"""Scale of `verifier audit` on synthetic corpora of 1,000 to 100,000 articles, run by hand (not a test).

    .venv/bin/python benchmarks/bench_scale.py [--sizes 1000 10000] [--full] [--format json|jsonl] [--reaudit] [--keep DIR]

For each size N, writes a corpus with :mod:`benchmarks.synth_corpus` (not timed; with a
subjects.yaml naming its cities when ``--lexicon``), runs
``verifier audit SOURCES --format FMT -o REPORT`` as a subprocess of the same environment
(claims are extracted: the corpus has no records) and prints:

* wall and CPU time (user + system of the audit and the processes it waited for, from
  ``os.wait4``), the CPU/wall ratio showing how much of the run used both cores;
* peak memory twice: the largest single process (``ru_maxrss``) and the whole process tree
  (the sum of the proportional resident sets of the audit and its workers, sampled from /proc
  every 0.1 s, less often as a sample costs more (:data:`SAMPLE_SHARE`): a forked worker shares the audit's pages, which a sum of resident sets would
  count once per process);
* MB/s of article text (UTF-8 bytes of the bodies) over wall time, KB per CPU-second (steadier
  on a loaded machine), and the audit's MB/s over markdown-it-py's
  parse rate on the same texts, measured in this process in the same run (one core, best of 3);
* recall of the planted contradictions, per language: a planted one is found when one
  finding's claims include a claim over each of its two figures (offsets overlap). Findings
  not over any planted pair are counted apart: false alarms, or a planted figure set against
  a third article on its city (true). Findings over articles on two cities are false alarms
  by construction (each city has one set of true figures), counted per severity. Recall
  needs the claims' offsets: from the report's claims (``--format json``), or, for a JSON Lines
  report, which lists none, by extracting the articles its findings name again (not timed);
* the log-log slope of wall time between consecutive sizes (1.0 is linear).
* with ``--reaudit``: the first audit fills a fresh cache; one article in 100 is edited (a
  paragraph with a figure appended) and the corpus audited again with that cache and without
  any, printing both wall times, their ratio (issue 12 asks at most 5%) and whether the two
  runs' findings are identical. The first audit starts once the corpus has been written for
  :data:`verifier.ingest.article_cache.RACY_NS`, as an archive's files have: the article cache
  trusts no file modified that shortly before it was read, so a corpus audited the moment it
  is written would be read again whole by the re-audit.

``--full`` adds N = 100,000 (tens of minutes and several GB today). The machine's load is
printed at the start: other processes on its two cores make wall times longer.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.synth_corpus import city_of, write_corpus  # noqa: E402

SAMPLE_EVERY = 0.1
"""Fewest seconds between two samples of the process tree's proportional resident memory."""

SAMPLE_SHARE = 0.02
"""Most of one core the memory sampler may take: after a sample that took ``t`` seconds it
waits at least ``t / SAMPLE_SHARE``. The kernel walks every page of a process to sum its
``smaps_rollup`` (21 ms for a 2.3 GiB process, measured here) and holds the process's memory
map meanwhile, so sampling the 100,000-article audit every 0.1 s took about a fifth of one of
this machine's two cores from the run it measured."""


def _verifier() -> list[str]:
    """The ``verifier`` console script of this interpreter's environment, else ``python -m verifier``."""
    script = Path(sys.executable).parent / "verifier"
    return [str(script)] if script.exists() else [sys.executable, "-m", "verifier"]


def _tree_pss(pid: int) -> int:
    """Proportional resident bytes (PSS) of ``pid`` and all its descendants: a page shared by
    several processes (a forked worker's copy-on-write view of the audit's memory) counts once
    in total, split between them, where summing resident sets would count it in each. 0 for a
    process gone meanwhile."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/smaps_rollup") as fh:
                total += next(int(line.split()[1]) * 1024 for line in fh if line.startswith("Pss:"))
            with open(f"/proc/{p}/task/{p}/children") as fh:
                todo.extend(int(c) for c in fh.read().split())
        except (OSError, ValueError, StopIteration):
            continue
    return total


def run_audit(sources: Path, report: Path, fmt: str, cache: Path | None = None) -> dict:
    """Run the audit; return wall and CPU seconds, peak RSS (largest process, tree) in bytes, exit code.
    Without ``cache`` the caches are off (every run does the whole work); with it, they live there."""
    cmd = _verifier() + ["audit", str(sources), "--format", fmt, "-o", str(report)]
    t0 = time.perf_counter()
    env = dict(os.environ, VERIFIER_CACHE_DIR=str(cache) if cache else "off")
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            began = time.perf_counter()
            peak[0] = max(peak[0], _tree_pss(proc.pid))
            done.wait(max(SAMPLE_EVERY, (time.perf_counter() - began) / SAMPLE_SHARE))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    done.set()
    sampler.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    if proc.returncode not in (0, 1):
        raise SystemExit(f"audit failed ({proc.returncode}): {err.strip()[:2000]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "maxrss": usage.ru_maxrss * 1024, "tree": peak[0]}


CHANGED_EVERY = 100
"""With ``--reaudit``, one article in this many is edited (1%)."""


def edit_some(sources: Path) -> int:
    """Append a paragraph with a new figure to one article in :data:`CHANGED_EVERY` (in name
    order); return how many were edited."""
    edited = 0
    for i, path in enumerate(sorted(sources.glob("*.md"))):
        if i % CHANGED_EVERY == 0:
            with path.open("a", encoding="utf-8") as handle:
                handle.write("\nA late update to this report added that 17 new inspectors were hired.\n")
            edited += 1
    return edited


def findings_digest(report: Path) -> str:
    """sha1 of a JSON or JSON Lines report's findings."""
    import hashlib

    return hashlib.sha1(json.dumps(_read_report(report)[0], sort_keys=True).encode()).hexdigest()


def markdown_rate(sources: Path, repeat: int = 3) -> float:
    """markdown-it-py's parse rate in MB/s (UTF-8 bytes) over the bodies of ``sources``, best of ``repeat``."""
    from markdown_it import MarkdownIt

    texts = [p.read_text(encoding="utf-8").split("\n---\n", 1)[1] for p in sorted(sources.glob("*.md"))]
    size = sum(len(t.encode("utf-8")) for t in texts)
    md = MarkdownIt("commonmark")
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for t in texts:
            md.parse(t)
        best = min(best, time.perf_counter() - t0)
    return size / best / 1e6


def _read_report(report: Path) -> tuple[list[dict], list[dict] | None]:
    """(findings, claims) of a JSON report, or of a JSON Lines one (its findings; claims None:
    a totals-only report lists none)."""
    if report.suffix == ".jsonl":
        lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines() if line.strip()]
        return [x for x in lines if "rule" in x], None
    data = json.loads(report.read_text(encoding="utf-8"))
    return data["findings"], data["claims"]


def claim_spans(sources: Path, ids: set[str]) -> dict[str, tuple[str, int, int]]:
    """Claim id -> (article, start, end) for the articles of ``sources`` named by the ids
    (synthetic claim ids begin with their article's id: 'a000017-x003'), extracted again in this
    process, cache off: a JSON Lines report names claims without their offsets. Claim ids are
    a function of the article alone, so they are those of the audit."""
    os.environ["VERIFIER_CACHE_DIR"] = "off"
    from verifier.extract.corpus import extract_missing
    from verifier.ingest.corpus import load_corpus

    articles = sorted({i.split("-", 1)[0] for i in ids})
    corpus = load_corpus([sources / f"{a}.md" for a in articles if (sources / f"{a}.md").exists()])
    extract_missing(corpus)
    return {c.id: (c.source, c.anchor.start, c.anchor.end) for c in corpus.claims}


def recall(report: Path, planted: list[dict], city=None, sources: Path | None = None) -> dict:
    """Planted contradictions found, per language, the findings over no planted pair (``other``:
    false alarms, and true contradictions between a planted figure and a third article of its
    city), and, given ``city`` (article id -> its city, :func:`benchmarks.synth_corpus.city_of`),
    the findings over articles on two cities (``across``, per severity: false alarms by
    construction). The findings are indexed by the article of each of their claims, so a
    100,000-article report (512,543 findings, 4,989 planted pairs) is matched in 36 s, where
    every pair against every finding would take hours. A JSON Lines report needs ``sources``
    (its claims' offsets are found by :func:`claim_spans`)."""
    findings, claims = _read_report(report)
    if claims is None:
        if sources is None:
            raise ValueError("a JSON Lines report needs the sources folder to find its claims' offsets")
        spans = claim_spans(sources, {cid for f in findings for cid in f["claims"]})
    else:
        spans = {c["id"]: (c["source"], c["start"], c["end"]) for c in claims}
    data = {"findings": findings}
    across: dict[str, int] = defaultdict(int)
    if city is not None:
        for f in data["findings"]:
            if len({city(spans[cid][0]) for cid in f["claims"] if cid in spans}) > 1:
                across[f["severity"]] += 1
    by_source: dict[str, list[tuple[int, int, int]]] = defaultdict(list)  # article -> (start, end, finding)
    for i, f in enumerate(data["findings"]):
        for cid in f["claims"]:
            if (s := spans.get(cid)) is not None:
                by_source[s[0]].append((s[1], s[2], i))

    def over(fig: dict) -> set[int]:
        return {i for start, end, i in by_source.get(fig["source"], ()) if start < fig["end"] and fig["start"] < end}

    found = {"en": [0, 0], "zh": [0, 0]}
    explained: set[int] = set()
    for p in planted:
        found[p["lang"]][1] += 1
        hits = over(p["a"]) & over(p["b"])
        found[p["lang"]][0] += bool(hits)
        explained.update(hits)
    out = {"found": found, "other": len(data["findings"]) - len(explained), "findings": len(data["findings"])}
    return out | ({"across": dict(sorted(across.items()))} if city is not None else {})


def reaudit(out: Path, report: Path, fmt: str) -> None:
    """Edit 1% of the articles, audit again with the cache the first audit filled and without any
    cache; print both times, their ratio and whether their findings are identical."""
    edited = edit_some(out / "sources")
    warm = run_audit(out / "sources", out / f"warm.{fmt}", fmt, out / "cache")
    cold = run_audit(out / "sources", out / f"cold.{fmt}", fmt)
    same = findings_digest(out / f"warm.{fmt}") == findings_digest(out / f"cold.{fmt}")
    print(f"  re-audit after {edited} articles edited: {warm['wall']:.1f} s with the cache, {cold['wall']:.1f} s without "
          f"({warm['wall'] / cold['wall']:.1%}); findings {'identical' if same else 'DIFFER'}")


def main() -> int:
    """Generate, audit and measure each size; print one block per size and the slopes."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--full", action="store_true", help="also N = 100,000")
    ap.add_argument("--format", choices=["json", "jsonl"], default="json")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--lexicon", action="store_true", help="corpora with a subjects.yaml naming their cities")
    ap.add_argument("--keep", type=Path, help="write the corpora and reports here and keep them")
    ap.add_argument("--reaudit", action="store_true",
                    help="also: the first audit fills a fresh cache; edit 1%% of the articles; time the re-audit with "
                         "the cache against one without, and check both give the same findings")
    args = ap.parse_args()
    sizes = sorted(set(args.sizes + ([100_000] if args.full else [])))
    base = args.keep or Path(tempfile.mkdtemp(prefix="bench_scale_"))
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; verifier: {' '.join(_verifier())}; format {args.format}; "
          f"{'a subjects.yaml names the cities' if args.lexicon else 'no lexicon'}")
    rows = []
    try:
        for n in sizes:
            out = base / f"n{n}"
            if out.exists():
                shutil.rmtree(out)
            manifest = write_corpus(out, n, args.seed, lexicon=args.lexicon)
            if args.reaudit:
                from verifier.ingest.article_cache import RACY_NS

                time.sleep(RACY_NS / 1e9)  # an archive is older than that: see the module docstring
            report = out / f"report.{args.format}"
            r = run_audit(out / "sources", report, args.format, out / "cache" if args.reaudit else None)
            mb = manifest["bytes"] / 1e6
            md = markdown_rate(out / "sources")
            rate = mb / r["wall"]
            print(f"N={n:,}: {mb:.1f} MB of text, {len(manifest['planted'])} planted, report {report.stat().st_size / 1e6:.1f} MB")
            print(f"  wall {r['wall']:.1f} s, cpu {r['cpu']:.1f} s (cpu/wall {r['cpu'] / r['wall']:.2f}), "
                  f"peak RSS {r['maxrss'] / 2**20:.0f} MiB largest process, {r['tree'] / 2**20:.0f} MiB process tree (PSS)")
            print(f"  {rate:.3f} MB/s ({rate * 1e3:.0f} KB/s) wall, {mb / r['cpu'] * 1e3:.0f} KB per CPU-second, {n / r['wall']:.1f} articles/s; "
                  f"markdown-it-py {md:.1f} MB/s; audit / markdown-it = {rate / md:.4f}")
            rc = recall(report, manifest["planted"], city_of, out / "sources")
            per = ", ".join(f"{lang} {a}/{b}" for lang, (a, b) in rc["found"].items())
            total = sum(a for a, _ in rc["found"].values()), sum(b for _, b in rc["found"].values())
            wrong = ", ".join(f"{n} {sev}s" for sev, n in rc["across"].items()) or "none"
            print(f"  recall {total[0]}/{total[1]} ({per}); {rc['findings']} findings, {rc['other']} over no planted pair; "
                  f"over articles on two cities (false alarms): {wrong}")
            if args.reaudit:
                reaudit(out, report, args.format)
            rows.append((n, r["wall"]))
        for (n1, w1), (n2, w2) in zip(rows, rows[1:]):
            print(f"log-log slope of wall time {n1:,} -> {n2:,}: {math.log(w2 / w1) / math.log(n2 / n1):.2f}")
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
