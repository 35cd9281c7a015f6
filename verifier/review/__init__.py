"""``verifier review``: a review desk in the browser over the corpus folders ``audit`` reads.

* :mod:`verifier.review.desk` loads the corpus as ``audit`` does and keeps its findings,
  reloading when a file changes;
* :mod:`verifier.review.pages` turns it into what the pages show (figures by state, queues);
* :mod:`verifier.review.edits` writes a reviewer's decision into ``claims/<stem>.yaml`` in place
  (:func:`verifier.ingest.records.replace_fields`), refusing a stale edit;
* :mod:`verifier.review.app` is the Flask application (token, routes, templates).
"""

from verifier.review.app import create_app, serve

__all__ = ["create_app", "serve"]
