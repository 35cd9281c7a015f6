"""Sources: the articles of a corpus and the external sources they cite.

An article is a Markdown, plain-text or HTML file, read by :mod:`verifier.ingest.readers`
(the README's "Formats" and "Front matter"); its body is kept as read, and every claim offset
counts Unicode code points into that body.
External sources (a vendor's blog, a benchmark maintainer, a social platform) are not in the
corpus but are recorded in a registry (``sources/external.yaml``) so that every citation and
attribution points at a record with a tier.
"""

from __future__ import annotations

import bisect
import datetime as dt
import hashlib
import weakref
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from verifier.models.compact import Compact
from verifier.models.tier import Tier

Relation = Literal["primary-source", "cites", "attributes", "cross-check", "quotes", "copies"]


class Citation(Compact):
    """An edge from an article to a source it cites or attributes figures to."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str = Field(description="Id of the cited source: an article id or an external source id.")
    relation: Relation = Field(
        "cites",
        description="primary-source: the article is built on it; cites: named as a reference; "
        "attributes: figures are attributed to it; cross-check: used to confirm; quotes: quoted "
        "verbatim; copies: the article reproduces its text.",
    )
    note: str | None = Field(None, description="Free text for reviewers.")

    @model_validator(mode="before")
    @classmethod
    def _plain_id(cls, data: Any) -> Any:
        """A bare id ('cites: [ministry-report]', as other tools write front matter) cites it."""
        return {"source": data} if isinstance(data, str) else data


class SourceMeta(Compact):
    """Front matter of one article in the corpus."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="Stable id, used by claim records (e.g. 's001').")
    title: str = Field(description="Headline or first line of the article.")
    publisher: str | None = Field(None, description="Outlet or account that published it.")
    languages: list[str] = Field(description="ISO 639-1 codes of the body's languages, e.g. ['zh', 'en'].")
    published: dt.date | None = Field(None, description="Publication date where the text gives it.")
    url: str | None = Field(None, description="Canonical URL, null when unknown.")
    tier: Tier = Field(description="The article's own evidence tier (what kind of source it is).")
    cites: list[Citation] = Field(default_factory=list, description="Sources it cites or attributes figures to.")
    note: str | None = Field(None, description="Free text for reviewers.")
    authors: list[str] = Field(default_factory=list, description="Bylines, as written (front matter author/authors/byline, or the page's metadata).")
    metadata: dict[str, Any] = Field(default_factory=dict, description="Every other front matter key, as written (tags, layout, draft, ...): kept, never read.")


Format = Literal["markdown", "text", "html"]
"""How an article's file was read: Markdown (front matter, blocks parsed), plain text
(paragraphs split on blank lines, never parsed as Markdown) or HTML (the page's main text)."""


class ReadNote(Compact):
    """Something the reader noticed in a file and did not let stop the run: a front matter
    key it does not read that looks like a misspelling, a value it could not read, control
    characters. Reported by the V7xx rules with the file's line."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["unread-key", "unread-value", "control-characters"]
    line: int | None = Field(None, description="1-based line of the file, when one is at fault.")
    message: str


class Source(Compact):
    """An article loaded from disk: its metadata, its path and its exact body text.

    ``body`` is the article's text: for Markdown and plain text the text after the front
    matter, unchanged; for HTML the page's main text as extracted. ``body_line`` is the 1-based
    line of the file on which the body starts, so that an offset can be reported as
    ``path:line``; ``line_map``, when set, gives the file line of each body line instead (HTML,
    whose text does not sit on the page's lines one to one).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    meta: SourceMeta
    path: str = Field(description="Path as given on the command line or relative to the corpus root.")
    file: str | None = Field(None, description="The file on disk (absolute), for tools that write beside it.")
    body: str
    body_line: int = 1
    format: Format = "markdown"
    line_map: tuple[int, ...] | None = Field(None, description="File line of each body line (0-based index), when the body is not the file's text.")
    notes: tuple[ReadNote, ...] = ()
    defaulted: tuple[str, ...] = Field((), description="Metadata fields the file did not give and the reader filled in (id, title, languages, tier).")

    @property
    def id(self) -> str:
        """The source id from the front matter."""
        return self.meta.id

    def digest(self) -> str:
        """sha1 (hex) of the article's JSON: its metadata, path and body, everything a cache
        keyed by the article must see. Computed once per instance (:data:`_DIGESTS`): the
        extraction and results caches both key on it (~15 µs for a 3.5 KB article)."""
        kept = _DIGESTS.get(id(self))
        if kept is not None and kept[0]() is self:
            return kept[1]
        found = hashlib.sha1(self.model_dump_json().encode()).hexdigest()
        known_digest(self, found)
        return found

    def line_of(self, offset: int) -> int:
        """Return the 1-based file line that holds body character ``offset`` (bisection over
        the body's line starts, computed once per body)."""
        index = bisect.bisect_right(_newlines(self.body), max(0, offset) - 1)
        if self.line_map:
            return self.line_map[min(index, len(self.line_map) - 1)]
        return self.body_line + index


def known_digest(src: Source, digest: str) -> Source:
    """``src``, its :meth:`Source.digest` now ``digest`` without being made (an article unpacked
    from where its digest was kept, :class:`verifier.ingest.packed_sources.PackedSources`)."""
    global _sweep_at
    if len(_DIGESTS) >= _sweep_at:  # entries of instances gone: dropped now and then, never read
        for key in [k for k, (ref, _) in _DIGESTS.items() if ref() is None]:
            del _DIGESTS[key]
        _sweep_at = max(1024, 2 * len(_DIGESTS))
    _DIGESTS[id(src)] = (weakref.ref(src), digest)
    return src


_DIGESTS: dict[int, tuple[weakref.ref, str]] = {}
"""id of a :class:`Source` -> (a weak reference to it, its :meth:`Source.digest`): used only while
the reference still leads to that instance (an id outlives its object and is reused). Kept
outside the instance, so that two equal articles stay equal whether or not one was digested; a
frozen model, so a digest never goes stale. A weak reference per article, not a finalizer: at
100,000 articles finalizers took 48 MiB, weak references ~6."""

_sweep_at = 1024
"""Size of :data:`_DIGESTS` at which the entries of instances gone are next dropped (twice the
size after the last sweep: each sweep is paid for by as many digests)."""


@lru_cache(maxsize=64)
def _newlines(body: str) -> list[int]:
    """Offsets of the newlines of ``body``, ascending (cached: a string keeps its hash).
    ``str.find`` runs in C: a 50 MB body takes a fraction of a second, not seconds."""
    out: list[int] = []
    pos = body.find("\n")
    while pos >= 0:
        out.append(pos)
        pos = body.find("\n", pos + 1)
    return out


ExternalKind = Literal["vendor", "benchmark", "outlet", "social", "analyst", "person", "organization", "industry"]


class ExternalSource(BaseModel):
    """A source outside the corpus (``sources/external.yaml``), with its evidence tier."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="Stable id used by citations and attributions (e.g. 'openai-blog').")
    name: str = Field(description="Human-readable name.")
    kind: ExternalKind = Field(description="What kind of party it is.")
    tier: Tier = Field(description="Evidence tier of figures that originate there.")
    url: str | None = None
    cites: list[Citation] = Field(default_factory=list, description="Sources it relies on, if known.")
    note: str | None = None
