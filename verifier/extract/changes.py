"""Changes over time and between subjects: what a percentage or multiplier after a change compares.

    compare(run, body, sent, f, reading, subject, target) -> (subject, reading, comparison, extra) | None

'cut the price from $9,000 to $7,500, a 25% reduction' compares the subject after the change
with itself before it (scopes ``{period: after}`` / ``{period: before}``); 'from $60,000 for the
H2 to $48,000 for the H3, a 25% cut' compares the H3 with the H2; 'from A to B' in a sentence
that compares with rivals gives A to the rivals (:func:`rival_change`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from verifier.extract import metrics as M
from verifier.extract import targets as T
from verifier.extract.context import Figure
from verifier.extract.segment import Sentence
from verifier.extract.subjects import RIVAL_WORDS, UNRESOLVED
from verifier.models.claim import Claim, Comparison
from verifier.words import alternation, section, subset

if TYPE_CHECKING:
    from verifier.extract.run import Run

_FROM_NAMED: Final = re.compile(r"(?:\b(?:" + alternation(subset("from_markers", "en")) + r")|"
                                + alternation(subset("from_markers", "zh")) + r")\s*[^,，;；.。\d]{0,24}?$", re.IGNORECASE)
"""'from', '从', '由' before the first figure of a change, with at most a name between ('从H2的')."""

_TO_NAMED: Final = re.compile(r"[^,，;；。]{0,40}?(?:\b(?:down |up )?to\s+|(?:" + alternation(subset("to_verbs", "zh"))
                              + r")?(?:至|到))[^,，;；。\d]{0,24}?")
"""What joins the two figures of 'from A for X to B for Y' / '从X的A降至Y的B'."""


def rival_change(run: Run, body: str, sent: Sentence) -> str | None:
    """The rivals (joined) when a 'from A to B' sentence compares with them, so that A is theirs."""
    sentence = body[sent.start:sent.end].lower()
    rivals = [x for x in run.memo.compare_set if x != run.memo.main]
    if rivals and any(w in sentence for w in (run.memo.rival_words or RIVAL_WORDS) + T.COMPARE_WORDS):
        return T.join(rivals)
    return None


def _after_change(run: Run, sent: Sentence, f: Figure, target: str | None) -> Claim | None:
    """The 'to' figure of a change earlier in the sentence ('from $9,000 to $7,500'), when the
    comparison figure ``f`` names no other target: a percentage or multiplier that follows a
    change compares the subject's value after it with its value before."""
    if f.q.unit not in ("%", "x"):
        return None
    prior = [c for c in run.claims.starting(sent.start, f.q.start) if c.comparison is None and "period" in c.scope]
    if len(prior) >= 2 and prior[-1].scope.get("period") == "after" and prior[-2].scope.get("period") == "before" \
            and target in (None, T.BASELINE, prior[-1].subject):
        return prior[-1]  # other figures may stand between ('… to 17,500 tonnes once the first 40 buses run, a 20% cut')
    return None


def _change_across(run: Run, body: str, sent: Sentence, f: Figure) -> tuple[Claim, Claim] | None:
    """The two figures of a change between two subjects ('from $60,000 for the H2 to $48,000 for
    the H3', '从H2的6万美元降至H3的4.8万美元') before the percentage or multiplier ``f``: the
    'from' figure's subject is the target, the 'to' figure's the subject."""
    if f.q.unit not in ("%", "x"):
        return None
    prior = [c for c in run.claims.starting(sent.start, f.q.start) if c.comparison is None]
    if len(prior) < 2:
        return None
    a, b = prior[-2], prior[-1]
    if a.subject == b.subject or a.metric != b.metric or T.ALTERNATIVES in a.subject + b.subject:
        return None
    if _FROM_NAMED.search(body, sent.start, a.anchor.start) and _TO_NAMED.fullmatch(body, a.anchor.end, b.anchor.start):
        return a, b
    return None


YEAR_ON_YEAR: Final = re.compile(alternation(section("year_on_year", "zh")) + r"|\b(?:"
                                 + alternation(section("year_on_year", "en")) + r")\b", re.IGNORECASE)
"""Words that compare a figure with the year before ('同比增长25%', 'up 25% year on year')."""


BASE_YEAR_AFTER: Final = re.compile(
    r"\s+(?:(?:the|that of)\s+|from\s+|over\s+|on\s+)(?:about\s+)?[$€£¥]?\s*[\d.,]+(?:[^,;。，；]|(?<=\d)[.,](?=\d)){0,30}?\bin\s+((?:19|20)\d{2})\b",
    re.IGNORECASE)
"""'2.5 times the 60,000 it shipped in 2023', 'up 30% from €148 million in 2024': the base is the
subject's figure for that year."""


def _change_of_year(run: Run, body: str, sent: Sentence, f: Figure, target: str | None,
                    difference: bool = False) -> tuple[Claim, str] | None:
    """The later figure of a change between years and the earlier year, when the percentage or
    multiplier ``f`` names no other target: two figures of one subject and metric for two years
    before it in the sentence ('18.5 GW in 2025, up from 12.4 GW in 2024, a 49% increase'), or
    one figure for a year and a year-on-year word ('2025年营收50亿元，同比增长25%' -> 2024), or
    one figure for a year and a base for another year after it ('… in 2025, 2.5 times the
    60,000 it shipped in 2023' -> 2023)."""
    if f.q.unit not in ("%", "x") and not difference:
        return None
    prior = [c for c in run.claims.starting(sent.start, f.q.start) if c.comparison is None and "year" in c.scope]
    if not prior:
        return None
    last = prior[-1]
    same = [c for c in prior if c.subject == last.subject and c.metric == last.metric and c.scope["year"] != last.scope["year"]]
    named = target not in (None, T.BASELINE) and any(t in body[sent.start:sent.end] for t in target.split("|"))
    if named:
        return None  # the sentence names what the figure is compared with
    if same:  # two years of one subject in the sentence win over a target the paragraph implied
        a, b = sorted((same[-1], last), key=lambda c: c.scope["year"])
        return b, a.scope["year"]
    if YEAR_ON_YEAR.search(body, sent.start, f.q.end + 20) and last.scope["year"].isdigit():
        return last, str(int(last.scope["year"]) - 1)
    base = BASE_YEAR_AFTER.match(body, f.q.end, sent.end)
    if base and base.group(1) != last.scope["year"]:
        return last, base.group(1)  # '180,000 in 2025, 2.5 times the 60,000 it shipped in 2023'
    return None


FROM_BEFORE: Final = re.compile(r"\b(?:" + alternation(subset("base_before", "en")) + r")\s+(?:about\s+)?$|(?:"
                                + alternation(subset("base_before", "zh")) + r")\s*$", re.IGNORECASE)
"""What stands right before the base of a year-on-year change: 'from $52 million', '较', '比'."""


def _year_before(run: Run, body: str, sent: Sentence, f: Figure, subject: str, reading: M.Reading) -> str | None:
    """The year of a base figure a year-on-year change names without its year ("2025 revenue was
    $71 million, up 48% year on year from $52 million" -> 2024), or None."""
    if not FROM_BEFORE.search(body, max(sent.start, f.q.start - 12), f.q.start) or not YEAR_ON_YEAR.search(body, sent.start, sent.end):
        return None
    prior = [c for c in run.claims.starting(sent.start, f.q.start)
             if c.comparison is None and c.subject == subject and c.metric == reading.metric and c.scope.get("year", "").isdigit()]
    return str(int(prior[-1].scope["year"]) - 1) if prior else None


def compare(run: Run, body: str, sent: Sentence, f: Figure, reading: M.Reading, subject: str,
            target: str | None) -> tuple[str, M.Reading, Comparison | None, dict] | None:
    """The comparison a figure makes and the scope it adds, as ``(subject, reading, comparison, extra)``.

    A comparative figure (``reading.relation`` set) compares the 'to' figure of a change between
    two subjects with the 'from' one, or the subject after a change with itself before it, or
    the subject with ``target``; None when that target is unknown or the subject itself. Any
    other figure gets ``{period: before|after}`` when it is one side of a change over time.
    """
    comparison, extra = None, {}
    if reading.relation:
        change = _after_change(run, sent, f, target)
        across = _change_across(run, body, sent, f) if change is None else None
        years = _change_of_year(run, body, sent, f, target, reading.relation == "difference") \
            if change is None and across is None else None
        if years is not None:  # '18.5 GW in 2025, up from 12.4 GW in 2024, a 49% increase': the later year against the earlier
            later, earlier = years
            subject, reading = later.subject, replace(reading, metric=later.metric)
            comparison, extra = Comparison(target=subject, relation=reading.relation, scope={"year": earlier}), \
                {**{k: v for k, v in later.scope.items() if k != "year"}, "year": later.scope["year"]}
        elif across is not None:  # 'from $60,000 for the H2 to $48,000 for the H3, a 25% cut': the H3 against the H2
            subject, target, reading = across[1].subject, across[0].subject, replace(reading, metric=across[1].metric)
            comparison = Comparison(target=target, relation=reading.relation)
        elif change is not None:  # 'from $9,000 to $7,500, a 25% reduction': the subject against itself
            subject, reading = change.subject, replace(reading, metric=change.metric)
            comparison, extra = Comparison(target=subject, relation=reading.relation, scope={"period": "before"}), {"period": "after"}
        elif not target or target == subject or target == UNRESOLVED or (reading.relation == "difference" and target == T.BASELINE):
            return None
        else:
            comparison = Comparison(target=target, relation=reading.relation)
    else:
        base_year = _year_before(run, body, sent, f, subject, reading)
        if base_year:
            return subject, reading, None, {"year": base_year}
        side = T.change_side(body, f.q.start, f.q.end, run.spans, sent.start)
        prior = run.claims.starting(sent.start, f.q.start)
        if (side == "before" and not rival_change(run, body, sent)) or \
                (side == "after" and prior and prior[-1].scope.get("period") == "before" and prior[-1].subject == subject):
            extra = {"period": side}
    return subject, reading, comparison, extra
