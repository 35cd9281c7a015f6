"""Figure first: the claim of a figure the subject path did not claim.

    open_claim(run, body, sent, f, reading, near, wide, after) -> Claim(subject=None, metric='count', kind='count', ...)

Every quantity that measures or counts something becomes a claim, whether or not a holder is
named: 'Turnout was 62%' is a claim with no holder. What such a claim is about is its
*measured thing* (the noun phrase it counts or measures, :attr:`Claim.measured`) and, when the
text names one, its holder; both are recorded with how they were decided. Its metric is the
measured thing as printed when there is one (so that two figures meet as one fact only when
they measure the same thing for the same holder), else the coarse class of its unit (money,
count, percent, ratio, duration, or the unit's physical dimension), and such a claim takes part
only in the checks among the figures of its own sentence (:mod:`verifier.rules.derived`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from verifier.extract import metrics as M
from verifier.extract.build import build_claim
from verifier.extract.context import Figure
from verifier.extract.segment import Sentence
from verifier.models.claim import Claim
from verifier.quantities.units import is_currency
from verifier.vocabulary import UNIT_DIMENSIONS

if TYPE_CHECKING:
    from verifier.extract.claims import Run

NOT_CLAIMS: Final = frozenset({"date", "time", "sequence", "model_size"})
"""Quantity kinds that date or name something rather than measure it: no open claim."""

RATIO_UNITS: Final = frozenset({"x"})
PERCENT_UNITS: Final = frozenset({"%", "pp", "‰"})


def measures_nothing(q, after: str) -> bool:
    """True for a quantity that counts or measures nothing a claim could state: a bare year
    ('by 2028', '2028年'), a lone 'one' or 一 ('一次', 'one of them'), the base of a rate ('in one
    second', '一秒'), a threshold ('超过1秒就会…'), a date or time."""
    if q.kind in NOT_CLAIMS or q.iso is not None or q.value is None:
        return True
    v = q.value
    if q.unit is None and isinstance(v, (int, float)) and float(v).is_integer() and 1900 <= v <= 2100 and q.approx is None:
        return True
    if q.unit is None and v == 1 and not any(ch.isdigit() for ch in q.surface):
        return True
    return bool(M.RATE_BASE.match(q.surface.strip()) or after.lstrip().lower().startswith(M.THRESHOLD_AFTER))


def coarse_reading(q) -> M.Reading | None:
    """The coarse reading of quantity ``q`` when no vocabulary metric fits: its kind and unit,
    with the class as metric ('money', 'count', 'percent', 'ratio', 'duration', or the unit's
    dimension from :data:`verifier.vocabulary.UNIT_DIMENSIONS`, else 'measurement'); None
    for dates, times, sequence lengths and model sizes (:data:`NOT_CLAIMS`)."""
    if q.kind in NOT_CLAIMS or q.iso is not None or q.value is None:
        return None
    unit = q.unit
    if unit in PERCENT_UNITS or q.kind == "fraction":
        return M.Reading("percent", "%" if q.kind == "fraction" else unit, "percent")
    if unit in RATIO_UNITS:
        return M.Reading("ratio", unit, "ratio")
    if q.kind == "money" or is_currency(unit):
        return M.Reading("money", unit, "money")
    if unit is None:
        return M.Reading("count", None, "count")
    dimension = UNIT_DIMENSIONS.get(unit.split("/")[0])
    if dimension == "time" and "/" not in unit:
        return M.Reading("duration", unit, "duration")
    return M.Reading(dimension or "measurement", unit, "measurement")


_SPACE: Final = re.compile(r"\s+")


def open_claim(run: Run, body: str, sent: Sentence, f: Figure, reading: M.Reading | None, near: str, wide: str,
               after: str) -> Claim | None:
    """The claim of figure ``f`` with no holder the subject path accepts: its measured thing and
    holder as far as they are decided here (none yet: a holderless claim), its coarse reading
    when ``reading`` is None, and no comparison. None for a figure that measures nothing
    (:func:`coarse_reading`)."""
    coarse = coarse_reading(f.q)
    if coarse is None or measures_nothing(f.q, after):
        return None
    unit = reading.unit if reading is not None and reading.metric not in ("", "date") else coarse.unit  # '561 patients'
    reading = M.Reading(coarse.metric, unit, coarse.kind)
    return build_claim(run, body, sent, f, reading, None, None, near, wide, after, open_claim=True)
