"""The one loader of the word tables of change and comparison (``verifier/data/derivations.yaml``).

The verbs, nouns and adverbs of change ('rose', '下降', 'an increase of'), the comparatives
('higher', 'cheaper', '高', '便宜'), the markers of a change's base and new level ('from', '由',
'to', '至'), the time basis of a change ('year on year', '同比') and the other cue words of
derivations live in that one file, each word once. A module that needs a narrower list (the
verbs that stand right before 'by N%', the stems a metric cue looks for as a substring) reads
a named subset of the file's ``subsets`` section instead of copying words: every word of a
subset is a word of the file's main sections, or a stem of one (see :func:`check_subsets`).

Words of the quantity layer are not here: units, currencies and Chinese magnitudes live in
:mod:`verifier.quantities.units`, approximation and bound words in
:mod:`verifier.quantities.approx` (Python constants, so that ``verifier quantities`` starts
without importing yaml); the extract side imports them from there.

Shape::

    section("up", "en")            -> ("rose", "risen", ...)       # a main section, as written
    subset("verb_before_up", "en") -> ("up", "rose", "rising", ...)
    alternation(("rose", "up by")) -> "rose|up\\s+by"           # as written, spaces any run
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Final, Iterable

DATA: Final = Path(__file__).resolve().parent / "data" / "derivations.yaml"
"""The file of the words of change and comparison."""

SUBSETS: Final = "subsets"
"""The section of named narrower lists (``{name: {lang: [words]}}``)."""


@lru_cache(maxsize=4)
def load(path: str | None = None) -> dict:
    """The word file ``path`` (default :data:`DATA`) as loaded, once per process:
    ``{section: {lang: [words] | {word: factor}}}``.

    Raises:
        OSError, InputError: the file cannot be read or parsed.
    """
    from verifier.ingest.yamlio import load_table  # only the extract side reads these words; the quantity layer never imports yaml

    return load_table(Path(path or DATA))


def section(name: str, lang: str) -> tuple[str, ...]:
    """The words of main section ``name`` in language ``lang`` ('en', 'zh', or a key such as
    'zh_among'), in file order.

    Raises:
        KeyError: no such section or language.
    """
    return tuple(str(w) for w in load()[name][lang])


def subset(name: str, lang: str) -> tuple[str, ...]:
    """The words of the named subset ``name`` in language ``lang``, in file order (the order
    a regex built from them tries them). A stem is returned without its trailing '-'.

    Raises:
        KeyError: no such subset or language.
    """
    return tuple(str(w).removesuffix("-") for w in load()[SUBSETS][name][lang])


def alternation(words: tuple[str, ...] | list[str]) -> str:
    """A regex alternation of ``words`` in the order given, escaped, a space matching any run
    of white space: ('rose', 'went up') -> 'rose|went\\s+up'."""
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)


def trie_alternation(words: Iterable[str]) -> str:
    """A regex that matches the same strings as :func:`alternation` of ``words``, factored as a
    trie of their characters ('rose', 'rise' -> 'r(?:ise|ose)'), so that the regex engine tries
    each character once at a position rather than once per word: for asking whether any of
    many words occurs (a search's truth), not which one (an alternation's order is lost)."""
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(r"\s+" if ch == " " else re.escape(ch), {})
        node[""] = {}
    return _trie_pattern(root)


def _trie_pattern(node: dict) -> str:
    """The regex of one trie node (:func:`trie_alternation`): its branches, optional when a word ends here."""
    branches = [unit + _trie_pattern(child) for unit, child in sorted(node.items()) if unit]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if "" in node else body


def subset_pattern(name: str, lang: str) -> str:
    """The words of subset ``name`` as a regex alternation (:func:`alternation`), a stem
    ('beat-') matching any word it starts ('beat\\w*': 'beat', 'beating').

    Raises:
        KeyError: no such subset or language.
    """
    return "|".join(re.escape(w[:-1]) + r"\w*" if w.endswith("-") else alternation([w])
                    for w in (str(x) for x in load()[SUBSETS][name][lang]))


def main_words(lang: str) -> frozenset[str]:
    """Every word of the main sections (all but :data:`SUBSETS`) of language ``lang`` (a key
    starting with ``lang``, so 'zh' covers 'zh_among' and 'zh_part'), lower-cased."""
    out: set[str] = set()
    for name, table in load().items():
        if name == SUBSETS:
            continue
        for key, words in table.items():
            if key.startswith(lang):
                out.update(str(w).lower() for w in words)
    return frozenset(out)


def check_subsets() -> list[str]:
    """The words of the subsets that are neither a word of the main sections nor a stem of one
    ('reduc-' prefixes 'reduction'), as 'subset/lang: word' lines; [] when all hold.

    A Chinese word may start with a word of the main sections ('降了' of '降', '差距是' of '差距').
    """
    bad = []
    for name, table in load()[SUBSETS].items():
        for lang, words in table.items():
            known = main_words(lang)
            for w in (str(x).lower() for x in words):
                base = w.removesuffix("-")
                if base in known or (w.endswith("-") and any(k.startswith(base) for k in known)) \
                        or (not w.isascii() and any(w.startswith(k) for k in known)):
                    continue
                bad.append(f"{name}/{lang}: {w}")
    return bad
