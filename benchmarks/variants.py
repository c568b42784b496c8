"""Variant puzzles: yass's search and logic solver, with pencilmark side by side.

For every puzzle of the shared variant file (``../shared/data/variants/variant_puzzles.json``,
or the JSON files given: a list of yass JSON puzzles, each with its published
``solution``) this measures:

* yass, search: the puzzle read from its JSON (``yass.formats.puzzle_from_json``) and,
  when the entry carries its original f-puzzles payload (``fpuzzles_lzbase64``), also
  from that payload (``yass.formats.parse_puzzle``); each reading searched with
  ``yass.engine.fast.search(puzzle, 2, Bounds(timeout))``: solved correctly (the first
  solution is the published one), proved unique (the count stops at 1), CPU seconds of
  the search, and which engine served it (``classic9``, ``generic``, ``reference``).
  Column ``fpz``: ``ok`` when the f-puzzles reading has the same givens and the same
  unique, correct solution as the JSON reading; ``-`` when the entry has no payload.
* yass, logic: ``yass.logic.solver.solve(puzzle, bounds=Bounds(timeout))``, the human-style
  ladder with guesses only where logic runs out: solved correctly, solved without a
  guess (``guesses == 0``), the guesses counted, whether the path avoided forcing
  chains, forcing nets and speculation, the hardest technique on the path (highest
  level, then latest on the ladder; guesses left out), CPU seconds.
* pencilmark (PyPI ``pencilmark``, "human-like difficulty grader, solver and generator
  for classic and variant sudoku"), when it is installed: the same puzzle, given to it as
  its own puzzle JSON (converted from yass's JSON by this script) or as an f-puzzles
  payload (``--pm-input``); ``pencilmark.solve`` (exhaustive search, unique solution or
  an error): correct, CPU seconds; ``pencilmark.rate`` (its human solve path; where no
  technique applies it proves by full search, "Trial and error"): solved without a guess
  (no Trial and error or Guess step on the path), without forcing (no forcing chains,
  nets, nishio or pattern overlay either), and, stricter, without any case split (nor
  its bounded ones: Short trial, Either way, What if, Case analysis, which try a
  candidate or each case of a cell and follow it, as yass's forcing steps do), its
  hardest technique, CPU seconds (rate's time includes its own uniqueness check). A
  puzzle pencilmark cannot read is ``n/a`` with the reason.

Each (puzzle, solver) job runs in its own forked process with a time limit
(``--timeout``, per search; the process is killed at 2.5x the limit plus 10 s), so a slow
puzzle cannot stall the run. The table is followed by totals per solver (puzzles, solved
correctly, proved unique, solved without a guess, median and max CPU seconds) and a
per-rule-type summary.

Run from the repository, e.g.:
  python benchmarks/variants.py                         # the shared file, default 30 s bound
  python benchmarks/variants.py --timeout 15 -j 2
  python benchmarks/variants.py --only killer --no-pencilmark
  python benchmarks/variants.py --pm-input fpuzzles     # pencilmark reads f-puzzles payloads
  python benchmarks/variants.py --stress 540 -v         # the stress set, yass vs CP-SAT
  python benchmarks/variants.py --logic --timeout 20   # logic alone: guesses, forcing, seconds
(pencilmark: pip install pencilmark; without it yass's figures are printed alone.)

The stress set (``--stress N``): puzzles made by ``benchmarks/variant_stress.py`` from a
fixed seed (zero-given and few-given 9x9 puzzles with killer cages, little killers,
arrows, thermometers, sandwiches and renban lines, each unique), kept in
``benchmarks/data/variant_stress.json`` (``--regenerate`` makes it again). For each
puzzle: yass's proof of uniqueness (the JSON read, then ``yass.engine.fast.search(puzzle, 2)``,
as ``yass count --limit 2``) and OR-Tools CP-SAT's (``pip install ortools``: the model
built, then up to two solutions enumerated with one worker), CPU seconds each, in the
same process one after the other (a garbage collection before each, not timed; both
solvers warmed up first on a puzzle outside the set). Each solver runs ``--repeat``
times per puzzle (default 3, alternating) and keeps its least time, as the machine's
other load only adds; yass's layout cache is emptied before each of its runs, so every
run reads and compiles the puzzle afresh. Both times count everything from the JSON:
for yass the reading and the compiling of the layout, for CP-SAT the building of its
model; the two parts are also given apart (reading + model, search alone). Then median,
p95 and max per solver, the ratio per puzzle, and figures per family.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import multiprocessing
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import ModuleType
from typing import Any

DEFAULT_FILE = (
    Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "variants"
    / "variant_puzzles.json"
)

#: yass technique codes that are trial and error in all but name.
YASS_FORCING = {"fc", "fn", "sp", "guess"}
#: pencilmark's step codes for a guess or a proof by full search ...
PM_GUESS = {"TRL", "GSS"}
#: ... and for its forcing techniques (forcing chains / nets, nested, nishio, pattern overlay).
PM_FORCING = PM_GUESS | {"FCH", "FNT", "NFC", "NIS", "POM"}
#: ... and its bounded case splits (a short trial, either way, what if, case analysis):
#: not forcing by its own names, but each follows a candidate (or each case) and looks
#: for a contradiction or a common result, as yass's forcing steps do.
PM_CASE_SPLIT = {"STR", "EWY", "WIF", "CAS"}

Entry = dict[str, Any]
Result = dict[str, Any]


# -- the jobs (each runs in a forked child) ------------------------------------------------


def _digits(text: str) -> tuple[int, ...]:
    return tuple("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".index(ch.upper()) + 1 for ch in text)


def _short(exc: BaseException, limit: int = 90) -> str:
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _yass_search(entry: Entry, timeout: float) -> Result:
    """Read the JSON (and the f-puzzles payload), search each reading, check them."""
    from yass.core.bounds import BoundReached, Bounds
    from yass.engine import fast
    from yass.formats import puzzle_from_json

    out: Result = {}
    truth = _digits(entry["solution"])
    try:
        puzzle = puzzle_from_json(entry)
    except Exception as exc:
        out["error"] = "read: " + _short(exc)
        return out
    out["engine"] = fast.engine(puzzle.layout)
    start = time.process_time()
    first: tuple[int, ...] | None = None
    try:
        count, first = fast.search(puzzle, 2, Bounds(timeout=timeout))
        out["count"] = count
        out["correct"] = first == truth
        out["unique"] = count == 1
    except BoundReached as exc:
        out["timeout"] = True
        out["error"] = str(exc)
        out["correct"] = exc.first is not None and exc.first == truth
    except Exception as exc:
        out["error"] = "search: " + _short(exc)
    out["seconds"] = time.process_time() - start
    payload = entry.get("fpuzzles_lzbase64")
    if payload:
        out.update(_fpuzzles_check(str(payload), puzzle.givens, truth, timeout))
    else:
        out["fpz"] = "-"
    return out


def _fpuzzles_check(
    payload: str, givens: Sequence[int], truth: tuple[int, ...], timeout: float
) -> Result:
    """The f-puzzles reading: same givens, and the same unique, correct solution."""
    from yass.core.bounds import BoundReached, Bounds
    from yass.engine import fast
    from yass.formats import parse_puzzle

    out: Result = {}
    try:
        fp = parse_puzzle(payload)
    except Exception as exc:
        out["fpz"] = "read: " + _short(exc)
        return out
    out["fpz_engine"] = fast.engine(fp.layout)
    start = time.process_time()
    try:
        count, first = fast.search(fp, 2, Bounds(timeout=timeout))
    except BoundReached as exc:
        out["fpz"] = str(exc)
        return out
    except Exception as exc:
        out["fpz"] = "search: " + _short(exc)
        return out
    finally:
        out["fpz_seconds"] = time.process_time() - start
    if tuple(fp.givens) != tuple(givens):
        out["fpz"] = "other givens"
    elif first != truth or count != 1:
        out["fpz"] = f"{count} solution(s), first {'right' if first == truth else 'wrong'}"
    else:
        out["fpz"] = "ok"
    return out


def _hardest(codes: Sequence[str]) -> str:
    from yass.core.table import TABLE

    rows = [TABLE[c] for c in codes if c != "guess" and c in TABLE]
    if not rows:
        return ""
    return max(rows, key=lambda r: (r.level, r.order)).name


def _yass_logic(entry: Entry, timeout: float, techniques: str | None = None) -> Result:
    """The logic solver's path: guesses, forcing, hardest technique (``techniques``: a
    ``--techniques`` spec for the ladder, None for the default)."""
    from yass.core.bounds import BoundReached, Bounds
    from yass.formats import puzzle_from_json
    from yass.logic import solver
    from yass.logic.techniques import get_techniques

    out: Result = {}
    try:
        puzzle = puzzle_from_json(entry)
    except Exception as exc:
        out["error"] = "read: " + _short(exc)
        return out
    start = time.process_time()
    try:
        result = solver.solve(puzzle, get_techniques(techniques), bounds=Bounds(timeout=timeout))
    except BoundReached as exc:
        out["seconds"] = time.process_time() - start
        out["timeout"] = True
        out["error"] = str(exc)
        return out
    except Exception as exc:
        out["seconds"] = time.process_time() - start
        out["error"] = "solve: " + _short(exc)
        return out
    out["seconds"] = time.process_time() - start
    used = result.techniques_used()
    out["solved"] = result.solved
    out["correct"] = result.solution == _digits(entry["solution"])
    out["guesses"] = result.guesses
    out["no_guess"] = out["correct"] and result.guesses == 0
    out["no_forcing"] = out["correct"] and not set(used) & YASS_FORCING
    out["hardest"] = _hardest(list(used))
    out["steps"] = len(result.steps)
    out["forcing_steps"] = sum(1 for st in result.steps if st.technique in YASS_FORCING - {"guess"})
    return out


# -- pencilmark ----------------------------------------------------------------------------


def _pencilmark() -> ModuleType | None:
    try:
        return importlib.import_module("pencilmark")
    except ImportError:
        return None


class Unconvertible(Exception):
    """A rule this script has no pencilmark form for."""


def _rc(name: str) -> tuple[int, int]:
    r, c = name.lower().lstrip("r").split("c")
    return int(r), int(c)


def _name(r: int, c: int) -> str:
    return f"r{r}c{c}"


def _orthogonal_pairs(n: int) -> list[tuple[str, str]]:
    return [
        (_name(r, c), _name(r + dr, c + dc))
        for r in range(1, n + 1) for c in range(1, n + 1)
        for dr, dc in ((0, 1), (1, 0)) if r + dr <= n and c + dc <= n
    ]


def pencilmark_json(entry: Entry) -> dict[str, Any]:
    """yass's JSON puzzle as pencilmark's puzzle JSON (``pencilmark.puzzle_json``).

    Raises Unconvertible for a rule that has no exact form there.
    """
    n = int(entry["size"])
    rules: list[dict[str, Any]] = []
    regions: list[dict[str, Any]] = []
    candidates: dict[str, str] = {}
    replaced_boxes = False
    cons = entry.get("constraints", [])
    dotted = {frozenset(c["cells"]) for c in cons if c["type"] in ("difference", "ratio")}
    marked_xv = [c["cells"] for c in cons if c["type"] == "xv"]

    def region(kind: str, cells: Sequence[str], total: int | None = None) -> None:
        g: dict[str, Any] = {"kind": kind, "cells": list(cells), "unique": True,
                             "complete": len(cells) == n}
        if total is not None:
            g["sum"] = total
        regions.append(g)

    def line(kind: str, cells: Sequence[str], **params: Any) -> None:
        rules.append({"type": "line", "kind": kind, "cells": list(cells), **params})

    for con in cons:
        t = con["type"]
        cells = con.get("cells") or []
        if t == "antiknight" or t == "antiking":
            rules.append({"type": t})
        elif t == "nonconsecutive":
            rules.append({"type": "pairs", "rel": "nonconsec", "where": "orthogonal",
                          "except": [sorted(p) for p in dotted]})
        elif t == "diagonal_nonconsecutive":
            rules.append({"type": "pairs", "rel": "nonconsec", "where": "diagonal"})
        elif t == "kropki_negative_black":
            rules.append({"type": "pairs", "rel": "notratio", "params": [2], "where": "orthogonal",
                          "except": [sorted(p) for p in dotted]})
        elif t == "xv_negative":
            for total in (5, 10):
                rules.append({"type": "pairs", "rel": "notsum", "params": [total],
                              "where": "orthogonal", "except": marked_xv})
        elif t == "diagonal":
            idx = range(1, n + 1)
            if con.get("direction", "main") == "main":
                region("diag", [_name(i, i) for i in idx])
            else:
                region("diag", [_name(n + 1 - i, i) for i in idx])
        elif t == "disjoint_groups":
            from yass.core.geometry import box_shape

            shape = box_shape(n)
            if shape is None:
                raise Unconvertible(f"disjoint groups on a {n}x{n} grid without boxes")
            bh, bw = shape
            for i in range(bh):
                for j in range(bw):
                    region("extra", [_name(br + i + 1, bc + j + 1)
                                     for br in range(0, n, bh) for bc in range(0, n, bw)])
        elif t == "regions":
            replaced_boxes = True
            for cells_ in con["regions"]:
                region("region", cells_)
        elif t == "extra_region":
            region("extra", cells)
        elif t == "killer":
            region("cage", cells, con.get("sum"))
        elif t in ("thermo", "slow_thermo", "palindrome", "renban", "between", "zipper"):
            line(t, cells)
        elif t == "whispers":
            line("whisper", cells, k=int(con.get("value") or (n + 1) // 2))
        elif t == "region_sum_line":
            line("region_sum", cells)
        elif t == "entropic_line":
            if n != 9:
                raise Unconvertible("entropic line off 9x9")
            line("entropic", cells)
        elif t == "modular_line":
            line("modular", cells)
        elif t == "arrow":
            rules.append({"type": "arrow", "circle": list(con["circle"]),
                          "line": list(con["line"])})
        elif t == "difference":
            v = int(con.get("value") or 1)
            if v == 1:
                rules.append({"type": "kropki", "color": "white", "cells": list(cells)})
            else:
                rules.append({"type": "pairs", "rel": "diff", "params": [v],
                              "cells": [list(cells)]})
        elif t == "ratio":
            v = int(con.get("value") or 2)
            if v == 2:
                rules.append({"type": "kropki", "color": "black", "cells": list(cells)})
            else:
                rules.append({"type": "pairs", "rel": "ratio", "params": [v],
                              "cells": [list(cells)]})
        elif t == "xv":
            total = int(con["sum"])
            if total not in (5, 10):
                rules.append({"type": "pairs", "rel": "sum", "params": [total],
                              "cells": [list(cells)]})
            else:
                rules.append({"type": "xv", "letter": "X" if total == 10 else "V",
                              "cells": list(cells)})
        elif t in ("odd", "even"):
            rules.append({"type": "parity", "parity": t, "cells": list(cells)})
        elif t in ("minimum", "maximum"):
            marked = set(cells)
            for cell in cells:
                r, c = _rc(cell)
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    rr, cc = r + dr, c + dc
                    other = _name(rr, cc)
                    if 1 <= rr <= n and 1 <= cc <= n and other not in marked:
                        pair = [cell, other] if t == "minimum" else [other, cell]
                        rules.append({"type": "less", "cells": pair})
        elif t == "candidates":
            candidates[con["cell"]] = "".join(str(d) for d in con["digits"])
        elif t == "quadruple":
            rules.append({"type": "quadruple", "cells": list(cells),
                          "digits": [int(d) for d in con["digits"]]})
        elif t == "clone":
            rules.append({"type": "clone", "regions": [list(cells), list(con["clone"])]})
        elif t == "column_indexer":
            for cell in cells:
                r, c = _rc(cell)
                for v in range(1, n + 1):
                    if v != c:
                        allowed = [[x, y] for x in range(1, n + 1) for y in range(1, n + 1)
                                   if x != v or y == c]
                        rules.append({"type": "table", "cells": [cell, _name(r, v)],
                                      "allowed": allowed})
        elif t == "little_killer":
            rules.append({"type": "little_killer", "cells": list(cells), "total": int(con["sum"])})
        elif t in ("sandwich", "xsum"):
            rules.append({"type": t, "cells": list(cells), "total": int(con["sum"])})
        elif t == "skyscraper":
            rules.append({"type": "skyscraper", "cells": list(cells), "count": int(con["value"])})
        else:
            raise Unconvertible(f"no pencilmark form for {t}")
    out: dict[str, Any] = {"digits": n, "numbers": entry["givens"]}
    if replaced_boxes:
        out["regions"] = (
            [{"kind": "row", "cells": [_name(r, c) for c in range(1, n + 1)]}
             for r in range(1, n + 1)]
            + [{"kind": "col", "cells": [_name(r, c) for r in range(1, n + 1)]}
               for c in range(1, n + 1)]
            + regions
        )
    elif regions:
        from yass.core.geometry import box_shape

        shape = box_shape(n)
        out["regions"] = regions
        if shape is not None:
            out["box"] = f"{shape[0]}x{shape[1]}"
        else:  # a prime size: no boxes, so rows and columns are listed with the regions
            out["regions"] = (
                [{"kind": "row", "cells": [_name(r, c) for c in range(1, n + 1)]}
                 for r in range(1, n + 1)]
                + [{"kind": "col", "cells": [_name(r, c) for r in range(1, n + 1)]}
                   for c in range(1, n + 1)]
                + regions
            )
    if rules:
        out["rules"] = rules
    if candidates:
        out["candidates"] = candidates
    return out


def _fpuzzles_payload(entry: Entry) -> tuple[str, str]:
    """(route, payload): the entry's own f-puzzles payload, else the one yass writes."""
    if entry.get("fpuzzles_lzbase64"):
        return "fpz", str(entry["fpuzzles_lzbase64"])
    from yass.formats.fpuzzles import encode_payload, json_to_fpuzzles

    return "fpz(yass)", encode_payload(json_to_fpuzzles(entry))


def pm_route(entry: Entry, how: str) -> str:
    """The route ``_pm_input`` takes for ``entry`` (without pencilmark)."""
    if how in ("auto", "json"):
        try:
            pencilmark_json(entry)
            return "json"
        except Unconvertible:
            if how == "json":
                return "none"
    return "fpz" if entry.get("fpuzzles_lzbase64") else "fpz(yass)"


def _pm_input(entry: Entry, how: str) -> tuple[str, Any]:
    """(route, what pencilmark is given); raises with the reason it cannot be given."""
    if how in ("auto", "json"):
        try:
            return "json", pencilmark_json(entry)
        except Unconvertible:
            if how == "json":
                raise
    route, payload = _fpuzzles_payload(entry)
    sources = importlib.import_module("pencilmark.sources")
    return route, sources.load("fpuzzles" + payload, fetch=False)


def _pm_read(entry: Entry, how: str) -> tuple[ModuleType, Result, Any]:
    pm = _pencilmark()
    assert pm is not None
    out: Result = {}
    try:
        out["route"], pj = _pm_input(entry, how)
        pm.load(pj)
    except Exception as exc:
        out["na"] = _short(exc, 70)
        return pm, out, None
    return pm, out, pj


def _pm_solve(entry: Entry, how: str) -> Result:
    """pencilmark's exhaustive search: the unique solution, or NotUnique / NoSolution."""
    pm, out, pj = _pm_read(entry, how)
    if pj is None:
        return out
    start = time.process_time()
    try:
        solution = pm.solve(pj)
    except Exception as exc:
        out["seconds"] = time.process_time() - start
        out["error"] = _short(exc)
        return out
    out["seconds"] = time.process_time() - start
    out["correct"] = list(solution) == list(_digits(entry["solution"]))
    out["unique"] = True  # solve raises NotUnique otherwise
    return out


def _pm_rate(entry: Entry, timeout: float, how: str) -> Result:
    """pencilmark's human solve path (``rate``): did it need Trial and error or a guess."""
    pm, out, pj = _pm_read(entry, how)
    if pj is None:
        return out
    start = time.process_time()
    try:
        card = pm.rate(pj, max_seconds=timeout, fields=["contains", "band"])
    except Exception as exc:
        out["seconds"] = time.process_time() - start
        out["error"] = _short(exc)
        return out
    out["seconds"] = time.process_time() - start
    codes = {str(c.get("code")) for c in card.get("contains") or []}
    complete = bool(card.get("contains_complete", True))
    out["rated"] = True
    out["no_guess"] = complete and not codes & PM_GUESS
    out["no_forcing"] = complete and not codes & PM_FORCING
    out["no_case_split"] = complete and not codes & (PM_FORCING | PM_CASE_SPLIT)
    out["band"] = card.get("band")
    contains = card.get("contains") or []
    out["hardest"] = str(contains[-1].get("name", "")) if contains else ""
    return out


# -- running the jobs ----------------------------------------------------------------------


@dataclass
class Job:
    index: int
    kind: str  # "search", "logic", "pm", "pmrate"
    fn: Callable[[], Result]
    limit: float  # seconds before the process is killed


def _child(conn: Connection, fn: Callable[[], Result]) -> None:
    try:
        result = fn()
    except BaseException as exc:  # report anything, never hang the parent
        result = {"error": "crash: " + _short(exc)}
    conn.send(result)
    conn.close()


def run_jobs(jobs: list[Job], workers: int, done: Callable[[Job, Result], None]) -> None:
    """Run each job in a forked process, ``workers`` at a time, killing it after its limit."""
    ctx = multiprocessing.get_context("fork")
    pending = list(reversed(jobs))
    running: dict[Connection, tuple[Job, BaseProcess, float]] = {}
    while pending or running:
        while pending and len(running) < workers:
            job = pending.pop()
            parent, child = ctx.Pipe(duplex=False)
            proc: BaseProcess = ctx.Process(target=_child, args=(child, job.fn), daemon=True)
            proc.start()
            child.close()
            running[parent] = (job, proc, time.monotonic() + job.limit)
        ready = wait(list(running), timeout=0.5)
        now = time.monotonic()
        for conn in list(running):
            job, proc, deadline = running[conn]
            result: Result | None = None
            if conn in ready:
                try:
                    result = conn.recv()
                except EOFError:
                    result = {"error": f"worker died (exit code {proc.exitcode})"}
            elif now > deadline:
                proc.kill()
                result = {"error": f"killed after {job.limit:.0f} s", "timeout": True,
                          "seconds": job.limit}
            if result is not None:
                proc.join()
                conn.close()
                del running[conn]
                done(job, result)


# -- the report ----------------------------------------------------------------------------


@dataclass
class Row:
    entry: Entry
    search: Result = field(default_factory=dict)
    logic: Result = field(default_factory=dict)
    pm: Result = field(default_factory=dict)
    pmrate: Result = field(default_factory=dict)

    @property
    def pm_no_guess(self) -> bool:
        return bool(self.pm.get("correct") and self.pmrate.get("no_guess"))

    @property
    def pm_no_forcing(self) -> bool:
        return bool(self.pm.get("correct") and self.pmrate.get("no_forcing"))

    @property
    def pm_no_case_split(self) -> bool:
        return bool(self.pm.get("correct") and self.pmrate.get("no_case_split"))

    @property
    def name(self) -> str:
        return str(self.entry.get("name", "?"))

    @property
    def types(self) -> list[str]:
        return sorted({c["type"] for c in self.entry.get("constraints", [])}) or ["classic"]


def _secs(res: Result, key: str = "seconds") -> str:
    if key not in res:
        return "-"
    value = float(res[key])
    return (">" if res.get("timeout") else "") + f"{value:.3f}"


def _yn(value: Any) -> str:
    return "-" if value is None else ("yes" if value else "no")


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "~"


def table(rows: list[Row], with_pm: bool, how: str = "auto") -> list[str]:
    head = (f"{'puzzle':30} {'N':>2} {'engine':9} {'ok':3} {'uniq':4} {'search s':>8} "
            f"{'fpz':4} | {'logic':5} {'guess':>5} {'l s':>7} {'hardest (yass)':22}")
    if with_pm:
        head += f" | {'pm in':9} {'ok':3} {'logic':5} {'solve s':>7} {'rate s':>7} hardest (pm)"
    out = [head, "-" * len(head)]
    for row in rows:
        s, lg, pm, pr = row.search, row.logic, row.pm, row.pmrate
        fpz = s.get("fpz", "-")
        line = (
            f"{_cut(row.name, 30):30} {row.entry.get('size', 0):>2} "
            f"{s.get('engine', '?'):9} {_yn(s.get('correct')):3} {_yn(s.get('unique')):4} "
            f"{_secs(s):>8} {fpz if fpz in ('ok', '-') else 'BAD':4} | "
        )
        if "error" in lg:
            line += f"{'t/o' if lg.get('timeout') else 'err':5} {'':>5} {_secs(lg):>7} {'':22}"
        else:
            logic = "yes" if lg.get("no_guess") else ("no" if lg.get("correct") else "WRONG")
            line += (f"{logic:5} {lg.get('guesses', ''):>5} {_secs(lg):>7} "
                     f"{_cut(str(lg.get('hardest', '')), 22):22}")
        if with_pm:
            if "na" in pm:
                line += f" | {'n/a':9} {_cut(pm['na'], 60)}"
            else:
                route = pm.get("route") or pr.get("route") or pm_route(row.entry, how)
                if pr.get("rated"):
                    logic = "yes" if row.pm_no_guess else "no"
                else:
                    logic = "t/o" if pr.get("timeout") else "err"
                note = pm.get("error") if "correct" not in pm else (
                    pr.get("hardest") if pr.get("rated") else pr.get("error", ""))
                ok = "t/o" if pm.get("timeout") else _yn(bool(pm.get("correct")))
                line += (f" | {route:9} {ok:3} {logic:5} "
                         f"{_secs(pm):>7} {_secs(pr):>7} {_cut(str(note or ''), 44)}")
        out.append(line)
    return out


def logic_table(rows: list[Row], with_pm: bool) -> list[str]:
    """``--logic``: a line per puzzle for the logic solvers alone."""
    head = (f"{'puzzle':34} {'N':>2} {'no guess':8} {'guess':>5} {'seconds':>8} {'forcing':>7} "
            f"{'steps':>5} {'hardest (yass)':24}")
    if with_pm:
        head += (f" | {'pm no guess':11} {'pm no forcing':13} {'no split':8} {'rate s':>7}"
                 " hardest (pm)")
    out = [head, "-" * len(head)]
    for row in rows:
        lg, pm, pr = row.logic, row.pm, row.pmrate
        if "error" in lg:
            line = (f"{_cut(row.name, 34):34} {row.entry.get('size', 0):>2} "
                    f"{'t/o' if lg.get('timeout') else 'err':8} {'':>5} {_secs(lg):>8} "
                    f"{'':>7} {'':>5} {_cut(str(lg['error']), 24):24}")
        else:
            ok = "yes" if lg.get("no_guess") else ("no" if lg.get("correct") else "WRONG")
            line = (f"{_cut(row.name, 34):34} {row.entry.get('size', 0):>2} {ok:8} "
                    f"{lg.get('guesses', ''):>5} {_secs(lg):>8} {lg.get('forcing_steps', ''):>7} "
                    f"{lg.get('steps', ''):>5} {_cut(str(lg.get('hardest', '')), 24):24}")
        if with_pm:
            if "na" in pm:
                line += f" | n/a: {_cut(pm['na'], 50)}"
            elif not pr.get("rated"):
                line += f" | {'t/o' if pr.get('timeout') else 'err':11}"
            else:
                line += (f" | {_yn(row.pm_no_guess):11} {_yn(row.pm_no_forcing):13} "
                         f"{_yn(row.pm_no_case_split):8} {_secs(pr):>7}"
                         f" {_cut(str(pr.get('hardest', '')), 30)}")
        out.append(line)
    return out


def logic_totals(rows: list[Row], with_pm: bool) -> list[str]:
    n = len(rows)
    lg = [r.logic for r in rows]
    secs = [float(x["seconds"]) for x in lg if "seconds" in x]
    out = [f"== logic over {n} puzzles",
           f"yass: without a guess {_share(sum(bool(x.get('no_guess')) for x in lg), n)};"
           f" without forcing chains/nets {_share(sum(bool(x.get('no_forcing')) for x in lg), n)};"
           f" guesses total {sum(int(x.get('guesses', 0)) for x in lg)};"
           f" forcing steps total {sum(int(x.get('forcing_steps', 0)) for x in lg)};"
           f" timeouts {sum(bool(x.get('timeout')) for x in lg)};"
           f" CPU {_times(lg)}; over 5 s {sum(s > 5.0 for s in secs)}"]
    if with_pm:
        read = [r for r in rows if "na" not in r.pm and r.pmrate.get("rated")]
        k = len(read)
        out.append(
            f"on the {k} puzzles pencilmark reads and rates: without a guess yass"
            f" {_share(sum(bool(r.logic.get('no_guess')) for r in read), k)} vs pencilmark"
            f" {_share(sum(r.pm_no_guess for r in read), k)}; without forcing yass"
            f" {_share(sum(bool(r.logic.get('no_forcing')) for r in read), k)} vs pencilmark"
            f" {_share(sum(r.pm_no_forcing for r in read), k)} (counting its bounded case"
            f" splits as forcing: {_share(sum(r.pm_no_case_split for r in read), k)});"
            f" CPU yass {_times([r.logic for r in read])}"
            f" vs pencilmark rate {_times([r.pmrate for r in read])}")
    return out


def _times(results: list[Result], key: str = "seconds") -> str:
    values = [float(r[key]) for r in results if key in r]
    if not values:
        return "median -, max -"
    return f"median {statistics.median(values):.3f} s, max {max(values):.3f} s"


def _share(k: int, n: int) -> str:
    return f"{k}/{n} ({100 * k / n:.0f}%)" if n else "0/0"


def totals(rows: list[Row], with_pm: bool, how: str = "auto") -> list[str]:
    n = len(rows)
    s = [r.search for r in rows]
    lg = [r.logic for r in rows]
    out = [f"== totals over {n} puzzles"]
    engines = Counter(x.get("engine", "unread") for x in s)
    fpz = [x["fpz"] for x in s if x.get("fpz", "-") != "-"]
    out.append(
        f"yass search: solved correctly {_share(sum(bool(x.get('correct')) for x in s), n)};"
        f" proved unique {_share(sum(bool(x.get('unique')) for x in s), n)};"
        f" timeouts {sum(bool(x.get('timeout')) for x in s)};"
        f" CPU {_times(s)}; engines "
        + ", ".join(f"{k} {v}" for k, v in sorted(engines.items()))
    )
    out.append(
        f"yass f-puzzles payloads: {len(fpz)} entries carry one; {fpz.count('ok')} read with the"
        f" same givens and the same unique, correct solution as the JSON;"
        f" search CPU {_times(s, 'fpz_seconds')}"
    )
    out.append(
        f"yass logic: solved correctly {_share(sum(bool(x.get('correct')) for x in lg), n)};"
        f" without a guess {_share(sum(bool(x.get('no_guess')) for x in lg), n)};"
        f" without forcing chains/nets/speculation"
        f" {_share(sum(bool(x.get('no_forcing')) for x in lg), n)};"
        f" timeouts {sum(bool(x.get('timeout')) for x in lg)};"
        f" guesses total {sum(int(x.get('guesses', 0)) for x in lg)};"
        f" CPU {_times(lg)}"
    )
    if with_pm:
        pm = [r.pm for r in rows]
        pr = [r.pmrate for r in rows]
        read = [x for x in pm if "na" not in x]
        routes = Counter(r.pm.get("route") or pm_route(r.entry, how) for r in rows
                         if "na" not in r.pm)
        out.append(
            f"pencilmark: read {_share(len(read), n)} ("
            + ", ".join(f"{k} {v}" for k, v in sorted(routes.items()))
            + f"); solved correctly {_share(sum(bool(x.get('correct')) for x in pm), n)};"
            f" proved unique {_share(sum(bool(x.get('unique')) for x in pm), n)};"
            f" without a guess (no Trial and error)"
            f" {_share(sum(r.pm_no_guess for r in rows), n)};"
            f" without forcing {_share(sum(r.pm_no_forcing for r in rows), n)}"
            f" (without bounded case splits either"
            f" {_share(sum(r.pm_no_case_split for r in rows), n)});"
            f" solve killed {sum(bool(x.get('timeout')) for x in pm)},"
            f" rate killed {sum(bool(x.get('timeout')) for x in pr)}"
        )
        out.append(f"pencilmark solve CPU {_times(pm)}; rate CPU {_times(pr)}")
        both = [r for r in rows if r.pm.get("correct") and r.search.get("correct")]
        if both:
            ys = [float(r.search["seconds"]) for r in both]
            ps = [float(r.pm["seconds"]) for r in both]
            yl = [float(r.logic.get("seconds", 0.0)) for r in both]
            pl = [float(r.pmrate.get("seconds", 0.0)) for r in both]
            out.append(
                f"on the {len(both)} puzzles both solved: search median yass"
                f" {statistics.median(ys):.3f} s vs pencilmark {statistics.median(ps):.3f} s;"
                f" logic median yass"
                f" {statistics.median(yl):.3f} s vs pencilmark rate {statistics.median(pl):.3f} s;"
                f" no guess yass {sum(bool(r.logic.get('no_guess')) for r in both)}"
                f" vs pencilmark {sum(r.pm_no_guess for r in both)}"
            )
    return out


def by_type(rows: list[Row], with_pm: bool) -> list[str]:
    groups: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        for t in row.types:
            groups[t].append(row)
    head = f"{'rule type':24} {'puzzles':>7} {'yass ok+uniq':>12} {'yass no guess':>13}"
    if with_pm:
        head += f" {'pm read':>7} {'pm ok':>5} {'pm no guess':>11}"
    out = ["== per rule type (a puzzle counts under each of its types)", head]
    for t in sorted(groups):
        g = groups[t]
        line = (f"{t:24} {len(g):>7} "
                f"{sum(bool(r.search.get('correct') and r.search.get('unique')) for r in g):>12} "
                f"{sum(bool(r.logic.get('no_guess')) for r in g):>13}")
        if with_pm:
            line += (f" {sum('na' not in r.pm for r in g):>7}"
                     f" {sum(bool(r.pm.get('correct')) for r in g):>5}"
                     f" {sum(r.pm_no_guess for r in g):>11}")
        out.append(line)
    return out


def load_entries(paths: Sequence[Path]) -> list[Entry]:
    entries: list[Entry] = []
    for path in paths:
        data = json.loads(path.read_text())
        items = data if isinstance(data, list) else data.get("puzzles", [data])
        entries.extend(e for e in items if isinstance(e, dict) and e.get("solution"))
    return entries


# -- the stress set, yass vs CP-SAT -----------------------------------------------------------

STRESS_FILE = Path(__file__).resolve().parent / "data" / "variant_stress.json"


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _stress_yass(entry: Entry, timeout: float) -> Result:
    """yass's proof of uniqueness (``count --limit 2``): read the JSON, search for two
    solutions; CPU seconds in all (``seconds``), and apart: reading the puzzle and
    compiling its layout for the engine (``build``), the search itself (``solve``).

    ``yass.formats.clear_caches()`` runs first, so every run reads and compiles the
    puzzle afresh (a repeat would otherwise find its compiled layout kept); what stays
    across puzzles is what any puzzle shares (the grid's geometry, digit tables).
    """
    from yass.core.bounds import BoundReached, Bounds
    from yass.engine import fast
    from yass.formats import clear_caches, puzzle_from_json

    clear_caches()
    start = time.process_time()
    try:
        puzzle = puzzle_from_json(entry)
        kind = fast.engine(puzzle.layout)  # compiles the layout for the generic engine
        built = time.process_time()
        count, first = fast.search(puzzle, 2, Bounds(timeout=timeout))
        out: Result = {"count": count, "correct": first == _digits(entry["solution"]),
                       "engine": kind, "build": built - start}
    except BoundReached as exc:
        built = start
        out = {"error": str(exc)}
    end = time.process_time()
    out["seconds"] = end - start
    out["solve"] = end - built
    return out


def _stress_cpsat(entry: Entry, timeout: float) -> Result:
    """CP-SAT, one worker: build the model, enumerate up to two solutions."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from variant_stress import cpsat_count

    count, build, solve = cpsat_count(entry, 2, timeout)
    return {"count": count, "build": build, "solve": solve, "seconds": build + solve}


def _best(runs: Sequence[Result]) -> Result:
    """The run of least CPU time, its ``build`` and ``solve`` each the least of the runs
    (repeats only lower what the machine's other load added)."""
    out = dict(min(runs, key=lambda r: r["seconds"]))
    for key in ("build", "solve"):
        if all(key in r for r in runs):
            out[key] = min(r[key] for r in runs)
    return out


def stress(args: argparse.Namespace) -> int:
    """The stress set side by side: yass and CP-SAT per puzzle, then the summary."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from variant_stress import stress_set

    path: Path = args.stress_file
    if args.regenerate or not path.exists():
        made = stress_set(args.stress, jobs=args.jobs)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("[\n" + ",\n".join(
            json.dumps(e, separators=(",", ":")) for e in made) + "\n]\n")
    entries = json.loads(path.read_text())[: args.stress]
    try:
        importlib.import_module("ortools")
        with_cpsat = not args.no_cpsat
    except ImportError:
        with_cpsat = False
    from yass.engine import fast
    from yass.formats import puzzle_from_json

    timeout = float(args.timeout)
    # Both solvers warmed up on a puzzle outside the set (their modules imported, yass's
    # engine built once): the first puzzle is timed as the others.
    warm = stress_set(1, seed=1)[0]
    fast.search(puzzle_from_json(warm), 2)
    if with_cpsat:
        _stress_cpsat(warm, timeout)
    repeat = max(1, args.repeat)
    rows: list[tuple[Entry, Result, Result]] = []
    for i, e in enumerate(entries):
        yruns: list[Result] = []
        cruns: list[Result] = []
        for _ in range(repeat):
            # Each solver starts with no garbage of the other's to collect (a collection
            # of CP-SAT's model objects inside yass's few milliseconds, or the reverse,
            # would be charged to the wrong solver).
            gc.collect()
            yruns.append(_stress_yass(e, timeout))
            if with_cpsat:
                gc.collect()
                cruns.append(_stress_cpsat(e, timeout))
        rows.append((e, _best(yruns), _best(cruns) if with_cpsat else {}))
        if sys.stderr.isatty():
            print(f"\r{i + 1}/{len(entries)}", end="", file=sys.stderr)
    if sys.stderr.isatty():
        print("\r" + " " * 20 + "\r", end="", file=sys.stderr)
    print(f"stress set: {len(rows)} puzzles from {path.name}; yass"
          f" {'compiled' if fast.is_compiled() else 'interpreted'} core, fast.search"
          f" (limit 2) from the JSON; " + ("CP-SAT one worker, up to 2 solutions (model"
                                            " built + solved)" if with_cpsat else "no CP-SAT")
          + f"; CPU time, the least of {repeat} run(s) per puzzle and solver")
    print(f"{'puzzle':<26} {'clues':>5} {'giv':>3} {'yass s':>9} {'n':>2}"
          + (f" {'CP-SAT s':>9} {'n':>2} {'ratio':>7}" if with_cpsat else ""))
    problems = []
    for e, ys, cp in rows:
        given = sum(ch not in ".0" for ch in e["givens"])
        line = (f"{e['name']:<26} {len(e['constraints']):>5} {given:>3}"
                f" {ys['seconds']:>9.4f} {ys.get('count', '-'):>2}")
        if with_cpsat:
            ratio = cp["seconds"] / max(ys["seconds"], 1e-6)
            line += f" {cp['seconds']:>9.4f} {cp['count']:>2} {ratio:>7.1f}"
            if cp["count"] != ys.get("count"):
                problems.append(f"  {e['name']}: yass {ys.get('count')}, CP-SAT {cp['count']}")
        if ys.get("count") != 1 or not ys.get("correct"):
            problems.append(f"  {e['name']}: yass {ys.get('error') or ys.get('count')}")
        if args.verbose:
            print(line)
    ysec = [ys["seconds"] for _, ys, _ in rows]

    def summary(name: str, secs: list[float]) -> str:
        return (f"{name:<8} median {statistics.median(secs) * 1000:8.2f} ms   p95"
                f" {_quantile(secs, 0.95) * 1000:8.2f} ms   max {max(secs) * 1000:8.1f} ms"
                f"   over 1 s: {sum(s > 1 for s in secs)}")

    print()
    print(summary("yass", ysec))
    if with_cpsat:
        csec = [cp["seconds"] for _, _, cp in rows]
        print(summary("CP-SAT", csec))
        ratios = [c / max(y, 1e-6) for y, c in zip(ysec, csec, strict=True)]
        medians = statistics.median(csec) / statistics.median(ysec)
        print(f"CP-SAT / yass per puzzle: median {statistics.median(ratios):.1f}x, least"
              f" {min(ratios):.2f}x; yass slower on {sum(r < 1 for r in ratios)} of"
              f" {len(ratios)}; CP-SAT's median / yass's median {medians:.1f}x")
        # The same runs split: reading the puzzle and making the model (yass: the JSON
        # read and the layout compiled; CP-SAT: the model built from the JSON), then the
        # search alone (yass on its compiled layout, CP-SAT on its model).
        for part, what in (("build", "reading + model"), ("solve", "search alone")):
            ys_part = [ys.get(part, ys["seconds"]) for _, ys, _ in rows]
            cp_part = [cp[part] for _, _, cp in rows]
            part_ratios = [c / max(y, 1e-6) for y, c in zip(ys_part, cp_part, strict=True)]
            print(f"  {what:<16} median yass {statistics.median(ys_part) * 1000:7.2f} ms,"
                  f" CP-SAT {statistics.median(cp_part) * 1000:7.2f} ms; per puzzle"
                  f" CP-SAT / yass median {statistics.median(part_ratios):.1f}x, yass"
                  f" slower on {sum(r < 1 for r in part_ratios)}")
    print("by family (yass median / max ms" + (", CP-SAT median / max ms)" if with_cpsat
                                              else ")"))
    families: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for e, ys, cp in rows:
        families[e["rules"][0]].append((ys["seconds"], cp.get("seconds", 0.0)))
    for fam, pairs in families.items():
        y = [a for a, _ in pairs]
        c = [b for _, b in pairs]
        text = (f"  {fam:<9} {len(pairs):>4}  {statistics.median(y) * 1000:7.2f} /"
                f" {max(y) * 1000:8.1f}")
        if with_cpsat:
            text += f"   {statistics.median(c) * 1000:7.2f} / {max(c) * 1000:8.1f}"
        print(text)
    slowest = sorted(rows, key=lambda r: -r[1]["seconds"])[:10]
    print("slowest for yass: " + ", ".join(
        f"{e['name']} {ys['seconds'] * 1000:.0f} ms" for e, ys, _ in slowest))
    if problems:
        print("\n== problems")
        print("\n".join(problems))
    if args.json:
        args.json.write_text(json.dumps(
            [{"name": e["name"], "yass": ys, "cpsat": cp} for e, ys, cp in rows], indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("files", nargs="*", type=Path,
                    help="JSON files of puzzles with solutions (default: the shared variant file)")
    ap.add_argument("--timeout", type=float, default=30.0,
                    help="seconds per search, per puzzle and solver (default 30)")
    ap.add_argument("--only", action="append", default=[],
                    help="puzzles whose name or a rule type contains this text (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--no-pencilmark", action="store_true", help="yass's figures alone")
    ap.add_argument("--pm-input", choices=("auto", "json", "fpuzzles"), default="auto",
                    help="what pencilmark reads: its puzzle JSON converted from yass's (json),"
                         " the f-puzzles payload (fpuzzles: the entry's own, else the one yass"
                         " writes), or json where every rule converts, else the payload (auto)")
    ap.add_argument("--json", type=Path, help="also write every result to this JSON file")
    ap.add_argument("--stress", type=int, metavar="N", default=0,
                    help="instead: the first N puzzles of the stress set, yass vs CP-SAT")
    ap.add_argument("--stress-file", type=Path, default=STRESS_FILE,
                    help="the stress set's file (made from its seed when missing)")
    ap.add_argument("--regenerate", action="store_true",
                    help="make the stress set again from its seed (-j processes)")
    ap.add_argument("--no-cpsat", action="store_true", help="the stress set without CP-SAT")
    ap.add_argument("--repeat", type=int, default=3, metavar="K",
                    help="the stress set: time each solver K times per puzzle, alternating,"
                         " and keep the least CPU time (default 3)")
    ap.add_argument("--logic", action="store_true",
                    help="the logic solvers alone: yass's path (guesses, forcing steps, seconds)"
                         " beside pencilmark's rate")
    ap.add_argument("--techniques", metavar="SPEC",
                    help="yass's ladder for the logic solves, as the CLI's --techniques"
                         " (e.g. '+bt' adds the band technique, off by default)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="the stress set: a line per puzzle")
    args = ap.parse_args(argv)
    if args.stress:
        return stress(args)

    entries = load_entries(args.files or [DEFAULT_FILE])
    if args.only:
        keys = [k.lower() for k in args.only]
        entries = [e for e in entries if any(
            k in str(e.get("name", "")).lower()
            or any(k == c.get("type") for c in e.get("constraints", [])) for k in keys)]
    if not entries:
        print("no puzzles", file=sys.stderr)
        return 1
    pm = None if args.no_pencilmark else _pencilmark()
    with_pm = pm is not None
    import yass.engine.fast  # loaded and warmed once here, shared by the forked workers
    import yass.logic.solver
    from yass.formats import parse_puzzle

    warm = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9......."
    yass.logic.solver.solve(parse_puzzle(warm))
    if pm is not None:
        pm.rate(warm, fields=["contains", "band"])

    rows = [Row(e) for e in entries]
    timeout = float(args.timeout)
    how = str(args.pm_input)
    # yass bounds itself (Bounds); the kill is a backstop. pencilmark's solve has no time
    # bound, so its process is killed at the bound; rate caps its own search at the bound.
    backstop = 2.5 * timeout + 10
    jobs: list[Job] = []
    for i, e in enumerate(entries):
        if not args.logic:
            jobs.append(Job(i, "search", partial(_yass_search, e, timeout), backstop))
        jobs.append(Job(i, "logic", partial(_yass_logic, e, timeout, args.techniques), backstop))
        if with_pm:
            jobs.append(Job(i, "pm", partial(_pm_solve, e, how), timeout + 2))
            jobs.append(Job(i, "pmrate", partial(_pm_rate, e, timeout, how), 2 * timeout + 5))
    finished = 0

    def done(job: Job, result: Result) -> None:
        nonlocal finished
        setattr(rows[job.index], job.kind, result)
        finished += 1
        if sys.stderr.isatty():
            print(f"\r{finished}/{len(jobs)} jobs", end="", file=sys.stderr)

    started = time.perf_counter()
    run_jobs(jobs, max(1, args.jobs), done)
    if sys.stderr.isatty():
        print("\r" + " " * 30 + "\r", end="", file=sys.stderr)
    wall = time.perf_counter() - started

    version = f" {pm.__version__}" if pm is not None else ""
    print(f"variant puzzles: {len(rows)}; bound {timeout:g} s per search; -j {args.jobs};"
          f" yass {'compiled' if yass.engine.fast.is_compiled() else 'interpreted'} core;"
          + (f" yass ladder {args.techniques!r};" if args.techniques else "")
          + (f" pencilmark{version} (input {args.pm_input})" if with_pm
             else " pencilmark not installed or not asked for"))
    if args.logic:
        for text in [*logic_table(rows, with_pm), "", *logic_totals(rows, with_pm)]:
            print(text)
        print(f"\nwall {wall:.1f} s")
        if args.json:
            args.json.write_text(json.dumps(
                [{"name": r.name, "logic": r.logic, "pencilmark": r.pm,
                  "pencilmark_rate": r.pmrate} for r in rows], indent=1, default=str))
        return 0
    for text in table(rows, with_pm, how):
        print(text)
    print()
    for text in totals(rows, with_pm, how):
        print(text)
    print()
    for text in by_type(rows, with_pm):
        print(text)
    problems = []
    for row in rows:
        s, lg = row.search, row.logic
        if "error" in s or not (s.get("correct") and s.get("unique")):
            problems.append(f"  {row.name}: search: {s.get('error') or 'wrong or not unique'}")
        if s.get("fpz", "-") not in ("-", "ok"):
            problems.append(f"  {row.name}: f-puzzles payload: {s['fpz']}")
        if "error" in lg or not lg.get("correct"):
            problems.append(f"  {row.name}: logic: {lg.get('error') or 'wrong solution'}")
        if with_pm and "na" not in row.pm and not row.pm.get("correct"):
            problems.append(f"  {row.name}: pencilmark: {row.pm.get('error') or 'wrong'}")
    if problems:
        print("\n== problems")
        print("\n".join(problems))
    print(f"\nwall {wall:.1f} s")
    if args.json:
        args.json.write_text(json.dumps(
            [{"name": r.name, "search": r.search, "logic": r.logic, "pencilmark": r.pm,
              "pencilmark_rate": r.pmrate}
             for r in rows], indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
