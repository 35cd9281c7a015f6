"""How many figures quoted by the press answer keys extraction covers, run by hand (not a test).

    .venv/bin/python benchmarks/press_coverage.py [CASES_DIR] [-v] [--json]

``CASES_DIR`` defaults to ``../shared/press/cases`` relative to the repository root; when the
folder is missing the script says so on stderr and exits 2.

For each case folder (a folder with ``answer.yaml`` and its articles): the articles are loaded
without records, claims are extracted with the corpus's own lexicon (``corpus_lexicon(corpus)``:
its ``subjects.yaml`` first, then the shipped one, as ``verifier audit`` reads it), and every
quoted string of the answer key is measured:

* ``findings[*].quoted[*]`` ({article, text}): the figures a fact-checker quoted for a finding;
* ``must_not_flag[*]`` ({article, text}): figures that are right and must raise nothing.

A quoted text is located in its article's body, first occurrence: exactly, or else after
normalising both sides (:func:`normalise`: NFKC, so full-width ``，：（）％`` become ASCII;
the CJK punctuation NFKC keeps (``、。「」``), curly quotes and dashes mapped to ASCII; runs
of whitespace read as one space). Texts found neither way are reported as *not found*.

The *figures* of a located span are the quantities (:func:`verifier.quantities.extract` over
the whole body, so each number keeps its context) that overlap the span, less dates and times
of day (``kind`` date/time: "in 2020" dates a figure, it is not one). A figure is *covered*
when some extracted claim's anchor overlaps it. Printed per case: figures quoted in findings,
covered, share; the same for the must-not-flag figures (column ``mnf``); the quotes not found;
and the totals. A figure quoted by several items counts once per item. ``-v`` lists every
uncovered figure with its quoted text; ``--json`` prints the counts (and with ``-v`` the
uncovered figures) keyed by case.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.errors import InputError  # noqa: E402
from verifier.extract import extract_claims  # noqa: E402
from verifier.extract.corpus import corpus_lexicon  # noqa: E402
from verifier.ingest.corpus import load_corpus  # noqa: E402
from verifier.quantities import extract as extract_quantities  # noqa: E402

DEFAULT_CASES = ROOT.parent / "shared" / "press" / "cases"
"""The development press corpora, beside the repository (``../shared/press/cases``)."""

NOT_FIGURES = frozenset({"date", "time"})
"""Quantity kinds that are not counted as figures (a year or a clock time dates a figure)."""

PUNCT = str.maketrans({
    "、": ",", "。": ".", "「": '"', "」": '"', "『": '"', "』": '"', "《": '"', "》": '"',
    "“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "−": "-", "～": "~",
})
"""Punctuation that NFKC leaves as is, read as its ASCII counterpart when locating a quote."""

_SPACE = re.compile(r"\s")


@dataclass
class Tally:
    """Figures and covered figures of one kind of quoted item (findings or must-not-flag)."""

    figures: int = 0
    covered: int = 0
    uncovered: list[tuple[str, str, str]] = field(default_factory=list)
    """(article, quoted text, figure surface) of each figure no claim covers."""
    not_found: list[tuple[str, str]] = field(default_factory=list)
    """(article, quoted text) of each quote that could not be located."""

    def add(self, other: "Tally") -> None:
        self.figures += other.figures
        self.covered += other.covered
        self.uncovered += other.uncovered
        self.not_found += other.not_found

    def share(self) -> float:
        return self.covered / self.figures if self.figures else 0.0


def normalise(text: str) -> tuple[str, list[int]]:
    """``text`` normalised for locating a quote, with the offset in ``text`` of each character.

    Returns:
        (normalised text, offsets): ``offsets[i]`` is the code-point offset in ``text`` of the
        character that gave normalised character ``i``; whitespace runs give one space.
    """
    out: list[str] = []
    offsets: list[int] = []
    for i, ch in enumerate(text):
        for c in unicodedata.normalize("NFKC", ch).translate(PUNCT):
            if _SPACE.match(c):
                if out and out[-1] == " ":
                    continue
                c = " "
            out.append(c)
            offsets.append(i)
    return "".join(out), offsets


def locate(body: str, quote: str) -> tuple[int, int] | None:
    """Code-point span of the first occurrence of ``quote`` in ``body``, exact or normalised; None if absent."""
    at = body.find(quote)
    if at >= 0:
        return at, at + len(quote)
    norm_body, offsets = normalise(body)
    norm_quote = normalise(quote)[0].strip()
    at = norm_body.find(norm_quote) if norm_quote else -1
    if at < 0:
        return None
    return offsets[at], offsets[at + len(norm_quote) - 1] + 1


def _measure(items: list[dict], bodies: dict, quantities: dict, claims: dict) -> Tally:
    """Tally the figures of quoted ``items`` ({article, text}) and those covered by claims."""
    tally = Tally()
    for item in items:
        art, text = str(item.get("article")), str(item.get("text") or "")
        span = locate(bodies[art], text) if art in bodies else None
        if span is None:
            tally.not_found.append((art, text))
            continue
        s, e = span
        for q in quantities[art]:
            if q.kind in NOT_FIGURES or not (q.start < e and s < q.end):
                continue
            tally.figures += 1
            if any(c.anchor.start < q.end and q.start < c.anchor.end for c in claims[art]):
                tally.covered += 1
            else:
                tally.uncovered.append((art, text, q.surface))
    return tally


def measure_case(case: Path) -> tuple[Tally, Tally]:
    """(findings tally, must-not-flag tally) of one case folder.

    Raises:
        InputError: an article or the corpus lexicon cannot be read.
    """
    answer = yaml.safe_load((case / "answer.yaml").read_text(encoding="utf-8")) or {}
    corpus = load_corpus([case], with_records=False)
    lexicon = corpus_lexicon(corpus)
    bodies, quantities, claims = {}, {}, {}
    for src in corpus.sources.values():
        names = {src.meta.id, Path(src.path).stem}
        found = extract_claims(src, corpus.external, lexicon)
        qs = extract_quantities(src.body)
        for name in names:
            bodies[name], quantities[name], claims[name] = src.body, qs, found
    quoted = [q for f in answer.get("findings") or [] for q in f.get("quoted") or []]
    return (_measure(quoted, bodies, quantities, claims),
            _measure(answer.get("must_not_flag") or [], bodies, quantities, claims))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="?", type=Path, default=DEFAULT_CASES,
                        help=f"folder of case folders (default: {DEFAULT_CASES.relative_to(ROOT.parent)} beside the repository)")
    parser.add_argument("-v", "--verbose", action="store_true", help="list uncovered figures with their quoted text")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args()
    if not args.cases.is_dir():
        print(f"{args.cases}: no such folder of press cases (default: ../shared/press/cases beside the repository)", file=sys.stderr)
        return 2
    rows: dict[str, tuple[Tally, Tally]] = {}
    for case in sorted(p for p in args.cases.iterdir() if (p / "answer.yaml").is_file()):
        try:
            rows[case.name] = measure_case(case)
        except InputError as err:
            print(f"{case.name}: {err}", file=sys.stderr)
    total_f, total_m = Tally(), Tally()
    for f, m in rows.values():
        total_f.add(f)
        total_m.add(m)
    if args.json:
        def shape(t: Tally) -> dict:
            return {"figures": t.figures, "covered": t.covered, "share": round(t.share(), 4),
                    "not_found": [list(x) for x in t.not_found],
                    **({"uncovered": [list(x) for x in t.uncovered]} if args.verbose else {})}
        out = {name: {"findings": shape(f), "must_not_flag": shape(m)} for name, (f, m) in rows.items()}
        out["total"] = {"findings": shape(total_f), "must_not_flag": shape(total_m)}
        print(json.dumps(out, ensure_ascii=False, indent=2, sort_keys=True))
        return 0
    print(f"{'case':8} {'quoted':>6} {'covered':>7} {'share':>6}   {'mnf':>4} {'covered':>7} {'share':>6}  not found")
    for name, (f, m) in [*rows.items(), ("total", (total_f, total_m))]:
        print(f"{name:8} {f.figures:6} {f.covered:7} {f.share():6.1%}   {m.figures:4} {m.covered:7} {m.share():6.1%}  "
              f"{len(f.not_found) + len(m.not_found)}")
        if args.verbose and name != "total":
            for label, t in (("finding", f), ("must-not-flag", m)):
                for art, text, surface in t.uncovered:
                    print(f"   UNCOVERED {label} {art}: {surface!r} in {text!r}")
                for art, text in t.not_found:
                    print(f"   NOT FOUND {label} {art}: {text!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
