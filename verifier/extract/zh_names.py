"""Names in Chinese text without a lexicon: the segmenter's proper-noun tags, organisation
suffixes, and the joins of a place or name with the institution after it.

- a word tagged ``nt`` / ``ns`` / ``nr`` / ``nz`` is an organisation / place / person / other
  proper noun (国家统计局, 河南省, 张明, 腾讯);
- a noun ending in an organisation suffix, longer than it, is an organisation (教育局, 海关总署);
- a name or a one-character administrative word followed by such a noun joins it
  (广东 + 电网 -> 广东电网, 市 + 教育局 -> 市教育局), an organisation.

Words that only scope a figure (全国, 城镇, 全球: ``not_names`` of ``zh.yaml``) and time words
are never names.

Shape::

    names_in(body, 0, 12) -> [Name("广东电网", "segmenter organisation", 0, 4)]
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from verifier.extract.frame_words import words
from verifier.extract.zh_tags import Word, words_in

NAME_TAGS: Final = {"nt": "segmenter organisation", "ns": "segmenter place", "nr": "segmenter person",
                    "nrfg": "segmenter person", "nrt": "segmenter person", "nz": "segmenter proper noun"}
"""jieba tags of proper nouns and the label of a holder found by each."""

TIME_TAGS: Final = frozenset({"t", "tg", "m", "mq"})
"""Tags of time words and numerals: never a name (3月份, 全年)."""


class Name(NamedTuple):
    """A name found in Chinese text: as printed, the label it was found by, its span."""

    text: str
    by: str
    start: int
    end: int


@lru_cache(maxsize=4096)
def _institution(w: Word) -> bool:
    """A common noun that ends in an organisation suffix (电网, 教育局): joins a name before it."""
    return w.tag.startswith("n") and w.tag not in NAME_TAGS \
        and any(w.text.endswith(s) for s in words("zh")["organisation_suffixes"])


def _organisation_noun(w: Word) -> bool:
    """An institution noun longer than its suffix, so a name on its own (教育局, not 局 or 学校)."""
    suffixes = words("zh")["organisation_suffixes"]
    return _institution(w) and all(len(w.text) > len(s) for s in suffixes if w.text.endswith(s))


@lru_cache(maxsize=4096)
def label_of(w: Word) -> str | None:
    """The label a single word is a name by, or None (a time word, a scope word, a common noun)."""
    zh = words("zh")
    if w.text in zh["not_names"] or w.text in zh["time_words"] or w.tag in TIME_TAGS:
        return None
    if w.tag in NAME_TAGS:
        return NAME_TAGS[w.tag]
    return "segmenter organisation" if _organisation_noun(w) else None


@lru_cache(maxsize=256)
def names_in(body: str, start: int, end: int) -> tuple[Name, ...]:
    """The names in ``body[start:end]``, in text order (see the module docstring); cached, since
    every figure of a sentence asks for the sentence's names."""
    ws = words_in(body, start, end)
    prefixes = words("zh")["admin_prefixes"]
    out: list[Name] = []
    i = 0
    while i < len(ws):
        w = ws[i]
        by = label_of(w)
        if by is None and w.text in prefixes and i + 1 < len(ws) and _institution(ws[i + 1]):
            by = "segmenter organisation"
        if by is None:
            i += 1
            continue
        j = i + 1
        while j < len(ws) and _institution(ws[j]):
            by = "segmenter organisation"
            j += 1
        out.append(Name(body[w.start:ws[j - 1].end], by, w.start, ws[j - 1].end))
        i = j
    return tuple(out)
