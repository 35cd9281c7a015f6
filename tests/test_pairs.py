"""Candidate pairs for alignment (:mod:`verifier.align.pairs`): the faceted join that finds the
pairs of a block worth aligning without trying them all, and the keys it joins on (holder
pieces, value buckets, base units). Each faceted result is checked against the brute force it
replaces: every pair of items, kept when their facets meet."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.align.pairs import (MAX_BLOCK, HolderParts, Holders, candidates, close, facet_pairs, holder_keys, same_holder,
                                  value_keys)
from verifier.align.things import thing_of
from verifier.units import base_factor


def _meet(a: tuple, b: tuple) -> bool:
    """The definition facet_pairs implements: each facet both give shares a key."""
    return all(x is None or y is None or bool(x & y) for x, y in zip(a, b))


facet = st.one_of(st.none(), st.frozensets(st.sampled_from("abcde"), min_size=1, max_size=3))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(facet, facet, facet), max_size=25))
def test_facet_pairs_are_the_brute_force_pairs(items):
    want = {(i, j) for i, j in combinations(range(len(items)), 2) if _meet(items[i], items[j])}
    assert facet_pairs(items) == want


def test_facet_pairs_of_items_without_facets_are_all_pairs():
    assert facet_pairs([(None,), (None,), (None,)]) == {(0, 1), (0, 2), (1, 2)}


@settings(max_examples=500, deadline=None)
@given(st.floats(min_value=-1e12, max_value=1e12, allow_nan=False), st.floats(min_value=-0.0099, max_value=0.0099))
def test_close_numbers_share_a_value_key(x, rel):
    y = x * (1 + rel)
    if close(x, y):
        assert value_keys(x, "u") & value_keys(y, "u")


def test_value_keys():
    assert value_keys(None) is None  # a range meets every value
    assert value_keys(0.0, "W") == frozenset({"W|0"})
    assert not value_keys(100.0, "W") & value_keys(-100.0, "W")  # opposite signs are never close
    assert not value_keys(100.0, "W") & value_keys(103.0, "W")  # 3% apart: buckets apart
    assert not value_keys(100.0, "W") & value_keys(100.0, "kW")  # the tag (a unit) parts them


@pytest.mark.parametrize("a, b, same", [
    ("Columbus", "City of Columbus", True),
    ("Ardaford", "ARDAFORD", True),
    ("Ardaford", "Ardafords", True),  # one letter more: the word keeps its first four letters
    ("Ohio State University", "Ohio State", True),
    ("Acme Corp", "Globex Corp", False),
    ("河南省", "河南省", True),
    ("青云北川市", "龙江南港市", False),
])
def test_same_holder(a, b, same):
    assert same_holder(a, b) is same
    if same:
        assert holder_keys(a) & holder_keys(b)  # one name shares a piece: the join on pieces finds the pair


def test_holder_keys():
    assert holder_keys("City of Columbus") == frozenset({"<city", ">city", "<of", ">of", "<colu", ">mbus"})
    assert holder_keys("河南省") == frozenset({"<河南", ">南省"})
    assert holder_keys("—") == frozenset({"—"})


def test_base_factor():
    assert base_factor("kW") == 1000.0
    assert base_factor("ms") == pytest.approx(0.001)
    assert base_factor("cent") == pytest.approx(0.01)
    assert base_factor("°C") is None  # an offset: no factor
    assert base_factor(None) is None


def _claim(source: str, weak: bool = False):
    """A stand-in claim of article ``source`` whose holder was decided weakly or not."""
    return SimpleNamespace(source=source, weak=lambda parts: [("holder", None)] if weak and "holder" in parts else [])


def _frame(holder: str | None, year: str | None = None, names: frozenset = frozenset(), source: str = "a",
           weak: bool = False):
    """A stand-in with what candidates() and the facets read: one family, role and measured
    thing, in article ``source``, its holder decided ``weak``ly or not."""
    return SimpleNamespace(thing=thing_of("unemployment rate"), family="percent", role="level", holder=holder,
                           when={"year": year} if year else {}, names=names, mood="reading",
                           claim=_claim(source, weak))


def _at(fs: list, f) -> int:
    """Index of ``f`` in ``fs`` by identity (two stand-ins with one holder are equal)."""
    return next(i for i, g in enumerate(fs) if g is f)


def _by_holder(f):
    return (frozenset({f.holder}) if f.holder else None,)


def test_candidates_with_facets_pair_a_block_too_big_to_pair_whole():
    fs = [_frame(f"city{i // 2}") for i in range(2 * MAX_BLOCK)]  # 400 holders, two figures each
    assert list(candidates(fs, lambda x, y: True)) == []  # whole: over MAX_BLOCK, skipped
    got = list(candidates(fs, lambda x, y: True, _by_holder))
    assert len(got) == MAX_BLOCK and all(x.holder == y.holder for x, y in got)


def test_candidates_with_facets_keep_input_order_and_wildcards():
    fs = [_frame("a"), _frame(None), _frame("b"), _frame("a")]
    got = [(_at(fs, x), _at(fs, y)) for x, y in candidates(fs, lambda x, y: True, _by_holder)]
    assert got == [(0, 1), (0, 3), (1, 2), (1, 3)]  # no holder meets every holder; 'a' and 'b' never meet


def test_candidates_routes_are_a_union():
    fs = [_frame("a", "2020"), _frame("b", "2020"), _frame("a", "2021")]
    by_year = lambda f: (frozenset({f.when["year"]}),)  # noqa: E731
    got = {(_at(fs, x), _at(fs, y)) for x, y in candidates(fs, lambda x, y: True, _by_holder, by_year)}
    assert got == {(0, 1), (0, 2)}


@pytest.mark.parametrize("a, b, one", [
    ((1.2, "kW"), (1200.0, "W"), True),   # one value converted
    ((5.1, "kW"), (5.1, "W"), True),      # one printed number, the unit slipped
    ((1.2, "kW"), (900.0, "W"), False),
    ((40.0, "%"), (40.2, "%"), True),     # within 1%
    ((40.0, "%"), (41.0, "%"), False),
])
def test_one_value_across_units(a, b, one):
    """Two figures in another frame are aligned only when they may be one value (V203/V206's
    'figure moved'): the pairs the value facet (:func:`verifier.rules.aligned._value_facet`) finds."""
    from builders import art, claim
    from verifier.rules.aligned import _one_value

    s = art("s", "It drew 1 unit and then 2 units.\n")
    ca, cb = claim(s, "1", "x", "power", a[0], a[1], printed=str(a[0])), claim(s, "2", "x", "power", b[0], b[1], printed=str(b[0]))
    assert _one_value(ca, cb) is one


def test_a_figure_without_a_holder_meets_the_holders_its_article_names():
    """'The jobless rate fell to 4%' in an article that names Leeds: set against Leeds's figures
    and figures without a holder, not against Bristol's; with no names, against every holder."""
    from verifier.align.pairs import Holders

    fs = [_frame(None, names=frozenset({"leeds"})), _frame("Leeds"), _frame("Bristol"), _frame(None, names=frozenset({"york"})),
          _frame(None)]
    got = {(_at(fs, x), _at(fs, y)) for x, y in candidates(fs, lambda x, y: True, Holders(fs).quantity_facets)}
    assert got == {(0, 1), (0, 3), (0, 4), (1, 4), (2, 4), (3, 4)}


names = st.frozensets(st.sampled_from(["leeds", "leeds city", "york", "江苏省", "江苏"]), max_size=2)
holders = st.one_of(st.none(), st.sampled_from(["Leeds", "Leeds City", "York", "江苏省", "江苏"]))


def _held(spellings: dict[str, int]) -> list:
    """Frames holding each spelling in that many articles (one article per frame)."""
    return [_frame(h, source=f"{h}-{i}") for h, n in spellings.items() for i in range(n)]


@pytest.mark.parametrize("spellings, one", [
    ({"Norlingwood": 1, "Lorlingwood": 1}, True),      # a handful of articles: a slip to review, as before
    ({"Norlingwood": 2, "Lorlingwood": 20}, True),     # rare beside the other spelling: a slip
    ({"Norlingwood": 20, "Lorlingwood": 19}, False),   # both settled usage: two towns
    ({"Norlingwood": 4, "Lorlingwood": 15}, False),    # the rarer a quarter or more of the other: two towns
    ({"Norlingwood": 3, "Lorlingwood": 13}, True),     # less than a quarter: a slip
    ({"Columbus": 30, "City of Columbus": 30}, True),  # a shorter form, not a respelling: one name however common
    ({"深圳交通局": 20, "深圳市交通局": 20}, True),      # the place's level left out: a shorter form
    ({"深圳交通局": 1, "深圳市交通局": 20}, True),
])
def test_two_settled_spellings_are_two_names(spellings, one):
    """Holders pairs two spellings alike (:func:`verifier.align.pairs.same_holder`) as one name
    unless each holds figures in several articles and neither is rare beside the other
    (:meth:`verifier.align.pairs.Holders.variants`): a misspelling is rare beside what it resembles."""
    from verifier.align.pairs import Holders

    a, b = spellings
    hs = Holders(_held(spellings))
    assert bool(hs.keys(a) & hs.keys(b)) is one
    assert same_holder(a, b)  # alike in spelling either way: the corpus decides


@pytest.mark.parametrize("spellings", [{"丰州县地铁": 1, "丰上州县地铁": 1}, {"丰州县地铁": 2, "丰上州县地铁": 20}])
def test_chinese_names_a_character_apart_are_two_names(spellings):
    """Each Chinese character is a morpheme of the name: '丰州县地铁' and '丰上州县地铁' are two
    counties' metros however rare one is (:func:`verifier.align.pairs.respelt_chinese`)."""
    from verifier.align.pairs import Holders

    a, b = spellings
    assert not same_holder(a, b)
    assert not Holders(_held(spellings)).keys(a) & Holders(_held(spellings)).keys(b)


def test_a_name_only_read_weakly_is_matched_exactly():
    """A holder never decided with confidence may be a cut of another name ('Lingwood Council'
    of 'Norlingwood Council'): it meets only its own spelling, not one alike."""
    from verifier.align.pairs import Holders

    weak = Holders([_frame("Norlingwood", source="a", weak=True), _frame("Lorlingwood", source="b")])
    sure = Holders([_frame("Norlingwood", source="a"), _frame("Lorlingwood", source="b")])
    assert not weak.keys("Norlingwood") & weak.keys("Lorlingwood")
    assert sure.keys("Norlingwood") & sure.keys("Lorlingwood")


@settings(max_examples=300, deadline=None)
@given(holders, names, holders, names)
def test_known_holder_facets_meet_exactly_when_whose_known(ha, na, hb, nb):
    """V206's pairs (:meth:`verifier.align.pairs.Holders.known_holder_facets`) are those of
    :func:`verifier.align.pairs.whose_known`, for two figures of two articles, less two holders
    that are not one name (another holder: another quantity)."""
    from verifier.align.pairs import Holders, whose_known

    def fr(h, n, src):
        f = _frame(h, names=frozenset() if h else n)
        f.claim = _claim(src)
        return f

    a, b = fr(ha, na, "a"), fr(hb, nb, "b")
    hs = Holders([a, b])
    meet = _meet(hs.known_holder_facets(a), hs.known_holder_facets(b))
    if ha and hb:
        assert meet == (whose_known(a, b) and same_holder(ha, hb))
    else:
        assert meet == whose_known(a, b)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(facet, facet, facet), max_size=25), st.integers(min_value=25, max_value=40))
def test_a_bound_no_key_reaches_changes_nothing(items, limit):
    """The bounded join (``order`` and ``limit``) is the whole join while no key is given by more
    than ``limit`` items."""
    assert facet_pairs(items, order=list(range(len(items))), limit=limit) == facet_pairs(items)


def test_a_key_every_item_gives_pairs_each_with_its_nearest():
    """300 items of one holder: the whole join makes 44,850 pairs (the square of the items); bounded
    to 8, each item meets the 8 nearest by order, and the key is recorded as bounded."""
    items = [(frozenset({"holder"}),)] * 300
    assert len(facet_pairs(items)) == 300 * 299 // 2
    bounded: dict = {}
    got = facet_pairs(items, order=list(range(300)), limit=8, bounded=bounded)
    assert len(got) <= 300 * 8 and all(abs(i - j) <= 8 for i, j in got)
    assert {(i, i + 1) for i in range(299)} <= got  # neighbours always meet
    assert bounded == {"holder": 300}


def test_candidates_with_nearest_bound_a_block_and_say_so():
    """A block whose every frame names one holder (a wire named in every article of an archive):
    with ``nearest``, pairs grow as frames times NEAREST, and the block is reported, not skipped."""
    from verifier.align.pairs import NEAREST

    def count(n: int, **bound) -> int:
        fs = [_frame("Wire", source=f"a{i}") for i in range(n)]
        order = {id(f): i for i, f in enumerate(fs)}
        return sum(1 for _ in candidates(fs, lambda x, y: True, _by_holder, nearest=lambda f: order[id(f)], **bound))

    assert count(2 * NEAREST) < (2 * NEAREST) * NEAREST
    assert count(8 * NEAREST) <= 8 * NEAREST * NEAREST  # the whole block made 8N(8N-1)/2 pairs: 4x more than this
    bounded: dict = {}
    count(4 * NEAREST, bounded=bounded)
    assert [(block[2], key, n) for (block, key), (n, _first) in bounded.items()] == [("=unemployment rate", "Wire", 4 * NEAREST)]


@pytest.mark.parametrize("a, b, one", [
    ("Kestrel K7", "Kestrel K12", False),        # two models of one line
    ("Route 9 bus", "Route 12 bus", False),
    ("地铁3号线", "地铁4号线", False),
    ("Kestrel K7", "Kestrel K7 Pro", True),      # the same model named longer
    ("City of Columbus", "Columbus", True),       # no number on either side: as before
    ("Ardaford", "Ardafords", True),
])
def test_names_whose_numbers_differ_are_two_holders(a, b, one):
    """Two names whose runs of digits differ are two things, never one name respelt."""
    assert same_holder(a, b) is one


def test_holders_of_a_product_line_are_not_compared_pairwise(monkeypatch):
    """A table of models 'Kestrel K1' ... 'Kestrel KN' shares the piece 'kest': grouped by their
    numbers too, no two are compared, so the work grows with the names, not their square."""
    calls = []
    real = Holders.variants

    def counted(a, b, uses):
        calls.append((a, b))
        return real(a, b, uses)

    monkeypatch.setattr(Holders, "variants", staticmethod(counted))

    for n in (50, 200):
        calls.clear()
        names = {f"kestrel k{i}" for i in range(n)}
        hs = Holders(parts=HolderParts(names, Counter({m: 1 for m in names}), set(names)))
        assert calls == [] and hs.alike() == []
