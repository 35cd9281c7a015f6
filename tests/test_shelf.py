"""Claims held compressed article by article (verifier.shelf), and extraction into a shelf
(extract_missing(shelf=...)): the same claims, numbers and renamed names as extraction into
the corpus, batch by batch."""

from __future__ import annotations

from pathlib import Path

import pytest

from builders import art, claim
from test_corpus_names import BUS_A, BUS_B, _article, _record
from verifier.extract import corpus as extraction
from verifier.extract.corpus import extract_missing
from verifier.ingest.corpus import load_corpus
from verifier.shelf import Shelf

PRESS = Path(__file__).resolve().parents[2] / "shared" / "press" / "cases"


def test_a_shelf_gives_back_each_articles_claims_in_order() -> None:
    a, b = art("a", "Grid: 40 GW in 2024, 38 GW in 2023."), art("b", "Grid: 41 GW.")
    ca = [claim(a, "40 GW", "Grid", "capacity", 40, "GW"), claim(a, "38 GW", "Grid", "capacity", 38, "GW")]
    cb = [claim(b, "41 GW", "Grid", "capacity", 41, "GW")]
    shelf = Shelf()
    shelf.put("a", ca)
    shelf.put("b", cb)
    assert [c.model_dump() for c in shelf["a"]] == [c.model_dump() for c in ca]
    assert (list(shelf), len(shelf), shelf.claims()) == (["a", "b"], 2, 3)
    assert [at for at, _ in shelf.packed("a").placed()] == [(1, 0, 0), (1, 0, 1)] and [at for at, _ in shelf.packed("b").placed()] == [(1, 1, 0)]
    shelf.put("a", ca[:1])  # put again: replaced, same rank
    assert [c.anchor.quote for c in shelf["a"]] == ["40 GW"] and [at for at, _ in shelf.packed("a").placed()] == [(1, 0, 0)] and shelf.claims() == 2
    with pytest.raises(KeyError):
        shelf["c"]


def test_asking_whether_a_shelf_holds_an_article_decodes_nothing(monkeypatch) -> None:
    from verifier import shelf as shelving

    a = art("a", "Grid: 40 GW in 2024.")
    shelf = Shelf()
    shelf.put("a", [claim(a, "40 GW", "Grid", "capacity", 40, "GW")])
    monkeypatch.setattr(shelving, "unpack", lambda data: pytest.fail("decoded to answer a membership test"))
    assert "a" in shelf and "b" not in shelf


def _both(root: Path, monkeypatch, batch: int):
    """(corpus extracted as usual, corpus and shelf extracted in batches of ``batch`` articles)."""
    whole = load_corpus([root])
    extract_missing(whole, jobs=1)
    monkeypatch.setattr(extraction, "SHELF_BATCH", batch)
    part, shelf = load_corpus([root]), Shelf()
    extract_missing(part, jobs=1, shelf=shelf)
    return whole, part, shelf


def _same(whole, part, shelf) -> None:
    shelved = [c for sid in shelf for c in shelf[sid]]
    assert [c.model_dump() for c in part.claims + shelved] == [c.model_dump() for c in whole.claims]
    assert part.numbers == whole.numbers and part.extraction_errors == whole.extraction_errors


def test_a_shelf_holds_what_extraction_gives_the_corpus_with_names_unified(tmp_path: Path, monkeypatch) -> None:
    _article(tmp_path, "a", "Voltara shows a new city bus", BUS_A)
    _article(tmp_path, "b", "Voltara E12 goes on sale", BUS_B)
    _article(tmp_path, "c", "Voltara shows a new city bus", BUS_A)
    whole, part, shelf = _both(tmp_path, monkeypatch, batch=1)  # 'E12' of a and c renamed after b's batch
    assert {c.subject for c in whole.claims if c.metric == "energy"} == {"Voltara E12"}
    _same(whole, part, shelf)


def test_a_shelf_keeps_curated_records_out(tmp_path: Path, monkeypatch) -> None:
    _article(tmp_path, "a", "Voltara shows a new city bus", BUS_A)
    _article(tmp_path, "b", "Voltara E12 goes on sale", BUS_B)
    _record(tmp_path, load_corpus([tmp_path], with_records=False), "b", "420 kWh", "Voltara E12", 420)
    whole, part, shelf = _both(tmp_path, monkeypatch, batch=1)
    assert [c.id for c in part.claims] == ["b-c001"] and list(shelf) == ["a"]
    _same(whole, part, shelf)


@pytest.mark.skipif(not PRESS.is_dir(), reason="the development press corpora (../shared/press) are not here")
def test_a_shelf_holds_what_extraction_gives_on_the_press_corpora(tmp_path: Path, monkeypatch) -> None:
    for case in sorted(PRESS.glob("case2[12]")):
        whole, part, shelf = _both(case, monkeypatch, batch=3)
        assert len(shelf) >= 3 and shelf.claims() > 20
        _same(whole, part, shelf)
