"""The use cases of yass, each written once, returning result objects.

The command (``yass.cli``) and the page's server (``yass.web``) read their input, call a
function here and write what comes back; nothing here prints, reads argv or speaks HTTP.

* ``solving``: solve a puzzle (the ladder, then guesses) and say whether it is unique,
  counting its solutions once; the search's first solution; count; check.
* ``hints``: a grid in progress: the next step, every step there (``hint --all``), the
  digits with few places; the view of a step the page draws.
* ``setting``: the setter's tools: true candidates, solutions per candidate, cells tied
  across all solutions, redundant givens and rules.
* ``analysis``: the play-and-set page's analysis of a grid in progress.

Explaining a puzzle is ``yass.logic.explain.explain`` (an ``Explanation`` with its
``to_json``), rating is ``yass.rating.rate`` / ``rate_many`` and making puzzles is
``yass.generate.generate``: those use cases already are one function returning a result
object, in the layer that owns them.

The modules are imported on first use, so ``import yass.services`` costs nothing.
"""
