"""Proposals written from the desk: ``verifier extract`` for the articles that have no records file.

The same library calls as the ``extract`` command (extraction with the corpus lexicon, one name
per product across the articles, :func:`verifier.extract.merge.merge_file` appending
``status: proposed`` records), limited to articles whose ``claims/<stem>.yaml`` does not exist:
a records file that exists is never touched from here.
"""

from __future__ import annotations

from verifier.extract import extract_claims
from verifier.extract.corpus import corpus_lexicon
from verifier.extract.corpus_names import unify_subjects
from verifier.extract.merge import merge_file
from verifier.ingest.corpus import load_corpus
from verifier.review.desk import Desk


def propose_missing(desk: Desk) -> list[str]:
    """Write proposals for every article of ``desk`` with no records file; returns their ids.

    Raises:
        InputError, RecordError: as ``verifier extract`` (checked for every file before any is written).
    """
    corpus = load_corpus(desk.paths, with_records=False)
    sources = [src for _, src in sorted(corpus.sources.items()) if src.file and not desk.records_file(src.id).exists()]
    if not sources:
        return []
    lexicon = corpus_lexicon(corpus)
    extracted = {src.id: extract_claims(src, corpus.external, lexicon) for src in sources}
    proposed = unify_subjects(extracted, frozenset(e.name for e in lexicon.entries))
    plans = [(src, desk.records_file(src.id)) for src in sources]
    for src, target in plans:
        merge_file(target, proposed[src.id], dry_run=True, body=src.body)
    for src, target in plans:
        merge_file(target, proposed[src.id], body=src.body)
    return [src.id for src in sources]
