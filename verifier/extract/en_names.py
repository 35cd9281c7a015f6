"""English words and capitalised names in a span, without a lexicon.

A *name* is a run of capitalised words ('Fairfax County', 'Acme Corp', 'BMW'), with 'of',
'for', 'de' or '&' inside it when a capitalised word follows ('Bank of England'). Words that
are capitalised only because they open a sentence or name a date are not names: the run loses
its leading :data:`.lexicon.STOP_WORDS` ('The White House' -> 'White House', 'In Fairfax
County' -> 'Fairfax County'), and a single word opening the sentence ('Quarterly', 'Turnout')
is a name only when it is possessive ("Nigeria's", not the plural "Teachers' unions") or an
acronym, or the article prints it capitalised inside a sentence or possessive elsewhere too. A
plural possessive may stand inside a name ("the Grain Growers' Union"); letters right before a
currency sign are the currency's prefix, not a name ('NZ$1.4 billion', 'A$120 million').

Shape::

    names_in(body, 0, 40, 0) -> (Name("Acme Corp", 0, 9),)
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final, NamedTuple

from verifier.extract.lexicon import OPENING_MARKS, STOP_WORDS

TOKEN: Final = re.compile(
    r"[A-Za-z](?:[A-Za-z0-9&-]|['’](?![sS]\b)|\.(?=[A-Za-z]))*"  # a word: 'U.S.', "O'Neill", 'Wal-Mart' (not the possessive 's)
    r"|['’][sS]\b"                                                  # the possessive, a token of its own
    r"|\d(?:[\d,.:]*\d)?%?"                                         # a numeral: '1,200', '8:30', '4.1%'
    r"|\S"                                                          # any other character: '$', '(', ','
)
"""Tokens of English text."""

CONNECTORS: Final = frozenset({"of", "for", "de", "del", "du", "da", "von", "van", "&"})
"""Lower-case words inside a name when a capitalised word follows: 'Bank of England'."""

_MID_CAPITAL: Final = re.compile(r"(?<=[A-Za-z0-9,;:] )[A-Z][A-Za-z]+")
"""A capitalised word inside a sentence (after a word or a comma, not a full stop)."""


class Token(NamedTuple):
    """One token: as printed, and its span (end exclusive)."""

    text: str
    start: int
    end: int


class Name(NamedTuple):
    """A capitalised name: as printed, and its span."""

    text: str
    start: int
    end: int


def tokens(body: str, start: int, end: int) -> list[Token]:
    """The tokens of ``body[start:end]`` (:data:`TOKEN`)."""
    new = tuple.__new__  # a Token made without the NamedTuple's Python-level __new__
    return [new(Token, (m.group(), m.start(), m.end())) for m in TOKEN.finditer(body, start, end)]


def is_word(t: Token) -> bool:
    """A token that is a word (starts with a letter)."""
    return t.text[:1].isalpha()


def capitalised(t: Token) -> bool:
    """A word starting with a capital letter."""
    return t.text[:1].isupper()


def possessive(body: str, end: int) -> bool:
    """True when a possessive follows offset ``end``: 's, ’s, or an apostrophe after a plural
    ('the Tigers' coach')."""
    nxt = body[end:end + 1]
    return body[end:end + 2] in ("'s", "’s") or (nxt in ("'", "’") and body[end - 1:end] == "s")


_POSSESSED: Final = re.compile(r"\b([A-Z][A-Za-z]+)['’]s\b")
"""A capitalised word with a singular possessive ("Nigeria's")."""


@lru_cache(maxsize=8)
def _mid_capitals(body: str) -> frozenset[str]:
    """Capitalised words the body prints inside a sentence or with a singular possessive
    anywhere (computed once per body): either way the body shows them to be names, so the same
    word opening another sentence is one too ("Dunlingdale's budget…" then "Dunlingdale
    employed 9,621 staff")."""
    return frozenset(_MID_CAPITAL.findall(body)) | frozenset(_POSSESSED.findall(body))


NAME_RUN: Final = re.compile(
    r"(?<![\w'’.°-])"                                      # not inside a word, nor a unit after a degree sign ('20°F')
    r"[A-Z][\w&-]*"                                         # a capitalised word: 'Fairfax', 'BMW'
    r"(?:(?:['’](?= [A-Z]))?"                               # a plural possessive inside a name: "Growers' Union"
    r"(?: (?:of|for|de|del|du|da|von|van|&))? [A-Z][\w&-]*)*"  # more of them, maybe joined: 'Bank of England'
    r"(?![\w$€£¥])"                                        # not a currency's prefix: 'NZ$1.4 billion', 'A$120'
)
"""A run of capitalised words, the raw form of a name (:func:`names_in` trims it)."""


@lru_cache(maxsize=256)
def names_in(body: str, start: int, end: int, sentence_start: int) -> tuple[Name, ...]:
    """Capitalised names in ``body[start:end]`` (see the module docstring), in text order;
    cached, since every figure of a sentence asks for the sentence's names.

    Args:
        body: the article text.
        start, end: the span searched.
        sentence_start: where the sentence starts (its first word is capitalised by position).
    """
    out: list[Name] = []
    for m in NAME_RUN.finditer(body, start, end):
        parts = m.group().split(" ")
        lead = 0
        while lead < len(parts) and parts[lead] in STOP_WORDS:
            lead += 1
        tail = len(parts)
        while tail > lead and (parts[tail - 1] in STOP_WORDS or parts[tail - 1] in CONNECTORS):
            tail -= 1
        if lead >= tail:
            continue
        s = m.start() + sum(len(w) + 1 for w in parts[:lead])
        text = " ".join(parts[lead:tail])
        if any(w[:1].isdigit() for w in parts[lead:tail]) or not text[:1].isupper():
            continue
        n = Name(text, s, s + len(text))
        if tail - lead == 1 and opens_sentence(body, n.start, sentence_start) and not (
                _singular_possessive(body, n.end) or text.isupper() or text in _mid_capitals(body)):
            continue  # 'Quarterly revenue rose', 'Turnout was', "Teachers' unions": capitalised by position only
        out.append(n)
    return tuple(out)


def _singular_possessive(body: str, end: int) -> bool:
    """True when 's or ’s follows ``end`` ("Nigeria's"): a sentence-opening word with it is a name;
    with a plural's bare apostrophe ("Teachers' unions", "Farmers' incomes") it is a common noun."""
    return body[end:end + 2] in ("'s", "’s")


def opens_sentence(body: str, pos: int, sentence_start: int) -> bool:
    """True when only :data:`OPENING_MARKS` stand between the sentence start and ``pos``."""
    return not body[sentence_start:pos].strip(OPENING_MARKS)
