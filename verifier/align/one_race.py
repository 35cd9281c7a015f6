"""Two finishing times of one finisher in one article: times of one race, unless the words say not.

    one_race(body, a, b) -> bool

An article gives one measured thing under many conditions and for many times, so two of its
figures are taken for one quantity only when a time stated on both says so
(:func:`verifier.rules.aligned.contradiction_in_article`). A finishing time
(:data:`verifier.extract.elapsed.FINISH_TIME`) is different: it belongs to one event, and a
race report that states no date for two finishing times of the same finisher gives both for the
race it reports, so two values are a contradiction. Only when both name their finisher
(:func:`verifier.align.pairs.align` then says whether it is one), and unless the words say they are of two races:

* either states a year or months, or prints a time its frame could not resolve ('won Chicago in
  2:05:11 last year', '去年');
* their clauses name two different events or places after 'in' or 'at' ('2:08:21 in Chicago',
  '2:06:21 in London'); a name on one side only says nothing, and names that contain one
  another ('London' / 'the London Marathon') are one event.
"""

from __future__ import annotations

import re
from typing import Final

from verifier.align.frames import Frame
from verifier.extract.elapsed import FINISH_TIME
from verifier.extract.en_names import NAME_RUN
from verifier.extract.time_frames import marks

REACH: Final = 80
"""Characters before and after a figure searched for the event it is of (about its clause)."""

_EVENT: Final = re.compile(r"(?<![A-Za-z])(?:in|at)\s+(?:the\s+)?(" + NAME_RUN.pattern + ")")
"""An event or a place after 'in' or 'at': 'in the London Marathon', 'at Crystal Palace'."""

_STOP: Final = re.compile(r"[.;!?\n]")


def _stretch(body: str, f: Frame) -> tuple[int, int]:
    """The figure's stretch of its sentence: at most :data:`REACH` characters each way."""
    c = f.claim
    lo, hi = max(0, c.anchor.start - REACH), min(len(body), c.anchor.end + REACH)
    stops = [m.end() for m in _STOP.finditer(body, lo, c.anchor.start)]
    lo = stops[-1] if stops else lo
    stop = _STOP.search(body, c.anchor.end, hi)
    return lo, stop.start() if stop else hi


def _dated(body: str, f: Frame) -> bool:
    """True when the figure's stretch prints a time (a year, 'last year', '去年': :func:`marks`),
    resolved into its frame or not."""
    lo, hi = _stretch(body, f)
    return bool(marks(body[lo:hi]))


def _events(body: str, f: Frame) -> set[str]:
    """Events and places named after 'in' or 'at' in the figure's stretch of its sentence,
    other than its holder, folded."""
    lo, hi = _stretch(body, f)
    holder = (f.holder or "").casefold()
    return {m.group(1).casefold() for m in _EVENT.finditer(body, lo, hi) if m.group(1).casefold() not in holder}


def _same_event(a: set[str], b: set[str]) -> bool:
    """True unless both name events and none of one side contains or is contained in one of the other's."""
    if not a or not b:
        return True
    return any(x in y or y in x for x in a for y in b)


def one_race(body: str, a: Frame, b: Frame) -> bool:
    """True when ``a`` and ``b``, figures of article ``body``, are two finishing times of one
    race (see the module's rule): both measure :data:`FINISH_TIME`, neither states a time, and
    their clauses name no two different events."""
    if a.thing is None or b.thing is None or a.thing.text != FINISH_TIME or b.thing.text != FINISH_TIME:
        return False
    if not (a.holder and b.holder):
        return False  # whose times they are is not known: maybe two finishers' (the alignment compares the names)
    if a.when or b.when or _dated(body, a) or _dated(body, b):
        return False
    return _same_event(_events(body, a), _events(body, b))
