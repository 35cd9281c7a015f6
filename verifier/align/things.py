"""Measured things normalised for alignment: head noun, modifiers, and a bilingual concept.

    thing_of("the general fund budget")  -> Thing(text='general fund budget', head='budget', concept='budget', modifiers='general fund')
    thing_of("60周岁及以上人口")           -> Thing(text='60岁及以上人口', head='人口', concept='population', modifiers='60岁及以上')
    similarity(thing_of("population"), thing_of("人口")) -> (1.0, "same measured thing 'population'")

A claim's :attr:`~verifier.models.claim.Claim.measured` is the noun phrase as printed. Two
phrases name the same quantity when, after normalising what does not change the meaning
(articles and possessives, plurals, 的, 周岁 for 岁, 全国/我国 for the nation), they are equal,
nearly equal (rapidfuzz ratio at least :data:`NEAR`), or name the same concept of the
bilingual vocabulary (``verifier/data/measured_things.yaml``) with the same modifiers. A
modifier dropped ('budget' for 'general fund budget', '出口量' for '新能源汽车出口量') may name
the whole or only a part, so it is a weak match (:data:`PART`): enough for a warning, never an
error. Figures inside a phrase ('60岁及以上', 'aged 16 to 24') must agree, or the phrases name
different groups.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

from rapidfuzz import fuzz

VOCABULARY: Final = Path(__file__).resolve().parents[1] / "data" / "measured_things.yaml"
"""The bilingual vocabulary of common measured things (its one home)."""

NEAR: Final = 90.0
"""rapidfuzz ratio (0-100) from which two phrases of one script are one thing written two
ways ('passenger trips' / 'passenger-trips', '居民人均预期寿命' / '人均预期寿命' is not: 86)."""

PART: Final = 0.6
"""Similarity of two phrases one of which adds modifiers to the other: maybe the same, maybe a part."""

REORDERED: Final = 0.95
"""Similarity of one phrase's words in another order ("the carmaker's shares" / "shares of the
carmaker", '总发电装机' / '发电总装机'): a possessive turned into 'of', a compound reordered."""

ACROSS: Final = 0.9
"""Similarity of one concept with the same modifiers in two languages ('population' / '人口'):
the vocabulary says they are one thing; the translation may still be loose."""

SYNONYMS: Final = 0.7
"""Similarity of two names of one concept in one language ('报名人数' / '考生', 'revenue' /
'turnover'): a reporter's synonym, or a narrower group whose modifier the extraction lost, so
never enough for an error alone (under :data:`~verifier.models.claim.CONFIDENT`)."""

UNJUDGED: Final = 0.4
"""Similarity of one concept with modifiers on both sides in two languages ('overall urban
jobless rate' / '本地户籍劳动力调查失业率'): the modifiers cannot be compared, so nothing is decided."""

CJK: Final = re.compile(r"[\u3400-\u9fff]")
_EN_WORD: Final = re.compile(r"[a-z0-9]+")
_ZH_KEEP: Final = re.compile(r"[\u3400-\u9fff0-9-]+")
_ZH_SPAN: Final = re.compile(r"(\d)\s*(?:[—–~～-]+|至|到)\s*(?=\d)")
"""A span between two numbers inside a phrase ('16—24岁', '16至24岁'), written one way ('16-24')."""
_DIGITS: Final = re.compile(r"\d+")

FUNCTION_WORDS: Final = frozenset({
    "the", "a", "an", "and", "of", "for", "its", "their", "his", "her", "our", "this", "that",
    "these", "those", "with", "from", "into", "per", "all", "total", "number", "s",
})
"""English words that name no measured thing ('the number of', 'total', a possessive 's')."""

POST_MODIFIERS: Final = frozenset({"among", "in", "at", "on", "across", "aged", "between", "under", "over", "for", "of"})
"""Prepositions that open a post-modifier of an English noun phrase ('unemployment among 16- to
24-year-olds', 'deaths in hospital', 'the jobless rate for 16- to 24-year-olds', 'shares of the
carmaker'): the head noun stands before the first of them ('to' is not one: 'debt to GDP ratio').
When nothing but function words stands before it ('the number of patients'), the head is after it."""

ZH_SAME: Final = (("周岁", "岁"), ("的", ""), ("我国", ""), ("全国", ""))
"""Chinese spellings that do not change what a phrase measures: 周岁 is 岁 of full years, 的
joins a modifier, 全国 and 我国 name the nation every national figure is for."""

ZH_SHARE_BASE: Final = "占"
"""A phrase that opens with 占 ('占全国人口') names the whole of a share, not the thing measured."""


@dataclass(frozen=True, slots=True)
class Thing:
    """A measured thing normalised for comparison.

    Attributes:
        text: the normalised phrase (English lower case, singular, function words dropped;
            Chinese with :data:`ZH_SAME` applied).
        zh: True for a Chinese phrase.
        head: the head noun (English: last word; Chinese: last two characters): the block key
            for phrases outside the vocabulary.
        concept: the vocabulary concept the phrase ends with, or None.
        modifiers: what stands before the concept's name (or before the head), normalised.
        digits: the numbers inside the phrase ('16', '24' of an age group).
    """

    text: str
    zh: bool
    head: str
    concept: str | None
    modifiers: str
    digits: tuple[str, ...]


@lru_cache(maxsize=1)
def vocabulary() -> tuple[dict[tuple[str, ...], str], dict[str, str]]:
    """The vocabulary as (English name words -> concept, Chinese name -> concept), longest names
    tried first by :func:`thing_of`.

    Raises:
        OSError, InputError: the vocabulary file cannot be read or parsed.
    """
    from verifier.ingest.yamlio import load_table

    data = load_table(VOCABULARY)
    en: dict[tuple[str, ...], str] = {}
    zh: dict[str, str] = {}
    for concept, names in data.items():
        for name in names.get("en", []):
            en[tuple(_en_words(str(name)))] = concept
        for name in names.get("zh", []):
            zh[_zh_text(str(name))] = concept
    return en, zh


def _singular(w: str) -> str:
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"  # 'cities' -> 'city'
    return w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w


def _en_words(phrase: str) -> list[str]:
    """Content words of an English phrase: lower case, possessive and plural 's' dropped."""
    return _content(_EN_WORD.findall(phrase.lower().replace("'s", " ").replace("’s", " ")))


def _content(words: list[str]) -> list[str]:
    return [_singular(w) for w in words if w not in FUNCTION_WORDS]


def _zh_text(phrase: str) -> str:
    text = "".join(_ZH_KEEP.findall(_ZH_SPAN.sub(r"\1-", phrase)))
    for a, b in ZH_SAME:
        text = text.replace(a, b)
    return text


@lru_cache(maxsize=65536)
def thing_of(measured: str | None) -> Thing | None:
    """The normalised :class:`Thing` of a measured phrase, or None for no phrase, a phrase with no
    content word, or the whole of a share ('占全国人口')."""
    if not measured:
        return None
    en_vocab, zh_vocab = vocabulary()
    if CJK.search(measured):
        if measured.lstrip().startswith(ZH_SHARE_BASE):
            return None
        text = _zh_text(measured)
        han = "".join(CJK.findall(text))
        if len(han) < 2:
            return None
        concept, mods = None, text[:-2]
        for name in sorted((n for n in zh_vocab if text.endswith(n)), key=len, reverse=True)[:1]:
            concept, mods = zh_vocab[name], text[: -len(name)]
        return Thing(text, True, han[-2:], concept, mods, tuple(_DIGITS.findall(text)))
    raw = _EN_WORD.findall(measured.lower().replace("'s", " ").replace("’s", " "))
    cut = next((i for i, w in enumerate(raw) if i and w in POST_MODIFIERS), len(raw))
    core, post = _content(raw[:cut]), _content(raw[cut:])  # 'jobless rate for 16- to 24-year-olds': the head precedes 'for'
    if not core:
        core, post = post, []  # 'the number of patients': the head is what 'of' brings
    words = core + post
    if not words or not any(w.isalpha() for w in words):
        return None
    concept, mods = None, core[:-1]
    for n in range(len(core), 0, -1):
        hit = en_vocab.get(tuple(core[-n:]))
        if hit:
            concept, mods = hit, core[:-n]
            break
    text = " ".join(words)
    return Thing(text, False, core[-1], concept, " ".join(mods + post), tuple(_DIGITS.findall(text)))


def block_keys(t: Thing) -> tuple[str, ...]:
    """What two things must share one of to be compared at all: the concept, else the script and
    head noun, and for English also the first word ("shares of the carmaker" meets "the carmaker's
    shares", whose head is its first word's)."""
    if t.concept:
        return (f"={t.concept}",)
    if t.zh:
        return ("zh:" + t.head,)
    first = t.text.split()[0]
    return ("en:" + t.head,) if first == t.head else ("en:" + t.head, "en:" + first)


NEGATIONS: Final = ("non", "un")
"""English prefixes (or, 'non', a word of its own: 'non farm payroll') that turn a measured thing
into its opposite: 'unemployment rate' / 'employment rate', 'uninsured adult' / 'insured adult'."""

ZH_NEGATIONS: Final = ("非", "不", "未")
"""Chinese prefixes that do the same: '非农就业' / '农业就业' is no pair, '非公有制经济' / '公有制经济' is."""


def polarity(t: Thing) -> tuple[str, bool]:
    """(the thing's name with its negation taken off, True), or (its name, False) when it has none.
    The name is its concept's, after its English modifiers, when it belongs to one ('jobless rate'
    -> 'unemployment rate' -> ('employment rate', True); 'non-farm payrolls' -> 'non farm
    employment' -> ('farm employment', True)), so that two things are opposites by :func:`opposite`."""
    name = (f"{t.modifiers} {t.concept}" if t.modifiers and not t.zh else t.concept) if t.concept else t.text
    if t.zh and not t.concept:
        for neg in ZH_NEGATIONS:
            if name.startswith(neg) and len(name) > len(neg) + 1:
                return name[len(neg):], True
        return name, False
    words = name.split()
    for i, w in enumerate(words):
        if w == "non" and i + 1 < len(words):
            return " ".join(words[:i] + words[i + 1:]), True
        for neg in NEGATIONS:
            if w.startswith(neg) and len(w) - len(neg) >= 4:
                return " ".join(words[:i] + [w[len(neg):]] + words[i + 1:]), True
    return name, False


def opposite(a: Thing, b: Thing) -> bool:
    """True when one thing is the other with a negation ('unemployment rate' / 'employment rate',
    'insured adults' / 'uninsured adults', '公有制经济' / '非公有制经济'): never the same quantity,
    and a figure moved from one to the other is a label turned into its opposite."""
    (na, nega), (nb, negb) = polarity(a), polarity(b)
    if nega == negb:
        return False
    return na == nb


def similarity(a: Thing, b: Thing) -> tuple[float, str]:
    """How sure it is that ``a`` and ``b`` name the same quantity (0..1), with the evidence in words.

    1.0: equal after normalisation; :data:`ACROSS`: one concept with equal modifiers in two
    languages; :data:`SYNONYMS`: two names of one concept in one language; ``NEAR``/100 and up:
    one phrase spelled two ways; :data:`PART`:
    one adds modifiers to the other; :data:`UNJUDGED`: one concept with modifiers on both sides in
    two languages; 0: different concepts, different heads, different numbers inside the phrases,
    or opposites (:func:`opposite`).
    """
    if a.digits != b.digits:
        return 0.0, ""
    if a.text == b.text:
        return 1.0, f"same measured thing '{a.text}'"
    if opposite(a, b):
        return 0.0, ""  # 'insured adults' / 'uninsured adults': alike in spelling, opposite in meaning
    if a.concept or b.concept:
        if a.concept != b.concept:
            return 0.0, ""
        if a.modifiers == b.modifiers:
            named = f"same measured thing '{a.concept}'" + (f" ('{a.modifiers}')" if a.modifiers else "")
            if a.zh != b.zh:
                return ACROSS, named + ", in two languages"
            return SYNONYMS, named + f", named '{a.text}' and '{b.text}'"
        if a.zh != b.zh:
            if a.modifiers and b.modifiers:
                if a.digits:  # the numbers in the modifiers agree (checked above): one group, named in two languages
                    return PART, f"same measured thing '{a.concept}' for the same group ({'-'.join(a.digits)}), modifiers in two languages"
                return UNJUDGED, f"same measured thing '{a.concept}', modifiers in two languages"
            return PART, f"same measured thing '{a.concept}', modifier '{a.modifiers or b.modifiers}' on one side only"
    elif a.zh != b.zh:
        return 0.0, ""
    if sorted(a.text.split() if not a.zh else a.text) == sorted(b.text.split() if not b.zh else b.text) \
            and (not a.zh or a.head == b.head):
        return REORDERED, f"same words in another order ('{a.text}' / '{b.text}')"  # "the carmaker's shares" / "shares of the carmaker"
    if not (a.concept or b.concept) and a.head != b.head:
        return 0.0, ""
    ratio = fuzz.ratio(a.text, b.text)
    if ratio >= NEAR:
        return ratio / 100, f"measured things alike ('{a.text}' ~ '{b.text}')"
    short, long_ = sorted((a.text, b.text), key=len)
    if (long_.endswith(short) if a.zh else long_.endswith(" " + short)):
        return PART, f"'{long_}' adds modifiers to '{short}'"
    return 0.0, ""
