"""Units a table column gives its cells: 'Capacity (MW)' makes a bare 860 a figure of 860 MW,
'产量（万吨）' makes 4.8 a figure of 48,000 t, and 'Price per kg' makes '$2,045' USD/kg. The unit
text is read by the quantity layer itself (one reader of units for the whole tool).

Shape::

    column_unit("Capacity (MW)", Quantity(value=860, unit=None, ...)) -> Quantity(value=860, unit="MW", ...)
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final


HEADER_UNIT: Final = re.compile(r"[（(]\s*([^()（）]{1,16}?)\s*[)）]\s*$")
"""A unit in brackets at the end of a header: 'Capacity (MW)', '产量（万吨）', 'Price (USD/kWh)'."""


def column_unit(header: str, q):
    """``q`` with the unit its column's ``header`` gives: a bare number takes the bracketed
    unit, scale words included ('（万吨）'); a figure with its own unit is divided by the
    denominator a header ends on ('Price per kg'). ``q`` unchanged otherwise."""
    if q.unit is None and isinstance(q.value, (int, float)) and q.kind == "number":
        return _bracketed(header, q)
    if q.unit and "/" not in q.unit and q.unit not in ("x", "%"):
        return _per_header(header, q)
    return q


def _bracketed(header: str, q):
    unit = header_unit(header.strip())
    if unit is None:
        return q
    scale, symbol, kind = unit
    return q._replace(value=q.value * scale, unit=symbol, kind=kind,
                      resolution=q.resolution * scale if q.resolution is not None else None)


@lru_cache(maxsize=256)
def header_unit(header: str) -> tuple[float, str, str] | None:
    """(scale, unit, kind) a header's bracketed unit gives its bare cells ('产量（万吨）' ->
    (10000.0, 't', 'dimension'); a scale alone, '报名人数（万人）' -> (10000.0, None, 'number')), read
    once per header by the quantity layer; None without one."""
    from verifier.quantities import extract

    m = HEADER_UNIT.search(header)
    if m is None:
        return None
    text = m.group(1)
    probe = ("1" if not text[:1].isascii() else "1 ") + text
    found = extract(probe)
    if len(found) != 1 or found[0].start != 0 or not isinstance(found[0].value, (int, float)):
        return None
    rest = probe[found[0].end:].strip()
    if found[0].unit is None:  # a scale alone, a counted noun after it ('（万人）', '(millions)'): counts in that scale
        counted = not rest or (len(rest) <= 2 and all("\u4e00" <= ch <= "\u9fff" for ch in rest)) or rest.isalpha()
        return (float(found[0].value), None, "number") if counted and found[0].value not in (0, 1) else None
    if rest:
        return None
    return float(found[0].value), found[0].unit, found[0].kind


PER_HEADER: Final = re.compile(r"(?:\bper\s+|/\s*|每\s*)([A-Za-z²]+|[\u4e00-\u9fff]{1,3})\s*\)?\s*$", re.IGNORECASE)
"""A table header that ends on a denominator: 'Price per kg', 'Cost (USD/kWh)', '每公斤价格' is read by :func:`_per_header`."""


def _per_header(header: str, q):
    """``q`` with its unit divided by the denominator its table column names ('Price per kg' ->
    USD/kg), when the denominator is a unit the quantity layer knows; else ``q`` unchanged."""
    from verifier.quantities.units import match_unit
    from verifier.units import factor

    m = PER_HEADER.search(header.strip()) or re.search(r"每\s*([\u4e00-\u9fff]{1,3})", header)
    if m is None:
        return q
    found = match_unit(m.group(1), 0) or match_unit(m.group(1).lower(), 0)
    if found is None or found[1] != len(m.group(1)) and not m.group(1).startswith(("公斤", "千克", "吨", "公里", "千瓦")):
        return q
    unit = f"{q.unit}/{found[0]}"
    return q._replace(unit=unit, kind="rate") if factor(unit, unit) is not None else q
