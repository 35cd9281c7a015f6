"""Records are written inside their corpus: never through a symbolic link that leads out of it.

A records file lives in a ``claims/`` folder, whose parent is the corpus folder (the root of
``sources/`` and ``claims/``, or a folder of articles: :func:`verifier.ingest.corpus.records_folder`).
When ``claims/`` (or a records file in it) is a symbolic link to a place outside that folder,
writing records would change files of another corpus, or any folder at all, without a word: the
writers (``verifier extract``, ``reanchor``, the review desk) call :func:`refuse_outside` on
every file first and stop with one line naming the link, before anything is written. A link
that stays inside the corpus (``claims -> records/``) is followed as before; reading records
through any link is unchanged.
"""

from __future__ import annotations

import os
from pathlib import Path

from verifier.errors import InputError


def refuse_outside(path: Path) -> None:
    """Raise when writing records file ``path`` would go through a symbolic link (its folder,
    or the file itself) to a place outside the corpus folder (the folder's parent).

    Args:
        path: the records file (it need not exist yet).

    Raises:
        InputError: ``LINK: the claims folder is a symbolic link to TARGET, outside the corpus
            folder CORPUS; ...``, paths named relative to the current folder when under it.
    """
    path = Path(os.path.abspath(path))
    folder = path.parent
    corpus = folder.parent
    home = corpus.resolve()
    for part, what in ((folder, "the claims folder"), (path, "the records file")):
        if not part.is_symlink():
            continue
        real = part.resolve()
        if real == home or home in real.parents:
            continue
        raise InputError(_named(part), None, f"{what} is a symbolic link to {os.readlink(part)}, outside the corpus "
                                             f"folder {_named(corpus)}; records are not written through it "
                                             "(make it a folder or file of the corpus)")


def _named(path: Path) -> str:
    """``path`` (absolute) relative to the current folder when under it, else as it is."""
    try:
        return str(path.relative_to(Path.cwd())) or "."
    except ValueError:
        return str(path)
