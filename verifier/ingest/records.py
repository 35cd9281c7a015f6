"""Claim records on disk: ``claims/<article-stem>.yaml``, a YAML list of claims.

Reading validates every record with :class:`~verifier.models.claim.Claim` and reports the
first bad one as ``path:line: field: message``; validated files are cached by content
(:mod:`verifier.ingest.cache`). Writing is atomic (a temporary file in the
same folder, then ``os.replace``), so a failed run never leaves half a file.

:func:`replace_fields` rewrites some fields of some records in place (the anchor of a moved
quote; anchor, value and status of a corrected one): it splices new scalars into the text at
the positions the parser gives, so every other byte of a file that people edit (comments, key
order, quoting, ``null`` spellings, indentation) stays as it was. No YAML dumper is involved:
a round-trip dumper (ruamel.yaml) would still re-flow long lines, re-indent sequences and drop
spellings such as ``~``; splicing cannot.
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


def parse_claims(text: str, shown: str) -> tuple[list[Claim], dict[str, int]]:
    """Validate the text of a claims file (:func:`read_claims` without the file or the cache):
    what a writer checks before it replaces a file.

    Raises:
        InputError, RecordError: as :func:`read_claims`.
    """
    return _parse_claims(text, shown)


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
    """Return the claims file ``text`` with the anchors of the records named in ``anchors``
    replaced (:func:`replace_fields` with ``{id: {"anchor": ...}}``)."""
    return replace_fields(text, shown, {rid: {"anchor": a.model_dump()} for rid, a in anchors.items()})


def replace_fields(text: str, shown: str, edits: Mapping[str, Mapping[str, Any]]) -> str:
    """Return the claims file ``text`` with some fields of the records named in ``edits`` replaced.

    ``edits`` maps a claim id to ``{field: new value}``: a dict value (``anchor``, ``value``)
    replaces the keys of that mapping one by one, in the dict's order; any other value is a
    scalar field of the record (``status``). Only scalars whose value changes are rewritten;
    a key that is missing is added (to a nested mapping after its last key, to the record
    after its first line); a missing key whose new value is empty or null is left out. Each
    scalar keeps its quoting style when the new value allows it (plain, then single-quoted,
    then double-quoted). Every other character of ``text`` is kept. The result is read back
    and compared with the expected records.

    Args:
        text: the file as read (:func:`~verifier.ingest.files.read_text`).
        shown: the file's name in messages.
        edits: {claim id: {field: new value}}.

    Raises:
        InputError: the text is not a list of records, a named field is not of the kind to
            be replaced (a mapping for a dict value, a scalar otherwise), or the rewrite
            would change anything else.
    """
    doc, root = load_yaml(text, shown)
    if not isinstance(doc, list):
        raise InputError(shown, 1, "a claims file must be a YAML list of records (lines starting with '- id:')")
    spliced: list[tuple[int, int, str]] = []
    for item, node in zip(doc, root.value):
        rid = item.get("id") if isinstance(item, dict) else None
        if not isinstance(rid, str) or rid not in edits:
            continue
        if not isinstance(node, yaml.MappingNode):
            raise RecordError(shown, node_line(node), f"{rid}: a record is not a mapping")
        for field, value in edits[rid].items():
            child = next((v for k, v in node.value if getattr(k, "value", None) == field), None)
            if isinstance(value, Mapping):
                if not isinstance(child, yaml.MappingNode) or not isinstance(item.get(field), dict):
                    raise RecordError(shown, node_line(child or node), f"{rid}: {field} is not a mapping")
                spliced.extend(_mapping_edits(text, shown, child, item[field], dict(value)))
            else:
                spliced.extend(_mapping_edits(text, shown, node, item, {field: value}, first_line=True))
    out = text
    # back to front, so earlier positions stay valid; keys added at one place keep their order
    for (start, end, new), _ in sorted(zip(spliced, range(len(spliced))), key=lambda e: (e[0][0], e[1]), reverse=True):
        out = out[:start] + new + out[end:]
    _check_rewrite(doc, load_yaml(out, shown)[0], shown, edits)
    return out


def _mapping_edits(text: str, shown: str, node: yaml.MappingNode, old: dict, new: dict, first_line: bool = False) -> list[tuple[int, int, str]]:
    """(start, end, replacement) text edits that turn the keys ``new`` names of mapping ``node``
    (read as ``old``) into their new values; a key is added after the mapping's last key, or
    with ``first_line`` after the line of its first key (a record, whose last value may be
    a nested block)."""
    pairs = {k.value: (k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)}
    newline = "\r\n" if "\r\n" in text else "\n"
    edits: list[tuple[int, int, str]] = []
    for key, value in new.items():
        if _current(old, key) == value or (key not in pairs and value in (None, "")):
            continue
        if key in pairs:
            k, v = pairs[key]
            if not isinstance(v, yaml.ScalarNode):
                raise RecordError(shown, node_line(v), f"{key} is not a scalar")
            span = text[v.start_mark.index:v.end_mark.index]
            tail = span[len(span.rstrip()):] if v.style in ("|", ">") else ""  # a block scalar owns its line break
            new_text = _render(value, v.style, node.flow_style, k.start_mark.column).replace("\n", newline)
            edits.append((v.start_mark.index, v.end_mark.index, new_text + tail))
        elif node.flow_style:
            close = node.end_mark.index - 1  # the closing brace
            edits.append((close, close, f", {key}: {_render(value, None, True)}"))
        else:
            last = node.value[0 if first_line else -1][1].end_mark.index
            eol = text.find("\n", last)
            eol = len(text) if eol < 0 else eol - (text[eol - 1:eol] == "\r")
            column = node.value[0][0].start_mark.column
            new_text = _render(value, None, False, column).replace("\n", newline)
            edits.append((eol, eol, f"{newline}{' ' * column}{key}: {new_text}"))
    return edits


def _current(mapping: dict, key: str) -> Any:
    """The recorded value of a field (an absent prefix or suffix is empty, anything else null)."""
    return mapping.get(key, "" if key in ("prefix", "suffix") else None)


def _render(value: Any, style: str | None, flow: bool, column: int = 0) -> str:
    """``value`` as a YAML scalar that reads back as itself, in ``style`` when it can.

    Styles are tried in order: the original (``None`` plain, ``'`` single), then single
    quotes, folded over lines as the YAML emitters write line breaks (an empty line stands
    for one break; block mappings only, continuation lines indented past the key at
    ``column``); a double-quoted string (JSON escapes, which YAML shares, plus the line and
    paragraph separators) reads back in every case.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    indent = " " * (column + 2)
    single = "'" + _LINE_BREAKS.sub(lambda m: m.group() + "\n" + indent, value.replace("'", "''")) + "'"
    double = json.dumps(value, ensure_ascii=False).replace("\u2028", "\\L").replace("\u2029", "\\P").replace("\x85", "\\N")
    order = [value, single] if not style else [single] if style == "'" else []  # plain: None or "" (libyaml)
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


def _check_rewrite(before: list, after: Any, shown: str, edits: Mapping[str, Mapping[str, Any]]) -> None:
    """Raise unless ``after`` is ``before`` with exactly the new fields (guards the splicing)."""
    expected = []
    for item in before:
        rid = item.get("id") if isinstance(item, dict) else None
        if isinstance(rid, str) and rid in edits:
            item = dict(item)
            for field, value in edits[rid].items():
                if isinstance(value, Mapping):
                    old = item[field]
                    item[field] = {**old, **{k: v for k, v in value.items() if _current(old, k) != v and (k in old or v not in (None, ""))}}
                elif field in item or value not in (None, ""):
                    item[field] = value
        expected.append(item)
    if after != expected:
        raise InputError(shown, None, "could not rewrite the records in place (the file would change elsewhere); fix them by hand")


def _record_label(item: Any, index: int) -> str:
    """'s001-c014' when the record has a usable id, else 'record 3' (1-based)."""
    if isinstance(item, dict) and isinstance(item.get("id"), str) and item["id"]:
        return item["id"]
    return f"record {index + 1}"


def _load(path: Path, shown: str) -> tuple[Any, Any]:
    return load_yaml(read_text(path, shown), shown)
