"""Subjects: an editable lexicon looked up with an automaton, plus names discovered in the text.

The lexicon (``verifier/data/subjects.yaml``, read by :func:`.lexicon_files.load_lexicon`) lists
subjects with aliases in both languages and a *kind* (product, company, model, platform,
analyst...). Lookup runs one
pyahocorasick automaton over the case-folded text (~170 MB/s on English, see
``PERFORMANCE.md``), never a regex alternation. Variants that the automaton misses
("GB 200", "gb-200") are resolved with rapidfuzz against the normalised aliases.

Discovery finds subjects the lexicon does not know, so a new article needs no lexicon edit:
product codes ("X1", "MI355X"), capitalised names ("Zephyr X1", "Jalapeño", "Orca 9"),
and quoted Chinese names (「辣椒」). A name followed by a parameter count ("Nova 70B") is a
model.

Shape of a mention::

    Mention(start=12, end=17, name="GB200", kind="product", surface="GB 200")
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Iterable

SUBJECT_KINDS: Final = frozenset({"product", "company", "person", "generic", "discovered", "quoted"})
"""Kinds whose mentions can be the subject of a figure."""

ORIGIN_KINDS: Final = frozenset({"platform", "outlet", "analyst", "vendor", "company", "person"})

KINDS: Final = SUBJECT_KINDS - {"discovered", "quoted"} | ORIGIN_KINDS | {"model", "benchmark", "component", "precision", "place", "rivals"}
"""The kinds a lexicon entry may have (see the header of ``verifier/data/subjects.yaml``)."""
"""Kinds whose mentions can be the origin of an attributed figure."""

FUZZY_CUTOFF: Final = 90
"""Least rapidfuzz ratio (0-100) for a discovered name to resolve to a lexicon alias once
both are normalised; 90 accepts one edit in a ten-character code and rejects GB200 vs GB300
(ratio 80)."""

_PRODUCT_CODE: Final = re.compile(
    r"(?<![A-Za-z0-9.])"                # not inside a longer token
    r"[A-Z][A-Za-z]{0,5}"              # letter prefix: X, MI, GB, TPU
    r"[ -]?\d{1,4}[A-Za-z]{0,3}"       # number with optional suffix: 1, 355X, 200
    r"(?:\.\d)?(?![A-Za-z0-9]|\.\w|\s*年)"  # optional point release: K2.5 (a full stop may follow; '2025年' is a year)
)
"""Product codes: 'X1', 'GB 200', 'MI355X', 'K2.5'."""

_L: Final = "A-Za-zÀ-ÖØ-öø-ÿĀ-ſ"
"""Latin letters, with the accented ones of Western European names (ñ, é, ü)."""

_CAP_NAME: Final = re.compile(
    rf"(?<![{_L}0-9])"
    rf"[A-Z][{_L}&-]*[{_L}]"                          # a capitalised word: 'Zephyr', 'Jalapeño'
    rf"(?:(?:[ ](?:de|del|della|der|di|du|da|la|le|van|von|y))?[ ][A-Z][{_L}&-]*[{_L}]"  # more capitalised words: 'Richard Ho', 'Refinería del Sur'
    rf"|[ ][A-Z]?\d{{1,4}}[A-Za-z]?(?![{_L}0-9]|[.,]\w|\s*年))*"  # or a model number: 'Orca 9', 'Zephyr X1' (not a year: 'Helion 2025年')
    rf"(?![{_L}])"
)
"""Capitalised names: 'Zephyr X1', 'Jalapeño', 'Orca 9', 'Richard Ho', 'Refinería del Sur'."""

_QUOTED_ZH: Final = re.compile(r"[「『“《]([^」』”》\n]{1,8})[」』”》]")
"""A short name in Chinese quotation marks: 「辣椒」, “星河”."""

_PAREN_ALIAS: Final = re.compile(r"[（(]([^）)\n]{1,12})[）)]")
"""A parenthesised alias right after a name: 'Jalapeño（墨西哥辣椒）'."""

STOP_WORDS: Final = frozenset(
    "The A An This That These Those It Its In On At By For From With Without As And But Or If When While "
    "After Before Still Per Say Why What How Who Where Which Our Their His Her We They You I "
    "Meanwhile However Once Sources Roughly First Second Third Next Last One Two Three "
    "January February March April May June July August September October November December "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday "
    "Each Every Both All Some Most Many Several Few Any No Other Another Such Your My Only Even Also Then "
    "Now Today Yesterday Tomorrow Last Earlier Later Since Until Although Because So Yet Nor Than Under Over "
    "Of About Around Nearly Almost Just More Less Up Down Among Across Against Despite Including Like Unlike".split()
)
"""Capitalised words that start sentences or name dates, never subjects on their own."""

TITLES: Final = frozenset(
    "Mr Mrs Ms Dr Prof Professor Councillor Councilor Mayor Minister Senator Governor President Chairman "
    "Chairwoman Chair CEO CFO CTO Director Secretary Commissioner Analyst Judge Sir Dame".split())
"""Titles before a capitalised name: 'Councillor Priya Shah' is a person, who owns no product's figure."""

ACRONYM_MAX: Final = 5
"""An all-capital word of up to five letters without digits (TDP, LLM, ASIC) is an acronym,
not a name, unless the lexicon lists it."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One lexicon entry: canonical name, kind and aliases."""

    name: str
    kind: str
    aliases: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Mention:
    """A subject mention in a text: span, canonical name, kind and the text as printed."""

    start: int
    end: int
    name: str
    kind: str
    surface: str


def normalise(text: str) -> str:
    """Fold case, accents, spaces and hyphens: 'GB 200' and 'gb-200' -> 'gb200'."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _is_word(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


RESOLVED_MAX: Final = 65536
"""Fuzzy look-ups a lexicon remembers before it forgets them all (a bound on memory over a
long run; names of a corpus are far fewer)."""


class Lexicon:
    """Aliases in an Aho-Corasick automaton, with fuzzy resolution of variants."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        import ahocorasick

        entries = list(entries)
        self.rival_words: tuple[str, ...] = tuple(a.casefold() for e in entries if e.kind == "rivals" for a in e.aliases)
        """Words a corpus uses for the set a product is compared with (entries of kind 'rivals':
        '是对比系统的1.5倍'); they name no subject, so they are not searched for as mentions."""
        self.entries = [e for e in entries if e.kind != "rivals"]
        self._auto = ahocorasick.Automaton()
        self._norm: dict[str, Entry] = {}
        self._resolved: dict[str, Entry | None] = {}
        for entry in self.entries:
            for alias in (entry.name, *entry.aliases):
                key = alias.casefold()
                if len(key) == len(alias) and not self._auto.exists(key):  # keep offsets exact; first entry wins
                    self._auto.add_word(key, (len(key), entry))
                self._norm.setdefault(normalise(alias), entry)
        self._auto.make_automaton()

    def find(self, text: str) -> list[Mention]:
        """Lexicon mentions in ``text``, longest first, non-overlapping, in text order (none
        for an empty lexicon: pyahocorasick refuses to search an automaton without words)."""
        if not len(self._auto):
            return []
        folded = text.casefold()
        if len(folded) != len(text):
            folded = "".join(ch.casefold() if len(ch.casefold()) == 1 else ch for ch in text)
        found = []
        for end, (length, entry) in self._auto.iter(folded):
            start, stop = end - length + 1, end + 1
            if _is_word(text[start]) and start > 0 and _is_word(text[start - 1]):
                continue
            if _is_word(text[stop - 1]) and stop < len(text) and _is_word(text[stop]):
                continue
            found.append(Mention(start, stop, entry.name, entry.kind, text[start:stop]))
        return _non_overlapping(found)

    def resolve(self, surface: str) -> Entry | None:
        """The entry a variant spelling stands for ('GB 200' -> GB200), or None. A fuzzy
        look-up compares the spelling with every alias, so its answer is remembered per
        spelling (up to :data:`RESOLVED_MAX`): a long article names the same things again and
        again."""
        key = normalise(surface)
        if not key:
            return None
        if key in self._norm:
            return self._norm[key]
        if key in self._resolved:
            return self._resolved[key]
        from rapidfuzz import fuzz, process

        hit = process.extractOne(key, self._norm.keys(), scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
        if len(self._resolved) >= RESOLVED_MAX:
            self._resolved.clear()
        self._resolved[key] = found = self._norm[hit[0]] if hit else None
        return found


class _Occupied:
    """Character positions covered by spans, as a byte mask: each test costs the length of
    the span tested, not the number of spans (articles of megabytes stay linear)."""

    def __init__(self, size: int, spans: list[tuple[int, int]] = ()) -> None:
        self.mask = bytearray(size + 1)
        for a, b in spans:
            self.take(a, b)

    def take(self, a: int, b: int) -> None:
        """Mark [a, b) as covered."""
        self.mask[a:b] = b"\x01" * max(0, b - a)

    def free(self, s: int, e: int) -> bool:
        """True when no position of [s, e) is covered."""
        return self.mask.find(1, s, e) < 0


def _non_overlapping(found: list[Mention]) -> list[Mention]:
    """Keep the longest of overlapping mentions (earlier first on ties), in text order."""
    kept: list[Mention] = []
    taken = _Occupied(max((m.end for m in found), default=0))
    for m in sorted(found, key=lambda m: (-(m.end - m.start), m.start)):
        if taken.free(m.start, m.end):
            kept.append(m)
            taken.take(m.start, m.end)
    return sorted(kept, key=lambda m: m.start)


def discover(text: str, taken: list[tuple[int, int]], lexicon: Lexicon) -> list[Mention]:
    """Names in ``text`` that no lexicon mention covers: codes, capitalised and quoted names.

    Args:
        text: the article body.
        taken: spans already claimed (lexicon mentions, quantities); discovery avoids them.
        lexicon: used to resolve variant spellings of known names ('GB 200').
    """
    found: list[Mention] = []
    occupied = _Occupied(len(text), taken)
    free = occupied.free
    words = _Words(text)

    doubtful: list[tuple[int, int]] = []
    for start, end in _candidates(text):
        s, e = _trim(text, start, end, occupied)
        while s < e and text[s:e].split(" ", 1)[0] in STOP_WORDS and " " in text[s:e]:
            s += len(text[s:e].split(" ", 1)[0]) + 1  # 'The Zephyr X1' -> 'Zephyr X1'
        if s >= e or not free(s, e) or text[s:e] in STOP_WORDS or not any(ch.isalpha() for ch in text[s:e]):
            continue  # ('Of 640' trimmed to '640': a figure, no name)
        entry = lexicon.resolve(text[s:e])
        if entry is not None:
            found.append(Mention(s, e, entry.name, entry.kind, text[s:e]))
        elif _plausible(text, s, e, words):
            titled = text[s:e].split(" ", 1)[0] in TITLES and " " in text[s:e]
            found.append(Mention(s, e, text[s:e], "person" if titled else "discovered", text[s:e]))
        else:
            doubtful.append((s, e))
    names = {m.name for m in found if m.kind == "discovered"}
    # one sense per article: a word shown to be a name once ('Voltline 去年…') is a name at a
    # sentence opening too ('Voltline installed 12,000 chargers'), where a capital proves nothing
    found += [Mention(s, e, text[s:e], "discovered", text[s:e]) for s, e in doubtful if text[s:e] in names]
    for m in _QUOTED_ZH.finditer(text):
        if free(m.start(1), m.end(1)):
            found.append(Mention(m.start(1), m.end(1), m.group(1), "quoted", m.group(1)))
    return _non_overlapping(found)


@lru_cache(maxsize=4)
def _candidates(text: str) -> tuple[tuple[int, int], ...]:
    """The spans of the product codes of ``text``, then of its capitalised names, each in text
    order: the name candidates of :func:`discover`, which reads an article twice (with its
    lexicon mentions taken, then with its quantities taken too)."""
    return tuple(m.span() for rx in (_PRODUCT_CODE, _CAP_NAME) for m in rx.finditer(text))


def _trim(text: str, s: int, e: int, occupied: _Occupied) -> tuple[int, int]:
    """Cut a candidate where a taken span (a quantity, a lexicon name) begins inside it, and
    start it after any taken span it begins in."""
    while s < e and not occupied.free(s, s + 1):
        s += 1
    cut = occupied.mask.find(1, s, e)
    if cut >= 0:
        e = cut
    while e > s and text[e - 1] in " -'’":
        e -= 1
    while s < e and not text[s].isupper():
        s += 1  # a name starts with a capital (after a cut: ' InferenceX', '-fication')
    return s, e


_LETTERS: Final = re.compile(r"[A-Za-z]+")
"""A run of ASCII letters (a word of a Latin-script article, or part of one)."""

_AFTER_LOWER: Final = re.compile(
    r"(?<=[a-z,] )"   # after a lower-case letter or a comma and one space: mid-sentence
    r"[A-Za-z]+"      # a whole run of letters (the lookbehind puts its start at a run start)
    r"(?!\w)"         # ending the word (a \b after it)
)
"""A word printed mid-sentence: 'the Zephyr said' -> 'Zephyr'."""


@lru_cache(maxsize=4)
def _letter_runs(text: str) -> frozenset[str]:
    """The runs of ASCII letters of ``text`` (:data:`_LETTERS`), read once per article."""
    return frozenset(_LETTERS.findall(text))


@lru_cache(maxsize=4)
def _mid_sentence_words(text: str) -> frozenset[str]:
    """The words of ``text`` printed mid-sentence (:data:`_AFTER_LOWER`), read once per article."""
    return frozenset(_AFTER_LOWER.findall(text))


class _Words:
    """Answers, for the whole article, whether a capitalised word also occurs in lower case and
    whether it occurs mid-sentence.

    A regex search of the whole text per candidate made discovery quadratic in the article's
    length; here a word of ASCII letters is looked up in sets of the article's letter runs,
    built once (linear), and any other word falls back to the search, once per distinct word.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self._runs: frozenset[str] | None = None
        self._mid: frozenset[str] | None = None
        self._memo: dict[tuple[str, str], bool] = {}

    def in_lower_case(self, word: str) -> bool:
        """True when ``word.lower()`` occurs in the text between non-letters (Token/token)."""
        low = word.lower()
        if _LETTERS.fullmatch(low):
            if self._runs is None:
                self._runs = _letter_runs(self.text)
            return low in self._runs  # a match between non-letters is a whole run of letters
        return self._search("lower", r"(?<![A-Za-z])" + re.escape(low) + r"(?![A-Za-z])", word)

    def mid_sentence(self, word: str) -> bool:
        """True when ``word`` follows a lower-case letter or a comma and a space somewhere."""
        if _LETTERS.fullmatch(word):
            if self._mid is None:
                self._mid = _mid_sentence_words(self.text)
            return word in self._mid
        return self._search("mid", r"[a-z,] " + re.escape(word) + r"\b", word)

    def _search(self, what: str, pattern: str, word: str) -> bool:
        key = (what, word)
        if key not in self._memo:
            self._memo[key] = re.search(pattern, self.text) is not None
        return self._memo[key]


_FORMULA: Final = re.compile(r"CO2e?|CH4|NOx|NO2|SO2|N2O|H2O|H2|O2|PM2\.5|PM10|CO")
"""Chemical formulas and pollutants, which look like product codes."""

_CJK_NEXT: Final = re.compile(r" ?[\u4e00-\u9fff]")
_CJK_BEFORE: Final = re.compile(r"[\u4e00-\u9fff] ?$")
"""A Chinese character right after a word (one space allowed): the word is inside Chinese text."""


OPENING_MARKS: Final = " \t\"'“‘([*-–—#>"
"""What may stand before a sentence's first word without being one: spaces, quotes, brackets,
dashes and Markdown's marks of a list item, a heading or a quotation ('# Annual report 2025':
'Annual' opens the heading, capitalised by position only)."""


def _plausible(text: str, s: int, e: int, words: _Words) -> bool:
    """Whether a discovered candidate is a name (see the module docstring).

    Not names: stop words, short acronyms (TDP), capitalised common nouns that also occur in
    lower case in the article (Token/token), and English sentence openers seen only there (the
    first word of a line after a Markdown heading, list or quotation mark opens one too).
    """
    word = text[s:e]
    first = word.split()[0]
    if _FORMULA.fullmatch(word):
        return False  # 'CO2', 'PM2.5': a substance, not a product code
    if first in STOP_WORDS or (word.isalpha() and word.isupper() and len(word) <= ACRONYM_MAX):
        return False
    if any(ch.isdigit() for ch in word) or not word.isascii() or " " in word:
        return True
    if words.in_lower_case(word):
        return False
    if _CJK_NEXT.match(text, e) or _CJK_BEFORE.search(text, max(0, s - 2), s) or any(ch.isupper() for ch in word[1:]):
        return True  # 'Acme与Globex…', 'AgentX 是…': Chinese capitalises no sentence opener; 'AgentX': inner capital
    before = text[max(0, s - 2):s]
    opener = before.endswith((". ", ": ", "! ", "? ", "— ")) \
        or not text[text.rfind("\n", 0, s) + 1:s].strip(OPENING_MARKS)  # a line's first word: 'Wheat', '# Harvest statement', '- Wheat output
    return not opener or words.mid_sentence(word)


def learn_aliases(text: str, mentions: list[Mention]) -> dict[str, str]:
    """Aliases an article defines in parentheses after a name: {'墨西哥辣椒': 'Jalapeño'}."""
    out: dict[str, str] = {}
    for m in mentions:
        if m.kind not in SUBJECT_KINDS:
            continue
        p = _PAREN_ALIAS.match(text, m.end, min(len(text), m.end + 16))
        if p and not any(ch.isdigit() for ch in p.group(1)):
            out[p.group(1).strip()] = m.name
    return out


def resolve_alias(name: str, aliases: dict[str, str]) -> str | None:
    """The subject a learnt alias stands for, fuzzily ('辣椒' ~ '墨西哥辣椒'), or None."""
    if not aliases:
        return None
    from rapidfuzz import fuzz, process

    hit = process.extractOne(name, aliases.keys(), scorer=fuzz.partial_ratio, score_cutoff=FUZZY_CUTOFF)
    return aliases[hit[0]] if hit and len(name) >= 2 else None


_BENCHMARK_BEFORE: Final = re.compile(r"(?:基准|基准测试|测试集|榜单|benchmark|leaderboard)\s*$", re.IGNORECASE)
"""A benchmark word right before a name: '公开基准InferenceX', 'the benchmark InferenceX'."""

_BENCHMARK_AFTER: Final = re.compile(
    r"\s*(?:公开)?(?:基准|测试集|榜单|benchmark|leaderboard|test suite)"     # 'InferenceX公开基准', 'InferenceX benchmark'
    r"|\s*,\s*(?:the|a)\s+(?:[\w-]+\s+){0,3}(?:benchmark|leaderboard)",   # 'InferenceX, the public inference benchmark'
    re.IGNORECASE,
)
"""A benchmark word right after a name."""


def demote_benchmarks(text: str, mentions: list[Mention]) -> list[Mention]:
    """Discovered names the article calls a benchmark become kind 'benchmark' everywhere in it:
    a benchmark is the context of figures, never their subject."""
    names = set()
    for m in mentions:
        if m.kind not in ("discovered", "quoted"):
            continue
        if _BENCHMARK_BEFORE.search(text, max(0, m.start - 12), m.start) or _BENCHMARK_AFTER.match(text, m.end, m.end + 48):
            names.add(m.name)
    return [Mention(m.start, m.end, m.name, "benchmark", m.surface) if m.name in names else m for m in mentions]
