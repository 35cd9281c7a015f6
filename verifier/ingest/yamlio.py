"""YAML reading with line numbers, and pydantic errors turned into ``path:line`` errors.

ruamel.yaml's round-trip loader keeps the line of every mapping key (``.lc``), so a
validation error at ``[3, 'value', 'unit']`` can be reported at the line of ``unit:`` in the
third record. Round-trip loading also keeps comments and key order for writing back.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from verifier.errors import InputError, RecordError


def yaml_rt():
    """Return a round-trip ``ruamel.yaml.YAML`` set up for our files (unicode, wide lines)."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.allow_unicode = True
    yaml.width = 4096
    yaml.preserve_quotes = True
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def load_yaml(text: str, path: str, line_offset: int = 0) -> Any:
    """Parse YAML ``text`` from ``path``.

    Args:
        text: the YAML document.
        path: file name used in error messages.
        line_offset: lines before ``text`` in the file (for front matter, 1).

    Raises:
        InputError: the text is not valid YAML; the line is the parser's.
    """
    from ruamel.yaml.error import MarkedYAMLError

    try:
        return yaml_rt().load(text)
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = (mark.line + 1 + line_offset) if mark else None
        raise InputError(path, line, f"invalid YAML: {err.problem or err.context}") from None


def line_of(node: Any, loc: tuple, line_offset: int = 0) -> int | None:
    """Return the 1-based line of the deepest node on ``loc`` that has a known position.

    Args:
        node: the ruamel round-trip document (CommentedMap / CommentedSeq).
        loc: a pydantic error location, e.g. ``(3, 'value', 'unit')``.
        line_offset: lines before the document in its file.
    """
    best = getattr(getattr(node, "lc", None), "line", None)
    for key in loc:
        lc = getattr(node, "lc", None)
        try:
            if lc is not None:
                pos = lc.key(key) if isinstance(key, str) else lc.item(key)
                best = pos[0]
            node = node[key]
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    return None if best is None else best + 1 + line_offset


def raise_validation(err: ValidationError, doc: Any, path: str, loc_prefix: tuple = (), line_offset: int = 0) -> None:
    """Raise the first error of ``err`` as a :class:`RecordError` at its YAML line.

    Args:
        err: the pydantic error.
        doc: the round-trip node that was validated.
        path: file name for the message.
        loc_prefix: location of ``doc`` within the file's document (e.g. ``(3,)``).
        line_offset: lines before the document in its file.

    Raises:
        RecordError: always.
    """
    first = err.errors()[0]
    loc = tuple(first["loc"])
    line = line_of(doc, loc, line_offset) if doc is not None else None
    where = ".".join(str(p) for p in loc_prefix + loc)
    msg = first["msg"]
    if first["type"] == "extra_forbidden":
        msg = "unknown field (check the spelling; see `verifier schema claim`)"
    raise RecordError(path, line, f"{where}: {msg}" if where else msg) from None
