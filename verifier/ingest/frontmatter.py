"""Front matter as people write it: the spellings of static-site generators, CMS exports and Pandoc.

verifier reads a handful of metadata fields; each has the names other tools give it
(:data:`ALIASES`). A front matter mapping is normalised to those fields, the values to their
types (a language code or a list of them, an ISO date or date-time, one author or several);
every other key (``tags``, ``layout``, ``draft``, ...) is kept in the source's ``metadata``
and is never fatal. A key that looks like a misspelling of a read key ('teir') is kept too
and gets a "did you mean" note.

Shapes::

    normalise({"language": "en-US", "date": "2021-01-13T09:00:00Z", "tags": ["a"]}, lines)
    -> Normalised(fields={"languages": ["en"], "published": date(2021, 1, 13)},
                  metadata={"tags": ["a"]}, notes=[])
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import process
from rapidfuzz.distance import OSA

from verifier.models.source import ReadNote

ALIASES: dict[str, tuple[str, ...]] = {
    "id": ("id", "slug"),
    "title": ("title", "headline"),
    "languages": ("languages", "language", "lang", "locale"),
    "published": ("published", "date", "pubDate", "pubdate", "published_at", "publishDate", "datePublished"),
    "authors": ("authors", "author", "byline"),
    "publisher": ("publisher", "source", "site", "site_name", "outlet"),
    "url": ("url", "link", "canonical", "canonical_url", "canonicalURL", "permalink"),
    "tier": ("tier",),
    "cites": ("cites",),
    "note": ("note",),
}
"""verifier's field -> the front matter keys read for it, first spelling first. Spellings from
Jekyll (``date``, ``author``, ``lang``, ``permalink``), Hugo (``date``, ``publishDate``,
``slug``, ``canonicalURL``), Pandoc (``author``, ``lang``), RSS (``pubDate``, ``link``) and
schema.org (``headline``, ``datePublished``). Keys are matched case-insensitively. When two
spellings of one field are given, the one listed first here is read and the other is kept in
``metadata``."""

_KEY_OF = {alias.lower(): fld for fld, names in ALIASES.items() for alias in names}
_RANK = {alias.lower(): i for names in ALIASES.values() for i, alias in enumerate(names)}

MISSPELLING_DISTANCE = 2
"""Most edits between an unread key and a read spelling for a "did you mean" note, counted as
optimal string alignment (Levenshtein with a swap of two neighbours as one edit: 'teir' ->
'tier' is one, 'pubished' -> 'published' one); keys of four letters or fewer allow one."""

_LANG = re.compile(r"^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]+)*$")
"""A language tag: ISO 639 code, optional region or script subtags ('en', 'zh-CN', 'zh_Hans')."""

_ISO_DATE = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?=$|[T\s])")
"""An ISO date, optionally followed by a time in any of the forms generators write."""


@dataclass
class Normalised:
    """The front matter read: ``fields`` for :class:`~verifier.models.source.SourceMeta`,
    ``metadata`` (every key not read, as written) and notes for the reader."""

    fields: dict[str, Any] = field(default_factory=dict)
    metadata: dict[str, Any] = field(default_factory=dict)
    notes: list[ReadNote] = field(default_factory=list)


def normalise(doc: dict[str, Any], lines: dict[str, int]) -> Normalised:
    """Map a front matter mapping onto verifier's fields.

    Args:
        doc: the parsed YAML mapping.
        lines: file line of each top-level key (for notes).

    Returns:
        The normalised fields, the keys kept as metadata and notes. A value that cannot be
        read as its field's type (a date that is no ISO date) is kept in ``metadata`` with a note;
        values that are present but malformed for the record schema (a tier that is no tier)
        are left to validation, which names the line.
    """
    out = Normalised()
    chosen: dict[str, str] = {}  # field -> the key read for it: the first spelling of ALIASES present
    for name in map(str, doc):
        fld = _KEY_OF.get(name.lower())
        if fld is not None and (fld not in chosen or _RANK[name.lower()] < _RANK[chosen[fld].lower()]):
            chosen[fld] = name
    read_keys = set(chosen.values())
    for key, value in doc.items():
        name = str(key)
        fld = _KEY_OF.get(name.lower())
        if name not in read_keys:
            out.metadata[name] = _plain(value)
            if fld is None and (hint := did_you_mean(name)):
                out.notes.append(ReadNote(kind="unread-key", line=lines.get(name),
                                          message=f"front matter key {name!r} is not read; did you mean {hint!r}?"))
            continue
        if value is None:
            continue  # 'url: null' says the field is unknown, as leaving it out does
        read = _READERS.get(fld, _as_is)(value)
        if read is _UNREAD:
            out.metadata[name] = _plain(value)
            out.notes.append(ReadNote(kind="unread-value", line=lines.get(name),
                                      message=f"front matter {name}: {_short(value)} is not {_EXPECTED[fld]}; kept as metadata"))
            continue
        out.fields[fld] = read
    return out


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def field_of(key: str) -> str | None:
    """verifier's field that front matter key ``key`` is read for ('pubDate' -> 'published'), or None."""
    return _KEY_OF.get(key.lower())


def did_you_mean(key: str) -> str | None:
    """The read spelling ``key`` is most likely a misspelling of, or None.

    Uses rapidfuzz's optimal-string-alignment distance (:data:`MISSPELLING_DISTANCE`) over
    every spelling in :data:`ALIASES`, case-insensitively.
    """
    limit = 1 if len(key) <= 4 else MISSPELLING_DISTANCE
    best = process.extractOne(key.lower(), list(_KEY_OF), scorer=OSA.distance, score_cutoff=limit)
    if best is None or best[1] == 0:
        return None
    return next(a for names in ALIASES.values() for a in names if a.lower() == best[0])


_UNREAD = object()
"""A value that cannot be read as its field (kept as metadata instead)."""

_EXPECTED = {"languages": "a language code or a list of them", "published": "an ISO date (YYYY-MM-DD) or date-time",
             "authors": "a name or a list of names", "id": "an id", "title": "a title", "publisher": "a name", "url": "a URL"}


def read_languages(value: Any) -> list[str] | object:
    """``'en'``, ``'zh-CN'``, ``['zh', 'en']``, ``'en, zh'`` -> ISO 639 codes, lower case, in order."""
    items = value if isinstance(value, list) else re.split(r"[,\s]+", str(value).strip()) if value is not None else []
    codes: list[str] = []
    for item in items:
        m = _LANG.match(str(item).strip())
        if not m:
            return _UNREAD
        code = m.group(1).lower()
        if code not in codes:
            codes.append(code)
    return codes or _UNREAD


def read_date(value: Any) -> dt.date | object:
    """A date from a YAML date or date-time, or a string starting with an ISO date
    ('2021-01-13', '2021-01-13T09:30:00Z', '2021-01-13 09:30:00 +0800')."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    m = _ISO_DATE.match(str(value)) if isinstance(value, str) else None
    if not m:
        return _UNREAD
    try:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return _UNREAD


def read_authors(value: Any) -> list[str] | object:
    """One name, a list of names, or a list of ``{name: ...}`` mappings (CMS exports)."""
    items = value if isinstance(value, list) else [value]
    names = []
    for item in items:
        if isinstance(item, dict):
            item = item.get("name") or item.get("display_name")
        if item is None or isinstance(item, (dict, list)):
            return _UNREAD
        if str(item).strip():
            names.append(str(item).strip())
    return names


def _text(value: Any) -> str | object:
    """A scalar as text (a number-like id such as ``42`` becomes '42')."""
    if value is None or isinstance(value, (dict, list)):
        return _UNREAD
    return str(value)


def _as_is(value: Any) -> Any:
    return value


_READERS = {"languages": read_languages, "published": read_date, "authors": read_authors,
            "id": _text, "title": _text, "publisher": _text, "url": _text}


def _plain(value: Any) -> Any:
    """``value`` in JSON-safe form (dates as ISO text), so metadata can go into every report."""
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [_plain(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # JSON has no infinity
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    return str(value)
