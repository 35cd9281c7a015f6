"""Figures a change implies: the level a year before, from a level and its change against it.

    bases(frames_with_sentences) -> [Frame]     # one implied frame per (level, change) pair

'比重达到53.8%，比上年同期提高4.7个百分点' states this year's share and its change from the same
period a year before; together they imply last year's share, 49.1% (53.8 - 4.7, at printed
precision [49.0, 49.2]). 'Sales reached $4.2 billion, up 12% from a year earlier' implies $3.75
billion a year before. The implied figure gets a frame of its own (the level's measured thing,
holder and months, the year before its year; a level with no year implies nothing), so the rules that compare aligned figures check it
against what other articles, the primary source first, print for that earlier period.

Only a change that says it is against the same period a year earlier (the ``year_on_year``
words of ``verifier/data/derivations.yaml``: '同比', '比上年同期', 'from a year earlier') and
stands right after its level in one sentence is read, and only when the sentence does not give
the earlier level itself (a derivation then holds both ends, checked by V108). The arithmetic:

* percentage points on a percentage: base = level - change (up) or level + change (down);
* percent on any level: base = level / (1 + change/100) (up) or level / (1 - change/100) (down).

A percent change of a percentage is left out: '+4.7%' after '53.8%' may be points written as
percent (V108 says so where it can), so nothing sure is implied.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final, Iterable

from verifier.align.frames import Frame
from verifier.extract.derivations import cues
from verifier.extract.subjects import DISTRIBUTIVE
from verifier.numeric import Interval, band

GAP: Final = 24
"""Most characters between a level and its change ('，比上年同期提高', ', up from a year earlier by')."""


def _band(f: Frame) -> Interval:
    v = f.claim.value
    return band(v.number, v.resolution, f.claim.approx)


def implied_base(level: Frame, change: Frame, between: str, after: str) -> Frame | None:
    """The frame of the level a year before that ``level`` and ``change`` imply, or None when the
    pair is no such construction (see the module docstring). ``between`` is the text between the
    two figures, ``after`` the text right after the change."""
    lc, cc = level.claim, change.claim
    if level.role != "level" or change.role != "change" or lc.value.number is None or cc.value.number is None:
        return None
    if cc.derived is not None or cc.comparison is not None or lc.approx or cc.approx:
        return None
    if len(between) > GAP or not (cues().year_on_year.search(between) or cues().year_on_year.search(after[:GAP])):
        return None
    direction = change.direction  # as the change's words say (:func:`verifier.align.frames.role_of`)
    if direction is None:
        return None
    lv, cv = _band(level), _band(change)
    if cc.value.unit == "pp" and lc.value.unit == "%":
        iv = Interval(lv.lo - cv.hi, lv.hi - cv.lo) if direction == "up" else Interval(lv.lo + cv.lo, lv.hi + cv.hi)
    elif cc.value.unit == "%" and lc.value.unit not in ("%", "pp", "‰"):
        if direction == "up":
            iv = Interval(lv.lo / (1 + cv.hi / 100), lv.hi / (1 + cv.lo / 100))
        elif cv.hi < 100:
            iv = Interval(lv.lo / (1 - cv.lo / 100), lv.hi / (1 - cv.hi / 100))
        else:
            return None
    else:
        return None
    when = dict(level.when)
    if not when.get("year", "").isdigit():
        return None  # a level with no year implies a base at no time that could be told from the level's own
    when["year"] = str(int(when["year"]) - 1)
    return replace(level, when=when, band=iv, implied_by=cc.id)


def bases(items: Iterable[tuple[Frame, str]], body: str) -> list[Frame]:
    """Implied frames of one article's figures, given as (frame, its sentence) in offset order
    (``body`` the article's text): each level followed in its sentence by its change, unless a
    'respectively' list comes between them (the change that follows is another level's)."""
    out = []
    items = list(items)
    for (a, sa), (b, sb) in zip(items, items[1:]):
        if sa != sb or a.thing is None:
            continue
        between = body[a.claim.anchor.end:b.claim.anchor.start]
        if DISTRIBUTIVE.search(between):
            continue  # '产量和销量分别为A和B，同比分别增长x%和y%': B's change is y, not the x that follows it
        f = implied_base(a, b, between, body[b.claim.anchor.end:b.claim.anchor.end + GAP])
        if f is not None:
            out.append(f)
    return out
