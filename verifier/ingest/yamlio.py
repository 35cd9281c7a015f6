"""YAML reading with line numbers, and pydantic errors turned into ``path:line`` errors.

Reading uses PyYAML's C loader (libyaml), about 25 times faster than a pure-Python parser
on the shipped records; it keeps the node tree, whose marks give the line of every key, so a
validation error at ``[3, 'value', 'unit']`` is reported at the line of ``unit:`` in the
fourth record. Records are never rewritten through a YAML dumper: new records are appended
as text and anchors are spliced in place (verifier/ingest/reanchor.py), so human edits,
comments and quoting survive byte for byte.

Every YAML file verifier reads goes through :func:`load_yaml` (front matter, records,
``sources.yaml``, lexicons, and the shipped tables by :func:`load_table`), which refuses a
recursive alias and aliases that expand past :data:`ALIAS_NODES` (:func:`check_aliases`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from verifier.errors import InputError, RecordError

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_table(path: Path) -> Any:
    """The YAML file ``path`` (one of verifier's word and vocabulary tables) read by
    :func:`load_yaml`, the one loader of every YAML verifier reads: the C safe loader, ~10 times
    faster than ``yaml.safe_load``'s pure-Python parser on the shipped tables (measured 170 ->
    16 ms for the eight of them), which every audit reads on start.

    Raises:
        OSError: the file cannot be read.
        InputError: the file is not valid YAML or its aliases expand without bound (``path:line``).
    """
    return load_yaml(path.read_text(encoding="utf-8"), str(path))[0]


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    """The safe loader, with a scalar it cannot build reported at its line.

    PyYAML's constructors raise plain ValueError for well-formed scalars with impossible
    values: a date '2026-02-30' or '0000-01-01', an integer of more than 4300 digits. Such an
    error becomes a ``ConstructorError`` marked at the node, like every other YAML error.
    """

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        """PyYAML's ``construct_object``; a ValueError or OverflowError of a constructor becomes
        a ConstructorError marked at ``node``."""
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as err:
            if isinstance(err, yaml.YAMLError):
                raise
            raise yaml.constructor.ConstructorError(None, None, _unbuilt(node, err), node.start_mark) from None


class _FrontLoader(_Loader):  # type: ignore[misc, valid-type]
    """The loader for an article's front matter: a date that cannot be one ('2025-13-45') stays
    the text it is, so the article is read and the reader notes the value it could not use
    (V701), as for any other unreadable value of front matter written by another tool."""

    def construct_yaml_timestamp(self, node: Any) -> Any:
        """A timestamp, or its text when no such date exists."""
        try:
            return super().construct_yaml_timestamp(node)
        except (ValueError, OverflowError):
            return self.construct_scalar(node)


_FrontLoader.add_constructor("tag:yaml.org,2002:timestamp", _FrontLoader.construct_yaml_timestamp)


def _unbuilt(node: Any, err: Exception, limit: int = 40) -> str:
    """"cannot read '2026-02-30' as timestamp: day is out of range for month": the scalar
    (cut to ``limit`` characters), its type and the first clause of the error (Python's
    advice to call sys.set_int_max_str_digits is for programmers, not for an article's writer)."""
    why = str(err).partition(";")[0]
    if not isinstance(node, yaml.ScalarNode):
        return why
    shown = repr(node.value) if len(node.value) <= limit else repr(node.value[:limit]) + "…"
    return f"cannot read {shown} as {node.tag.rpartition(':')[2]}: {why}"


def load_yaml(text: str, path: str, line_offset: int = 0, front: bool = False) -> tuple[Any, Any]:
    """Parse YAML ``text`` from ``path``.

    Args:
        text: the YAML document.
        path: file name used in error messages.
        line_offset: lines before ``text`` in the file (for front matter, 1).
        front: True for an article's front matter (an impossible date stays text: :class:`_FrontLoader`).

    Returns:
        (plain Python data, the root node, whose marks give lines; None for an empty document).

    Raises:
        InputError: the text is not valid YAML; the line is the parser's.
    """
    loader = (_FrontLoader if front else _Loader)(text)
    try:
        node = loader.get_single_node()
        if node is not None and "&" in text:  # no anchor, no alias: most files skip the walk
            check_aliases(node, path, line_offset)
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = (mark.line + 1 + line_offset) if mark else None
        raise InputError(path, line, f"invalid YAML: {err.problem or err.context}") from None
    except yaml.YAMLError as err:
        raise InputError(path, None, f"invalid YAML: {err}") from None
    finally:
        loader.dispose()
    return data, node


ALIAS_NODES = 10_000
"""Most YAML nodes that aliases may add to a document once expanded (a node is one scalar, list or
mapping). An alias is read as a reference to its anchored value, but every later copy (front
matter kept as metadata, pydantic's validation, a JSON report) writes it out: eight levels of
``&l1 [*l0, *l0, ...]`` in 531 bytes expand to 9**9 values and took gigabytes. The shipped records
use aliases as PyYAML writes them (``model: *id001``, a few nodes each, a few times); a front
matter block reused by a few keys adds tens. 10,000 is far above such use and keeps the expanded
document within a few megabytes whatever the input."""


def check_aliases(root: Any, path: str, line_offset: int = 0) -> None:
    """Refuse a node tree whose aliases expand without bound: one that contains itself
    (``tags: &a [1, *a]``) or that aliases make more than :data:`ALIAS_NODES` nodes larger
    (a "billion laughs"). Merge keys (``<<: *base``) count as the aliases they are.

    Composed YAML shares an aliased node, so the tree is a graph of the document's own size; this
    walks it once, without recursion, counting each node's expanded size from its children's.

    Args:
        root: the composed root node (:meth:`yaml.composer.Composer.get_single_node`).
        path: file name used in error messages.
        line_offset: lines before the document in its file.

    Raises:
        InputError: at the line of the anchored value that contains itself, or of the smallest
            value that expands past the limit.
    """
    size: dict[int, int] = {}  # id(node) -> nodes once every alias under it is expanded
    order: list[Any] = []  # nodes in the order their size was known (children first)
    open_: set[int] = set()  # nodes whose children are being walked
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            open_.discard(id(node))
            size[id(node)] = 1 + sum(size[id(c)] for c in _children(node))
            order.append(node)
            continue
        if id(node) in size:
            continue
        if id(node) in open_:
            raise InputError(path, node_line(node, line_offset), "YAML alias refers to the value that contains it "
                             "(a recursive alias such as '&a [1, *a]' has no end); write the value out")
        open_.add(id(node))
        stack.append((node, True))
        stack.extend((c, False) for c in _children(node) if id(c) not in size)
    limit = len(size) + ALIAS_NODES
    if size[id(root)] > limit:
        big = next(n for n in order if size[id(n)] > limit)
        raise InputError(path, node_line(big, line_offset), f"YAML aliases expand this value to {size[id(big)]:,} nodes, "
                         f"more than {ALIAS_NODES:,} beyond the file's own {len(size):,} (an alias bomb?); "
                         "write the repeated values out")


def _children(node: Any) -> list[Any]:
    """The child nodes of a composed node: a list's items, a mapping's keys and values."""
    if isinstance(node, yaml.SequenceNode):
        return node.value
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def node_line(node: Any, line_offset: int = 0) -> int | None:
    """1-based line where ``node`` starts."""
    mark = getattr(node, "start_mark", None)
    return None if mark is None else mark.line + 1 + line_offset


def line_of(node: Any, loc: tuple, line_offset: int = 0) -> int | None:
    """Return the 1-based line of the deepest node on ``loc`` (a pydantic error location).

    Args:
        node: a PyYAML node (MappingNode, SequenceNode or ScalarNode).
        loc: e.g. ``('value', 'unit')``.
        line_offset: lines before the document in its file.
    """
    best = node_line(node, line_offset)
    for key in loc:
        child = None
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if k.value == key:
                    best, child = node_line(k, line_offset), v
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            child = node.value[key]
            best = node_line(child, line_offset)
        if child is None:
            break
        node = child
    return best


def raise_validation(err: ValidationError, node: Any, path: str, loc_prefix: tuple = (), line_offset: int = 0,
                     schema: str = "claim", label: str | None = None, lines: dict[str, int] | None = None) -> None:
    """Raise the most telling error of ``err`` as a :class:`RecordError` at its YAML line.

    An unknown field is reported before the missing field it usually causes ('subjet:'
    typed for 'subject:' gives both), at the line of the misspelt key.

    Args:
        err: the pydantic error.
        node: the YAML node that was validated.
        path: file name for the message.
        loc_prefix: location of ``node`` within the file's document (e.g. ``(3,)``).
        line_offset: lines before the document in its file.
        schema: the `verifier schema` name to point to for unknown fields.
        label: how to name the record in the message (its id), instead of ``loc_prefix``.
        lines: line of each top-level field, used when there is no ``node`` (front matter
            whose keys were renamed before validation).

    Raises:
        RecordError: always.
    """
    errors = err.errors()
    first = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    loc = tuple(first["loc"])
    line = line_of(node, loc, line_offset) if node is not None else (lines or {}).get(str(loc[0])) if loc else None
    where = ".".join(str(p) for p in ((label,) if label else loc_prefix) + loc)
    msg = first["msg"]
    if first["type"] == "extra_forbidden":
        msg = f"unknown field (check the spelling; `verifier schema {schema}` lists the fields)"
    raise RecordError(path, line, f"{where}: {msg}" if where else msg) from None
