"""One product, one name across articles (verifier.extract.corpus_names).

Made-up articles about buses and cars: one article calls a bus 'E12', another 'Voltara E12';
after extraction both figures must be the same subject's, so rule V201 can compare them.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import yaml

from tests.builders import art, claim
from verifier.engine import audit
from verifier.extract import corpus_names, names
from verifier.extract.corpus_names import unify_subjects
from verifier.extract.names import word_parts
from verifier.extract.corpus import extract_missing
from verifier.ingest.corpus import load_corpus


def _article(root: Path, id: str, title: str, body: str) -> None:
    """Write ``sources/<id>.md`` under ``root``, with front matter."""
    lang = "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in body) else "en"
    (root / "sources").mkdir(exist_ok=True)
    front = (f"---\nid: {id}\ntitle: \"{title}\"\npublisher: \"Test Desk\"\nlanguages: [{lang}]\n"
             "published: null\nurl: null\ntier: secondary\ncites: []\n---\n")
    (root / "sources" / f"{id}.md").write_text(front + body, encoding="utf-8")


def _audited(root: Path):
    """(claims by source id, V201 findings) after loading ``root`` and extracting what has no records."""
    corpus = load_corpus([root])
    extract_missing(corpus, jobs=1)
    by_source: dict[str, list] = {}
    for c in corpus.claims:
        by_source.setdefault(c.source, []).append(c)
    return corpus, by_source, [f for f in audit(corpus).findings if f.rule == "V201"]


BUS_A = ("Voltara took the wraps off the E12, a 12-metre bus, at the Lyon fair on Tuesday.\n\n"
         "The E12 carries a 400 kWh battery pack, enough for a full day of city routes.\n")
BUS_B = "The Voltara E12 goes on sale in spring.\n\nThe Voltara E12 carries a 420 kWh battery pack, the maker says.\n"


def test_word_parts_are_whole_words() -> None:
    assert word_parts("Voltara E12") == {"Voltara", "E12"}
    assert "E1" not in word_parts("Voltara E12") and "Volt" not in word_parts("Voltara E12")
    assert "P60" in word_parts("澜图P60") and "HX" in word_parts("HX-7")
    assert word_parts("澜图P60") == {"澜图", "P60"}  # a run of Chinese characters is one word
    assert word_parts("龙上林县地铁") == frozenset()  # a place is no short name of its metro
    assert doctest.testmod(corpus_names).failed == 0
    assert doctest.testmod(names).failed == 0 and doctest.testmod(names).attempted >= 2


def test_a_short_code_takes_the_full_name_another_article_gives(tmp_path: Path) -> None:
    _article(tmp_path, "a", "Voltara shows a new city bus", BUS_A)
    _article(tmp_path, "b", "Voltara E12 goes on sale", BUS_B)
    _, claims, v201 = _audited(tmp_path)
    assert [(c.subject, c.metric, c.value.number, c.value.unit) for c in claims["a"] if c.metric == "energy"] == [("Voltara E12", "energy", 400, "kWh")]
    assert [(c.subject, c.value.number) for c in claims["b"] if c.subject] == [("Voltara E12", 420)]
    assert len(v201) == 1 and v201[0].message == "Voltara E12 energy (no scope): 400 kWh in a vs 420 kWh in b"


def test_a_chinese_code_takes_the_brand_another_article_prints(tmp_path: Path) -> None:
    _article(tmp_path, "c", "澜图发布新款电动车", "澜图周二在上海发布了新款电动车P60。\n\nP60搭载容量为95千瓦时的电池组。\n")
    _article(tmp_path, "d", "澜图P60开启预订", "澜图P60今天开启预订。\n\n据介绍，澜图P60的电池容量为100千瓦时。\n")
    _, claims, v201 = _audited(tmp_path)
    assert [(c.subject, c.value.number, c.value.unit) for c in claims["c"]] == [("澜图P60", 95, "kWh")]
    assert [f.message for f in v201] == ["澜图P60 energy (no scope): 95 kWh in c vs 100 kWh in d"]


def test_a_short_name_two_full_names_contain_keeps_its_own(tmp_path: Path) -> None:
    _article(tmp_path, "s", "Star X7 review", "The Star X7 carries a 60 kWh battery.\n")
    _article(tmp_path, "n", "Nova X7 review", "The Nova X7 carries a 75 kWh battery.\n")
    _article(tmp_path, "x", "X7 first drive", "The X7 carries a 70 kWh battery.\n")
    _, claims, v201 = _audited(tmp_path)
    assert [c.subject for src in "snx" for c in claims[src]] == ["Star X7", "Nova X7", "X7"]
    assert v201 == []


def _record(root: Path, corpus, source: str, quote: str, subject: str, value: float) -> None:
    """Write a curated record of ``quote`` in ``source`` to ``claims/<source>.yaml``."""
    c = claim(corpus.sources[source], quote, subject, "energy", value, "kWh", id=f"{source}-c001")
    (root / "claims").mkdir(exist_ok=True)
    data = [c.model_dump(mode="json")]
    (root / "claims" / f"{source}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_curated_records_lend_their_full_name_and_are_untouched(tmp_path: Path) -> None:
    _article(tmp_path, "a", "Voltara shows a new city bus", BUS_A)
    _article(tmp_path, "b", "Voltara E12 goes on sale", BUS_B)
    _record(tmp_path, load_corpus([tmp_path], with_records=False), "b", "420 kWh", "Voltara E12", 420)
    corpus, claims, v201 = _audited(tmp_path)
    assert [(c.subject, c.status) for c in claims["b"]] == [("Voltara E12", "accepted")]
    held = [c for c in claims["a"] if c.metric == "energy"]
    assert [(c.subject, c.status) for c in held] == [("Voltara E12", "proposed")]
    assert [f.claims for f in v201] == [[held[0].id, "b-c001"]]


def test_a_curated_short_name_is_the_reviewers_word(tmp_path: Path) -> None:
    _article(tmp_path, "a", "Voltara shows a new city bus", BUS_A)
    _article(tmp_path, "b", "Voltara E12 goes on sale", BUS_B)
    _article(tmp_path, "c", "Riding the E12", "The E12 carries a 410 kWh battery pack, the driver says.\n")
    _record(tmp_path, load_corpus([tmp_path], with_records=False), "a", "400 kWh", "E12", 400)
    _, claims, _ = _audited(tmp_path)
    assert [(c.subject, c.value.number, c.status) for c in claims["a"]] == [("E12", 400, "accepted")]
    assert [(c.subject, c.value.number) for c in claims["c"]] == [("E12", 410)]  # as the records name it
    assert [c.subject for c in claims["b"]] == ["Voltara E12"]


def test_a_company_name_is_not_expanded(tmp_path: Path) -> None:
    _article(tmp_path, "r", "Voltara results", "Bus maker Voltara reported revenue of $120 million in 2025.\n")
    _article(tmp_path, "b", "Voltara E12 goes on sale", BUS_B)
    _, claims, _ = _audited(tmp_path)
    assert ("Voltara", "revenue", 120_000_000) in [(c.subject, c.metric, c.value.number) for c in claims["r"]]
    assert "Voltara E12" not in {c.subject for c in claims["r"]}


# --- the pure function on hand-built claims --------------------------------------------------

def _energy(source: str, subject: str, kwh: int, metric: str = "energy", **kw):
    """A claim of article ``source``: ``subject`` carries ``kwh`` kWh (or a ``metric`` of that much)."""
    return claim(art(source, f"It carries {kwh} kWh."), f"{kwh} kWh", subject, metric, kwh, "kWh", **kw)


def test_a_name_without_a_digit_is_expanded_only_when_no_company_figure_names_it() -> None:
    out = unify_subjects({"a": [_energy("a", "Lumo", 60)], "b": [_energy("b", "Aster Lumo", 62)]})
    assert out["a"][0].subject == "Aster Lumo"
    priced = _energy("c", "Lumo", 90, metric="revenue")
    out = unify_subjects({"a": [_energy("a", "Lumo", 60)], "b": [_energy("b", "Aster Lumo", 62)], "c": [priced]})
    assert [out[s][0].subject for s in "abc"] == ["Lumo", "Aster Lumo", "Lumo"]


def test_lexicon_names_and_names_of_one_article_only_are_kept() -> None:
    out = unify_subjects({"a": [_energy("a", "H100", 60)], "b": [_energy("b", "Acme H100", 62)]}, known={"H100"})
    assert out["a"][0].subject == "H100"
    alone = unify_subjects({"a": [_energy("a", "E12", 60), _energy("a", "Voltara E12", 61, id="a-c2")], "b": []})
    assert [c.subject for c in alone["a"]] == ["E12", "Voltara E12"]


def test_an_event_is_no_full_name_and_a_name_is_never_shortened() -> None:
    launch = claim(art("b", "launch in 2027"), "2027", "Voltara E12 launch", "date", None, kind="date", printed="2027", low=2027)
    assert unify_subjects({"a": [_energy("a", "E12", 60)], "b": [launch]})["a"][0].subject == "E12"
    out = unify_subjects({"a": [_energy("a", "E12", 60)], "b": [launch, _energy("b", "Voltara E12 Pro", 70, id="b-c2")]})
    assert out["a"][0].subject == "Voltara E12 Pro"  # the one figure's subject that contains it
    assert [c.subject for c in out["b"]] == ["Voltara E12 launch", "Voltara E12 Pro"]


def test_several_names_in_a_target_are_renamed_one_by_one() -> None:
    body = "It carries 10% more than the E12 and the E14."
    cmp = claim(art("a", body), "10%", "Voltara E16", "energy", 10, target="E12|E14", relation="increase")
    out = unify_subjects({"a": [cmp], "b": [_energy("b", "Voltara E12", 60)], "c": [_energy("c", "Voltara E14", 70)]})
    assert out["a"][0].comparison.target == "Voltara E12|Voltara E14"
    assert out["a"][0].comparison.relation == "increase" and out["a"][0].subject == "Voltara E16"


def test_verifier_extract_writes_one_name_across_articles(tmp_path) -> None:
    from tests.builders import run_cli

    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "a.md").write_text("---\nid: ua\ntitle: Voltara E12 launch\nlanguages: [en]\ntier: secondary\n---\n"
                                              "Shares of Voltara rose. The Voltara E12 carries a 420 kWh battery pack.\n", encoding="utf-8")
    (tmp_path / "sources" / "b.md").write_text("---\nid: ub\ntitle: City buys buses\nlanguages: [en]\ntier: secondary\n---\n"
                                              "The city ordered the E12. Each E12 carries a 400 kWh battery.\n", encoding="utf-8")
    result = run_cli("extract", str(tmp_path / "sources"))
    assert result.exit_code == 0, result.output
    subjects = sorted(line.split(":", 1)[1].strip() for f in sorted((tmp_path / "claims").glob("*.yaml"))
                      for line in f.read_text(encoding="utf-8").splitlines() if line.strip().startswith("subject:"))
    assert subjects == ["Voltara E12", "Voltara E12"]
