"""A corpus's own subjects lexicon: a ``subjects.yaml`` beside its articles, in the format of the
shipped ``verifier/data/subjects.yaml``, for names the shipped lexicon lacks and discovery cannot
find (Chinese company names, which no capital letter marks).

Shape::

    read_lexicon_file("sources/subjects.yaml") -> [Entry("星桩充电", "company", ("星桩",)), ...]
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from verifier.extract.lexicon import KINDS, Entry

CORPUS_LEXICON: Final = "subjects.yaml"
"""A corpus's own lexicon, beside its articles (``sources/subjects.yaml``): names the shipped
lexicon lacks ('星桩充电', a company discovery cannot find), in the shipped file's format."""

def read_lexicon_file(path: str) -> list[Entry]:
    """The entries of a lexicon file (the shipped one or a corpus's): a YAML list of ``{name,
    kind, aliases}`` mappings, checked the same way for both.

    Raises:
        InputError: invalid YAML, or an entry without a name or with an unknown kind.
    """
    from verifier.errors import InputError
    from verifier.ingest.files import read_text
    from verifier.ingest.yamlio import load_yaml

    data, node = load_yaml(read_text(Path(path), path), path)
    if data is None:
        return []
    if not isinstance(data, list):
        raise InputError(path, 1, "a subjects lexicon is a YAML list of {name, kind, aliases} entries")
    out = []
    for i, e in enumerate(data):
        line = node.value[i].start_mark.line + 1
        if not isinstance(e, dict) or not e.get("name"):
            raise InputError(path, line, "entry needs a name: - {name: 星桩充电, kind: company, aliases: [星桩]}")
        if e.get("kind") not in KINDS:
            raise InputError(path, line, f"kind {e.get('kind')!r} is not one of {', '.join(sorted(KINDS))}")
        aliases = e.get("aliases") or []
        if not isinstance(aliases, list):
            raise InputError(path, line, "aliases must be a list: aliases: [星桩, Xingzhuang]")
        out.append(Entry(str(e["name"]), str(e["kind"]), tuple(str(a) for a in aliases)))
    return out
