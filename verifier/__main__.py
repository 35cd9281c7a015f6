"""``python -m verifier``: the same as the ``verifier`` command."""

from verifier.cli import app

app()
