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
from verifier.extract.counts import NOUN_AFTER
from verifier.extract.build import build_claim
from verifier.models.claim import Claim, Comparison
from verifier.quantities.units import is_currency
from verifier.units import factor

if TYPE_CHECKING:
    from verifier.extract.run import Run
    from verifier.extract.context import Figure
    from verifier.extract.segment import Sentence

PART_OF: Final = re.compile(
    r"其中|当中|\b(?:of\s+(?:those|these|them|which|that|the\s+total)|among\s+(?:them|those|these))\b", re.IGNORECASE)
"""Words that open the part of a whole just given: '其中', 'of those', 'of which', 'among them'."""

AMONG: Final = re.compile(r"中\s*[，,]")
"""'在首批售出的12.6万台中，约2.1万台为…': '中' right after the whole's figure opens its parts."""

CLASSIFIER_CHARS: Final = frozenset("个台辆件人家款套次部座块颗只")
"""Chinese classifiers a whole's figure may end on before '中' ('12.6万台中')."""

_ZH_BEFORE: Final = re.compile(r"^[，,、\s]*(?:有|为|是|包括)?\s*([\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9 -]{0,11}?)\s*(?:有|为|是|达|约|共)?\s*$")
"""'其中快充桩 ' -> 快充桩: the part named between 其中 and its figure."""

_ZH_AFTER: Final = re.compile(r"^\s*[个台辆座套部家款块颗次]?\s*(?:为|是|属于|用于)\s*([\u4e00-\u9fffA-Za-z0-9][\u4e00-\u9fffA-Za-z0-9]{0,11}?)(?=[，,。；;、（(]|$)")
"""'其中 1,500 台为快充桩' -> 快充桩, '其中12亿元用于管网' -> 管网 (a sum and what it is spent on): the part named after its figure."""

_EN_AFTER: Final = re.compile(
    r"^\s*(?:(?:of\s+them|in\s+all)\s+)?(?:were|are|was|is|went\s+to|came\s+from|comes\s+from|go\s+to|goes\s+to|were\s+sold\s+(?:to|in))\s+(?:(?:the|a|an)\s+)?"
    r"([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)(?=\s*(?:[,.;:(]|$)|\s+(?:and|while|or|only|which|that|just)\b)", re.IGNORECASE)
"""'1,500 were fast chargers, …' -> fast chargers; '$1.2 billion goes to pipe renewal' -> pipe renewal."""

_EN_ELIDED: Final = re.compile(
    r"^\s*(?:to|for)\s+(?:(?:the|a|an)\s+)?"
    r"([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)(?=\s*(?:[,.;:(]|$)|\s+(?:and|while|or|only|which|that|just)\b)", re.IGNORECASE)
"""'… goes to pipe renewal and $0.9 billion to treatment plants' -> treatment plants: a later part
of the same clause, its verb not repeated (tried only after an earlier figure of the clause)."""

_LAST_ITEM: Final = re.compile(r"(?:[，,、；;]|\band\b)\s*$", re.IGNORECASE)
"""A clause's text ending on a list joint (', ' or ' and '): what follows is its next item."""

_EN_BEFORE_NOUN: Final = re.compile(r"^\s*([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)(?=\s*(?:[,.;:(]|$)|\s+(?:and|while|or|only|which|that|were|are)\b)",
                                    re.IGNORECASE)
"""'1,500 fast chargers, …' -> fast chargers (an English part named right after its figure)."""

_SPACE: Final = re.compile(r"\s+")
_LAST_CLAUSE: Final = re.compile(r"[，,、；;]")


def part_name(between: str, after: str) -> str | None:
    """The part's name from the text between :data:`PART_OF` and the figure, or after it.

    Args:
        between: text from the end of the part-of words to the figure.
        after: the rest of the figure's clause.

    Returns:
        The name with runs of spaces made one ('fast chargers', '快充桩'), or None.
    """
    later_item = bool(_LAST_ITEM.search(between))
    between = _LAST_CLAUSE.split(between)[-1]  # '海外出货740万千瓦，国内出货' -> '国内出货': the next part
    zh = _ZH_BEFORE.match(between)
    if zh and not zh.group(1).isascii():
        return zh.group(1).strip()
    for rx in (_ZH_AFTER, _EN_AFTER) if between.strip(" ,，") == "" else (_ZH_AFTER,):
        m = rx.match(after)
        if m:
            return _SPACE.sub(" ", m.group(1).strip())
    if later_item and re.fullmatch(r"[^,，]*\band\s*|\s*", between, re.IGNORECASE):
        m = _EN_ELIDED.match(after)
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


PART_VERB: Final = re.compile(
    r"(?P<part>\b[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){0,3}?)\s+"
    r"(?:accounted\s+for|account\s+for|made\s+up|make\s+up|represented|contributed)\s+"
    r"(?:about\s+|roughly\s+|nearly\s+|some\s+|around\s+)?$", re.IGNORECASE)
"""'Overseas markets accounted for 7.4 GW': the part, named before a verb of portion, and its figure."""


def _opening(body: str, sent: Sentence, q, whole_ends: set[int]) -> tuple[int, int, str | None] | None:
    """Where a part-of clause opens before the figure ``q`` and the part it names, if any:
    (start, end, part) of 其中 / 'of those' / a figure's '…中，' (``whole_ends``: where the
    sentence's figures end; part None: read around the figure) or of '<part> accounted for';
    None when the figure is in no part-of clause."""
    marks = list(PART_OF.finditer(body, sent.start, q.start))
    if marks:
        return marks[-1].start(), marks[-1].end(), None
    among = [m for m in AMONG.finditer(body, sent.start, q.start)
             if m.start() in whole_ends or (m.start() - 1 in whole_ends and body[m.start() - 1] in CLASSIFIER_CHARS)]
    if among:
        return among[-1].start(), among[-1].end(), None
    verb = PART_VERB.search(body, sent.start, q.start)
    if verb and verb.group("part").split()[0].lower() not in ("the", "it", "its", "this", "that", "they"):
        return verb.start(), verb.end(), verb.group("part")
    return None


def _whole(run: Run, sent: Sentence, before: int, unit: str | None) -> Claim | None:
    """The figure of the whole a part-of clause at ``before`` speaks of: the paragraph's last
    figure with a unit (of the part's dimension when it has one) and no comparison or part,
    the one for the latest year when figures for several years were given."""
    wholes = [c for c in run.claims.starting(sent.unit.start, before)
              if c.comparison is None and c.value.number is not None and c.value.unit
              and c.metric not in _WHOLE_METRICS_SKIP and "part" not in c.scope
              and (unit in (None, "%") or factor(c.value.unit, unit) is not None)]
    if not wholes:
        return None
    years = [c for c in wholes if c.scope.get("year")]
    return max(years, key=lambda c: (c.scope["year"], c.anchor.start)) if years else wholes[-1]


SHARE_OF_TOTAL: Final = re.compile(r"\s*(?:of\s+(?:the|its|their)\s+(?:total|whole|overall)|of\s+all\b|of\s+the\s+\w+\s+total)", re.IGNORECASE)
"""'45% of the total': a share of the whole the sentence's part belongs to."""


def _share_of_part(run: Run, body: str, sent: Sentence, f: Figure, near: str, wide: str, after: str) -> Claim | None:
    """'Overseas markets accounted for 7.4 GW, or 45% of the total': a percentage of the total
    after a part's figure in the same sentence is that part's share of the whole."""
    if f.q.unit != "%" or not SHARE_OF_TOTAL.match(after):
        return None
    parts = [c for c in run.claims.starting(sent.start, f.q.start) if "part" in c.scope and c.comparison is None]
    if not parts:
        return None
    part = parts[-1]
    reading = M.Reading(part.metric, "%", "percent", "share")
    comparison = Comparison(target=part.subject, relation="share", scope={"part": ""})
    return build_claim(run, body, sent, f, reading, part.subject, comparison, near, wide, after, dict(part.scope),
                       _inherited(part))


def portion_claim(run: Run, body: str, sent: Sentence, f: Figure, near: str, wide: str, after: str) -> Claim | None:
    """The claim of figure ``f`` as a part of a whole, or None when ``f`` is not in a part-of
    clause after a figure of a whole in its paragraph (see the module docstring)."""
    q = f.q
    opening = _opening(body, sent, q, {c.anchor.end for c in run.claims.starting(sent.start, q.start)})
    if opening is None:
        return _share_of_part(run, body, sent, f, near, wide, after)
    start, end, named = opening
    whole = _whole(run, sent, start, q.unit)
    if whole is None:
        return None
    between = body[end:q.start]
    if q.unit == "%":
        parts = [c for c in run.claims.starting(end if named is None else start, q.start)
                 if c.subject == whole.subject and c.metric == whole.metric and "part" in c.scope]
        # the share of the part just given ('1,500 were fast chargers, only 8%'), else of a part named here ('其中快充桩占8%')
        name = parts[-1].scope["part"] if parts else (named or part_name(_SHARE_WORDS.sub("", between), after))
        if not name:
            return None
        reading = M.Reading(whole.metric, "%", "percent", "share")
        comparison = Comparison(target=whole.subject, relation="share", scope={"part": ""})
        return build_claim(run, body, sent, f, reading, whole.subject, comparison, near, wide, after,
                           {**whole.scope, "part": name}, _inherited(whole))
    if q.unit is not None and factor(q.unit, whole.value.unit) is None:
        return None
    if q.unit is None and is_currency(whole.value.unit) and NOUN_AFTER.match(after):
        return None  # 'of the 13 million workers': a count of people, no part of a sum of money
    name = named or part_name(between, after)
    if not name:
        return None
    reading = M.Reading(whole.metric, whole.value.unit if q.unit is None else q.unit,
                        "count" if whole.metric == "count" else "measurement")
    return build_claim(run, body, sent, f, reading, whole.subject, None, near, wide, after, {**whole.scope, "part": name},
                       _inherited(whole))


def _inherited(whole: Claim) -> dict:
    """The decisions a part's figure takes from its whole's: the same holder, decided the same way
    (the part's own target is the whole, in its sentence)."""
    return {k: d for k, d in whole.decided.items() if k == "holder"}
