"""Every proposed claim says how its holder and target were decided, and an error rests only on
confident decisions (the linters' promise): a finding whose claims decided a part its rule rests
on weakly is reported as a warning that names the weak decision."""

from __future__ import annotations

from builders import art, claim, corpus, findings
from verifier.extract.claims import extract_claims
from verifier.extract.lexicon import Lexicon
from verifier.extract.decided import CONFIDENCE, decision
from verifier.models.claim import CONFIDENT, Decision

EMPTY = Lexicon([])


def _decided(body: str) -> dict[str, dict[str, tuple[str, float]]]:
    out = {}
    for c in extract_claims(art("d1", body), lexicon=EMPTY):
        out[c.anchor.quote] = {k: (d.by, d.confidence) for k, d in c.decided.items()}
    return out


def test_a_name_in_the_figures_own_clause_is_a_confident_holder():
    got = _decided("The Harbor Transit board approved a budget of $410 million for 2025.\n")
    assert got["$410 million"]["holder"] == ("clause name", 0.9)


def test_a_guess_from_the_last_two_names_is_not_confident():
    # 'less than half of that': the text names no target; the last two names are a guess
    got = _decided("Lincoln High gets $2 million. Jefferson Middle gets $900,000, less than half.\n")
    weak = got.get("less than half", {})
    assert all(conf < CONFIDENT for _, conf in weak.values()), weak


def test_every_kind_of_evidence_has_a_confidence_in_the_unit_interval():
    assert all(0 <= v <= 1 for v in CONFIDENCE.values())
    assert decision("article topic") == Decision(by="article topic", confidence=0.35)
    assert CONFIDENCE["article topic"] < CONFIDENT <= CONFIDENCE["clause name"]


def _contradiction(decided: dict) -> list:
    a = art("a1", "Pier Nine draws 700 W at peak.\n")
    b = art("b1", "Pier Nine draws 900 W at peak.\n")
    ca = claim(a, "700 W", "Pier Nine", "power", 700, "W").model_copy(update={"decided": decided})
    cb = claim(b, "900 W", "Pier Nine", "power", 900, "W")
    return findings(corpus([a, b], [ca, cb]), "V201")


def test_a_contradiction_between_confident_claims_is_an_error():
    found = _contradiction({"holder": decision("clause name")})
    assert [(f.rule, f.severity.value) for f in found] == [("V201", "error")]
    assert "needs review" not in found[0].message


def test_a_contradiction_resting_on_a_weak_holder_is_a_warning_that_says_why():
    found = _contradiction({"holder": decision("article topic")})
    assert [(f.rule, f.severity.value) for f in found] == [("V201", "warning")]
    assert found[0].message.endswith("(needs review: holder of a1-c016 decided by article topic (confidence 0.35))")


def test_a_weak_decision_on_a_part_the_rule_does_not_rest_on_changes_nothing():
    found = _contradiction({"derivation": Decision(by="sentence pattern", confidence=0.3)})
    assert [(f.rule, f.severity.value) for f in found] == [("V201", "error")]


def test_the_size_of_a_change_is_no_level_of_its_holder():
    a = art("ch1", "The Harbor Tunnel: estimated cost $2.3 billion, up $657.4 million since 2019.\n")
    b = art("ch2", "The Harbor Tunnel's cost has climbed to $2.3 billion.\n")
    claims = extract_claims(a, lexicon=EMPTY) + extract_claims(b, lexicon=EMPTY)
    up = next(c for c in claims if c.anchor.quote == "$657.4 million")
    assert (up.subject, up.decided["holder"].by) == (None, "a change amount")
    assert findings(corpus([a, b], claims), "V201") == []


def test_a_change_amount_is_still_checked_against_its_base_and_level():
    a = art("ch3", "今年全省粮食总产量为812.4亿斤，比上年的800.0亿斤增加21.6亿斤。\n")
    got = findings(corpus([a], extract_claims(a, lexicon=EMPTY)), "V108")
    assert [(f.rule, f.severity.value) for f in got] == [("V108", "error")]  # 812.4 − 800.0 = 12.4, not 21.6
