"""Segment an article body into units and sentences with exact character offsets.

A *unit* is one line of running text, a heading, a list item line or a table row. It comes
from markdown-it-py's block tokens and their line maps (``token.map = [first, last)``), so the
body is never altered: offsets are computed from the start of each line.

Press copy converted from plain text often has no blank lines, so one Markdown paragraph can
hold a whole article. Each line of a paragraph is therefore its own unit, and a short line
without closing punctuation that is followed by more text is taken as a heading (the way
such articles set section titles). Copy that lost its line breaks too can hold a whole article
on one line: a line of running text longer than :data:`PARAGRAPH_MAX` is read as consecutive
units of whole sentences, each at most that long, so that what a figure's paragraph is (the
look-back of subjects, attributions and earlier figures) is as wide for one line as for
paragraphs, and extraction stays linear in the line's length. Likewise a sentence (or table
cell) longer than :data:`SENTENCE_MAX` is read as runs of whole clauses, and a clause longer
than that as runs of whole words.

Shapes::

    Unit(kind="table_row", start=612, end=702, heading="把三个倍数放回测试单元格",
         header=("模型", "对比系统", "峰值混合吞吐 / kW", "端到端延迟"),
         cells=((614, 626), (629, 646), ...), block=7)
    Sentence(start=630, end=661, unit=<Unit>)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Final

_MARKER: Final = re.compile(
    r"[ \t]{0,3}"            # up to three spaces of indentation (CommonMark)
    r"(?:#{1,6}[ \t]+"       # ATX heading marker
    r"|[-*+][ \t]+"          # bullet list marker
    r"|\d{1,9}[.)][ \t]+"    # ordered list marker
    r"|>[ \t]?)*"            # block quote marker(s)
)
"""Block markers at the start of a line, skipped so a unit starts at its text."""

_SENTENCE_END: Final = re.compile(
    r"[。！？；!?;]+[”’」』\"')）]*"   # CJK and Latin terminators, with closing quotes
    r"|\.(?=\s|$)"                       # a full stop before a space (not a decimal point)
)
"""Where a sentence ends (the terminator belongs to the sentence)."""

HEADING_MAX: Final = 40
"""Longest line (characters) taken as a heading when it has no closing punctuation; press
section titles are 4-30 characters in both languages."""

PARAGRAPH_MAX: Final = 2000
"""Longest unit of running text, in characters, before it is cut between sentences. The longest
line of the shipped corpus and of the test articles is 513 characters; 2,000 leaves room for a
long-form paragraph of eight sentences of 250 characters, so a longer line is taken for text
whose paragraph breaks were lost. A smaller bound would make each figure's look-back cheaper
still, a larger one would cut fewer real paragraphs; benchmarks/bench_shapes.py measures it."""

SENTENCE_MAX: Final = 1000
"""Longest sentence, in characters, before it is cut between clauses. The longest sentence of
the shipped corpus and of the test articles is 326 characters; a longer run without a full
stop is a list strung together by commas (or text whose stops were lost), and reading it
whole would make every figure's look-back as long as the run."""

_CLOSING: Final = tuple("。.!！:：；;，,、")
"""A line ending with one of these is running text, not a title (a title may end in ? or a quote)."""

_TERMINAL: Final = tuple("。.!?！？”\"」")
"""A line ending with one of these closes its sentence, so the next line starts a new unit."""

_CREDITED: Final = re.compile(r"[。！？!?][^\s。！？!?，,：:；;]{1,8}$")
"""A line whose last sentence is followed by a short credit ('…28% 至 59%。微博') closes too."""


@dataclass(frozen=True, slots=True)
class Unit:
    """One segment of the body.

    Attributes:
        kind: ``paragraph`` (a line of running text), ``heading``, ``list_item``,
            ``table_row`` or ``table_header``.
        start, end: code-point offsets into the body (end exclusive), markers excluded.
        heading: text of the nearest heading above, or None.
        header: header cells of the table a row belongs to (empty outside tables).
        cells: spans of a table row's cells, in column order.
        block: index of the Markdown block the unit belongs to (a paragraph, list or table).
    """

    kind: str
    start: int
    end: int
    heading: str | None = None
    header: tuple[str, ...] = ()
    cells: tuple[tuple[int, int], ...] = field(default=())
    block: int = 0

    def cell_at(self, offset: int) -> int | None:
        """Index of the cell that holds ``offset``, or None."""
        return next((i for i, (s, e) in enumerate(self.cells) if s <= offset < e), None)


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence (or a table cell) within a unit: ``body[start:end]``."""

    start: int
    end: int
    unit: Unit


CLAUSE: Final = re.compile(r"[，；;：:。！？!?（）()]|(?<!\d),|,(?!\d)|——|—| · ")
"""Clause boundaries inside a sentence (a comma between digits is a thousands separator: '$4,000')."""


def clause_start(body: str, lo: int, pos: int) -> int:
    """Offset where the clause holding ``pos`` starts (``lo``, the sentence start, when none ends before)."""
    starts = [m.end() for m in CLAUSE.finditer(body, lo, pos)]
    return starts[-1] if starts else lo


def clause_end(body: str, pos: int, hi: int) -> int:
    """Offset where the clause holding ``pos`` ends (``hi``, the sentence end, when it runs on)."""
    m = CLAUSE.search(body, pos, hi)
    return m.start() if m else hi


LINE_END: Final = re.compile(r"\r\n?|\n")
"""A line end as markdown-it counts lines in ``token.map``: ``\n``, ``\r\n`` or a lone ``\r``."""


def _line_starts(body: str) -> list[int]:
    """Offsets where each line of ``body`` starts, plus ``len(body) + 1`` as a sentinel.

    Lines end where markdown-it ends them (:data:`LINE_END`), so a token's line map indexes
    this list; counting ``\n`` alone left a lone ``\r`` line out and ran past the list's end.
    """
    return [0, *(m.end() for m in LINE_END.finditer(body)), len(body) + 1]


def _line_span(body: str, starts: list[int], line: int, strip_marker: bool) -> tuple[int, int]:
    """Span of line ``line`` without its newline, trailing spaces and (optionally) block markers."""
    s, e = starts[line], min(starts[line + 1] - 1, len(body))
    if strip_marker:
        s = _MARKER.match(body, s, e).end()
    while e > s and body[e - 1] in " \t\r":
        e -= 1
    while s < e and body[s] in " \t":
        s += 1
    return s, e


@lru_cache(maxsize=1)
def _parser():
    """The Markdown block parser. Its core rule 'inline' (the parse of each inline token's
    text into children: emphasis, links, code...) is off: :func:`segment` reads the block
    tokens only (type, nesting, level, map), which that rule leaves as they are; it was
    a third of the parse."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable("table")
    md.core.ruler.disable("inline")
    return md


def segment(body: str, markdown: bool = True, tables: bool = False) -> list[Unit]:
    """Split ``body`` into units in reading order (see :class:`Unit`).

    Args:
        body: the article text.
        markdown: False for plain text: blocks are runs of non-blank lines, and no Markdown
            syntax is read (a leading ``#``, ``-`` or ``1.`` is text).
        tables: with ``markdown`` False, still read pipe tables (the HTML reader prints a
            page's tables so).
    """
    if not markdown:
        return _plain_units(body, tables)
    starts = _line_starts(body)
    tokens = _parser().parse(body)
    units: list[Unit] = []
    heading: str | None = None
    stack: list[str] = []
    block = 0
    for tok in tokens:
        if tok.nesting == 1:
            stack.append(tok.type)
        elif tok.nesting == -1 and stack:
            stack.pop()
        if tok.type == "table_open" and tok.map:
            block += 1
            units.extend(_table(body, starts, tok.map, heading, block))
        elif tok.type in ("bullet_list_open", "ordered_list_open") and tok.level == 0:
            block += 1
        elif tok.type == "inline" and tok.map and "table_open" not in stack:
            if "list_item_open" not in stack:
                block += 1
            kind = "heading" if stack and stack[-1] == "heading_open" else (
                "list_item" if "list_item_open" in stack else "paragraph")
            for unit in _lines(body, starts, tok.map, kind, heading, block):
                if unit.kind == "heading":
                    heading = body[unit.start:unit.end]
                elif unit.heading != heading and unit.kind == "table_row":
                    heading = unit.heading
                units.append(unit)
    return units


def _plain_units(body: str, tables: bool) -> list[Unit]:
    """Units of plain text: each run of non-blank lines is a block, read line by line as
    :func:`_lines` reads a Markdown paragraph, without block markers."""
    starts = _line_starts(body)
    units: list[Unit] = []
    heading: str | None = None
    block, line, last = 0, 0, len(starts) - 1
    while line < last:
        if not body[starts[line]:starts[line + 1]].strip():
            line += 1
            continue
        end = line
        while end < last and body[starts[end]:starts[end + 1]].strip():
            end += 1
        block += 1
        for unit in _lines(body, starts, [line, end], "paragraph", heading, block, markdown=False, tables=tables):
            if unit.kind == "heading":
                heading = body[unit.start:unit.end]
            units.append(unit)
        line = end
    return units


def _lines(body: str, starts: list[int], span: list[int], kind: str, heading: str | None, block: int,
           markdown: bool = True, tables: bool = True) -> list[Unit]:
    """Units of one block, line by line.

    Markdown read from plain-text copy is lossy (a list item swallows the lines after it by
    lazy continuation, a table inside such text is not parsed), so each line is typed on
    its own: a list marker makes a list item, a ``#`` marker or a short unpunctuated line a
    heading, a pipe table a run of rows; other lines are running text, merged while a
    sentence runs on (hard-wrapped paragraphs stay one unit).
    """
    out: list[Unit] = []
    run: tuple[int, int] | None = None
    line = span[0]
    while line < span[1]:
        if tables and _is_table_at(body, starts, line, span[1]):
            stop = _table_end(body, starts, line, span[1])
            out.extend(_table(body, starts, [line, stop], heading, block))
            line = stop
            continue
        raw = starts[line]
        s, e = _line_span(body, starts, line, strip_marker=markdown)
        line += 1
        if s >= e:
            continue
        text, marker = body[s:e], body[raw:s].strip()
        this = "heading" if kind == "heading" or marker.startswith("#") else (
            "list_item" if marker[:1] in "-*+0123456789" and marker else "paragraph")
        if this == "paragraph" and run is None and _looks_like_title(text) and _next_text(body, starts, line - 1):
            this = "heading"
        if this != "paragraph":
            if run:
                out.extend(_bounded(body, Unit("paragraph", run[0], run[1], heading, block=block)))
                run = None
            unit = Unit(this, s, e, None if this == "heading" else heading, block=block)
            out.extend(_bounded(body, unit) if this == "list_item" else [unit])
            heading = text if this == "heading" else heading
            continue
        run = (run[0] if run else s, e)
        if text.endswith(_TERMINAL) or _CREDITED.search(text):
            out.extend(_bounded(body, Unit("paragraph", run[0], run[1], heading, block=block)))
            run = None
    if run:
        out.extend(_bounded(body, Unit("paragraph", run[0], run[1], heading, block=block)))
    return out


def _bounded(body: str, unit: Unit) -> list[Unit]:
    """``unit`` as is when at most :data:`PARAGRAPH_MAX` characters long, else cut between its
    sentences into consecutive units of the same kind, each of whole sentences and at most that
    long (a sentence longer than that is a unit of its own). The cuts fall at sentence ends, so
    :func:`sentences` finds the same sentences in the parts as in the whole."""
    if unit.end - unit.start <= PARAGRAPH_MAX:
        return [unit]
    out: list[Unit] = []
    lo = hi = None
    for sent in sentences(body, unit):
        if lo is not None and sent.end - lo > PARAGRAPH_MAX:
            out.append(replace(unit, start=lo, end=hi))
            lo = None
        lo = sent.start if lo is None else lo
        hi = sent.end
    if lo is not None:
        out.append(replace(unit, start=lo, end=hi))
    return out


_DELIMITER_ROW: Final = re.compile(r"[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*$")
"""A pipe table's delimiter row: ``|---|:---:|``."""


def _is_table_at(body: str, starts: list[int], line: int, stop: int) -> bool:
    if line + 1 >= stop or "|" not in body[starts[line]:starts[line + 1]]:
        return False
    return bool(_DELIMITER_ROW.match(body, starts[line + 1], max(starts[line + 1], starts[line + 2] - 1)))


def _table_end(body: str, starts: list[int], line: int, stop: int) -> int:
    end = line + 2
    while end < stop and body[starts[end]:starts[end + 1]].lstrip().startswith("|"):
        end += 1
    return end


def _looks_like_title(text: str) -> bool:
    return len(text) <= HEADING_MAX and not text.endswith(_CLOSING)


def _next_text(body: str, starts: list[int], line: int) -> bool:
    """True when some text follows line ``line`` (a title is never the last line)."""
    nxt = starts[line + 1] if line + 1 < len(starts) else len(body)
    return nxt < _text_end(body)


@lru_cache(maxsize=1)
def _text_end(body: str) -> int:
    """Offset after the body's last character that is not white space (computed once per body,
    not once per title-like line)."""
    return len(body.rstrip())


def _table(body: str, starts: list[int], span: list[int], heading: str | None, block: int) -> list[Unit]:
    """Header and body rows of a pipe table (the delimiter row is skipped)."""
    rows: list[Unit] = []
    header: tuple[str, ...] = ()
    for n, line in enumerate(range(span[0], span[1])):
        if n == 1:
            continue  # |---|---| delimiter row
        s, e = _line_span(body, starts, line, strip_marker=False)
        cells = _cells(body, s, e)
        if n == 0:
            header = tuple(body[a:b] for a, b in cells)
            rows.append(Unit("table_header", s, e, heading, header, tuple(cells), block))
        else:
            rows.append(Unit("table_row", s, e, heading, header, tuple(cells), block))
    return rows


def _cells(body: str, s: int, e: int) -> list[tuple[int, int]]:
    """Spans of the cells of one table line (outer pipes optional, spaces trimmed)."""
    out: list[tuple[int, int]] = []
    text = body[s:e]
    bounds = [i for i, ch in enumerate(text) if ch == "|" and (i == 0 or text[i - 1] != "\\")]
    edges = ([-1] if not bounds or bounds[0] != 0 else []) + bounds + ([len(text)] if not bounds or bounds[-1] != len(text) - 1 else [])
    for a, b in zip(edges, edges[1:]):
        cs, ce = s + a + 1, s + b
        while cs < ce and body[cs] in " \t":
            cs += 1
        while ce > cs and body[ce - 1] in " \t":
            ce -= 1
        out.append((cs, ce))
    return out


def sentences(body: str, unit: Unit) -> list[Sentence]:
    """Sentences of ``unit``; a table row gives one sentence per cell. A sentence (or cell)
    longer than :data:`SENTENCE_MAX` is read as consecutive pieces of whole clauses
    (:func:`_clause_runs`)."""
    if unit.cells:
        return [Sentence(a, b, unit) for s, e in unit.cells if e > s for a, b in _clause_runs(body, s, e)]
    out: list[Sentence] = []
    pos = unit.start
    for m in _SENTENCE_END.finditer(body, unit.start, unit.end):
        if m.end() > pos:
            out.extend(Sentence(a, b, unit) for a, b in _clause_runs(body, pos, m.end()))
        pos = m.end()
        while pos < unit.end and body[pos] in " \t":
            pos += 1
    if pos < unit.end:
        out.extend(Sentence(a, b, unit) for a, b in _clause_runs(body, pos, unit.end))
    return out


def _clause_runs(body: str, start: int, end: int) -> list[tuple[int, int]]:
    """``[(start, end)]`` for a sentence of at most :data:`SENTENCE_MAX` characters; a longer
    one cut after clause boundaries (:data:`CLAUSE`) into runs of whole clauses, each at most
    that long unless one clause alone is longer. A clause starts a run where it started the
    sentence's clause before, so a figure's clause (its nearest context) is the same in the
    run as in the whole."""
    if end - start <= SENTENCE_MAX:
        return [(start, end)]
    out: list[tuple[int, int]] = []
    lo, last = start, None
    for cut in [m.end() for m in CLAUSE.finditer(body, start, end)] + [end]:
        if last is not None and last > lo and cut - lo > SENTENCE_MAX:
            out.append((lo, last))
            lo = last
        last = cut
    if lo < end:
        out.append((lo, end))
    return [piece for a, b in out for piece in _word_runs(body, a, b)]


def _word_runs(body: str, start: int, end: int) -> list[tuple[int, int]]:
    """``[(start, end)]`` for a clause of at most :data:`SENTENCE_MAX` characters; a longer one
    (no comma or stop in a thousand characters: a line of bare figures, '1 1 1 ...') cut at the
    last space before each :data:`SENTENCE_MAX` characters, so that no step reads a clause of
    thousands of figures once per figure. A clause with no space to cut at stays whole."""
    out: list[tuple[int, int]] = []
    lo = start
    while end - lo > SENTENCE_MAX:
        cut = body.rfind(" ", lo + 1, lo + SENTENCE_MAX)
        if cut < 0:
            break
        out.append((lo, cut))
        lo = cut + 1
    out.append((lo, end))
    return out
