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
