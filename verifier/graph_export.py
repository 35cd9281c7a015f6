"""Exports of the evidence graph: GraphML, node-link JSON and Graphviz DOT, each readable back.

* GraphML and node-link JSON are written by networkx and read back with
  ``networkx.read_graphml`` and ``networkx.node_link_graph(data, edges="edges")``.
* DOT is written here (no pydot or Graphviz needed): every id and attribute value is a
  double-quoted string with ``\\`` and ``"`` escaped and newlines as ``\\n``, so any quote
  from an article is safe. :func:`from_dot` reads back exactly this subset of DOT.

All three keep the graph's insertion order, which :func:`verifier.graph.build_graph` makes
sorted, so the output is byte-stable.
"""

from __future__ import annotations

import json
import re
from typing import Callable

import networkx as nx

from verifier.errors import UsageError

DOT_NAME = "evidence"
"""Name of the digraph in DOT output."""


def to_graphml(g: nx.MultiDiGraph) -> str:
    """GraphML text of ``g`` (UTF-8 XML declaration, ends with a newline)."""
    return "\n".join(nx.generate_graphml(g, prettyprint=True)) + "\n"


def to_json(g: nx.MultiDiGraph) -> str:
    """Node-link JSON of ``g`` (``{"directed", "multigraph", "graph", "nodes", "edges"}``), indented."""
    data = nx.node_link_data(g, edges="edges")
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _quote(value) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n")
    return f'"{text}"'


def _attrs(attrs: dict) -> str:
    return ", ".join(f"{_quote(k)}={_quote(v)}" for k, v in attrs.items())


def to_dot(g: nx.MultiDiGraph) -> str:
    """Graphviz DOT text of ``g``: one line per node and per edge, all ids and values quoted.

    Every attribute is written as a string (DOT has no types); the edge key is kept as the
    ``key`` attribute so :func:`from_dot` rebuilds the multigraph.
    """
    lines = [f"digraph {_quote(DOT_NAME)} {{", '  graph ["rankdir"="LR"];', '  node ["shape"="box"];']
    for n, attrs in g.nodes(data=True):
        lines.append(f"  {_quote(n)} [{_attrs(attrs)}];")
    for u, v, k, attrs in g.edges(keys=True, data=True):
        lines.append(f"  {_quote(u)} -> {_quote(v)} [{_attrs({'key': k, **attrs})}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


_QUOTED = r'"((?:[^"\\]|\\.)*)"'  # a double-quoted DOT string, with backslash escapes
_ATTR = re.compile(_QUOTED + r"=" + _QUOTED)  # "name"="value" inside an attribute list
_NODE = re.compile(r"^\s*" + _QUOTED + r"\s*\[(.*)\];\s*$")  # "id" [attrs];
_EDGE = re.compile(r"^\s*" + _QUOTED + r"\s*->\s*" + _QUOTED + r"\s*\[(.*)\];\s*$")  # "u" -> "v" [attrs];
_ESCAPE = re.compile(r"\\(.)")  # one backslash escape


def _unquote(text: str) -> str:
    return _ESCAPE.sub(lambda m: "\n" if m.group(1) == "n" else m.group(1), text)


def from_dot(text: str) -> nx.MultiDiGraph:
    """Read DOT written by :func:`to_dot` back into a graph (attribute values come back as strings).

    Raises:
        ValueError: a line is not a statement :func:`to_dot` writes.
    """
    g = nx.MultiDiGraph()
    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped == "}" or stripped.startswith(("digraph ", "graph [", "node [")):
            continue
        edge = _EDGE.match(line)
        if edge:
            attrs = {_unquote(k): _unquote(v) for k, v in _ATTR.findall(edge.group(3))}
            key = attrs.pop("key", None)
            g.add_edge(_unquote(edge.group(1)), _unquote(edge.group(2)), key=key, **attrs)
            continue
        node = _NODE.match(line)
        if not node:
            raise ValueError(f"line {n}: not a node or edge statement: {line[:60]!r}")
        g.add_node(_unquote(node.group(1)), **{_unquote(k): _unquote(v) for k, v in _ATTR.findall(node.group(2))})
    return g


EXPORTS: dict[str, Callable[[nx.MultiDiGraph], str]] = {"graphml": to_graphml, "json": to_json, "dot": to_dot}
"""Graph export formats by name (``verifier graph --format``)."""


def export(g: nx.MultiDiGraph, fmt: str) -> str:
    """Export ``g`` in format ``fmt``.

    Raises:
        UsageError: unknown format.
    """
    if fmt not in EXPORTS:
        raise UsageError(f"unknown graph format {fmt!r} (choose {', '.join(EXPORTS)})")
    return EXPORTS[fmt](g)
