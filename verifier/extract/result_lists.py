"""Items of a results list: the figure of an item belongs to the item's label.

    list_item(body, q) -> Item(label="Jane Doe", heading="Men's race results", ranked=True) | None

A results list gives one figure per item, and the item's label, the name before the figure, is
its holder, as a table row's label is its cells' (:func:`verifier.align.frames.row_label`):

    3. Jane Doe (Canada) 2:11:05          ranked: label 'Jane Doe' (a bracketed country or
    1. Labour 34.2%                        team only places it), figure 2:11:05, 34.2%
    - Ward 4: 1,204 votes                  a bullet: label 'Ward 4' (a colon may close it)
    Results, men: 1. Ana Silva (BRA) 2:24:10; 2. Mei Lin (CHN) 2:24:55    run on in a line

An item opens a line (after a bullet ``-``, ``*``, ``+`` or a rank ``3.``, ``3)``, ``3、``, 第3名)
or, run on in a line, a heading's colon or a semicolon followed by a rank. The label is what
stands between the opening and the figure, less a bracketed affiliation and a closing colon or
dash; it must read as a name: at most :data:`MAX_WORDS` words, each capitalised, a number or a
joining word ('of', 'and', 'de', 'van'), or at most :data:`MAX_HAN` Chinese characters with no
punctuation. A bullet that holds a sentence ('- Sir Jo Bloggs took third place in 2:06:32') has
no label: its grammar names the holder.

The *heading* is what the list is of: the text before the colon that opens a run-on list, or
the line before a list of lines when it ends with a colon or is a Markdown heading ("Men's race
results:", "## Final standings"); None when nothing introduces the list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

MAX_WORDS: Final = 6
"""Most words of an English label ('Tola Shura Kitata', 'Party of European Socialists')."""

MAX_HAN: Final = 12
"""Most Chinese characters of a label (a name, a party, a district)."""

_OPEN: Final = re.compile(r"[ \t]*(?:(?:[-*+][ \t]+)?(?:\d{1,3}[.)、]|第\d{1,3}名)[ \t]*|[-*+][ \t]+)")
"""The opening of an item at a line start: a bullet, a rank, or a bullet and a rank."""

_RANKED: Final = re.compile(r"[ \t]*(?:[-*+][ \t]+)?(?:\d{1,3}[.)、]|第\d{1,3}名)")
_RUN_ON: Final = re.compile(r"[:;：；][ \t]*(?=\d{1,3}[.)、][ \t]*\S|第\d{1,3}名)")
"""A heading's colon or a semicolon followed by a rank: where an item run on in a line opens."""

_BRACKET: Final = re.compile(r"\s*[(（][^()（）]{1,40}[)）]\s*")
_JOINERS: Final = frozenset({"of", "and", "the", "de", "da", "del", "van", "von", "der", "den", "le", "la", "&", "-", "–"})
_HAN_LABEL: Final = re.compile(r"[\u3400-\u9fff·]{1,%d}" % MAX_HAN)
_WORD: Final = re.compile(r"\S+")
_MD_HEADING: Final = re.compile(r"#{1,6}\s+(.+?)\s*#*\s*$")


@dataclass(frozen=True)
class Item:
    """One item of a results list.

    Attributes:
        label: the item's label, its figure's holder ('Jane Doe', 'Ward 4', '工党').
        start, end: the label's span in the body.
        heading: what the list is of ('Confirmed results, elite men'), or None.
        ranked: True when the item opens with a rank ('3.'), False for a bullet.
    """

    label: str
    start: int
    end: int
    heading: str | None
    ranked: bool


def list_item(body: str, q) -> Item | None:
    """The results-list item that holds figure ``q`` (see the module's rule), or None."""
    line_start = body.rfind("\n", 0, q.start) + 1
    opened, heading, ranked = None, None, False
    for at in _run_ons(body, line_start):
        if at > q.start:
            break
        opened = at
    if opened is not None:
        ranked = True
        colon = re.search(r"[:：]", body[line_start:opened])
        heading = body[line_start:line_start + colon.start()].strip() if colon else None
        if heading is not None and re.match(r"\s*\d{1,3}[.)、]", heading):
            heading = None  # a colon inside an item ('1. Ward 4: 1,204'): no heading of its own
        heading = heading or _heading_before(body, line_start)
        opened = _OPEN.match(body, opened).end()  # past the rank
    else:
        m = _OPEN.match(body, line_start)
        if m is None or m.end() > q.start:
            return None
        opened, ranked = m.end(), _RANKED.match(body, line_start) is not None
        heading = _heading_before(body, line_start)
    label, start = _label(body, opened, q.start)
    if label is None:
        return None
    return Item(label, start, start + len(label), heading, ranked)


@lru_cache(maxsize=256)
def _run_ons(body: str, line_start: int) -> tuple[int, ...]:
    """Where items run on in the line that starts at ``line_start`` open (:data:`_RUN_ON`), in
    order; computed once per line (every figure of a long paragraph asks)."""
    line_end = body.find("\n", line_start)
    return tuple(m.end() for m in _RUN_ON.finditer(body, line_start, len(body) if line_end < 0 else line_end))


def _label(body: str, opened: int, figure: int) -> tuple[str | None, int]:
    """The label between an item's opening and its figure, and its start; (None, -1) when the
    text there does not read as a name."""
    raw = body[opened:figure]
    if not raw.strip() or any(c in raw for c in ";；\n"):  # another item's text
        return None, -1
    text = _BRACKET.sub(" ", raw).strip(" \t:：—–-|,")
    if not text:
        return None, -1
    if _HAN_LABEL.fullmatch(text):
        return text, opened + raw.find(text[:1])
    parts = _WORD.findall(text)
    if len(parts) > MAX_WORDS or not parts[0][:1].isupper():
        return None, -1
    for w in parts:
        if not (w[:1].isupper() or w[:1].isdigit() or w.lower() in _JOINERS):
            return None, -1
    return text, opened + raw.find(parts[0])


def _heading_before(body: str, line_start: int) -> str | None:
    """The line that introduces a list of lines: the nearest line before it that is no item,
    when it ends with a colon or is a Markdown heading; None otherwise."""
    end = line_start - 1
    while end > 0:
        start = body.rfind("\n", 0, end) + 1
        line = body[start:end].strip()
        end = start - 1
        if not line or _OPEN.match(line + " "):
            continue  # a blank line or another item of the list
        heading = _MD_HEADING.match(line)
        if heading:
            return heading.group(1)
        return line.rstrip(":：").strip() if line.endswith((":", "：")) else None
    return None
