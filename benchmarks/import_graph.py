"""The import graph of the ``verifier`` package, and the circles in it.

Every import counts, wherever it stands: at the top of a module, inside a function (a local
import put there to break a circle at run time still ties the two modules), and under
``if TYPE_CHECKING:`` (a circle of type names is still a circle of meaning: neither module can
be read, tested or moved without the other). Modules are read with :mod:`ast`; nothing of the
project is imported or run.

How an import names a module (the edge goes to the most specific module that exists):

* ``import verifier.a.b`` -> ``verifier.a.b``;
* ``from verifier.a import b`` -> ``verifier.a.b`` when ``b`` is a module, else ``verifier.a``
  (the package's ``__init__``);
* relative imports (``from .b import c``) are resolved against the importing module.

A package's ``__init__`` that only re-exports its own modules is not counted as a circle with
them: an edge from a module to its own parent package is the package's face, not a tie.

Run::

    .venv/bin/python benchmarks/import_graph.py            # circles among verifier.* modules
    .venv/bin/python benchmarks/import_graph.py --edges A B  # also the edges from package A into B

Prints each circle (a strongly connected set of modules, found with Tarjan's algorithm) with
the imports that tie it, then a summary line ``circles: N (modules in them: M)``.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The checkout: ``verifier/`` is read from here."""


def module_files(root: Path = ROOT, package: str = "verifier") -> dict[str, Path]:
    """Every module of ``package`` under ``root``, by dotted name (``verifier.extract.claims``;
    a package is named by its folder, its file being ``__init__.py``)."""
    out: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _resolve(current: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` names (relative levels resolved)."""
    if node.level == 0:
        return node.module or ""
    base = current.split(".") if is_package else current.split(".")[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, modules: set[str]) -> list[tuple[str, int]]:
    """The ``(module imported, line)`` pairs of one module, every import in its tree counted
    (top level, function-local and ``TYPE_CHECKING`` ones alike), restricted to ``modules``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    out: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = alias.name
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target:
                    out.append((target, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(name, is_package, node)
            for alias in node.names:
                target = f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target:
                    out.append((target, node.lineno))
    return out


def import_graph(root: Path = ROOT, package: str = "verifier") -> dict[str, dict[str, list[int]]]:
    """``{module: {module it imports: [lines of the imports]}}`` over ``package``'s modules.

    An edge to the importer's own ancestor package (``verifier.extract.claims`` ->
    ``verifier.extract``) is left out: importing a sibling by ``from verifier.extract import
    metrics`` names the package, and the package's ``__init__`` re-exporting its modules is no
    tie between them. Self-edges are left out too.
    """
    files = module_files(root, package)
    names = set(files)
    graph: dict[str, dict[str, list[int]]] = {}
    for name, path in files.items():
        edges: dict[str, list[int]] = {}
        for target, line in imports_of(name, path, names):
            if target == name or name.startswith(target + "."):
                continue
            lines = edges.setdefault(target, [])
            if line not in lines:  # 'from a import b, c': one import, one line
                lines.append(line)
        graph[name] = edges
    return graph


def circles(graph: dict[str, dict[str, list[int]]]) -> list[list[str]]:
    """The strongly connected sets of two or more modules (Tarjan), each sorted, sorted by
    their first module: every module of a set reaches every other by imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                found.append(sorted(scc))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def edges_between(graph: dict[str, dict[str, list[int]]], source: str, target: str) -> list[tuple[str, str, list[int]]]:
    """The imports from modules of package ``source`` into modules of package ``target``:
    ``(importer, imported, lines)``."""
    def inside(m: str, pkg: str) -> bool:
        return m == pkg or m.startswith(pkg + ".")

    return [(a, b, lines) for a, edges in sorted(graph.items()) if inside(a, source)
            for b, lines in sorted(edges.items()) if inside(b, target)]


def main(argv: list[str] | None = None) -> int:
    """Print the circles (and, with ``--edges A B``, the imports from A into B); exit 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edges", nargs=2, metavar=("FROM", "INTO"), action="append", default=[],
                        help="also list the imports from package FROM into package INTO")
    args = parser.parse_args(argv)
    graph = import_graph()
    found = circles(graph)
    for i, scc in enumerate(found, 1):
        print(f"circle {i}: {len(scc)} modules")
        members = set(scc)
        for a in scc:
            for b, lines in sorted(graph[a].items()):
                if b in members:
                    print(f"  {a} -> {b}  (line {', '.join(map(str, lines))})")
    print(f"circles: {len(found)} (modules in them: {sum(map(len, found))})")
    for source, target in args.edges:
        crossing = edges_between(graph, source, target)
        for a, b, lines in crossing:
            print(f"  {a} -> {b}  (line {', '.join(map(str, lines))})")
        print(f"imports from {source} into {target}: {len(crossing)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
