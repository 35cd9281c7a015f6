"""The evidence graph: articles, external sources, claims and facts, and how they are linked.

Nodes (id prefix, ``kind`` attribute):

* ``article:<id>`` (``article``): an article of the corpus, with its ``tier`` and ``title``;
* ``source:<id>`` (``external``): an entry of the external registry, with ``tier`` and ``name``;
* ``claim:<id>`` (``claim``): one claim, with its ``quote``, ``figure``, ``subject``, ``metric``;
* ``fact:<fact id>`` (``fact``): a subject, metric and scope (:mod:`verifier.factindex`),
  with its evidence ``status`` when the audit's findings are given.

Edges (``relation`` attribute; W3C PROV-O terms where they fit):

* ``cites``: article or external source -> source it cites (``citation`` holds the front-matter
  relation: primary-source, cites, attributes, cross-check, quotes, copies);
* ``wasQuotedFrom``: claim -> the article that prints it;
* ``hadPrimarySource``: claim -> the origin its attribution names (attributed-to);
* ``wasDerivedFrom``: comparison claim -> each measurement it is recomputed from (the pair
  rule V101 judges by, :func:`verifier.rules.derive.best`);
* ``corroborates``: claim -> claim of the same fact, another article, agreeing at printed precision;
* ``contradicts``: claim -> claim of the same fact in a cluster that does not agree, when the
  audit reports the contradiction (both are listed by a V2xx finding; none without findings);
* ``memberOf``: claim -> its fact.

Symmetric relations are stored once, from the smaller claim id to the larger. Nodes and
edges are inserted in sorted order, so every export is byte-stable. Exports are in
:mod:`verifier.graph_export`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from verifier.factindex import build_facts, scope_text
from verifier.ingest.corpus import Corpus
from verifier.models.claim import Claim
from verifier.models.finding import Finding
from verifier.models.report import Hop, ProvenanceEntry
from verifier.rules.context import Context, figure_text, is_summary
from verifier.rules.contradictions import contradicted_claims
from verifier.rules.derive import best_derivation
from verifier.rules.relations import RATIO_RELATIONS

if TYPE_CHECKING:  # networkx is imported where a graph is built (~140 ms): `verifier factsheet` builds none
    import networkx as nx


def node_id(kind: str, ident: str) -> str:
    """Graph node id of an article, external source, claim or fact: 'article:s001', 'claim:s001-c003'."""
    return f"{kind}:{ident}"


def source_node(corpus: Corpus, ident: str) -> str:
    """Node id of an article or external source id (an unknown id is treated as external)."""
    return node_id("article" if ident in corpus.sources else "source", ident)


def citation_graph(corpus: Corpus) -> nx.MultiDiGraph:
    """Articles and external sources with their ``cites`` edges (the part of the graph chains follow)."""
    import networkx as nx

    g = nx.MultiDiGraph()
    for sid, src in sorted(corpus.sources.items()):
        m = src.meta
        g.add_node(node_id("article", sid), **_clean(kind="article", ident=sid, label=m.title, tier=m.tier.value,
                                                      publisher=m.publisher, url=m.url, path=src.path))
    for eid, ext in sorted(corpus.external.items()):
        g.add_node(node_id("source", eid), **_clean(kind="external", ident=eid, label=ext.name, tier=ext.tier.value,
                                                     source_kind=ext.kind, url=ext.url))
    for sid, src in sorted(corpus.sources.items()):
        _add_cites(g, corpus, node_id("article", sid), src.meta.cites)
    for eid, ext in sorted(corpus.external.items()):
        _add_cites(g, corpus, node_id("source", eid), ext.cites)
    return g


def _add_cites(g: nx.MultiDiGraph, corpus: Corpus, node: str, cites) -> None:
    for c in sorted(cites, key=lambda c: (c.source, c.relation)):
        target = source_node(corpus, c.source)
        if target not in g:
            g.add_node(target, kind="unknown", ident=c.source, label=c.source)
        g.add_edge(node, target, key=f"cites:{c.relation}", relation="cites", citation=c.relation)


def build_graph(corpus: Corpus, findings: list[Finding] | None = None) -> nx.MultiDiGraph:
    """The full evidence graph of ``corpus`` (see the module docstring).

    Args:
        corpus: the loaded corpus.
        findings: the audit's findings; when given, fact nodes carry their evidence ``status``
            and claims flagged by a rule carry ``flagged`` (comma-separated rule codes).
    """
    g = citation_graph(corpus)
    ctx = Context(corpus)
    flags: dict[str, list[str]] = {}
    for f in findings or []:
        for cid in f.claims[:1]:
            flags.setdefault(cid, []).append(f.rule)
    for c in sorted(corpus.claims, key=lambda c: c.id):
        g.add_node(node_id("claim", c.id), **_clean(
            kind="claim", ident=c.id, label=f"{c.subject or c.measured or '(no holder)'} {c.metric}: {figure_text(c)}", quote=c.anchor.quote,
            figure=figure_text(c), subject=c.subject, metric=c.metric, tier=c.attribution.tier.value,
            start=c.anchor.start, end=c.anchor.end, status=c.status, flagged=",".join(sorted(set(flags.get(c.id, [])))) or None,
        ))
        g.add_edge(node_id("claim", c.id), node_id("article", c.source), key="wasQuotedFrom", relation="wasQuotedFrom")
        if c.attribution.origin:
            origin = source_node(corpus, c.attribution.origin)
            if origin not in g:
                g.add_node(origin, kind="unknown", ident=c.attribution.origin, label=c.attribution.origin)
            g.add_edge(node_id("claim", c.id), origin, key="hadPrimarySource", relation="hadPrimarySource")
    for c in ctx.live:
        for op in _derived_from(ctx, c):
            g.add_edge(node_id("claim", c.id), node_id("claim", op.id), key="wasDerivedFrom", relation="wasDerivedFrom")
    _add_facts(g, corpus, ctx, findings)
    return g


def _derived_from(ctx: Context, c: Claim) -> list[Claim]:
    comp = c.comparison
    if comp is None or comp.relation not in RATIO_RELATIONS or is_summary(c):
        return []
    d = best_derivation(ctx, c.subject, comp.target, c.metric, c.scope, c.source, comp.scope, c.anchor.start)
    return sorted(d.operands, key=lambda x: x.id) if d else []


def _add_facts(g: nx.MultiDiGraph, corpus: Corpus, ctx: Context, findings: list[Finding] | None) -> None:
    statuses: dict[str, str] = {}
    contradicted = contradicted_claims(findings or [])
    if findings is not None:
        from verifier.factsheet import build_factsheet

        sheet = build_factsheet(corpus, findings)
        statuses = {f.id: f.status for s in sheet.subjects for f in s.facts}
    edges: list[tuple[str, str, str]] = []
    for fact in build_facts(ctx):
        fnode = node_id("fact", fact.id)
        g.add_node(fnode, **_clean(kind="fact", ident=fact.id, label=fact.label(), subject=fact.subject, metric=fact.metric,
                                   target=fact.target, scope=scope_text(fact.scope) or None, family=fact.family,
                                   status=statuses.get(fact.id)))
        for c in fact.claims:
            g.add_edge(node_id("claim", c.id), fnode, key="memberOf", relation="memberOf")
        where = {c.id: i for i, cl in enumerate(fact.clusters) for c in cl}
        for a, b in combinations(sorted((c for cl in fact.clusters for c in cl), key=lambda c: c.id), 2):
            if where[a.id] != where[b.id]:
                if a.id in contradicted and b.id in contradicted:
                    edges.append((a.id, b.id, "contradicts"))
            elif a.source != b.source:
                edges.append((a.id, b.id, "corroborates"))
    for a, b, rel in sorted(set(edges)):
        g.add_edge(node_id("claim", a), node_id("claim", b), key=rel, relation=rel)


def _clean(**attrs) -> dict:
    """Drop None values: GraphML has no null, and a missing attribute reads back as absent."""
    return {k: v for k, v in attrs.items() if v is not None}


MAX_CHAINS = 8
"""At most this many citation chains are listed per claim (shortest first); more is noise."""


def _hop(corpus: Corpus, ident: str, relation: str | None) -> Hop:
    if ident in corpus.sources:
        m = corpus.sources[ident].meta
        return Hop(source=ident, kind="article", name=m.title, tier=m.tier, relation=relation)
    if ident in corpus.external:
        e = corpus.external[ident]
        return Hop(source=ident, kind="external", name=e.name, tier=e.tier, relation=relation)
    return Hop(source=ident, kind="unknown", relation=relation)


def citation_chains(corpus: Corpus, claim: Claim, cites: nx.MultiDiGraph | None = None) -> list[list[Hop]]:
    """The chains of citations that carried ``claim``: article -> ... -> origin -> what the origin relays.

    The first hop is the article that prints the claim. When the claim names an origin, the
    chain reaches it along the article's ``cites`` edges if a path exists (shortest paths),
    else directly with relation 'attributed'. From the origin (or, when unattributed, from
    the article) each chain continues upstream along relaying citations
    (:data:`verifier.corroboration.RELAYS_EXTERNAL` / ``RELAYS_ARTICLE``) until a source
    that relays nothing; a source already on the chain ends it (cycles).

    Args:
        corpus: the loaded corpus.
        claim: the claim to trace.
        cites: :func:`citation_graph` of ``corpus``, when already built.

    Returns:
        At most :data:`MAX_CHAINS` chains, sorted by length then by their source ids.
    """
    return _chains(corpus, claim, (lambda: cites) if cites is not None else cache(lambda: citation_graph(corpus)))


def _chains(corpus: Corpus, claim: Claim, graph: Callable[[], nx.MultiDiGraph]) -> list[list[Hop]]:
    """:func:`citation_chains`, asking ``graph()`` for the citation graph only when a path must be searched."""
    from verifier.corroboration import Provenance

    prov = Provenance(corpus)
    start, origin = claim.source, claim.attribution.origin
    heads: list[list[str]] = [[start]]
    if origin and origin != start:
        heads = _paths(corpus, start, origin, graph) or [[start, origin]]
    out: list[list[str]] = []
    for head in heads:
        out += _upstream(prov, head)
    chains = sorted(out, key=lambda p: (len(p), p))[:MAX_CHAINS]
    return [[_hop(corpus, n, _relation(corpus, p[i - 1], n) if i else None) for i, n in enumerate(p)] for p in chains]


def _paths(corpus: Corpus, start: str, origin: str, graph: Callable[[], nx.MultiDiGraph]) -> list[list[str]]:
    """The shortest citation paths from article ``start`` to source ``origin``, as lists of ids,
    sorted; [] when there is none. An article that cites the origin itself has one shortest
    path, the citation: found from its front matter, without asking ``graph()`` for the
    citation graph (networkx takes ~70 ms to import, most of a small audit's provenance)."""
    src = corpus.sources.get(start)
    if src is not None and any(c.source == origin for c in src.meta.cites):
        return [[start, origin]]
    import networkx as nx

    try:
        paths = sorted(nx.all_shortest_paths(nx.DiGraph(graph()), source_node(corpus, start), source_node(corpus, origin)))
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return []
    return [[n.split(":", 1)[1] for n in p] for p in paths]


def _upstream(prov, path: list[str]) -> list[list[str]]:
    parents = [p for p in prov.parents(path[-1]) if p not in path]
    if not parents or len(path) > 12:
        return [path]
    return [q for p in parents for q in _upstream(prov, path + [p])]


def _relation(corpus: Corpus, frm: str, to: str) -> str:
    cites = corpus.sources[frm].meta.cites if frm in corpus.sources else corpus.external[frm].cites if frm in corpus.external else []
    rels = sorted({c.relation for c in cites if c.source == to})
    return ", ".join(rels) or "attributed"


def provenance(corpus: Corpus, claim_ids: list[str]) -> list[ProvenanceEntry]:
    """Origin, tiers and citation chains of the claims ``claim_ids`` (unknown ids skipped), sorted by claim id."""
    graph = cache(lambda: citation_graph(corpus))  # built once, and only if some chain needs a search
    by_id = {c.id: c for c in corpus.claims}
    out = []
    for cid in sorted(set(claim_ids)):
        c = by_id.get(cid)
        if c is None or c.source not in corpus.sources:
            continue
        origin = c.attribution.origin
        hop = _hop(corpus, origin or c.source, None)
        kind = corpus.external[origin].kind if origin in corpus.external else hop.kind
        out.append(ProvenanceEntry(
            claim=cid, carrier_tier=corpus.sources[c.source].meta.tier, origin=origin, origin_name=hop.name,
            origin_kind=kind, origin_tier=hop.tier or c.attribution.tier, chains=_chains(corpus, c, graph),
        ))
    return out
