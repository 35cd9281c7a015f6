"""Whether two claims are about the same quantity: a score with its evidence, from their frames.

    align(frame_a, frame_b) -> Alignment | None
    candidates(frames, keep, *routes) -> Iterator[(Frame, Frame)]   # blocked, joined on facets: never all pairs

Two frames can align only when their unit families and roles agree (:mod:`verifier.align.frames`)
and their measured things are alike (:func:`verifier.align.things.similarity`). The score starts
at that similarity and is lowered when a holder or a time is given on one side only; holders,
times and qualifiers given on both sides either agree (evidence: "same holder 'Acme'", "same
year 2022") or differ (:attr:`Alignment.differs`): a figure for another year, period, holder or
scope is another quantity, which the rules read as a misattribution when the values are equal
and as nothing when they differ.

Candidate pairs come from blocks of frames with one unit family, one role and one measured
concept or head noun (:func:`verifier.align.things.block_keys`). A block of a common thing grows
with the corpus ('unemployment rate' in every article of an archive), so a caller names what a
pair must share to be worth aligning, as facets (:data:`Facets`: mood, holder, year, value...),
and only frames that share every facet both give are paired (:func:`facet_pairs`, a hash join
in which a facet one side leaves out matches anything). The cost is then the number of pairs
that can matter, linear in claims when the facets part a block. Without facets a block is
paired whole, and one of more than :data:`MAX_BLOCK` frames is skipped rather than paired.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Callable, Final, Hashable, Iterable, Iterator, Sequence

from rapidfuzz import fuzz

from verifier.align.frames import Frame
from verifier.align.repeats import distinct
from verifier.align.things import CJK, block_keys, similarity
from verifier.extract.frame_words import words
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
"""Largest block paired whole, without facets: a bigger one is a head noun too common to say
anything ('rate'). Faceted candidates (:func:`candidates` with routes) have no such limit."""

NEAREST: Final = 16
"""Frames of a block that one frame is paired with, at most, through one join key that more
frames give (:func:`candidates` with ``nearest``): the nearest by the caller's key. Linear work
across an archive whose every article names one holder or prints one boilerplate figure, where
pairing them all grew with the square of the archive (1,000 articles: 12.8 GB, unfinished).
16, not 64: at 64 an archive of 250 articles naming one holder everywhere gave ~60 conflicts a
figure (V206) and took 70 s and 770 MB, at 16 49 s and 330 MB; the press cases score the same."""

SETTLED: Final = 3
"""Articles from which a spelling of a name is settled usage, not a slip: two spellings a letter
apart ('Norlingwood' / 'Lorlingwood') that each hold figures in this many articles or more,
neither :data:`RARE` times rarer than the other, are two names (:meth:`Holders.variants`). A
misspelling is a slip one writer makes and a few copy: rare beside the spelling it resembles."""

RARE: Final = 4
"""How many times rarer a spelling must be than one it resembles to be read as its slip once
both are :data:`SETTLED`: 'Pittsburg' in 12 articles beside 'Pittsburgh' in 300 is a slip,
'Norlingwood' in 20 beside 'Lorlingwood' in 20 is another town."""

NAME_PIECE: Final = 4
"""Letters at each end of a holder name's word (Chinese characters at each end of the name) that
two names must share one of to be one name (:func:`holder_keys`)."""

CLOSE: Final = 0.01
"""Two point figures more than this fraction of the larger apart are not one value (:func:`close`)."""

Facet = frozenset | None
"""The keys a frame gives for one facet, or None when it gives none (it then meets every key)."""

Facets = Callable[[Frame], tuple[Facet, ...]]
"""A frame's facets, in a fixed order: two frames are paired when, for each facet both give, their
keys intersect (:func:`facet_pairs`)."""

_WORD = re.compile(r"\w+")
_NUMBER = re.compile(r"\d+")


def name_numbers(name: str) -> tuple[str, ...]:
    """The runs of digits in a holder name, in order: two names whose numbers differ are two
    things, never one name respelt ('Kestrel K7' / 'Kestrel K12', 'Route 9' / 'Route 12',
    '737' / '747'), however alike their letters."""
    return tuple(_NUMBER.findall(name))


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
        alike: the parts taken for one by likeness, not identity: ``holder`` for two holders
            spelt differently that :func:`same_holder` takes for one name ('City of Columbus' /
            'Columbus', but also 'Norlingwood' / 'Lorlingwood', two towns): a reading to
            review, never the ground of an error.
    """

    a: Frame
    b: Frame
    score: float
    evidence: tuple[str, ...]
    differs: tuple[tuple[str, str, str], ...]
    one_sided: tuple[str, ...]
    likeness: float = 1.0
    alike: tuple[str, ...] = ()

    @property
    def confident(self) -> bool:
        """True when the score reaches :data:`~verifier.models.claim.CONFIDENT`, neither
        claim's measured thing or holder was decided with less confidence, and no part was
        taken for one by likeness alone (:attr:`alike`)."""
        parts = {"measured", "holder"}
        return self.score >= CONFIDENT and not self.alike and not self.a.claim.weak(parts) and not self.b.claim.weak(parts)

    def describe(self) -> str:
        """The evidence as one phrase, with the score: "same measured thing 'X', same year 2022 (alignment 0.90)"."""
        return ", ".join(self.evidence) + f" (alignment {self.score:.2f})"


def shorter_form(a: str, b: str) -> bool:
    """True when one of two casefolded names is a shorter form of the other, not a respelling:
    its words are among the other's ('columbus' / 'city of columbus'), or, for Chinese, which
    has no spaces, it is a run of the other's characters once both leave out the level of a
    place, which a name often drops ('河南' / '河南省', '深圳交通局' / '深圳市交通局';
    ``place_levels`` of ``zh.yaml``). '丰州县地铁' / '丰上州县地铁' is a respelling."""
    if CJK.search(a) or CJK.search(b):
        levels = words("zh")["place_levels"]
        a, b = ("".join(ch for ch in n if ch not in levels) for n in (a, b))
        return bool(a and b) and (a in b or b in a)
    wa, wb = set(_WORD.findall(a)), set(_WORD.findall(b))
    return bool(wa and wb) and (wa <= wb or wb <= wa)


@lru_cache(maxsize=65536)
def same_holder(a: str, b: str) -> bool:
    """True when two holder names are one name: the same casefolded, or sharing a piece
    (:func:`holder_keys`) with a rapidfuzz token-set ratio of at least :data:`SAME_NAME`
    ('Columbus' / 'City of Columbus'), with the same numbers (:func:`name_numbers`: 'Kestrel
    K7' and 'Kestrel K12' are two models), and for Chinese no more apart than a level left out
    (:func:`respelt_chinese`). Names that share no piece are never one name, so
    candidate pairs need only meet on a piece and numbers (:class:`Holders`)."""
    fa, fb = a.casefold(), b.casefold()
    return fa == fb or name_numbers(fa) == name_numbers(fb) and bool(holder_keys(a) & holder_keys(b)) \
        and fuzz.token_set_ratio(fa, fb) >= SAME_NAME and not respelt_chinese(fa, fb)


def respelt_chinese(a: str, b: str) -> bool:
    """True when two casefolded names, one of them in Chinese, differ by more than a place's level
    left out (:func:`shorter_form`): each Chinese character is a morpheme of the name, so
    '丰州县地铁' and '丰上州县地铁' are two counties' metros however alike as strings, where
    '深圳交通局' and '深圳市交通局' are one bureau. The letter slips that make two Latin spellings
    one name ('Ardaford' / 'Ardafords') have no counterpart here."""
    return bool(CJK.search(a) or CJK.search(b)) and not shorter_form(a, b)


@lru_cache(maxsize=65536)
def holder_keys(name: str) -> frozenset[str]:
    """The pieces of a holder name that another name must share one of to be the same name: the
    first and last :data:`NAME_PIECE` letters of each word ('colu', 'mbus' of 'City of
    Columbus'), of a Chinese name its first and last two characters ('河南', '南省'); the
    casefolded name itself when it has no word. Two spellings one letter apart keep a word's
    other end ('Ardaford' / 'Ardafords' share 'arda')."""
    folded = name.casefold()
    if CJK.search(folded):
        bare = "".join(_WORD.findall(folded))
        return frozenset({"<" + bare[:2], ">" + bare[-2:]}) if bare else frozenset({folded})
    words = _WORD.findall(folded)
    return frozenset(k for w in words for k in ("<" + w[:NAME_PIECE], ">" + w[-NAME_PIECE:])) or frozenset({folded})


@lru_cache(maxsize=4096)
def name_keys(names: frozenset[str]) -> frozenset[str]:
    """The :func:`holder_keys` of each of ``names`` (a frame's :attr:`Frame.names`), together."""
    return frozenset(k for n in names for k in holder_keys(n))


UNHELD: Final = "·no holder"
"""The key every frame without a holder of its own gives in :meth:`Holders.facets`, so that two such
frames meet whatever names their articles give."""


def whose_known(a: Frame, b: Frame) -> bool:
    """True when two frames say whose figures they are well enough for an error: they are of one
    article; or both name a holder in one script (the alignment has compared them); or one names
    a holder that the other's article names (:attr:`Frame.names`, the same name casefolded); or
    neither names one but their articles name a holder in common. Two figures of unknown holders
    in two articles, or holders in two scripts, may be two places' figures: across an archive,
    'the jobless rate was 4.1% in 2023' in two articles is most often two cities. Names are
    matched whole here, not by piece: two articles about Fenmarmouth and Ullingmouth share the
    piece 'mouth', not a place."""
    if a.claim.source == b.claim.source:
        return True
    if a.holder and b.holder:
        return bool(CJK.search(a.holder)) == bool(CJK.search(b.holder))
    if a.holder or b.holder:
        held, other = (a, b) if a.holder else (b, a)
        return held.holder.casefold() in other.names
    return bool(a.names & b.names)


WHOLE: Final = "="
"""Prefix of a facet key that is a whole casefolded name, apart from the pieces of :func:`holder_keys`."""

HOLDER: Final = frozenset({"holder"})
"""The decision a holder's name must be sure of to be matched by likeness (:class:`Holders`) or to
tell whose figures an article without a holder gives (:func:`verifier.rules.aligned._with_names`)."""

ALIKE: Final = "~"
"""Prefix of a facet key that two holder names :func:`same_holder` to each other share (:class:`Holders`)."""

@dataclass
class HolderParts:
    """What :class:`Holders` is built from, as a mergeable aggregate: summed article by article
    (:meth:`merge`), so that a whole corpus's holders need no frame of it held at once.

    Attributes:
        names: casefolded holder names of the frames and the names their articles give
            (:attr:`Frame.names`).
        uses: casefolded holder name -> the number of articles with a frame it holds.
        sure: the casefolded holder names some frame decided with confidence (:data:`HOLDER`).
    """

    names: set[str] = field(default_factory=set)
    uses: Counter = field(default_factory=Counter)
    sure: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, frames: Iterable[Frame]) -> HolderParts:
        """The parts of ``frames`` (of any number of articles)."""
        frames = list(frames)
        held: dict[str, set[str]] = defaultdict(set)
        sure: set[str] = set()
        for f in frames:
            if f.holder:
                held[f.holder.casefold()].add(f.claim.source)
                if not f.claim.weak(HOLDER):
                    sure.add(f.holder.casefold())
        names = set(held) | {n for f in frames for n in f.names}
        return cls(names, Counter({n: len(sources) for n, sources in held.items()}), sure)

    def merge(self, other: HolderParts) -> None:
        """Add ``other``'s parts (another article's) to these."""
        self.names |= other.names
        self.uses.update(other.uses)
        self.sure |= other.sure


class Holders:
    """The holder names of a set of frames, with the pairs of names that are one name
    (:func:`same_holder`) found once per pair of names rather than once per pair of figures,
    so that candidate pairs meet on exactly the holders :func:`align` reads as one.

    Two names that share no piece (:func:`holder_keys`) are never one name, so the names are
    compared within each piece's names only, each against those after it with rapidfuzz's
    ``process.extract`` (token-set ratio from :data:`SAME_NAME`). A name's keys (:meth:`keys`) are its
    whole name and one key per name it is one with: two names share a key exactly when they are
    the same casefolded or :func:`same_holder`. Across an archive most names that share a piece
    are other places ('Elmstonford' and 'Ardaford' end in 'ford'), whose pairs of figures,
    another holder's, no rule keeps; and two spellings alike that each hold figures in many
    articles are two names, not one and its slip (:meth:`variants`). A holder only ever read
    weakly (:data:`~verifier.models.claim.CONFIDENT`) is one name with itself alone: its
    spelling may be a cut of another name ('丰州县地铁' of '兴丰州县地铁'), not a slip.

    Built from ``frames`` (any iterable of :class:`~verifier.align.frames.Frame`): their holders
    and the names their articles give (:attr:`Frame.names`); or from ``parts``, the same read
    article by article and merged (:class:`HolderParts`), which gives the same keys. A name not
    among them is given its whole name only."""

    def __init__(self, frames: Iterable[Frame] = (), parts: HolderParts | None = None) -> None:
        from rapidfuzz import process

        parts = HolderParts.of(frames) if parts is None else parts
        names = sorted(parts.names)
        sure, uses = parts.sure, parts.uses  # uses: the held names, each with its articles
        by_piece: dict[tuple[str, tuple[str, ...]], list[str]] = defaultdict(list)
        for n in names:  # a piece's names, by their numbers: names of other numbers are never one
            for k in holder_keys(n):  # (a product line of 8,000 models shares 'kest' and no pair)
                by_piece[(k, name_numbers(n))].append(n)
        alike: dict[str, set[str]] = defaultdict(set)
        self.same: list[tuple[str, str]] = []  # every pair same_holder takes for one name, as align reads them:
        # the pairs that share a key (alike) are some of them (:func:`verifier.rules.groups._one_name`)
        for group in by_piece.values():
            if len(group) < 2:
                continue
            for i, a in enumerate(group[:-1]):
                rest = group[i + 1:]
                for b, _score, _j in process.extract(a, rest, scorer=fuzz.token_set_ratio, score_cutoff=SAME_NAME, limit=None):
                    if not respelt_chinese(a, b):
                        self.same.append((a, b))
                    if self.variants(a, b, uses) or (a in uses and a not in sure) or (b in uses and b not in sure) \
                            or respelt_chinese(a, b):
                        continue  # two settled names, or one only read weakly: its spelling may be a cut
                    alike[a].add(b)
                    alike[b].add(a)
        self._keys: dict[str, frozenset[str]] = {
            n: frozenset({WHOLE + n} | {ALIKE + "|".join(sorted((n, m))) for m in alike.get(n, ())}) for n in names}

    @staticmethod
    def variants(a: str, b: str, uses: dict[str, int]) -> bool:
        """True when casefolded names ``a`` and ``b``, alike in spelling, are two names: neither
        is a :func:`shorter_form` of the other, both hold figures in at least :data:`SETTLED`
        articles (``uses``: name -> articles) and the rarer is in more than 1/:data:`RARE` as many
        as the other. Across an archive, places a letter apart are many ('Norlingwood' /
        'Lorlingwood'), and pairing every figure of one with every figure of the other flooded
        a 100,000-article audit with 473,591 warnings that no one could act on."""
        ua, ub = uses.get(a, 0), uses.get(b, 0)
        return min(ua, ub) >= SETTLED and min(ua, ub) * RARE > max(ua, ub) and not shorter_form(a, b)

    def alike(self) -> list[tuple[str, str]]:
        """Pairs of casefolded names that share a key besides their whole names (:meth:`keys`): one
        pair per key, each name of it with the first (so that their closure is the same)."""
        by_key: dict[str, list[str]] = defaultdict(list)
        for n, keys in self._keys.items():
            for k in keys:
                if k.startswith(ALIKE):
                    by_key[k].append(n)
        return [(ns[0], m) for _k, ns in sorted(by_key.items()) for m in ns[1:]]

    def keys(self, name: str) -> frozenset[str]:
        """Keys of holder ``name`` (any case) that another name shares exactly when it is the
        same name casefolded or :func:`same_holder`: its whole name, and one per name it is one with."""
        folded = name.casefold()
        return self._keys.get(folded) or frozenset({WHOLE + folded})

    def facets(self, f: Frame) -> tuple[Facet, Facet, Facet, Facet]:
        """(Latin-script holder keys, Latin-script pieces, Chinese holder keys, Chinese pieces)
        of ``f``: a holder's :meth:`keys` and :func:`holder_keys` in its script and None in the
        other. Names in two scripts are neither one holder nor two (:func:`align`), so such a
        pair always meets.

        A frame without a holder is likely about a holder its article names (:attr:`Frame.names`):
        'the jobless rate fell to 4%' in an article about Leeds is no figure for Bristol, which
        matters across an archive. It gives no keys (None, meeting every holder) and those
        names' pieces, split by script, with :data:`UNHELD`, so that it meets the holders that
        share a piece with a name its article gives and every frame without a holder; when its
        article names no holder at all it gives None throughout and meets every holder."""
        if not f.holder:
            if not f.names:
                return None, None, None, None
            pieces = name_keys(f.names)
            cjk = frozenset(k for k in pieces if CJK.search(k))
            latin = pieces - cjk
            return None, (latin | {UNHELD} if latin else None), None, (cjk | {UNHELD} if cjk else None)
        keys, pieces = self.keys(f.holder), holder_keys(f.holder)
        return (None, None, keys, pieces) if CJK.search(f.holder) else (keys, pieces, None, None)

    def quantity_facets(self, f: Frame) -> tuple[Facet, ...]:
        """(mood, :meth:`facets`): what two frames must share to be one quantity at all, since
        another mood or another holder is another quantity (:data:`ANOTHER_QUANTITY`)."""
        return (frozenset({f.mood}), *self.facets(f))

    def known_holder_facets(self, f: Frame) -> tuple[Facet, Facet]:
        """(mood, whose): facets two frames of different articles share exactly when they may be
        one quantity and :func:`whose_known` holds: a holder's :meth:`keys`; for a frame without
        one, the whole names its article gives (:attr:`Frame.names`), or, when it names none,
        its own article alone (it meets no figure of another article)."""
        if f.holder:
            who = self.keys(f.holder)
        else:
            who = frozenset(WHOLE + n for n in f.names) or article_facet(f)
        return frozenset({f.mood}), who


def article_facet(f: Frame) -> frozenset[str]:
    """The frame's own article as a facet: it meets only frames of that article."""
    return frozenset({"·article " + f.claim.source})


def primary_facet(f: Frame) -> Facet:
    """None for a frame of a primary source (it meets every frame), else its own article: two
    frames meet by it only when one is a primary source's (or both are of one article), the
    pairs of rules that set coverage against its primary source."""
    return None if f.primary else article_facet(f)


def year_facet(f: Frame) -> Facet:
    """The frame's stated year as a facet: two frames of different years are not in one frame."""
    year = f.when.get("year")
    return frozenset({year}) if year else None


def close(x: float | None, y: float | None) -> bool:
    """True unless both numbers are given and more than :data:`CLOSE` of the larger apart (a
    range, given as None, is left to the caller's band test)."""
    return x is None or y is None or abs(x - y) <= CLOSE * max(abs(x), abs(y))


_STEP: Final = -math.log1p(-CLOSE)
"""Width of a value bucket in natural-log units: two numbers :func:`close` differ by at most one."""


def value_keys(number: float | None, tag: str = "") -> Facet:
    """Keys that two numbers :func:`close` to each other share at least one of, under ``tag`` (a
    unit, say): the number's log bucket and the next one (two close numbers are at most one bucket
    apart, so each pair shares one); None for no number (a range meets every value)."""
    if number is None:
        return None
    if number == 0:
        return frozenset({f"{tag}|0"})
    b = math.floor(math.log(abs(number)) / _STEP)
    sign = "-" if number < 0 else "+"
    return frozenset({f"{tag}|{sign}{b}", f"{tag}|{sign}{b + 1}"})


def facet_pairs(facets: Sequence[tuple[Facet, ...]], apart: Sequence[Hashable] | None = None, *,
                order: Sequence[Hashable] | None = None, limit: int | None = None,
                bounded: dict[Hashable, int] | None = None) -> set[tuple[int, int]]:
    """Index pairs (i < j) of items whose facets meet: for every facet both give, their keys share
    one (a facet one leaves out, None, meets anything). With ``apart`` (a key per item, such as
    its article), two items of one key are never paired, and never met in the join: an article
    dense with figures of one thing would otherwise give the square of its figures in pairs
    that a rule pairing articles drops.

    With ``order`` (a sort key per item) and ``limit``, a join key that more than ``limit``
    items give (one holder named in every article of an archive) pairs each item only with the
    ``limit`` items nearest to it in ``order`` among them (:func:`_nearest`), so that pairs grow
    as items times ``limit``, not with the square of how often a holder or a value repeats;
    ``bounded`` then gets, per join key so bounded, the most items it held.

    A hash join per pair of facet masks (which facets an item gives): the items of one mask are
    indexed by their keys of one facet both masks give, the one whose join yields the fewest
    pairs (the sum over its keys of the two masks' counts, :func:`_join_size`), and each pair
    found there is kept when its other common facets meet too. The cost is the items plus the
    pairs the chosen facet finds; only two masks with no facet in common pair all their items."""
    by_mask: dict[tuple[bool, ...], list[int]] = defaultdict(list)
    for i, fs in enumerate(facets):
        by_mask[tuple(f is not None for f in fs)].append(i)
    masks = sorted(by_mask)
    counts = {m: _key_counts(facets, by_mask[m]) for m in masks}
    out: set[tuple[int, int]] = set()
    for n, ma in enumerate(masks):
        for mb in masks[n:]:
            common = [k for k, (p, q) in enumerate(zip(ma, mb)) if p and q]
            if not common:
                out.update((i, j) if i < j else (j, i) for i in by_mask[ma] for j in by_mask[mb]
                           if i != j and (apart is None or apart[i] != apart[j]))
                continue
            on = min(common, key=lambda k: _join_size(counts[ma][k], counts[mb][k]))
            rest = [k for k in common if k != on]
            index: dict[Hashable, dict[Hashable, list[int]]] = defaultdict(lambda: defaultdict(list))
            for j in by_mask[mb]:
                for key in facets[j][on]:
                    index[key][None if apart is None else apart[j]].append(j)
            hot = {} if order is None or limit is None else \
                {key: sorted((j for js in groups.values() for j in js), key=lambda j: order[j])
                 for key, groups in index.items() if _others(groups, apart is not None) > limit}
            if bounded is not None:
                for key, js in hot.items():
                    bounded[key] = max(bounded.get(key, 0), len(js))
            for i in by_mask[ma]:
                fi = facets[i]
                mine = None if apart is None else apart[i]
                for key in fi[on]:
                    if key in hot:  # a key too many items give: the nearest in order only
                        near: Iterable[list[int]] = (_nearest(hot[key], order, i, limit),)
                    else:
                        near = (js for group, js in index.get(key, {}).items() if apart is None or group != mine)
                    for js in near:
                        for j in js:
                            if i == j or (apart is not None and apart[j] == mine):
                                continue
                            fj = facets[j]
                            for k in rest:  # a loop, not all(): this is the join's inner step
                                if fi[k].isdisjoint(fj[k]):
                                    break
                            else:
                                out.add((i, j) if i < j else (j, i))
    return out


def _others(groups: dict[Hashable, list[int]], apart: bool) -> int:
    """How many items of one join key an item may meet at most: all of them, or with ``apart``
    all but those of the largest group (the items of one article never meet: a dense article
    alone is no key too common to pair)."""
    sizes = [len(js) for js in groups.values()]
    return sum(sizes) - (max(sizes) if apart else 0)


def _nearest(ranked: list[int], order: Sequence[Hashable], i: int, limit: int) -> list[int]:
    """The ``limit`` items of ``ranked`` (sorted by ``order``) nearest to item ``i`` in that order:
    a window around where ``i`` falls, found by bisection."""
    at = bisect_left(ranked, order[i], key=lambda j: order[j])
    lo = max(0, min(at - limit // 2, len(ranked) - limit))
    return ranked[lo:lo + limit]


def _key_counts(facets: Sequence[tuple[Facet, ...]], items: list[int]) -> list[dict[Hashable, int]]:
    """Per facet position, how many of ``items`` give each key."""
    width = len(facets[items[0]])
    out: list[dict[Hashable, int]] = [defaultdict(int) for _ in range(width)]
    for i in items:
        for k, keys in enumerate(facets[i]):
            for key in keys or ():
                out[k][key] += 1
    return out


def _join_size(a: dict[Hashable, int], b: dict[Hashable, int]) -> int:
    """Pairs a hash join on one facet finds: the sum over its keys of the two sides' counts."""
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    return sum(n * large.get(key, 0) for key, n in small.items())


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
    evidence, differs, one_sided, alike = [why], [], [], []
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
        if a.holder.casefold() == b.holder.casefold():
            evidence.append(f"same holder '{a.holder}'")
        elif same_holder(a.holder, b.holder):
            evidence.append(f"holders alike '{a.holder}' ~ '{b.holder}'")
            alike.append("holder")
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
    return Alignment(a, b, round(score, 4), tuple(evidence), tuple(differs), tuple(one_sided), likeness, tuple(alike))


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


def candidates(frames: Iterable[Frame], keep: Callable[[Frame, Frame], bool],
               *routes: Facets, apart: Callable[[Frame], Hashable] | None = None,
               nearest: Callable[[Frame], Hashable] | None = None,
               bounded: dict[tuple, tuple[int, Frame]] | None = None) -> Iterator[tuple[Frame, Frame]]:
    """Pairs of frames that share a block (unit family, role, a key of :func:`~verifier.align.things.block_keys`)
    and pass ``keep``, each pair once, in input order within a block. Frames identical to an
    earlier frame of their article (:func:`~verifier.align.repeats.distinct`: one sentence
    printed many times) are not paired: their first occurrence stands for them, so that
    repetition never multiplies the pairs.

    With ``routes``, only pairs whose facets meet by one route at least (:func:`facet_pairs`) are
    tried: a route names what a pair must share for ``keep`` to pass, so that the pairs of a block
    of a common thing are found without trying them all. Without, every pair of a block of at
    most :data:`MAX_BLOCK` frames is tried. With ``apart``, two frames of one ``apart`` key (their
    article, for a rule that pairs articles: ``keep`` must then refuse such pairs) are never tried.

    With ``nearest`` (a sort key per frame, such as its value), the routes' join is bounded
    (:func:`facet_pairs` with :data:`NEAREST`): a join key more than :data:`NEAREST` frames of
    a block give pairs each frame with the :data:`NEAREST` nearest to it by that key only, for
    rules that can do with a frame's nearest rivals across an archive; ``bounded`` gets, per
    (block, join key) so bounded, the frames it held and the block's first frame, so that the
    caller can say so (never a block left unpaired in silence)."""
    blocks: dict[tuple[str, str, str], list[Frame]] = defaultdict(list)
    for r in distinct(frames):  # an article's copies of one frame are paired once, as their first
        f = r.frame
        if f.thing is not None:
            for key in block_keys(f.thing):
                blocks[(f.family, f.role, key)].append(f)
    seen: set[tuple[int, int]] = set()
    for block_key, block in sorted(blocks.items()):
        if routes:
            found: set[tuple[int, int]] = set()
            sides = None if apart is None else [apart(f) for f in block]
            order = None if nearest is None else [nearest(f) for f in block]
            hot: dict[Hashable, int] = {}
            for route in routes:
                found |= facet_pairs([route(f) for f in block], sides, order=order, limit=NEAREST, bounded=hot)
            if bounded is not None:
                bounded.update({(block_key, k): (n, block[0]) for k, n in hot.items()})
            pairs: Iterable[tuple[Frame, Frame]] = ((block[i], block[j]) for i, j in sorted(found))
        elif len(block) > MAX_BLOCK:
            continue
        else:
            pairs = (p for p in combinations(block, 2) if apart is None or apart(p[0]) != apart(p[1]))
        for x, y in pairs:
            pair = (id(x), id(y))
            if pair not in seen and keep(x, y):
                seen.add(pair)
                yield x, y
