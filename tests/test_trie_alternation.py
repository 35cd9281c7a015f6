"""verifier.words.trie_alternation matches the same strings as the plain alternation it stands in for."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.words import alternation, trie_alternation

LETTERS = "abAB .+(上升下降"
"""Few letters, so that words share prefixes and texts hold them; a space, regex metacharacters and CJK."""

words = st.lists(st.text(alphabet=LETTERS, min_size=1, max_size=6), min_size=1, max_size=12)


@settings(max_examples=400, deadline=None)
@given(words, st.text(alphabet=LETTERS + "\t\n", max_size=30))
def test_a_trie_finds_a_word_exactly_where_the_alternation_does(ws, text):
    """Search truth and the set of whole strings matched are those of :func:`alternation`."""
    plain, trie = re.compile(alternation(ws), re.IGNORECASE), re.compile(trie_alternation(ws), re.IGNORECASE)
    assert bool(trie.search(text)) == bool(plain.search(text))
    for i in range(len(text)):
        for j in range(i + 1, len(text) + 1):
            assert bool(trie.fullmatch(text, i, j)) == bool(plain.fullmatch(text, i, j))


def test_a_trie_factors_shared_prefixes():
    """'rose', 'rise', 'ri' -> one branch for 'r', the word 'ri' ending inside 'rise'; a space is any white space."""
    assert trie_alternation(["rose", "rise", "ri"]) == "r(?:i(?:se)?|ose)"
    assert re.fullmatch(trie_alternation(["went up"]), "went \t up")
