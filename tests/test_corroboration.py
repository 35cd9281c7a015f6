"""Independent origins, the evidence-status ladder and the fact sheet's ranking, on made-up corpora."""

from __future__ import annotations

import pytest

from builders import art, claim, corpus
from evidence_corpora import REGISTRY, cited, zephyr_corpus
from verifier.corroboration import Provenance, Status, support_status
from verifier.engine import audit
from verifier.factsheet import FactEntry, FactSheet, build_factsheet


def sheet_of(corp) -> FactSheet:
    return build_factsheet(corp, audit(corp).findings)


def fact(sheet: FactSheet, label: str) -> FactEntry:
    found = [f for s in sheet.subjects for f in s.facts if f.label == label]
    assert len(found) == 1, [f.label for s in sheet.subjects for f in s.facts]
    return found[0]


def quote(sheet: FactSheet, n: int) -> str:
    return sheet.citations[n - 1].quote


def test_two_articles_relaying_the_vendor_are_one_origin() -> None:
    f = fact(sheet_of(zephyr_corpus()), "Zephyr X1 power")
    assert (f.status, f.value, f.independent_origins) == ("primary-only", "800 W", 1)
    assert [g.origins for g in f.origins] == [["zephyr-blog"]]
    assert sorted(quote(sheet_of(zephyr_corpus()), n) for n in f.support) == ["800 W", "800 瓦"]


def test_independent_measurement_verifies_the_vendor_figure() -> None:
    f = fact(sheet_of(zephyr_corpus()), "Zephyr X1 throughput_per_power")
    assert f.status == "independently-verified"
    assert [(g.origins, g.tier.value) for g in f.origins] == [(["zephyr-blog"], "primary"), (["benchlab"], "independent")]
    assert f.independent_origins == 2


def test_same_tier_disagreement_is_contested() -> None:
    sheet = sheet_of(zephyr_corpus())
    f = fact(sheet, "Orca 9 power")
    assert (f.status, f.value, quote(sheet, f.citation)) == ("contested", "1,200 W", "1,200 W")
    assert [(d.figure, d.reason, quote(sheet, d.citation)) for d in f.dissent] == [("1500 W (about)", "equally supported", "1500 瓦")]


def test_miscalculated_figure_loses_to_the_correct_one() -> None:
    sheet = sheet_of(zephyr_corpus())
    f = fact(sheet, "Zephyr X1 vs Orca 9 throughput_per_power")
    assert (f.status, f.value) == ("primary-only", "2 x ratio vs Orca 9")
    assert [(d.reason, quote(sheet, d.citation)) for d in f.dissent] == [("arithmetic error", "2.6 倍")]
    assert f.dissent[0].detail.startswith("V101 comparison-mismatch: ")


def test_fact_whose_only_figure_fails_recomputation_is_miscalculated() -> None:
    corp = zephyr_corpus()
    corp.claims = [c for c in corp.claims if c.anchor.quote != "2 times"]
    sheet = sheet_of(corp)
    f = fact(sheet, "Zephyr X1 vs Orca 9 throughput_per_power")
    assert (f.status, f.status_text, f.tier) == ("miscalculated", "miscalculated (V101 comparison-mismatch)", None)
    assert f.recomputed.startswith("[1.9999, 2.0001] x")
    assert sorted(quote(sheet, n) for n in f.recomputed_from) == ["26,000", "52,000 tokens/s per kW"]


def _die(body_a: str, body_b: str, cite_b: dict | None = None):
    a = art("a", body_a)
    b = cited(art("b", body_b), **(cite_b or {}))
    claims = [claim(src, "800 mm²", "Orca 9", "die_area", 800, "mm²", tier="secondary", printed="800") for src in (a, b)]
    return corpus([a, b], claims, REGISTRY)


def test_two_independent_secondary_reports_corroborate() -> None:
    f = fact(sheet_of(_die("Our teardown of the Orca 9 measured a die of 800 mm².",
                           "Orca 9 拆解：芯片面积约 800 mm²，采用台积电工艺。")), "Orca 9 die_area")
    assert (f.status, f.status_text, f.independent_origins) == ("corroborated", "corroborated (2 independent origins)", 2)


def test_articles_that_copy_each_other_are_one_origin() -> None:
    text = "Our teardown of the Orca 9 measured a die of 800 mm², close to the reticle limit, on a 3 nm process."
    f = fact(sheet_of(_die(text, text + " Reprinted with permission.")), "Orca 9 die_area")
    assert (f.status, f.status_text) == ("single-secondary", "single secondary source")
    assert [g.origins for g in f.origins] == [["a", "b"]]


def test_article_built_on_another_is_not_independent_of_it() -> None:
    f = fact(sheet_of(_die("Our teardown of the Orca 9 measured a die of 800 mm².",
                           "Orca 9 拆解：芯片面积约 800 mm²。", {"a": "primary-source"})), "Orca 9 die_area")
    assert f.status == "single-secondary" and f.independent_origins == 1


def _power(*specs: tuple[str, str, float, str | None, str]):
    """Articles each giving the Orca 9's rated power: (id, body, watts, origin, tier)."""
    arts, claims = [], []
    for sid, body, watts, origin, tier in specs:
        a = art(sid, body)
        arts.append(a)
        claims.append(claim(a, f"{watts:g} W", "Orca 9", "power", watts, "W", scope={"basis": "rated"}, origin=origin, tier=tier))
    return corpus(arts, claims, REGISTRY)


def test_third_party_relaying_the_vendor_counts_as_the_vendor() -> None:
    registry = [e if e.id != "relay-lab" else e.model_copy(update={"cites": [*cited(art("x", "x"), zephyr_blog="attributes").meta.cites]})
                for e in REGISTRY]
    corp = _power(("p1", "Orca 9: 1200 W rated.", 1200, "zephyr-blog", "primary"),
                  ("p2", "RelayLab lists 1200 W for the Orca 9.", 1200, "relay-lab", "independent"))
    corp.external = {e.id: e for e in registry}
    f = fact(sheet_of(corp), "Orca 9 power")
    assert (f.status, [g.origins for g in f.origins]) == ("primary-only", [["relay-lab", "zephyr-blog"]])


def test_two_primary_origins_are_the_owner_speaking_twice() -> None:
    f = fact(sheet_of(_power(("p1", "Orca 9: 1200 W rated.", 1200, "zephyr-blog", "primary"),
                             ("p2", "On stage: 1200 W for the Orca 9.", 1200, "zephyr-keynote", "primary"))), "Orca 9 power")
    assert (f.status, f.independent_origins) == ("primary-only", 1)


def test_lower_tier_figure_loses_but_the_contradiction_is_contested_and_social_echo_does_not_count() -> None:
    corp = _power(("p1", "Orca 9: 1200 W rated.", 1200, "zephyr-blog", "primary"),
                  ("p2", "论坛网友称 Orca 9 功耗 2000 W。", 2000, "chip-forum", "social"),
                  ("p3", "Forum users repeat 1200 W for the Orca 9.", 1200, "chip-forum", "social"))
    assert [f.rule for f in audit(corp).findings if f.rule.startswith("V2")] == ["V201"]  # the audit sees a contradiction
    f = fact(sheet_of(corp), "Orca 9 power")
    assert (f.status, f.value, f.independent_origins) == ("contested", "1200 W", 1)
    assert [(g.origins, g.counted) for g in f.origins] == [(["zephyr-blog"], True), (["chip-forum"], False)]
    assert [(d.figure, d.reason) for d in f.dissent] == [("2000 W", "lower tier")]
    assert "social" in f.dissent[0].detail and "primary" in f.dissent[0].detail


def test_outlier_loses_to_better_supported_value_of_same_tier() -> None:
    corp = _power(("p1", "Orca 9 rated at 1200 W.", 1200, None, "secondary"),
                  ("p2", "Orca 9 额定 1200 W。", 1200, None, "secondary"),
                  ("p3", "The Orca 9 draws 1500 W.", 1500, None, "secondary"))
    f = fact(sheet_of(corp), "Orca 9 power")
    assert (f.status, f.value) == ("contested", "1200 W")
    assert [(d.figure, d.reason) for d in f.dissent] == [("1500 W", "outlier")]
    assert f.dissent[0].detail == "1 independent origin in 1 article, against 2 independent origins in 2 articles for the value shown, at the same tier (secondary)"


def test_figure_of_unstated_scope_is_a_fact_of_its_own_not_a_dissent() -> None:
    a = art("a", "Zephyr X1: rated 800 W, measured 610 W under load, and 'about 700 W' in the brochure.")
    claims = [
        claim(a, "800 W", "Zephyr X1", "power", 800, "W", scope={"basis": "rated"}, origin="zephyr-blog"),
        claim(a, "610 W", "Zephyr X1", "power", 610, "W", scope={"basis": "measured"}, origin="zephyr-blog"),
        claim(a, "700 W", "Zephyr X1", "power", 700, "W", origin="zephyr-blog"),
    ]
    sheet = sheet_of(corpus([a], claims, REGISTRY))
    rated = fact(sheet, "Zephyr X1 power (basis=rated)")
    assert (rated.value, rated.dissent) == ("800 W", [])  # the audit never compares 700 W (basis not stated) with it
    assert fact(sheet, "Zephyr X1 power (basis not stated)").value == "700 W"


def test_provenance_ancestry_follows_relaying_citations_only() -> None:
    a = cited(art("a", "Zephyr X1 at 800 W."), zephyr_blog="primary-source", chip_forum="cross-check")
    prov = Provenance(corpus([a], [], REGISTRY))
    assert prov.parents("a") == ["zephyr-blog"]
    assert "chip-forum" not in prov.ancestry("a") and "zephyr-blog" in prov.ancestry("a")


def test_support_status_needs_an_origin() -> None:
    with pytest.raises(ValueError):
        support_status([])
    assert Status("single-secondary") is Status.single_secondary
