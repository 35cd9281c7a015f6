"""V6xx: coverage, so that silence is visible: numbers in the text that no record covers."""

from __future__ import annotations

import re
from typing import Iterator

from verifier.models.finding import Finding
from verifier.quantities.counted import NumbersFound
from verifier.quantities.limits import CHECK_MAX
from verifier.rules.context import Context
from verifier.rules.registry import rule


def numbers_in_text(ctx: Context) -> dict[str, NumbersFound]:
    """Per source, in id order, the numbers of its body as coverage counts them
    (:class:`~verifier.quantities.counted.NumbersFound`: how many, those no claim's quote
    overlaps, those outside the checked range), memoised per run: as extraction found them
    (``corpus.numbers``), else from a scan of the body against its claims' quotes (an article
    with records)."""
    if "numbers" not in ctx.memo:
        from verifier.quantities.counted import numbers_found
        from verifier.quantities.extract import article_quantities

        spans: dict[str, list[tuple[int, int]]] = {}
        for c in ctx.corpus.claims:
            spans.setdefault(c.source, []).append((c.anchor.start, c.anchor.end))
        found = ctx.corpus.numbers
        ctx.memo["numbers"] = {
            sid: n if (n := found.get(sid)) is not None else numbers_found(article_quantities(src.body), spans.get(sid, []), src.body)
            for sid, src in sorted(ctx.corpus.sources.items())}
    return ctx.memo["numbers"]


@rule("V601", "unrecorded-number", "A number in the article is covered by no claim record.", severity="info", enabled=False)
def unrecorded_number(ctx: Context) -> Iterator[Finding]:
    """Lists each quantity the extractor finds in an article that overlaps no claim's quote,
    so a reviewer can see what the records leave out. Off by default (select it with
    ``--select V601``); the audit summary always counts these numbers.

    Okay: every figure of the article recorded.
    V601: "6颗HBM4" printed but not recorded.
    """
    me = unrecorded_number.rule
    for sid, numbers in numbers_in_text(ctx).items():
        src = ctx.corpus.sources[sid]
        for q in numbers.left:
            yield me.finding(f"{q.surface!r} at {q.start}:{q.end} is not covered by any claim", source=sid, path=src.path, line=src.line_of(q.start))


@rule("V602", "extraction-failed", "Claims could not be extracted from an article; it was not audited.")
def extraction_failed(ctx: Context) -> Iterator[Finding]:
    """An article without records is audited through claim extraction; when the extractor
    fails on it (a defect of verifier, not of the article), the article is reported here and
    the rest of the corpus is audited as usual. Record its claims by hand, or report the
    message to the maintainers.

    Okay: an article the extractor reads.
    V602: an article on which the extractor raises an error.
    """
    me = extraction_failed.rule
    for sid, error in sorted(ctx.corpus.extraction_errors.items()):
        src = ctx.corpus.sources[sid]
        yield me.finding(f"claims could not be extracted from {sid}: {error}", source=sid, path=src.path, line=src.body_line)


@rule("V603", "no-holders", "An article with figures names no holder for any of them: they meet other articles' "
      "figures only by what they measure.", severity="info")
def no_holders(ctx: Context) -> Iterator[Finding]:
    """Every figure of an article becomes a claim. A figure with a holder (a company, product,
    country, agency...) meets the same holder's figures in other articles as one fact (V201);
    a figure without one is checked inside its sentence (a change against its base, a share
    against its part and whole) and meets other articles' figures only through alignment by
    what it measures and when (V203-V206), which cannot tell two holders' figures apart. An
    article none of whose claims has a holder usually names them in words no capital letter or
    code marks (Chinese names a segmenter does not know): add them to a ``subjects.yaml`` beside
    the articles (README, "Extraction"), or record the holders by hand.

    Okay: "The Harbor Transit board approved a budget of $410 million."
    V603: "Turnout was 62% and 1.2 million people voted." (no figure has a holder)
    """
    me = no_holders.rule
    have = {c.source for c in ctx.corpus.claims if c.subject}
    numbers = numbers_in_text(ctx)
    for sid, src in sorted(ctx.corpus.sources.items()):
        counted = numbers[sid].counted  # neither dates nor outside the checked range: V604 explains those
        if sid not in have and sid not in ctx.corpus.extraction_errors and counted:
            yield me.finding(f"{sid}: {counted} figures but no holder named for any; they meet other articles' "
                             "figures only by what they measure and when, not by whose they are. Name the holders in a "
                             "subjects.yaml beside the articles "
                             "(- {name: …, kind: company|product, aliases: […]})", source=sid, path=src.path,
                             line=src.body_line)


@rule("V604", "figure-out-of-range", "A figure is too large or too small to check.", severity="info")
def figure_out_of_range(ctx: Context) -> Iterator[Finding]:
    """A figure whose magnitude is beyond the range verifier computes in ("1e309", "2e308 kW",
    305 nines before 亿元, a 400-digit integer, "1e-400") is reported instead of checked: no
    rule compares it, and the coverage line does not count it as checkable. The range is zero
    or a magnitude in [1e-100, 1e100] (:mod:`verifier.quantities.limits` gives the reasons);
    numerals beyond the double range (about 1.8e308) keep no value at all. Each figure of the
    text is reported once, with the claims whose quotes hold it; a recorded claim outside the
    range whose quote holds no such figure (a value a reviewer scaled) is reported on its own.

    Okay: "The reactor produced 2e8 kW." (within the checked range)
    V604: "The reactor produced 1e309 kW." (beyond the double range)
    """
    me = figure_out_of_range.rule
    claims = [c for c in ctx.corpus.claims if c.status != "rejected" and not c.value.checkable]
    reported: set[str] = set()
    for sid, numbers in numbers_in_text(ctx).items():
        src = ctx.corpus.sources[sid]
        for q in numbers.outside:
            ids = sorted(c.id for c in claims if c.source == sid and c.anchor.start < q.end and q.start < c.anchor.end)
            reported.update(ids)
            why = "beyond the double range (about ±1.8e308)" if q.out_of_range else "outside the checked range (zero or 1e-100 to 1e100 in magnitude)"
            yield me.finding(f"{_short(q.surface)!r} at {q.start}:{q.end} is too {_size(q)} to check: {why}",
                             source=sid, path=src.path, line=src.line_of(q.start), claims=ids)
    for c in claims:
        if c.id not in reported:
            src = ctx.corpus.sources.get(c.source)
            yield me.finding(f"{c.id}: {_short(c.value.printed)!r} is too {_size_of(c.value.number, c.value.low, c.value.high)} "
                             "to check: outside the checked range (zero or 1e-100 to 1e100 in magnitude)",
                             source=c.source, path=src.path if src else None,
                             line=src.line_of(c.anchor.start) if src else None, claims=[c.id])


SURFACE_SHOWN = 40
"""Characters of a figure's text quoted in a V604 message (a 400-digit numeral is cut in the middle)."""


def _short(text: str) -> str:
    """``text``, or its head and tail around an ellipsis when longer than :data:`SURFACE_SHOWN`."""
    if len(text) <= SURFACE_SHOWN:
        return text
    half = SURFACE_SHOWN // 2
    return f"{text[:half]}…{text[-half:]} ({len(text)} characters)"


def _size(q) -> str:
    """'large' or 'small' for a quantity outside the range (an underflow reads as 'small')."""
    if q.out_of_range:
        return "small" if _SMALL_EXPONENT.search(q.surface) else "large"
    values = q.value if isinstance(q.value, tuple) else (q.value,)
    return _size_of(*values)


def _size_of(*values: float | None) -> str:
    """'large' when some value is above the checked range, else 'small'."""
    return "large" if any(v is not None and abs(v) > CHECK_MAX for v in values) else "small"


_SMALL_EXPONENT = re.compile(r"(?:[eE]|10\^?)-\d")
"""A negative exponent ('1e-400', '5x10^-900'): an out-of-range numeral that underflows."""
