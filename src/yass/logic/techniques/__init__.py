"""Logical techniques: each finds steps on a board without changing it.

Every module of this package is a family of techniques (singles, fish, chains...);
``FAMILIES`` says which family holds each technique code. A ``Technique`` subclass
that sets ``code`` registers itself, and its row in ``TABLE`` (``yass.core.table``) gives
its name, place on the ladder, difficulty, score and level. ``TECHNIQUES`` is the
default ladder, easiest first; ``get_techniques("ns,hs,pointing")`` picks techniques
by code or name.

A family is imported the first time one of its techniques is used: until then the
ladder holds a stand-in that knows the technique's row of the table, and that becomes
the technique itself (same object, now of the technique's class) when it is first
asked for steps or for anything the table does not hold. So solving an easy puzzle
loads the singles and never the chains or the forcing nets.
"""

from __future__ import annotations

import _thread

from yass.core.board import Board
from yass.core.step import Step
from yass.core.table import LEVELS, TABLE, TechniqueInfo
from yass.logic.techniques.base import (
    REGISTRY,
    Technique,
    UnknownTechniqueError,
    normalize,
)

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = [
    "ALL_TECHNIQUES",
    "FAMILIES",
    "LEVELS",
    "TABLE",
    "TECHNIQUES",
    "Technique",
    "TechniqueInfo",
    "UnknownTechniqueError",
    "get_techniques",
    "technique_names",
]

#: The module of this package that holds each technique (a test checks it against the
#: classes that register themselves when every module is imported).
FAMILIES: dict[str, str] = {
    **dict.fromkeys(("fh", "ns", "hs"), "singles"),
    "ic": "intersections",
    "rc": "relations",
    "rl": "rules",
    "io": "arithmetic",
    **dict.fromkeys(("rt", "bt"), "together"),
    **dict.fromkeys(("lp", "lt", "np", "nt", "hp", "ht", "nq", "hq"), "subsets"),
    **dict.fromkeys(
        ("xw", "sf", "jf", "fxw", "sxw", "fsf", "ssf", "fjf", "sjf", "sqb", "fsqb", "ssqb",
         "wha", "fwha", "swha", "lev", "flev", "slev"),
        "fish",
    ),
    **dict.fromkeys(("frxw", "frsf", "frjf", "muxw", "musf", "mujf", "musqb", "muwha"),
                   "complex_fish"),
    **dict.fromkeys(("rp", "ww", "xy", "xyz", "wxyz", "vwxyz"), "wings"),
    **dict.fromkeys(
        ("bug", "bug2", "bug3", "bug4", "ur1", "ur2", "ur3", "ur4", "ur5", "ur6", "hr", "ar",
         "ul"),
        "uniqueness",
    ),
    **dict.fromkeys(("sky", "d2sk", "kite", "tf", "der", "er"), "single_digit"),
    **dict.fromkeys(("sdc", "alsxz", "alsxy", "alsc", "db"), "als"),
    **dict.fromkeys(("sc", "mc", "md"), "colouring"),
    **dict.fromkeys(("xc", "xyc", "aic", "gaic"), "chains"),
    **dict.fromkeys(("fc", "fn"), "forcing"),
    **dict.fromkeys(("ape", "ate"), "aligned"),
    **dict.fromkeys(("tset", "tdel"), "templates"),
    "nfc": "nested",
    **dict.fromkeys(("tri", "msls", "kf"), "patterns"),
    **dict.fromkeys(("je", "se"), "exocet"),
    "sp": "speculation",
}

def technique_class(code: str) -> type[Technique]:
    """The class of the technique ``code``, its family imported if it was not yet."""
    cls = REGISTRY.get(code)
    if cls is None:
        __import__(f"{__name__}.{FAMILIES[code]}")  # not importlib: it loads warnings
        cls = REGISTRY[code]
    return cls


class _Pending(Technique):
    """A technique whose family is not imported yet.

    It answers ``code``, ``name``, ``difficulty``, ``needs_unique``, ``last_resort`` and
    ``info`` from the table; anything else (``find`` first of all) imports the family and turns this
    object into an instance of the technique's class, which then answers.
    """

    def __init__(self, code: str) -> None:
        row = TABLE[code]
        vars(self).update(code=code, name=row.name, difficulty=row.difficulty,
                          needs_unique=row.unique, last_resort=row.last_resort)

    def find(self, board: Board) -> Iterator[Step]:
        if self.info.rules_only and not board.layout.constraints:
            return iter(())  # nothing to find without rules: keep the family unloaded
        return _loaded(self).find(board)

    def __getattr__(self, name: str) -> object:  # only for what the object does not have
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(_loaded(self), name)

    def __repr__(self) -> str:
        return repr(_loaded(self))


def _loaded(tech: Technique) -> Technique:
    """``tech`` as an instance of its own class (a ``_Pending`` turns into it in place).

    Safe between threads: the object answers the table's attributes all along, and has
    the technique's own state before it takes the technique's class.
    """
    if type(tech) is _Pending:
        with _LOADING:
            if type(tech) is _Pending:
                cls = technique_class(tech.code)
                state = vars(cls())
                table_only = set(vars(tech)) - set(state)
                vars(tech).update(state)
                object.__setattr__(tech, "__class__", cls)
                for name in table_only:  # the class answers them now
                    del vars(tech)[name]
    return tech


_LOADING = _thread.allocate_lock()


#: One instance of every technique, in ladder order (easiest first).
ALL_TECHNIQUES: tuple[Technique, ...] = tuple(_Pending(code) for code in TABLE if code in FAMILIES)

#: The default ladder: the techniques the table marks as on by default.
TECHNIQUES: tuple[Technique, ...] = tuple(t for t in ALL_TECHNIQUES if t.info.default)

_BY_CODE: dict[str, Technique] = {t.code: t for t in ALL_TECHNIQUES}

#: Every code, name and alias (normalized) to its code; made on first use.
_LOOKUP: dict[str, str] = {}


def technique_names() -> list[tuple[str, str]]:
    """(code, name) of every technique, in ladder order."""
    return [(t.code, t.name) for t in ALL_TECHNIQUES]


def get_techniques(spec: str | None = None) -> list[Technique]:
    """Techniques named in ``spec``, in ladder order, each once.

    ``spec`` is a comma-separated list of codes or names (``"ns, hidden single,
    Naked-Pair"``; case, spaces, dashes and underscores do not matter). ``None`` or
    ``"all"`` gives the default ladder; ``""`` or ``"none"`` gives no technique at all
    (the solver then only guesses). A leading ``-`` removes a technique from the
    default ladder (``"-sp,-fn"``: everything but speculation and forcing nets), a leading
    ``+`` adds one that is off by default (``"+vwxyz"``); the two may be mixed.
    Raises UnknownTechniqueError for a name it does not know. Techniques named one by
    one are loaded (their modules imported); the default ladder loads each technique
    when it is first used.
    """
    if spec is None or normalize(spec) == "all":
        return list(TECHNIQUES)
    if normalize(spec) in ("", "none"):
        return []
    parts = [p.strip() for p in spec.split(",") if normalize(p)]
    minus = {_code(p[1:]) for p in parts if p.startswith("-")}
    added = {_code(p[1:]) for p in parts if p.startswith("+")}
    plus = [p for p in parts if not p.startswith(("-", "+"))]
    if (minus or added) and plus:
        raise UnknownTechniqueError(
            "give either techniques to use, or changes to the default ladder (-CODE to leave"
            " one out, +CODE to add one), not both"
        )
    if minus or added:
        return [
            t if t.info.default else _loaded(t)
            for t in ALL_TECHNIQUES
            if (t.info.default or t.code in added) and t.code not in minus
        ]
    codes = {_code(p) for p in plus}
    return [_loaded(t) for t in ALL_TECHNIQUES if t.code in codes]


def _code(part: str) -> str:
    if not _LOOKUP:
        for row in TABLE.values():
            if row.code in _BY_CODE:
                for word in (row.code, row.name, *row.aliases):
                    _LOOKUP.setdefault(normalize(word), row.code)
    code = _LOOKUP.get(normalize(part))
    if code is None:
        known = ", ".join(t.code for t in ALL_TECHNIQUES)
        raise UnknownTechniqueError(f"unknown technique {part.strip()!r} (known codes: {known})")
    return code
