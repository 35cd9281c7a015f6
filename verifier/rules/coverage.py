"""V6xx: coverage, so that silence is visible: numbers in the text that no record covers."""

from __future__ import annotations

from typing import Iterator

from verifier.models.finding import Finding
from verifier.rules.context import Context
from verifier.rules.registry import rule


def unrecorded_numbers(ctx: Context) -> dict[str, list]:
    """Per source, the quantities found in the body that overlap no claim's quote.

    Returns:
        {source id: [Quantity, ...]} (see :mod:`verifier.quantities`), memoised per run.
    """
    if "unrecorded" in ctx.memo:
        return ctx.memo["unrecorded"]
    spans: dict[str, list[tuple[int, int]]] = {}
    for c in ctx.corpus.claims:
        spans.setdefault(c.source, []).append((c.anchor.start, c.anchor.end))
    out: dict[str, list] = {}
    for sid, qs in numbers_in_text(ctx).items():
        covered = bytearray(len(ctx.corpus.sources[sid].body) + 1)  # one byte per character: linear, not claims x numbers
        for s, e in spans.get(sid, []):
            covered[s:e] = b"\x01" * max(0, e - s)
        out[sid] = [q for q in qs if covered.find(1, q.start, q.end) < 0]
    ctx.memo["unrecorded"] = out
    return out


def numbers_in_text(ctx: Context) -> dict[str, list]:
    """Per source, the quantities the extractor finds in the body (memoised per run)."""
    if "numbers" not in ctx.memo:
        from verifier.quantities.extract import article_quantities

        ctx.memo["numbers"] = {sid: list(article_quantities(src.body)) for sid, src in sorted(ctx.corpus.sources.items())}
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
    for sid, qs in unrecorded_numbers(ctx).items():
        src = ctx.corpus.sources[sid]
        for q in qs:
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


@rule("V603", "no-claims", "An article with figures yields no claim: the extractor found no subject to give them to.", severity="info")
def no_claims(ctx: Context) -> Iterator[Finding]:
    """An article none of whose figures became a claim was not audited. Usually the article names
    its products or companies in words no capital letter or code marks (Chinese company
    names): add them to a ``subjects.yaml`` beside the articles (README, "Extraction"), or
    record the claims by hand.

    Okay: an article with at least one claim, or without figures.
    V603: an article with figures and no claim.
    """
    me = no_claims.rule
    have = {c.source for c in ctx.corpus.claims}
    numbers = numbers_in_text(ctx)
    for sid, src in sorted(ctx.corpus.sources.items()):
        counted = [q for q in numbers.get(sid, []) if q.kind != "date"]
        if sid not in have and sid not in ctx.corpus.extraction_errors and counted:
            yield me.finding(f"{sid}: {len(counted)} figures but no claim; name its subjects in a subjects.yaml beside the "
                             "articles (- {name: …, kind: product|company, aliases: […]})", source=sid, path=src.path,
                             line=src.body_line)
