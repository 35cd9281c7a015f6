"""A long fuzzing campaign of the readers, run by hand (not a test).

    .venv/bin/python benchmarks/fuzz_readers.py --examples 20000

Runs the properties of ``tests/test_fuzz_readers.py`` (a Source or a one-line InputError,
never another exception; the body is the text after the front matter; offsets map to lines)
on random articles, without derandomising, and prints the inputs tried and the failures with
the first few failing inputs. Exit 1 when any failed.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import test_fuzz_readers as props  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=5000, help="inputs per reader family")
    args = parser.parse_args()
    tried, failures = 0, []

    def run(text: str, name: str) -> None:
        nonlocal tried
        tried += 1
        try:
            props._check(text, name)
        except Exception:  # counted, not raised: the campaign goes on
            failures.append((name, text, traceback.format_exc(limit=3)))

    campaign = settings(max_examples=args.examples, deadline=None, database=None,
                        suppress_health_check=list(HealthCheck))
    campaign(given(props.articles(), st.sampled_from(["a.md", "a.txt", "a", "a.markdown"]))(run))()
    html_lines = st.lists(st.one_of(props.LINES, st.sampled_from(["<article>", "</article>", "<p>", "</p>", "<table><tr><td>1</td></tr></table>"])), max_size=15)
    campaign(given(html_lines)(lambda lines: run("<!DOCTYPE html><html><body>" + "\n".join(lines) + "</body></html>", "a.html")))()
    print(f"inputs tried: {tried}; failures: {len(failures)}")
    for name, text, tb in failures[:3]:
        print(f"--- {name}: {text[:200]!r}\n{tb}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
