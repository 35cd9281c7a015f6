"""Parts of a whole: the counts and shares a clause opened by 其中 / 'of those' gives.

    'Voltline installed 12,000 chargers last year. Of those, 1,500 were fast chargers, only 8% of the total.'
    'Voltline 去年共安装 12,000 台充电桩，其中快充桩 1,500 台，仅占 8%。'

After a figure of a whole (no comparison, a unit), a clause that opens on :data:`PART_OF`
gives figures of a part of it. A part's figure takes the whole's subject, metric and unit,
and the part's name as scope ``part`` ('fast chargers', '快充桩'); a percentage after it is
the part's share of the whole: comparison ``{target: <subject>, relation: share, scope:
{part: ''}}`` (the whole is the same subject without the part, see
:func:`verifier.models.claim.scope_of_target`). The checker then recomputes the share from
the two figures (V101). A part whose name cannot be read is left to the general path.

Shape::

    part_name("Of those, ", " were fast chargers, only 8%") -> "fast chargers"
    part_name("其中快充桩 ", " 台，仅占 8%") -> "快充桩"
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from verifier.extract import metrics as M
from verifier.extract.build import build_claim
from verifier.models.claim import Claim, Comparison

if TYPE_CHECKING:
    from verifier.extract.claims import Run
    from verifier.extract.context import Figure
    from verifier.extract.segment import Sentence

PART_OF: Final = re.compile(
    r"其中|当中|\b(?:of\s+(?:those|these|them|which|that|the\s+total)|among\s+(?:them|those|these))\b", re.IGNORECASE)
"""Words that open the part of a whole just given: '其中', 'of those', 'of which', 'among them'."""

_ZH_BEFORE: Final = re.compile(r"^[，,、\s]*(?:有|为|是|包括)?\s*([\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9 -]{0,11}?)\s*(?:有|为|是|达|约|共)?\s*$")
"""'其中快充桩 ' -> 快充桩: the part named between 其中 and its figure."""

_ZH_AFTER: Final = re.compile(r"^\s*[个台辆座套部家款块颗]?\s*(?:为|是|属于)\s*([\u4e00-\u9fff][\u4e00-\u9fffA-Za-z0-9]{0,11}?)(?=[，,。；;、（(]|$)")
"""'其中 1,500 台为快充桩' -> 快充桩: the part named after its figure."""

_EN_AFTER: Final = re.compile(
    r"^\s*(?:(?:of\s+them|in\s+all)\s+)?(?:were|are|was|is)\s+(?:(?:the|a|an)\s+)?"
    r"([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)(?=\s*(?:[,.;:(]|$)|\s+(?:and|while|or|only|which|that|just)\b)", re.IGNORECASE)
"""'1,500 were fast chargers, …' -> fast chargers."""

_EN_BEFORE_NOUN: Final = re.compile(r"^\s*([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)(?=\s*(?:[,.;:(]|$)|\s+(?:and|while|or|only|which|that|were|are)\b)",
                                    re.IGNORECASE)
"""'1,500 fast chargers, …' -> fast chargers (an English part named right after its figure)."""

_SPACE: Final = re.compile(r"\s+")


def part_name(between: str, after: str) -> str | None:
    """The part's name from the text between :data:`PART_OF` and the figure, or after it.

    Args:
        between: text from the end of the part-of words to the figure.
        after: the rest of the figure's clause.

    Returns:
        The name with runs of spaces made one ('fast chargers', '快充桩'), or None.
    """
    zh = _ZH_BEFORE.match(between)
    if zh and not zh.group(1).isascii():
        return zh.group(1).strip()
    for rx in (_ZH_AFTER, _EN_AFTER) if between.strip(" ,，") == "" else (_ZH_AFTER,):
        m = rx.match(after)
        if m:
            return _SPACE.sub(" ", m.group(1).strip())
    if between.strip(" ,，") == "":
        m = _EN_BEFORE_NOUN.match(after)
        if m and m.group(1).split()[0].lower() not in _NOT_PARTS:
            return _SPACE.sub(" ", m.group(1).strip())
    return None


_NOT_PARTS: Final = frozenset({"of", "in", "per", "percent", "times", "more", "less", "units", "or", "and", "to"})
"""First words after a figure that name no part ("1,500 of them", "1,500 more")."""


_WHOLE_METRICS_SKIP: Final = frozenset({"date", "duration"})
_SHARE_WORDS: Final = re.compile(r"\s*(?:仅|只|约|近)?\s*(?:占比?|占到|合计占)\s*$")
"""'仅占' before a share: not part of the part's name ('其中快充桩仅占 8%')."""


def portion_claim(run: Run, body: str, sent: Sentence, f: Figure, near: str, wide: str, after: str) -> Claim | None:
    """The claim of figure ``f`` as a part of a whole, or None when ``f`` is not in a part-of
    clause after a figure of a whole in its paragraph (see the module docstring)."""
    q = f.q
    marks = list(PART_OF.finditer(body, sent.start, q.start))
    if not marks:
        return None
    mark = marks[-1]
    wholes = [c for c in run.claims.starting(sent.unit.start, mark.start())
              if c.comparison is None and c.value.number is not None and c.value.unit
              and c.metric not in _WHOLE_METRICS_SKIP and "part" not in c.scope]
    if not wholes:
        return None
    whole = wholes[-1]
    between = body[mark.end():q.start]
    if q.unit == "%":
        parts = [c for c in run.claims.starting(mark.end(), q.start)
                 if c.subject == whole.subject and c.metric == whole.metric and "part" in c.scope]
        # the share of the part just given ('1,500 were fast chargers, only 8%'), else of a part named here ('其中快充桩占8%')
        name = parts[-1].scope["part"] if parts else part_name(_SHARE_WORDS.sub("", between), after)
        if not name:
            return None
        reading = M.Reading(whole.metric, "%", "percent", "share")
        comparison = Comparison(target=whole.subject, relation="share", scope={"part": ""})
        return build_claim(run, body, sent, f, reading, whole.subject, comparison, near, wide, after,
                           {**whole.scope, "part": name})
    if q.unit not in (None, whole.value.unit) and not (whole.metric == "count" and q.unit is None):
        return None
    name = part_name(between, after)
    if not name:
        return None
    reading = M.Reading(whole.metric, whole.value.unit, "count" if whole.metric == "count" else "measurement")
    return build_claim(run, body, sent, f, reading, whole.subject, None, near, wide, after, {**whole.scope, "part": name})
