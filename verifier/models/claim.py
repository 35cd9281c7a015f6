"""Claim records: one numeric claim, anchored to the exact quote in its source.

Records live in ``claims/<source-id>.yaml`` (one file per source, a YAML list of claims) and
are validated by :class:`Claim`. The JSON Schema exported from these models is
``verifier/data/claim.schema.json`` (``verifier schema claim``).

The anchor follows W3C Web Annotation: a TextQuoteSelector (``quote`` with ``prefix`` and
``suffix`` context) plus a TextPositionSelector (``start``/``end``, Unicode code points into
the article body, end exclusive).
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field, model_serializer, model_validator

from verifier.models.compact import Compact, shared
from verifier.models.tier import Tier
from verifier.quantities.limits import checkable

Approx = Literal["about", "nearly", "over", "at_least", "under", "at_most", "exactly"]
"""Approximation or bound word attached to a printed figure, normalised:

* ``about``: 约, 左右, 大约, 约为, about, around, roughly, approximately, ~
* ``nearly``: 近, 接近, 将近, 几乎, nearly, almost, close to (at or a little below)
* ``over``: 超过, 逾, 多 (两个多月), more than, over, above (strictly above)
* ``at_least``: 以上, 不低于, 至少, at least, no less than
* ``under``: 不到, 低于, less than, under, below (strictly below)
* ``at_most``: 以内, 以下, 不超过, 最高, 最多, up to, at most, no more than
* ``exactly``: 正好, 恰好, exactly
"""

Relation = Literal["ratio", "inverse_ratio", "share", "reduction", "increase", "difference"]
"""How a comparison figure relates the subject's value ``s`` to the target's value ``t``
for the same metric and scope:

* ``ratio``: value = s / t ("1.9 倍", "1.9x more work per watt")
* ``inverse_ratio``: value = t / s ("1.7 times lower latency", "延迟低 1.7 倍")
* ``share``: value % = 100 s / t ("只有对手的 28%", "only 28 % of")
* ``reduction``: value % = 100 (1 - s / t) ("降低 35%", "cuts by 35 %")
* ``increase``: value % = 100 (s / t - 1) ("高出 20%", "20 % more")
* ``difference``: value = |t - s| in the metric's unit ("只差 18 平方毫米"; a printed
  difference is a magnitude, so subject and target may be either way round)
"""

Kind = Literal[
    "measurement", "ratio", "percent", "count", "duration", "money", "date", "model_size", "difference", "spec",
]


class Anchor(Compact):
    """Where a claim sits in its source: exact quote, offsets and context."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    quote: str = Field(min_length=1, description="The exact text of the claim's figure(s), as printed.")
    start: int = Field(ge=0, description="Offset of the quote's first character in the body (code points).")
    end: int = Field(ge=1, description="Offset one past the quote's last character (exclusive).")
    prefix: str = Field("", description="Up to 32 characters before the quote, for re-anchoring.")
    suffix: str = Field("", description="Up to 32 characters after the quote, for re-anchoring.")

    @model_validator(mode="after")
    def _ordered(self) -> "Anchor":
        if self.end - self.start != len(self.quote):
            raise ValueError(f"end - start ({self.end - self.start}) differs from the quote's length ({len(self.quote)})")
        return self


class Value(Compact):
    """A figure as printed and normalised.

    Exactly one of ``number`` (a point value) or ``low``/``high`` (a range) is given, except
    for dates, which carry ``iso`` instead. ``resolution`` is the step of the last printed
    digit in the normalised unit: ``1.03`` s has 0.01; ``8.54万`` has 100; ``1400`` W has 1.
    A printed value stands for every value within half a resolution of it.

    Numbers are finite: an infinity or NaN (``.inf`` in YAML, ``1e309``) is a validation
    error. A finite figure outside the range the checker computes in
    (:mod:`verifier.quantities.limits`) is kept but not checked (rule V604 reports it).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    printed: str = Field(description="The number(s) exactly as printed, e.g. '8.54万', '1.5 至 1.9'.")
    number: float | None = Field(None, allow_inf_nan=False, description="Normalised point value (scale words expanded).")
    low: float | None = Field(None, allow_inf_nan=False, description="Lower end of a printed range.")
    high: float | None = Field(None, allow_inf_nan=False, description="Upper end of a printed range.")
    unit: str | None = Field(None, description="Normalised unit symbol ('W', 'tokens/s', 'x', '%', 'USD', 'month'...).")
    resolution: float | None = Field(None, gt=0, allow_inf_nan=False, description="Step of the last printed digit, in `unit`.")
    iso: str | None = Field(None, description="ISO 8601 date or partial date ('2026-08-25', '2026-12') for dates.")

    @model_validator(mode="after")
    def _shape(self) -> "Value":
        point = self.number is not None
        span = self.low is not None or self.high is not None
        if point and span:
            raise ValueError("give either number or low/high, not both")
        if not point and not span and self.iso is None:
            raise ValueError("give number, low/high, or iso")
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"low ({self.low}) is above high ({self.high})")
        return self

    @property
    def checkable(self) -> bool:
        """True when every number of the figure lies in the range the checker computes in
        (zero, or a magnitude in [1e-100, 1e100]: :func:`verifier.quantities.limits.checkable`)."""
        return all(checkable(x) for x in (self.number, self.low, self.high))

    @property
    def is_range(self) -> bool:
        """True when the figure is a printed range (low and/or high)."""
        return self.number is None and (self.low is not None or self.high is not None)


class Comparison(Compact):
    """The other side of a comparison figure (see :data:`Relation`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    target: str = Field(description="Canonical subject compared against, e.g. 'GB200'. Several: 'GB200|GB300'.")
    relation: Relation = Field(description="How the figure relates subject and target.")
    scope: dict[str, str] = Field(
        default_factory=dict,
        description="Scope keys that differ for the target: the same product before a price cut is "
        "{target: X2, scope: {period: before}} for a claim scoped {period: after}. An empty value "
        "removes the key: the whole a share is taken of is {target: X2, scope: {part: ''}} for a "
        "claim scoped {part: fast chargers}.",
    )


ALTERNATIVES = "|"
"""Separator of alternatives in a subject or :attr:`Comparison.target` ('GB200|GB300')."""


def scope_of_target(scope: dict[str, str], override: dict[str, str] | None) -> dict[str, str]:
    """The scope of a comparison's target: the claim's ``scope`` with ``override``
    (:attr:`Comparison.scope`) applied, keys overridden with '' removed.

    >>> scope_of_target({"part": "fast chargers", "year": "2025"}, {"part": ""})
    {'year': '2025'}
    """
    merged = {**scope, **(override or {})}
    return {k: v for k, v in merged.items() if v != ""}


class Attribution(Compact):
    """Who a figure is attributed to, and the tier of that origin."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    origin: str | None = Field(None, description="Id of the source the figure originates from (external or article); null when unattributed.")
    said_by: str | None = Field(None, description="Person or body quoted, when named ('Richard Ho').")
    tier: Tier = Field(description="Tier of the origin (not of the carrying article).")


ScopeValue = str | list[str]


CONFIDENT = 0.75
"""Confidence from which a decision may carry an error-severity finding (the linters' promise:
an error rests on claims decided with confidence; a finding that rests on a weaker decision is at
most a warning that says why it needs review). Records without a decision (written or accepted by
a person) count as confident."""

HOLDER_FLOOR = 0.5
"""Least confidence of a holder candidate an open claim takes from the figure-first grammar.
Below it (the previous sentence's subject, a name in the title) the candidate is a guess that
no check should rest on, not even as a warning a user cannot act on; the figure stays held by
nobody. (The subject path's own weakest rung, the article's most-mentioned subject, is kept at
its low confidence: its findings are review warnings.)"""


class Decision(Compact):
    """How one part of a claim's frame was decided: its ``holder`` (the subject), ``measured``
    thing, comparison ``target`` or ``derivation``. ``by`` names the evidence ('lexicon',
    'sentence subject', 'apposition', 'article topic', 'previous sentence', ...: see
    :data:`verifier.extract.decided.DECIDED_BY`); ``confidence`` is in [0, 1] and from
    :data:`CONFIDENT` up an error may rest on it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    by: str = Field(min_length=1, description="The evidence the part was decided from ('lexicon', 'sentence subject', 'article topic'...).")
    confidence: float = Field(ge=0, le=1, description="How sure the decision is; 0.75 and up may carry an error.")


Op = Literal["percent_change", "pp_change", "ratio", "times_more", "times_less", "multiple", "share", "difference", "sum",
             "remainder", "per_every", "conversion", "quotient"]
"""How a derived figure follows from its operands (claims of the same sentence), with the value
the rule V111 recomputes (``a``, ``b`` the operands in order; bands from printed precision):

* ``percent_change``: (base, new) -> 100 (new / base - 1) %; a change in percentages may also be read in points
* ``pp_change``: (base, new), both in % -> new - base percentage points
* ``ratio``: (a, b) -> a / b ('是…的3倍', '3 times as much as')
* ``times_more``: (a, b) -> a / b or a / b - 1 ('3 times more than', '增长了2倍': both readings are in use)
* ``times_less``: (a, b), a the smaller -> no literal reading is a valid fall ('3 times lower', '下降了3倍'); b / a is shown for review
* ``multiple``: (base, new) -> new / base, the factor stated in words ('翻两番' 4, 'doubled' 2)
* ``share``: (part, whole) -> 100 part / whole % ('48 of 420 (21.4%)')
* ``difference``: (a, b) -> abs(a - b) in their unit ('比上年多646万人')
* ``sum``: (parts...) -> their sum, the whole ('412, 1,930 and 608, 2,950 in all')
* ``remainder``: (shares...) -> 100 - their sum, in %: the last share of one whole listed with the others
  ('52% for, 41% against and 9% undecided')
* ``per_every``: (y, x) -> y / x, in % or ‰ as printed ('每1,000人中有7.42人，出生率7.42‰')
* ``quotient``: (total, count) -> total / count ('$61 billion, or $512 for every one of 13 million')
* ``conversion``: (a,) -> a in the derived figure's unit or scale ('1,411.75 million (1.41175 billion)',
  '350 km, or 217 miles', '2.8千瓦时（约合10.1兆焦）')
"""


class Derived(Compact):
    """A figure derived from other figures of its own sentence: no holder is needed to check it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    op: Op = Field(description="How the figure follows from its operands (see Op).")
    operands: list[str] = Field(min_length=1, description="Ids of the operand claims, in the order the op documents.")
    direction: Literal["up", "down"] | None = Field(None, description="The direction the words state ('rose', '下降'), if any.")
    basis: str | None = Field(None, description="The time basis of a change: 'year on year' (同比), 'period on period' (环比).")


class Base(Compact):
    """What a figure is counted of or per: the whole of a proportion, the base of a rate.

    * a proportion: '35 of every 100 patients' (size 100, noun 'patients'), '11 cents of every
      revenue dollar the company earns' (size 100 cents, noun 'dollar', whole 'revenue dollar the
      company earns', every), '11% of the company's U.S. revenue' (no size: a percentage);
    * a rate: '6.77 births per 1,000 women' (size 1,000, noun 'women', event 'births'), '6.77‰' (size
      1,000, no noun: a crude rate of the population the figure is for), '每千人口拥有医生3.2人'.

    The proportion is the figure's number / ``size`` (or / 100 in %); a rate is the number per
    ``size`` of the base. Read by :func:`verifier.quantities.proportions.read_bases`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["proportion", "rate"] = Field(description="'proportion' (the count is of the base's members) or 'rate' (events per a size of the base).")
    size: float | None = Field(None, gt=0, allow_inf_nan=False, description="M of 'of every M' / 'per M', in the figure's unit (100 cents of a dollar); null for a percentage of a whole.")
    noun: str | None = Field(None, description="The base noun as printed ('patients', 'dollar', 'women', '人口'); null when unsaid ('‰', 'per thousand').")
    whole: str | None = Field(None, description="The words that name the whole as printed ('every revenue dollar the company earns'), when more than the noun.")
    event: str | None = Field(None, description="For a rate, what is counted ('births', '执业医师').")
    every: bool = Field(False, description="True when the whole is quantified over all of it ('every', 每).")
    start: int = Field(ge=0, description="Offset of the first character of the words the base is read from (code points).")
    end: int = Field(ge=1, description="Offset one past their last character.")


Period = Literal["year", "quarter", "month", "week", "day"]
"""The period a streak counts ('the third consecutive year', '连续7个月')."""


class Streak(Compact):
    """A streak: a run of ``count`` periods (the claim's value) in each of which an event held.

    ``event`` is ``up`` (a rise on the period before), ``down`` (a fall), ``above`` or ``below``
    (a level beyond ``threshold``). 'for the third consecutive year above 400 mm' is
    ``{period: year, event: above, threshold: 400}``; '连续7个月下降' is
    ``{period: month, event: down}`` (:mod:`verifier.extract.streaks`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    phrase: str = Field(min_length=1, description="The streak's words as printed ('a sixth consecutive month', '连续第三年突破500亿元').")
    period: Period | None = Field(None, description="The period counted, when printed ('a fifth consecutive increase' prints none).")
    event: Literal["up", "down", "above", "below"] = Field(description="What held in each period: a rise, a fall, a level above or below the threshold.")
    threshold: float | None = Field(None, allow_inf_nan=False, description="For above/below: the threshold, normalised ('500亿元' -> 50000000000).")
    threshold_printed: str | None = Field(None, description="The threshold as printed ('500亿元', '400 mm').")
    end: str | None = Field(None, description="The last period of the streak when the sentence states it ('2024'); null when unstated.")


class Claim(Compact):
    """One numeric claim of one source.

    ``scope`` holds the conditions under which the figure holds, with keys from a shared
    vocabulary: ``model``, ``workload``, ``precision``, ``sequence``, ``basis`` (rated vs
    measured power), ``period``, ``unit_of_work``... A list value means the claim summarises
    several scopes (a range over three models).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="Unique id, '<source>-c<NNN>'.")
    source: str = Field(description="Id of the article that prints the claim.")
    anchor: Anchor
    subject: str | None = Field(description="Canonical name of the figure's holder ('Jalapeño', 'GB200', '国家统计局'); "
                                "null when the figure belongs to no entity the text names ('Turnout was 62%').")
    metric: str = Field(description="Metric from the vocabulary ('power', 'throughput_per_power', 'latency_e2e'...), "
                        "or a coarse class (money, count, percent, ...) for a figure no vocabulary metric fits.")
    measured: str | None = Field(None, description="The measured thing: the noun phrase the figure counts or measures, "
                                 "as printed ('quarterly revenue', 'patients', '新能源汽车出口量').")
    kind: Kind = Field(description="What sort of figure it is.")
    value: Value
    approx: Approx | None = Field(None, description="Approximation or bound word, normalised.")
    scope: dict[str, ScopeValue] = Field(default_factory=dict, description="Conditions under which the figure holds.")
    comparison: Comparison | None = Field(None, description="For ratios, shares, reductions and differences.")
    attribution: Attribution
    derived: Derived | None = Field(None, description="For a figure derived from others of its sentence: how, and from which claims.")
    base: Base | None = Field(None, description="For a proportion or a rate: what the figure is counted of or per (see Base); "
                              "left out of a record when null.")


    streak: Streak | None = Field(None, description="For the count of a streak ('the third consecutive year'): the period, the event, the threshold.")
    decided: dict[str, Decision] = Field(
        default_factory=dict,
        description="How the holder, measured thing, target and derivation were decided, with a confidence "
        "(keys 'holder', 'measured', 'target', 'derivation'); a missing key counts as decided with confidence.")
    status: Literal["accepted", "proposed", "rejected"] = Field("accepted", description="Review status; extraction proposes, people accept or reject.")
    note: str | None = Field(None, description="Reviewer's comment.")

    @model_serializer(mode="wrap")
    def _without_empty_base(self, handler):
        """A record without a base is written as before: no ``base: null`` line in every record."""
        out = handler(self)
        if isinstance(out, dict) and out.get("base", 0) is None:
            del out["base"]
        return out

    def share_parts(self) -> Claim:
        """This claim, its attribution and decisions now the equal instances in use
        (:func:`~verifier.models.compact.shared`): claims that come back from the extraction
        workers or the cache bring copies of parts most of them have alike. Equal frozen values
        are swapped for equal ones, so the claim reads the same; only memory changes."""
        self.__dict__["attribution"] = shared(self.attribution)
        for part, decision in self.decided.items():
            self.decided[part] = shared(decision)
        return self

    def weak(self, parts: frozenset[str] | set[str]) -> list[tuple[str, Decision]]:
        """The decisions among ``parts`` ('holder', 'measured', 'target', 'derivation') made with
        less than :data:`CONFIDENT` confidence, in key order."""
        return [(k, d) for k, d in sorted(self.decided.items()) if k in parts and d.confidence < CONFIDENT]
