"""The extraction cache (:mod:`verifier.extract.cached`): a hit gives the same claims and
quantities without extracting; an edited article, lexicon or code is a miss; a damaged cache
or a cache turned off changes nothing but the time."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.builders import art, corpus
from verifier.extract import cached
from verifier.extract import corpus as extraction
from verifier.extract.corpus import extract_missing

BODY = "The county said 1,200 of 4,000 households (30%) had applied in 2025.\n"


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _extract(*bodies: str):
    corp = corpus([art(f"a{i}", b) for i, b in enumerate(bodies)], [])
    extract_missing(corp, jobs=1)
    return corp


def _no_extraction(monkeypatch: pytest.MonkeyPatch) -> list:
    """Make extraction record the articles it is asked to read (a hit reads none)."""
    asked: list = []
    real = extraction._extract_one

    def spy(job):
        asked.append(job[0].id)
        return real(job)

    monkeypatch.setattr(extraction, "_extract_one", spy)
    return asked


def test_a_hit_gives_the_same_claims_and_quantities_without_extracting(cache_dir, monkeypatch):
    first = _extract(BODY)
    assert (cache_dir / (cached.FORMAT + ".sqlite")).exists()
    asked = _no_extraction(monkeypatch)
    again = _extract(BODY)
    assert asked == []
    assert again.claims == first.claims and len(first.claims) >= 3
    assert again.numbers == first.numbers
    assert again.numbers["a0"].found == 4 and [n.surface for n in again.numbers["a0"].left] == ["2025"]


def test_an_edited_article_is_a_miss_and_the_others_hits(cache_dir, monkeypatch):
    _extract(BODY, "Bus ridership reached 4.82 million trips in 2025.\n")
    asked = _no_extraction(monkeypatch)
    edited = _extract(BODY.replace("1,200", "1,300"), "Bus ridership reached 4.82 million trips in 2025.\n")
    assert asked == ["a0"]
    assert "1,300" in [c.value.printed for c in edited.claims]


def test_new_code_is_a_miss(cache_dir, monkeypatch):
    src = art("a0", BODY)
    key = cached.article_key(src, {}, ())
    monkeypatch.setattr(cached, "code_digest", lambda: "another version")
    assert cached.article_key(src, {}, ()) not in (key, None)


def test_a_corpus_lexicon_is_part_of_the_key(cache_dir, tmp_path):
    lexicon = tmp_path / "subjects.yaml"
    lexicon.write_text("subjects: []\n", encoding="utf-8")
    src = art("a0", BODY)
    before = cached.article_key(src, {}, (str(lexicon),))
    lexicon.write_text("subjects: [{name: Acme}]\n", encoding="utf-8")
    assert cached.article_key(src, {}, (str(lexicon),)) != before
    assert cached.article_key(src, {}, (str(tmp_path / "gone.yaml"),)) is None  # unreadable: no caching


def test_a_damaged_cache_is_ignored(cache_dir):
    first = _extract(BODY)
    (cache_dir / (cached.FORMAT + ".sqlite")).write_bytes(b"not a database")
    assert _extract(BODY).claims == first.claims


def test_cache_off(monkeypatch, tmp_path):
    monkeypatch.setenv("VERIFIER_CACHE_DIR", "off")
    assert cached.article_key(art("a0", BODY), {}, ()) is None
    assert len(_extract(BODY).claims) >= 3


def test_a_shelved_re_audit_extracts_its_edited_articles_in_one_batch_and_keeps_the_corpus_order(cache_dir, monkeypatch):
    """The misses of every batch of the shelf go to the mapper together (a re-audit's few edited
    articles fill one pool instead of a few in each batch, run one at a time), and the shelf
    still holds the articles in the corpus's order with the claims a cold extraction gives."""
    from verifier.shelf import Shelf

    bodies = [BODY.replace("1,200", f"1,{i}00") for i in range(2, 6)]
    cold = _extract(*bodies[:1], "Bus ridership reached 4.82 million trips in 2025.\n", *bodies[1:3])
    monkeypatch.setattr(extraction, "SHELF_BATCH", 2)
    edited = [bodies[0], "Bus ridership reached 4.93 million trips in 2025.\n", bodies[1], bodies[3]]
    calls: list[list[str]] = []

    class Spy:
        def map(self, func, items, progress=None):
            calls.append([job[0].id for job in items])
            return [func(x) for x in items]

    corp, shelf = corpus([art(f"a{i}", b) for i, b in enumerate(edited)], []), Shelf()
    extract_missing(corp, mapper=Spy(), shelf=shelf)
    assert len(cold.claims) > 4 and calls == [["a1", "a3"]]
    assert list(shelf) == ["a0", "a1", "a2", "a3"] and [shelf.packed(s).rank for s in shelf] == [0, 1, 2, 3]
    whole = _extract(*edited)
    assert [c.model_dump() for s in shelf for c in shelf[s]] == [c.model_dump() for c in whole.claims]


def test_hits_share_their_repeated_words(cache_dir, monkeypatch):
    """Two articles read from the cache hold one string per repeated word of their left-out
    numbers (as printed, and why it is no claim), not one each: an archive holds them all."""
    _extract(BODY, BODY.replace("county", "city"))
    again = _extract(BODY, BODY.replace("county", "city"))
    a, b = again.numbers["a0"].left[0], again.numbers["a1"].left[0]
    assert (a.surface, a.reason) == (b.surface, b.reason) == ("2025", "a date or a time of day")
    assert a.surface is b.surface and a.reason is b.reason
