"""Quantity extraction for English and Chinese press copy.

>>> [q.value for q in extract("功耗约 700W，吞吐提升 1.5 至 1.9 倍")]
[700, (1.5, 1.9)]

Public API: :func:`extract`, :class:`Quantity`, and the JSON entry points
:func:`main_text` / :func:`main_jsonl` used by the ``verifier quantities`` command.
"""

from __future__ import annotations

from .extract import extract
from .io import main_jsonl, main_text, quantities_json
from .model import Quantity

__all__ = ["Quantity", "extract", "main_jsonl", "main_text", "quantities_json"]
