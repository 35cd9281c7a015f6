"""Comparison relations as functions of q = s / t (subject's value over target's value).

Every comparison figure ("1.9 倍", "1.7 times lower", "只有对手的 28%", "降低 35%") is a
monotone function of q, so a printed figure's band maps to a band of q and back. This is
what lets one rule recompute all of them from the same two measurements, and compare a
reduction printed in one article with a ratio printed in another.
"""

from __future__ import annotations

from verifier.numeric import INF, Interval

FORMULA: dict[str, str] = {
    "ratio": "s / t",
    "inverse_ratio": "t / s",
    "share": "100 × s / t",
    "reduction": "100 × (1 − s / t)",
    "increase": "100 × (s / t − 1)",
}
"""How each relation's printed value is computed from the subject's value s and the target's t."""


def to_q(relation: str, value: Interval) -> Interval:
    """Map the band of a printed comparison figure to the band of q = s / t.

    Raises:
        KeyError: ``relation`` is not a ratio-like relation (e.g. 'difference').
    """
    if relation == "ratio":
        return value
    if relation == "inverse_ratio":
        return _recip(value)
    if relation == "share":
        return value.scale(0.01)
    if relation == "reduction":
        return value.scale(0.01).one_minus()
    if relation == "increase":
        return Interval(1 + value.lo / 100, 1 + value.hi / 100)
    raise KeyError(relation)


def from_q(relation: str, q: Interval) -> Interval:
    """Map a band of q = s / t to the band of the figure ``relation`` would print.

    Raises:
        KeyError: ``relation`` is not ratio-like.
    """
    if relation == "ratio":
        return q
    if relation == "inverse_ratio":
        return _recip(q)
    if relation == "share":
        return q.scale(100)
    if relation == "reduction":
        return q.one_minus().scale(100)
    if relation == "increase":
        return Interval(100 * (q.lo - 1), 100 * (q.hi - 1))
    raise KeyError(relation)


def invert_q(q: Interval) -> Interval:
    """q for the inverse metric (tokens/s vs ms/token): 1 / q."""
    return _recip(q)


def _recip(iv: Interval) -> Interval:
    if iv.lo <= 0 <= iv.hi:
        return Interval(-INF, INF)
    return iv.reciprocal()


RATIO_RELATIONS = frozenset(FORMULA)
