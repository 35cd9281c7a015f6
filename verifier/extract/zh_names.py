"""Names in Chinese text without a lexicon: the segmenter's proper-noun tags, organisation
suffixes, and the joins of a place or name with the institution after it.

- a word tagged ``nt`` / ``ns`` / ``nr`` / ``nz`` is an organisation / place / person / other
  proper noun (国家统计局, 河南省, 张明, 腾讯);
- a noun ending in an organisation suffix, longer than it, is an organisation (教育局, 海关总署);
- a name or a one-character administrative word followed by such a noun joins it
  (广东 + 电网 -> 广东电网, 市 + 教育局 -> 市教育局), an organisation; so does a name followed by
  up to :data:`MAX_INNER` nouns or adjectives that end on one (河阳省 + 能源 + 局 -> 河阳省能源局,
  西江市 + 卫生 + 健康 + 委员会), or by an organisation the tagger marks nt (东阳市 + 儿童医院);
- a place followed by the administrative word the segmenter split from it joins it
  (南岭 + 省 -> 南岭省, a place): a Chinese place name carries its level (:data:`PLACE_JOINS`);
- an organisation noun takes the nouns before it that name its field (农业 + 农村部 ->
  农业农村部, 国家 + 疾控局 -> 国家疾控局);
- a word tagged ``nr`` (person) directly before a measure word (夏粮 + 产量, 玉米 + 产量) is no
  person: a person's figure is said with a verb or 的 (张明得分, 张明的收入), and the tagger tags
  crops and seasons nr;
- a place name the segmenter split because it does not know it (丰玉 + 湖县, 福金 + 州市, 云 +
  西源 + 市) is joined again when it opens a clause: two or three words, three or four
  characters in all, the last ending in a level character (``place_levels``), none of them a
  time word, a scope word or a place of three characters or more (广东省 + 深圳市 are two names);
  so is one word of three or four characters ending in a level character that is not in the
  segmenter's dictionary (兴下源市, which its hidden Markov model tags as a verb), and such a
  made-up word of two or three characters opens one whatever its tag (盛下 + 岭市, 兴下泉 + 县); a conjunction opening a
  clause joins nothing, so the name may start right after it (和 + 北岭 + 市: where the name
  starts is then unsure, :func:`verifier.extract.holders_zh.glued_at`); a verb of one character
  opening a clause may be the name's first character (松 + 金源 + 县), as may one of two before a
  made-up word ending on a level character (安上 + 林市): the name keeps it, unsure where it starts
  (:func:`unsure_lead`), unless what follows is a place the dictionary knows (到 + 安吉县); a common noun
  ending in a level character (城市, 股市: ``not_places``) ends such a name only after a word
  the dictionary lacks (兴金 + 城市), or when it is a settlement noun (``place_nouns``) after two
  characters the segmenter left as words of their own (江 + 上 + 城市, 平 + 北 + 城市: it kept no
  word of them), the first of which may be a conjunction opening the clause (和 + 下 + 城市:
  :func:`opening_conjunction`); after a place name without its level, a settlement noun ends the
  name too (平西 + 城市 -> 平西城市, the same holder whatever follows);
- a single character is no name (the tagger tags 云 or 泰 of an unknown name ns), nor is a word
  right after a number (677 + 吉瓦时, tagged nrt: a unit).

Words that only scope a figure (全国, 城镇, 全球: ``not_names`` of ``zh.yaml``) and time words
are never names.

Shape::

    names_in(body, 0, 12) -> [Name("广东电网", "segmenter organisation", 0, 4)]
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from verifier.extract.frame_words import words
from verifier.extract.zh_tags import Word, has_cjk, in_dictionary, words_in

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


@lru_cache(maxsize=1)
def _organisation_suffixes() -> tuple[str, ...]:
    """``organisation_suffixes`` of ``zh.yaml`` as a tuple, for one ``str.endswith`` call
    (a C loop) in place of a generator over the suffixes."""
    return tuple(words("zh")["organisation_suffixes"])


@lru_cache(maxsize=4096)
def institution(w: Word) -> bool:
    """A common noun that ends in an organisation suffix (电网, 教育局): joins a name before it."""
    return w.tag.startswith("n") and w.tag not in NAME_TAGS and w.text.endswith(_organisation_suffixes())


def _organisation_noun(w: Word) -> bool:
    """An institution noun longer than its suffix, so a name on its own (教育局, not 局 or 学校)."""
    suffixes = words("zh")["organisation_suffixes"]
    return institution(w) and all(len(w.text) > len(s) for s in suffixes if w.text.endswith(s))


@lru_cache(maxsize=4096)
def label_of(w: Word) -> str | None:
    """The label a single word is a name by, or None (a time word, a scope word, a common noun)."""
    zh = words("zh")
    if w.text in zh["not_names"] or w.text in zh["time_words"] or w.tag in TIME_TAGS:
        return None
    if w.tag in NAME_TAGS:
        return NAME_TAGS[w.tag]
    return "segmenter organisation" if _organisation_noun(w) else None


PLACE_JOINS: Final = frozenset({"segmenter place", "segmenter person", "segmenter proper noun"})
"""Labels of a name that an administrative word after it makes a place (南岭 + 省; the tagger
tags an unknown place nr or nz as often as ns: 白鹭 + 市)."""

MAX_INNER: Final = 3
"""Most words between a name and the organisation noun that ends it (西江市 / 卫生 / 健康 / 委员会)."""

INNER_TAGS: Final = frozenset({"n", "an", "a", "b", "vn", "j"})
"""Tags of the words of an organisation's field between a name and its suffix (能源, 卫生, 健康)."""

FIELD_TAGS: Final = frozenset({"n", "j"})
"""Tags of the nouns before an organisation noun that name its field (农业农村部, 国家疾控局)."""


def _organisation_end(ws: tuple[Word, ...], j: int) -> int | None:
    """Index past the organisation noun that ends the words from ``j`` (up to :data:`MAX_INNER`
    field words, then a noun with an organisation suffix or a word tagged nt), or None."""
    for k in range(j, min(j + MAX_INNER + 1, len(ws))):
        w = ws[k]
        if institution(w) or w.tag == "nt":
            return k + 1
        if w.tag not in INNER_TAGS or label_of(w) is not None or w.text in words("zh")["not_names"]:
            return None
    return None


def _person_before_measure(ws: tuple[Word, ...], i: int) -> bool:
    """True for a word tagged nr right before a measure word (玉米 + 产量): no person (module docstring)."""
    return ws[i].tag in ("nr", "nrfg") and i + 1 < len(ws) and ws[i + 1].text in words("zh")["measure_heads"] \
        and len(ws[i + 1].text) > 1


SPLIT_PLACE: Final = (3, 4)
"""Fewest and most characters of a place name joined from the segmenter's pieces (丰玉湖县)."""

OPENERS: Final = frozenset({"x", "m", "mq", "t"})
"""Tags of the word before a clause's first word: punctuation, a number or a time (2019年，…)."""

NOT_IN_PLACE: Final = frozenset({"x", "m", "mq", "p", "c", "u", "uj", "ul", "uz", "ug", "uv", "ud", "d", "r", "v", "vn", "vd", "q"})
"""Tags of words that are no piece of a place name: punctuation, numbers, function words, verbs."""


def opening_conjunction(ws: tuple[Word, ...], i: int) -> bool:
    """True when word ``i`` is a conjunction that opens a clause (和 after '2019年，'): with
    nothing before it to join, it is no conjunction but likely the first character of a name the
    segmenter does not know (和东源市 read 和 + 东源 + 市)."""
    return ws[i].tag == "c" and (i == 0 or ws[i - 1].tag in OPENERS or ws[i - 1].end != ws[i].start)


def _made_up(w: Word) -> bool:
    """True for a word of two or three Chinese characters the segmenter's dictionary lacks: its
    hidden Markov model made it from characters it did not know (兴上 of 兴上州县, 兴下泉 of
    兴下泉县, tagged verbs), so its tag says nothing and it may be a piece of a name."""
    return 2 <= len(w.text) <= 3 and has_cjk(w.text) and not in_dictionary(w.text)


VERB_LEADS: Final = frozenset({"v", "vn", "vd"})
"""Tags the segmenter gives the first character of an unknown name it cut off (松 of 松金源县, 兴 of
兴西源市: a verb), or the first two when the rest is a word it made up (安上 + 林市). Other tags of
such a character are no function word (长 + 南溪县, an adjective: :data:`NOT_IN_PLACE`), so the name
is joined as sure as any other."""


def unsure_lead(ws: tuple[Word, ...], i: int) -> bool:
    """True when word ``i`` may be the first piece of a place name the segmenter cut off, though
    it reads as a word of its own: a verb of one Chinese character (:data:`VERB_LEADS`;
    松 + 金源 + 县), or of two before a made-up word that ends on a level character (安上 + 林市).
    A name that starts on such a word (:func:`_split_place`) is unsure where it starts: '松' may be
    the verb 'loosen' before a county 金源县. Two articles that both print 松金源县 agree on it,
    where one that printed 临金源县 names another county."""
    w = ws[i]
    if w.tag not in VERB_LEADS or not has_cjk(w.text):
        return False
    if len(w.text) == 1:
        return True
    nxt = ws[i + 1] if i + 1 < len(ws) else None
    return len(w.text) == 2 and nxt is not None and _made_up(nxt) and nxt.text[-1] in words("zh")["place_levels"]


def _split_place(ws: tuple[Word, ...], i: int) -> int | None:
    """Index past a place name split by the segmenter that starts at word ``i`` at a clause's
    opening, or right after a conjunction that opens one (:func:`opening_conjunction`; module
    docstring), or None."""
    if i > 0 and ws[i - 1].tag not in OPENERS and ws[i - 1].end == ws[i].start and not opening_conjunction(ws, i - 1):
        return None
    zh = words("zh")
    w = ws[i]
    if SPLIT_PLACE[0] <= len(w.text) <= SPLIT_PLACE[1] and w.text[-1] in zh["place_levels"] and has_cjk(w.text) \
            and not in_dictionary(w.text) and w.text not in zh["not_places"]:
        if i + 1 < len(ws) and ws[i + 1].text in zh["place_levels"] and len(w.text) < SPLIT_PLACE[1]:
            return i + 2  # 江下州 + 县: the name goes on
        return i + 1  # 兴下源市 (tagged v): one word the segmenter made up from characters it did not know
    size, lead = 0, unsure_lead(ws, i)
    lone = i + 2 < len(ws) and len(ws[i].text) == len(ws[i + 1].text) == 1 and ws[i + 2].text in zh["place_nouns"]
    for k in range(i, min(i + 3, len(ws))):
        w = ws[k]
        after_unknown = k > i and w.text in zh["not_places"] and (lone or not in_dictionary(ws[i].text))  # 兴金 + 城市; 江 + 上 + 城市
        if (w.tag in NOT_IN_PLACE and not (k == i and (_made_up(w) or lead or (lone and opening_conjunction(ws, i))))) \
                or w.text in zh["time_words"] \
                or (w.text in zh["not_names"] and not after_unknown) or not has_cjk(w.text):
            return None  # a function word, a verb the dictionary knows, a time: no piece of a name
        size += len(w.text)
        if size > SPLIT_PLACE[1]:
            return None
        if w.text[-1] in zh["place_levels"]:
            if k == i or size < SPLIT_PLACE[0] or (w.text in zh["not_places"] and not after_unknown) \
                    or (len(w.text) >= 3 and k > i + 1):
                return None
            if k + 1 < len(ws) and ws[k + 1].text in zh["place_levels"]:  # the name goes on
                if label_of(w) is not None and not (k == i + 1 and len(ws[i].text) == 1):
                    return None  # 省会 + 江州 + 市: 江州市, a place the segmenter knows, joined as such (康 + 丰州 + 县 goes on)
                return k + 2 if size < SPLIT_PLACE[1] else None  # 丰上 + 州 + 县
            if lead and in_dictionary("".join(x.text for x in ws[i + 1:k + 1])):
                return None  # 到 + 安吉县: a place the dictionary knows after a verb
            return k + 1
        if len(w.text) >= 3 and label_of(w) is not None:
            return None  # a place the segmenter knows stands on its own
    return None


def _after_number(ws: tuple[Word, ...], i: int) -> bool:
    """True for a word right after a number (677 + 吉瓦时): a unit, never a name."""
    return i > 0 and ws[i - 1].end == ws[i].start and ws[i - 1].tag in ("m", "mq") and ws[i - 1].text[-1:].isdigit()


@lru_cache(maxsize=256)
def names_in(body: str, start: int, end: int) -> tuple[Name, ...]:
    """The names in ``body[start:end]``, in text order (see the module docstring); cached, since
    every figure of a sentence asks for the sentence's names."""
    ws = words_in(body, start, end)
    zh = words("zh")
    prefixes = zh["admin_prefixes"]
    out: list[Name] = []
    i = 0
    while i < len(ws):
        w = ws[i]
        split = _split_place(ws, i)
        by = "segmenter place" if split is not None else \
            None if _person_before_measure(ws, i) or len(w.text) == 1 or _after_number(ws, i) else label_of(w)
        if by is None and w.text in prefixes and i + 1 < len(ws) and institution(ws[i + 1]):
            by = "segmenter organisation"
        if by is None:
            i += 1
            continue
        first = i
        if by == "segmenter organisation" and _organisation_noun(w):
            while first > 0 and i - first < 2 and ws[first - 1].tag in FIELD_TAGS and label_of(ws[first - 1]) is None \
                    and ws[first - 1].text not in zh["not_names"] and ws[first - 1].text not in zh["time_words"] \
                    and ws[first - 1].end > start and (not out or out[-1].end <= ws[first - 1].start):
                first -= 1  # 农业 + 农村部
        j = split if split is not None else i + 1
        if by in PLACE_JOINS and split is None and j < len(ws) \
                and (ws[j].text in prefixes or (ws[j].text in zh["place_nouns"] and ws[j].start == ws[j - 1].end)):
            by, j = "segmenter place", j + 1  # 南岭 + 省; 白鹭 (tagged nr) + 市; 平西 + 城市
        while j < len(ws):
            k = _organisation_end(ws, j)
            if k is None:
                break
            by, j = "segmenter organisation", k
        out.append(Name(body[ws[first].start:ws[j - 1].end], by, ws[first].start, ws[j - 1].end))
        i = j
    return tuple(out)
