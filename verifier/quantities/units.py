"""Unit and magnitude vocabulary for both scripts, built once at import.

Every table maps a *surface spelling* to a normalised symbol: SI symbols ("W", "kWh",
"ms"), calendar units ("day", "month", "year"), ISO 4217 codes for money ("USD", "CNY"),
"%" / "pp" / "x" for percent, percentage points and multipliers, "params" for model sizes,
"tokens" / "tokens/s" / "tokens/s/kW" for AI throughput, "mAh" / "Ah" for battery charge and
"nit" (cd/m²) for luminance.  Rates of two units ("kWh/km") are composed in :mod:`.rates`.

Lookups are longest-prefix matches at one text position (:func:`match_unit`), so the cost
per number is a few dozen dict probes regardless of the table size; no giant regex
alternation (see /work/shared/PERFORMANCE.md: alternations of thousands of terms run at
~0.4 MB/s).

Sources of the constants: SI prefixes (BIPM SI Brochure, 9th ed.), ISO 4217 currency codes,
traditional Chinese mass units (1 斤 = 500 g, 1 两 = 50 g, PRC 1959 standard) and the
spellings found in English and Chinese press copy.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Final


# canonical symbol -> surface spellings.  Matching is exact first; spellings of three or
# more characters also match case-insensitively, and English plurals ("-s") are accepted.
_ALIASES: Final[dict[str, tuple[str, ...]]] = {
    # length, area, volume
    "m": ("m", "meter", "metre", "米", "公尺"),
    "km": ("km", "kilometer", "kilometre", "千米", "公里", "公裏"),
    "cm": ("cm", "CM", "centimeter", "centimetre", "厘米", "公分"),
    "mm": ("mm", "millimeter", "millimetre", "毫米"),
    "µm": ("µm", "μm", "micrometer", "micron", "微米"),
    "nm": ("nm", "nanometer", "nanometre", "纳米", "奈米"),
    "dm": ("dm", "decimeter", "decimetre", "分米"),
    "in": ("in", "inch", "inches", '"', "''", "″", "英寸", "吋", "英吋"),
    "ft": ("ft", "foot", "feet", "'", "′", "英尺", "呎"),
    "mi": ("mi", "mile", "英里", "英裏"),
    "yd": ("yd", "yds", "yard"),
    "m²": ("m²", "m2", "m^2", "sq m", "square meter", "square metre", "平方米"),
    "km²": ("km²", "km2", "km^2", "sq km", "square kilometer", "square kilometre",
            "平方公里", "平方千米"),
    "mm²": ("mm²", "mm2", "mm^2", "square millimeter", "square millimetre", "平方毫米"),
    "mi²": ("sq mi", "square mile", "平方英里"),
    "ft²": ("sq ft", "square foot", "square feet", "平方英尺"),
    "cm³": ("cm³", "cubic centimeter", "cubic centimetre"),
    "km³": ("km³", "km3", "km^3", "cubic kilometer", "cubic kilometre", "km cubed"),
    "mu": ("亩", "畝"),
    "ha": ("ha", "hectare", "公顷"),
    "L": ("L", "l", "liter", "litre", "升", "公升"),
    "mL": ("mL", "ml", "mls", "milliliter", "millilitre", "毫升", "cc"),
    "hL": ("hL", "hectoliter", "hectolitre"),
    "gal": ("gal", "gallon", "加仑", "加侖"),
    "bbl": ("bbl", "barrel"),  # the oil barrel, 42 US gallons
    "cup": ("cup",),
    "tbsp": ("tbsp", "tablespoon"),
    "tsp": ("tsp", "teaspoon"),
    # mass
    "kg": ("kg", "kilogram", "kilogramme", "千克", "公斤"),
    "g": ("g", "gs", "gram", "gramme", "克"),
    "mg": ("mg", "milligram", "毫克"),
    "µg": ("µg", "μg", "mcg", "microgram", "微克"),
    "t": ("t", "metric ton", "metric tons", "tonne", "吨", "噸", "公吨", "tCO2", "tCO2e",
          "tCO₂", "tCO₂e"),
    "lb": ("lb", "lbs", "pound", "磅"),
    "oz": ("oz", "ounce", "盎司"),
    "jin": ("斤", "市斤"),
    "liang": ("两", "兩"),
    # time
    "ns": ("ns", "nanosecond", "纳秒"),
    "µs": ("µs", "μs", "microsecond", "微秒"),
    "ms": ("ms", "millisecond", "毫秒"),
    "s": ("s", "sec", "secs", "second", "秒", "秒钟", "秒鐘"),
    "min": ("min", "mins", "minute", "分钟", "分鐘"),
    "h": ("h", "hr", "hrs", "hour", "小时", "小時", "个小时", "個小時", "钟头"),
    "day": ("day", "天", "日"),
    "week": ("week", "wk", "周", "週", "星期", "个星期", "個星期"),
    "month": ("month", "个月", "個月"),
    "quarter": ("季度", "个季度"),
    "year": ("year", "yr", "yrs", "年", "岁", "歲"),
    "decade": ("decade",),
    "Ga": ("Ga", "gigaannum"),
    # data and data rate
    "bit": ("bit", "比特"),
    "B": ("byte", "字节"),
    "KB": ("KB", "kB", "kilobyte", "千字节"),
    "MB": ("MB", "megabyte", "兆字节"),
    "GB": ("GB", "gigabyte", "吉字节"),
    "TB": ("TB", "terabyte", "太字节"),
    "PB": ("PB", "petabyte"),
    "EB": ("EB", "exabyte"),
    "GiB": ("GiB", "gibibyte"),
    "TiB": ("TiB",),
    "MiB": ("MiB",),
    "Gbit/s": ("Gbps", "Gb/s", "Gbit/s"),
    "Mbit/s": ("Mbps", "Mb/s", "Mbit/s"),
    "Tbit/s": ("Tbps", "Tb/s"),
    "GB/s": ("GB/s", "GBps"),
    "TB/s": ("TB/s", "TBps"),
    "MB/s": ("MB/s", "MBps"),
    # power, energy, frequency, compute
    "mW": ("mW", "milliwatt", "毫瓦"),
    "W": ("W", "watt", "瓦", "瓦特"),
    "kW": ("kW", "KW", "kilowatt", "千瓦"),
    "MW": ("MW", "megawatt", "兆瓦"),
    "GW": ("GW", "gigawatt", "吉瓦", "千兆瓦"),
    "TW": ("TW", "terawatt"),
    "Wh": ("Wh", "watt hour", "watt-hour", "瓦时"),
    "kWh": ("kWh", "kilowatt hour", "kilowatt-hour", "千瓦时", "度电"),
    "MWh": ("MWh", "megawatt hour", "megawatt-hour", "兆瓦时"),
    "GWh": ("GWh", "gigawatt hour", "gigawatt-hour", "吉瓦时"),
    "TWh": ("TWh", "terawatt hour", "terawatt-hour", "太瓦时"),
    "J": ("J", "joule", "焦耳"),
    "kJ": ("kJ", "kilojoule", "千焦", "千焦耳"),
    "MJ": ("MJ", "megajoule", "兆焦", "兆焦耳"),
    "GJ": ("GJ", "gigajoule", "吉焦", "吉焦耳"),
    "TeV": ("TeV",),
    "GeV": ("GeV",),
    "Hz": ("Hz", "hertz", "赫兹"),
    "kHz": ("kHz", "kilohertz"),
    "MHz": ("MHz", "megahertz", "兆赫"),
    "GHz": ("GHz", "gigahertz", "吉赫"),
    "TFLOPS": ("TFLOPS", "teraflops", "TFLOP/s"),
    "PFLOPS": ("PFLOPS", "petaflops", "PFLOP/s"),
    "FLOPS": ("FLOPS", "flops"),
    "mGy": ("mGy",),
    # area, energy, pressure, electricity, sound, engines, concentration
    "acre": ("acre", "英亩", "英畝"),
    "cal": ("cal",),
    "kcal": ("kcal", "kilocalorie", "千卡", "大卡"),
    "BTU": ("BTU", "Btu", "British thermal unit"),
    "eV": ("eV", "electronvolt", "electron volt"),
    "K": ("kelvin",),
    "mbar": ("mbar", "millibar", "毫巴"),  # no bare "bar" (chocolate bars, bars in town) nor 巴
    "psi": ("psi",),
    "atm": ("atmosphere", "个大气压", "大气压"),  # not "atm": cash machines
    "mmHg": ("mmHg", "毫米汞柱"),
    "dB": ("dB", "decibel", "分贝", "分貝"),
    "hp": ("hp", "horsepower", "马力", "馬力"),
    "ppm": ("ppm",),
    # battery charge, luminance
    "mAh": ("mAh", "milliamp hour", "milliampere hour", "milliamp-hour", "milliampere-hour",
            "毫安时", "毫安時"),
    "Ah": ("Ah", "amp hour", "ampere hour", "amp-hour", "ampere-hour", "安时", "安時"),
    "nit": ("nit", "cd/m²", "cd/m2", "尼特"),
    # speed, angle, temperature
    "km/h": ("km/h", "kph", "kmph", "km/hr", "kilometers per hour", "kilometres per hour",
             "kilometer per hour", "kilometre per hour", "kilometres an hour", "kilometers an hour",
             "公里/小时", "千米每小时"),
    "mph": ("mph", "miles per hour", "miles an hour", "mile per hour"),
    "m/s": ("m/s", "meters per second", "metres per second", "米每秒"),
    "m/ms": ("meters per millisecond", "metres per millisecond", "m/ms"),
    "cm/ms": ("centimeters/millisecond", "centimeters per millisecond", "cm/ms"),
    "km/ms": ("km/ms",),
    "kn": ("kn", "knot", "海里/小时", "海里每小时"),  # nautical miles per hour (wind, ships)
    "deg": ("degree", "°", "度"),
    "turn": ("turn",),
    "°C": ("°C", "℃", "degrees celsius", "degree celsius", "celsius", "celcius", "摄氏度",
           "攝氏度"),
    "°F": ("°F", "℉", "degrees fahrenheit", "degree fahrenheit", "fahrenheit", "degrees f",
           "华氏度", "華氏度"),
    # ratios
    "%": ("%", "percent", "per cent", "pct", "percentage"),
    "‰": ("‰",),
    "pp": ("pp", "percentage point", "percentage points", "个百分点", "個百分點", "百分点",
           "百分點"),
    "bp": ("bp", "bps", "basis point", "basis points", "基点"),
    "x": ("x", "×", "times", "fold", "-fold", "倍", "X"),
    # AI workloads
    "tokens/s/kW": ("tokens/s/kW", "tokens/s per kW", "tokens per second per kW",
                    "token/s/kW"),
    "tokens/s": ("tokens/s", "token/s", "tok/s", "tokens per second", "token per second",
                 "tokens/sec", "token每秒", "个token每秒", "tokens每秒", "token/秒"),
    "tokens": ("tokens", "token", "个token"),
    "params": ("parameters", "params", "参数", "个参数"),
}

# currency spellings: after the number ("20 dollars", "1200亿美元") or before it ("$20").
_CURRENCY: Final[dict[str, tuple[str, ...]]] = {
    "USD": ("$", "US$", "U.S.$", "USD", "usd", "dollar", "us dollar", "u.s. dollar", "美元",
            "美金", "usd$"),
    "CNY": ("CNY", "RMB", "rmb", "yuan", "renminbi", "元", "人民币", "人民幣", "块", "块钱",
            "塊", "塊錢", "圆", "元人民币", "人民币元", "¥", "￥", "kuai"),
    "EUR": ("€", "EUR", "euro", "€ur", "欧元", "歐元"),
    "GBP": ("£", "GBP", "pound sterling", "英镑", "英鎊"),
    "JPY": ("JPY", "yen", "日元", "日圆", "円"),
    "HKD": ("HK$", "HKD", "港元", "港币", "港幣"),
    "TWD": ("NT$", "TWD", "新台币", "台币", "新台幣"),
    "CHF": ("CHF", "swiss franc", "瑞士法郎"),
    "CAD": ("C$", "CAD", "canadian dollar", "加元"),
    "AUD": ("A$", "AUD", "aud$", "australian dollar", "澳元"),
    "NZD": ("NZD", "nzd$"),
    "MXN": ("MXN", "mxn$"),
    "KRW": ("KRW", "won", "韩元"),
    "INR": ("₹", "INR", "Rs", "Rs.", "rupee"),
    "BTC": ("₿", "BTC", "bitcoin", "比特币"),
    "TRY": ("turkish lira", "TRY"),
    "FIM": ("finnish markka",),
    "NLG": ("dutch guilder", "guilder"),
    "ESP": ("peseta",),
    "CRC": ("₡",),
    "GEL": ("₾",),
    "LAK": ("₭",),
    "LKR": ("ரூ", "LKR"),
    "SGD": ("SGD", "S$"),
    "cent": ("cent", "¢", "美分", "pennies"),
    "penny": ("pence", "penny", "便士"),
}
CURRENCY_SPELLINGS: Final[dict[str, tuple[str, ...]]] = _CURRENCY
"""The one table of currency spellings, {code: spellings} ('USD': '$', 'dollar', '美元', ...);
the extract side reads it from here (verifier/extract/context.py)."""
# three-letter codes accepted before or after a number ("42 LBP", "MYR42")
_CODES: Final[tuple[str, ...]] = ("LBP", "EGP", "SAR", "BGN", "MYR", "MNT", "UAH", "QAR",
                                  "KWD", "ILS", "RUB", "NGN", "GEL", "LAK")

# English magnitude words, folded into the value ("$2 million" -> 2_000_000).
MAGNITUDE_WORDS: Final[dict[str, float]] = {
    "trillion": 1e12, "trillions": 1e12, "tln": 1e12, "tn": 1e12,
    "billion": 1e9, "billions": 1e9, "bn": 1e9, "bln": 1e9,
    "million": 1e6, "millions": 1e6, "mn": 1e6, "mln": 1e6,
    "thousand": 1e3, "thousands": 1e3, "hundred": 1e2, "hundreds": 1e2,
    "dozen": 12, "dozens": 12, "dzs": 12, "dz": 12, "lakh": 1e5, "crore": 1e7,
}
# one-letter magnitude suffixes written straight after digits ("10k", "1.2M", "$2.174T")
MAGNITUDE_LETTERS: Final[dict[str, float]] = {"k": 1e3, "K": 1e3, "M": 1e6, "m": 1e6,
                                              "b": 1e9, "B": 1e9, "T": 1e12, "bn": 1e9}
# Chinese magnitude characters (place values) used after Arabic digits ("8.54万")
CN_MAGNITUDES: Final[dict[str, float]] = {"十": 10, "百": 100, "千": 1e3, "万": 1e4,
                                          "萬": 1e4, "亿": 1e8, "億": 1e8}


COMPOUND_STEPS: Final[dict[tuple[str, str], int]] = {
    ("mi", "yd"): 1760, ("yd", "ft"): 3, ("ft", "in"): 12, ("lb", "oz"): 16,
    ("km", "m"): 1000, ("m", "cm"): 100, ("cm", "mm"): 10, ("kg", "g"): 1000, ("t", "kg"): 1000,
}
"""A larger unit and the next smaller one written after it in one measure ('6 ft 2 in',
'3 lb 4 oz', '2 km 300 m'): how many of the smaller make one of the larger (the second figure is
below it)."""


POWER_BASES: Final[tuple[str, ...]] = ("mm", "cm", "dm", "m", "km", "in", "ft", "yd", "mi")
"""Lengths whose squares and cubes are spelled from their symbol ('cm²', 'cm2', 'cm^2', 'sq cm',
'm³', 'm3', 'cu m', 'cubic km') and from their names ('square metre', 'cubic kilometre', 平方米,
立方厘米)."""


def _powers() -> dict[str, tuple[str, ...]]:
    """Spellings of the square and cube of each :data:`POWER_BASES` length, with the superscript
    symbol as canonical ('cm²'), from the grammar of unit symbols rather than one entry per unit."""
    out: dict[str, tuple[str, ...]] = {}
    for base in POWER_BASES:
        for sup, digit, word, short in (("²", "2", "square", "sq"), ("³", "3", "cubic", "cu")):
            names = [f"{base}{sup}", f"{base}{digit}", f"{base}^{digit}", f"{short} {base}",
                     f"{short}. {base}"]
            # "metres cubed", "km squared": the power written after the unit
            names += [f"{n} {'squared' if digit == '2' else 'cubed'}" for n in _ALIASES[base]
                      if n.isascii() and n.isalpha() and len(n) > 1]
            names += [f"{n}s {'squared' if digit == '2' else 'cubed'}" for n in _ALIASES[base]
                      if n.isascii() and n.isalpha() and len(n) > 2 and not n.endswith("s")]
            names += [f"{word} {n}" for n in _ALIASES[base][1:] if n.isascii() and n.isalpha() and len(n) > 2]
            # Chinese: 平方 (square) or 立方 (cube) before the length's name: 立方米, 平方厘米, 立方公里
            names += [("平方" if digit == "2" else "立方") + n for n in _ALIASES[base] if not n.isascii()]
            out[f"{base}{sup}"] = tuple(names)
    return out


_POWERS: Final[dict[str, tuple[str, ...]]] = _powers()


SI_PREFIXED: Final[dict[str, tuple[tuple[str, ...], str, tuple[str, ...], str]]] = {
    # symbol: (spellings of the unit itself, English name, prefixes used, Chinese name)
    "Pa": (("Pa", "pascal", "帕斯卡"), "pascal", ("h", "k", "M", "G"), "帕"),
    "V": (("V", "volt", "伏特"), "volt", ("m", "k", "M"), "伏"),
    "A": (("amp", "ampere", "安培"), "ampere", ("m", "k"), "安"),  # a bare "A" is a letter
    "N": (("newton",), "newton", ("k", "M"), ""),                  # a bare "N" is a letter
    "Ω": (("Ω", "ohm", "欧姆"), "ohm", ("k", "M"), "欧"),
}
"""SI units spelt with their prefixes from the grammar of unit symbols (kPa, kilopascal, 千帕;
mA, milliampere, 毫安; kV, 千伏), each checked by pint (:mod:`verifier.units`)."""
_PREFIXES: Final[dict[str, tuple[str, str]]] = {
    "h": ("hecto", "百"), "k": ("kilo", "千"), "M": ("mega", "兆"), "G": ("giga", "吉"),
    "m": ("milli", "毫"), "µ": ("micro", "微"),
}


def _si_prefixed() -> dict[str, tuple[str, ...]]:
    """Spellings of each :data:`SI_PREFIXED` unit and its prefixed forms (symbol, English name,
    Chinese name: 'kPa', 'kilopascal', '千帕')."""
    out: dict[str, tuple[str, ...]] = {}
    for sym, (own, name, prefixes, zh) in SI_PREFIXED.items():
        out[sym] = own
        for p in prefixes:
            word, zh_p = _PREFIXES[p]
            names = [p + sym, word + name] + ([zh_p + zh] if zh else [])
            out[p + sym] = tuple(names)
    return out


def _build() -> tuple[dict[str, str], dict[str, str], dict[str, tuple[int, ...]]]:
    """Build the exact and case-folded alias tables.

    Returns:
        (exact, folded, lengths): surface -> symbol, casefolded surface -> symbol, and per
        case-folded first character the distinct surface lengths in descending order (the
        probe lengths of :func:`match_unit`).
    """
    exact: dict[str, str] = {}
    folded: dict[str, str] = {}
    for table in (_ALIASES, _POWERS, _SI, _CURRENCY):
        for canon, names in table.items():
            for name in names:
                exact.setdefault(name, canon)
                if len(name) >= 3 and name.isascii():
                    folded.setdefault(name.casefold(), canon)
                    if name[-1].isalpha():
                        folded.setdefault(name.casefold() + "s", canon)
                        folded.setdefault(name.casefold() + "es", canon)
    for code in ("USD", "EUR", "GBP", "CNY", "CHF"):  # "30 MUSD" = 30 million dollars
        exact["M" + code] = "M" + code
    for code in _CODES:
        exact.setdefault(code, code)
        folded.setdefault(code.casefold(), code)
    by_first: dict[str, set[int]] = {}
    for k in (*exact, *folded):
        by_first.setdefault(k[0].casefold(), set()).add(len(k))
    lengths = {ch: tuple(sorted(ls, reverse=True)) for ch, ls in by_first.items()}
    return exact, folded, lengths


_SI: Final[dict[str, tuple[str, ...]]] = _si_prefixed()
_EXACT, _FOLDED, _LENGTHS = _build()
CURRENCY_SYMBOLS: Final[frozenset[str]] = frozenset((*_CURRENCY, *_CODES))



def match_unit(text: str, pos: int) -> tuple[str, int] | None:
    """Longest unit spelling starting exactly at ``text[pos]``.

    Args:
        text: the (normalised) text.
        pos: code-point offset where the unit would start.

    Returns:
        ``(symbol, end)`` with ``end`` exclusive, or None.  A spelling that ends in a Latin
        letter must not be followed by a letter or digit ("m212" is not metres).
    """
    n = len(text)
    if pos >= n:
        return None
    for length in _LENGTHS.get(text[pos].casefold(), ()):
        end = pos + length
        if end > n:
            continue
        s = text[pos:end]
        canon = _EXACT.get(s)
        if canon is None:
            canon = _FOLDED.get(s.casefold())
        if canon is None:
            continue
        if end < n and s[-1].isascii() and s[-1].isalnum() and text[end].isascii() and (
                text[end].isalnum()):
            continue
        return canon, end
    return None


def is_currency(symbol: str | None) -> bool:
    """True when ``symbol`` is a currency code or a currency sub-unit."""
    return symbol is not None and symbol in CURRENCY_SYMBOLS
