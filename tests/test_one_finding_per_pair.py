"""verifier.rules.aligned.one_finding_per_pair drops exactly the findings a more specific one subsumes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.models.finding import Finding, Severity
from verifier.rules.aligned import SUBSUMES, one_finding_per_pair


def _every_pair(findings: list[Finding]) -> list[Finding]:
    """The rule as its docstring states it, each finding held against every subsuming finding."""
    tops = [(f.rule, frozenset(f.claims[:2]), frozenset(f.claims)) for f in findings if f.rule in SUBSUMES and len(f.claims) >= 2]
    return [f for f in findings
            if not (len(f.claims) >= 2 and any(f.rule in SUBSUMES[rule] and (pair <= set(f.claims) or set(f.claims[:2]) <= every)
                                               for rule, pair, every in tops))]


finding = st.builds(
    lambda rule, claims: Finding(rule=rule, name="x", severity=Severity.warning, message="m", claims=claims),
    st.sampled_from(["V101", "V201", "V203", "V204", "V205", "V206"]),
    st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), max_size=3, unique=True))


@settings(max_examples=500, deadline=None)
@given(st.lists(finding, max_size=12))
def test_indexed_by_claim_it_drops_what_every_pair_drops(findings):
    assert one_finding_per_pair(findings) == _every_pair(findings)


def test_a_moved_figure_drops_the_conflict_of_its_two_figures():
    """V204 on (a, b) drops V206 on (b, a) and V201 on (a, b), not V206 on (a, c); V203 on (a, b) drops V204 itself."""
    f = lambda rule, *claims: Finding(rule=rule, name="x", severity=Severity.warning, message="m", claims=list(claims))  # noqa: E731
    kept = one_finding_per_pair([f("V204", "a", "b"), f("V206", "b", "a"), f("V201", "a", "b"), f("V206", "a", "c"), f("V203", "a", "b")])
    assert [(x.rule, x.claims) for x in kept] == [("V206", ["a", "c"]), ("V203", ["a", "b"])]
