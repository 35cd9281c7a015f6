"""Speed of verifier.extract.derivations, run by hand (not a test).

    python3 benchmarks/bench_derivations.py [--sentences N] [--repeat N]

Prints:
  * sentences/s of ``derivations`` alone over a synthetic set (figures read beforehand), and
    of figure reading plus ``derivations`` (what the claim layer would pay);
  * microseconds per figure for one sentence of 50, 100, 200 and 400 figures: flat when
    the work is linear in the sentence.

The synthetic sentences fill templates of every construction (English and Chinese) with random
figures; they are made up here, never taken from a corpus.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_quantities import best_of  # noqa: E402  (one timing helper for the benchmarks)
from verifier.extract.context import article_figures  # noqa: E402
from verifier.extract.derivations import derivations  # noqa: E402

TEMPLATES = (
    "Spending rose to ${b} million from ${a} million, an increase of {p}%.",
    "Ridership was {b} million, up {p}% from {a} million year on year.",
    "Unemployment fell to {x}% from {y}%, a drop of {d} percentage points.",
    "{n} of {m} patients ({p}%) had side effects.",
    "Cases reached {b}, three times higher than the {a} recorded last year.",
    "The harvest doubled to {b} tonnes from {a} tonnes.",
    "Inspectors rated {n} schools high, {m} medium and {a} low, {b} in all.",
    "The town recorded {x} births for every 1,000 people.",
    "今年粮食产量{b}万吨，比上年的{a}万吨增长{p}%。",
    "失业率由{y}%降至{x}%，下降{d}个百分点。",
    "出口量从{a}万辆增长到{b}万辆，翻了一番。",
    "{m}名受访者中有{n}人，占{p}%。",
    "Asked about the plan, {n}% were for, {a}% against and {x}% undecided.",
    "The mayor spoke for an hour about the {n} new buses and the weather.",
)


def sentence(rng: random.Random) -> str:
    """One synthetic sentence with random figures."""
    a, b = rng.randint(100, 900), rng.randint(900, 2000)
    x, y = round(rng.uniform(2, 6), 1), round(rng.uniform(2, 6), 1)
    return rng.choice(TEMPLATES).format(a=a, b=b, n=rng.randint(10, 90), m=rng.randint(100, 900),
                                        p=round(rng.uniform(1, 40), 1), x=x, y=y, d=round(abs(x - y), 1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sentences", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(7)
    texts = [sentence(rng) for _ in range(args.sentences)]
    read = [(t, [f.q for f in article_figures(t)]) for t in texts]
    found = sum(len(derivations(t, (0, len(t)), figs)) for t, figs in read)

    alone = best_of(lambda: [derivations(t, (0, len(t)), figs) for t, figs in read], args.repeat)
    whole = best_of(lambda: [derivations(t, (0, len(t)), [f.q for f in article_figures(t)]) for t in texts], args.repeat)
    print(f"{len(texts)} sentences, {found} derivations")
    print(f"derivations alone:           {len(texts) / alone:10.0f} sentences/s")
    print(f"figures + derivations:       {len(texts) / whole:10.0f} sentences/s")

    for n in (50, 100, 200, 400):
        parts = [f"{rng.randint(100, 900)} {w}" for w in ("high", "medium", "low") * (n // 3)]
        long = ", ".join(parts) + f", {rng.randint(1000, 9000)} in all, up 12% from 7,000."
        figs = [f.q for f in article_figures(long)]
        t = best_of(lambda: derivations(long, (0, len(long)), figs), args.repeat)
        print(f"one sentence of {len(figs):4d} figures: {t / len(figs) * 1e6:8.1f} µs per figure")


if __name__ == "__main__":
    main()
