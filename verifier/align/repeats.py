"""One figure printed many times is one figure to pair: identical frames collapsed before pairing.

    distinct(frames) -> list[Repeated]       # first occurrence of each identical frame, with its count

An article that repeats one sentence (a line pasted 700 times, 'Rate was 1%.' a thousand
times) gives one frame per copy, each the same in all a rule reads: value, unit, holder,
measured thing, time and scope, mood, role, how each part was decided, and the quote as
printed. Paired whole, the copies of one block grow with the square of the repetition
(720 copies of one line took 10 s, 2,880 did not finish in two minutes), and no pair of two
copies can give a finding: two identical figures agree, in one frame. So the copies collapse
to their first occurrence, which carries the count, and only that one is paired: a finding
that a copy would have given is given once, at the first copy, naming its claim.

Two frames are identical when every field of the frame and of its claim is equal, but for
where the claim stands (its id, the anchor's offsets and the context around it, a base's
offsets, a reviewer's note) and for the ids a derivation names, which are compared by the
quotes and values of the claims they name. Only frames of one article collapse: the same
boilerplate in two articles is two articles' figures, which the rules set against each
other by article (citations, stated holders, the chance of a shared value).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from typing import Final, Hashable, Iterable

from verifier.align.frames import Frame
from verifier.models.claim import Claim


@dataclass(frozen=True)
class Repeated:
    """A frame and how many frames identical to it (:func:`identity`) its article gives, itself included.

    Attributes:
        frame: the first occurrence (in input order).
        count: the number of identical frames it stands for, 1 or more.
    """

    frame: Frame
    count: int = 1


def distinct(frames: Iterable[Frame]) -> list[Repeated]:
    """The frames with each set of identical frames (:func:`identity`) collapsed to its first
    occurrence, carrying the count, in input order: linear in frames. Most frames share their
    article, quote and value with no other, so the whole identity is read only for those that do.

        distinct([f1, f2, f1_copy]) -> [Repeated(f1, 2), Repeated(f2, 1)]
    """
    frames = list(frames)
    glances = [_glance(f) for f in frames]
    near = Counter(glances)
    by_id = {f.claim.id: f.claim for f in frames if isinstance(f.claim, Claim)} if any(n > 1 for n in near.values()) else {}
    first: dict[Hashable, int] = {}
    counts: list[int] = []
    out: list[Frame] = []
    for f, glance in zip(frames, glances):
        key = (glance, identity(f, by_id)) if near[glance] > 1 else glance
        n = first.setdefault(key, len(out))
        if n == len(out):
            out.append(f)
            counts.append(0)
        counts[n] += 1
    return [Repeated(f, k) for f, k in zip(out, counts)]


def _glance(f: Frame) -> Hashable:
    """A cheap part of :func:`identity`: the article, quote and value (a stand-in's frame itself)."""
    c = f.claim
    if not isinstance(c, Claim):
        return ("frame", id(f))
    return c.source, c.anchor.quote, c.value.number, c.value.low, c.value.high, c.value.unit, f.holder, f.thing


def identity(f: Frame, claims: dict[str, Claim] | None = None) -> Hashable:
    """What frame ``f`` says, apart from where its claim stands (:data:`_WHERE`): equal for two
    frames whose fields and claim's fields are equal and were built in one order (two equal
    scopes built in two orders are taken for two: a copy missed, never a figure lost). A
    derivation's operands are taken by the quote and value of each claim they name (``claims``:
    id -> claim), so that a change and its copy, whose levels are copies too, are one. A frame
    whose claim is no :class:`~verifier.models.claim.Claim` (a stand-in) is identical to itself only."""
    c = f.claim
    if not isinstance(c, Claim):
        return ("frame", id(f))
    operands: tuple = ()
    if c.derived is not None:
        named = [((claims or {}).get(i), i) for i in c.derived.operands]
        operands = tuple((o.anchor.quote, repr(o.value)) if o is not None else ("id", i) for o, i in named)
    frame = repr(tuple(getattr(f, x.name) for x in fields(f) if x.name != "claim"))
    return c.source, frame, repr(c.model_dump(exclude=_WHERE)), operands


_WHERE: Final = {"id": True, "note": True, "anchor": {"start", "end", "prefix", "suffix"}, "base": {"start", "end"},
                 "derived": {"operands"}}
"""Where a claim stands, not what it says, as ``model_dump``'s ``exclude``: the claim's id and
note, its quote's offsets and context, its base's offsets, the ids its derivation names
(compared by their quotes and values instead). A streak's ``end`` is a period, not an offset, and is kept."""
