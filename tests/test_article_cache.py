"""The article cache (:mod:`verifier.ingest.article_cache`): an unchanged file's article comes
from its entry without being read; an edited, touched, replaced or freshly written file, an
edited ``sources.yaml`` and a damaged entry are read again; a handful of files and a cache
turned off never touch it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from verifier.ingest import article_cache
from verifier.ingest import corpus as loading
from verifier.ingest.corpus import load_corpus

BODY = "---\nid: {sid}\ntitle: Water rates\n---\nThe utility said rates rose 4.5% to $3.20 per unit in 2025.\n"


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(loading, "FEWEST_CACHED", 1)
    return tmp_path / "cache"


def _write(folder: Path, sid: str, body: str | None = None, age: float = 60.0) -> Path:
    """Write article ``sid`` and date it ``age`` seconds back (an entry trusts only a file that
    was still for :data:`~verifier.ingest.article_cache.RACY_NS` when read)."""
    path = folder / f"{sid}.md"
    path.write_text(body or BODY.format(sid=sid), encoding="utf-8")
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record the files the loader parses (an entry's article is parsed by none)."""
    seen: list[str] = []
    real = loading.read_article

    def spy(path, *args, **kwargs):
        seen.append(Path(path).stem)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(loading, "read_article", spy)
    return seen


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    out = tmp_path / "sources"
    out.mkdir()
    for sid in ("a", "b", "c"):
        _write(out, sid)
    return out


def test_an_unchanged_file_comes_from_its_entry_unread_and_equal(cache_dir: Path, folder: Path, monkeypatch) -> None:
    first = load_corpus([folder])
    assert (cache_dir / (article_cache.FORMAT + ".sqlite")).exists()
    seen = _reads(monkeypatch)
    again = load_corpus([folder])
    assert seen == []
    assert again.sources == first.sources and list(again.sources) == ["a", "b", "c"]
    assert again.sources["b"].body.startswith("The utility said rates rose 4.5%")


def test_an_edited_file_is_read_again_and_the_others_not(cache_dir: Path, folder: Path, monkeypatch) -> None:
    load_corpus([folder])
    _write(folder, "b", BODY.format(sid="b").replace("4.5%", "5.4%"), age=30.0)  # same size, other times
    seen = _reads(monkeypatch)
    again = load_corpus([folder])
    assert seen == ["b"] and "5.4%" in again.sources["b"].body and "4.5%" in again.sources["a"].body


def test_a_file_replaced_with_the_same_size_and_times_is_read_again(cache_dir: Path, folder: Path, monkeypatch) -> None:
    """Another inode (an editor that writes a new file and renames it over the old) is a change
    even when the size and modification time were set back."""
    load_corpus([folder])
    old = os.stat(folder / "c.md")
    (folder / "c.md").unlink()
    path = _write(folder, "x", BODY.format(sid="c").replace("4.5%", "5.4%"))
    os.utime(path, ns=(old.st_atime_ns, old.st_mtime_ns))
    path.rename(folder / "c.md")
    seen = _reads(monkeypatch)
    assert "5.4%" in load_corpus([folder]).sources["c"].body and seen == ["c"]


def test_a_file_read_right_after_it_was_written_is_read_again_until_it_has_been_still(cache_dir: Path, folder: Path, monkeypatch) -> None:
    """A file modified within RACY_NS of being read may change again without its times moving:
    its entry is not trusted."""
    _write(folder, "b", age=0.0)
    load_corpus([folder])
    seen = _reads(monkeypatch)
    load_corpus([folder])
    assert seen == ["b"]


def test_an_edited_sources_yaml_reads_every_file_of_its_folder_again(cache_dir: Path, folder: Path, monkeypatch) -> None:
    load_corpus([folder])
    (folder / "sources.yaml").write_text("b:\n  tier: primary\n", encoding="utf-8")
    seen = _reads(monkeypatch)
    again = load_corpus([folder])
    assert sorted(seen) == ["a", "b", "c"] and again.sources["b"].meta.tier.value == "primary"


def test_a_damaged_cache_is_read_around(cache_dir: Path, folder: Path, monkeypatch) -> None:
    first = load_corpus([folder])
    (cache_dir / (article_cache.FORMAT + ".sqlite")).write_bytes(b"not a database")
    seen = _reads(monkeypatch)
    assert load_corpus([folder]).sources == first.sources and sorted(seen) == ["a", "b", "c"]


def test_a_handful_of_files_and_a_cache_turned_off_never_touch_it(tmp_path: Path, folder: Path, monkeypatch) -> None:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(tmp_path / "cache"))
    load_corpus([folder])  # 3 files: fewer than FEWEST_CACHED
    assert not (tmp_path / "cache").exists()
    monkeypatch.setattr(loading, "FEWEST_CACHED", 1)
    monkeypatch.setenv("VERIFIER_CACHE_DIR", "off")
    load_corpus([folder])
    assert not (tmp_path / "cache").exists()


def test_an_invalid_file_is_still_left_out_with_its_line(cache_dir: Path, folder: Path) -> None:
    load_corpus([folder])
    _write(folder, "b", "---\nid: [b\n---\nText.\n")
    for _ in range(2):  # read, then (its entry kept) from the cache
        [left] = load_corpus([folder]).unread
        assert left.path.endswith("b.md") and left.line == 3 and not left.report

