"""Text as it renders: whitespace that a reader never sees, folded away, with offsets back.

    fold("额定\\n功耗为  800 瓦") -> Folded(text="额定功耗为 800 瓦")

Two articles that render the same must anchor the same quote, so re-anchoring
(:mod:`verifier.ingest.reanchor`) and the anchor rules (V301-V303) compare quotes and their
context in folded form:

* a run of whitespace between two CJK characters is removed. When it holds a line break,
  this is the rendering rule itself: CSS Text Module Level 3 (§4.1.3, segment break
  transformation) removes a segment break whose neighbours are both East Asian wide
  characters other than Hangul, so re-wrapping a Chinese paragraph in Markdown changes
  nothing on the page. A space there (a stray one typed between Han characters) changes no
  word of the text either, and is removed too;
* every other run of spaces, tabs and line breaks becomes one space, as Markdown and HTML
  render it (CommonMark §6.7: a soft line break renders as a space; HTML collapses runs of
  white space). A no-break space and the ideographic space render as themselves and are kept.

Hangul is not in the class: Korean separates words with spaces. Offsets are code points, as
everywhere in verifier.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Final

CJK: Final = re.compile(
    "["
    "\u3001-\u303f"  # CJK symbols and punctuation ('。', '、', '「'), not the ideographic space U+3000
    "\u3040-\u30ff"  # hiragana and katakana
    "\u3400-\u4dbf"  # CJK unified ideographs extension A
    "\u4e00-\u9fff"  # CJK unified ideographs
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff01-\uff60\uffe0-\uffe6"  # fullwidth forms ('，', '：', '（', '％')
    "\U00020000-\U0003ffff"  # ideographs of the supplementary planes
    "]"
)
"""One East Asian wide character whose neighbouring line breaks render as nothing."""

_SPACE: Final = re.compile(r"[ \t\r\n\f]+")
"""A run of collapsible whitespace: spaces, tabs and line breaks (CSS Text 3 §4.1; a
no-break space and the ideographic space render as themselves and are kept)."""


@dataclass(frozen=True)
class Folded:
    """A text with its unrendered whitespace folded (see the module docstring).

    Attributes:
        text: the folded text.
        at: folded offset where each kept piece starts (ascending; a piece is a stretch of
            the original copied as it is, or the one space a whitespace run became).
        origin: the original offset of each piece, in the same order.
    """

    text: str
    at: tuple[int, ...]
    origin: tuple[int, ...]

    def original(self, i: int) -> int:
        """The original offset of the folded character at ``i`` (``len(text)``: the end of the original)."""
        if not self.at:
            return i
        k = max(0, bisect_right(self.at, i) - 1)
        return self.origin[k] + (i - self.at[k])

    def original_end(self, i: int) -> int:
        """The original offset just after the folded character at ``i - 1`` (an exclusive end)."""
        return self.original(i - 1) + 1 if i > 0 else self.original(0)

    def folded(self, p: int) -> int:
        """The folded offset of the first character kept at or after original offset ``p``."""
        k = bisect_right(self.origin, p) - 1
        if k < 0:
            return 0
        width = (self.at[k + 1] if k + 1 < len(self.at) else len(self.text)) - self.at[k]
        inside = p - self.origin[k]
        return self.at[k] + inside if inside < width else (self.at[k] + width)


def fold(text: str) -> Folded:
    """``text`` with whitespace that does not render folded away (see the module docstring)."""
    pieces: list[str] = []
    at: list[int] = []
    origin: list[int] = []
    size = last = 0
    for m in _SPACE.finditer(text):
        if m.start() > last:
            pieces.append(text[last:m.start()])
            at.append(size)
            origin.append(last)
            size += m.start() - last
        left, right = text[m.start() - 1:m.start()], text[m.end():m.end() + 1]
        if not (left and right and CJK.match(left) and CJK.match(right)):
            pieces.append(" ")
            at.append(size)
            origin.append(m.start())
            size += 1
        last = m.end()
    if last < len(text) or not at:
        pieces.append(text[last:])
        at.append(size)
        origin.append(last)
    return Folded("".join(pieces), tuple(at), tuple(origin))


def fold_anchor(prefix: str, quote: str, suffix: str) -> tuple[str, str, str]:
    """(prefix, quote, suffix), folded together, so a break between the prefix and a CJK quote
    folds as it does in the article; outer whitespace of the context is dropped (its other
    neighbour lies outside the record)."""
    f = fold(prefix + quote + suffix)
    i, j = f.folded(len(prefix)), f.folded(len(prefix) + len(quote))
    return f.text[:i].lstrip(), f.text[i:j].strip(), f.text[j:].rstrip()


def renders_as(body: str, start: int, end: int, quote: str) -> bool:
    """True when ``body[start:end]`` renders as ``quote`` does: a quote whose Chinese line was
    re-wrapped, or whose spaces were doubled, is still at its offsets when they cover the whole
    of it, the whitespace the re-wrapping put inside included. Offsets that stop short of the
    quote's last character (or run past it) do not hold, however the text after them reads."""
    return 0 <= start < end <= len(body) and fold(body[start:end]).text == fold(quote).text


def find_rendered(body: str, quote: str, folded: Folded | None = None) -> list[tuple[int, int]]:
    """Original (start, end) offsets of up to five places where ``quote`` occurs in ``body`` as
    rendered; each span covers the whole place, whitespace inside it included."""
    f = folded or fold(body)
    want = fold(quote).text.strip()
    found: list[tuple[int, int]] = []
    at = f.text.find(want) if want else -1
    while at >= 0 and len(found) < 5:
        found.append((f.original(at), f.original_end(at + len(want))))
        at = f.text.find(want, at + 1)
    return found
