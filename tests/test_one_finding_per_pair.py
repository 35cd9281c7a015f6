"""verifier.rules.aligned.one_finding_per_pair drops exactly the findings a more specific one subsumes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.models.finding import SEVERITY_ORDER, Finding, Severity
from verifier.rules.aligned import SUBSUMES, one_finding_per_pair


def _every_pair(findings: list[Finding]) -> list[Finding]:
    """The rule as its docstring states it, each finding held against every subsuming finding."""
    tops = [(f.rule, frozenset(f.claims[:2]), frozenset(f.claims), SEVERITY_ORDER[f.severity])
            for f in findings if f.rule in SUBSUMES and len(f.claims) >= 2]
    return [f for f in findings
            if not (len(f.claims) >= 2 and any(f.rule in SUBSUMES[rule] and (pair <= set(f.claims) or set(f.claims[:2]) <= every)
                                               and severe <= SEVERITY_ORDER[f.severity] for rule, pair, every, severe in tops))]


finding = st.builds(
    lambda rule, claims, severity: Finding(rule=rule, name="x", severity=severity, message="m", claims=claims),
    st.sampled_from(["V101", "V108", "V201", "V203", "V204", "V205", "V206"]),
    st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), max_size=3, unique=True),
    st.sampled_from([Severity.error, Severity.warning]))


@settings(max_examples=500, deadline=None)
@given(st.lists(finding, max_size=12))
def test_indexed_by_claim_it_drops_what_every_pair_drops(findings):
    assert one_finding_per_pair(findings) == _every_pair(findings)


def test_a_moved_figure_drops_the_conflict_of_its_two_figures():
    """V204 on (a, b) drops V206 on (b, a) and V201 on (a, b), not V206 on (a, c); V203 on (a, b) drops V204 itself."""
    f = lambda rule, *claims: Finding(rule=rule, name="x", severity=Severity.warning, message="m", claims=list(claims))  # noqa: E731
    kept = one_finding_per_pair([f("V204", "a", "b"), f("V206", "b", "a"), f("V201", "a", "b"), f("V206", "a", "c"), f("V203", "a", "b")])
    assert [(x.rule, x.claims) for x in kept] == [("V206", ["a", "c"]), ("V203", ["a", "b"])]


def test_a_change_recomputed_in_its_sentence_drops_the_same_comparison():
    """'rose from 4.0 TWh to 5.0 TWh, an increase of 40%': V108 (result, base, new) and V101 (result,
    s, t) recompute one change from one pair of figures; the user reads it once. A V108 warning
    never drops a V101 error: the stronger verdict stays."""
    f = lambda rule, sev, *claims: Finding(rule=rule, name="x", severity=sev, message="m", claims=list(claims))  # noqa: E731
    e, w = Severity.error, Severity.warning
    kept = one_finding_per_pair([f("V101", e, "r", "new", "base"), f("V108", e, "r", "base", "new")])
    assert [x.rule for x in kept] == ["V108"]
    kept = one_finding_per_pair([f("V101", e, "r", "new", "base"), f("V108", w, "r", "base", "new")])
    assert [x.rule for x in kept] == ["V101", "V108"]
