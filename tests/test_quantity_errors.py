"""The error-analysis script (benchmarks/quantity_errors.py) gives each error its cause."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCORER = ROOT.parent / "shared" / "quantities" / "score.py"


def _module():
    spec = importlib.util.spec_from_file_location("quantity_errors",
                                                  ROOT / "benchmarks" / "quantity_errors.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.skipif(not SCORER.exists(), reason="shared scorer not present")
def test_causes_on_written_cases():
    qe = _module()
    sc = qe.load_scorer(SCORER)

    def case(cid, text, expected):
        return {"id": cid, "suite": "t", "lang": "en", "text": text, "expected": expected,
                "scope": None, "check_unit": True, "ignore": []}

    cases = [
        # right value, wrong unit: an unknown unit word read as a bare 12
        case("u", "It weighs 12 zorkmids.", [{"value": 12, "unit": "kg", "surface": "12 zorkmids",
                                              "start": 10, "end": 21}]),
        # nothing read at all
        case("m", "Nothing here.", [{"value": 3, "unit": None, "surface": "here",
                                     "start": 8, "end": 12}]),
        # a point read where a range was expected
        case("r", "It took 4 weeks.", [{"value": [3, 4], "unit": "week", "surface": "4 weeks",
                                        "start": 8, "end": 15}]),
        # a number where none was expected
        case("n", "She came 7 times.", []),
    ]
    res = qe.analyse(sc, cases)["en"]
    assert [it["id"] for it in res["unit"]] == ["u"]
    assert [it["id"] for it in res["missed"]] == ["m"]
    assert [it["id"] for it in res["range"]] == ["r"]
    assert [it["predicted"]["value"] for it in res["not-a-quantity"]] == [7]
    text = qe.report({"en": res}, 1)
    assert "missed" in text and "not-a-quantity" in text
