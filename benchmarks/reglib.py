"""Run HoDoKu's regression library against the ladder's techniques; pass rates per family.

HoDoKu (a Java sudoku program) keeps a library of test cases, one line each, in the form

    :<code>[-<variant>]:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>

``code`` names a technique (``0300`` X-Wing, ``0603`` Uniqueness Test 4, ...); a variant
``x`` marks a case where the technique must find nothing. ``givens`` is the grid (``+``
before a digit: placed, not given), ``deleted`` the candidates logic already removed,
and the last fields what the technique must do, each a list of ``<digit><row><col>``.
The library is GPL data: it is not part of yass; this script reads a copy given by path
(``reglib-1.3.txt`` or ``reglib-1.4.txt`` of HoDoKu's sources) and never downloads.

For each case it sets up the board (givens, placed digits, deleted candidates), asks the
yass techniques that carry the same name for every step they see (``find``; the board is
never changed) and checks the expected changes are made:

* **pass**: every expected change is made by a step of the technique (steps are
  packaged differently: HoDoKu joins two fish in one siamese step, splits the two ends
  of a chain, writes a placement as the eliminations it makes...);
* **one**: the expected changes are made by one step (that may do more), or by steps
  that each make only expected changes;
* **exact**: one step makes exactly the expected eliminations;
* for a must-not-fire case, all three mean no step at all.

Every step found is also checked against the puzzle's solution (when the givens have
exactly one): a step that removes the true digit or places a wrong one is counted
``wrong`` (it must never happen). It prints one line per HoDoKu family (cases, pass,
rate, one, exact, wrong, seconds, yass codes) and the totals; ``--failures`` lists the
cases that failed.

  PYTHONPATH=src python3 benchmarks/reglib.py /tmp/reglib-1.3.txt
  PYTHONPATH=src python3 benchmarks/reglib.py /tmp/reglib-1.3.txt --family "Sue de Coq" -v
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yass
from yass.core.board import Board
from yass.core.layout import Layout
from yass.logic.ladder import SettingsError, parse_settings
from yass.logic.techniques.base import Technique, normalize

#: HoDoKu's technique codes and the yass techniques that find the same pattern. HoDoKu
#: joins some families yass keeps apart (Locked Candidates 1 and 2 are yass's ``ic``;
#: its nice loops are yass's ``aic``); a siamese fish is two fish on the same base lines
#: in one step, each finned or sashimi.
CODES: dict[str, tuple[str, tuple[str, ...]]] = {
    "0000": ("Full House", ("fh",)),
    "0002": ("Hidden Single", ("hs",)),
    "0003": ("Naked Single", ("ns",)),
    "0100": ("Locked Candidates Type 1 (Pointing)", ("ic",)),
    "0101": ("Locked Candidates Type 2 (Claiming)", ("ic",)),
    "0110": ("Locked Pair", ("lp",)),
    "0111": ("Locked Triple", ("lt",)),
    "0200": ("Naked Pair", ("np",)),
    "0201": ("Naked Triple", ("nt",)),
    "0202": ("Naked Quadruple", ("nq",)),
    "0210": ("Hidden Pair", ("hp",)),
    "0211": ("Hidden Triple", ("ht",)),
    "0212": ("Hidden Quadruple", ("hq",)),
    "0300": ("X-Wing", ("xw",)),
    "0301": ("Swordfish", ("sf",)),
    "0302": ("Jellyfish", ("jf",)),
    "0303": ("Squirmbag", ("sqb",)),
    "0304": ("Whale", ("wha",)),
    "0305": ("Leviathan", ("lev",)),
    "0310": ("Finned X-Wing", ("fxw",)),
    "0311": ("Finned Swordfish", ("fsf",)),
    "03111": ("Siamese Finned Swordfish", ("fsf", "ssf")),
    "0312": ("Finned Jellyfish", ("fjf",)),
    "03121": ("Siamese Finned Jellyfish", ("fjf", "sjf")),
    "0313": ("Finned Squirmbag", ("fsqb",)),
    "0314": ("Finned Whale", ("fwha",)),
    "0315": ("Finned Leviathan", ("flev",)),
    "0320": ("Sashimi X-Wing", ("sxw",)),
    "0321": ("Sashimi Swordfish", ("ssf",)),
    "03211": ("Siamese Sashimi Swordfish", ("ssf", "fsf")),
    "0322": ("Sashimi Jellyfish", ("sjf",)),
    "03221": ("Siamese Sashimi Jellyfish", ("sjf", "fjf")),
    "0323": ("Sashimi Squirmbag", ("ssqb",)),
    "0324": ("Sashimi Whale", ("swha",)),
    "0325": ("Sashimi Leviathan", ("slev",)),
    "0330": ("Franken X-Wing", ("frxw",)),
    "0331": ("Franken Swordfish", ("frsf",)),
    "0332": ("Franken Jellyfish", ("frjf",)),
    "0340": ("Finned Franken X-Wing", ("frxw",)),
    "0341": ("Finned Franken Swordfish", ("frsf",)),
    "03411": ("Siamese Finned Franken Swordfish", ("frsf",)),
    "0342": ("Finned Franken Jellyfish", ("frjf",)),
    "03421": ("Siamese Finned Franken Jellyfish", ("frjf",)),
    "0350": ("Mutant X-Wing", ("muxw",)),
    "0351": ("Mutant Swordfish", ("musf",)),
    "0352": ("Mutant Jellyfish", ("mujf",)),
    "0360": ("Finned Mutant X-Wing", ("muxw",)),
    "0361": ("Finned Mutant Swordfish", ("musf",)),
    "0362": ("Finned Mutant Jellyfish", ("mujf",)),
    "03621": ("Siamese Finned Mutant Jellyfish", ("mujf",)),
    "0363": ("Finned Mutant Squirmbag", ("musqb",)),
    "0364": ("Finned Mutant Whale", ("muwha",)),
    "0371": ("Kraken Fish Type 1", ("kf",)),
    "0372": ("Kraken Fish Type 2", ("kf",)),
    "0400": ("Skyscraper", ("sky",)),
    "0401": ("2-String Kite", ("kite",)),
    "0402": ("Empty Rectangle", ("er",)),
    "0403": ("Turbot Fish", ("tf",)),
    "0404": ("Dual 2-String Kite", ("d2sk", "kite")),
    "0405": ("Dual Empty Rectangle", ("der", "er")),
    "0500": ("Simple Colors Trap", ("sc",)),
    "0501": ("Simple Colors Wrap", ("sc",)),
    "0502": ("Multi-Colors 1", ("mc",)),
    "0503": ("Multi-Colors 2", ("mc",)),
    "0507": ("3D Medusa", ("md",)),
    "0600": ("Uniqueness Test 1", ("ur1",)),
    "0601": ("Uniqueness Test 2", ("ur2",)),
    "0602": ("Uniqueness Test 3", ("ur3",)),
    "0603": ("Uniqueness Test 4", ("ur4",)),
    "0604": ("Uniqueness Test 5", ("ur5",)),
    "0605": ("Uniqueness Test 6", ("ur6",)),
    "0606": ("Hidden Rectangle", ("hr",)),
    "0607": ("Avoidable Rectangle Type 1", ("ar",)),
    "0608": ("Avoidable Rectangle Type 2", ("ar",)),
    "0610": ("Bivalue Universal Grave + 1", ("bug",)),
    "0701": ("X-Chain", ("xc",)),
    "0702": ("XY-Chain", ("xyc",)),
    "0703": ("Remote Pair", ("rp",)),
    "0706": ("Continuous Nice Loop", ("aic",)),
    "0707": ("Discontinuous Nice Loop", ("aic",)),
    "0708": ("AIC", ("aic",)),
    "0709": ("Grouped Continuous Nice Loop", ("gaic",)),
    "0710": ("Grouped Discontinuous Nice Loop", ("gaic",)),
    "0711": ("Grouped AIC", ("gaic",)),
    "0800": ("XY-Wing", ("xy",)),
    "0801": ("XYZ-Wing", ("xyz",)),
    "0802": ("WXYZ-Wing", ("wxyz",)),
    "0803": ("W-Wing", ("ww",)),
    "0901": ("ALS-XZ", ("alsxz",)),
    "0902": ("ALS-XY-Wing", ("alsxy",)),
    "0903": ("ALS-XY-Chain", ("alsc",)),
    "0904": ("Death Blossom", ("db",)),
    "1000": ("Aligned Pair Exclusion", ("ape",)),
    "1001": ("Aligned Triple Exclusion", ("ate",)),
    "1101": ("Sue de Coq", ("sdc",)),
    "1201": ("Template Set", ("tset",)),
    "1202": ("Template Delete", ("tdel",)),
    "1301": ("Forcing Chain Contradiction", ("fc",)),
    "1302": ("Forcing Chain Verity", ("fc",)),
    "1303": ("Forcing Net Contradiction", ("fn",)),
    "1304": ("Forcing Net Verity", ("fn",)),
}

#: Variants that ask HoDoKu's uniqueness finders to accept rectangles with a missing
#: candidate ("-2"); "-1" asks them not to. Both are cases of the same family.
_CELL = re.compile(r"^(\d)(\d)(\d)$")

Cand = tuple[int, int]  # (cell, digit)


@dataclass
class Case:
    """One line of the library."""

    line: str
    code: str
    variant: str
    givens: list[int]
    placed: list[int]
    deleted: set[Cand]
    eliminations: set[Cand]
    placements: set[Cand]

    @property
    def must_fail(self) -> bool:
        return self.variant == "x"


def _cands(text: str) -> set[Cand]:
    out: set[Cand] = set()
    for item in text.split():
        m = _CELL.match(item)
        if m is None:
            raise ValueError(f"bad candidate {item!r}")
        d, r, c = (int(x) for x in m.groups())
        out.add(((r - 1) * 9 + c - 1, d))
    return out


def parse_case(line: str) -> Case:
    """One library line as a Case; ValueError if it is not one."""
    parts = line.split(":")
    if len(parts) < 7 or parts[0]:
        raise ValueError("not a case line")
    code, _, variant = parts[1].partition("-")
    givens = [0] * 81
    placed = [0] * 81
    cell, plus = 0, False
    for ch in parts[3]:
        if ch == "+":
            plus = True
            continue
        if cell >= 81:
            raise ValueError("grid longer than 81 cells")
        if ch in "123456789":
            (placed if plus else givens)[cell] = int(ch)
        elif ch not in ".0":
            raise ValueError(f"bad grid character {ch!r}")
        cell, plus = cell + 1, False
    if cell != 81:
        raise ValueError(f"grid of {cell} cells")
    return Case(line, code, variant, givens, placed, _cands(parts[4]), _cands(parts[5]),
                _cands(parts[6]))


def read_cases(path: Path) -> tuple[list[Case], dict[str, str]]:
    """The cases of the file, and the family names its ``#code: name`` lines give."""
    cases: list[Case] = []
    names: dict[str, str] = {}
    for raw in path.read_text(encoding="latin-1").splitlines():
        line = raw.strip()
        m = re.match(r"^#(\d{4,5}): (.+)$", line)
        if m:
            names.setdefault(m.group(1), m.group(2).strip())
        if line.startswith(":"):
            cases.append(parse_case(line))
    return cases, names


def board_of(case: Case) -> Board:
    """The candidate state the case describes."""
    layout = Layout.classic(9)
    board = Board.from_givens(layout, case.givens)
    for cell, d in enumerate(case.placed):
        if d:
            board.place(cell, d)
    for cell, d in case.deleted:
        if not board.values[cell]:
            board.eliminate(cell, d)
    return board


@dataclass
class Outcome:
    passed: bool
    one: bool
    exact: bool
    wrong: int
    found: list[str] = field(default_factory=list)


def _solution(case: Case, cache: dict[str, list[int] | None]) -> list[int] | None:
    key = "".join(str(d) for d in case.givens)
    if key not in cache:
        unique = yass.count_solutions(key, 2) == 1
        found = yass.find_solution(key) if unique else None
        cache[key] = list(found) if found is not None else None
    return cache[key]


def run_case(case: Case, techs: list[Technique], solution: list[int] | None) -> Outcome:
    """Every step the techniques see on the case's board, judged against the case."""
    board = board_of(case)

    def changes_of(placements: set[Cand], eliminations: set[Cand]) -> set[tuple[str, int, int]]:
        """The changes, a placement also written as the eliminations it makes in its
        cell (HoDoKu writes BUG+1 as eliminations, yass as a placement)."""
        out = {("x", c, d) for c, d in eliminations} | {("p", c, d) for c, d in placements}
        for c, d in placements:
            out |= {("x", c, e) for e in range(1, 10) if e != d and board.cands[c] >> (e - 1) & 1}
        return out

    expected = changes_of(case.placements, case.eliminations)
    union: set[tuple[str, int, int]] = set()
    inside: set[tuple[str, int, int]] = set()
    exact = one = False
    wrong = 0
    notes: list[str] = []
    for tech in techs:
        for step in tech.find(board):
            changes = changes_of(set(step.placements), set(step.eliminations))
            if solution is not None and (
                any(solution[c] == d for c, d in step.eliminations)
                or any(solution[c] != d for c, d in step.placements)
            ):
                wrong += 1
                notes.append(f"WRONG {step.notation}")
            union |= changes
            if {k for k in changes if k[0] == "x"} == {k for k in expected if k[0] == "x"}:
                exact = True
            if expected <= changes:
                one = True
            if changes <= expected:
                inside |= changes
            if len(notes) < 6:
                notes.append(step.notation)
    if case.must_fail:
        return Outcome(not union, not union, not union, wrong, notes)
    one = bool(expected) and (one or inside == expected)
    return Outcome(bool(expected) and expected <= union, one, exact, wrong, notes)


def techniques_for(case: Case) -> list[Technique]:
    """The yass techniques of the case's family, with HoDoKu's option for its variant:
    "-2" of a uniqueness test allows rectangles with missing candidates, "-2" of the ALS
    wings, chains and death blossoms lets the sets overlap, as HoDoKu's own tester does
    (through a settings table, as a user's file would)."""
    codes = list(CODES[case.code][1])
    options = {}
    if case.code.startswith("06") and case.variant == "2":
        options["uniqueness_missing_candidates"] = True
    if case.code in ("0902", "0903", "0904") and case.variant == "2":
        options["als_overlap"] = True
    return list(parse_settings({"order": codes, "options": options}, "reglib"))


def family_key(case: Case) -> str:
    return case.code


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("path", type=Path, help="HoDoKu's reglib-1.x.txt")
    ap.add_argument("--family", action="append", default=[],
                    help="only these families: HoDoKu code (0603), HoDoKu name or yass code;"
                         " may be repeated or comma-separated")
    ap.add_argument("--failures", "-v", action="store_true", help="list the failed cases")
    args = ap.parse_args(argv)
    if not args.path.is_file():
        print(f"reglib: no such file: {args.path}", file=sys.stderr)
        return 2
    try:
        cases, names = read_cases(args.path)
    except ValueError as exc:
        print(f"reglib: {args.path}: {exc}", file=sys.stderr)
        return 2
    wanted = {normalize(w) for spec in args.family for w in spec.split(",") if w.strip()}

    def chosen(code: str) -> bool:
        if not wanted:
            return True
        name, yass_codes = CODES.get(code, (names.get(code, code), ()))
        keys = {normalize(code), normalize(name), normalize(names.get(code, "")),
                *(normalize(c) for c in yass_codes)}
        return bool(keys & wanted)

    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])  # cases pass one exact wrong
    seconds: dict[str, float] = defaultdict(float)
    skipped: dict[str, int] = defaultdict(int)
    failures: list[str] = []
    sol_cache: dict[str, list[int] | None] = {}
    for case in cases:
        if not chosen(case.code):
            continue
        if case.code not in CODES:
            skipped[case.code] += 1
            continue
        try:
            techs = techniques_for(case)
        except SettingsError:  # a code this yass has no technique for
            techs = []
        start = time.perf_counter()
        out = run_case(case, techs, _solution(case, sol_cache)) if techs else Outcome(
            case.must_fail, case.must_fail, case.must_fail, 0)
        seconds[case.code] += time.perf_counter() - start
        row = rows[case.code]
        row[0] += 1
        row[1] += out.passed
        row[2] += out.one
        row[3] += out.exact
        row[4] += out.wrong
        if not out.passed or out.wrong:
            failures.append(case.line + "\n    " + "\n    ".join(out.found or ["(no step)"]))
    total = [0, 0, 0, 0, 0]
    print(f"{'code':6} {'family':40} {'cases':>5} {'pass':>5} {'rate':>6} {'one':>5}"
          f" {'exact':>5} {'wrong':>5} {'secs':>6}  yass")
    for code in sorted(rows):
        row = rows[code]
        name, yass_codes = CODES[code]
        rate = 100.0 * row[1] / row[0]
        print(f"{code:6} {name[:40]:40} {row[0]:5} {row[1]:5} {rate:5.1f}% {row[2]:5}"
              f" {row[3]:5} {row[4]:5} {seconds[code]:6.1f}  {','.join(yass_codes)}")
        total = [a + b for a, b in zip(total, row, strict=True)]
    if total[0]:
        print(f"{'all':6} {'':40} {total[0]:5} {total[1]:5} {100.0 * total[1] / total[0]:5.1f}%"
              f" {total[2]:5} {total[3]:5} {total[4]:5} {sum(seconds.values()):6.1f}")
    for code, n in sorted(skipped.items()):
        print(f"skipped: {code} {names.get(code, '')} ({n} cases; no yass counterpart)")
    if args.failures:
        print("\nfailed cases:")
        for text in failures:
            print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
