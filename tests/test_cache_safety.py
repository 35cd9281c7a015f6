"""Caches that cannot run code or leak (issue 35): a pickle planted in any cache file is never
unpickled, what verifier writes is private (folders 0700, files 0600, whatever the umask), and
a cache folder another user owns or may write is not used: one line on stderr, and the audit
gives the report it gives without a cache.

The planted pickle is what the issue's attacker wrote: unpickled, it creates a marker file
(``Path.touch``; the attacker ran ``id``).
"""

from __future__ import annotations

import os
import pickle
import sqlite3
import stat
import time
import zlib
from pathlib import Path

import pytest

from tests.builders import FIXTURE, run_cli, write_synthetic
from verifier import units, units_memo
from verifier.ingest import cache, cache_folder, sealed

ARTICLES = 70
"""Above the article cache's and the re-audit's 64: every cache kind is written."""


class Planted:
    """Unpickled, creates the file ``path``: code run by whoever reads the cache."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self):
        return Path.touch, (self.path,)


def _forget() -> None:
    """Nothing judged, read or remembered in memory: as a new process."""
    cache._folder.cache_clear()
    for f in (units.factor, units.reciprocal_factor, units.dimension):
        f.cache_clear()
    units_memo.forget()
    cache_folder.forget()
    sealed.forget()


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A cache folder not made yet, with nothing in memory (before and after the test)."""
    where = tmp_path / "cache"
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(where))
    _forget()
    yield where
    _forget()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A synthetic archive dated an hour back (the article cache trusts no file seconds old)."""
    root = write_synthetic(tmp_path_factory.mktemp("archive"), ARTICLES) / "sources"
    then = time.time() - 3600
    for p in root.glob("*.md"):
        os.utime(p, (then, then))
    return root


def _audit(out: Path, *args: str):
    """``verifier audit ARGS -o OUT``: (its report, its stderr lines), after a check it succeeded."""
    _forget()
    result = run_cli("audit", *args, "-o", str(out))
    units_memo.flush()  # as the process's exit does
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8"), result.stderr.splitlines()


def _uncached(out: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    with monkeypatch.context() as patch:
        patch.setenv("VERIFIER_CACHE_DIR", "off")
        return _audit(out, *args)[0]


def _plant(where: Path, ran: Path) -> list[str]:
    """Replace every entry of every cache file under ``where`` by a pickle that, run, creates a
    file in ``ran`` named for the cache; the names of the caches planted."""
    kinds = []
    for db_path in sorted(where.glob("*.sqlite")):
        payload = zlib.compress(pickle.dumps(Planted(ran / db_path.stem)))
        with sqlite3.connect(db_path) as db:
            db.execute("UPDATE entries SET value = ?", (payload,))
        kinds.append(db_path.stem)
    for path in sorted(where.glob("*/**/*")):
        if path.is_file():
            kind = path.relative_to(where).parts[0]
            path.write_bytes(pickle.dumps(Planted(ran / kind)))
            kinds.append(kind)
    return kinds


def test_a_planted_pickle_is_never_run_and_the_reports_stay(cache_dir: Path, archive: Path, tmp_path: Path) -> None:
    grouped = ["--format", "jsonl", str(archive)]  # the archive path: article, extraction and results caches, a snapshot
    records = ["--format", "json", str(FIXTURE)]  # claim records and unit answers
    first = [_audit(tmp_path / "1.jsonl", *grouped)[0], _audit(tmp_path / "1.json", *records)[0]]
    ran = tmp_path / "ran"
    ran.mkdir()
    kinds = _plant(cache_dir, ran)
    assert sorted({k.split("-")[0] for k in kinds}) == ["articles", "extraction", "records", "results", "runs", "units"]

    again = [_audit(tmp_path / "2.jsonl", *grouped)[0], _audit(tmp_path / "2.json", *records)[0]]

    assert sorted(p.name for p in ran.iterdir()) == []  # no planted pickle ran
    assert again == first
    for db_path in cache_dir.glob("*.sqlite"):  # each planted entry dropped, the entries written again sealed
        with sqlite3.connect(db_path) as db:
            entries = list(db.execute("SELECT key, value FROM entries"))
        assert entries and all(sealed.opened(f"{db_path.stem}\0{k}", v) is not None for k, v in entries)


def test_what_the_cache_writes_is_private_whatever_the_umask(cache_dir: Path, archive: Path, tmp_path: Path) -> None:
    before = os.umask(0)
    try:
        _audit(tmp_path / "1.jsonl", "--format", "jsonl", str(archive))
        _audit(tmp_path / "1.json", "--format", "json", str(FIXTURE))
    finally:
        os.umask(before)
    modes = {p.relative_to(cache_dir).as_posix() if p != cache_dir else ".": stat.S_IMODE(p.lstat().st_mode)
             for p in [cache_dir, *cache_dir.rglob("*")]}
    assert {"articles-1.sqlite", "results-1.sqlite", "extraction-3.sqlite", sealed.KEY_FILE, "runs-1", "units-1", "records-1"} <= modes.keys()
    assert {name: mode for name, mode in modes.items()
            if mode != (0o700 if (cache_dir / name).is_dir() else 0o600)} == {}


def test_a_cache_an_earlier_version_left_readable_is_made_private(cache_dir: Path, tmp_path: Path) -> None:
    old = cache_dir / cache.FORMAT / "ab" / "ab12.json"  # records cache as written before: 0755 folders, 0644 files
    old.parent.mkdir(parents=True)
    old.write_text("[]", encoding="utf-8")
    for path, mode in ((cache_dir, 0o755), (old.parent.parent, 0o755), (old.parent, 0o755), (old, 0o644)):
        os.chmod(path, mode)
    (cache_dir / "extraction-3.sqlite").touch(mode=0o644)  # an empty file: SQLite makes it a database

    _audit(tmp_path / "1.json", "--format", "json", str(FIXTURE))
    _audit(tmp_path / "1.jsonl", "--format", "jsonl", "--extract", str(FIXTURE))

    assert stat.S_IMODE(old.parent.parent.stat().st_mode) == 0o700  # nothing under it readable by others
    assert stat.S_IMODE(cache_dir.stat().st_mode) == 0o755  # the root: the user's choice
    assert stat.S_IMODE((cache_dir / "extraction-3.sqlite").stat().st_mode) == 0o600  # set when opened


def _group_writable(where: Path) -> tuple[Path, str, str]:
    """(the folder refused, why, how to fix it) of a root its group may write."""
    where.mkdir(mode=0o700)
    os.chmod(where, 0o770)
    return where, "is writable by its group", f"chmod 700 {where} or "


def _others_writable(where: Path) -> tuple[Path, str, str]:
    where.mkdir(mode=0o700)
    os.chmod(where, 0o707)
    return where, "is writable by others", f"chmod 700 {where} or "


def _owned_by_nobody(where: Path) -> tuple[Path, str, str]:
    where.mkdir(mode=0o700)
    os.chown(where, 65534, 65534)
    return where, "is owned by another user (uid 65534)", ""


def _link_to_shared(where: Path) -> tuple[Path, str, str]:
    target, _, _ = _group_writable(where.parent / "shared")
    where.symlink_to(target)
    return where, f"links to {target}, which is writable by its group", f"chmod 700 {where} or "


def _shared_subfolder(where: Path) -> tuple[Path, str, str]:
    where.mkdir(mode=0o700)
    sub = where / cache.FORMAT
    sub.mkdir(mode=0o700)
    os.chmod(sub, 0o777)
    return sub, "is writable by others", f"chmod 700 {sub} or "


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")
@pytest.mark.parametrize("make", [_group_writable, _others_writable, _owned_by_nobody, _link_to_shared, _shared_subfolder])
def test_a_folder_others_may_write_is_refused_once_and_the_audit_runs(make, cache_dir: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["--format", "json", str(FIXTURE)]  # claim records: the records cache
    expected = _uncached(tmp_path / "off.json", monkeypatch, *args)
    refused, why, fix = make(cache_dir)
    before = sorted(os.listdir(refused))

    report, lines = _audit(tmp_path / "1.json", *args)

    assert lines == [f"verifier: cache folder {refused} {why}; running without the cache "
                     f"({fix}set VERIFIER_CACHE_DIR to a folder of yours)"]
    assert report == expected
    assert sorted(os.listdir(refused)) == before  # nothing written in the refused folder


def test_a_key_others_may_read_is_refused(cache_dir: Path, archive: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["--format", "jsonl", str(archive)]
    expected = _uncached(tmp_path / "off.jsonl", monkeypatch, *args)
    _audit(tmp_path / "1.jsonl", *args)
    key = cache_dir / sealed.KEY_FILE
    os.chmod(key, 0o644)

    report, lines = _audit(tmp_path / "2.jsonl", *args)

    assert lines == [f"verifier: cache key {key} may be read or written by another user; "
                     "running without the cache entries it signs (delete it: a new one is made)"]
    assert report == expected


def test_an_entry_is_opened_only_under_its_own_key_and_context(cache_dir: Path) -> None:
    blob = sealed.seal("results-1\0k", b"data")
    assert sealed.opened("results-1\0k", blob) == b"data"
    assert sealed.opened("results-1\0other", blob) is None  # moved under another key
    assert sealed.opened("results-1\0k", blob[:-1] + b"x") is None  # altered
    sealed.forget()
    (cache_dir / sealed.KEY_FILE).unlink()  # another key: what an attacker without this one signs with
    assert sealed.opened("results-1\0k", blob) is None


def test_a_stream_part_is_checked_before_it_is_unpickled(cache_dir: Path, tmp_path: Path) -> None:
    import io

    cache_folder.make_private(cache_dir)
    from array import array

    codes = array("Q", range(200_000))  # above pickle's frame: written as a buffer of its own
    buffer = io.BytesIO()
    assert sealed.dump_parts([("a", 1), codes, [2, 3]], buffer, "runs-1\0k")
    path = tmp_path / "stream"
    path.write_bytes(buffer.getvalue())
    with path.open("rb") as handle:
        assert list(sealed.load_parts(handle, "runs-1\0k")) == [("a", 1), codes, [2, 3]]

    marker = tmp_path / "ran"
    payload = pickle.dumps(Planted(marker))
    data = buffer.getvalue()
    forged = data[:8] + b"\0" * sealed.TAG_BYTES + data[8 + sealed.TAG_BYTES:]  # a valid first part, its tag zeroed
    path.write_bytes(len(payload).to_bytes(8, "big") + b"\0" * sealed.TAG_BYTES + payload)
    for content in (path.read_bytes(), forged, data[:-1], data + b"\0"):  # planted, forged, cut short, a byte added
        path.write_bytes(content)
        with path.open("rb") as handle, pytest.raises(sealed.Unsealed):
            list(sealed.load_parts(handle, "runs-1\0k"))
    assert not marker.exists()
