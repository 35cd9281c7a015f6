"""Assemble a corpus from paths: articles, their claim records and the external registry.

Path rules (each PATH on the command line):

* a folder holding ``sources/`` is a corpus root: its ``sources/`` articles, its
  ``claims/`` records and ``sources/external.yaml``;
* any other folder: the articles in it, ``external.yaml`` in it, and records from a
  ``claims/`` folder beside it (``<folder>/../claims``) or inside it;
* an article file (Markdown, plain text, HTML, or no extension): that article, with records
  from ``../claims/<stem>.yaml`` if present;
* ``-``: one article read from standard input (no records);
* a ``.yaml`` file: claim records.

A folder's ``sources.yaml`` (:mod:`verifier.ingest.sources_file`) sets fields of the articles
read from that folder.

Records are matched to articles by their ``source`` id, never by file name alone.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from verifier.errors import InputError, RecordError
from verifier.ingest.articles import decode_article, read_article, read_article_text
from verifier.ingest.readers import FOLDER_SUFFIXES, READERS
from verifier.ingest.records import read_claims, read_external
from verifier.ingest.sources_file import SOURCES_FILE, SourcesFile, read_sources_file
from verifier.ingest.unread import Unread
from verifier.models.claim import Claim
from verifier.models.source import ExternalSource, Source
from verifier.parallel import imap_shared

TYPE_CHECKING = False
if TYPE_CHECKING:  # the quantity layer is imported by extraction, not by reading files
    from verifier.quantities.counted import NumbersFound

EXTERNAL_FILE = "external.yaml"
"""The registry of external sources, beside the articles."""
CORPUS_LEXICON = "subjects.yaml"
"""A corpus's own subjects lexicon, beside its articles (``sources/subjects.yaml``): names the
shipped lexicon lacks ('星桩充电', a company discovery cannot find), in the shipped file's format
(read by :func:`verifier.extract.lexicon_files.load_lexicon`; ingest only collects its path)."""
STDIN = Path("-")
"""The path that names standard input."""
STDIN_SHOWN = "(stdin)"
"""How standard input is named in reports and messages."""


@dataclass
class Corpus:
    """Everything one run reads. ``record_lines`` maps claim id to (records path, line);
    ``record_paths`` maps each records path as shown to the file on disk."""

    sources: MutableMapping[str, Source] = field(default_factory=dict)
    """Source id -> article, in the order read (a :class:`~verifier.ingest.packed_sources.PackedSources`
    for an archive's audit: ``load_corpus(..., packed=True)``)."""
    external: dict[str, ExternalSource] = field(default_factory=dict)
    claims: list[Claim] = field(default_factory=list)
    record_lines: dict[str, tuple[str, int]] = field(default_factory=dict)
    record_files: list[str] = field(default_factory=list)
    extraction_errors: dict[str, str] = field(default_factory=dict)
    record_paths: dict[str, Path] = field(default_factory=dict)
    lexicon_files: list[str] = field(default_factory=list)
    """The corpus's own ``subjects.yaml`` files as shown (extraction reads them before the shipped
    lexicon: :func:`verifier.extract.corpus.corpus_lexicon`)."""
    unread: list[Unread] = field(default_factory=list)
    """The article files left out, in the order listed: unreadable ones (each a finding of rule
    V705) and verifier's own reports (:mod:`verifier.ingest.unread`)."""
    lexicon_paths: dict[str, Path] = field(default_factory=dict)
    """Each of ``lexicon_files`` -> the file on disk (a path as shown is relative to the corpus
    root when the corpus is outside the current folder, so it cannot be opened as it is)."""
    numbers: MutableMapping[str, NumbersFound] = field(default_factory=dict)
    """Source id -> the numbers of its body as the coverage count reads them
    (:class:`verifier.quantities.counted.NumbersFound`), for the articles extraction has read, so
    that the audit does not scan them again nor hold every quantity of every article (held
    compressed for an archive's audit, :class:`~verifier.ingest.packed_sources.PackedValues`)."""

    def claims_of(self, source_id: str) -> list[Claim]:
        """Claims printed by ``source_id``, in offset order."""
        return sorted((c for c in self.claims if c.source == source_id), key=lambda c: (c.anchor.start, c.id))

    def tier_of(self, source_id: str | None):
        """Tier of an article or external source, or None when the id is unknown."""
        if source_id in self.sources:
            return self.sources[source_id].meta.tier
        if source_id in self.external:
            return self.external[source_id].tier
        return None


def default_root() -> Path | None:
    """The corpus of the current folder: the folder itself when it holds ``sources/``, else None."""
    cwd = Path.cwd()
    return cwd if (cwd / "sources").is_dir() else None


def _display(path: Path, resolved: Path | None = None) -> str:
    """How a file is named in reports: relative to the current folder when under it, else
    relative to the corpus root above it (the folder holding ``sources/``), so reports stay
    byte-stable wherever they are run from; otherwise the path as given.

    The folder is resolved once (:func:`_resolved`) and the file itself only when it is a
    link: 10,000 articles' ``Path.resolve`` were 2.1 of 8.4 s of loading the corpus. ``resolved``:
    :func:`_file` of ``path`` when the caller has it."""
    resolved = resolved or _file(path)
    text = str(resolved)
    for base in _bases(resolved.parent, Path.cwd()):
        prefix = _inside(base)
        if text.startswith(prefix):  # resolved paths: a prefix up to a separator is relative_to's test, without its parsing
            return text[len(prefix):]
    return str(path)


@lru_cache(maxsize=256)
def _inside(base: Path) -> str:
    """The start every path under folder ``base`` (resolved) has: its text and one separator."""
    text = str(base)
    return text if text.endswith(os.sep) else text + os.sep


def _file(path: Path) -> Path:
    """``path`` resolved, its folder from :func:`_resolved` and the file itself only when it is a link."""
    return path.resolve() if path.is_symlink() else _resolved(path.parent) / path.name


@lru_cache(maxsize=256)
def _resolved(folder: Path) -> Path:
    """``folder`` resolved (links and ``..`` followed), once per folder and load (cleared with :func:`_bases`)."""
    return folder.resolve()


@lru_cache(maxsize=256)
def _bases(folder: Path, cwd: Path) -> tuple[Path, ...]:
    """What :func:`_display` names a file of ``folder`` (resolved) relative to, in order: the
    current folder ``cwd`` resolved, then each folder from ``folder`` up that holds ``sources/``.
    Asked once per folder, not once per article (10,000 articles: 30,000 path resolutions were
    ~1.5 s of loading the corpus); :func:`load_corpus` clears it, so no load sees folders as an
    earlier one found them."""
    return (cwd.resolve(), *(p for p in (folder, *folder.parents) if (p / "sources").is_dir()))


def load_corpus(paths: list[Path], with_records: bool = True, stdin: bytes | str | None = None,
                packed: bool = False) -> Corpus:
    """Load articles, records and the external registry from ``paths``.

    Args:
        paths: files and folders (see the module docstring); empty means the shipped corpus.
        with_records: False to ignore claim records (extraction-only runs).
        stdin: what standard input held, read when a path is ``-``: bytes are decoded as a
            file's are (UTF-8, or an HTML page's declared charset).
        packed: hold the articles, and the numbers extraction will find in them, compressed,
            each unpacked when read (:mod:`verifier.ingest.packed_sources`): an archive's audit.

    An article file that cannot be read (binary, not UTF-8, invalid front matter...) or that is
    one of verifier's reports does not stop the load: it is kept in ``Corpus.unread`` with its
    error, and the records file beside it (``claims/<stem>.yaml``) is left unread too.

    Raises:
        InputError: a path does not exist or holds no article (no article read: the first
            file left out's own error), standard input is invalid, or a registry,
            ``sources.yaml`` or records file is.
        RecordError: a record is invalid, repeats an id, or names an unknown source.
    """
    articles, records, registries = collect(paths)
    corpus = Corpus()
    if packed:
        from verifier.ingest.packed_sources import PackedSources, PackedValues

        corpus.sources, corpus.numbers = PackedSources(), PackedValues()
    add_registries(corpus, registries)
    settings = settings_files(articles)
    files = [art for art in dict.fromkeys(articles) if art != STDIN]
    read = read_articles(files, settings)
    folders: dict[Path, list[tuple[str, str]]] = {folder.resolve(): [] for folder in settings}  # (id, file name) of each one's articles
    left_out: set[Path] = set()  # the records files beside the articles left out
    for art in dict.fromkeys(articles):
        if art == STDIN:
            data = stdin or b""
            text = data if isinstance(data, str) else decode_article(data, STDIN_SHOWN)
            src = read_article_text(text, STDIN, STDIN_SHOWN)
        else:
            src = next(read)
            if isinstance(src, Unread):
                corpus.unread.append(src)
                left_out.add(records_folder(art.parent) / (art.stem + ".yaml"))
                if src.file and Path(src.file).parent in folders:  # a sources.yaml entry for it names an article, left out
                    folders[Path(src.file).parent].append((art.stem, art.name))
                continue
        if src.id in corpus.sources:
            raise InputError(src.path, 2, f"duplicate source id {src.id!r} (also in {corpus.sources[src.id].path})")
        corpus.sources[src.id] = src
        if src.file and Path(src.file).parent in folders:
            folders[Path(src.file).parent].append((src.id, Path(src.file).name))
    for folder, found in settings.items():
        here = folders[folder.resolve()]
        found.check_ids({sid for sid, _ in here}, {name for _, name in here})
    if not corpus.sources:
        first = next((u for u in corpus.unread if not u.report), None)
        if first is not None:
            raise first.error()
        raise InputError(str(paths[0]), None, "no articles found (.md, .markdown, .txt, .html or .htm files)")
    if with_records:
        unread_ids = {Path(u.path).stem for u in corpus.unread}  # the id an article left out would most likely have had
        for rec in dict.fromkeys(records):
            if rec not in left_out:
                _add_records(corpus, rec, unread_ids)
    return corpus


def collect(paths: list[Path]) -> tuple[list[Path], list[Path], list[Path]]:
    """(article files, records files, registry and lexicon files) that ``paths`` name, as
    :func:`load_corpus` reads them (the module docstring; none: the corpus of the current
    folder), each in the order found, an article listed again once per time it is named.

    Raises:
        InputError: as :func:`load_corpus`, before any file is read."""
    _bases.cache_clear()
    _resolved.cache_clear()
    if not paths:
        root = default_root()
        if root is None:
            raise InputError(".", None, "no corpus here: run from a folder holding sources/ (and claims/), or give the articles or folders to read")
        paths = [root]
    articles: list[Path] = []
    records: list[Path] = []
    registries: list[Path] = []
    for path in paths:
        _collect(path, articles, records, registries)
    return articles, records, registries


def add_registries(corpus: Corpus, registries: list[Path]) -> None:
    """Read into ``corpus`` the external registries and note the corpus lexicons among ``registries``.

    Raises:
        InputError: a registry is invalid."""
    for reg in dict.fromkeys(registries):
        if reg.name == CORPUS_LEXICON:
            corpus.lexicon_files.append(_display(reg))
            corpus.lexicon_paths[corpus.lexicon_files[-1]] = reg
            continue
        for ext in read_external(reg, _display(reg)):
            corpus.external[ext.id] = ext


def _read_file(settings: dict[Path, SourcesFile], art: Path) -> Source | Unread:
    """Article file ``art`` read (:func:`~verifier.ingest.articles.read_article`) with its folder's
    ``sources.yaml`` among ``settings``, in a worker or here; an :class:`~verifier.ingest.unread.Unread`
    with the error it raised when it cannot be read, or is a verifier report."""
    found, resolved = settings.get(art.parent), _file(art)
    try:
        return read_article(art, _display(art, resolved), found.settings_for if found else None, file=str(resolved))
    except InputError as err:
        return Unread.of(err, str(resolved))


FEWEST_CACHED = 64
"""Fewest article files a load looks up in the article cache (:mod:`verifier.ingest.article_cache`):
below it, reading them (~0.1 ms a file) costs less than the lookup's fixed cost (verifier's code
digest, ~20 ms, and the cache file), so a handful of articles starts as fast as before."""


def read_articles(files: list[Path], settings: dict[Path, SourcesFile]) -> Iterator[Source | Unread]:
    """The article of each of ``files`` (or why it was left out, :func:`_read_file`), in order,
    read on every core when there are many (:data:`verifier.parallel.MIN_ITEMS`); the unchanged
    ones of a corpus of at least :data:`FEWEST_CACHED` files from the article cache."""
    read = lambda todo: imap_shared(_read_file, settings, todo)  # noqa: E731
    if len(files) < FEWEST_CACHED:
        return read(files)
    from verifier.ingest.article_cache import read_files

    return read_files(files, lambda art: _described(art, settings), read)


def _described(art: Path, settings: dict[Path, SourcesFile]) -> tuple[str, str, str]:
    """What the article read from file ``art`` depends on besides the file's content (the
    article cache's key, :func:`verifier.ingest.article_cache.read_files`): the file resolved,
    the path reports name it by, and its folder's ``sources.yaml`` settings."""
    resolved = _file(art)
    found = settings.get(art.parent)
    return str(resolved), _display(art, resolved), repr(found) if found else ""


def records_folder(articles: Path) -> Path:
    """Where the records of the articles in folder ``articles`` live: the sibling ``claims/`` of
    a ``sources/`` folder (the project layout), else ``claims/`` inside the folder itself, so
    that corpora kept side by side never share records."""
    return articles.parent / "claims" if articles.name == "sources" else articles / "claims"


def settings_files(articles: list[Path]) -> dict[Path, SourcesFile]:
    """The ``sources.yaml`` of each folder articles are read from, by folder."""
    out: dict[Path, SourcesFile] = {}
    for folder in dict.fromkeys(a.parent for a in articles if a != STDIN):
        if (folder / SOURCES_FILE).is_file():
            out[folder] = read_sources_file(folder / SOURCES_FILE, _display(folder / SOURCES_FILE))
    return out


def _collect(path: Path, articles: list[Path], records: list[Path], registries: list[Path]) -> None:
    if path == STDIN:
        articles.append(STDIN)
        return
    if path.is_symlink() and not path.exists():
        raise InputError(str(path), None, _broken_link(path))
    if not path.exists():
        raise InputError(str(path), None, "no such file or folder")
    if path.is_dir() and (path / "sources").is_dir():
        _collect_folder(path / "sources", articles, registries)
        records.extend(sorted((path / "claims").glob("*.yaml")))
    elif path.is_dir():
        _collect_folder(path, articles, registries)
        records.extend(sorted(records_folder(path).glob("*.yaml")))
    elif path.suffix.lower() in READERS:
        articles.append(path)
        sibling = records_folder(path.parent) / (path.stem + ".yaml")
        if sibling.is_file():
            records.append(sibling)
    elif path.suffix.lower() in (".yaml", ".yml"):
        (registries if path.name in (EXTERNAL_FILE, CORPUS_LEXICON) else records).append(path)
    else:
        raise InputError(str(path), None, "not an article (.md, .txt, .html), a records file (.yaml) or a folder")


def _broken_link(path: Path) -> str:
    """Why a symbolic link cannot be followed: a loop, or a target that does not exist."""
    try:
        path.resolve(strict=True)
        loop = False
    except RuntimeError:  # Python before 3.13 reports a loop so
        loop = True
    except OSError as err:
        loop = err.errno == errno.ELOOP
    if loop:
        return "symbolic link loop (the link points back at itself); remove or fix the link"
    return f"symbolic link to {_link_target(path)!r}, which does not exist"


def _link_target(path: Path) -> str:
    """The target a symbolic link names, as written."""
    try:
        return str(path.readlink())
    except OSError:
        return "?"


def _collect_folder(folder: Path, articles: list[Path], registries: list[Path]) -> None:
    """Add the article files of ``folder`` to ``articles`` in name order (as sorted paths order
    them), and its registry and lexicon files to ``registries``. Listed with :func:`os.scandir`,
    whose entries know their kind without a ``stat`` each (10,000 articles: ~0.1 s less).

    Raises:
        InputError: a link to an article file that does not exist (or loops)."""
    with os.scandir(folder) as listing:
        entries = sorted(listing, key=lambda e: os.path.normcase(e.name))
    for e in entries:
        name = e.name
        if os.path.splitext(name)[1].lower() not in FOLDER_SUFFIXES or name.lower() in ("readme.md", "readme.txt") \
                or name.startswith(".") or _is_folder(e):
            continue
        p = folder / name
        if e.is_symlink() and not p.exists():
            raise InputError(str(p), None, _broken_link(p))
        articles.append(p)
    for name in (EXTERNAL_FILE, CORPUS_LEXICON):
        if (folder / name).is_file():
            registries.append(folder / name)


def _is_folder(entry: os.DirEntry) -> bool:
    """Whether ``entry`` is a folder or a link to one; False for a link that loops or leads
    nowhere (as :meth:`Path.is_dir`: it is then reported as a broken link)."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def _add_records(corpus: Corpus, rec: Path, unread_ids: set[str]) -> None:
    """Add the claims of records file ``rec`` to ``corpus``; a claim of an article left out
    unread (its source one of ``unread_ids``, the stems of those files) is left out with it.

    Raises:
        RecordError: a claim repeats an id or names a source that is no article of the run."""
    shown = _display(rec)
    claims, lines = read_claims(rec, shown)
    corpus.record_files.append(shown)
    corpus.record_paths[shown] = rec
    for claim in claims:
        line = lines.get(claim.id)
        if claim.id in corpus.record_lines:
            other = corpus.record_lines[claim.id]
            raise RecordError(shown, line, f"duplicate claim id {claim.id!r} (also at {other[0]}:{other[1]})")
        if claim.source not in corpus.sources:
            if claim.source in unread_ids:
                continue
            known = ", ".join(sorted(corpus.sources))
            raise RecordError(shown, line, f"claim {claim.id!r} names source {claim.source!r}, which is not an article of this run (known: {known})")
        corpus.record_lines[claim.id] = (shown, line)
        corpus.claims.append(claim)
