"""Long fuzz campaign of the quantity layer, the claim extractor and the article reader, run by hand.

    python3 benchmarks/fuzz_quantities.py [--examples N] [--seed S] [--only quantities|claims|reader|audit]

Draws ``N`` texts per target from :mod:`tests.strategies` (the grammar of numbers mixed with
noise, both languages) and checks the properties of :mod:`tests.fuzz_properties` on each: the
same properties as ``tests/test_fuzz.py``, which runs 200 derandomized examples in CI, plus
one the tests leave out for time: ``audit``, two such articles extracted, audited by every
enabled rule and rendered in every format (no rule crashes, strict JSON). Unlike a
test, the campaign does not stop at the first failure: every input is tried, each failure is
counted, and one shortest input is kept per distinct failure (exception type and the line it
was raised on), so one run reports all the bugs it met. Prints, per target, the inputs tried,
the failures and the distinct ones with their shortest input; exits 1 when any input failed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

from hypothesis import strategies as st  # noqa: E402

from tests.fuzz_properties import check_article_file, check_audit, check_claims, check_quantities  # noqa: E402
from tests.strategies import article_files, texts  # noqa: E402


class Tally:
    """Inputs tried and failures of one target; the shortest input per distinct failure."""

    def __init__(self) -> None:
        self.tried = 0
        self.failed = 0
        self.distinct: dict[str, str] = {}

    def run(self, check, text: str | tuple[str, ...], *args) -> None:
        """Check one input, recording a failure instead of raising it."""
        self.tried += 1
        try:
            check(text, *args)
        except Exception as err:  # a failure of the property, whatever it is, is what we count
            self.failed += 1
            frame = traceback.extract_tb(err.__traceback__)[-1]
            key = f"{type(err).__name__} at {Path(frame.filename).name}:{frame.lineno}: {str(err)[:120]}"
            if key not in self.distinct or len(str(text)) < len(str(self.distinct[key])):
                self.distinct[key] = text


def campaign(name: str, strategy, check, examples: int, rng_seed: int, folder: Path | None = None) -> Tally:
    """Run ``check`` on ``examples`` inputs drawn from ``strategy`` (generation only: no shrinking
    and no example database, so the count is exact and the run is reproducible from the seed)."""
    tally = Tally()
    extra = (folder,) if folder is not None else ()

    @seed(rng_seed)
    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def body(text: str) -> None:
        tally.run(check, text, *extra)

    start = time.perf_counter()
    body()
    took = time.perf_counter() - start
    print(f"{name:<11} {tally.tried:>8} inputs  {tally.failed:>6} failures  {len(tally.distinct):>3} distinct  ({took:.0f} s)")
    for key, text in sorted(tally.distinct.items()):
        print(f"    {key}\n        shortest input: {str(text)[:300]!r}")
    return tally


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run the campaign, print the counts; 1 when an input failed."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--examples", type=int, default=20_000, help="inputs drawn per target (default 20000)")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("--only", choices=("quantities", "claims", "reader", "audit"), help="run one target")
    args = ap.parse_args(argv)
    tallies = []
    with tempfile.TemporaryDirectory() as tmp:
        targets = {
            "quantities": (texts(), check_quantities, None),
            "claims": (texts(max_pieces=25), check_claims, None),
            "reader": (article_files(), check_article_file, Path(tmp)),
            "audit": (st.tuples(texts(max_pieces=25), texts(max_pieces=25)), check_audit, None),
        }
        for name, (strategy, check, folder) in targets.items():
            if args.only in (None, name):
                tallies.append(campaign(name, strategy, check, args.examples, args.seed, folder))
    tried, failed = sum(t.tried for t in tallies), sum(t.failed for t in tallies)
    print(f"total       {tried:>8} inputs  {failed:>6} failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
