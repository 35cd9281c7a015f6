"""Whether two claims are about the same quantity: a score with its evidence, from their frames.

    align(frame_a, frame_b) -> Alignment | None
    candidates(frames, keep) -> Iterator[(Frame, Frame)]     # blocked: never all pairs

Two frames can align only when their unit families and roles agree (:mod:`verifier.align.frames`)
and their measured things are alike (:func:`verifier.align.things.similarity`). The score starts
at that similarity and is lowered when a holder or a time is given on one side only; holders,
times and qualifiers given on both sides either agree (evidence: "same holder 'Acme'", "same
year 2022") or differ (:attr:`Alignment.differs`): a figure for another year, period, holder or
scope is another quantity, which the rules read as a misattribution when the values are equal
and as nothing when they differ.

Candidate pairs come from blocks of frames with one unit family, one role and one measured
concept or head noun (:func:`verifier.align.things.block_keys`), so the cost is the sum of the
squares of the block sizes, linear in claims while blocks stay small; a block of more than
:data:`MAX_BLOCK` frames (a head noun every article uses) is skipped rather than paired.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Final, Iterable, Iterator

from rapidfuzz import fuzz

from verifier.align.frames import Frame
from verifier.align.things import CJK, block_keys, similarity
from verifier.models.claim import CONFIDENT

ONE_SIDED: Final = 0.9
"""Factor on the score for a holder or a time that one claim gives and the other leaves out:
the writer may have left it unsaid (the usual case in coverage) or meant another."""

SAME_NAME: Final = 90.0
"""rapidfuzz token-set ratio (0-100) from which two holder names are one name ('Columbus' / 'City of Columbus')."""

ANOTHER_QUANTITY: Final = frozenset({"holder", "mood"})
"""Frame keys whose difference makes two figures two quantities, never one figure moved: another
holder's figure, or a forecast against a reading."""

NO_FRAME: Final = frozenset({"published", "row"})
"""Frame keys whose difference alone is no frame a figure could be moved to: two articles'
publication years, a table cell against a figure outside its table."""

FLOOR: Final = 0.5
"""Lowest score of an alignment: below it two frames are not taken for one quantity at all."""

VALUE_ONLY: Final = 0.5
"""Score of an alignment on the value alone (:func:`align_by_value`): at the floor, never confident."""

MAX_BLOCK: Final = 400
"""Largest block paired: a bigger one is a head noun too common to say anything ('rate')."""


@dataclass(frozen=True)
class Alignment:
    """Two frames judged to be about the same quantity, or the same quantity in another frame.

    Attributes:
        a, b: the two frames (``a`` as passed first).
        score: 0..1, the measured things' similarity lowered by :data:`ONE_SIDED` for each
            holder or time given on one side only.
        evidence: what agrees, in words ("same measured thing 'population'", "same year 2022").
        differs: (key, value in a, value in b) for each of holder, year, months and scope
            qualifiers that both give with different values, ``row`` for table cells of two
            rows or a cell and a figure outside its table, and ``published`` for two
            articles of different years when a year is not stated on both sides.
        one_sided: the keys that only one of them gives.
        likeness: the measured things' similarity alone (:func:`~verifier.align.things.similarity`).
    """

    a: Frame
    b: Frame
    score: float
    evidence: tuple[str, ...]
    differs: tuple[tuple[str, str, str], ...]
    one_sided: tuple[str, ...]
    likeness: float = 1.0

    @property
    def confident(self) -> bool:
        """True when the score reaches :data:`~verifier.models.claim.CONFIDENT` and neither
        claim's measured thing or holder was decided with less confidence."""
        parts = {"measured", "holder"}
        return self.score >= CONFIDENT and not self.a.claim.weak(parts) and not self.b.claim.weak(parts)

    def describe(self) -> str:
        """The evidence as one phrase, with the score: "same measured thing 'X', same year 2022 (alignment 0.90)"."""
        return ", ".join(self.evidence) + f" (alignment {self.score:.2f})"


def same_holder(a: str, b: str) -> bool:
    """True when two holder names are one name (case and punctuation aside, or :data:`SAME_NAME`)."""
    return a.casefold() == b.casefold() or fuzz.token_set_ratio(a.casefold(), b.casefold()) >= SAME_NAME


def align(a: Frame, b: Frame) -> Alignment | None:
    """The :class:`Alignment` of two frames, or None when they cannot be the same quantity
    (another unit family or role, unlike or missing measured things, a score under :data:`FLOOR`)."""
    if a.family != b.family or a.role != b.role or a.thing is None or b.thing is None:
        return None
    score, why = similarity(a.thing, b.thing)
    if score <= 0:
        return None
    return _weighed(a, b, score, why)


def align_by_value(a: Frame, b: Frame, digits: int) -> Alignment | None:
    """The alignment of two frames whose measured things are not known to match (one in each
    language, or one unnamed) but whose figures are one value to ``digits`` significant digits
    in one unit ('6127亿元' / '612.7 billion yuan'): scored :data:`VALUE_ONLY`, for a warning at most."""
    if a.family != b.family or a.role != b.role or a.claim.value.unit != b.claim.value.unit:
        return None
    return _weighed(a, b, VALUE_ONLY, f"the same figure to {digits} significant digits in the same unit", floor=0.0)


def _weighed(a: Frame, b: Frame, score: float, why: str, floor: float = FLOOR) -> Alignment | None:
    """The alignment of two frames whose things match with ``score``: holders, times and
    qualifiers compared (see :class:`Alignment`); None when the score ends under ``floor``."""
    evidence, differs, one_sided = [why], [], []
    likeness = score
    if a.mood != b.mood:
        differs.append(("mood", a.mood, b.mood))  # a forecast is no reading of the same thing
    if a.row != b.row:
        differs.append(("row", a.row or "outside the table", b.row or "outside the table"))
    elif a.row:
        evidence.append(f"same table row '{a.row}'")
    if a.holder and b.holder and bool(CJK.search(a.holder)) != bool(CJK.search(b.holder)):
        pass  # names in two languages: neither the same nor another holder, as far as we can tell
    elif a.holder and b.holder:
        if same_holder(a.holder, b.holder):
            evidence.append(f"same holder '{a.holder}'")
        else:
            differs.append(("holder", a.holder, b.holder))
    elif a.holder or b.holder:
        one_sided.append("holder")
        score *= ONE_SIDED
    for key in sorted(a.when.keys() | b.when.keys()):
        va, vb = a.when.get(key), b.when.get(key)
        if va and vb:
            if va == vb:
                evidence.append(f"same {key} {va}")
            else:
                differs.append((key, va, vb))
        else:
            one_sided.append(key)
            score *= ONE_SIDED
    if (moved := _written_apart(a, b)) is not None:
        differs.append(("published", *moved))
    for key in sorted(a.qualifiers.keys() & b.qualifiers.keys()):
        if a.qualifiers[key] != b.qualifiers[key]:
            differs.append((key, a.qualifiers[key], b.qualifiers[key]))
    ua, ub = a.claim.value.unit, b.claim.value.unit
    evidence.append("same unit" if ua == ub else f"units {ua or 'none'} and {ub or 'none'}")
    if score < floor:
        return None
    return Alignment(a, b, round(score, 4), tuple(evidence), tuple(differs), tuple(one_sided), likeness)


LAG: Final = 1
"""Years a figure printed without a year may be older than its article: a release of 2023 gives
2022's annual figures without naming the year (an annual figure is published the year after)."""


def _written_apart(a: Frame, b: Frame) -> tuple[str, str] | None:
    """The two years that set two frames apart when one of them states no year, or None.

    A figure with no year is about the time its article was written: two such figures of
    articles published in different years are apart; against a figure that states year Y, one
    of an article published in year P is apart unless P - :data:`LAG` <= Y <= P. When both
    state a year, their years alone decide (compared as ``when``)."""
    ya, yb = a.when.get("year"), b.when.get("year")
    if ya and yb:
        return None
    if not ya and not yb:
        return (a.published, b.published) if a.published and b.published and a.published != b.published else None
    year, written = (ya, b.published) if ya else (yb, a.published)
    if not written or not (year.isdigit() and written.isdigit()):
        return None
    if int(written) - LAG <= int(year) <= int(written):
        return None
    return (ya or written, yb or written)


def candidates(frames: Iterable[Frame], keep: Callable[[Frame, Frame], bool]) -> Iterator[tuple[Frame, Frame]]:
    """Pairs of frames that share a block (unit family, role, a key of :func:`~verifier.align.things.block_keys`)
    and pass ``keep``, each pair once, in input order within a block."""
    blocks: dict[tuple[str, str, str], list[Frame]] = defaultdict(list)
    for f in frames:
        if f.thing is not None:
            for key in block_keys(f.thing):
                blocks[(f.family, f.role, key)].append(f)
    seen: set[tuple[int, int]] = set()
    for _key, block in sorted(blocks.items()):
        if len(block) > MAX_BLOCK:
            continue
        for x, y in combinations(block, 2):
            pair = (id(x), id(y))
            if pair not in seen and keep(x, y):
                seen.add(pair)
                yield x, y
