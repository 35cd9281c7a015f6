"""Growth of a full ``verifier audit`` with the input, by shape of input; run by hand (not a test).

    .venv/bin/python benchmarks/bench_shapes.py --audit [--scale K] [--only table,bare] [--timeout S] [--repeat N]

Each shape is written at size 1x and 4x into a fresh folder and audited by ``verifier audit
DIR --format json`` in a fresh process with the caches off (``VERIFIER_CACHE_DIR=off``), as
``../shared/hooks/shapes.py`` does. For each it prints wall seconds and peak resident memory
(the child's own ``ru_maxrss``, read with :func:`os.wait4`) at both sizes and their ratios.
Start-up (an article with no figure) is taken off the times before the ratio: linear work
grows ~4x, quadratic ~16x.

All text is generated here from templates about made-up towns, firms and products; none is
taken from a corpus.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Callable

FRONT = "---\nid: {id}\nlanguage: en\ntier: secondary\n---\n\n"
"""Front matter of each generated article."""

_SYLLABLES = ("nor", "wel", "bran", "tor", "mis", "ca", "dell", "fen", "ro", "vask", "lin", "ster")


def _holder(i: int) -> str:
    """The ``i``-th made-up company name ('Norwel Holdings'), distinct for ``i`` < 144."""
    a, b = _SYLLABLES[i % 12], _SYLLABLES[(i // 12 + 5) % 12]
    return f"{(a + b).capitalize()} {('Holdings', 'Utilities', 'Foods', 'Motors', 'Group')[i % 5]}"


def table(n: int) -> dict[str, str]:
    """One article: a price table of 250 * ``n`` rows."""
    rows = "".join(f"| Kestrel K{i} | {30000 + i} | {50 + i % 40} |\n" for i in range(250 * n))
    return {"t.md": FRONT.format(id="t") + "Prices.\n\n| model | price (USD) | battery (kWh) |\n|---|---:|---:|\n" + rows}


def repeated(n: int) -> dict[str, str]:
    """One article: one line holding the same sentence with three figures 60 * ``n`` times."""
    line = "The Kestrel K7 costs $42,000 and has a 78 kWh battery, 12 % more than the K5. " * (60 * n)
    return {"a.md": FRONT.format(id="a") + line + "\n"}


def rate(n: int) -> dict[str, str]:
    """One article: 'Rate was 1%.' 250 * ``n`` times on one line."""
    return {"r.md": FRONT.format(id="r") + "Rate was 1%. " * (250 * n) + "\n"}


def bare(n: int) -> dict[str, str]:
    """One article: 250 * ``n`` bare figures on one line ('1 1 1 ...')."""
    return {"b.md": FRONT.format(id="b") + " ".join(["1"] * (250 * n)) + "\n"}


def dense(n: int) -> dict[str, str]:
    """One article of ~32 KB * ``n``: short paragraphs, each one sentence with four figures."""
    paras = (f"In district {i}, the council counted {1000 + 7 * i} homes, up {i % 9 + 1}% from {900 + 5 * i} "
             f"last year, and spent ${2 + i % 5}.{i % 10} million.\n\n" for i in range(300 * n))
    return {"d.md": FRONT.format(id="d") + "".join(paras)}


def archive(n: int) -> dict[str, str]:
    """25 * ``n`` short articles, each with a figure of its own and the boilerplate of one of
    fifty holders: a press-release footer, a wire disclaimer and a market line."""
    out = {}
    for i in range(25 * n):
        h = _holder(i % 50)
        text = (f"{h} reported {100 + i} outages in ward {i}, down {i % 7 + 1}% from a year earlier. "
                f"{h} serves about 1.3 million customers and employs around 4,200 people. "
                f"Shares of {h} closed up 2% at $48.10.\n\n"
                "This report was produced by the Example Wire desk; figures were supplied by the company "
                "and have not been independently verified.\n")
        out[f"n{i:04d}.md"] = FRONT.format(id=f"n{i:04d}") + text
    return out


SHAPES: dict[str, Callable[[int], dict[str, str]]] = {
    "table": table, "repeated": repeated, "rate": rate, "bare": bare, "dense": dense, "archive": archive,
}
"""The shapes by name, each a function of the size factor to {file name: text}."""


def run(verifier: str, files: dict[str, str], timeout: float) -> tuple[float, float, int]:
    """(wall seconds, peak resident MiB, exit code) of one audit of ``files`` in a fresh process;
    wall is ``inf`` when it ran past ``timeout`` seconds (the process is killed)."""
    with tempfile.TemporaryDirectory() as td:
        d = Path(td) / "c"
        d.mkdir()
        for name, text in files.items():
            (d / name).write_text(text, encoding="utf-8")
        env = dict(os.environ, VERIFIER_CACHE_DIR="off")
        t0 = time.perf_counter()
        p = subprocess.Popen([verifier, "audit", str(d), "--format", "json", "-o", os.devnull],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - t0 > timeout:
                p.kill()
                _, status, usage = os.wait4(p.pid, 0)
                return float("inf"), usage.ru_maxrss / 1024, -9
            time.sleep(0.02)
        p.returncode = os.waitstatus_to_exitcode(status)  # reaped here: keep Popen from waiting again
        return time.perf_counter() - t0, usage.ru_maxrss / 1024, p.returncode


def best(verifier: str, files: dict[str, str], timeout: float, repeat: int) -> tuple[float, float, int]:
    """:func:`run` ``repeat`` times: the fastest run (others' load on a shared machine only slows one down)."""
    return min((run(verifier, files, timeout) for _ in range(repeat)), key=lambda r: r[0])


def main(verifier: str, scale: int, only: list[str], timeout: float, repeat: int = 1) -> None:
    """Print one line per shape: seconds and MiB at 1x and 4x (the fastest of ``repeat`` runs),
    and the growth of each."""
    base = best(verifier, {"e.md": FRONT.format(id="e") + "Nothing to count here.\n"}, timeout, max(2, repeat))[0]
    print(f"start-up {base:.2f} s; sizes 1x = scale {scale}, 4x = scale {4 * scale}; cache off; best of {repeat}", flush=True)
    for name in only:
        t1, m1, rc1 = best(verifier, SHAPES[name](scale), timeout, repeat)
        t4, m4, rc4 = best(verifier, SHAPES[name](4 * scale), timeout, repeat) if t1 != float("inf") else (float("inf"), 0.0, -9)
        if t4 == float("inf"):
            print(f"{name:>9}: {t1:6.1f} s {m1:6.0f} MiB -> over {timeout:.0f} s at 4x", flush=True)
            continue
        work = max(t4 - base, 0.01) / max(t1 - base, 0.01)
        flag = "  <- faster than linear" if work > 5 and t4 > base + 0.5 else ""
        print(f"{name:>9}: {t1:6.1f} s {m1:6.0f} MiB -> {t4:6.1f} s {m4:6.0f} MiB at 4x "
              f"(work x{work:.1f}, memory x{m4 / m1:.1f}; exit {rc1}/{rc4}){flag}", flush=True)
