"""Logical techniques: each finds steps on a board without changing it.

Every module of this package is a family of techniques (singles, fish, chains...).
A ``Technique`` subclass that sets ``code`` registers itself, and its row in
``TABLE`` (``yass.table``) gives its name, place on the ladder, difficulty, score and
level. ``TECHNIQUES`` is the default ladder, easiest first;
``get_techniques("ns,hs,pointing")`` picks techniques by code or name.
"""

from __future__ import annotations

import importlib
import pkgutil

from yass.table import LEVELS, TABLE, TechniqueInfo
from yass.techniques.base import (
    REGISTRY,
    Technique,
    UnknownTechniqueError,
    normalize,
)

# Import every family so that its techniques register themselves.
for _module in pkgutil.iter_modules(__path__):
    if not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")

__all__ = [
    "ALL_TECHNIQUES",
    "LEVELS",
    "TABLE",
    "TECHNIQUES",
    "Technique",
    "TechniqueInfo",
    "UnknownTechniqueError",
    "get_techniques",
    "technique_names",
]

#: One instance of every registered technique, in ladder order (easiest first).
ALL_TECHNIQUES: tuple[Technique, ...] = tuple(
    cls() for cls in sorted(REGISTRY.values(), key=lambda c: TABLE[c.code].order)
)

#: The default ladder: the techniques the table marks as on by default.
TECHNIQUES: tuple[Technique, ...] = tuple(t for t in ALL_TECHNIQUES if t.info.default)

_BY_CODE: dict[str, Technique] = {t.code: t for t in ALL_TECHNIQUES}

_LOOKUP: dict[str, str] = {}
for _row in TABLE.values():
    if _row.code in _BY_CODE:
        for _word in (_row.code, _row.name, *_row.aliases):
            _LOOKUP.setdefault(normalize(_word), _row.code)


def technique_names() -> list[tuple[str, str]]:
    """(code, name) of every technique, in ladder order."""
    return [(t.code, t.name) for t in ALL_TECHNIQUES]


def get_techniques(spec: str | None = None) -> list[Technique]:
    """Techniques named in ``spec``, in ladder order, each once.

    ``spec`` is a comma-separated list of codes or names (``"ns, hidden single,
    Naked-Pair"``; case, spaces, dashes and underscores do not matter). ``None`` or
    ``"all"`` gives the default ladder; ``""`` or ``"none"`` gives no technique at all
    (the solver then only guesses). A leading ``-`` removes a technique from the
    default ladder (``"-sp,-fn"``: everything but speculation and forcing nets).
    Raises UnknownTechniqueError for a name it does not know.
    """
    if spec is None or normalize(spec) == "all":
        return list(TECHNIQUES)
    if normalize(spec) in ("", "none"):
        return []
    parts = [p.strip() for p in spec.split(",") if normalize(p)]
    minus = [p[1:] for p in parts if p.startswith("-")]
    plus = [p for p in parts if not p.startswith("-")]
    if minus and plus:
        raise UnknownTechniqueError(
            "give either techniques to use or techniques to leave out (-CODE), not both"
        )
    codes = {_code(p) for p in (minus or plus)}
    if minus:
        return [t for t in TECHNIQUES if t.code not in codes]
    return [t for t in ALL_TECHNIQUES if t.code in codes]


def _code(part: str) -> str:
    code = _LOOKUP.get(normalize(part))
    if code is None:
        known = ", ".join(t.code for t in ALL_TECHNIQUES)
        raise UnknownTechniqueError(f"unknown technique {part.strip()!r} (known codes: {known})")
    return code
