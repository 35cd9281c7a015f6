"""Claim records on disk: ``claims/<article-stem>.yaml``, a YAML list of claims.

Reading validates every record with :class:`~verifier.models.claim.Claim` and reports the
first bad one as ``path:line: field: message``; validated files are cached by content
(:mod:`verifier.ingest.cache`). Writing is atomic (a temporary file in the
same folder, then ``os.replace``), so a failed run never leaves half a file.

:func:`replace_anchors` rewrites the anchor fields of some records in place: it splices new
scalars into the text at the positions the parser gives, so every other byte of a file that
people edit (comments, key order, quoting, ``null`` spellings, indentation) stays as it was.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Mapping

import yaml

from pydantic import ValidationError

from verifier.errors import InputError, RecordError
from verifier.ingest import cache
from verifier.ingest.files import read_text
from verifier.ingest.yamlio import load_yaml, node_line, raise_validation
from verifier.models.claim import Anchor, Claim
from verifier.models.source import ExternalSource


def read_claims(path: Path, display: str | None = None) -> tuple[list[Claim], dict[str, int]]:
    """Read and validate one claims file.

    Returns:
        (claims in file order, {claim id: 1-based line of its record}).

    Raises:
        InputError: unreadable or invalid YAML, or not a list.
        RecordError: a record fails validation, or an id repeats within the file.
    """
    shown = display or str(path)
    text = read_text(path, shown)
    key = cache.key_of(text)
    hit = cache.get(key)
    if hit is not None:
        return [Claim.model_validate(d) for d in hit["claims"]], hit["lines"]
    claims, lines = _parse_claims(text, shown)
    cache.put(key, {"claims": [c.model_dump(mode="json") for c in claims], "lines": lines})
    return claims, lines


def _parse_claims(text: str, shown: str) -> tuple[list[Claim], dict[str, int]]:
    doc, root = load_yaml(text, shown)
    if doc is None:
        return [], {}
    if not isinstance(doc, list):
        raise InputError(shown, 1, "a claims file must be a YAML list of records (lines starting with '- id:')")
    claims: list[Claim] = []
    lines: dict[str, int] = {}
    for i, (item, node) in enumerate(zip(doc, root.value)):
        line = node_line(node)
        try:
            claim = Claim.model_validate(item)
        except ValidationError as err:
            raise_validation(err, node, shown, loc_prefix=(i,), label=_record_label(item, i))
        if claim.id in lines:
            raise RecordError(shown, line, f"duplicate claim id {claim.id!r} (first at line {lines[claim.id]})")
        claims.append(claim)
        lines[claim.id] = line or 0
    return claims, lines


def read_external(path: Path, display: str | None = None) -> list[ExternalSource]:
    """Read the registry of external sources (a YAML list).

    Raises:
        InputError: unreadable or invalid YAML, or not a list.
        RecordError: an entry fails validation or an id repeats.
    """
    shown = display or str(path)
    doc, root = _load(path, shown)
    if doc is None:
        return []
    if not isinstance(doc, list):
        raise InputError(shown, 1, "the external-source registry must be a YAML list of entries")
    out: list[ExternalSource] = []
    seen: set[str] = set()
    for i, (item, node) in enumerate(zip(doc, root.value)):
        try:
            ext = ExternalSource.model_validate(item)
        except ValidationError as err:
            raise_validation(err, node, shown, loc_prefix=(i,), schema="external", label=_record_label(item, i))
        if ext.id in seen:
            raise RecordError(shown, node_line(node), f"duplicate external source id {ext.id!r}")
        seen.add(ext.id)
        out.append(ext)
    return out


ANCHOR_KEYS = ("quote", "start", "end", "prefix", "suffix")
"""The anchor fields, in the order a new key is added (prefix and suffix may be absent)."""


def replace_anchors(text: str, shown: str, anchors: Mapping[str, Anchor]) -> str:
    """Return the claims file ``text`` with the anchors of the records named in ``anchors`` replaced.

    Only the scalars of anchor fields whose value changes are rewritten (a missing ``prefix``
    or ``suffix`` is added to its mapping); each keeps its quoting style when the new value
    allows it (plain, then single-quoted, then double-quoted). Every other character of
    ``text`` is kept. The result is read back and compared with the expected records.

    Args:
        text: the file as read (:func:`~verifier.ingest.files.read_text`).
        shown: the file's name in messages.
        anchors: {claim id: its new anchor}.

    Raises:
        InputError: the text is not a list of records, or a named record has no anchor mapping.
    """
    doc, root = load_yaml(text, shown)
    if not isinstance(doc, list):
        raise InputError(shown, 1, "a claims file must be a YAML list of records (lines starting with '- id:')")
    edits: list[tuple[int, int, str]] = []
    for item, node in zip(doc, root.value):
        rid = item.get("id") if isinstance(item, dict) else None
        if not isinstance(rid, str) or rid not in anchors:
            continue
        anchor_node = next((v for k, v in getattr(node, "value", []) if getattr(k, "value", None) == "anchor"), None)
        if not isinstance(anchor_node, yaml.MappingNode) or not isinstance(item.get("anchor"), dict):
            raise RecordError(shown, node_line(node), f"{rid}: anchor is not a mapping")
        edits.extend(_anchor_edits(text, anchor_node, item["anchor"], anchors[rid].model_dump()))
    out = text
    # back to front, so earlier positions stay valid; keys added at one place keep their order
    for (start, end, new), _ in sorted(zip(edits, range(len(edits))), key=lambda e: (e[0][0], e[1]), reverse=True):
        out = out[:start] + new + out[end:]
    _check_rewrite(doc, load_yaml(out, shown)[0], shown, anchors)
    return out


def _anchor_edits(text: str, node: yaml.MappingNode, old: dict, new: dict) -> list[tuple[int, int, str]]:
    """(start, end, replacement) text edits that turn the anchor mapping ``node`` into ``new``."""
    pairs = {k.value: (k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)}
    newline = "\r\n" if "\r\n" in text else "\n"
    edits: list[tuple[int, int, str]] = []
    for key in ANCHOR_KEYS:
        value = new[key]
        if _current(old, key) == value:
            continue
        if key in pairs:
            k, v = pairs[key]
            span = text[v.start_mark.index:v.end_mark.index]
            tail = span[len(span.rstrip()):] if v.style in ("|", ">") else ""  # a block scalar owns its line break
            new_text = _render(value, v.style, node.flow_style, k.start_mark.column).replace("\n", newline)
            edits.append((v.start_mark.index, v.end_mark.index, new_text + tail))
        elif node.flow_style:
            close = node.end_mark.index - 1  # the closing brace
            edits.append((close, close, f", {key}: {_render(value, None, True)}"))
        else:
            last = node.value[-1][1].end_mark.index
            eol = text.find("\n", last)
            eol = len(text) if eol < 0 else eol - (text[eol - 1:eol] == "\r")
            column = node.value[0][0].start_mark.column
            new_text = _render(value, None, False, column).replace("\n", newline)
            edits.append((eol, eol, f"{newline}{' ' * column}{key}: {new_text}"))
    return edits


def _current(anchor: dict, key: str) -> Any:
    """The recorded value of an anchor field (an absent prefix or suffix is empty)."""
    return anchor.get(key, "" if key in ("prefix", "suffix") else None)


def _render(value: Any, style: str | None, flow: bool, column: int = 0) -> str:
    """``value`` as a YAML scalar that reads back as itself, in ``style`` when it can.

    Styles are tried in order: the original (``None`` plain, ``'`` single), then single
    quotes, folded over lines as the YAML emitters write line breaks (an empty line stands
    for one break; block mappings only, continuation lines indented past the key at
    ``column``); a double-quoted string (JSON escapes, which YAML shares, plus the line and
    paragraph separators) reads back in every case.
    """
    if isinstance(value, int):
        return str(value)
    indent = " " * (column + 2)
    single = "'" + _LINE_BREAKS.sub(lambda m: m.group() + "\n" + indent, value.replace("'", "''")) + "'"
    double = json.dumps(value, ensure_ascii=False).replace("\u2028", "\\L").replace("\u2029", "\\P").replace("\x85", "\\N")
    order = {None: [value, single], "'": [single]}.get(style, [])
    for candidate in order:
        if (not flow or "\n" not in candidate) and _reads_back(candidate, value, flow, column):
            return candidate
    return double


_LINE_BREAKS = re.compile(r"\n+")
"""A run of line breaks in a value: written as one more break, then the indentation."""


def _reads_back(scalar: str, value: str, flow: bool, column: int) -> bool:
    """True when ``scalar``, written as a mapping value (flow, or block at ``column``), reads as ``value``."""
    doc = "{k: " + scalar + "}" if flow else " " * column + "k: " + scalar
    try:
        return yaml.load(doc, Loader=_LOADER) == {"k": value}
    except yaml.YAMLError:
        return False


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _check_rewrite(before: list, after: Any, shown: str, anchors: Mapping[str, Anchor]) -> None:
    """Raise unless ``after`` is ``before`` with exactly the new anchors (guards the splicing)."""
    expected = []
    for item in before:
        rid = item.get("id") if isinstance(item, dict) else None
        if isinstance(rid, str) and rid in anchors:
            old = item["anchor"]
            new = {k: v for k, v in anchors[rid].model_dump().items() if _current(old, k) != v}
            item = {**item, "anchor": {**old, **new}}
        expected.append(item)
    if after != expected:
        raise InputError(shown, None, "could not rewrite the anchors in place (the file would change elsewhere); fix them by hand")


def _record_label(item: Any, index: int) -> str:
    """'s001-c014' when the record has a usable id, else 'record 3' (1-based)."""
    if isinstance(item, dict) and isinstance(item.get("id"), str) and item["id"]:
        return item["id"]
    return f"record {index + 1}"


def _load(path: Path, shown: str) -> tuple[Any, Any]:
    return load_yaml(read_text(path, shown), shown)
