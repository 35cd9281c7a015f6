"""Compound durations: "2hr 4min 17sec", "two hours, six minutes and 32 seconds", "2小时6分21秒".

A duration written in parts of decreasing units is one quantity.  English joins its parts with
nothing, spaces, a comma (before a space) or "and"; Chinese writes them one after the other
("3天4小时", "1分05秒"), at most with 零 or 又 between ("一年零三个月", "三年又两个月").  The
value is counted in the smallest unit given ("2小时6分21秒" -> 7581 s, "3天4小时" -> 76 h, "1
year and 6 months" -> 18 months), with that part's resolution; the span covers all parts.

Parts join only on one ladder of exact ratios (years and months; weeks down to nanoseconds: a
month is no whole number of days), only when each unit is smaller than the one before ("5
minutes and 2 hours" stays two), and never across a clause break (a Chinese comma, a full
stop, any other word).

In Chinese 分 is a minute after an hour (2小时6分) or before seconds (1分05秒), not a cent
or a point of a score; "11h 35m" reads its "m" as minutes after hours, not metres.
"""

from __future__ import annotations

from . import patterns as P
from .patterns import LazyRe
from .scan import Hit

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Final

_NS_PER_S = 10 ** 9
LADDERS: Final[dict[str, tuple[int, int]]] = {
    "year": (0, 12), "month": (0, 1),                      # calendar ladder, in months
    "week": (1, 7 * 86400 * _NS_PER_S), "day": (1, 86400 * _NS_PER_S),  # clock ladder, in ns
    "h": (1, 3600 * _NS_PER_S), "min": (1, 60 * _NS_PER_S), "s": (1, _NS_PER_S),
    "ms": (1, 10 ** 6), "µs": (1, 10 ** 3), "ns": (1, 1),
}
"""unit -> (ladder, size in the ladder's smallest unit): parts join only on one ladder, where
every larger unit is a whole number of each smaller one."""

# what may stand between two parts: "2hr 4min", "two hours, six minutes and 32 seconds",
# "2 hours, and 5 minutes", "一年零三个月"; a comma needs a space after it (the normalised text
# has the Chinese "，", a clause break, folded to a bare ",")
_JOIN_RE: Final[LazyRe] = LazyRe(r"\s*(?:,\s+)?(?:and\s+|[零又])?\s*")
_CN_MINUTE: Final[str] = "分"
_NOT_MINUTE_AFTER: Final[str] = "之钟鐘"  # 三分之一 is a third; 6分钟 already reads as minutes


def _scalar(h: Hit) -> bool:
    return h.value.__class__ in (int, float) and h.value >= 0 and h.kind not in (
        "range", "date", "time", "sequence")


def _joined(t: str, a: Hit, b: Hit) -> bool:
    """True when ``b`` continues the duration ``a`` (see the module's rule)."""
    if a.unit not in LADDERS or b.unit not in LADDERS or b.approx is not None:
        return False
    if not (_scalar(a) and _scalar(b)):
        return False
    (la, sa), (lb, sb) = LADDERS[a.unit], LADDERS[b.unit]
    return la == lb and sa > sb and _JOIN_RE.fullmatch(t, a.end, b.start) is not None


def _cn_minutes(t: str, hits: list[Hit]) -> None:
    """A bare number before 分, after an hour or before seconds, is minutes (in place)."""
    for i, h in enumerate(hits):
        end = h.end
        if h.unit is not None or not _scalar(h) or not t.startswith(_CN_MINUTE, end):
            continue
        if t.startswith(tuple(_NOT_MINUTE_AFTER), end + 1):
            continue
        prev = hits[i - 1] if i else None
        nxt = hits[i + 1] if i + 1 < len(hits) else None
        after_hour = prev is not None and prev.unit in ("h", "day") and (
            _JOIN_RE.fullmatch(t, prev.end, h.start) is not None)
        before_sec = nxt is not None and nxt.unit == "s" and (
            _JOIN_RE.fullmatch(t, end + 1, nxt.start) is not None)
        if after_hour or before_sec:
            h.unit, h.end = "min", end + 1


def _metre_as_minute(t: str, a: Hit, b: Hit) -> None:
    """"11h 35m": an "m" joined to hours is minutes (in place)."""
    if (a.unit == "h" and b.unit == "m" and t[b.end - 1] == "m"
            and _JOIN_RE.fullmatch(t, a.end, b.start) is not None):
        b.unit = "min"


def _range_end(t: str, out: list[Hit]) -> bool:
    """The last hit closes a range of bare numbers ("2 to 3 hours 30 minutes"): its parts are
    left apart, the range reads them."""
    if len(out) < 2 or out[-2].unit is not None:
        return False
    return P.RANGE_SEP_RE.fullmatch(t, out[-2].end, out[-1].start) is not None


def join_compounds(t: str, hits: list[Hit]) -> list[Hit]:
    """Join the parts of each compound duration into one hit.

    Args:
        t: normalised text.
        hits: completed hits (units attached), sorted by start, not overlapping.

    Returns:
        The hits with each compound duration as one: value in the smallest unit given,
        resolution of the last part, approximation word of the first, span over all parts.
    """
    if len(hits) < 2:
        return hits
    if _CN_MINUTE in t:
        _cn_minutes(t, hits)
    out: list[Hit] = []
    for h in hits:
        if out:
            a = out[-1]
            _metre_as_minute(t, a, h)
            if _joined(t, a, h) and not _range_end(t, out):
                ratio = LADDERS[a.unit][1] // LADDERS[h.unit][1]
                value = a.value * ratio + h.value
                if value.__class__ is float:  # "1.5 hours and 20 minutes": binary noise off
                    value = int(value) if value.is_integer() else round(value, 9)
                out[-1] = Hit(a.start, h.end, value, h.res,
                              h.kind, a.script, h.unit, a.approx, point=a.point)
                continue
        out.append(h)
    return out
