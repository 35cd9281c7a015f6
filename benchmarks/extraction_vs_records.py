"""How much of the curated records extraction reproduces, on the shipped corpus (run by hand).

    .venv/bin/python benchmarks/extraction_vs_records.py [ROOT] [--misses] [--spurious]

A recorded claim is *reproduced* when a proposed claim overlaps its anchor and gives the same
value (number, or low/high; ISO date for dates, all within 0.5 %), unit, subject and metric.
A proposal with a holder is *spurious* when it overlaps no recorded claim's anchor, or overlaps
only records it does not reproduce; proposals without a holder (figures the records leave out,
checked only within their sentence) are counted apart, under *unheld*. Prints the shares per
source and overall; ``--misses`` and ``--spurious`` list the claims behind them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.extract import extract_claims  # noqa: E402
from verifier.extract.corpus import corpus_lexicon  # noqa: E402
from verifier.ingest.corpus import load_corpus  # noqa: E402


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return abs(a - b) <= 0.005 * max(abs(a), abs(b), 1e-12)


def same(rec, prop) -> bool:
    """True when ``prop`` reproduces ``rec`` (value, unit, subject, metric)."""
    rv, pv = rec.value, prop.value
    if rec.subject != prop.subject or rec.metric != prop.metric or rv.unit != pv.unit:
        return False
    if rec.metric == "date":
        return rv.iso == pv.iso
    return _close(rv.number, pv.number) and _close(rv.low, pv.low) and _close(rv.high, pv.high)


def overlaps(a, b) -> bool:
    return a.anchor.start < b.anchor.end and b.anchor.start < a.anchor.end


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=str(ROOT))
    ap.add_argument("--misses", action="store_true", help="list recorded claims not reproduced")
    ap.add_argument("--spurious", action="store_true", help="list spurious proposals")
    args = ap.parse_args()
    corpus = load_corpus([Path(args.root)])
    tot_r = tot_ok = tot_p = tot_sp = tot_u = 0
    print(f"{'source':8} {'records':>7} {'reproduced':>10} {'share':>6} {'held':>8} {'spurious':>8} {'share':>6} {'unheld':>7}")
    for sid, src in sorted(corpus.sources.items()):
        recs = [c for c in corpus.claims if c.source == sid and c.status != "rejected"]
        every = extract_claims(src, corpus.external, corpus_lexicon(corpus))  # the corpus subjects.yaml, as audit reads it
        props = [p for p in every if p.subject]
        ok = [r for r in recs if any(overlaps(r, p) and same(r, p) for p in props)]
        spurious = [p for p in props if not any(overlaps(r, p) and same(r, p) for r in recs)]
        unheld = len(every) - len(props)
        tot_r, tot_ok, tot_p, tot_sp, tot_u = tot_r + len(recs), tot_ok + len(ok), tot_p + len(props), tot_sp + len(spurious), tot_u + unheld
        print(f"{sid:8} {len(recs):7} {len(ok):10} {len(ok) / max(1, len(recs)):6.1%} {len(props):8} {len(spurious):8} "
              f"{len(spurious) / max(1, len(props)):6.1%} {unheld:7}")
        if args.misses:
            for r in recs:
                if r not in ok:
                    near = [p for p in props if overlaps(r, p)]
                    got = "; ".join(f"{p.subject}/{p.metric}/{p.value.number or (p.value.low, p.value.high) or p.value.iso} {p.value.unit}" for p in near) or "-"
                    print(f"   MISS {r.id} {r.anchor.quote!r} want {r.subject}/{r.metric}/{r.value.number or (r.value.low, r.value.high) or r.value.iso} {r.value.unit} got {got}")
        if args.spurious:
            for p in spurious:
                print(f"   SPUR {p.anchor.start} {p.anchor.quote!r} {p.subject}/{p.metric}/{p.value.number or (p.value.low, p.value.high) or p.value.iso} {p.value.unit} {p.comparison}")
    print(f"{'overall':8} {tot_r:7} {tot_ok:10} {tot_ok / max(1, tot_r):6.1%} {tot_p:8} {tot_sp:8} {tot_sp / max(1, tot_p):6.1%} {tot_u:7}")


if __name__ == "__main__":
    main()
