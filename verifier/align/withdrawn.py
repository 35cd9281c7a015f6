"""Figures their own source takes back: 'times of 2:04:27 … were issued. Those times were wrong.'

    withdrawn(body, claim) -> bool

A source that corrects itself prints the wrong figure and the word that it was wrong: the
sentence right after the figure's opens on a plural or demonstrative noun phrase for figures
and says they were wrong ('Those times were wrong', 'These figures were incorrect', 'The
numbers issued earlier were in error', '上述成绩有误'), or the figure's own sentence says so
after it ('…2:06:32, which was wrong'). The words of being wrong are ``withdrawn_words`` of
``verifier/data/frames/<lang>.yaml``. Such a figure is no reading of its quantity: it meets no
other figure as the same quantity (its frame's mood, :class:`verifier.align.frames.Frame`), so
the source does not contradict itself and coverage is not checked against it. A figure that is
merely called 'official' or 'unofficial' is still a reading: the label qualifies nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from verifier.extract.frame_words import words
from verifier.models.claim import Claim

REACH: Final = 300
"""Characters after a figure searched for the sentence that takes it back (its sentence's rest
and the next sentence)."""

_SENTENCE_END: Final = re.compile(r"[.!?](?=\s)|[。！？]")

FIGURE_NOUNS: Final = r"(?:times|time|figures|figure|numbers|number|results|result|data|totals|total|counts|estimates|readings)"
"""Nouns a source uses for figures it printed."""


def _alt(ws) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(ws, key=len, reverse=True))


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    en, zh = _alt(words("en")["withdrawn_words"]), _alt(words("zh")["withdrawn_words"])
    opening = re.compile(
        r"\s*(?:(?:those|these|the|both|all|such)\s+(?:\w+\s+){0,3}?" + FIGURE_NOUNS + r")"
        r"(?:\s+\w+){0,4}?\s+(?:were|was|are|is|have\s+been|has\s+been|had\s+been)\s+(?:later\s+|since\s+|all\s+)?(?:found\s+to\s+be\s+|shown\s+to\s+be\s+)?(?:"
        + en + r")(?![A-Za-z])", re.IGNORECASE)
    own = re.compile(r",\s*(?:which|that)\s+(?:was|were|is|are|proved|turned\s+out)\s+(?:to\s+be\s+)?(?:" + en
                     + r")(?![A-Za-z])", re.IGNORECASE)
    zh_opening = re.compile(r"\s*(?:上述|以上|这些|此前公布的|此前发布的|原)[^，。；]{0,8}?(?:" + zh + ")")
    return opening, own, zh_opening


def withdrawn(body: str, c: Claim) -> bool:
    """True when claim ``c``'s source takes its figure back (see the module's rule)."""
    after = body[c.anchor.end:c.anchor.end + REACH]
    end = _SENTENCE_END.search(after)
    if end is None:
        return False
    opening, own, zh_opening = _patterns()
    rest, nxt = after[:end.start()], after[end.end():]
    if own.search(rest):
        return True
    return bool(opening.match(nxt) or zh_opening.match(nxt))
