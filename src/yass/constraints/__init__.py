"""Pluggable rules. Each module declares rule types; ``REGISTRY`` maps JSON type names to them."""

from __future__ import annotations

import sys

from yass.constraints.base import (
    Constraint,
    Relation,
    constraint_from_json,
    register,
    relation_table,
)
from yass.core.geometry import Grid, LayoutError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from yass.constraints.base import REGISTRY
    from yass.constraints.cells import Candidates, Even, Odd
    from yass.constraints.chess import (
        Chess,
        CyclicNonConsecutive,
        DifferenceNegative,
        Knightmare,
        RatioNegative,
        SelfTaxicab,
        SumNegative,
        Taxicab,
    )
    from yass.constraints.houses import (
        Diagonal,
        DisjointGroups,
        ExtraRegion,
        LatinSquare,
        Regions,
        Toroidal,
        windoku,
    )
    from yass.constraints.lines import (
        Between,
        BoxIndexer,
        ColumnIndexer,
        EntropicLine,
        LockoutLine,
        Maximum,
        Minimum,
        ModularLine,
        Quadruple,
        Renban,
        RowIndexer,
    )
    from yass.constraints.outside import NumberedRoom, Sandwich, Skyscraper, XSum
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
    from yass.constraints.sums import (
        Arrow,
        DoubleArrow,
        Killer,
        LittleKiller,
        MultisumKiller,
        RegionSumLine,
        Zipper,
    )

#: The module that defines each rule class: a rule module is imported the first time
#: one of its names is asked for (``yass.constraints.Killer``), or when JSON names a
#: rule type (``REGISTRY``), so a classic puzzle loads none of them.
_MODULES: dict[str, str] = {
    **dict.fromkeys(("Candidates", "Even", "Odd"), "cells"),
    **dict.fromkeys(
        ("Chess", "CyclicNonConsecutive", "DifferenceNegative", "Knightmare", "RatioNegative",
         "SelfTaxicab", "SumNegative", "Taxicab"),
        "chess",
    ),
    **dict.fromkeys(
        ("Diagonal", "DisjointGroups", "ExtraRegion", "LatinSquare", "Regions", "Toroidal",
         "windoku"),
        "houses",
    ),
    **dict.fromkeys(
        ("Between", "BoxIndexer", "ColumnIndexer", "EntropicLine", "LockoutLine", "Maximum",
         "Minimum", "ModularLine", "Quadruple", "Renban", "RowIndexer"),
        "lines",
    ),
    **dict.fromkeys(("NumberedRoom", "Sandwich", "Skyscraper", "XSum"), "outside"),
    **dict.fromkeys(
        ("XV", "AntiKing", "AntiKnight", "Clone", "DiagonalNonConsecutive", "Difference",
         "KropkiNegativeBlack", "Nabner", "NonConsecutive", "Palindrome", "Ratio",
         "SlowThermo", "Thermo", "Whispers", "XVNegative"),
        "pairs",
    ),
    **dict.fromkeys(
        ("Arrow", "DoubleArrow", "Killer", "LittleKiller", "MultisumKiller", "RegionSumLine",
         "Zipper"),
        "sums",
    ),
}


def __getattr__(name: str) -> object:
    """A rule class (or ``REGISTRY``, every rule type loaded), imported on first use."""
    if name == "REGISTRY":
        from yass.constraints.base import load_rule_types

        return load_rule_types()
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    __import__(f"{__name__}.{module}")  # not importlib: it loads warnings
    value = getattr(sys.modules[f"{__name__}.{module}"], name)
    globals()[name] = value
    return value


__all__ = [
    "JSON_FIELDS",
    "REGISTRY",
    "RULE_NAMES",
    "XV",
    "AntiKing",
    "AntiKnight",
    "Arrow",
    "Between",
    "BoxIndexer",
    "Candidates",
    "Chess",
    "Clone",
    "ColumnIndexer",
    "Constraint",
    "CyclicNonConsecutive",
    "Diagonal",
    "DiagonalNonConsecutive",
    "Difference",
    "DifferenceNegative",
    "DisjointGroups",
    "DoubleArrow",
    "EntropicLine",
    "Even",
    "ExtraRegion",
    "Killer",
    "Knightmare",
    "KropkiNegativeBlack",
    "LatinSquare",
    "LittleKiller",
    "LockoutLine",
    "Maximum",
    "Minimum",
    "ModularLine",
    "MultisumKiller",
    "Nabner",
    "NonConsecutive",
    "NumberedRoom",
    "Odd",
    "Palindrome",
    "Quadruple",
    "Ratio",
    "RatioNegative",
    "RegionSumLine",
    "Regions",
    "Relation",
    "Renban",
    "RowIndexer",
    "Sandwich",
    "SelfTaxicab",
    "Skyscraper",
    "SlowThermo",
    "SumNegative",
    "Taxicab",
    "Thermo",
    "Toroidal",
    "Whispers",
    "XSum",
    "XVNegative",
    "Zipper",
    "constraint_from_json",
    "register",
    "relation_table",
    "rules_from_names",
    "type_description",
    "windoku",
]

def _rule(name: str) -> Any:
    """The rule class (or function) ``name``, its module imported on first use."""
    return __getattr__(name)


#: Whole-grid rules by the name ``--rules`` takes (dashes and underscores are ignored).
RULE_NAMES: dict[str, tuple[str, Callable[[Grid], list[Constraint]]]] = {
    "classic": ("rows, columns and boxes (always on)", lambda g: []),
    "antiknight": ("cells a knight's move apart differ", lambda g: [_rule("AntiKnight")()]),
    "antiking": ("cells a king's move apart differ", lambda g: [_rule("AntiKing")()]),
    "nonconsecutive": (
        "orthogonal neighbours are not consecutive",
        lambda g: [_rule("NonConsecutive")()],
    ),
    "diagonalnonconsecutive": (
        "diagonal neighbours are not consecutive",
        lambda g: [_rule("DiagonalNonConsecutive")()],
    ),
    "miracle": (
        "anti-knight, anti-king and non-consecutive together",
        lambda g: [_rule("AntiKnight")(), _rule("AntiKing")(), _rule("NonConsecutive")()],
    ),
    "diagonal": ("both main diagonals are houses (sudoku X)", lambda g: [
        _rule("Diagonal")("main"),
        _rule("Diagonal")("anti"),
    ]),
    "x": ("same as diagonal", lambda g: [_rule("Diagonal")("main"), _rule("Diagonal")("anti")]),
    "maindiagonal": ("the r1c1-rNcN diagonal is a house", lambda g: [_rule("Diagonal")("main")]),
    "antidiagonal": ("the rNc1-r1cN diagonal is a house", lambda g: [_rule("Diagonal")("anti")]),
    "windoku": ("four extra windows are houses (hyper sudoku)", lambda g: _rule("windoku")(g)),
    "disjointgroups": (
        "cells in the same place of each box form a house",
        lambda g: [_rule("DisjointGroups")()],
    ),
    "kropkinegativeblack": (
        "no orthogonal neighbours have ratio 2",
        lambda g: [_rule("KropkiNegativeBlack")()],
    ),
    "xvnegative": ("no orthogonal neighbours sum to 5 or 10", lambda g: [_rule("XVNegative")()]),
    "anticamel": ("cells a camel's leap (1,3) apart differ", lambda g: [_leap("camel")]),
    "antizebra": ("cells a zebra's leap (2,3) apart differ", lambda g: [_leap("zebra")]),
    "antigiraffe": ("cells a giraffe's leap (1,4) apart differ", lambda g: [_leap("giraffe")]),
    "antiferz": ("diagonal neighbours differ (a ferz's step)", lambda g: [_leap("ferz")]),
    "antialfil": ("cells two diagonal steps (2,2) apart differ", lambda g: [_leap("alfil")]),
    "selftaxicab": (
        "a digit d is never d steps (rows plus columns) from another d",
        lambda g: [_rule("SelfTaxicab")()],
    ),
    "knightmare": (
        "cells a knight's move apart never add up to 5 or 15",
        lambda g: [_rule("Knightmare")()],
    ),
    "cyclicnonconsecutive": (
        "orthogonal neighbours are not consecutive, N and 1 included",
        lambda g: [_rule("CyclicNonConsecutive")()],
    ),
    "latinsquare": (
        "no boxes: only rows and columns hold every digit once",
        lambda g: [_rule("LatinSquare")()],
    ),
    "toroidal": (
        "the grid wraps around: neighbours and moves cross the edges",
        lambda g: [_rule("Toroidal")()],
    ),
}


def _leap(name: str) -> Constraint:
    from yass.constraints.chess import LEAPS, Chess

    label, offset = LEAPS[name]
    return Chess([offset], label)

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
    "killer": '"cells": [at most N cells], "sum": the total (or null: the digits only differ)',
    "arrow": '"circle": [1 cell, or several read as one number], "line": [cells]',
    "little_killer": (
        '"clue": "r0c4" (outside), "cells": [the diagonal from the clue], "sum": the total,'
        ' "direction": "UL"/"UR"/"DL"/"DR" (optional)'
    ),
    "sandwich": '"clue": "r0c4" (outside), "cells": [the whole line from the clue], "sum"',
    "xsum": '"clue": "r0c4" (outside), "cells": [the whole line from the clue], "sum"',
    "skyscraper": '"clue": "r0c4" (outside), "cells": [the whole line from the clue], "value"',
    "renban": _LINE,
    "between": '"cells": [an end, the cells between, the other end]',
    "region_sum_line": _LINE,
    "entropic_line": _LINE,
    "modular_line": _LINE,
    "zipper": _LINE,
    "quadruple": '"cells": [up to 4 cells], "digits": [digits that must appear, repeats allowed]',
    "minimum": '"cells": [cells, each smaller than its orthogonal neighbours not listed]',
    "maximum": '"cells": [cells, each greater than its orthogonal neighbours not listed]',
    "column_indexer": '"cells": [cells of a column: digit v at (r, c) puts c at (r, v)]',
    "chess": (
        '"offsets": [[rows, columns], ...] (each leap in every direction: [[1, 3]] is the'
        ' camel), "name": text (optional)'
    ),
    "taxicab": '"distance": rows plus columns between the cells that differ',
    "self_taxicab": "none",
    "knightmare": '"sums": the forbidden sums (default [5, 15])',
    "cyclic_nonconsecutive": "none",
    "difference_negative": '"values": the differences no undotted pair has (default [1])',
    "ratio_negative": '"values": the ratios no undotted pair has (default [2])',
    "sum_negative": '"values": the sums no pair without an X or V has (default [5, 10])',
    "row_indexer": '"cells": [cells of a row: digit v at (r, c) puts r at (v, c)]',
    "box_indexer": (
        '"cells": [cells: digit v at position p of a box puts p at position v of that box]'
    ),
    "latin_square": "none",
    "toroidal": "none",
    "multisum_killer": (
        '"cells": [at most N cells], "sums": [the totals allowed], or instead "root": the'
        " digital root of the total (1-9)"
    ),
    "double_arrow": '"cells": [a circle, the cells between, the other circle]',
    "lockout_line": (
        '"cells": [a diamond, the cells between, the other diamond], "value": the least'
        " difference of the diamonds (default N//2, 4 on 9x9)"
    ),
    "numbered_room": (
        '"clue": "r0c4" (outside), "cells": [the whole line from the clue], "value": the'
        " digit"
    ),
}

def type_description(kind: str) -> tuple[str, str]:
    """(the rule, its JSON fields) of the constraint type ``kind``, for ``yass rules`` and
    docs/variant-json.md: the first paragraph of its class's docstring on one line (with
    its ````code```` marks), and ``JSON_FIELDS`` with the marked pairs a negative rule
    exempts."""
    from yass.constraints.base import load_rule_types

    cls = load_rule_types()[kind]
    rule = " ".join((cls.__doc__ or "").strip().split("\n\n")[0].split())
    fields = JSON_FIELDS.get(kind, "see the documentation")
    exempt: tuple[str, ...] = getattr(cls, "exempt_by", ())
    if exempt:
        marks = " or ".join(f'"{t}"' for t in exempt)
        fields += f" (a pair of cells with a {marks} mark is exempt)"
    return rule, fields


_ALIASES = {
    "knight": "antiknight",
    "king": "antiking",
    "diagonals": "diagonal",
    "sudokux": "diagonal",
    "hyper": "windoku",
    "disjoint": "disjointgroups",
    "nc": "nonconsecutive",
    "latin": "latinsquare",
    "noboxes": "latinsquare",
    "torus": "toroidal",
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
