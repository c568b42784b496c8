"""Write docs/variant-json.md, the specification of yass's JSON puzzle format.

The reference part (one entry per constraint type, its rule and its fields) comes from
the rule classes themselves (``yass.constraints.REGISTRY`` and ``JSON_FIELDS``), so the
document says exactly what the code reads. ``--check`` exits 1 when the committed file
differs from what this script writes (the test suite runs it that way).

Run from the repository:
    python scripts/variant_json_doc.py            # rewrite docs/variant-json.md
    python scripts/variant_json_doc.py --check    # compare only
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from yass.constraints import REGISTRY, type_description

DOC = Path(__file__).resolve().parent.parent / "docs" / "variant-json.md"

#: The kinds of rule, in the order the reference lists them.
GROUPS = (
    ("Rules on the whole grid", (
        "antiknight", "antiking", "nonconsecutive", "diagonal_nonconsecutive",
        "kropki_negative_black", "xv_negative", "diagonal", "disjoint_groups",
        "chess", "taxicab", "self_taxicab", "knightmare", "cyclic_nonconsecutive",
        "difference_negative", "ratio_negative", "sum_negative", "toroidal",
    )),
    ("Regions", ("regions", "extra_region", "latin_square")),
    ("Cells", (
        "odd", "even", "candidates", "minimum", "maximum", "clone", "column_indexer",
        "row_indexer", "box_indexer",
    )),
    ("Pairs of cells", ("difference", "ratio", "xv")),
    ("Lines", (
        "thermo", "slow_thermo", "palindrome", "whispers", "renban", "nabner", "between",
        "entropic_line", "modular_line", "region_sum_line", "zipper", "lockout_line",
    )),
    ("Sums and counts", ("killer", "multisum_killer", "arrow", "double_arrow", "quadruple")),
    ("Clues outside the grid", (
        "little_killer", "sandwich", "xsum", "skyscraper", "numbered_room",
    )),
)

INTRO = """\
# The JSON puzzle format

yass reads and writes sudoku puzzles, classic or variant, as JSON. `yass convert PUZZLE
--to json` writes it; every command that takes a puzzle reads it (a file holding one
puzzle object or a list of them, or the object itself as the argument); the library reads
it with `yass.puzzle_from_json` and `yass.read_puzzles`, and writes it with
`yass.puzzle_to_json`. The f-puzzles and SudokuPad links yass reads become this format.

This file is the format's specification. Its reference part (the constraint types, below)
is written by `scripts/variant_json_doc.py` from the rule classes, and a test checks that
it matches them.

## A puzzle

```json
{
  "name": "The Miracle Sudoku",
  "size": 9,
  "givens": "......................................1............2.............................",
  "constraints": [{"type": "antiknight"}, {"type": "antiking"}, {"type": "nonconsecutive"}],
  "solution": "483726159726159483159483726837261594261594837594837261372615948615948372948372615"
}
```

| field | required | meaning |
|---|---|---|
| `size` | no | N: the grid is N by N and holds the digits 1 to N (1 to 16). Without it, N comes from the length of `givens`. |
| `givens` | yes | N*N characters, row by row: a digit (`1`-`9`, then `A`-`G` for 10-16) or `.` (also `0`) for an empty cell. |
| `constraints` | no | The rules beyond rows and columns: a list of constraint objects (below). Missing or empty: a classic puzzle. |
| `solution` | no | N*N digits: the published solution, kept with the puzzle (`convert` writes it out). One that contradicts a given (naming the cell) or, when complete, breaks a rule (naming it) is refused. |
| `name`, `author`, `source` | no | Text, kept and shown where output has a name. |
| other fields | no | Information only (`rules` tags, for instance); yass ignores them. |

Boxes: rows and columns always hold every digit once. A size that splits into boxes has
them (4: 2x2, 6: 2x3, 8: 2x4, 9: 3x3, 10: 2x5, 12: 3x4, 14: 2x7, 15: 3x5, 16: 4x4) unless
a `regions` constraint replaces them; the other sizes (2, 3, 5, 7, 11, 13) have none, so
their puzzles give `regions`.

Cells are named `"r1c1"`: row 1, column 1, counted from the top left, 1 to N. A clue
outside the grid (little killers, sandwiches, X-sums, skyscrapers) names the cell beside
the grid where it is written: row or column 0 or N+1, so `"r0c4"` is above column 4 and
`"r5c10"` is right of row 5 on a 9x9 grid.

A file holds one puzzle object or a list of them. Errors name the puzzle and the
constraint: an unknown `type`, a constraint without one, a cell outside the grid, or a
field of the wrong kind is one line on standard error and exit code 2.

## Constraint types

Each constraint is an object `{"type": TYPE, FIELDS...}`. `yass rules` prints the same list
on a terminal.
"""


def _rule_text(kind: str) -> str:
    return type_description(kind)[0].replace("``", "`")


def _fields(kind: str) -> str:
    return type_description(kind)[1].replace("|", "\\|")


def document() -> str:
    listed = [kind for _, kinds in GROUPS for kind in kinds]
    missing = sorted(set(REGISTRY) - set(listed))
    unknown = sorted(set(listed) - set(REGISTRY))
    if missing or unknown:
        raise SystemExit(f"GROUPS is out of date: missing {missing}, unknown {unknown}")
    out = [INTRO]
    for title, kinds in GROUPS:
        out.append(f"### {title}\n")
        out.append("| type | rule | fields |")
        out.append("|---|---|---|")
        for kind in kinds:
            out.append(f"| `{kind}` | {_rule_text(kind)} | {_fields(kind)} |")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed file only")
    args = ap.parse_args(argv)
    text = document()
    if args.check:
        if not DOC.exists() or DOC.read_text(encoding="utf-8") != text:
            print(f"{DOC} is out of date: run python scripts/variant_json_doc.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
