"""Where the quantity layer stands on the development cases: misses and false quantities by cause.

    python3 benchmarks/quantity_errors.py [--dev PATH] [--lang en zh] [--suite S ...]
                                          [--examples N] [--json]

Runs :func:`verifier.quantities.extract` in this process over ``dev.jsonl`` and scores each case
with the scorer's own unit normalisation and matching (``../shared/quantities/score.py``,
imported, so this report and the scorer cannot drift apart).  Each strict error is given one
cause, tried in this order:

* ``missed``: an expected quantity no prediction overlaps (the number was not read at all);
* ``unit``: a prediction on the expected span has the right value but another unit (or none);
* ``range``: one side is a range and the other a point, or both ranges with other ends
  ("2012–13" read as a range, "三到五倍" read as 5 only);
* ``span``: the value is wrong because the prediction covers more or less than the expected
  text (two quantities joined, one split, a magnitude word left out);
* ``value``: same span, wrong value (a misread numeral, a fraction, a scale);
* ``not-a-quantity``: a counted false positive that overlaps no expected quantity (an ordinal,
  a model name, a version, "Candidate A").

A false positive that overlaps an expected quantity is the other half of that quantity's error
and is not counted again.  Prints, per language, each cause with its count and a few examples
(case id, text, expected, predicted).  Run by hand; not a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.quantities import extract  # noqa: E402

SHARED = ROOT.parent / "shared" / "quantities"
CAUSES = ("missed", "unit", "range", "span", "value", "not-a-quantity")


def load_scorer(path: Path):
    """Import the shared scorer as a module (stdlib only, no side effects on import)."""
    spec = importlib.util.spec_from_file_location("quantity_score", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: cannot import the scorer")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _show(q: dict) -> str:
    """One quantity as 'surface'=value unit @start-end."""
    surface = q.get("surface", "")
    return f"{surface!r}={q['value']} {q.get('unit') or '-'} @{q.get('start')}-{q.get('end')}"


def _cause(sc, exp: dict, preds: list[dict]) -> tuple[str, dict | None]:
    """The cause of one missed expected quantity, and the prediction it is compared with."""
    e0, e1 = exp["start"], exp["end"]
    near = [p for p in preds if p["span"] and sc._overlap(e0, e1, *p["span"])]
    if not near:
        return "missed", None
    ev = sc._scale(sc.parse_value(exp["value"]), sc.normalize_unit(exp.get("unit"))[1])
    for p in near:  # value right: the unit is the fault
        if sc.values_match(ev, p["v"]):
            return "unit", p["raw"]
    p = min(near, key=lambda p: abs(p["span"][0] - e0) + abs(p["span"][1] - e1))
    if (ev[0] == "r") != (p["v"][0] == "r") or ev[0] == "r":
        return "range", p["raw"]
    if p["span"] != (e0, e1):
        return "span", p["raw"]
    return "value", p["raw"]


def analyse(sc, cases: list[dict]) -> dict[str, dict[str, list[dict]]]:
    """{lang: {cause: [example records]}} over ``cases``."""
    out: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for case in cases:
        raw = [q.to_json() for q in extract(case["text"], case["lang"])]
        preds, _ = sc.prepare_predictions(raw)
        res = sc.score_case(case, preds, "strict")
        by_lang = out[case["lang"]]
        for exp in res["missed"]:
            cause, pred = _cause(sc, exp, preds)
            by_lang[cause].append({"id": case["id"], "text": case["text"], "expected": exp,
                                   "predicted": pred})
        for fp in res["fp_list"]:
            if any(sc._overlap(fp["start"], fp["end"], e["start"], e["end"])
                   for e in case["expected"]):
                continue  # the other half of a miss above
            by_lang["not-a-quantity"].append({"id": case["id"], "text": case["text"],
                                              "expected": None, "predicted": fp})
    return out


def report(result: dict[str, dict[str, list[dict]]], examples: int) -> str:
    """Plain-text report: per language, causes by count with examples."""
    lines: list[str] = []
    for lang in sorted(result):
        causes = result[lang]
        total = sum(len(v) for v in causes.values())
        lines.append(f"== {lang}: {total} strict errors")
        for cause in CAUSES:
            items = causes.get(cause, [])
            if not items:
                continue
            lines.append(f"  {cause:<15} {len(items):>4}")
            for it in items[:examples]:
                text = it["text"] if len(it["text"]) <= 90 else it["text"][:87] + "..."
                exp = _show(it["expected"]) if it["expected"] else "-"
                pred = _show(it["predicted"]) if it["predicted"] else "-"
                lines.append(f"      {it['id']}: {text!r}")
                lines.append(f"          expected {exp}  predicted {pred}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dev", type=Path, default=SHARED / "dev.jsonl")
    ap.add_argument("--scorer", type=Path, default=SHARED / "score.py")
    ap.add_argument("--lang", nargs="*")
    ap.add_argument("--suite", nargs="*")
    ap.add_argument("--examples", type=int, default=3, help="examples shown per cause")
    ap.add_argument("--json", action="store_true", help="every error as JSON lines")
    args = ap.parse_args(argv)
    sc = load_scorer(args.scorer)
    cases = sc.load_cases([args.dev], args.suite, args.lang)
    result = analyse(sc, cases)
    if args.json:
        for lang, causes in sorted(result.items()):
            for cause, items in causes.items():
                for it in items:
                    print(json.dumps({"lang": lang, "cause": cause, **it}, ensure_ascii=False))
    else:
        print(report(result, args.examples))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
