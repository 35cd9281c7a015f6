"""``sources.yaml``: a corpus's settings for articles whose files it cannot edit.

Beside the articles, a mapping from an article id or a glob pattern (matched against the id
and the file name, ``fnmatch`` syntax) to fields::

    c11-nhlbi-release:          # an id
      tier: primary
    "*-blog*":                  # a pattern
      tier: social
      publisher: A health blog
    "*.html":
      cites: [{source: c11-nhlbi-release, relation: primary-source}]

The fields are those of :class:`SourceSettings`, validated like front matter (an unknown field
or a tier that is no tier stops the run at its line). Every entry that matches an article
applies, in file order, patterns first and its exact id last, each over the one before; the
result is applied over the article's own front matter. An id entry (no ``*``, ``?`` or ``[``)
that names no article of the folder is an error: it is almost always a typo.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from verifier.errors import InputError
from verifier.ingest.files import read_text
from verifier.ingest.yamlio import load_yaml, node_line, raise_validation
from verifier.models.source import Citation
from verifier.models.tier import Tier

SOURCES_FILE = "sources.yaml"


class SourceSettings(BaseModel):
    """The fields ``sources.yaml`` may set for an article."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tier: Tier | None = Field(None, description="The article's evidence tier.")
    publisher: str | None = Field(None, description="Outlet or account that published it.")
    cites: list[Citation] | None = Field(None, description="Sources it cites or attributes figures to.")
    languages: list[str] | None = Field(None, description="ISO 639-1 codes of the body's languages.")
    title: str | None = None
    url: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Entry:
    """One key of the file: its pattern, its settings, its line."""

    key: str
    settings: dict[str, Any]
    line: int | None

    @property
    def is_pattern(self) -> bool:
        """True when the key is a glob pattern rather than one id."""
        return any(ch in self.key for ch in "*?[")


@dataclass(frozen=True)
class SourcesFile:
    """A parsed ``sources.yaml``; :meth:`settings_for` is the
    :data:`verifier.ingest.articles.Settings` callable."""

    path: str
    entries: tuple[Entry, ...]

    def settings_for(self, ident: str, name: str) -> dict[str, Any]:
        """Fields for the article ``ident`` read from file ``name``: every matching pattern in
        file order, then the exact id entry."""
        out: dict[str, Any] = {}
        for e in self.entries:
            if e.is_pattern and (fnmatchcase(ident, e.key) or fnmatchcase(name, e.key)):
                out.update(e.settings)
        for e in self.entries:
            if not e.is_pattern and e.key in (ident, name):
                out.update(e.settings)
        return out

    def check_ids(self, ids: set[str], names: set[str]) -> None:
        """Raise when an id entry names no article read from its folder.

        Raises:
            InputError: at the line of the first such entry, listing the known ids.
        """
        for e in self.entries:
            if not e.is_pattern and e.key not in ids and e.key not in names:
                known = ", ".join(sorted(ids)[:12]) + (", ..." if len(ids) > 12 else "")
                raise InputError(self.path, e.line, f"{e.key!r} names no article here (known: {known}); "
                                 "use a glob pattern ('*-blog*') to match several")


def read_sources_file(path: Path, shown: str) -> SourcesFile:
    """Read and validate a ``sources.yaml``.

    Raises:
        InputError: invalid YAML, not a mapping of mappings, or a field that fails validation.
    """
    doc, node = load_yaml(read_text(path, shown), shown)
    if doc is None:
        return SourcesFile(shown, ())
    if not isinstance(doc, dict):
        raise InputError(shown, node_line(node), "sources.yaml must map article ids or patterns to fields (id: {tier: primary})")
    entries = []
    seen: dict[str, int | None] = {}
    for key_node, value_node in node.value:
        key = str(key_node.value)
        if key in seen:
            raise InputError(shown, node_line(key_node), f"{key!r} is given twice (also on line {seen[key]}); merge the two entries")
        seen[key] = node_line(key_node)
        value = doc[_key(doc, key)]
        line = node_line(key_node)
        if not isinstance(value, dict):
            raise InputError(shown, line, f"{key}: expected fields (tier:, publisher:, cites:), not {type(value).__name__}")
        try:
            settings = SourceSettings.model_validate(value)
        except ValidationError as err:
            raise_validation(err, value_node, shown, loc_prefix=(key,), schema="source")
        entries.append(Entry(key, settings.model_dump(exclude_none=True), line))
    return SourcesFile(shown, tuple(entries))


def _key(doc: dict, text: str) -> Any:
    """The key of ``doc`` whose text is ``text`` (YAML may read '2024' as a number)."""
    return next(k for k in doc if str(k) == text)
