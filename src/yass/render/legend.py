"""Variant rules in words: each rule type's name and meaning, and a puzzle's rules listed
with their cells in compact notation.

``rules_legend(layout)`` is the block of text the views print under a variant grid (one
rule type a heading with its one-line meaning, then its rules: ``17: r1c1,r1c2``,
``r1c1 (bulb) < r1c2``, ``r5c4 <- r4c3,r3c2``, ``8 above c1``); ``RULE_MEANINGS`` and
``rule_meaning`` give the names and meanings the web page's legend uses too. Nothing
here draws a grid: ``yass.render`` and ``yass.render.views`` both use this module.
"""

from __future__ import annotations

from collections.abc import Mapping

from yass.core.layout import Layout

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = ["RULE_MEANINGS", "rule_items", "rule_meaning", "rule_summary", "rules_legend"]

#: Each rule type's name and one-line meaning, for the legends (text views and the web page).
RULE_MEANINGS: dict[str, tuple[str, str]] = {
    "regions": ("jigsaw regions", "each bold-walled region holds every digit once"),
    "extra_region": ("extra region", "the shaded cells hold different digits"),
    "diagonal": ("diagonal", "the diagonal holds every digit once"),
    "disjoint_groups": ("disjoint groups", "cells in the same position of each box differ"),
    "antiknight": ("anti-knight", "cells a knight's move apart differ"),
    "antiking": ("anti-king", "cells a king's move apart differ"),
    "nonconsecutive": ("non-consecutive", "orthogonal neighbours are never consecutive"),
    "diagonal_nonconsecutive": (
        "diagonal non-consecutive", "diagonal neighbours are never consecutive"),
    "kropki_negative_black": (
        "no black dot", "no pair without a dot has one digit twice the other"),
    "xv_negative": ("no X or V", "no pair without X or V sums to 5 or 10"),
    "killer": ("killer cage", "the digits differ and add up to the small number"),
    "thermo": ("thermometer", "digits increase from the bulb"),
    "slow_thermo": ("slow thermometer", "digits never decrease from the bulb"),
    "arrow": ("arrow", "the digits on the arrow add up to the circle"),
    "whispers": ("German whispers", "neighbours on the line differ by at least (N+1)/2"),
    "palindrome": ("palindrome", "the line reads the same both ways"),
    "renban": ("renban", "a set of consecutive digits, in any order"),
    "between": ("between line", "digits on the line lie strictly between the two ends"),
    "region_sum_line": ("region sum line", "each box's segment of the line has the same sum"),
    "entropic_line": ("entropic line", "any three in a row: one of 1-3, 4-6 and 7-9"),
    "modular_line": ("modular line", "any three in a row differ mod 3"),
    "zipper": ("zipper line", "cells equally far from the centre sum to the same total"),
    "nabner": ("nabner line", "no two digits are equal or consecutive"),
    "difference": ("white dot", "the two digits are consecutive (or differ by the number)"),
    "ratio": ("black dot", "one digit is twice the other (or the number times)"),
    "xv": ("X / V", "the two digits sum to 10 (X) or 5 (V)"),
    "odd": ("odd", "an odd digit (circle)"),
    "even": ("even", "an even digit (square)"),
    "minimum": ("minimum", "smaller than its orthogonal neighbours"),
    "maximum": ("maximum", "greater than its orthogonal neighbours"),
    "candidates": ("candidates", "the cell holds one of the listed digits"),
    "chess": ("anti-chess", "cells one of these leaps apart (any direction) differ"),
    "taxicab": ("taxicab", "cells this many steps apart (rows plus columns) differ"),
    "self_taxicab": (
        "self-taxicab", "a digit d is never d steps (rows plus columns) from another d"),
    "knightmare": ("knightmare", "cells a knight's move apart never add up to 5 or 15"),
    "cyclic_nonconsecutive": (
        "cyclic non-consecutive", "orthogonal neighbours are never consecutive, N and 1 included"),
    "difference_negative": ("no white dot", "no pair without a dot differs by these"),
    "ratio_negative": ("no black dot", "no pair without a dot has one digit these times the other"),
    "sum_negative": ("no sum marker", "no pair without an X or V adds up to these"),
    "quadruple": ("quadruple", "the digits appear in the four cells around the circle"),
    "clone": ("clones", "the two shaded shapes hold the same digits"),
    "column_indexer": (
        "column indexer", "digit v in column c of row r puts c in column v of row r"),
    "little_killer": ("little killer", "the digits along the arrow's diagonal add up to it"),
    "sandwich": ("sandwich", "the digits between the 1 and the N add up to it"),
    "xsum": ("X-sum", "the first X digits add up to it, X being the first digit"),
    "skyscraper": ("skyscraper", "that many digits are seen (each taller than all before)"),
    "numbered_room": ("numbered room", "the X-th digit is the clue, X being the first digit"),
    "row_indexer": (
        "row indexer", "digit v in row r of column c puts r in row v of column c"),
    "box_indexer": (
        "box indexer", "digit v at position p of a box puts digit p at its position v"),
    "latin_square": ("Latin square", "no boxes: only rows and columns hold every digit once"),
    "toroidal": ("toroidal", "the grid wraps around: cells on opposite edges are neighbours"),
    "multisum_killer": (
        "multisum cage", "digits differ and add up to one of the totals (DRn: root n)"),
    "double_arrow": ("double arrow", "the two circles add up to the digits between them"),
    "lockout_line": (
        "lockout line", "diamonds differ by N/2 or more; the line's digits lie outside"),
}

_DIRECTIONS = {"UL": "up-left", "UR": "up-right", "DL": "down-left", "DR": "down-right"}
_PAIR_TYPES = frozenset({"difference", "ratio", "xv"})
#: Rule types whose items are short: joined on wrapped lines, not one a line.
_JOINED = _PAIR_TYPES | {"odd", "even", "minimum", "maximum", "sandwich", "xsum", "skyscraper",
                         "numbered_room"}


def _where(clue: str, size: int) -> str:
    """``r0c4`` -> ``above c4``; ``r3c10`` on a 9x9 -> ``right of r3``."""
    import re

    match = re.fullmatch(r"r(\d+)c(\d+)", clue)
    if not match:
        return f"at {clue}"
    r, c = int(match.group(1)), int(match.group(2))
    if r in (0, size + 1) and c in (0, size + 1):
        return f"at the {'top' if r == 0 else 'bottom'}-{'left' if c == 0 else 'right'} corner"
    if r == 0:
        return f"above c{c}"
    if r == size + 1:
        return f"below c{c}"
    if c == 0:
        return f"left of r{r}"
    if c == size + 1:
        return f"right of r{r}"
    return f"at {clue}"


_STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


def _clue(rule: Mapping[str, Any], cells: list[str]) -> tuple[str, str]:
    """An outside clue's cell and the direction its line runs (``DL``...; "" if not a
    diagonal). A clue without its cell is the one before the line's first cell."""
    import re

    rc = [re.fullmatch(r"r(\d+)c(\d+)", c) for c in cells[:2]]
    pos = [(int(m.group(1)), int(m.group(2))) for m in rc if m]
    step = _STEPS.get(str(rule.get("direction") or ""))
    if step is None and len(pos) == 2:
        step = (pos[1][0] - pos[0][0], pos[1][1] - pos[0][1])
    name = next((k for k, v in _STEPS.items() if v == step), "")
    clue = str(rule.get("clue") or "")
    if not clue and pos and step:
        clue = f"r{pos[0][0] - step[0]}c{pos[0][1] - step[1]}"
    return clue, name


def _item(rule: Mapping[str, Any], size: int) -> str:
    """One rule in compact notation (without its type's name)."""
    kind = rule["type"]
    cells = [str(c) for c in rule.get("cells") or ()]
    listed = ",".join(cells)
    if kind == "killer":
        total = rule.get("sum")
        return f"{total if total is not None else '(no sum)'}: {listed}"
    if kind in ("thermo", "slow_thermo") and cells:
        step = " < " if kind == "thermo" else " <= "
        return step.join([f"{cells[0]} (bulb)", *cells[1:]])
    if kind == "arrow":
        circle = ",".join(rule.get("circle") or ())
        if len(rule.get("circle") or ()) > 1:
            circle = f"[{circle}]"
        return f"{circle} <- {','.join(rule.get('line') or ())}"
    if kind in _PAIR_TYPES:
        pair = "-".join(cells)
        if kind == "xv":
            total = rule.get("sum")
            return f"{'X' if total == 10 else 'V' if total == 5 else total} {pair}"
        default = 1 if kind == "difference" else 2
        value = rule.get("value", default)
        return pair if value in (None, default) else f"{pair} ({value})"
    if kind == "multisum_killer":
        root = rule.get("root")
        totals = f"DR{root}" if root else "|".join(str(t) for t in rule.get("sums") or ())
        return f"{totals}: {listed}"
    if kind in ("double_arrow", "lockout_line") and len(cells) >= 2:
        end = "circle" if kind == "double_arrow" else "diamond"
        text = ",".join([f"{cells[0]} ({end})", *cells[1:-1], f"{cells[-1]} ({end})"])
        if kind == "lockout_line" and rule.get("value"):
            text += f" (at least {rule['value']} apart)"
        return text
    if kind in ("little_killer", "sandwich", "xsum", "skyscraper", "numbered_room"):
        value = rule.get("sum") if rule.get("value") is None else rule.get("value")
        clue, step = _clue(rule, cells)
        text = f"{value} {_where(clue, size)}"
        if kind == "little_killer":
            direction = _DIRECTIONS.get(str(rule.get("direction") or step), "")
            text += f", {direction}" if direction else ""
            return f"{text}: {listed}"
        return text
    if kind == "between" and len(cells) >= 2:
        return ",".join([f"{cells[0]} (end)", *cells[1:-1], f"{cells[-1]} (end)"])
    if kind in ("quadruple", "candidates"):
        digits = rule.get("digits") or ()
        shown = digits if isinstance(digits, str) else "".join(str(d) for d in digits)
        return f"{shown} at {listed}" if kind == "quadruple" else f"{rule.get('cell')}: {shown}"
    if kind == "clone":
        return f"{listed} = {','.join(rule.get('clone') or ())}"
    if kind == "whispers" and rule.get("value") is not None:
        return f"{listed} (at least {rule['value']})"
    if kind == "chess":
        leaps = ", ".join(f"({a},{b})" for a, b in rule.get("offsets") or ())
        return f"{rule['name']} {leaps}" if rule.get("name") else leaps
    if kind == "taxicab":
        return f"{rule.get('distance')} steps"
    if kind in ("knightmare", "difference_negative", "ratio_negative", "sum_negative"):
        values = rule.get("sums" if kind == "knightmare" else "values")
        return ", ".join(str(v) for v in values) if values else ""
    if kind == "diagonal":
        if rule.get("direction", "main") == "main":
            return f"r1c1 to r{size}c{size}"
        return f"r{size}c1 to r1c{size}"
    return listed


def rule_summary(rule: Mapping[str, Any], size: int) -> str:
    """One rule (its JSON form) on one line: its type's name and the rule in compact
    notation (``killer cage 17: r1c1,r1c2``, ``arrow r1c1 <- r1c2,r1c3``)."""
    title = rule_meaning(str(rule.get("type", "")), size)[0]
    text = _item(rule, size)
    if not text:
        return title
    return f"{title} {text}"


def rule_meaning(kind: str, size: int) -> tuple[str, str]:
    """The name and one-line meaning of a rule type on a grid of ``size``."""
    name, meaning = RULE_MEANINGS.get(kind, (kind.replace("_", " "), ""))
    if kind == "whispers":
        meaning = f"neighbours on the line differ by at least {(size + 1) // 2}"
    return name, meaning


def rule_items(layout: Layout) -> list[tuple[str, str, list[str]]]:
    """The puzzle's rules for a legend: ``(type, name: meaning, [items])`` per rule type,
    in the order they first appear; jigsaw regions are left out (the walls show them)."""
    grouped: dict[str, list[str]] = {}
    for constraint in layout.constraints:
        rule = constraint.to_json(layout.grid)
        kind = str(rule.get("type", ""))
        if kind == "regions":
            continue
        items = grouped.setdefault(kind, [])
        text = _item(rule, layout.size)
        if text:
            items.append(text)
    out = []
    for kind, items in grouped.items():
        name, meaning = rule_meaning(kind, layout.size)
        out.append((kind, f"{name}: {meaning}" if meaning else name, items))
    return out


def _wrap(text: str, breaks: str, width: int, indent: str, more: str) -> list[str]:
    """``text`` on lines of at most ``width`` characters (where the pieces allow), broken
    only after the regular expression ``breaks``; the first line starts with ``indent``,
    the next ones with ``more``."""
    import re

    lines: list[str] = []
    line = indent
    for piece in re.split(f"(?<={breaks})", text):
        if line.strip() and len(line) + len(piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = more
        line += piece
    lines.append(line.rstrip())
    return lines


def rules_legend(layout: Layout, width: int = 78) -> str:
    """A block of text listing the rules with their cells (empty for a classic grid or a
    plain jigsaw)::

        rules:
          killer cage: the digits differ and add up to the small number
            17: r1c1,r1c2
          white dot: the two digits are consecutive (or differ by the number)
            r1c6-r1c7; r2c2-r3c2
    """
    groups = rule_items(layout)
    if not groups:
        return ""
    lines = ["rules:"]
    for kind, title, items in groups:
        if kind == "candidates":  # pencil marks: the candidate views show them
            title = f"{title}: {len(items)} cells (--view candidates shows them)"
        # a long title goes on, indented, after a space
        lines += _wrap(title, " ", width, "  ", "      ")
        if kind == "candidates":
            continue
        if kind in ("odd", "even", "minimum", "maximum"):
            lines += _wrap(",".join(items), ",", width, "    ", "    ")
        elif kind in _JOINED:  # short items: several a line, each whole
            lines += _wrap("; ".join(items), "; ", width, "    ", "    ")
        else:  # one a line; a long one goes on after a comma or a space
            for item in items:
                lines += _wrap(item, "[, ]", width, "    ", "      ")
    return "\n".join(lines)


#: Roles that win over others when one candidate plays several (a deleted fin is deleted).
