"""Inputs users have that made the audit grow faster than the input: a long table (a ranking
per row), a line of bare figures, dense short paragraphs. Each test counts the work done (calls,
tokens read, pairs tried) at two sizes, never time, and checks that the claims and findings are
those the same text gave before. (Time is measured by ``benchmarks/bench_shapes.py --audit``.)"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import art, corpus, findings
from verifier.align.pairs import facet_pairs
from verifier.extract import extract_claims
from verifier.extract import measured
from verifier.rules import aligned, context, corrected, rankings, series

RANKED = "In the turnout table, Ohio came first with 61% and Iowa came second with 64%.\n\n"
"""V110's firing example of its docstring, before the table."""


def _table(rows: int) -> str:
    return (RANKED + "| model | price (USD) | battery (kWh) |\n|---|---:|---:|\n"
            + "".join(f"| Kestrel K{i} | {30000 + i} | {50 + i % 40} |\n" for i in range(rows)))


def _audit(body: str, *codes: str):
    src = art("t", body)
    return findings(corpus([src], extract_claims(src)), *codes)


def test_a_table_finds_its_sentence_ends_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = context.sentence_ends

    def counted(body: str):
        calls.append(len(body))
        return real(body)

    for module in (context, rankings, series, corrected):  # wherever the name is imported
        monkeypatch.setattr(module, "sentence_ends", counted, raising=False)
    found = _audit(_table(10), "V110")
    few = len(calls)
    assert _audit(_table(60), "V110") == found
    assert [(f.rule, f.claims) for f in found] == [("V110", ["t-x001", "t-x002"])]
    assert few <= 2 and len(calls) == 2 * few  # once or twice per audit of an article; it was once per table row


def _tokens_read(body: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[tuple]]:
    read = [0]
    real = measured.tokens

    def counted(text: str, start: int, end: int):
        out = real(text, start, end)
        read[0] += len(out)
        return out

    monkeypatch.setattr(measured, "tokens", counted)
    claims = extract_claims(art("b", body))
    monkeypatch.undo()
    return read[0], [(c.anchor.quote, c.value.number, c.measured) for c in claims]


def test_a_line_of_bare_figures_reads_a_bounded_window_before_each(monkeypatch: pytest.MonkeyPatch) -> None:
    tail = " 4, and revenue rose to $5 million from $4 million.\n"
    small, small_claims = _tokens_read(" ".join(["1"] * 500) + tail, monkeypatch)
    large, large_claims = _tokens_read(" ".join(["1"] * 1000) + tail, monkeypatch)
    assert large < 2.5 * small  # each figure read the whole clause before it: 4 times the tokens at twice the line
    assert large_claims[-3:] == small_claims[-3:] == [("4", 4.0, None), ("$5 million", 5e6, "revenue"), ("$4 million", 4e6, "revenue")]
    assert large_claims[:1000] == [("1", 1.0, None)] * 1000


def _dense(paragraphs: int) -> str:
    return "".join(f"In district {i}, the council counted {1000 + 7 * i} homes, up {i % 9 + 1}% from {900 + 5 * i} "
                   f"last year, and spent ${2 + i % 5}.{i % 10} million.\n\n" for i in range(paragraphs))


def test_dense_paragraphs_give_the_claims_they_gave() -> None:
    claims = extract_claims(art("s1", _dense(3)))
    assert [(c.anchor.quote, c.value.number, c.value.unit, c.measured) for c in claims] == [
        ("1000", 1000.0, "homes", "homes"), ("1%", 1.0, "%", "homes"), ("900", 900.0, None, None),
        ("$2.0 million", 2e6, "USD", None), ("1007", 1007.0, "homes", "homes"), ("2%", 2.0, "%", "homes"),
        ("905", 905.0, None, None), ("$3.1 million", 3.1e6, "USD", None), ("1014", 1014.0, "homes", "homes"),
        ("3%", 3.0, "%", "homes"), ("910", 910.0, None, None), ("$4.2 million", 4.2e6, "USD", None),
    ]


def _pairs_tried(body: str, monkeypatch: pytest.MonkeyPatch, code: str) -> int:
    """How many pairs of frames the rule ``code`` gives its ``keep`` test on ``body``."""
    tried = [0]
    real = aligned.candidates

    def counted(frames, keep, *routes, **kw):
        def counted_keep(x, y) -> bool:
            tried[0] += 1
            return keep(x, y)

        return real(frames, counted_keep, *routes, **kw)

    monkeypatch.setattr(aligned, "candidates", counted)
    _audit(body, code)
    monkeypatch.undo()
    return tried[0]


def test_figures_of_one_article_are_paired_only_within_one_time(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _pairs_tried(_table(80), monkeypatch, "V205") == 0  # no year on any row: 3,000 pairs of prices were tried
    dated = "The county sold 1,250 building permits in 2023. In all, the county sold 1,520 building permits in 2023.\n"
    assert [f.rule for f in _audit(dated + "\n" + _table(20), "V205")] == ["V205"]


def test_streaks_find_their_sentence_ends_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = context.sentence_ends

    def counted(body: str):
        calls.append(len(body))
        return real(body)

    for module in (context, series):
        monkeypatch.setattr(module, "sentence_ends", counted, raising=False)
    lines = "".join(f"In report {i}, exports rose for six consecutive quarters in 2024.\n" for i in range(40))
    found = _audit("Exports fell for six consecutive quarters in 2024.\n" + lines, "V209", "V210")
    assert len(calls) <= 2  # once or twice per article; it was once per streak
    assert [(f.rule, f.claims) for f in found][:1] == [("V210", ["t-x001", "t-x003"])]


def test_rules_that_pair_articles_try_no_pair_of_one_article(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _pairs_tried(_dense(40), monkeypatch, "V206") == 0  # 40 paragraphs: some 1,500 pairs of one article were tried
    assert _pairs_tried(_dense(40), monkeypatch, "V203") == 0
    one, other = "2025年江苏省公交客运量为4.82亿人次。\n\n", "江苏省交通厅表示，2025年公交客运量为5.31亿人次。\n\n"  # V206's example
    srcs = [art("a", one + _dense(5)), art("b", other + _dense(5))]
    found = findings(corpus(srcs, [c for s in srcs for c in extract_claims(s)]), "V206")
    assert [(f.rule, f.claims) for f in found] == [("V206", ["b-x001", "a-x001"])]


_facet = st.one_of(st.none(), st.frozensets(st.sampled_from("abcde"), min_size=1, max_size=3))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.tuples(_facet, _facet), st.sampled_from("xyz")), max_size=25))
def test_facet_pairs_apart_are_the_pairs_of_two_keys(items):
    facets, sides = [f for f, _ in items], [a for _, a in items]
    meet = lambda a, b: all(x is None or y is None or bool(x & y) for x, y in zip(a, b))  # noqa: E731
    want = {(i, j) for i, j in combinations(range(len(items)), 2) if meet(facets[i], facets[j]) and sides[i] != sides[j]}
    assert facet_pairs(facets, sides) == want


def test_a_clause_of_bare_figures_is_read_in_pieces_cut_between_words() -> None:
    from verifier.extract.segment import SENTENCE_MAX, segment, sentences

    body = " ".join(["12"] * 1500) + "\n"  # 4,500 characters, no comma or stop
    pieces = [x for u in segment(body) for x in sentences(body, u)]
    assert len(pieces) == 5 and all(x.end - x.start <= SENTENCE_MAX for x in pieces)
    assert "".join(body[x.start:x.end] + " " for x in pieces) == body[:-1] + " "  # every figure whole in one piece
    assert [c.anchor.quote for c in extract_claims(art("b", body))] == ["12"] * 1500
