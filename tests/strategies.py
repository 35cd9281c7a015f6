"""Hypothesis strategies that write press-like text from the grammar of numbers.

Shared by the fuzz tests (``tests/test_fuzz.py``, a bounded run in CI) and the long campaign
(``benchmarks/fuzz_quantities.py``). The pieces come from the quantity layer's own tables
(units, currencies, magnitude and approximation words, number words) and from the forms its
docstrings name (grouped digits, decimals, exponents, Chinese numerals with 万/亿, ranges,
percents, currency signs, dates, clock readings), mixed with arbitrary Unicode, control
characters, NULs and very long digit runs, in English and Chinese. Nothing here is taken from
the seed articles.

    texts()          -> a text of 0-40 pieces, e.g. 'about 1,234.5 kW至 ２万亿元\\x00 …'
    article_files()  -> the text of an article file: front matter (valid, broken, unclosed
                        or absent), \\n or \\r\\n line ends, a BOM now and then, and a body
"""

from __future__ import annotations

from hypothesis import strategies as st

from verifier.quantities.approx import APPROX_AFTER, APPROX_BEFORE
from verifier.quantities.units import _ALIASES, _CURRENCY, MAGNITUDE_WORDS
from verifier.quantities.words import DENOMINATORS, ONES, SCALES, TENS

UNITS = sorted({spelling for spellings in _ALIASES.values() for spelling in spellings})
"""Every unit spelling the quantity layer knows ('kW', '千瓦', 'tokens/s', '英寸'...)."""
CURRENCIES = sorted({spelling for spellings in _CURRENCY.values() for spelling in spellings})
"""Every currency spelling ('$', 'US$', '美元', '亿元' is built from 亿 and 元)."""
APPROX = sorted({*APPROX_BEFORE, *APPROX_AFTER})
"""Approximation and bound words, both languages ('about', '约', '以上', '左右'...)."""
NUMBER_WORDS = sorted({*ONES, *TENS, *SCALES, *DENOMINATORS, *MAGNITUDE_WORDS, "hundred", "point", "and", "a", "half"})

CN_NUMERALS = "零〇一二三四五六七八九十百千万亿两壹贰叁肆伍陆柒捌玖拾佰仟萬億廿卅半几多余点"
"""Chinese digits, places, scale words, 大写 forms, literary tens and fuzzy markers."""
SEPARATORS = ["-", "–", "—", "~", "〜", " to ", "至", "到", " and ", "与", "和", " through ", "..", "/", "／"]
"""Range separators and the slash of fractions, rates and dates."""
PUNCTUATION = list(",.，。、；：;:!?！？()（）[]【】\"'“”‘’%％‰+±×*^#@&|") + ["---", "\n", "\r\n", "\t", " ", "\u3000"]
SPECIALS = ["\x00", "\x01", "\x1b", "\x7f", "\u0085", "\u00a0", "\u2009", "\u202f", "\u200b", "\u200d", "\u2028",
            "\u2029", "\ufeff", "\u202e", "\u0301", "\ufffd", "𝟙𝟚", "١٢٣", "१२३", "²", "½", "⅔", "Ⅻ", "①", "😀", "İ", "ß"]
"""Characters that break naive text handling: NUL and other controls, no-break and zero-width
spaces, line and paragraph separators, BOM, bidi override, a combining mark, non-ASCII digits
(mathematical, Arabic-Indic, Devanagari), superscripts, vulgar fractions, Roman and circled
numerals, an astral emoji, and letters whose case mapping changes their length."""

FULL_WIDTH = str.maketrans("0123456789.,%", "０１２３４５６７８９．，％")

digits = st.text(alphabet="0123456789", min_size=1, max_size=8)
long_digits = st.integers(min_value=100, max_value=6000).map(lambda n: "9" * n)
"""Very long digit runs: beyond the double range (309 digits) and Python's int() limit (4300)."""


@st.composite
def arabic(draw: st.DrawFn) -> str:
    """An Arabic numeral: plain, grouped (',', thin or plain spaces), decimal, exponent, full width."""
    head = draw(st.one_of(digits, long_digits) if draw(st.integers(0, 20)) == 0 else digits)
    form = draw(st.integers(0, 7))
    if form == 1:
        groups = draw(st.lists(st.text(alphabet="0123456789", min_size=3, max_size=3), min_size=1, max_size=4))
        head = head[:3] + draw(st.sampled_from([",", " ", "\u2009", "，"])).join([""] + groups)
    elif form == 2:
        head += "." + draw(digits)
    elif form == 3:
        head = "." + draw(digits)
    elif form == 4:
        head = draw(st.sampled_from(["0", "0.0", "00", "0.000"]))  # a zero mantissa: with an exponent and a scale word, a huge step
    if draw(st.integers(0, 6)) == 0:
        power = draw(st.one_of(st.integers(-400, 400), st.integers(-10**6, 10**6)))
        head += draw(st.sampled_from(["e", "E", "x10^", "×10^", " x 10^", "*10**", "e+"])) + str(power)
    if draw(st.integers(0, 8)) == 0:
        head = head.translate(FULL_WIDTH)
    return head


chinese = st.text(alphabet=CN_NUMERALS, min_size=1, max_size=10)
"""A run of Chinese numeral characters (well formed or not: the parser must refuse, not fail)."""


@st.composite
def number(draw: st.DrawFn) -> str:
    """One number in any script, with an optional sign, scale word and approximation word."""
    body = draw(st.one_of(arabic(), chinese, st.builds(lambda a, c: a + c, arabic(), chinese),
                          st.lists(st.sampled_from(NUMBER_WORDS), min_size=1, max_size=6).map(" ".join)))
    if draw(st.booleans()):
        body = draw(st.sampled_from(["-", "−", "负", "minus ", "+", ""])) + body
    if draw(st.integers(0, 3)) == 0:
        body += draw(st.sampled_from(["万", "亿", "万亿", "千", "百", " million", " billion", "bn", "k", "M", "B", "T"]))
    if draw(st.integers(0, 4)) == 0:
        body = draw(st.sampled_from(APPROX)) + draw(st.sampled_from(["", " "])) + body
    return body


@st.composite
def quantity(draw: st.DrawFn) -> str:
    """A number with what may follow or precede it: unit, currency, percent, range, rate."""
    text = draw(number())
    shape = draw(st.integers(0, 9))
    if shape <= 2:
        text += draw(st.sampled_from(["", " "])) + draw(st.sampled_from(UNITS))
    elif shape == 3:
        text = draw(st.sampled_from(CURRENCIES)) + draw(st.sampled_from(["", " "])) + text
    elif shape == 4:
        text += draw(st.sampled_from(CURRENCIES))
    elif shape == 5:
        text += draw(st.sampled_from(["%", "％", "‰", " percent", "个百分点", "倍", "x", "成", "折"]))
    elif shape == 6:
        text = draw(st.sampled_from(["百分之", "千分之", "三分之", "分之"])) + text
    elif shape == 7:
        text += draw(st.sampled_from(SEPARATORS)) + draw(number()) + draw(st.sampled_from(["", " "] + UNITS[:40]))
    elif shape == 8:
        text += draw(st.sampled_from(UNITS)) + draw(st.sampled_from(["/", " per ", "每"])) + draw(st.sampled_from(UNITS))
    if draw(st.integers(0, 5)) == 0:
        text += draw(st.sampled_from(APPROX))
    return text


dates = st.one_of(
    st.builds(lambda y, m, d: f"{y}年{m}月{d}日", st.integers(0, 99999), st.integers(0, 99), st.integers(0, 99)),
    st.builds(lambda m, d, y: f"{m}/{d}/{y}", st.integers(0, 99), st.integers(0, 99), st.integers(0, 99999)),
    st.builds(lambda h, m: f"{h}:{m:02d}", st.integers(0, 999), st.integers(0, 99)),
    st.builds(lambda a, b, c: f"{a}-{b}-{c}", digits, digits, digits),
    st.sampled_from(["去年10月", "今年", "明年3月", "2026年底", "Q3 2025", "March 3, 2026", "九月九日"]),
)
"""Dates, clock readings and phone-like chains, well formed or not."""

latin_text = st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=12)
han_text = st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), max_size=6)
any_text = st.text(max_size=8)  # any code point but lone surrogates (categories hypothesis draws by default)

piece = st.one_of(
    quantity(), quantity(), number(), dates,
    st.sampled_from(UNITS), st.sampled_from(CURRENCIES), st.sampled_from(APPROX), st.sampled_from(SEPARATORS),
    st.sampled_from(PUNCTUATION), st.sampled_from(SPECIALS), st.sampled_from(NUMBER_WORDS),
    latin_text, han_text, any_text,
)
"""One piece of a text: mostly number grammar, the rest words, punctuation and noise."""


@st.composite
def texts(draw: st.DrawFn, max_pieces: int = 40) -> str:
    """A text of up to ``max_pieces`` pieces, joined with nothing, a space or a newline."""
    parts = draw(st.lists(piece, max_size=max_pieces))
    glue = draw(st.sampled_from(["", " ", "\n", "，", ". "]))
    return glue.join(parts)


FRONT_KEYS = ["id", "title", "publisher", "tier", "languages", "url", "published", "cites", "note", "bogus"]


@st.composite
def front_matter(draw: st.DrawFn) -> str:
    """YAML between fences: valid fields, odd values, broken YAML, or nothing at all."""
    lines = []
    for key in draw(st.lists(st.sampled_from(FRONT_KEYS), max_size=6, unique=True)):
        value = draw(st.one_of(
            st.sampled_from(["s001", "Title", "secondary", "primary", "[en, zh]", "[]", "null", "2026-02-30", "2026-01-05",
                             "'unclosed", "{a: [", "- x", "*alias", "!!python/object:os.system", ": :", "~", "[{source: x}]"]),
            latin_text, han_text))
        lines.append(f"{key}: {value}")
    if draw(st.integers(0, 5)) == 0:
        lines.append(draw(any_text))
    return "\n".join(lines)


@st.composite
def article_files(draw: st.DrawFn) -> str:
    """The whole text of an article file (see the module docstring)."""
    body = draw(texts(max_pieces=25))
    shape = draw(st.integers(0, 5))
    if shape <= 2:
        text = f"---\n{draw(front_matter())}\n---\n{body}"
    elif shape == 3:
        text = f"---\n{draw(front_matter())}\n{body}"  # a fence never closed
    elif shape == 4:
        text = draw(st.sampled_from(["---", "--- \t", "----", " ---"])) + "\n" + body + "\n---\n" + draw(texts(max_pieces=5))
    else:
        text = body
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    if draw(st.integers(0, 6)) == 0:
        text = "\ufeff" + text
    return text
