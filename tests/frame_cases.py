"""Helpers for the frame tests: a figure of a made-up text, with its sentence and paragraph
as the segmenter finds them (tests/test_measured.py, tests/test_holders.py)."""

from __future__ import annotations

from verifier.extract.segment import segment, sentences
from verifier.quantities import Quantity, extract


def figure(text: str, surface: str, nth: int = 0) -> tuple[Quantity, tuple[int, int], tuple[int, int], list[Quantity]]:
    """The ``nth`` figure printed ``surface`` in ``text``: (figure, sentence span, paragraph span,
    all figures of the text)."""
    qs = extract(text)
    q = [f for f in qs if f.surface == surface][nth]
    for unit in segment(text):
        for s in sentences(text, unit):
            if s.start <= q.start < s.end:
                return q, (s.start, s.end), (unit.start, unit.end), qs
    raise AssertionError(f"{surface!r} is in no sentence")
