"""Logical techniques: each finds steps on a board without changing it.

``TECHNIQUES`` is the default ladder, easiest first, in the order of ``TABLE``
(``yass.techniques.base``), the one table of codes, names and difficulties.
``get_techniques("ns,hs,pointing")`` picks techniques by code or name.
"""

from __future__ import annotations

from yass.techniques.base import (
    TABLE,
    Technique,
    TechniqueInfo,
    UnknownTechniqueError,
    normalize,
)
from yass.techniques.intersections import Intersection
from yass.techniques.relations import RelationConsistency
from yass.techniques.singles import HiddenSingle, NakedSingle
from yass.techniques.speculation import Speculation
from yass.techniques.subsets import (
    HiddenPair,
    HiddenQuad,
    HiddenTriple,
    NakedPair,
    NakedQuad,
    NakedTriple,
)

__all__ = [
    "TABLE",
    "TECHNIQUES",
    "HiddenPair",
    "HiddenQuad",
    "HiddenSingle",
    "HiddenTriple",
    "Intersection",
    "NakedPair",
    "NakedQuad",
    "NakedSingle",
    "NakedTriple",
    "RelationConsistency",
    "Speculation",
    "Technique",
    "TechniqueInfo",
    "UnknownTechniqueError",
    "get_techniques",
    "technique_names",
]

_CLASSES: tuple[type[Technique], ...] = (
    NakedSingle,
    HiddenSingle,
    Intersection,
    RelationConsistency,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    Speculation,
)

#: One instance of every technique, in ladder order (easiest first).
TECHNIQUES: tuple[Technique, ...] = tuple(
    cls() for cls in sorted(_CLASSES, key=lambda c: TABLE[c.code].order)
)

_BY_CODE: dict[str, Technique] = {t.code: t for t in TECHNIQUES}

_LOOKUP: dict[str, str] = {}
for _row in TABLE.values():
    if _row.code in _BY_CODE:
        for _word in (_row.code, _row.name, *_row.aliases):
            _LOOKUP.setdefault(normalize(_word), _row.code)


def technique_names() -> list[tuple[str, str]]:
    """(code, name) of every technique, in ladder order."""
    return [(t.code, t.name) for t in TECHNIQUES]


def get_techniques(spec: str | None = None) -> list[Technique]:
    """Techniques named in ``spec``, in ladder order, each once.

    ``spec`` is a comma-separated list of codes or names (``"ns, hidden single,
    Naked-Pair"``; case, spaces, dashes and underscores do not matter). ``None`` or
    ``"all"`` gives the default ladder; ``""`` or ``"none"`` gives no technique at all
    (the solver then only guesses). Raises UnknownTechniqueError for a name it does
    not know.
    """
    if spec is None or normalize(spec) == "all":
        return list(TECHNIQUES)
    if normalize(spec) in ("", "none"):
        return []
    codes: set[str] = set()
    for part in spec.split(","):
        key = normalize(part)
        if not key:
            continue
        code = _LOOKUP.get(key)
        if code is None:
            known = ", ".join(t.code for t in TECHNIQUES)
            raise UnknownTechniqueError(
                f"unknown technique {part.strip()!r} (known codes: {known})"
            )
        codes.add(code)
    return [t for t in TECHNIQUES if t.code in codes]
