"""Apposition of figures: the same figure restated in other units or scale, side by side.

    '150 kW, or 150,000 W'   '1200万台，即1.2亿台'   '1110万千瓦（约111GW）'   '38亿元（合3800万元）'

The extractor gives a restatement its figure's subject and scope, and rule V104 compares
extracted figures only when they are so apposed. A bare comma is no apposition ('€8,600,
€1,900 more than the HX9' is a price and a difference): a marker word (or, 即, 合, ...) or an
opening bracket must stand between the two figures.

Shape::

    apposed(", or ") -> True;  apposed("（合") -> True;  apposed(", ") -> False
"""

from __future__ import annotations

import re
from typing import Final

_MARKER: Final = r"(?:or|i\.e\.|that is|equivalent to|equal to|即|也就是|也即|合|约合|折合|相当于|换算(?:下来)?(?:为|是)?)"
_HEDGE: Final = r"(?:roughly|about|around|some|约|近)?"

APPOSITION: Final = re.compile(
    rf"\s*(?:[,，、]\s*)?{_MARKER}\s*[（(]?\s*{_HEDGE}\s*"     # ', or ', '，即', ' or about '
    rf"|\s*[（(]\s*{_MARKER}?\s*{_HEDGE}\s*",                  # '（', '（合', '(about ', '（即'
    re.IGNORECASE)
"""What stands between a figure and its restatement (matched in full)."""

APPOSITION_MAX: Final = 16
"""Most characters between a figure and an apposed restatement."""


def apposed(gap: str) -> bool:
    """True when ``gap``, the text between two figures, sets the second beside the first as a
    restatement (see the module docstring)."""
    return len(gap) <= APPOSITION_MAX and APPOSITION.fullmatch(gap) is not None


ENUMERATION: Final = re.compile(r"\s*(?:by|x|×|and|,|乘以?|和|、|，)\s*", re.IGNORECASE)
"""What joins the figures of one enumeration of sides or items ('5 km by 8 km', '2 x 3 m', '4 and 6 miles', '5公里乘8公里')."""

_CLOSE: Final = re.compile(r"\s*[)）]")
"""The bracket that ends a bracketed restatement."""


def in_order(body: str, spans: list[tuple[int, int]], i: int) -> dict[int, int] | None:
    """For figure ``i`` of ``spans`` (one text's figure spans, in order) that opens a bracket
    restating figure ``i - 1``: when the bracket restates a whole enumeration ('5 kilometers by 8
    kilometers (3.1 miles by 4.9 miles)'), {index of each bracketed figure: index of the figure it
    restates}, item by item in order (3.1 miles restates 5 kilometers, not 8); None when figure
    ``i - 1`` ends no enumeration of as many figures as the bracket gives before it closes (then
    ``i`` restates ``i - 1`` alone)."""
    def joined(k: int) -> bool:
        return ENUMERATION.fullmatch(body[spans[k][1]:spans[k + 1][0]]) is not None

    lo = i - 1
    while lo > 0 and joined(lo - 1):
        lo -= 1
    hi = i
    while hi + 1 < len(spans) and joined(hi):
        hi += 1
    n = i - lo
    if n < 2 or hi - i + 1 != n or not _CLOSE.match(body, spans[hi][1]):
        return None
    return {i + k: lo + k for k in range(n)}
