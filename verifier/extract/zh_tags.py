"""Chinese words with part-of-speech tags and offsets, from a segmenter that ships its dictionary.

The segmenter is rjieba, the Python binding of jieba-rs: the same dictionary and tag set as
jieba 0.42.1 (``nt`` organisation, ``ns`` place, ``nr`` person, ``nz`` other proper noun,
``n`` noun, ``v`` verb, ``t`` time, ``m`` numeral...). On this machine (2 cores) it tags
~8 MB/s of Chinese against jieba.posseg's ~60 KB/s, and loads its dictionary in ~0.2 s against
jieba's ~1.3 s (``benchmarks/bench_frames.py --segmenters``); it prints nothing on load.

It is imported lazily, on the first Chinese text met (an English-only run never pays the
import), and an article is tagged once: :func:`tagged` caches the words of the last bodies.
Two kinds of cut the segmenter makes across words are mended (:func:`_mend`): a measure head
glued to the linking word after it (老年人 / 口为) and a place's level glued to the character
after it (新峰 / 市月).

Shape::

    tagged("河南省小麦产量为762.6亿斤") -> (Word("河南省", "ns", 0, 3), Word("小麦", "n", 3, 5), ...)
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from typing import Final, NamedTuple

CJK: Final = re.compile(r"[\u3400-\u9fff]")
"""A Chinese character: text holding one is read with the segmenter."""


NUMERAL: Final = re.compile(r"\d[\d.,]*(?:[万亿]+|\s*[年月日号])?")
"""An Arabic numeral with the date word that may follow it ('2025年'): tagged as one numeral word,
so that the segmenter does not join the date word to the noun after it ('2025年营收为' is
2025年 / 营收 / 为, not 2025 / 年营 / 收为). So is a numeral with its scale word ('18.4万'): the
segmenter would join 万 to the classifier after it and tag the pair a proper noun (万剂)."""


class Word(NamedTuple):
    """One word of the segmented text: as printed, its tag, and its span in the text (end exclusive)."""

    text: str
    tag: str
    start: int
    end: int


def has_cjk(text: str, start: int = 0, end: int | None = None) -> bool:
    """True when ``text[start:end]`` holds a Chinese character."""
    return CJK.search(text, start, len(text) if end is None else end) is not None


@lru_cache(maxsize=1)
def _segmenter():
    """The rjieba module, imported on first use (its dictionary loads with it, quietly)."""
    import rjieba

    return rjieba


@lru_cache(maxsize=4096)
def in_dictionary(text: str) -> bool:
    """True when the segmenter's dictionary has ``text`` as a word; False for a word its hidden
    Markov model made up from characters it did not know (an unknown name: 兴下源市)."""
    return _segmenter().has_word(text)


@lru_cache(maxsize=8)
def tagged(body: str) -> tuple[Word, ...]:
    """Every word of ``body`` with its tag and offsets, in order (cached per body).

    The words cover the body without gap: their texts joined give ``body`` back.
    """
    out: list[Word] = []
    pos = 0
    tag, new = _segmenter().tag, tuple.__new__  # a Word made without the NamedTuple's Python-level __new__

    def add(chunk: str) -> None:  # the words of one stretch without Arabic numerals, from ``pos`` on
        nonlocal pos
        for text, t in tag(chunk):
            end = pos + len(text)
            out.append(new(Word, (text, t, pos, end)))
            pos = end

    for m in NUMERAL.finditer(body):  # each Arabic numeral (and the date word after it) is a word of its own
        if m.start() > pos:
            add(body[pos:m.start()])
        out.append(new(Word, (m.group(), "m", m.start(), m.end())))
        pos = m.end()
    if pos < len(body):
        add(body[pos:])
    if pos != len(body):  # never seen; keep offsets honest rather than shifted
        raise RuntimeError("segmenter lost characters of the text")
    return tuple(_mend(out))  # measure heads and levels cut across words, joined back


@lru_cache(maxsize=2)
def _heads(size: int) -> frozenset[str]:
    """The measure heads of ``size`` characters (``measure_heads`` of ``zh.yaml``, read once):
    人口 of two, 率 / 额 / 量 of one."""
    from verifier.extract.frame_words import words

    return frozenset(h for h in words("zh")["measure_heads"] if len(h) == size)


def _mend(ws: list[Word]) -> list[Word]:
    """The words with a measure head cut across two words joined again: the segmenter reads
    '老年人口为' as 老年人 / 口为, gluing the head's last character to the linking word after it,
    and '财政赤字率为' as 财政赤字 / 率为. When a word is one character and a linking word (口 + 为,
    率 + 为), and that character with the last of the word before makes a two-character measure
    head (人口: ``measure_heads`` of ``zh.yaml``) or is a one-character head itself (率, 额, 量)
    after a noun, the character goes back to the noun: 老年人口 / 为, 财政赤字率 / 为."""
    from verifier.extract.frame_words import words

    linking, heads, ones = words("zh")["linking"], _heads(2), _heads(1)
    out = list(ws)
    for k in range(1, len(out)):
        a, b = out[k - 1], out[k]
        if len(b.text) >= 2 and b.text[1:] in linking and len(a.text) >= 2 and (
                a.text[-1:] + b.text[0] in heads or (b.text[0] in ones and a.tag.startswith("n"))):
            out[k - 1] = Word(a.text + b.text[0], "n", a.start, a.end + 1)
            out[k] = Word(b.text[1:], "p", b.start + 1, b.end)
    return _level_apart(out)


def _settlement_apart(before: Word, w: Word, nouns: frozenset[str]) -> int | None:
    """Where word ``w`` is cut after the settlement noun it opens on (城市公交 -> 城市 | 公交), or
    None: only right after a place the segmenter tags (ns) or one Chinese character it left
    alone, and only when the dictionary has the rest (see :func:`_level_apart`)."""
    if before.end != w.start or not (before.tag == "ns" or (len(before.text) == 1 and has_cjk(before.text))):
        return None
    noun = next((n for n in nouns if w.text.startswith(n) and len(w.text) > len(n)), None)
    return w.start + len(noun) if noun is not None and in_dictionary(w.text[len(noun):]) else None


def _level_apart(ws: list[Word]) -> list[Word]:
    """The words with a place's level character cut from the word the segmenter glued it to.

    After a name it does not know, the segmenter's hidden Markov model may join the name's level
    character (``place_levels`` of ``zh.yaml``: 市, 县) to the character after it, making up a
    word its dictionary lacks: '江新峰市月平均工资' is read 江 / 新峰 / 市月 / 平均工资. Such a
    made-up word of two characters that opens on a level character, right after another word of
    Chinese characters, is two words: the level (tagged n, as the segmenter tags 市 alone) and the
    character after it, tagged as the segmenter tags it alone (月, m). A word the dictionary has
    (市民, 县城) is left whole.

    Likewise a word that opens on a settlement noun (``place_nouns``: 城市公交, 'city bus') right
    after a place the segmenter knows or a character it left alone is the noun and the word
    after it when the dictionary has that word (平西 / 城市 / 公交, 和 / 下 / 城市 / 公交): there
    the noun ends the place's name (:mod:`verifier.extract.zh_names`), whether or not the
    segmenter glued it to the next word."""
    from verifier.extract.frame_words import words

    levels, nouns = words("zh")["place_levels"], words("zh")["place_nouns"]
    out: list[Word] = []
    for w in ws:
        if len(w.text) == 2 and w.text[0] in levels and out and out[-1].end == w.start and has_cjk(w.text) \
                and has_cjk(out[-1].text) and not in_dictionary(w.text):
            rest = w.text[1]
            out.append(Word(w.text[0], "n", w.start, w.start + 1))
            out.append(Word(rest, _segmenter().tag(rest)[0][1], w.start + 1, w.end))
        elif out and (cut := _settlement_apart(out[-1], w, nouns)) is not None:
            head, rest = w.text[:cut - w.start], w.text[cut - w.start:]
            out.append(Word(head, _segmenter().tag(head)[0][1], w.start, cut))
            out.append(Word(rest, _segmenter().tag(rest)[0][1], cut, w.end))
        else:
            out.append(w)
    return out


@lru_cache(maxsize=8)
def _starts(body: str) -> tuple[int, ...]:
    return tuple(w.start for w in tagged(body))


def words_in(body: str, start: int, end: int) -> tuple[Word, ...]:
    """The words of ``body`` that lie wholly within ``[start, end)`` (the body is tagged once)."""
    words, starts = tagged(body), _starts(body)
    i = bisect_left(starts, start)
    j = bisect_left(starts, end, i)
    while j > i and words[j - 1].end > end:
        j -= 1
    return words[i:j]
