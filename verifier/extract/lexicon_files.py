"""The lexicon's files, read into a :class:`.lexicon.Lexicon`: the shipped
``verifier/data/subjects.yaml``, and a corpus's own ``subjects.yaml`` beside its articles, in the
same format, for names the shipped lexicon lacks and discovery cannot find (Chinese company
names, which no capital letter marks).

Shape::

    read_lexicon_file("sources/subjects.yaml") -> [Entry("星桩充电", "company", ("星桩",)), ...]
    load_lexicon(None, ("sources/subjects.yaml",)) -> Lexicon([...corpus entries, ...shipped entries])
    load_lexicon(None, ("sources/subjects.yaml",), ("- {name: 星桩充电, ...}",))   # the same, read already

It sits above :mod:`.lexicon` (the entries, the lookup and discovery), which reads no file.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Final

from verifier.extract.lexicon import KINDS, Entry, Lexicon

DATA: Final = Path(__file__).resolve().parents[1] / "data" / "subjects.yaml"
"""The shipped lexicon."""

def read_lexicon_file(path: str, text: str | None = None) -> list[Entry]:
    """The entries of a lexicon file (the shipped one or a corpus's): a YAML list of ``{name,
    kind, aliases}`` mappings, checked the same way for both. ``text`` is the file's content
    when it was read already (None: read ``path``); ``path`` then only names it in errors.

    Raises:
        InputError: the file cannot be read, invalid YAML, or an entry without a name or with
            an unknown kind.
    """
    from verifier.errors import InputError
    from verifier.ingest.files import read_text
    from verifier.ingest.yamlio import load_yaml

    data, node = load_yaml(read_text(Path(path), path) if text is None else text, path)
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


@lru_cache(maxsize=4)
def load_lexicon(path: str | None = None, extra: tuple[str, ...] = (), texts: tuple[str, ...] | None = None) -> Lexicon:
    """Build the lexicon from ``path`` (default: the shipped ``subjects.yaml``), once per
    (path, extra, texts).

    Args:
        path: the base lexicon file.
        extra: a corpus's own ``subjects.yaml`` files (:data:`verifier.ingest.corpus.CORPUS_LEXICON`), read first:
            their entries win over the base's for the same alias.
        texts: the contents of the ``extra`` files, one each, when they were read already (by
            the process that sent an article to a worker on a machine without the files);
            None reads them.

    Raises:
        InputError: an extra file is not valid YAML or an entry lacks a name or a known kind
            (``path:line: message``).
    """
    given = (None,) * len(extra) if texts is None else texts
    return Lexicon([*(e for f, t in zip(extra, given, strict=True) for e in read_lexicon_file(f, t)),
                    *read_lexicon_file(str(path or DATA))])
