"""One sentence printed many times (issue 35): its copies are paired once, as their first occurrence
(:mod:`verifier.align.repeats`), and a fact asked about once per copy is looked up once
(:meth:`Context.find <verifier.rules.context.Context.find>`). Costs are counted, never timed:
the pairs a block's join makes, and the claims the fact lookup reads."""

from __future__ import annotations

import pytest

from tests.builders import art, corpus, findings
from verifier.align import pairs
from verifier.align.repeats import distinct
from verifier.extract import extract_claims
from verifier.extract.lexicon import Lexicon
from verifier.rules import context

PRIMARY = "Wheat output reached 134.5 million tonnes in 2023.\n"
MOVED = "Wheat output reached 134.5 million tonnes in 2022. "
"""A coverage sentence that moves the primary's figure to another year: V204 fires on it."""


def _corpus(primary: str, coverage: str):
    arts = [art("prim", primary, tier="primary"), art("cov", coverage)]
    return corpus(arts, [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))])


def _pairs_made(monkeypatch, times: int) -> int:
    """Index pairs the faceted join makes, over V204 and V205, for a coverage article that prints
    :data:`MOVED` ``times`` times on one line."""
    made = []
    join = pairs.facet_pairs

    def counted(facets, *apart, **bound):
        out = join(facets, *apart, **bound)
        made.append(len(out))
        return out

    monkeypatch.setattr(pairs, "facet_pairs", counted)
    findings(_corpus(PRIMARY, MOVED * times + "\n"), "V204", "V205")
    return sum(made)


def test_pairs_do_not_grow_with_repetition(monkeypatch):
    """10 copies of a sentence made 45 pairs of copies inside the article alone (V205), 100
    copies 4,950: the pairs grew with the square of the repetition. One copy stands for all."""
    ten, hundred = _pairs_made(monkeypatch, 10), _pairs_made(monkeypatch, 100)
    assert hundred == ten
    assert ten == _pairs_made(monkeypatch, 1)


def test_a_repeated_figure_gives_its_finding_once_naming_its_first_copy():
    """The figure moved to 2022, printed 30 times, still gives V204's finding, at its first copy
    (the claim it names), and not once per copy."""
    once = findings(_corpus(PRIMARY, MOVED + "\n"), "V204")
    many = findings(_corpus(PRIMARY, MOVED * 30 + "\n"), "V204")
    assert [f.rule for f in once] == ["V204"]
    assert [(f.rule, f.claims, f.line, f.message) for f in many] == [(f.rule, f.claims, f.line, f.message) for f in once]


def test_distinct_collapses_copies_of_one_article_only():
    """Copies in one article are one frame with a count; the same sentence in another article,
    and another figure in the same sentence, stay apart."""
    from verifier.rules.aligned import frames
    from verifier.rules.context import Context

    arts = [art("a", "Bus fares rose to $2.75 in 2024. " * 3 + "Bus fares rose to $2.80 in 2024.\n"),
            art("b", "Bus fares rose to $2.75 in 2024.\n")]
    corp = corpus(arts, [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))])
    fs = [f for f in frames(Context(corp)) if f.claim.value.unit == "USD"]
    got = [(r.frame.claim.source, r.frame.claim.value.printed, r.count) for r in distinct(fs)]
    assert got == [("a", "2.75", 3), ("a", "2.80", 1), ("b", "2.75", 1)]
    assert distinct(fs)[0].frame is fs[0]  # the first occurrence stands for its copies


@pytest.mark.parametrize("times", [10, 100])
def test_a_fact_asked_once_per_copy_is_read_once(monkeypatch, times):
    """V101 asks for the subject's and the target's figures once per comparison: a sentence
    printed ``times`` times asked ``times`` times, and each answer read every copy of the
    subject's figure (times² claims read). The answers are memoised: the reads grow as the copies."""
    read = [0]
    check = context._no_conflict

    def counted(a, b):
        read[0] += 1
        return check(a, b)

    monkeypatch.setattr(context, "_no_conflict", counted)
    line = "The Kestrel K7 has a 78 kWh battery, while the Kestrel K5 has a 60 kWh battery, 30% more. "
    found = findings(_corpus("Nothing here.\n", line * times + "\n"), "V101")
    assert read[0] <= 4 * times  # each copy of each figure read a few times, not once per copy asking
    assert all(f.rule == "V101" for f in found)


def test_an_archive_naming_one_holder_everywhere_is_paired_linearly_and_says_so():
    """Every article names Northwind and gives its own outage count: V206 set each figure against
    every other article's (the square of the archive). Now each meets its NEAREST nearest by value,
    and an info finding says which block was bounded."""
    from verifier.align.pairs import NEAREST

    n = NEAREST + 16
    arts = [art(f"n{i:03d}", f"Northwind reported {100 + i} outages in ward {i}, down {i % 7 + 1}% from a year earlier. "
                "Northwind Utilities serves about 1.3 million customers and employs around 4,200 people.\n") for i in range(n)]
    corp = corpus(arts, [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))])
    found = findings(corp, "V206")
    info = [f for f in found if f.severity.value == "info"]
    assert info and all(f"its {NEAREST} nearest by value" in f.message for f in info)
    assert len(found) - len(info) <= n * NEAREST
