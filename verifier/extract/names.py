"""One product, one name within an article: full names and the short forms that follow them.

Press copy introduces a product by its full name and then shortens it: 'the VoltBox X2 …
the X2 … VoltBox says', '星河 Z1 … Z1'. Left alone, each form becomes a subject of its own and
the article's figures split over three subjects that are never compared. Two steps fix it:

1. :func:`join_cjk_prefixes`: a Chinese name printed before a discovered product code
   ('星河Z1', '星河 Z1') joins the code when the article shows it is a name: the same prefix
   stands before the code twice, or the title prints the two together. A prefix seen once is
   more often a word of the sentence ('发布了Z1', '电池Z1') and is left out.
2. :func:`expand_short_forms`: a discovered name that is a whole word of an *earlier* subject
   mention's name ('X2', 'VoltBox' after 'VoltBox X2') takes that name, the longest one; when
   two different longest names contain it ('VoltBox X2', 'VoltBox X3') it is ambiguous and
   keeps its own name. Lexicon names are never rewritten: the lexicon is the reviewer's word.

Shape::

    expand_short_forms([Mention(0, 10, "VoltBox X2", ...), Mention(40, 42, "X2", ...)])
        -> [Mention(0, 10, "VoltBox X2", ...), Mention(40, 42, "VoltBox X2", ...)]
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from typing import Final

from verifier.extract.lexicon import SUBJECT_KINDS, Mention
from verifier.extract.zh_tags import has_cjk

SHORT_KINDS: Final = frozenset({"discovered", "quoted"})
"""Kinds of mention that may stand for a longer name given earlier (not lexicon names)."""

_CJK_RUN: Final = re.compile(r"[\u4e00-\u9fff]{2,4} ?$")
"""Chinese characters (two to four) right before a product code, with at most one space."""

FUNCTION_CHARS: Final = frozenset("的了是为和与及而比较对在将把被让用从由向跟同款型代称据")
"""Characters that end a word of the sentence rather than a name: '而Z1', '是Z1', '新款Z1'."""

CATEGORY_END: Final = re.compile(r"(?:芯片|电池|系统|产品|平台|处理器|加速器|加速卡|模型|服务器|手机|设备|机型|型号|储能|版本|新品|显卡|整机) ?$")
"""Category nouns that describe the product rather than name it: '推理芯片Z1', '储能电池X2'."""

VERB_END: Final = re.compile(
    r"(?:发布|推出|公布|宣布|亮相|发售|上市|展示|搭载|采用|使用|配备|对比|击败|超越|领先|升级|测试|评测|拆解|上手|体验|曝光|"
    r"量产|交付|部署|收购|选择|更换|替代|取代|携手|联手|打造|研发|开发|首发|预告|官宣)(?:了|的)? ?$")
"""Verbs that end the Chinese words before a code: 'Aquaflow 发布 HX-7' (the title says it
releases the HX-7, the product is not called '发布 HX-7')."""

_LEAD: Final = re.compile(r"(?:上代|前代|上一代|新一代|新款|老款|旗舰|[" + "".join(sorted(FUNCTION_CHARS)) + r"])*")
"""Words a Chinese run before a code may start with that belong to the sentence: '比', '较上代'."""


_CODE: Final = re.compile(r"[A-Z][A-Za-z]{0,5}[ -]?\d{1,4}[A-Za-z]{0,3}(?:\.\d)?")
"""A product code on its own ('Z1', 'MI355X'): only codes take a Chinese name before them."""


def _word(surface: str) -> str:
    return re.sub(r"\s+", " ", surface.strip())


def join_cjk_prefixes(body: str, mentions: list[Mention], title: str = "") -> list[Mention]:
    """Join a Chinese name to the discovered product codes it stands before (see step 1).

    Args:
        body: the article body.
        mentions: the article's mentions, in text order.
        title: the article's title (a name printed there with its code counts as shown).
    """
    seen: list[tuple[Mention, str]] = []
    for m in mentions:
        if m.kind != "discovered" or not _CODE.fullmatch(m.name):
            continue
        prefix = _name_prefix(body, m.start)
        if prefix:
            seen.append((m, prefix))
    counts = Counter((prefix.rstrip(), m.name) for m, prefix in seen)
    squeezed = title.replace(" ", "")
    names = {key for key, n in counts.items() if n >= 2 or key[0] + key[1].replace(" ", "") in squeezed}
    out = []
    for m in mentions:
        hit = next(((m2, p) for m2, p in seen if m2 is m and (p.rstrip(), m.name) in names), None)
        if hit is None:
            out.append(m)
            continue
        start = m.start - len(hit[1])
        name = hit[1].rstrip() + (" " if hit[1].endswith(" ") else "") + m.name
        out.append(replace(m, start=start, name=name, surface=body[start:m.end]))
    return out


def _name_prefix(body: str, start: int) -> str | None:
    """The Chinese characters before a code at ``start`` that may be a name ('星河' of '星河Z1',
    with its space), or None: the run starts after words of the sentence ('比', '较上代') and
    must keep two characters, and may not end on a function word, a category noun or a verb."""
    run = _CJK_RUN.search(body, max(0, start - 5), start)
    if run is None:
        return None
    text = run.group(0)[_LEAD.match(run.group(0)).end():]
    if len(text.rstrip()) < 2 or text.rstrip()[-1] in FUNCTION_CHARS or CATEGORY_END.search(text) or VERB_END.search(text):
        return None
    return text


def _script(ch: str) -> str | None:
    """The kind of word ``ch`` belongs in: 'cjk' for a Chinese character (:func:`.zh_tags.has_cjk`),
    'latin' for any other letter or digit ('é' of 'Nestlé'), None for a space, a hyphen or
    punctuation. A word is a run of one kind: '澜图P60' is 澜图 and P60, and '龙上林县地铁' one
    word, whose runs of characters are no names of their own (a place is not its metro's short name)."""
    if not ch.isalnum():
        return None
    return "cjk" if has_cjk(ch) else "latin"


@lru_cache(maxsize=4096)
def word_parts(name: str) -> frozenset[str]:
    """Every proper part of ``name`` that is a whole word run in it (no character of the same
    kind on either side, :func:`_script`): 'E12' of 'Voltara E12', 'P60' and '澜图' of
    '澜图P60', never 'E1' nor '澜'. The one definition of a
    whole word, for short forms within an article (:func:`expand_short_forms`) and across articles
    (:mod:`.corpus_names`).

    Costs the square of the name's length (names are short), never the corpus size.

    >>> sorted(word_parts("Voltara E12"))
    ['E12', 'Voltara']
    >>> 'P60' in word_parts("澜图P60"), 'E1' in word_parts("Voltara E12")
    (True, False)
    """
    n = len(name)
    kinds = [_script(ch) for ch in name]
    starts = [i for i in range(n) if name[i] not in " -" and (i == 0 or kinds[i - 1] is None or kinds[i - 1] != kinds[i])]
    ends = [j for j in range(1, n + 1) if name[j - 1] not in " -" and (j == n or kinds[j] is None or kinds[j] != kinds[j - 1])]
    return frozenset(name[i:j] for i in starts for j in ends if i < j and (i, j) != (0, n))



def expand_short_forms(mentions: list[Mention]) -> list[Mention]:
    """Give each short form the full name given earlier in the article (see step 2).

    Args:
        mentions: the article's mentions, in text order.

    Returns:
        The mentions, short forms renamed (spans and surfaces unchanged).
    """
    # the full names given so far, by each of their whole-word parts: a short form looks up
    # its own name instead of testing every earlier name (linear in the article, not in
    # mentions times names)
    having: dict[str, set[str]] = {}
    seen: set[str] = set()
    out: list[Mention] = []
    for m in mentions:
        if m.kind in SHORT_KINDS:
            fulls = having.get(m.name)
            if fulls:
                longest = max(len(n) for n in fulls)
                top = {n for n in fulls if len(n) == longest}
                if len(top) == 1:
                    m = replace(m, name=top.pop())
        if m.kind in SUBJECT_KINDS and m.name not in seen:
            seen.add(m.name)
            for part in word_parts(m.name):
                having.setdefault(part, set()).add(m.name)
        out.append(m)
    return out
