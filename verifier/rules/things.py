"""Whether two claims' measured things can be the same: the guard that keeps a contradiction
from resting on two different nouns.

    same_thing("estimated cost", "cost") -> True      same_thing("overruns", "cost") -> False
    same_thing("出口量", "新能源汽车出口量") -> True     same_thing("power", "功耗") -> True (two languages: unknown)

Two figures of one holder and metric are one fact only if they measure the same thing. The
subject path gives coarse metrics ('cost' for a budget, an overrun and a fee alike), so when both
claims name their measured thing (:attr:`~verifier.models.claim.Claim.measured`) in the same
script and the two phrases share no content word (English) or no two-character word (Chinese),
nothing says they are one fact. Names in different languages, or a missing phrase, are not
evidence either way: the guard then says True, so it only ever removes findings.
"""

from __future__ import annotations

import re
from typing import Final

CJK: Final = re.compile(r"[\u3400-\u9fff]")
WORD: Final = re.compile(r"[A-Za-z]{3,}")
FUNCTION_WORDS: Final = frozenset({"the", "and", "for", "its", "their", "with", "from", "into", "per", "all", "total", "number"})
"""English words that name no measured thing ('the number of', 'total')."""


def _words(phrase: str) -> set[str]:
    """Content words of an English phrase, lower-cased, a plural 's' dropped ('patients' -> 'patient')."""
    out = set()
    for w in WORD.findall(phrase.lower()):
        if w not in FUNCTION_WORDS:
            out.add(w[:-1] if w.endswith("s") and not w.endswith("ss") else w)
    return out


def _bigrams(phrase: str) -> set[str]:
    """Two-character runs of the Chinese characters of a phrase."""
    han = "".join(CJK.findall(phrase))
    return {han[i:i + 2] for i in range(len(han) - 1)} or ({han} if han else set())


def same_thing(a: str | None, b: str | None) -> bool:
    """False only when measured things ``a`` and ``b`` are both given, in the same script, and
    share no content word (two-character word in Chinese); True otherwise (see the module docstring)."""
    if not a or not b:
        return True
    za, zb = bool(CJK.search(a)), bool(CJK.search(b))
    if za != zb:
        return True
    if za:
        return bool(_bigrams(a) & _bigrams(b))
    wa, wb = _words(a), _words(b)
    return not wa or not wb or bool(wa & wb)
