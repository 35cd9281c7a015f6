"""The claim store's tables as Arrow schemas: the one definition of every column.

Three tables, one Parquet dataset each (see :mod:`verifier.store.write` for the layout):

* ``claims``: every claim of the report's ``claims`` list (:class:`~verifier.models.report.ClaimEntry`),
  one row each, plus the columns the cross-article stage groups on (``family``,
  ``fact_key``, ``fact_kind``) and the partition column :data:`PARTITION_KEY`;
* ``sources``: every article of the corpus (:class:`~verifier.models.report.SourceEntry`);
* ``findings``: every finding of the report (:class:`~verifier.models.finding.Finding`), in
  report order.

Each field carries its meaning in its metadata (``doc``); :func:`schema_table` renders the
README's table from them (a test keeps the README in step), so a column is described once.
"""

from __future__ import annotations

from typing import Final

import pyarrow as pa

STORE_VERSION: Final = "1"
"""Version of the store's layout and columns: changes when a column is removed or changes meaning
(new columns may be added within a version)."""

PARTITION_KEY: Final = "unit_group"
"""The claims table's Hive partition column (``claims/unit_group=<value>/part-0.parquet``)."""


def _field(name: str, type_: pa.DataType, doc: str, nullable: bool = True) -> pa.Field:
    return pa.field(name, type_, nullable=nullable, metadata={"doc": doc})


_STRINGS: Final = pa.list_(pa.string())
_SCOPE: Final = pa.map_(pa.string(), pa.string())
_BAND: Final = pa.struct([("low", pa.float64()), ("high", pa.float64()), ("unit", pa.string()), ("basis", pa.string())])

CLAIMS: Final = pa.schema([
    _field("id", pa.string(), "Claim id, '<source>-c<NNN>' (unique in the store).", False),
    _field("source", pa.string(), "Id of the article that prints the claim (`sources.id`).", False),
    _field("line", pa.int64(), "1-based line of the quote in the article file.", False),
    _field("quote", pa.string(), "The exact text of the figure, as printed.", False),
    _field("start", pa.int64(), "Offset of the quote's first character in the article body (code points).", False),
    _field("end", pa.int64(), "Offset one past the quote's last character.", False),
    _field("sentence", pa.string(), "The sentence of the article that holds the quote.", False),
    _field("subject", pa.string(), "Canonical name of the figure's holder; null for a figure no entity holds."),
    _field("metric", pa.string(), "Metric of the vocabulary ('power', 'count', 'revenue'...).", False),
    _field("measured", pa.string(), "The measured thing, as the article names it; null when it names none."),
    _field("kind", pa.string(), "What sort of figure it is ('measurement', 'ratio', 'percent', 'date'...).", False),
    _field("printed", pa.string(), "The number(s) exactly as printed ('8.54万', '1.5 至 1.9').", False),
    _field("value", pa.float64(), "Normalised point value (scale words expanded); null for a range or a date."),
    _field("low", pa.float64(), "Lower end of a printed range (null when open or not a range)."),
    _field("high", pa.float64(), "Upper end of a printed range (null when open or not a range)."),
    _field("iso", pa.string(), "ISO 8601 date or partial date of a date claim ('2026-08-25'); else null."),
    _field("unit", pa.string(), "Normalised unit symbol ('W', 'USD', '%', 'x', 'month'); null for a bare count."),
    _field("approx", pa.string(), "Approximation or bound word, normalised ('about', 'over', 'at_most'...); else null."),
    _field("scope", _SCOPE, "Conditions under which the figure holds (key -> value; a list value, a summary's "
           "several models, is its items joined by ' / ').", False),
    _field("comparison", pa.struct([("target", pa.string()), ("relation", pa.string()), ("scope", _SCOPE)]),
           "For ratios, shares, reductions and differences: the subject compared against, the relation, the "
           "scope keys that differ for the target; null otherwise."),
    _field("attribution", pa.struct([("origin", pa.string()), ("said_by", pa.string()), ("tier", pa.string())]),
           "Where the figure comes from: origin source id (null when unattributed), person quoted, tier of the origin.", False),
    _field("derived", pa.struct([("op", pa.string()), ("operands", _STRINGS), ("direction", pa.string()), ("basis", pa.string())]),
           "For a figure derived from others of its sentence: the op, the operand claim ids, the stated "
           "direction, the time basis; null otherwise."),
    _field("streak", pa.struct([("phrase", pa.string()), ("period", pa.string()), ("event", pa.string()), ("threshold", pa.float64()),
                                ("threshold_printed", pa.string()), ("end", pa.string())]),
           "For the count of a streak ('a sixth consecutive month'): its words, period, event, threshold, last period; null otherwise."),
    _field("decided", pa.map_(pa.string(), pa.struct([("by", pa.string()), ("confidence", pa.float64())])),
           "How extraction decided each part (holder, measured thing...): the evidence and a confidence in [0, 1].", False),
    _field("status", pa.string(), "Review status: 'accepted', 'proposed' or 'rejected'.", False),
    _field("family", pa.string(), "Unit family, as alignment reads it (`verifier.align.frames.family_of`): 'count', "
           "'fraction' (%, pp, per mille), 'multiple' (x) or a dimension ('power', 'money', 'time'...).", False),
    _field("fact_key", pa.string(), "The fact the checker groups the claim into (`verifier.factindex` fact id, "
           "subject|metric|target|scope, '#2' appended to a second fact that prints the same id); "
           "null for a claim in no fact (dates, summaries, rejected).",),
    _field("fact_kind", pa.string(), "Kind of that fact: 'measurement', 'comparison' or 'difference'; null with `fact_key`."),
    _field(PARTITION_KEY, pa.string(), "Partition: the unit family, with 'fraction' and 'multiple' together as 'ratio' "
           "(one comparison fact holds '40% faster' and '1.4x'). From the directory name, not stored in the files.", False),
])

SOURCES: Final = pa.schema([
    _field("id", pa.string(), "Article id, as claims and findings name it.", False),
    _field("path", pa.string(), "Path of the article as given on the command line or relative to the corpus root.", False),
    _field("title", pa.string(), "Headline or first line of the article.", False),
    _field("publisher", pa.string(), "Outlet or account that published it; null when unknown."),
    _field("tier", pa.string(), "The article's evidence tier ('primary', 'secondary', ...).", False),
    _field("tier_given", pa.bool_(), "False when the file names no tier and it was read as secondary.", False),
    _field("published", pa.date32(), "Publication date; null when unknown."),
    _field("url", pa.string(), "Canonical URL; null when unknown."),
    _field("languages", _STRINGS, "ISO 639-1 codes of the body's languages.", False),
    _field("authors", _STRINGS, "Bylines, as written.", False),
    _field("format", pa.string(), "How the file was read: 'markdown', 'text' or 'html'.", False),
    _field("cites", pa.list_(pa.struct([("source", pa.string()), ("relation", pa.string()), ("note", pa.string())])),
           "Sources it cites: cited id, relation ('cites', 'primary-source', 'attributes'...), note.", False),
])

FINDINGS: Final = pa.schema([
    _field("n", pa.int64(), "Position in the report (1-based), in report order.", False),
    _field("rule", pa.string(), "Rule code ('V201').", False),
    _field("name", pa.string(), "Rule name, kebab-case ('conflicting-figures').", False),
    _field("severity", pa.string(), "'error', 'warning' or 'info'.", False),
    _field("message", pa.string(), "The rendered message.", False),
    _field("source", pa.string(), "Article the finding is located in; null for a finding about the corpus."),
    _field("path", pa.string(), "Path of that article; null with `source`."),
    _field("line", pa.int64(), "1-based line in that file; null when unknown."),
    _field("claims", _STRINGS, "Ids of the claims involved (`claims.id`).", False),
    _field("stated", _BAND, "The stated band (low, high, unit, how it was set); null when none."),
    _field("recomputed", _BAND, "The recomputed band; null when none."),
    _field("formula", pa.string(), "The arithmetic, when there is one."),
    _field("operands", pa.list_(pa.struct([("claim", pa.string()), ("source", pa.string()), ("quote", pa.string()), ("printed", pa.string()),
                                           ("low", pa.float64()), ("high", pa.float64()), ("unit", pa.string())])),
           "Figures used in the recomputation: claim, source, quote, printed, band.", False),
])

TABLES: Final = {"claims": CLAIMS, "sources": SOURCES, "findings": FINDINGS}
"""Table name -> Arrow schema (the claims schema with its partition column)."""


def file_schema(name: str) -> pa.Schema:
    """The schema of the table's Parquet files: the claims schema without its partition column."""
    schema = TABLES[name]
    return schema.remove(schema.get_field_index(PARTITION_KEY)) if name == "claims" else schema


def schema_table() -> str:
    """The Markdown table of every column: ``| table | column | Arrow type | meaning |`` (the README's)."""
    lines = ["| table | column | Arrow type | meaning |", "|---|---|---|---|"]
    for table, schema in TABLES.items():
        for f in schema:
            kind = str(f.type) + ("" if f.nullable else " not null")
            doc = f.metadata[b"doc"].decode("utf-8").replace("|", "\\|")
            lines.append(f"| {table} | `{f.name}` | `{kind}` | {doc} |")
    return "\n".join(lines) + "\n"
