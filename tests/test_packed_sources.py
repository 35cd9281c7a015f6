"""An archive's articles and their numbers held compressed (:mod:`verifier.ingest.packed_sources`)
read as the articles and numbers themselves: the same ones in the same order, the articles'
digests kept, the same errors from loading."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from tests.builders import write_synthetic
from verifier.errors import InputError
from verifier.ingest.corpus import load_corpus
from verifier.ingest.packed_sources import PackedSources
from verifier.models.source import Source


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", "off")
    return write_synthetic(tmp_path / "archive", 12) / "sources"


def test_packed_load_holds_the_same_articles_in_the_same_order(archive: Path) -> None:
    plain = load_corpus([archive])
    packed = load_corpus([archive], packed=True)
    assert isinstance(packed.sources, PackedSources)
    assert list(packed.sources) == list(plain.sources)
    assert len(packed.sources) == 12
    for sid, src in plain.sources.items():
        assert packed.sources[sid] == src
        assert packed.sources.digest_of(sid) == src.digest()
    assert packed.sources.digest_of("no such article") is None


def test_a_read_article_knows_its_digest_without_making_it(archive: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sources = load_corpus([archive], packed=True).sources
    sid = next(iter(sources))
    kept = sources.digest_of(sid)

    def refuse(*_args, **_kwargs):
        raise AssertionError("the digest was made again")

    monkeypatch.setattr(Source, "model_dump_json", refuse)
    first, second = sources[sid], sources[sid]
    assert first is not second  # each read unpacks a new instance
    assert first.digest() == second.digest() == kept


def test_packed_sources_pickle_as_their_packed_form(archive: Path) -> None:
    sources = load_corpus([archive], packed=True).sources
    again = pickle.loads(pickle.dumps(sources))
    assert list(again) == list(sources)
    assert all(again[sid] == sources[sid] and again.digest_of(sid) == sources.digest_of(sid) for sid in sources)


def test_put_replace_and_delete(archive: Path) -> None:
    plain = load_corpus([archive]).sources
    a, b = list(plain)[:2]
    sources = PackedSources()
    sources[a] = plain[a]
    sources[a] = plain[b]  # replaced: the digest follows the article put
    assert sources[a] == plain[b] and sources.digest_of(a) == plain[b].digest()
    del sources[a]
    assert a not in sources and len(sources) == 0 and sources.digest_of(a) is None
    with pytest.raises(KeyError):
        sources[a]


def test_packed_load_reports_a_duplicate_id_and_a_sources_yaml_entry_with_no_article(tmp_path: Path) -> None:
    folder = tmp_path / "sources"
    folder.mkdir()
    (folder / "one.md").write_text("---\nid: same\n---\nRevenue rose 4%.\n")
    (folder / "two.md").write_text("---\nid: same\n---\nRevenue fell 2%.\n")
    with pytest.raises(InputError, match="duplicate source id 'same'"):
        load_corpus([folder], packed=True)
    (folder / "two.md").unlink()
    (folder / "sources.yaml").write_text("same:\n  tier: primary\nother:\n  tier: secondary\n")
    with pytest.raises(InputError, match="'other' names no article here") as err:
        load_corpus([folder], packed=True)
    assert err.value.line == 3
    (folder / "sources.yaml").write_text("one.md:\n  tier: primary\n")  # a file name is an id entry too
    assert load_corpus([folder], packed=True).sources["same"].meta.tier == "primary"


def test_packed_numbers_read_as_extraction_found_them(archive: Path) -> None:
    from verifier.extract.corpus import extract_missing
    from verifier.ingest.packed_sources import PackedValues
    from verifier.shelf import Shelf

    plain, packed = load_corpus([archive]), load_corpus([archive], packed=True)
    extract_missing(plain, shelf=Shelf())
    extract_missing(packed, shelf=Shelf())
    assert isinstance(packed.numbers, PackedValues) and type(plain.numbers) is dict
    assert list(packed.numbers) == list(plain.numbers) and len(plain.numbers) == 12
    assert {sid: packed.numbers[sid] for sid in packed.numbers} == plain.numbers
    assert sum(n.found for n in plain.numbers.values()) > 12  # the articles print figures: the comparison is not of empty records
