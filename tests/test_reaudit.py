"""A re-audit from the snapshot of an earlier run (:mod:`verifier.reaudit`) gives the findings of a
full run, reads only what changed, and falls back to a full run when it cannot tell.

Each test writes a synthetic archive (``benchmarks/synth_corpus.py``) whose files are dated in
the past (an archive's files are not seconds old: a file written within
:data:`~verifier.ingest.article_cache.RACY_NS` of a run is read again by the next), audits it
once (the snapshot), changes it, and sets the re-audit beside a run with the cache off.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.builders import run_cli, write_synthetic

ARTICLES = 100
"""Above :data:`verifier.reaudit.FEWEST`, so the runs keep a snapshot."""

PAST = 3600
"""How many seconds before now the archive's files are dated."""


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(tmp_path / "cache"))
    root = write_synthetic(tmp_path / "archive", ARTICLES) / "sources"
    _date_back(root.glob("*.md"))
    return root


def _date_back(paths) -> None:
    then = time.time() - PAST
    for p in paths:
        os.utime(p, (then, then))


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list:
    """What each :func:`verifier.reaudit.audit_again` of the test returned (None: a full run)."""
    import verifier.reaudit

    seen: list = []
    real = verifier.reaudit.audit_again

    def spy(*args, **kwargs):
        seen.append(real(*args, **kwargs))
        return seen[-1]

    monkeypatch.setattr(verifier.reaudit, "audit_again", spy)
    return seen


def _audit(root: Path, out: Path, cache: bool = True) -> str:
    env = os.environ.get("VERIFIER_CACHE_DIR")
    if not cache:
        os.environ["VERIFIER_CACHE_DIR"] = "off"
    try:
        result = run_cli("audit", str(root), "--format", "jsonl", "-o", str(out))
    finally:
        os.environ["VERIFIER_CACHE_DIR"] = env
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _first_figure(path: Path) -> str:
    """The first number with a decimal part the article prints (a figure: no year, no date)."""
    import re

    body = path.read_text(encoding="utf-8").split("---", 2)[2]
    return re.search(r"\d+\.\d+", body).group()


def test_a_re_audit_after_edits_gives_the_findings_of_a_full_run(archive: Path, tmp_path: Path, runs: list) -> None:
    first = _audit(archive, tmp_path / "first.jsonl")
    assert runs == [None]  # no snapshot yet: a full run, which keeps one
    files = sorted(archive.glob("*.md"))
    files[3].write_text(files[3].read_text(encoding="utf-8") + "\nA later update said 17 new inspectors were hired.\n", encoding="utf-8")
    number = _first_figure(files[8])
    _edit(files[8], number, str(round(float(number) * 1.5 + 1, 1)))  # a figure now far off its group's
    again = _audit(archive, tmp_path / "again.jsonl")
    assert runs[-1] is not None  # the re-audit did not fall back to a full run
    assert again == _audit(archive, tmp_path / "full.jsonl", cache=False)
    assert again != first  # the edit changed the findings, and the re-audit saw it
    _edit(files[8], str(round(float(number) * 1.5 + 1, 1)), number)  # and back: from the updated snapshot
    back = _audit(archive, tmp_path / "back.jsonl")
    assert runs[-1] is not None
    assert back == _audit(archive, tmp_path / "full.jsonl", cache=False) != again


def test_an_unchanged_archive_is_not_read_again(archive: Path, tmp_path: Path, runs: list, monkeypatch: pytest.MonkeyPatch) -> None:
    import verifier.ingest.corpus

    first = _audit(archive, tmp_path / "first.jsonl")
    read: list = []
    real = verifier.ingest.corpus.read_articles
    monkeypatch.setattr(verifier.ingest.corpus, "read_articles", lambda files, settings: read.extend(files) or real(files, settings))
    assert _audit(archive, tmp_path / "again.jsonl") == first
    assert runs[-1] is not None and read == []


@pytest.mark.parametrize("change", ["added", "removed", "renamed", "metadata", "settings"])
def test_what_a_re_audit_cannot_follow_is_a_full_run(archive: Path, tmp_path: Path, runs: list, change: str) -> None:
    _audit(archive, tmp_path / "first.jsonl")
    files = sorted(archive.glob("*.md"))
    if change == "added":
        (archive / "zz-new.md").write_text(files[0].read_text(encoding="utf-8").replace("id: a000000", "id: zz-new"), encoding="utf-8")
    elif change == "removed":
        files[5].unlink()
    elif change == "renamed":
        files[5].rename(archive / "zz-moved.md")
    elif change == "metadata":
        _edit(files[5], "tier: secondary", "tier: primary")
    else:
        (archive / "sources.yaml").write_text('"a00000*":\n  tier: primary\n', encoding="utf-8")
    again = _audit(archive, tmp_path / "again.jsonl")
    assert runs[-1] is None
    assert again == _audit(archive, tmp_path / "full.jsonl", cache=False)


def test_a_file_changed_within_a_clock_tick_of_the_snapshot_is_read_again(archive: Path, tmp_path: Path, runs: list,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import verifier.reaudit
    from verifier.ingest.article_cache import signature

    # a file system whose times are coarse: an edit within a tick changes no time (nor the
    # change time, which is left out here), only the content
    monkeypatch.setattr(verifier.reaudit, "signature", lambda p: (s := signature(p)) and (s[0], s[1], 0, s[3], s[4]))
    path = sorted(archive.glob("*.md"))[2]
    path.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")  # written now: seconds before the first run
    first = _audit(archive, tmp_path / "first.jsonl")
    stat, number = path.stat(), _first_figure(path)
    _edit(path, number, str(int(number[0]) % 9 + 1) + number[1:])  # as many characters, a figure far off
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    again = _audit(archive, tmp_path / "again.jsonl")
    assert runs[-1] is not None
    assert again == _audit(archive, tmp_path / "full.jsonl", cache=False) != first


def test_a_new_holder_name_is_a_full_run(archive: Path, tmp_path: Path, runs: list) -> None:
    (archive / "p1.md").write_text("---\nid: p1\ntitle: p1\nlanguages: [en]\ntier: secondary\n---\n"
                                   "The K9 scooter weighs 14.2 kg, its maker said in 2024.\n", encoding="utf-8")
    (archive / "p2.md").write_text("---\nid: p2\ntitle: p2\nlanguages: [en]\ntier: secondary\n---\n"
                                   "Shops sold many scooters in 2024.\n", encoding="utf-8")
    _date_back([archive / "p1.md", archive / "p2.md"])
    first = _audit(archive, tmp_path / "first.jsonl")
    _edit(archive / "p2.md", "Shops sold many scooters in 2024.", "The Zephyr K9 scooter weighs 17.9 kg, its maker said in 2024.")
    again = _audit(archive, tmp_path / "again.jsonl")
    assert runs[-1] is None  # every article's text would have to be searched for the new name
    assert again == _audit(archive, tmp_path / "full.jsonl", cache=False) != first


def test_an_article_taken_out_of_the_names_leaves_what_the_others_give() -> None:
    from verifier.extract.corpus_names import SubjectNames

    uses = {"a": [(("K9",), (), False, True)], "b": [(("Zephyr K9",), (), False, True)],
            "c": [(("Zephyr K9",), ("K9",), False, True), (("Acme",), (), True, True)]}
    whole = SubjectNames()
    for sid, u in uses.items():
        whole.add_uses(sid, u)
    for gone in uses:
        without = SubjectNames()
        for sid, u in uses.items():
            if sid != gone:
                without.add_uses(sid, u)
        taken = SubjectNames()
        for sid, u in uses.items():
            taken.add_uses(sid, u)
        taken.remove(gone, uses[gone])
        assert taken.renames() == without.renames()
        assert vars(taken) == vars(without)
    assert whole.renames() == {"a": {"K9": "Zephyr K9"}, "c": {"K9": "Zephyr K9"}}  # a subject and a target alike


def test_stats_parts_taken_out_of_their_totals_leave_the_merge_of_the_others() -> None:
    from collections import Counter

    from verifier.align.pairs import HolderParts
    from verifier.rules.stats import Stats, Totals

    def part(metric: str, years: set, names: set, blocks: dict) -> Stats:
        out = Stats()
        out.scope_values[metric]["year"] |= years
        out.qualifiers["level"][metric] |= set()  # an empty set still makes its kind present
        out.holder_names = set(names)
        out.blocks = Counter(blocks)
        out.holders = HolderParts(set(names), Counter({n: 1 for n in names}), set(names))
        return out

    parts = [part("budget", {"2010"}, {"x"}, {"b1": 1}), part("budget", {"2010", "2011"}, {"x", "y"}, {"b1": 1, "b2": 1}),
             part("jobs", {"2012"}, set(), {})]
    for gone in range(len(parts)):
        totals, merged = Totals(), Stats()
        for p in parts:
            totals.add(p)
        totals.take(parts[gone])
        for i, p in enumerate(parts):
            if i != gone:
                merged.merge(p)
        assert totals.stats() == merged
    empty = Totals()
    with pytest.raises(ValueError):
        empty.take(parts[0])


def test_a_damaged_snapshot_is_a_full_run(archive: Path, tmp_path: Path, runs: list) -> None:
    first = _audit(archive, tmp_path / "first.jsonl")
    (snapshot,) = (tmp_path / "cache" / "runs-1").glob("*.pickle")
    snapshot.write_bytes(b"not a pickle")
    assert _audit(archive, tmp_path / "again.jsonl") == first
    assert runs[-1] is None
    assert snapshot.read_bytes() != b"not a pickle"  # the full run wrote it again


def test_the_output_file_is_never_one_the_re_audit_reads(archive: Path, tmp_path: Path) -> None:
    _audit(archive, tmp_path / "first.jsonl")
    target = sorted(archive.glob("*.md"))[0]
    result = run_cli("audit", str(archive), "--format", "jsonl", "-o", str(target))
    assert result.exit_code == 2 and "is one of the files this run reads" in result.output


def test_groups_joined_again_around_re_resolved_articles_are_those_of_a_whole_join() -> None:
    import random
    from array import array

    from verifier.rules.joiner import Joiner
    from verifier.rules.regroup import Codes, Kept, _joined

    rng = random.Random(7)
    for _ in range(300):
        n = rng.randrange(2, 12)
        ids = [f"s{i}" for i in range(n)]

        def codes() -> array:
            return array("Q", [rng.randrange(6) << 1 | (rng.random() < 0.3) for _ in range(rng.randrange(4))])

        def whole(all_codes: list) -> list:
            joiner = Joiner()
            for sid, c in zip(ids, all_codes):
                joiner.add(sid, c)
            return joiner.groups()

        kept = Kept(codes=Codes(codes() for _ in ids))
        at = {sid: i for i, sid in enumerate(ids)}
        kept.groups = [[at[s] for s in g] for g in whole([kept.codes[i] for i in range(n)])]
        was = {i: kept.codes[i] for i in rng.sample(range(n), rng.randrange(1, n))}
        for i in was:
            kept.codes[i] = codes()
        assert _joined(kept, ids, was) == whole([kept.codes[i] for i in range(n)])


def test_equal_keys_have_one_code_in_any_process() -> None:
    import subprocess
    import sys

    from verifier.rules.joiner import key_code, key_hash

    assert key_hash(("value", 1)) == key_hash(("value", 1.0)) == key_hash(("value", True))
    assert key_hash(0.0) == key_hash(-0.0) and key_hash("1") != key_hash(1)
    assert key_hash(frozenset({"a", "b"})) == key_hash(frozenset({"b", "a"}))
    assert key_code(("k",), True) == key_code(("k",), False) | 1
    with pytest.raises(TypeError):
        key_hash(("k", ["a list"]))
    other = subprocess.run([sys.executable, "-c", "from verifier.rules.joiner import key_hash; print(key_hash(('whose', 'b', 'Ørsted')))"],
                           capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "99"})
    assert int(other.stdout) == key_hash(("whose", "b", "Ørsted"))


def test_signatures_are_packed_and_what_cannot_be_is_always_changed() -> None:
    from verifier.reaudit import Signatures

    then = Signatures([(10, 5_000_000_000, 5_000_000_001, 7, 2049), None, (1, 2, 3, 1 << 64, 4)])
    assert then[0] == (10, 5_000_000_000, 5_000_000_001, 7, 2049) and then[1] is None and then[2] is None
    now = Signatures([(10, 5_000_000_000, 5_000_000_001, 7, 2049), None, (1, 2, 3, 1 << 64, 4)])
    assert then.changed(now, started=9_000_000_000) == [1, 2]  # unreadable, or an inode past 64 bits: read again
    assert then.changed(now, started=6_000_000_000) == [0, 1, 2]  # modified within a clock tick of the listing
    now[0] = (11, 5_000_000_000, 5_000_000_001, 7, 2049)
    assert then.changed(now, started=9_000_000_000) == [0, 1, 2]
