"""The rules run on groups of articles (:func:`verifier.rules.groups.check_grouped`) find what
the run on the whole corpus finds: the same findings, byte for byte in the same order, and the
same checked claims, on the shipped corpus, each development press corpus alone and all of them
merged into one, and a synthetic corpus; and the grouping really splits a corpus.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from builders import write_synthetic

from verifier.engine import check
from verifier.extract.corpus import extract_missing
from verifier.ingest.corpus import Corpus, load_corpus
from verifier.rules.context import Context
from verifier.rules.groups import check_grouped, grouped
from verifier.rules.joiner import article_groups

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT.parent / "shared" / "press" / "cases"
"""The development press corpora beside the checkout (absent: their tests are skipped)."""

PRESS = sorted(p for p in CASES.glob("case*") if p.is_dir()) if CASES.is_dir() else []
NO_PRESS = "the development press corpora are not beside this checkout"

SYNTH_ARTICLES = 200
LARGEST_SHARE = 0.15
"""Most articles of the synthetic corpus one group may hold: its articles come in groups of four
about one city and domain, so a grouping that joins far more has lost its keys."""


def _extracted(paths: list[Path]) -> Corpus:
    corpus = load_corpus(paths)
    extract_missing(corpus)
    return corpus


def _same(corpus: Corpus) -> None:
    ctx = Context(corpus)
    whole = [f.model_dump_json() for f in check(ctx)]
    found, checked = check_grouped(corpus)
    assert [f.model_dump_json() for f in found] == whole
    assert checked == ctx.checked


def test_the_shipped_corpus_gives_the_same_findings_by_group() -> None:
    _same(load_corpus([ROOT]))


@pytest.mark.skipif(not PRESS, reason=NO_PRESS)
@pytest.mark.parametrize("case", PRESS, ids=lambda p: p.name)
def test_a_press_corpus_gives_the_same_findings_by_group(case: Path) -> None:
    _same(_extracted([case]))


@pytest.mark.skipif(not PRESS, reason=NO_PRESS)
def test_the_press_corpora_merged_give_the_same_findings_by_group() -> None:
    corpus = _extracted(PRESS)
    _same(corpus)
    groups = grouped(corpus).groups
    # Stories about different things are not one group: several corpora cover one industry and may
    # join, but no group holds most of the articles and there are more groups than half the corpora.
    assert len(groups) > len(PRESS) // 2
    assert max(len(g) for g in groups) < 0.6 * len(corpus.sources)


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """A synthetic corpus of :data:`SYNTH_ARTICLES` articles (``benchmarks/synth_corpus.py``), extracted."""
    out = write_synthetic(tmp_path_factory.mktemp("synthetic"), SYNTH_ARTICLES)
    return _extracted([out / "sources"])


def test_a_synthetic_corpus_gives_the_same_findings_by_group(synthetic: Corpus) -> None:
    _same(synthetic)


def test_the_synthetic_corpus_is_split_into_small_groups(synthetic: Corpus) -> None:
    groups = grouped(synthetic).groups
    assert sorted(s for g in groups for s in g) == sorted(synthetic.sources)  # each article in one group
    assert max(map(len, groups)) <= LARGEST_SHARE * len(synthetic.sources)
    per = Counter(c.source for c in synthetic.claims)
    assert max(sum(per[s] for s in g) for g in groups) <= LARGEST_SHARE * len(synthetic.claims)


def test_a_key_joins_articles_only_when_one_gives_it_active() -> None:
    keys = {"a": [("k", True)], "b": [("k", False), ("p", False)], "c": [("p", False)], "d": []}
    assert article_groups(keys) == [["a", "b"], ["c"], ["d"]]
    keys["d"] = [("p", True)]
    assert article_groups(keys) == [["a", "b", "c", "d"]]


def test_the_rule_classes_name_registered_rules() -> None:
    from verifier.rules.groups import ARTICLE_LOCAL, ONCE, WIDE
    from verifier.rules.registry import all_rules

    assert (ONCE | WIDE | ARTICLE_LOCAL) <= all_rules().keys()
    assert not (ONCE & WIDE) and not (ONCE & ARTICLE_LOCAL) and not (WIDE & ARTICLE_LOCAL)


def _shelved(paths: list[Path]):
    from verifier.shelf import Shelf

    corpus, shelf = load_corpus(paths), Shelf()
    extract_missing(corpus, shelf=shelf)
    return corpus, shelf


def _same_report(paths: list[Path]) -> None:
    from verifier.engine import audit, audit_shelved

    whole = audit(_extracted(paths), listed=False)
    corpus, shelf = _shelved(paths)
    assert audit_shelved(corpus, shelf).model_dump_json() == whole.model_dump_json()


def test_the_shipped_corpus_audited_from_a_shelf_gives_the_same_report() -> None:
    _same_report([ROOT])  # curated records only: nothing shelved


@pytest.mark.skipif(not PRESS, reason=NO_PRESS)
def test_the_press_corpora_audited_from_a_shelf_give_the_same_report() -> None:
    _same_report(PRESS)


def test_a_synthetic_corpus_audited_from_a_shelf_gives_the_same_report(synthetic: Corpus) -> None:
    (root,) = {Path(s.file).parent for s in synthetic.sources.values()}
    _same_report([root])


def test_joining_one_article_at_a_time_gives_the_components_of_the_active_keys() -> None:
    import random

    rng = random.Random(12)
    for _ in range(200):
        keys = {f"s{i}": [(rng.randrange(8), rng.random() < 0.3) for _ in range(rng.randrange(4))] for i in range(rng.randrange(1, 9))}
        active = {k for ks in keys.values() for k, on in ks if on}
        groups = {sid: {sid} for sid in keys}  # the components, joined naively
        for k in active:
            givers = [sid for sid, ks in keys.items() if any(key == k for key, _ in ks)]
            merged = set().union(*(groups[s] for s in givers))
            for s in merged:
                groups[s] = merged
        expected = sorted({tuple(sorted(g, key=list(keys).index)) for g in groups.values()}, key=lambda g: list(keys).index(g[0]))
        assert article_groups(keys) == [list(g) for g in expected]


def test_groups_checked_by_two_processes_give_the_same_findings(synthetic: Corpus, monkeypatch) -> None:
    import verifier.parallel

    monkeypatch.setattr(verifier.parallel, "MIN_ITEMS", 2)  # articles and groups alike go to the pool
    ctx = Context(synthetic)
    whole = [f.model_dump_json() for f in check(ctx)]
    found, checked = check_grouped(synthetic, jobs=2)
    assert [f.model_dump_json() for f in found] == whole and checked == ctx.checked


def test_a_rule_that_crashes_keeps_what_it_found_and_says_so(monkeypatch) -> None:
    from builders import art, claim, corpus
    from verifier.models.finding import Severity
    from verifier.rules.registry import RULES, Rule

    a = art("a", "Grid: 40 GW.")

    def breaks(ctx):
        yield me.finding("seen first", source="a")
        raise ValueError("no more")

    me = Rule("X901", "breaks", "A rule that crashes after one finding.", Severity.info, breaks)
    monkeypatch.setitem(RULES, "X901", me)
    corp = corpus([a], [claim(a, "40 GW", "Grid", "capacity", 40, "GW")])
    found = [(f.rule, f.name, f.message) for f in check(Context(corp), [me])]
    assert found == [("X901", "internal-error", "rule X901 (breaks) crashed: ValueError: no more"), ("X901", "breaks", "seen first")]
    assert [(f.rule, f.name, f.message) for f in check_grouped(corp, [me])[0]] == found
