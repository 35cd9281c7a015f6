"""The evidence graph: nodes, PROV edges, citation chains, and exports that load back."""

from __future__ import annotations

import io
import json

import networkx as nx
import pytest

from builders import art, claim, corpus, ext
from evidence_corpora import REGISTRY, zephyr_corpus
from verifier.engine import audit
from verifier.errors import UsageError
from verifier.graph import build_graph, citation_chains, provenance
from verifier.graph_export import export, from_dot, to_dot, to_graphml, to_json


def _graph():
    corp = zephyr_corpus()
    return corp, build_graph(corp, audit(corp).findings)


def _cid(corp, source: str, quote: str) -> str:
    return next(f"claim:{c.id}" for c in corp.claims if c.source == source and c.anchor.quote == quote)


def _edges(g, relation: str) -> set[tuple[str, str]]:
    return {(u, v) for u, v, d in g.edges(data=True) if d["relation"] == relation}


def test_nodes_and_provenance_edges() -> None:
    corp, g = _graph()
    kinds = nx.get_node_attributes(g, "kind")
    assert sorted(k for k in kinds.values() if k != "claim") == ["article"] * 3 + ["external"] * 6 + ["fact"] * 5
    assert ("article:en1", "source:zephyr-blog") in _edges(g, "cites")
    assert g.edges["article:en1", "source:zephyr-blog", "cites:primary-source"]["citation"] == "primary-source"
    ratio = _cid(corp, "en1", "2 times")
    assert (ratio, "article:en1") in _edges(g, "wasQuotedFrom")
    assert (ratio, "source:zephyr-blog") in _edges(g, "hadPrimarySource")
    derived = {v for u, v in _edges(g, "wasDerivedFrom") if u == _cid(corp, "zh1", "2.6 倍")}
    assert derived == {_cid(corp, "en1", "52,000 tokens/s per kW"), _cid(corp, "en1", "26,000")}
    assert g.nodes[_cid(corp, "zh1", "2.6 倍")]["flagged"] == "V101"


def test_corroborates_contradicts_and_membership() -> None:
    corp, g = _graph()
    pair = tuple(sorted([_cid(corp, "en1", "800 W"), _cid(corp, "zh1", "800 瓦")]))
    assert pair in _edges(g, "corroborates")
    conflict = tuple(sorted([_cid(corp, "en1", "1,200 W"), _cid(corp, "zh1", "1500 瓦")]))
    assert conflict in _edges(g, "contradicts") and conflict not in _edges(g, "corroborates")
    fact = "fact:Orca 9|power||"
    assert g.nodes[fact]["status"] == "contested" and g.nodes[fact]["label"] == "Orca 9 power"
    assert {u for u, v in _edges(g, "memberOf") if v == fact} == set(conflict)


@pytest.mark.parametrize("fmt", ["graphml", "json", "dot"])
def test_exports_load_back(fmt: str) -> None:
    _, g = _graph()
    text = export(g, fmt)
    if fmt == "graphml":
        back = nx.read_graphml(io.StringIO(text), force_multigraph=True)
    elif fmt == "json":
        back = nx.node_link_graph(json.loads(text), edges="edges")
    else:
        back = from_dot(text)
    assert set(back.nodes) == set(g.nodes)
    assert sorted((u, v, k) for u, v, k in back.edges(keys=True)) == sorted(g.edges(keys=True))
    node = next(n for n, d in g.nodes(data=True) if d.get("quote") == "800 瓦")
    assert back.nodes[node]["quote"] == "800 瓦" and str(back.nodes[node]["start"]) == str(g.nodes[node]["start"])
    assert export(build_graph(zephyr_corpus(), audit(zephyr_corpus()).findings), fmt) == text


def test_dot_quotes_every_string() -> None:
    g = nx.MultiDiGraph()
    nasty = 'a "quoted" \\ back\nslash; } -> [x=1]'
    g.add_node("claim:x", label=nasty)
    g.add_node('source:"y"', label="y")
    g.add_edge("claim:x", 'source:"y"', key="hadPrimarySource", relation="hadPrimarySource")
    text = to_dot(g)
    assert '"label"="a \\"quoted\\" \\\\ back\\nslash; } -> [x=1]"' in text
    back = from_dot(text)
    assert back.nodes["claim:x"]["label"] == nasty
    assert list(back.edges(keys=True)) == [("claim:x", 'source:"y"', "hadPrimarySource")]
    with pytest.raises(ValueError):
        from_dot('digraph "g" {\n  nonsense\n}\n')


def test_graphml_and_json_have_no_nulls() -> None:
    _, g = _graph()
    assert "None" not in to_graphml(g)
    assert "null" not in to_json(g)


def test_unknown_format_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown graph format 'png'"):
        export(nx.MultiDiGraph(), "png")


def test_citation_chains_follow_front_matter_and_registry() -> None:
    corp = zephyr_corpus()
    by_quote = {(c.source, c.anchor.quote): c for c in corp.claims}
    chain = citation_chains(corp, by_quote[("en1", "800 W")])
    assert [[(h.source, h.relation, h.tier.value) for h in ch] for ch in chain] == [
        [("en1", None, "secondary"), ("zephyr-blog", "primary-source", "primary")]]
    assert [[h.source for h in ch] for ch in citation_chains(corp, by_quote[("zh1", "2.6 倍")])] == [["zh1"]]
    relay = REGISTRY[3].model_copy(update={"cites": zephyr_corpus().sources["en1"].meta.cites})
    a = art("r", "RelayLab: Orca 9 at 1200 W.")
    c = claim(a, "1200 W", "Orca 9", "power", 1200, "W", origin="relay-lab", tier="independent")
    chains = citation_chains(corpus([a], [c], [relay, *REGISTRY[:3]]), c)
    assert [[(h.source, h.relation) for h in ch] for ch in chains] == [
        [("r", None), ("relay-lab", "attributed"), ("zephyr-blog", "primary-source")]]


def test_citation_chains_reach_an_origin_directly_or_through_relays() -> None:
    lab = ext("lab", tier="primary")
    direct = art("d", "Lab: 40 GW.", cites=["lab"])
    wire = art("w", "Wire: 40 GW, says the lab.", tier="secondary", cites=["lab"])
    relayed = art("r", "Paper: 40 GW.", cites=["w"])
    stray = art("s", "Blog: 40 GW.")
    claims = [claim(a, "40 GW", "Grid", "capacity", 40, "GW", origin="lab", tier="primary") for a in (direct, wire, relayed, stray)]
    corp = corpus([direct, wire, relayed, stray], claims, [lab])
    hops = {c.source: [[(h.source, h.relation) for h in ch] for ch in citation_chains(corp, c)] for c in claims}
    assert hops == {
        "d": [[("d", None), ("lab", "cites")]],
        "w": [[("w", None), ("lab", "cites")]],
        "r": [[("r", None), ("w", "cites"), ("lab", "cites")]],  # found by a search of the citation graph
        "s": [[("s", None), ("lab", "attributed")]],
    }
    assert [e.chains for e in provenance(corp, [c.id for c in claims])] == [citation_chains(corp, c) for c in sorted(claims, key=lambda c: c.id)]
