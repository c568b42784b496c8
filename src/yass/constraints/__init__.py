"""Pluggable rules. Each module declares rule types; ``REGISTRY`` maps JSON type names to them."""

from __future__ import annotations

from collections.abc import Callable

from yass.constraints.base import (
    REGISTRY,
    Constraint,
    Relation,
    constraint_from_json,
    register,
    relation_table,
)
from yass.constraints.cells import Candidates, Even, Odd
from yass.constraints.houses import Diagonal, DisjointGroups, ExtraRegion, Regions, windoku
from yass.constraints.pairs import (
    XV,
    AntiKing,
    AntiKnight,
    Clone,
    DiagonalNonConsecutive,
    Difference,
    KropkiNegativeBlack,
    Nabner,
    NonConsecutive,
    Palindrome,
    Ratio,
    SlowThermo,
    Thermo,
    Whispers,
    XVNegative,
)
from yass.geometry import Grid, LayoutError

__all__ = [
    "JSON_FIELDS",
    "REGISTRY",
    "RULE_NAMES",
    "XV",
    "AntiKing",
    "AntiKnight",
    "Candidates",
    "Clone",
    "Constraint",
    "Diagonal",
    "DiagonalNonConsecutive",
    "Difference",
    "DisjointGroups",
    "Even",
    "ExtraRegion",
    "KropkiNegativeBlack",
    "Nabner",
    "NonConsecutive",
    "Odd",
    "Palindrome",
    "Ratio",
    "Regions",
    "Relation",
    "SlowThermo",
    "Thermo",
    "Whispers",
    "XVNegative",
    "constraint_from_json",
    "register",
    "relation_table",
    "rules_from_names",
]

#: Whole-grid rules by the name ``--rules`` takes (dashes and underscores are ignored).
RULE_NAMES: dict[str, tuple[str, Callable[[Grid], list[Constraint]]]] = {
    "classic": ("rows, columns and boxes (always on)", lambda g: []),
    "antiknight": ("cells a knight's move apart differ", lambda g: [AntiKnight()]),
    "antiking": ("cells a king's move apart differ", lambda g: [AntiKing()]),
    "nonconsecutive": (
        "orthogonal neighbours are not consecutive",
        lambda g: [NonConsecutive()],
    ),
    "diagonalnonconsecutive": (
        "diagonal neighbours are not consecutive",
        lambda g: [DiagonalNonConsecutive()],
    ),
    "miracle": (
        "anti-knight, anti-king and non-consecutive together",
        lambda g: [AntiKnight(), AntiKing(), NonConsecutive()],
    ),
    "diagonal": ("both main diagonals are houses (sudoku X)", lambda g: [
        Diagonal("main"),
        Diagonal("anti"),
    ]),
    "x": ("same as diagonal", lambda g: [Diagonal("main"), Diagonal("anti")]),
    "maindiagonal": ("the r1c1-rNcN diagonal is a house", lambda g: [Diagonal("main")]),
    "antidiagonal": ("the rNc1-r1cN diagonal is a house", lambda g: [Diagonal("anti")]),
    "windoku": ("four extra windows are houses (hyper sudoku)", windoku),
    "disjointgroups": (
        "cells in the same place of each box form a house",
        lambda g: [DisjointGroups()],
    ),
    "kropkinegativeblack": (
        "no orthogonal neighbours have ratio 2",
        lambda g: [KropkiNegativeBlack()],
    ),
    "xvnegative": ("no orthogonal neighbours sum to 5 or 10", lambda g: [XVNegative()]),
}

_LINE = '"cells": [the cells along the line, in order]'
_PAIR = '"cells": [two cells]'

#: The fields of each JSON constraint type besides ``type``, for ``yass rules``. Cells
#: are written ``"r1c1"``; N is the size of the grid.
JSON_FIELDS: dict[str, str] = {
    "antiking": "none",
    "antiknight": "none",
    "candidates": '"cell": "r1c1", "digits": "135" (a string or a list of digits)',
    "clone": '"cells": [cells], "clone": [as many cells, in the same order]',
    "diagonal": '"direction": "main" (r1c1 to rNcN, the default) or "anti" (rNc1 to r1cN)',
    "diagonal_nonconsecutive": "none",
    "difference": f'{_PAIR}, "value": the difference (default 1)',
    "disjoint_groups": "none",
    "even": '"cells": [cells]',
    "extra_region": '"cells": [at most N cells]',
    "kropki_negative_black": "none",
    "nabner": _LINE,
    "nonconsecutive": "none",
    "odd": '"cells": [cells]',
    "palindrome": _LINE,
    "ratio": f'{_PAIR}, "value": the ratio (default 2)',
    "regions": '"regions": [[N cells], ...] (N regions, each cell in one)',
    "slow_thermo": '"cells": [the bulb first, then along the line]',
    "thermo": '"cells": [the bulb first, then along the line]',
    "whispers": f'{_LINE}, "value": the least difference (default (N+1)//2, 5 on 9x9)',
    "xv": f'{_PAIR}, "sum": 10 (X) or 5 (V)',
    "xv_negative": "none",
}

_ALIASES = {
    "knight": "antiknight",
    "king": "antiking",
    "diagonals": "diagonal",
    "sudokux": "diagonal",
    "hyper": "windoku",
    "disjoint": "disjointgroups",
    "nc": "nonconsecutive",
}


def normalize_rule_name(name: str) -> str:
    key = name.strip().lower().replace("-", "").replace("_", "").replace(" ", "")
    return _ALIASES.get(key, key)


def rules_from_names(text: str, grid: Grid) -> list[Constraint]:
    """Rules from a comma-separated list such as ``antiknight,anti-king``."""
    out: list[Constraint] = []
    for part in text.split(","):
        if not part.strip():
            continue
        key = normalize_rule_name(part)
        if key not in RULE_NAMES:
            known = ", ".join(sorted(RULE_NAMES))
            raise LayoutError(f"unknown rule {part.strip()!r} (known rules: {known})")
        out.extend(RULE_NAMES[key][1](grid))
    return out
