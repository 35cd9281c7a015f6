"""V4xx provenance rules: attributions, citations and evidence tiers."""

from __future__ import annotations

import pytest

from builders import art, claim, corpus, ext, findings

Z = "Zephyr X1"
BODY = "Zephyr X1 draws 700 W, the vendor says.\n"
REGISTRY = [ext("zephyr-blog", "primary"), ext("weibo-leaks", "social", kind="social"),
            ext("orca-lab", "independent", kind="benchmark", cites=["zephyr-blog"])]


def one_claim(origin: str | None, tier: str, *codes: str, article_tier: str = "secondary", extra_sources=()):
    a = art("en1", BODY, tier=article_tier)
    c = claim(a, "700 W", Z, "power", 700, "W", origin=origin, tier=tier, id="c1")
    return findings(corpus([a, *extra_sources], [c], REGISTRY), *codes)


# --- V401 unknown-origin --------------------------------------------------------------------

@pytest.mark.parametrize("origin", ["zephyr-blog", "en2", None])
def test_v401_clean_for_registered_article_or_no_origin(origin):
    assert one_claim(origin, "secondary", "V401", extra_sources=[art("en2", "Zephyr X1: 700 W.")]) == []


def test_v401_fires_on_a_typo():
    (f,) = one_claim("zephry-blog", "primary", "V401")
    assert (f.rule, f.name, f.severity.value, f.claims, f.source, f.line) == ("V401", "unknown-origin", "error", ["c1"], "en1", 1)
    assert f.message == "c1 is attributed to 'zephry-blog', which is not an article or a registered external source"


def test_v401_ids_are_exact():
    # boundary: a near miss in case is still unknown
    assert [f.rule for f in one_claim("Zephyr-Blog", "primary", "V401")] == ["V401"]


# --- V402 unknown-citation ------------------------------------------------------------------

def cites(*ids: str, external=REGISTRY):
    a = art("en1", BODY, cites=ids)
    b = art("zh1", "Zephyr X1 功耗700W。")
    return findings(corpus([a, b], [], external), "V402")


def test_v402_clean_for_registered_and_article_citations():
    assert cites("zephyr-blog", "zh1", "orca-lab") == []


def test_v402_fires_for_an_unrecorded_id():
    (f,) = cites("zephyr-blog", "zephyr_blog")
    assert (f.rule, f.name, f.severity.value, f.source, f.path, f.line) == ("V402", "unknown-citation", "error", "en1", "sources/en1.md", None)
    assert f.message == "en1 cites 'zephyr_blog', which is not an article or a registered external source"


def test_v402_fires_for_an_external_sources_citation():
    registry = [*REGISTRY, ext("orca-forum", "social", kind="social", cites=["orca-lab", "orca-labs"])]
    (f,) = cites(external=registry)
    assert f.source is None
    assert f.message == "external source orca-forum cites 'orca-labs', which is not recorded"


def test_v402_one_finding_per_unknown_citation():
    assert [f.rule for f in cites("nope-1", "nope-2")] == ["V402", "V402"]


# --- V403 tier-above-origin -----------------------------------------------------------------

@pytest.mark.parametrize(("origin", "tier", "fires"), [
    ("zephyr-blog", "primary", False),  # as strong as its origin
    ("weibo-leaks", "social", False),  # boundary: equal tiers
    ("weibo-leaks", "estimate", False),  # weaker than its origin
    ("weibo-leaks", "secondary", True),  # one rung above a social origin: just outside
    ("weibo-leaks", "primary", True),
    ("orca-lab", "primary", True),  # independent origin
    ("orca-lab", "independent", False),
])
def test_v403_claim_tier_against_origin_tier(origin, tier, fires):
    assert bool(one_claim(origin, tier, "V403")) is fires


def test_v403_finding_fields():
    (f,) = one_claim("weibo-leaks", "primary", "V403")
    assert (f.rule, f.name, f.severity.value, f.claims) == ("V403", "tier-above-origin", "info", ["c1"])
    assert f.message == "c1 is recorded as primary but its origin weibo-leaks is social"


def test_v403_origin_may_be_an_article():
    forum = art("bbs1", "楼主说 Zephyr X1 功耗700W。", tier="social")
    assert [f.rule for f in one_claim("bbs1", "primary", "V403", extra_sources=[forum])] == ["V403"]
    assert one_claim("bbs1", "social", "V403", extra_sources=[forum]) == []


@pytest.mark.parametrize("origin", [None, "no-such-origin"])
def test_v403_silent_without_a_known_origin(origin):
    assert one_claim(origin, "primary", "V403") == []


# --- V404 unattributed-primary --------------------------------------------------------------

@pytest.mark.parametrize(("origin", "tier", "fires"), [
    (None, "primary", True),
    (None, "independent", True),  # boundary: the weakest tier that still claims a measurement
    (None, "secondary", False),  # just past it
    (None, "estimate", False),
    ("zephyr-blog", "primary", False),
])
def test_v404_primary_or_independent_needs_an_origin(origin, tier, fires):
    assert bool(one_claim(origin, tier, "V404")) is fires


def test_v404_finding_fields():
    (f,) = one_claim(None, "independent", "V404")
    assert (f.rule, f.name, f.severity.value, f.claims, f.source) == ("V404", "unattributed-primary", "info", ["c1"], "en1")
    assert f.message == "c1 is independent evidence but names no origin, and its article en1 is secondary"


@pytest.mark.parametrize(("article_tier", "tier", "fires"), [
    ("primary", "primary", False),  # a primary article's own figure: the article is its origin
    ("primary", "independent", False),
    ("independent", "independent", False),  # a lab's own measurement
    ("independent", "primary", True),  # boundary: a lab relaying a vendor figure without naming the vendor
    ("secondary", "primary", True),  # the rule's case: a relayed figure recorded as primary, from nobody
    ("social", "independent", True),
])
def test_v404_an_article_is_the_origin_of_its_own_figures(article_tier, tier, fires):
    assert bool(one_claim(None, tier, "V404", article_tier=article_tier)) is fires


def test_v404_silent_on_the_figures_extracted_from_a_primary_article():
    from verifier.extract import extract_claims

    a = art("blog", "Zephyr Labs: the Zephyr X1 draws 700 W and serves 52,000 tokens/s.", tier="primary")
    claims = extract_claims(a)
    assert claims and {(c.attribution.origin, c.attribution.tier.value) for c in claims} == {(None, "primary")}
    assert findings(corpus([a], claims, REGISTRY), "V404") == []


def test_v404_reports_a_secondary_articles_figure_only_once_it_is_recorded_as_primary():
    from verifier.extract import extract_claims

    a = art("news", "The Zephyr X1 draws 700 W and serves 52,000 tokens/s.", tier="secondary")
    claims = extract_claims(a)
    assert claims and findings(corpus([a], claims, REGISTRY), "V404") == []  # extracted: the article's tier, no claim of more
    primary = [c.model_validate({**c.model_dump(), "attribution": {**c.attribution.model_dump(), "tier": "primary"}}) for c in claims]
    assert {f.rule for f in findings(corpus([a], primary, REGISTRY), "V404")} == {"V404"}
