"""Proportions and rates with a stated base: what a figure is counted *of* or *per*.

    read_bases(text, extract(text)) -> [Base(kind='proportion', value=0.35, size=100, noun='patients', ...)]

Forms read (words in ``verifier/data/bases.yaml``, their one home)::

    35 of every 100 patients   3 out of 10 voters   one in five adults     -> proportion 0.35, 0.3, 0.2
    11 cents of every dollar   11 cents of every revenue dollar it earns  -> proportion 0.11 of 'dollar'
    of every 100 people sick with flu, 35 would ...                        -> proportion 0.35 of 'people'
    11% of the county's U.S. revenue                                       -> proportion 0.11, whole as printed
    6.77 births per 1,000 women   for every 1,000 people, there were 7.4 deaths  -> rate per 1,000
    7.37 per thousand   7.37‰                                              -> rate per 1,000, base unsaid
    每100人中有35人   每10个人中就有3个   十个人中就有三个   五分之一的成年人   -> proportion
    每千人口拥有执业医师3.2人   每千人3.2张病床                              -> rate per 1,000 '人口', '人'

A :class:`Base` is a reading laid over the quantities, not a quantity of its own: the figures
and their spans are those of :func:`verifier.quantities.extract`, unchanged, and a base names
the figure it belongs to by its start offset (:attr:`Base.count`). The reader looks only at the
text between a figure and its neighbours (at most :data:`REACH` characters), so its cost is
linear in the text. It loads its words on first use (yaml is imported then, never by
:func:`verifier.quantities.extract`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Final, NamedTuple, Sequence

from .model import Quantity
from .numerals import parse_chinese
from .patterns import FOLD_TABLE

WORDS: Final = Path(__file__).resolve().parents[1] / "data" / "bases.yaml"
"""The word table of proportions and bases (its one home)."""

REACH: Final = 60
"""Characters after a figure read for its base phrase: longer than 'of every 100 people sick
with the disease, 35': a base further away is another clause's."""

PHRASE_WORDS: Final = 6
"""Most words of an English base or whole phrase ('every revenue dollar the company earns')."""


class Base(NamedTuple):
    """A figure read as a proportion of a base, or as a rate per a base.

    Attributes:
        kind: 'proportion' (the count is of the base's members: '35 of every 100 patients') or
            'rate' (events counted per a size of the base: '6.77 births per 1,000 women').
        value: a proportion as a fraction (0.35); a rate as events per :attr:`size` (6.77).
        size: M, the size of the base the count is of or per (100; 1 for 'of every dollar';
            1000 for '‰'); None for a share printed in percent of a whole ('11% of revenue').
        noun: the base noun as printed ('patients', 'dollar', 'women', '人口'); None when the
            text leaves it unsaid ('7.37‰', 'per thousand').
        whole: the phrase that names the whole as printed, base noun included ('every revenue
            dollar the company earns', "the county's U.S. revenue"); None when only the noun does.
        event: for a rate, what is counted ('births', '执业医师'); None otherwise.
        every: True when the whole is quantified over all of it ('every', 每, 'all', 'total').
        count: start offset of the figure that is the count (N, or the rate's Y).
        start, end: span of the whole construction in the text.
    """

    kind: str
    value: float
    size: float | None
    noun: str | None
    whole: str | None
    event: str | None
    every: bool
    count: int
    start: int
    end: int


@lru_cache(maxsize=1)
def words() -> dict:
    """The word table (``verifier/data/bases.yaml``) as loaded.

    Raises:
        OSError, InputError: the file cannot be read or parsed.
    """
    from verifier.ingest.yamlio import load_table  # the quantity layer proper never imports yaml: only this reader does, on first use

    return load_table(WORDS)


def _alt(ws: Sequence[str]) -> str:
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(ws, key=len, reverse=True))


class _Patterns(NamedTuple):
    every_after: re.Pattern    # '<N> of every [M] <phrase>'
    per_after: re.Pattern      # '<Y> [event] per/for every [M] <phrase>'
    plain_after: re.Pattern    # '<N> in/out of <M> <noun>'
    plain_word: re.Pattern     # 'one in ' before M
    every_before: re.Pattern   # 'of every ' before M
    per_mille: re.Pattern      # '<Y> [event] per thousand'
    zh_every: re.Pattern       # '每<M>[个]<noun>[中][就有]<event>' before N
    zh_among: re.Pattern       # '<M>[个]<noun>中[就]有' before N
    zh_of: re.Pattern          # '的<noun>' after a fraction


_WORD: Final = r"[A-Za-z][\w'’-]*(?:\.(?:[A-Za-z]\.)*)?"
"""One English word of a phrase, an abbreviation with its dots included ('U.S.', 'patient-days')."""


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    w, i = words(), re.IGNORECASE
    size = _alt(list(w["size_words"]["en"]))
    zh_has = _alt(w["zh_has"])
    cls = "".join(w["zh_classifiers"])
    return _Patterns(
        every_after=re.compile(r"\s+(?P<j>" + _alt(w["every_joints"]["en"]) + r")\s+(?:(?P<sw>" + size + r")(?![\w,])\s*)?", i),
        per_after=re.compile(r"(?P<ev>(?:\s+" + _WORD + r"){0,3}?)\s+(?P<j>" + _alt(w["per_joints"]["en"]) + r")\s+(?:(?P<sw>"
                             + size + r")(?![\w,])\s*)?", i),
        plain_after=re.compile(r"\s+(?P<j>" + _alt(w["plain_joints"]["en"]) + r")\s+$", i),
        plain_word=re.compile(r"(?<![\w.])(?P<n>" + _alt(list(w["count_words"]["en"])) + r")\s+(?:" + _alt(w["plain_joints"]["en"])
                              + r")\s+$", i),
        every_before=re.compile(r"(?<![A-Za-z])(?P<j>" + _alt(w["every_before"]["en"]) + r")\s+$", i),
        per_mille=re.compile(r"(?P<ev>(?:\s+" + _WORD + r"){0,3}?)\s+(?P<j>" + _alt(w["per_mille"]["en"]) + r")(?![\w,])", i),
        zh_every=re.compile(r"每(?P<m>[\d,.]+|[一二两三四五六七八九十百千万]+)\s?(?P<c>[" + cls + r"])?(?P<noun>[\u4e00-\u9fff]{1,6}?)"
                            r"(?P<among>" + _alt(w["zh_among"]) + r")?(?P<has>" + zh_has + r")?(?P<ev>[\u4e00-\u9fff]{0,6}?)\s?$"),
        zh_among=re.compile(r"(?P<noun>[\u4e00-\u9fff]{1,4}?)(?:" + _alt([a for a in w["zh_among"] if a != "中"]) + r")\s?$"),
        zh_of=re.compile(r"的(?P<noun>[\u4e00-\u9fff]{1,6}?)(?=[是有为在会将已都中，,。；;、）)\s]|$)"),
    )


_STOP_EN: Final = frozenset({
    "in", "for", "since", "from", "at", "by", "during", "that", "which", "who", "whom", "and", "but", "or", "while",
    "compared", "up", "down", "last", "this", "a", "an", "would", "will", "could", "might", "should", "was", "were",
    "is", "are", "has", "have", "had", "with", "sick", "aged", "than", "to", "on", "over", "under", "the", "its",
    "their", "his", "her", "our", "your", "my", "it", "they", "we", "he", "she",
})
"""Words that end the noun run of a base phrase ('people sick with flu': the noun is 'people')."""


def _phrase(text: str, pos: int) -> tuple[list[tuple[int, int]], int]:
    """English words from ``pos`` up to the end of their clause (punctuation, a sentence end,
    :data:`PHRASE_WORDS` words): [(start, end)] and the offset after the last word."""
    out, at = [], pos
    rx = re.compile(r"\s*(" + _WORD + r")")
    while len(out) < PHRASE_WORDS:
        m = rx.match(text, at)
        if m is None:
            break
        s, e = m.span(1)
        if text[e - 1] == "." and (e >= len(text) or not text[e:].strip() or text[e] == "\n"
                                   or (e + 1 < len(text) and text[e] == " " and text[e + 1].isupper())):
            e -= 1  # a sentence's full stop, not an abbreviation's ('U.S. revenue' keeps its dots)
            out.append((s, e))
            at = e
            break
        out.append((s, e))
        at = e
    return out, at


def _noun_run(text: str, spans: list[tuple[int, int]], names: bool = False) -> tuple[int, int]:
    """(index of the base noun, index after the noun run) of a phrase's words.

    The run ends at a stop word, and unless ``names`` at a capitalised word after the first (a
    name opens a clause: 'dollar Starbucks earns'); the noun is the run's last word of a base
    group or in the plural ('patients recovered': patients; a possessive is none), else its
    first word ('dollar'), or with ``names`` its last ("the city's U.S. revenue": revenue)."""
    end = len(spans)
    for k, (s, e) in enumerate(spans):
        word = text[s:e]
        if k and (word.lower() in _STOP_EN or (word[0].isupper() and not names)):
            end = k
            break
    known = _group_words()

    def plural(w: str) -> bool:
        return w.endswith("s") and not w.endswith(("ss", "'s", "’s")) and "." not in w

    picks = [k for k in range(end) if text[slice(*spans[k])].lower() in known
             or (plural(text[slice(*spans[k])]) and not text[spans[k][0]].isupper())]
    if names:
        return (picks[-1] if picks else max(end - 1, 0)), end
    k = picks[-1] if picks else 0
    return k, k + 1


@lru_cache(maxsize=1)
def _group_words() -> frozenset[str]:
    return frozenset(n.lower() for g in words()["groups"].values() for n in g.get("en", []))


_CLAUSE_END: Final = re.compile(r"[,;:()\u3002\uff0c\uff1b]|\.(?=\s+[A-Z]|\s*$)")


def _clause(text: str, pos: int) -> str:
    """The text from ``pos`` to its clause end (punctuation, a sentence end), at most :data:`REACH` characters."""
    hi = min(len(text), pos + REACH)
    m = _CLAUSE_END.search(text, pos, hi)
    return text[pos:m.start() if m else hi].strip()


def _figure_after(qs: Sequence[Quantity], i: int, text: str, pos: int) -> int | None:
    """Index of the quantity starting at ``pos`` (spaces skipped), if any."""
    while pos < len(text) and text[pos] == " ":
        pos += 1
    j = i + 1
    return j if j < len(qs) and qs[j].start == pos else None


def _plain(q: Quantity) -> bool:
    """A bare count: a number with no unit and a value."""
    return q.unit is None and q.kind == "number" and isinstance(q.value, (int, float))


def _size(text: str, qs: Sequence[Quantity], i: int, m: re.Match, money: bool) -> tuple[float, int] | None:
    """(M, offset after it) of 'every M' / 'per M' matched by ``m`` after ``qs[i]``: a size word
    ('per thousand'), the next figure ('per 1,000'), or 1 for a money subunit's whole unit ('of
    every dollar'); None when none is there."""
    if m.group("sw"):
        return float(words()["size_words"]["en"][" ".join(m.group("sw").lower().split())]), m.end()
    j = _figure_after(qs, i, text, m.end())
    if j is not None and _plain(qs[j]):
        return float(qs[j].value), qs[j].end
    if j is None and money:
        return 1.0, m.end()  # 'of every dollar': one of the whole unit
    return None


def _en_after(text: str, qs: Sequence[Quantity], i: int) -> Base | None:
    """'N of every [M] <phrase>' (proportion) and 'Y [event] per [M] <phrase>' (rate)."""
    q, p = qs[i], _patterns()
    sub = words()["subunits"].get((q.unit or "").lower())
    if not (_plain(q) or sub):
        return None
    m = p.every_after.match(text, q.end)
    kind = "proportion" if m else "rate"
    mille = p.per_mille.match(text, q.end) if m is None and _plain(q) else None
    if mille is not None and not re.match(r"\s+[a-z]", text[mille.end():]):
        event = mille.group("ev").strip() or None  # '7.37 per thousand', '7.37 per 1,000': the base unsaid
        return Base("rate", float(q.value), 1000.0, None, None, event, False, q.start, q.start, mille.end())
    if m is None:
        m = p.per_after.match(text, q.end)
        if m is None or not _plain(q):
            return None
    event = (m.groupdict().get("ev") or "").strip() or None
    sized = _size(text, qs, i, m, bool(sub))
    if sized is None:
        return None
    size, after = sized
    spans, stop = _phrase(text, after)
    if not spans:
        return None
    k, run = _noun_run(text, spans)
    if sub:
        stop_at = next((n for n, (s, e) in enumerate(spans) if n and text[s:e].lower() in _STOP_EN), len(spans))
        names = [n for n, (s, e) in enumerate(spans[:stop_at]) if text[s:e].lower().rstrip("s") in sub["whole"]]
        if not names:
            return None
        k, size = names[0], size * sub["size"]
    noun = text[slice(*spans[k])]
    whole = _clause(text, spans[0][0]) if len(spans) > 1 else None
    value = float(q.value) / size if kind == "proportion" else float(q.value)
    if kind == "proportion" and not 0 < value <= 1:
        return None
    return Base(kind, value, size, noun, whole, event if kind == "rate" else None, "every" in m.group("j").lower(), q.start,
                q.start, stop)


def _en_plain(text: str, qs: Sequence[Quantity], j: int, prev_end: int) -> Base | None:
    """'N in M <noun>', 'N out of M <noun>', 'one in five adults' (M is ``qs[j]``)."""
    qm, p = qs[j], _patterns()
    if not _plain(qm) or not qm.value:
        return None
    left = text[max(prev_end, qm.start - 20):qm.start]
    n = None
    if j and qs[j - 1].end >= qm.start - 12 and _plain(qs[j - 1]) and p.plain_after.fullmatch(text, qs[j - 1].end, qm.start):
        n, start, count = float(qs[j - 1].value), qs[j - 1].start, qs[j - 1].start
    elif (m := p.plain_word.search(left)) is not None:
        n = float(words()["count_words"]["en"][m.group("n").lower()])
        start = count = qm.start - len(left) + m.start("n")
    if n is None or not 0 < n <= qm.value:
        return None
    spans, stop = _phrase(text, qm.end)
    if not spans:
        return None
    k, _run = _noun_run(text, spans)
    noun = text[slice(*spans[k])]
    if not noun[0].isalpha() or noun[0].isupper() or noun.lower() in _STOP_EN:
        return None  # '3 in 10 Democrats' names a group; '5 in 2020' is no base
    return Base("proportion", n / float(qm.value), float(qm.value), noun, _clause(text, spans[0][0]), None, False, count, start,
                stop)


def _en_before(text: str, qs: Sequence[Quantity], j: int, prev_end: int) -> Base | None:
    """'of every M <phrase>, N …' (proportion) / 'for every M <phrase>, there were Y <event>' (rate)."""
    qm, p = qs[j], _patterns()
    if not _plain(qm) or j + 1 >= len(qs):
        return None
    left = text[max(prev_end, qm.start - 20):qm.start]
    m = p.every_before.search(left)
    if m is None:
        return None
    spans, stop = _phrase(text, qm.end)
    if not spans:
        return None
    k, run = _noun_run(text, spans)
    qn = qs[j + 1]
    gap = text[spans[run - 1][1]:qn.start]
    if not _plain(qn) or qn.start - stop > REACH or not re.fullmatch(r"[^.;:\d]*?,\s*(?:there\s+(?:are|were|is|was)\s+)?", gap):
        return None
    after, _ = _phrase(text, qn.end)
    event = text[slice(*after[0])] if after and text[after[0][0]:after[0][1]].lower() not in _STOP_EN else None
    noun = text[slice(*spans[k])]
    whole = _clause(text, spans[0][0])
    if event is None or event.lower() == noun.lower():
        if not 0 < qn.value <= qm.value:
            return None
        return Base("proportion", qn.value / qm.value, float(qm.value), noun, whole, None, True, qn.start,
                    qm.start - len(left) + m.start(), qn.end)
    return Base("rate", float(qn.value), float(qm.value), noun, whole, event, True, qn.start, qm.start - len(left) + m.start(), qn.end)


def _zh_number(s: str) -> float | None:
    s = s.replace(",", "")
    try:
        return float(s)
    except ValueError:
        parsed = parse_chinese(s)
        return float(parsed[0]) if parsed else None


def _zh_before(text: str, qs: Sequence[Quantity], i: int, prev_end: int) -> Base | None:
    """'每100人中有35人', '每10个人中就有3个', '每千人口拥有医生3.2人', '十个人中就有三个' (N is ``qs[i]``)."""
    q, p = qs[i], _patterns()
    if not _plain(q):
        return None
    lo = qs[i - 2].end if i >= 2 else 0  # M may be the figure before ('每100人中有35人')
    left = text[max(lo, q.start - 24):q.start]
    m = p.zh_every.search(left)
    if m is not None:
        size = _zh_number(m.group("m"))
        if not size or size <= 1:
            return None  # 每一个: 'each', no base
        noun, event = m.group("noun"), m.group("ev") or None
        classifier_after = text[q.end:q.end + 1]
        start = q.start - len(left) + m.start()
        member = bool(m.group("among")) or (event is None and classifier_after in noun + "".join(words()["zh_classifiers"]))
        if member and event is None and 0 < q.value <= size:
            return Base("proportion", q.value / size, size, noun, None, None, True, q.start, start, q.end)
        if event is None:
            ev = re.match(r"[张个名位台辆所家]?([\u4e00-\u9fff]{1,4}?)(?=[，,。；;、）)\s]|$)", text[q.end:q.end + 8])
            event = ev.group(1) if ev else None
        return Base("rate", float(q.value), size, noun, None, event, True, q.start, start, q.end)
    if i and _plain(qs[i - 1]) and qs[i - 1].end >= q.start - 8:
        between = text[qs[i - 1].end:q.start]
        mm = p.zh_among.fullmatch(re.sub(r"^[" + "".join(words()["zh_classifiers"]) + r"]", "", between))
        if mm is not None and 0 < q.value <= qs[i - 1].value:
            return Base("proportion", q.value / qs[i - 1].value, float(qs[i - 1].value), mm.group("noun"), None, None, False,
                        q.start, qs[i - 1].start, q.end)
    return None


def _fraction_of(text: str, q: Quantity) -> Base | None:
    """'五分之一的成年人': a fraction of a base noun after 的."""
    if q.kind != "fraction" or "分之" not in q.surface or not isinstance(q.value, (int, float)):
        return None
    m = _patterns().zh_of.match(text, q.end)
    if m is None or not 0 < q.value <= 1:
        return None
    noun = m.group("noun")
    known = [n for g in words()["groups"].values() for n in g.get("zh", []) if noun.startswith(n)]
    noun = max(known, key=len) if known else noun[:4]  # '成年人吸烟': the group, not the verb after it
    return Base("proportion", float(q.value), None, noun, None, None, False, q.start, q.start, m.start("noun") + len(noun))


_PCT_OF: Final = re.compile(r"\s+of\s+")
_ZH_SHARE: Final = re.compile(r"占(?P<w>[\u4e00-\u9fff]{2,12}?)(?:的)?(?:比重|比例|份额)?(?:约为|达到|为|达|是|约)?$")
"""'占全国人口的19.8%', '占全国总发电装机的比重达到53.8%': the whole between 占 and the share's words."""


def _share_of(text: str, q: Quantity) -> Base | None:
    """'11% of the county's U.S. revenue', '占全国人口的19.8%': a percentage of a whole as printed."""
    if q.unit != "%" or not isinstance(q.value, (int, float)):
        return None
    m = _PCT_OF.match(text, q.end)
    if m is not None:
        spans, stop = _phrase(text, m.end())
        if not spans:
            return None
        k, run = _noun_run(text, spans, names=True)
        return Base("proportion", q.value / 100, None, text[slice(*spans[k])], _clause(text, spans[0][0]), None, False,
                    q.start, q.start, spans[run - 1][1])
    zh = _ZH_SHARE.search(text[max(0, q.start - 20):q.start])
    if zh is not None and not zh.group("w").startswith(("比", "到")):
        whole = zh.group("w")
        return Base("proportion", q.value / 100, None, whole[-2:], whole, None, False, q.start,
                    max(0, q.start - 20) + zh.start(), q.end)
    return None


def read_bases(text: str, quantities: Sequence[Quantity]) -> list[Base]:
    """The proportions and rates of ``text`` (see the module docstring), one per count figure.

    Args:
        text: the text the quantities were found in (offsets refer to it).
        quantities: its quantities in offset order (:func:`verifier.quantities.extract`).

    Returns:
        :class:`Base` readings sorted by the offset of their count figure; a figure with no
        base (or a base the words leave unclear) gives none.
    """
    t = text if text.isascii() else text.translate(FOLD_TABLE)  # full-width digits as the quantities read them
    out: dict[int, Base] = {}
    for i, q in enumerate(quantities):
        prev_end = quantities[i - 1].end if i else 0
        found = None
        if q.unit == "‰" and isinstance(q.value, (int, float)):
            found = Base("rate", float(q.value), 1000.0, None, None, None, False, q.start, q.start, q.end)
        for reader in (_en_before, _en_plain, _zh_before):
            found = found or reader(t, quantities, i, prev_end)
        found = found or _en_after(t, quantities, i) or _fraction_of(t, q) or _share_of(t, q)
        if found is not None and found.count not in out:
            out[found.count] = found
    return [out[k] for k in sorted(out)]
