"""English words and capitalised names in a span, without a lexicon.

A *name* is a run of capitalised words ('Fairfax County', 'Acme Corp', 'BMW'), with 'of',
'for', 'de' or '&' inside it when a capitalised word follows ('Bank of England'). Words that
are capitalised only because they open a sentence or name a date are not names: the run loses
its leading :data:`.lexicon.STOP_WORDS` ('The White House' -> 'White House', 'In Fairfax
County' -> 'Fairfax County'), and a single word opening the sentence ('Quarterly', 'Turnout')
is a name only when it is possessive ("Nigeria's") or an acronym, or the article prints it
capitalised inside a sentence too.

Shape::

    names_in(body, 0, 40, 0, spans=()) -> [Name("Acme Corp", 0, 9)]
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final, NamedTuple

from verifier.extract.lexicon import STOP_WORDS

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
    return [Token(m.group(), m.start(), m.end()) for m in TOKEN.finditer(body, start, end)]


def is_word(t: Token) -> bool:
    """A token that is a word (starts with a letter)."""
    return t.text[:1].isalpha()


def capitalised(t: Token) -> bool:
    """A word starting with a capital letter."""
    return t.text[:1].isupper()


def possessive(body: str, end: int) -> bool:
    """True when a possessive ('s, ’s, or a lone apostrophe after a plural) follows offset ``end``."""
    return body[end:end + 2] in ("'s", "’s", "'S") or (body[end:end + 1] in "'’" and body[end - 1:end] == "s"
                                                         and body[end:end + 1] != "")


@lru_cache(maxsize=8)
def _mid_capitals(body: str) -> frozenset[str]:
    """Capitalised words the body prints inside a sentence (computed once per body)."""
    return frozenset(_MID_CAPITAL.findall(body))


def names_in(body: str, start: int, end: int, sentence_start: int, times: tuple[tuple[int, int], ...] = ()) -> list[Name]:
    """Capitalised names in ``body[start:end]`` (see the module docstring), in text order.

    Args:
        body: the article text.
        start, end: the span searched.
        sentence_start: where the sentence starts (its first word is capitalised by position).
        times: spans of dates and times of day; a name that overlaps one is no name ('March 2024').
    """
    toks = tokens(body, start, end)
    out: list[Name] = []
    i = 0
    while i < len(toks):
        if not (is_word(toks[i]) and capitalised(toks[i])):
            i += 1
            continue
        j = i + 1  # extend the run: capitals, or a connector before a capital
        while j < len(toks):
            t = toks[j]
            if body[toks[j - 1].end:t.start] != " ":
                break
            if is_word(t) and capitalised(t):
                j += 1
            elif t.text in CONNECTORS and j + 1 < len(toks) and capitalised(toks[j + 1]) and is_word(toks[j + 1]) \
                    and body[t.end:toks[j + 1].start] == " ":
                j += 2
            else:
                break
        run = toks[i:j]
        i = j
        while run and run[0].text in STOP_WORDS:
            run = run[1:]
        while run and (run[-1].text in STOP_WORDS or run[-1].text in CONNECTORS):
            run = run[:-1]
        if not run:
            continue
        name = Name(body[run[0].start:run[-1].end], run[0].start, run[-1].end)
        if any(s < name.end and name.start < e for s, e in times):
            continue
        if len(run) == 1 and _opens_sentence(body, name.start, sentence_start) and not (
                possessive(body, name.end) or name.text.isupper() or name.text in _mid_capitals(body)):
            continue  # 'Quarterly revenue rose', 'Turnout was': capitalised by position only
        out.append(name)
    return out


def _opens_sentence(body: str, pos: int, sentence_start: int) -> bool:
    """True when only quotes, brackets or spaces stand between the sentence start and ``pos``."""
    return not body[sentence_start:pos].strip(" \t\"'“‘([*-–—")
