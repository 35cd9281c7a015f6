"""The corpus a review desk works on: loaded as ``verifier audit`` loads it, with its findings.

:class:`Desk` reads the corpus folders (:func:`verifier.ingest.corpus.load_corpus`), extracts
claims in memory for the articles without records (:func:`verifier.extract.corpus.extract_missing`,
as ``audit`` does) and runs the enabled rules (:func:`verifier.engine.check`). It reloads when
any article or records file changed on disk (sizes and modification times), so a page always
shows the files as they are, including edits made by hand in an editor. The desk's server
answers in threads: one reading at a time (a lock), the others wait for it and share it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from verifier.engine import check
from verifier.extract.corpus import extract_missing
from verifier.graph import provenance
from verifier.ingest.corpus import Corpus, load_corpus, records_folder
from verifier.models.claim import Claim
from verifier.models.finding import Finding
from verifier.models.report import ProvenanceEntry
from verifier.rules.context import Context


@dataclass
class Loaded:
    """One reading of the corpus: the corpus, its rule context and its findings (report order)."""

    corpus: Corpus
    ctx: Context
    findings: list[Finding]
    by_id: dict[str, Claim] = field(default_factory=dict)

    def on_disk(self, claim_id: str) -> bool:
        """True when the claim is a record in a claims file (not extracted in memory)."""
        where = self.corpus.record_lines.get(claim_id)
        return where is not None and where[0] in self.corpus.record_paths

    def findings_of(self, source_id: str) -> list[Finding]:
        """Findings located in ``source_id`` or naming one of its claims."""
        mine = {c.id for c in self.corpus.claims if c.source == source_id}
        return [f for f in self.findings if f.source == source_id or mine & set(f.claims)]

    def article_file(self, source_id: str) -> Path:
        """The file article ``source_id`` was read from."""
        src = self.corpus.sources[source_id]
        return Path(src.file or src.path)

    def provenance(self, claim_ids: list[str]) -> list[ProvenanceEntry]:
        """Origin and citation chains of the claims ``claim_ids``."""
        return provenance(self.corpus, claim_ids)


class Desk:
    """The corpus at ``paths`` (as ``verifier audit PATH...`` reads them), reloaded on change.

    Raises (from :meth:`current`):
        InputError, RecordError: the corpus cannot be read (a bad records file...).
    """

    def __init__(self, paths: list[Path]) -> None:
        self.paths = list(paths)
        self._stamp: tuple | None = None
        self._loaded: Loaded | None = None
        self._lock = threading.RLock()

    def current(self) -> Loaded:
        """The corpus as it is on disk now (read again only when a file changed)."""
        with self._lock:
            stamp = self._fingerprint()
            if self._loaded is None or self._stamp is None or stamp != self._stamp:
                corpus = load_corpus(self.paths)
                extract_missing(corpus, jobs=1)
                ctx = Context(corpus)
                findings = check(ctx)
                self._loaded = Loaded(corpus, ctx, findings, {c.id: c for c in corpus.claims})
                self._stamp = self._fingerprint()
            return self._loaded

    def invalidate(self) -> None:
        """Read the corpus again at the next :meth:`current` (after a write of the desk's own)."""
        with self._lock:
            self._stamp = None

    def records_file(self, source_id: str) -> Path:
        """Where the records of article ``source_id`` live (``claims/<stem>.yaml``), existing or not."""
        article = self.current().article_file(source_id)
        return records_folder(article.parent) / (article.stem + ".yaml")

    def _fingerprint(self) -> tuple:
        """(path, size, mtime) of the articles read and of every records file beside them: what a
        reload depends on (a records file written since, by ``extract`` or by hand, counts too)."""
        if self._loaded is None:
            return ()
        corpus = self._loaded.corpus
        articles = [Path(s.file) for s in corpus.sources.values() if s.file]
        folders = {records_folder(a.parent) for a in articles}
        files = set(articles) | set(corpus.record_paths.values()) | {p for f in folders for p in f.glob("*.yaml")}
        out = []
        for p in sorted(files):
            try:
                st = p.stat()
            except OSError:
                out.append((str(p), -1, -1))
                continue
            out.append((str(p), st.st_size, st.st_mtime_ns))
        return tuple(out)
