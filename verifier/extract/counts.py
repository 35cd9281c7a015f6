"""Counts: what a bare number after or before a noun counts ('三款公开权重模型' -> models,
'40,000 scooters' -> scooters, '出货12,000台' -> units), and counts that only set where another
figure holds ('在三款模型上的吞吐', '94% in its three modes'), which state no fact.

Shape::

    count_noun("款公开权重模型上") -> "models"
    scope_phrase("efficiency was 94% in its ", " modes") -> True
"""

from __future__ import annotations

import re
from typing import Final

COUNT_NOUNS: Final[tuple[tuple[str, str], ...]] = (
    ("模型", "models"), ("model", "models"), ("家", "companies"), ("公司", "companies"), ("compan", "companies"),
    ("HBM", "stacks"), ("stack", "stacks"), ("作者", "authors"), ("author", "authors"), ("芯片", "chips"),
    ("chip", "chips"), ("用户", "users"), ("user", "users"), ("员工", "people"), ("人", "people"),
    ("engineer", "people"), ("节点", "nodes"), ("node", "nodes"), ("机架", "racks"), ("rack", "racks"),
    ("充电桩", "chargers"), ("charger", "chargers"), ("充电站", "stations"), ("station", "stations"),
    ("车辆", "vehicles"), ("vehicle", "vehicles"), ("units", "units"), ("设备", "units"),
    ("赛道", "tracks"), ("细分市场", "segments"), ("segment", "segments"),
)
"""Nouns after a bare count that make it a claim, with the unit recorded: '三款公开权重模型' -> models."""

_SCOPE_COUNT: Final = re.compile(r"^[^，,。；;]{0,10}?上的|^[^，,。；;]{0,10}?(?:上|中)?都")
"""'在三款模型上的峰值…', '在所有三款模型上都实现了…': a count that sets where another figure holds."""


_SCOPE_COUNT_EN: Final = re.compile(r"\b(?:in|on|across|over|at|among|between)\s+(?:(?:its|the|all|their|these|those|each|both|his|her)\s+)*$",
                                    re.IGNORECASE)
"""'… 94% in its three modes', 'across all five tests': an English count that sets where another figure holds."""


def scope_phrase(near: str, after: str) -> bool:
    """True when a count only sets the scope of another figure ('在三款模型上的吞吐',
    '在所有三款模型上都实现了'): it states no new fact."""
    return bool(_SCOPE_COUNT.match(after) or _SCOPE_COUNT_EN.search(near[-40:]))


GOODS_UNITS: Final = frozenset({"chargers", "stations", "vehicles", "units", "sites", "sets"})
"""Units of counts of goods a company ships or installs: their owner must be named (a company may be)."""

CLASSIFIERS: Final = {"台": "units", "辆": "vehicles", "座": "sites", "套": "sets", "部": "units", "次": "occurrences"}
"""Chinese count classifiers and the unit of a count they make when no noun follows ('出货12,000台')."""


NOUN_AFTER: Final = re.compile(r"\s+(?!(?:and|or|respectively|in|for|at|on|to|from|by|with|than|of)\b)[A-Za-z]{3,}")
"""An English noun right after a bare figure ('13 million workers', '13 million Americans'): the
figure counts that noun, so it takes no unit of a list before it and is no part of a sum of money."""


def count_noun(after: str) -> str | None:
    """The counted noun right after a bare count ('款公开权重模型' -> models, '台充电桩' ->
    chargers, '台' -> units), or None."""
    head = after.lstrip()[:10].lower()
    if head[:1] in CLASSIFIERS:
        return count_noun(head[1:]) or CLASSIFIERS[head[0]]
    hits = [(head.find(w.lower()), unit) for w, unit in COUNT_NOUNS if w.lower() in head]
    if hits:
        return min(hits)[1]
    plural = _PLURAL.match(after)
    noun = plural.group(1).lower() if plural else None
    if noun and " " in noun and (noun.split()[0] in NOT_COUNTED or noun.split()[0] in _FUNCTION):
        noun = noun.split()[1]  # '2 times lower' is no count; 'of units' keeps 'units'
    return noun if noun and noun not in NOT_COUNTED and noun.split()[-1] not in NOT_COUNTED else None


_PLURAL: Final = re.compile(r"\s+(?:(?:new|more|used|electric|other|additional)\s+)?((?:[a-z]{3,}[- ])?[a-z]{3,}s)\b(?!['’])")
"""An English plural noun (or a two-word one) right after a bare number counts it: '40,000
scooters' -> scooters, '180,000 heat pumps' -> heat pumps."""

_FUNCTION: Final = frozenset({"the", "and", "for", "with", "that", "this", "from", "were", "are", "was", "its", "their", "per"})

NOT_COUNTED: Final = frozenset({
    "times", "percent", "points", "basis", "years", "months", "weeks", "days", "hours", "minutes", "seconds",
    "cents", "dollars", "yuan", "euros", "pounds", "degrees", "tokens", "parameters", "is", "was", "has", "this",
    "its", "ones", "others", "less", "plus", "pros", "this", "thus", "versus", "miles", "meters", "inches", "feet",
    "watts", "volts", "amps", "bytes", "bits", "gigabytes", "terabytes", "megabytes", "kilometres", "kilometers",
})
"""Plural words after a number that are units, comparisons or function words, not counted things."""
