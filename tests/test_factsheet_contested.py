"""One truth for facts: the fact sheet calls a fact contested exactly when the audit reports a
contradiction (V2xx) among its figures.

The articles are made up (a water authority's budget and its parts, a ferry refit costed for
two years, a ferry whose rated power two outlets give differently), extracted as a user's
folder would be, and read by both the audit and the sheet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from evidence_corpora import zephyr_corpus
from verifier.engine import check
from verifier.factindex import build_facts
from verifier.factsheet import FactEntry, FactSheet, build_factsheet
from verifier.graph import build_graph
from verifier.extract.corpus import extract_missing
from verifier.ingest.corpus import Corpus, load_corpus
from verifier.models.finding import Finding
from verifier.rules.context import Context

ROOT = Path(__file__).resolve().parents[1]

FRONT = "---\nid: {id}\ntitle: {title}\npublisher: {publisher}\nlanguages: [{lang}]\npublished: 2025-01-20\nurl: null\ntier: secondary\n---\n\n"

BUDGET_EN = ("The Lakeside Water Authority's budget for 2025 is $2.41 billion, of which $1.2 billion goes to pipe renewal "
             "and $0.9 billion to treatment plants.\n")
TWO_YEARS_EN = "The Lakeside Water Authority's ferry refit program cost $40 million in 2023 and $55 million in 2024.\n"
OUTLET_EN = ("The Lakeside Water Authority will spend $2.41 billion in 2025, of which $1.2 billion goes to pipe renewal, "
             "$0.9 billion to treatment plants and $0.31 billion to ferries.\n")
BUDGET_ZH = "临江水务局2025年预算为24.1亿元，其中12亿元用于管网改造，9亿元用于水厂。\n"
TWO_YEARS_ZH = "临江水务局的渡轮翻新项目2023年花费4000万元，2024年花费5500万元。\n"
OUTLET_ZH = "临江水务局2025年的预算为24.1亿元，其中12亿元用于管网改造，9亿元用于水厂，3.1亿元用于渡轮。\n"
SUBJECTS_ZH = "- {name: 临江水务局, kind: company, aliases: [临江水务局]}\n"

FERRY_A = "Harbour Line's new ferry, the Sea Swift, is rated at 1,000 kW. The Sea Swift cost $40 million in 2024.\n"
FERRY_B = "Harbour Line 的新渡轮 Sea Swift 额定功率为 1200 千瓦，Sea Swift 2024年的造价为4800万美元。\n"


def _folder(root: Path, articles: dict[str, tuple[str, str]], subjects: str | None = None) -> Corpus:
    """Write ``{id: (language, body)}`` as articles under ``root``, load and extract them."""
    root.mkdir(parents=True, exist_ok=True)
    for sid, (lang, body) in articles.items():
        head = FRONT.format(id=sid, title=f"Article {sid}", publisher=f"Outlet {sid}", lang=lang)
        (root / f"{sid}.md").write_text(head + body, encoding="utf-8")
    if subjects:
        (root / "subjects.yaml").write_text(subjects, encoding="utf-8")
    corpus = load_corpus([root])
    extract_missing(corpus)
    return corpus


def _run(corpus: Corpus) -> tuple[FactSheet, list[Finding]]:
    findings = check(Context(corpus))
    return build_factsheet(corpus, findings), findings


def _facts(sheet: FactSheet) -> dict[str, FactEntry]:
    return {f.label: f for s in sheet.subjects for f in s.facts}


def _contradictions(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.rule.startswith("V2")]


EXPECTED_EN = {
    "Lakeside Water Authority cost (part not stated, year=2023)": "$40 million",
    "Lakeside Water Authority cost (part not stated, year=2024)": "$55 million",
    "Lakeside Water Authority cost (part not stated, year=2025)": "$2.41 billion",
    "Lakeside Water Authority cost (part=pipe renewal, year=2025)": "$1.2 billion",
    "Lakeside Water Authority cost (part=treatment plants, year=2025)": "$0.9 billion",
}
EXPECTED_ZH = {
    "临江水务局 cost in CNY (part not stated, year=2023)": "4000万元",
    "临江水务局 cost in CNY (part not stated, year=2024)": "5500万元",
    "临江水务局 cost in CNY (part not stated, year=2025)": "24.1亿元",
    "临江水务局 cost in CNY (part=管网改造, year=2025)": "12亿元",
    "临江水务局 cost in CNY (part=水厂, year=2025)": "9亿元",
}


@pytest.mark.parametrize("lang, articles, subjects, expected", [
    ("en", {"budget": BUDGET_EN + "\n" + TWO_YEARS_EN, "outlet": OUTLET_EN}, None,
     {**EXPECTED_EN, "Lakeside Water Authority cost (part=ferries, year=2025)": "$0.31 billion"}),
    ("zh", {"budget": BUDGET_ZH + "\n" + TWO_YEARS_ZH, "outlet": OUTLET_ZH}, SUBJECTS_ZH,
     {**EXPECTED_ZH, "临江水务局 cost in CNY (part=渡轮, year=2025)": "3.1亿元"}),
    ("en", {"budget": BUDGET_EN + "\n" + TWO_YEARS_EN}, None, EXPECTED_EN),
    ("zh", {"budget": BUDGET_ZH + "\n" + TWO_YEARS_ZH}, SUBJECTS_ZH, EXPECTED_ZH),
])
def test_budget_with_its_parts_and_a_cost_in_two_years_are_not_contested(tmp_path: Path, lang, articles, subjects, expected) -> None:
    """A budget and its parts, and one cost in two years, are different facts: no V2xx, nothing contested, no dissent."""
    sheet, findings = _run(_folder(tmp_path, {sid: (lang, body) for sid, body in articles.items()}, subjects))
    assert _contradictions(findings) == []
    quotes = {c.n: c.quote for c in sheet.citations}
    facts = _facts(sheet)
    assert {label: quotes[f.citation] for label, f in facts.items()} == expected
    assert [(label, f.dissent) for label, f in facts.items() if f.status == "contested" or f.dissent] == []


def test_two_figures_of_one_article_whose_parts_are_unsaid_are_not_rivals(tmp_path: Path) -> None:
    sheet, findings = _run(_folder(tmp_path, {"spend": ("en", "The Lakeside Water Authority spent $3 million on new meters "
                                                              "and $5 million on valves.\n")}))
    assert _contradictions(findings) == []
    f = _facts(sheet)["Lakeside Water Authority cost"]
    assert (f.status, f.value, [(d.figure, d.reason) for d in f.dissent]) == (
        "single-secondary", "3,000,000 USD", [("5,000,000 USD", "same article")])


def _contradicts(corpus: Corpus, findings: list[Finding]) -> list[tuple[str, str]]:
    """(quote, quote) of every ``contradicts`` edge of the evidence graph."""
    g = build_graph(corpus, findings)
    return sorted((g.nodes[u]["quote"], g.nodes[v]["quote"]) for u, v, d in g.edges(data=True) if d["relation"] == "contradicts")


def test_graph_draws_contradictions_the_audit_reports_only(tmp_path: Path) -> None:
    budget = _folder(tmp_path / "budget", {"budget": ("en", BUDGET_EN + "\n" + TWO_YEARS_EN)})
    assert _contradicts(budget, check(Context(budget))) == []
    ferry = _folder(tmp_path / "ferry", {"ferry-a": ("en", FERRY_A), "ferry-b": ("zh", FERRY_B)})
    assert sorted(map(sorted, _contradicts(ferry, check(Context(ferry))))) == [["$40 million", "4800万美元"], ["1,000 kW", "1200 千瓦"]]


def test_two_articles_giving_one_ferry_different_figures_are_contested_in_both(tmp_path: Path) -> None:
    sheet, findings = _run(_folder(tmp_path, {"ferry-a": ("en", FERRY_A), "ferry-b": ("zh", FERRY_B)}))
    contra = _contradictions(findings)
    assert sorted(f.message for f in contra) == [
        "Sea Swift cost (year=2024): 40,000,000 USD in ferry-a vs 4800万 USD in ferry-b",
        "Sea Swift power (basis=rated): 1,000 kW in ferry-a vs 1200 kW in ferry-b",
    ]
    facts = _facts(sheet)
    assert {label: f.status for label, f in facts.items()} == {
        "Sea Swift cost (year=2024)": "contested", "Sea Swift power": "contested"}
    power = facts["Sea Swift power"]
    assert [(d.figure, d.reason) for d in power.dissent] == [("1200 kW", "equally supported")]


def _corpora(tmp_path: Path) -> dict[str, Corpus]:
    return {
        "test fixtures": _loaded(ROOT / "tests" / "fixtures" / "corpus"),
        "shipped": _loaded(ROOT),
        "zephyr": zephyr_corpus(),
        "budget en": _folder(tmp_path / "en", {"budget": ("en", BUDGET_EN + "\n" + TWO_YEARS_EN), "outlet": ("en", OUTLET_EN)}),
        "budget zh": _folder(tmp_path / "zh", {"budget": ("zh", BUDGET_ZH + "\n" + TWO_YEARS_ZH), "outlet": ("zh", OUTLET_ZH)},
                             SUBJECTS_ZH),
        "ferry": _folder(tmp_path / "ferry", {"ferry-a": ("en", FERRY_A), "ferry-b": ("zh", FERRY_B)}),
    }


def _loaded(path: Path) -> Corpus:
    corpus = load_corpus([path])
    extract_missing(corpus)
    return corpus


def test_sheet_contests_exactly_the_facts_the_audit_contradicts(tmp_path: Path) -> None:
    seen = 0
    for name, corpus in _corpora(tmp_path).items():
        sheet, findings = _run(corpus)
        members = {f.id: {c.id for c in f.claims} for f in build_facts(Context(corpus))}
        covered = set()
        for finding in _contradictions(findings):
            homes = [fid for fid, ids in members.items() if ids & set(finding.claims)]
            assert len(homes) == 1 and set(finding.claims) <= members[homes[0]], (name, finding.message, homes)
            covered.add(homes[0])
        status = {f.id: f.status for s in sheet.subjects for f in s.facts}
        contested = {fid for fid, st in status.items() if st == "contested"}
        # a fact none of whose figures survives recomputation is 'miscalculated' first (the ladder's first rung)
        assert contested == {fid for fid in covered if status[fid] != "miscalculated"}, name
        seen += len(contested)
    assert seen >= 4  # shipped (3 V201 findings), fixtures, zephyr and the ferry each contribute
