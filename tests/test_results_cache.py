"""Groups' results kept from one audit to the next (:mod:`verifier.rules.results_cache`): a second
audit reuses every group, an edit re-checks only what it touches, and a group whose reads of the
whole corpus changed is checked again, so the findings are always those of an audit without a cache.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from builders import art, claim, corpus, write_synthetic

from verifier.extract.corpus import extract_missing
from verifier.ingest.corpus import Corpus, load_corpus
from verifier.rules import groups
from verifier.rules.groups import by_group, grouped
from verifier.rules.reads import Traced, TracedSources, Whole, still_holds
from verifier.rules.stats import Stats, claims_by_source
from verifier.shelf import ClaimsBySource, Shelf


def _audit(corp: Corpus) -> tuple[list[str], set[str], dict]:
    found, checked, tally = by_group(corp, claims_by_source(corp), jobs=1)
    return [f.model_dump_json() for f in found], checked, tally.summary(found).model_dump()


def _counting(monkeypatch, stage: str = "_group_pass") -> list[str]:
    """Record the first article of each part ``stage`` (a pass of :mod:`verifier.rules.groups`)
    computes from now on."""
    checked: list[str] = []
    real = getattr(groups, stage)

    def counted(shared, one):
        checked.append(one.ids[0])
        return real(shared, one)

    monkeypatch.setattr(groups, stage, counted)
    return checked


def _budgets(berlin_parts: bool) -> Corpus:
    """Two articles giving Ardaford's 2011 budget two ways, and one on Berlin's: with
    ``berlin_parts`` it gives two parts of Berlin's budget, which makes ``part`` a discriminating
    key of the metric across the corpus, and the Ardaford figures, which give no part, loose."""
    a1 = art("a1", "Ardaford's budget for 2011 is $5.5 billion.")
    a2 = art("a2", "Ardaford's budget for 2011 is $5.9 billion.")
    b = art("b1", "Berlin's capital budget for 2011 is $3.1 billion and its operating budget $9.4 billion."
            if berlin_parts else "Berlin's budget for 2011 is $3.1 billion.")
    claims = [claim(a1, "$5.5 billion", "Ardaford", "budget", 5.5e9, "USD", scope={"year": "2011"}),
              claim(a2, "$5.9 billion", "Ardaford", "budget", 5.9e9, "USD", scope={"year": "2011"})]
    if berlin_parts:
        claims += [claim(b, "$3.1 billion", "Berlin", "budget", 3.1e9, "USD", scope={"year": "2011", "part": "capital"}),
                   claim(b, "$9.4 billion", "Berlin", "budget", 9.4e9, "USD", scope={"year": "2011", "part": "operating"})]
    else:
        claims.append(claim(b, "$3.1 billion", "Berlin", "budget", 3.1e9, "USD", scope={"year": "2011"}))
    return corpus([a1, a2, b], claims)


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_second_audit_checks_no_group_and_finds_the_same(cache, monkeypatch) -> None:
    corp = _budgets(berlin_parts=False)
    first = _audit(corp)
    assert first[0], "the two Ardaford budgets disagree: the test needs a finding"
    checked = _counting(monkeypatch)
    assert _audit(corp) == first
    assert checked == []


def test_a_change_to_what_a_group_read_checks_it_again(cache, monkeypatch) -> None:
    """Berlin's article is in another group, but its two parts change what Ardaford's group
    read of the whole corpus (the metric's discriminating keys): that group is checked again."""
    assert len(grouped(_budgets(True)).groups) == 2
    before = _audit(_budgets(berlin_parts=False))
    monkeypatch.setenv("VERIFIER_CACHE_DIR", "off")
    uncached = _audit(_budgets(berlin_parts=True))
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(cache))
    checked = _counting(monkeypatch)
    after = _audit(_budgets(berlin_parts=True))
    assert after == uncached
    assert after[0] != before[0], "the finding on Ardaford must change with the corpus's keys, or this test proves nothing"
    assert sorted(checked) == ["a1", "b1"]


def test_an_edited_article_of_an_archive_rechecks_few_groups(cache, tmp_path, monkeypatch) -> None:
    root = write_synthetic(tmp_path / "synth", 80)
    monkeypatch.setattr(groups, "WINDOW", 7)  # results read and kept 7 at a time: windows end anywhere

    def audit() -> tuple:
        corp = load_corpus([root / "sources"])
        shelf = Shelf()
        extract_missing(corp, shelf=shelf, jobs=1)
        found, checked, tally = by_group(corp, ClaimsBySource(corp.claims, shelf), jobs=1)
        return [f.model_dump_json() for f in found], checked, tally.summary(found).model_dump()

    audit()
    edited = sorted((root / "sources").glob("*.md"))[5]
    edited.write_text(edited.read_text(encoding="utf-8") + "\nA late update added that 17 new inspectors were hired.\n", encoding="utf-8")
    checked, claims, frames = (_counting(monkeypatch, stage) for stage in ("_group_pass", "_claim_pass", "_frame_pass"))
    after, rechecked, reread, reframed = audit(), list(checked), list(claims), list(frames)
    monkeypatch.setenv("VERIFIER_CACHE_DIR", "off")
    assert after == audit()
    assert reread == [edited.stem]
    assert edited.stem in reframed and len(reframed) <= 2, reframed
    assert 1 <= len(rechecked) <= 2, rechecked


def test_a_log_holds_while_every_answer_is_the_same() -> None:
    stats = Stats()
    stats.scope_values["budget"]["year"] |= {"2011"}
    stats.blocks["k"] = 2
    log: dict = {}
    traced = Traced(stats, log)
    assert traced.discriminating("budget") == frozenset()
    assert traced.blocks["k"] == 2
    assert log == {("discriminating", "budget"): frozenset(), ("count", "blocks", "k"): 2}
    assert still_holds(log, Whole(stats))
    stats.blocks["other"] = 9  # read by no one
    assert still_holds(log, Whole(stats))
    stats.scope_values["budget"]["year"] |= {"2012"}
    assert not still_holds(log, Whole(stats))


def test_only_what_is_logged_can_be_read() -> None:
    traced = Traced(Stats(), {})
    with pytest.raises(AttributeError):
        traced.holder_names  # noqa: B018
    with pytest.raises(AttributeError):
        traced.index().alike()


def test_articles_read_by_id_are_logged_by_digest() -> None:
    a = art("a1", "Ardaford's budget for 2011 is $5.5 billion.")
    log: dict = {}
    sources = TracedSources({"a1": a}, log)
    assert "a1" in sources and "zz" not in sources
    assert sources.get("zz") is None and sources["a1"] is a
    assert log[("has source", "a1")] is True and log[("has source", "zz")] is False and log[("source", "zz")] is None
    assert still_holds(log, Whole(Stats(), {"a1": a}))
    assert not still_holds(log, Whole(Stats(), {"a1": art("a1", "Ardaford's budget for 2011 is $5.6 billion.")}))
    assert not still_holds(log, Whole(Stats(), {"a1": a, "zz": a}))


def test_a_part_pickled_keeps_what_it_holds_and_gets_fresh_empty_fields() -> None:
    """Stats pickle only their filled fields (an article's part fills few): unpickled, a part
    equals the one pickled, and its empty fields are its own, so merging into it changes no other."""
    import pickle

    one = Stats()
    one.units.update({"%": 1, "USD": 1})
    one.scope_values["budget"]["year"] |= {"2010", "2011"}
    one.holders.uses.update({"ardaford": 1})
    empty = pickle.dumps(Stats(), pickle.HIGHEST_PROTOCOL)
    a, b = pickle.loads(pickle.dumps(one, pickle.HIGHEST_PROTOCOL)), pickle.loads(empty)
    assert a == one and b == Stats() and len(empty) < len(pickle.dumps(one, pickle.HIGHEST_PROTOCOL))
    a.merge(b)
    b.blocks["x"] += 1
    b.base_holders["rate"].names.add("x")
    assert pickle.loads(empty) == Stats() and a == one and a.discriminating("budget") == frozenset({"year"})


def test_logs_asked_of_one_whole_share_its_answers(monkeypatch) -> None:
    """The results cache asks thousands of logs of one whole: each read is answered once."""
    from verifier.rules import reads

    stats = Stats()
    stats.scope_values["budget"]["year"] |= {"2010", "2011"}
    asked: list = []
    real = reads.READS["discriminating"]
    monkeypatch.setitem(reads.READS, "discriminating", lambda whole, metric: asked.append(metric) or real(whole, metric))
    log = {("discriminating", "budget"): frozenset({"year"})}
    answers: dict = {}
    assert all(still_holds(dict(log), Whole(stats), answers) for _ in range(3)) and asked == ["budget"]
    assert not still_holds({("discriminating", "budget"): frozenset()}, Whole(stats), answers) and asked == ["budget"]
