"""V3xx: every claim's quote must be found at its offsets in its source, and its figure
must be one the checker can read (printed in the quote, in a unit it knows)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final, Iterator

from verifier.ingest.rendered import find_rendered, renders_as
from verifier.ingest.reanchor import holds_rendered
from verifier.models.claim import Claim
from verifier.models.finding import Finding
from verifier.rules.context import Context
from verifier.rules.registry import rule

NOTHING: Final = frozenset()
"""What an anchor error rests on of its claim's frame: nothing. A quote missing from its article
is an error whatever holder or measured thing the record names (see :attr:`Rule.rests_on`)."""


@rule("V301", "quote-not-at-offsets", "A claim's quote is not at its recorded offsets in the source.", rests_on=NOTHING)
def quote_not_at_offsets(ctx: Context) -> Iterator[Finding]:
    """The text at ``anchor.start:anchor.end`` of the article body must equal ``anchor.quote``
    (code points), or render as it does: whitespace that does not render (a line break or
    space between two Chinese characters, a run of spaces) is ignored
    (:mod:`verifier.ingest.rendered`), so re-wrapping a paragraph moves no quote; but the
    offsets must cover the whole quote, whitespace put inside it included (re-wrapping that
    adds a character inside the quote leaves ``end`` one short: ``verifier reanchor`` renews it). When the
    quote occurs elsewhere in the body, the message gives that offset so the record can be
    fixed (``verifier reanchor``); when it occurs nowhere, the record does not describe this
    article (V302).

    Okay: quote "700W" recorded at the offsets where "700W" is printed.
    V301: quote "700W" recorded four characters too early.
    """
    me = quote_not_at_offsets.rule
    for c in ctx.corpus.claims:
        src = ctx.corpus.sources[c.source]
        a = c.anchor
        if src.body[a.start:a.end] == a.quote or renders_as(src.body, a.start, a.end, a.quote):
            continue
        found = find_rendered(src.body, a.quote)
        if not found:
            continue
        yield me.finding(
            f"quote {a.quote!r} of {c.id} is not at {a.start}:{a.end} (the text there is "
            f"{src.body[a.start:a.end]!r}); it is found at {', '.join(f'{s}:{e}' for s, e in found)}",
            claims=[c.id], **_where(ctx, c),
        )


@rule("V302", "quote-not-in-source", "A claim's quote does not occur anywhere in its source.", rests_on=NOTHING)
def quote_not_in_source(ctx: Context) -> Iterator[Finding]:
    """A claim whose quote is nowhere in its article has no provenance: the record was made
    for another text, or the article changed after it was recorded. Whitespace that does not
    render is ignored, as in V301.

    Okay: a quote copied from the article.
    V302: a quote with a figure the article does not print.
    """
    me = quote_not_in_source.rule
    for c in ctx.corpus.claims:
        body = ctx.corpus.sources[c.source].body
        if c.anchor.quote not in body and not find_rendered(body, c.anchor.quote):
            yield me.finding(f"quote {c.anchor.quote!r} of {c.id} does not occur in {c.source}", claims=[c.id], **_where(ctx, c))


@rule("V303", "context-mismatch", "A claim's prefix or suffix context does not match the text around its quote.", severity="warning")
def context_mismatch(ctx: Context) -> Iterator[Finding]:
    """The ``prefix`` and ``suffix`` of an anchor (W3C TextQuoteSelector context) must be the
    text just before and after the quote; a mismatch means the record was anchored to
    another occurrence or the text changed around it. Whitespace that does not render is
    ignored, as in V301.

    Okay: prefix "GB300 为" before a quote "1400W".
    V303: prefix "GB200 为" before that quote.
    """
    me = context_mismatch.rule
    for c in ctx.corpus.claims:
        body = ctx.corpus.sources[c.source].body
        a = c.anchor
        if body[a.start:a.end] != a.quote and not renders_as(body, a.start, a.end, a.quote):
            continue
        before = body[max(0, a.start - len(a.prefix)):a.start]
        after = body[a.end:a.end + len(a.suffix)]
        if (before != a.prefix or after != a.suffix) and not holds_rendered(body, a):
            side = "prefix" if before != a.prefix else "suffix"
            got = before if side == "prefix" else after
            want = a.prefix if side == "prefix" else a.suffix
            yield me.finding(f"{side} of {c.id} is {want!r} in the record but {got!r} in the text", claims=[c.id], **_where(ctx, c))


@rule("V304", "figure-not-in-quote", "The printed value of a claim does not appear in its quote.", severity="warning")
def figure_not_in_quote(ctx: Context) -> Iterator[Finding]:
    """``value.printed`` must be part of ``anchor.quote`` (after removing spaces), so a reader
    can see the figure in the quote the record points at.

    Okay: printed "8.54万" in quote "约8.54万个token每秒".
    V304: printed "8.45万" in that quote.
    """
    me = figure_not_in_quote.rule
    for c in ctx.corpus.claims:
        printed = "".join(c.value.printed.split())
        if printed and printed not in "".join(c.anchor.quote.split()):
            yield me.finding(f"{c.id} records {c.value.printed!r} but its quote is {c.anchor.quote!r}", claims=[c.id], **_where(ctx, c))


@rule("V305", "unknown-unit", "A claim's unit is not one the unit converter knows; it is compared only with the same spelling.", severity="info")
def unknown_unit(ctx: Context) -> Iterator[Finding]:
    """Units are converted with pint plus the project's symbols (tokens, params, currencies,
    'x', '%'). A unit it cannot parse ('flurbs', or a count noun such as 'stacks') still
    works between claims that spell it identically, but never converts: '1.2 kW' against
    '1400 W' is checked, 'kWatt' against 'W' is silently not. The info says which.

    Plain lowercase words of four letters or more ('stacks', 'models', 'authors'), and the noun
    of any count ('1.2 million registered voters'), are count nouns: they are units of their own
    and are not reported.

    Okay: unit "tokens/s/kW".
    V305: unit "kWatt".
    """
    units = UnknownUnits()
    units.add(ctx, enumerate(ctx.corpus.claims))
    yield from units.findings()


class UnknownUnits:
    """What V305 reports, gathered over any parts of a corpus (one group of articles at a time,
    :mod:`verifier.rules.groups`): unit -> (position, claim id, location) of each claim in it
    the converter does not know; :meth:`findings` gives one finding per unit, its claims in
    position order (the corpus's), placed at the first."""

    def __init__(self) -> None:
        self._seen: dict[str, list[tuple[Any, str, dict]]] = {}

    def add(self, ctx: Context, claims: Iterable[tuple[Any, Claim]]) -> None:
        """Read ``claims`` ((position, claim) pairs of ``ctx``'s corpus)."""
        from verifier.units import known_unit

        for at, c in claims:
            unit = c.value.unit
            if unit is not None and c.kind != "count" and not _COUNT_NOUN.fullmatch(unit) and not known_unit(unit):
                self._seen.setdefault(unit, []).append((at, c.id, _where(ctx, c)))

    def merge(self, other: UnknownUnits) -> None:
        """Add what ``other`` gathered (another group's)."""
        for unit, seen in other._seen.items():
            self._seen.setdefault(unit, []).extend(seen)

    def findings(self) -> Iterator[Finding]:
        """One V305 finding per unit, in unit order."""
        me = unknown_unit.rule
        for unit, seen in sorted(self._seen.items()):
            seen = sorted(seen, key=lambda s: s[0])
            first, where = seen[0][1], seen[0][2]
            yield me.finding(f"unit {unit!r} of {first} (and {len(seen) - 1} more) is not one the converter knows; "
                             f"such figures are compared only with figures in exactly {unit!r}" if len(seen) > 1 else
                             f"unit {unit!r} of {first} is not one the converter knows; it is compared only with figures in exactly {unit!r}",
                             claims=[cid for _, cid, _ in seen], **where)


_COUNT_NOUN = re.compile(r"[a-z]{4,}")
"""A unit that is a plain word: a count noun ('stacks'), not a unit expression."""


def _where(ctx: Context, c) -> dict:
    src = ctx.corpus.sources[c.source]
    start = min(c.anchor.start, len(src.body))
    return {"source": c.source, "path": src.path, "line": src.line_of(start)}
