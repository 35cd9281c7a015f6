"""The record cache: a hit gives the same records; an edited file or a changed schema is a miss."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.builders import FIXTURE
from verifier.ingest import cache
from verifier.ingest.records import read_claims


@pytest.fixture()
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(tmp_path / "cache"))
    cache._folder.cache_clear()
    yield tmp_path / "cache"
    cache._folder.cache_clear()


def test_a_hit_returns_the_same_records(fresh_cache: Path) -> None:
    path = FIXTURE / "claims" / "alpha.yaml"
    first = read_claims(path)
    assert len(list(fresh_cache.rglob("*.json"))) == 1
    assert read_claims(path) == first


def test_an_edited_file_is_a_miss(fresh_cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "alpha.yaml"
    path.write_text((FIXTURE / "claims" / "alpha.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    before, _ = read_claims(path)
    path.write_text(path.read_text(encoding="utf-8").replace("subject: Orca 9", "subject: Orca 10", 1), encoding="utf-8")
    after, _ = read_claims(path)
    assert before[1].subject == "Orca 9" and after[1].subject == "Orca 10"
    assert len(list(fresh_cache.rglob("*.json"))) == 2


def test_cache_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", "off")
    cache._folder.cache_clear()
    try:
        claims, lines = read_claims(FIXTURE / "claims" / "alpha.yaml")
        assert len(claims) == 5 and lines["alpha-c001"] == 1
    finally:
        cache._folder.cache_clear()


def test_an_invalid_file_is_never_cached(fresh_cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("- id: x\n  source: [\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(Exception, match="invalid YAML"):
            read_claims(path)
    assert not fresh_cache.exists() or not list(fresh_cache.rglob("*.json"))
