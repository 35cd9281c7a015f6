"""Clock readings with a full stop before their last two digits ("2:06.32"): h:mm.ss or m:ss.cc.

Two conventions print the same characters.  Timing systems, and the results of athletics and
swimming, print a time under the hour as minutes, seconds and hundredths with a full stop before
the fraction (the federations' timing rules give fully automatic times to 0.01 s: "1:43.91" over
800 m, "14:31.02" over 1500 m).  British newspapers print a time of hours with a
full stop before the seconds ("won the marathon in 2:06.32" for 2 h 6 min 32 s; their results
columns set h:mm.ss).  The grammar narrows the choice, and the text decides it:

* only ``H:MM.SS`` can be hours: one or two digits, a colon, two digits 00-59, a full stop and
  exactly two digits 00-59.  One or three digits after the stop ("1:58.3", "4:05.372") are a
  fraction of a second, and so is any reading with a third field ("2:06:21.50");
* such a reading stays m:ss.cc (the clock layer's reading, :mod:`.clocks`) unless the hour
  reading is plausible: the same text gives another time taken, written so that it cannot be
  misread (h:mm:ss, or "2hr 6min 21sec", "2小时6分21秒"), of at least an hour and within
  :data:`SAME_RACE` of the hour reading, and the text's time nearest to the m:ss.cc reading is
  farther from it (by ratio) than that one is from the hour reading (a split of 4min 12sec
  beside "3:42.21" does not outweigh a finish of 3hr 42min 21sec).  A story that gives a runner's time once as "2hr 6min 21sec" and once as "2:06.32"
  prints both of one race; a swimming report whose times are all under the hour keeps them so.

Read as hours the reading is h*3600 + mm*60 + ss seconds, with a resolution of 1 s.
"""

from __future__ import annotations

from .durations import LADDERS
from .patterns import LazyRe
from .scan import Hit

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Final

# "2:06.32": hours (1-2 digits), minutes 00-59, a full stop, seconds 00-59; nothing else
DOTTED_RE: Final[LazyRe] = LazyRe(r"(\d{1,2}):([0-5]\d)\.([0-5]\d)")
SAME_RACE: Final[float] = 1.5
"""Largest ratio between two times taken that the text gives for one kind of effort (the
winner's and the third's time of one race, one runner's time printed twice): a time of 2 h
beside one of 2 h 6 min is one race's, beside one of 4 min 22 s another effort's."""
HOUR: Final[int] = 3600
_NS_PER_S: Final[int] = 10 ** 9


def _seconds(h: Hit) -> float | None:
    """The value of a duration hit in seconds (its kind may not be set yet: the unit says it), or
    None for anything else (a range, a bound, a month)."""
    if h.value.__class__ not in (int, float) or h.unit not in LADDERS or h.approx is not None:
        return None
    ladder, size = LADDERS[h.unit]
    return h.value * size / _NS_PER_S if ladder == 1 else None


def _nearest(value: float, others: list[float]) -> float:
    """The smallest ratio (at least 1) between ``value`` and one of ``others``; infinity for none."""
    return min((max(o, value) / min(o, value) for o in others if o > 0 and value > 0), default=float("inf"))


def read_dotted(t: str, hits: list[Hit]) -> None:
    """Read each ``H:MM.SS`` duration of ``hits`` as hours where the text makes that plausible
    (see the module's rule), in place.

    Args:
        t: normalised text.
        hits: completed hits, compound durations joined (:func:`.durations.join_compounds`).
    """
    dotted = [h for h in hits if h.kind == "duration" and h.unit == "s"
              and DOTTED_RE.fullmatch(t, h.start, h.end)]
    if not dotted:
        return
    ids = {id(h) for h in dotted}
    plain = [s for h in hits if id(h) not in ids and (s := _seconds(h)) is not None]
    hours = [s for s in plain if s >= HOUR]
    if not hours:
        return
    for h in dotted:
        m = DOTTED_RE.fullmatch(t, h.start, h.end)
        as_hours = int(m.group(1)) * HOUR + int(m.group(2)) * 60 + int(m.group(3))
        near = _nearest(as_hours, hours)
        if near <= SAME_RACE and near < _nearest(h.value, plain):
            h.value, h.res = as_hours, 1
