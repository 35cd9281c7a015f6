"""Alignment: whether two claims, in one article or in two, are about the same quantity.

Stages, each feeding the next:

* :mod:`verifier.align.things`: a measured phrase normalised (head noun, modifiers, a concept
  of the bilingual vocabulary ``verifier/data/measured_things.yaml``) and two phrases compared;
* :mod:`verifier.align.frames`: a claim's frame (thing, unit family, role, holder, time, scope);
* :mod:`verifier.align.pairs`: candidate pairs by blocking, and the :class:`~verifier.align.pairs.Alignment`
  of two frames with its score and evidence.

The rules that read alignments (coverage against the primary source, misattribution,
contradictions inside an article) are in :mod:`verifier.rules.aligned`.
"""
