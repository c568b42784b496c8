"""`yass generate`: its options and its output (the work is in yass.generate)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from yass.cli.common import positive_int, positive_seconds
from yass.cli.dask import scheduler_option
from yass.cli.printing import add_options as add_print_options
from yass.cli.progress import Progress
from yass.core.outcomes import ClusterError
from yass.engine.batch import EXIT_BAD_INPUT, EXIT_BOUND, EXIT_OK

__all__ = ["add_parser", "run"]


N = TypeVar("N", int, float)


def _span(text: str, convert: Callable[[str], N], least: N, usage: str) -> tuple[N, N]:
    """``N`` or ``MIN-MAX`` of whole numbers or ratings, with ``least <= MIN <= MAX``."""
    lo, sep, hi = text.partition("-")
    try:
        a = convert(lo)
        b = convert(hi) if sep else a
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {usage}") from None
    if not least <= a <= b:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a range MIN-MAX with {least} <= MIN <= MAX"
        )
    return a, b


def _range(text: str) -> tuple[int, int]:
    return _span(text, int, 0, "N or MIN-MAX")


def _er_range(text: str) -> tuple[float, float]:
    return _span(text, float, 1.0, "ER or MIN-MAX (e.g. 4.0-6.2)")


def add_parser(command: Callable[..., argparse.ArgumentParser]) -> None:
    """Declare `generate` with the parser's ``command`` helper."""
    from yass.generate import LEVEL_NAMES, SYMMETRIES

    p = command(
        "generate",
        help="make puzzles with one solution, to order",
        puzzles=False,
        description="Make puzzles with exactly one solution: a random solution grid, then"
        " givens taken away (symmetrically, in a random order) while the solution stays"
        " unique; each puzzle is rated by the human ladder (`yass explain`). One that does"
        " not match the options is changed a given at a time (a local search that keeps"
        " the changes that bring it closer) until one does. Output: one puzzle a line with"
        " its level, hardest technique, score and number of givens. The same --seed gives"
        " the same puzzles, whatever -j.",
    )
    p.add_argument("-n", "--count", type=positive_int, default=1, metavar="COUNT",
                   help="how many puzzles (default 1)")
    p.add_argument("--level", metavar="LEVELS",
                   help=f"level(s) of the hardest step, comma-separated: {', '.join(LEVEL_NAMES)}")
    p.add_argument("--rating", type=_er_range, metavar="MIN-MAX",
                   help="Sudoku Explainer rating (ER) range, e.g. 4.0-6.2 (classic 9x9; see"
                   " `yass rate`: only puzzles it rates exactly qualify)")
    p.add_argument("--require", metavar="CODES",
                   help="techniques (codes or names, see `yass techniques`) that must appear")
    p.add_argument("--exclude", metavar="CODES", help="techniques that must not appear")
    p.add_argument("--hardest", metavar="CODES",
                   help="the hardest technique must be one of these (the rarest ones,"
                   " Jellyfish, colouring, X-Chain, Death Blossom, start from a bank of"
                   " puzzles, renamed and changed: about a second with rotational symmetry"
                   " or none, longer searches with another; ALS-XZ, ALS-XY-Wing and ALS"
                   " Chain are almost never on a path, grouped AICs coming first, so a"
                   " search for them stops after 30 s unless --timeout says otherwise)")
    p.add_argument("--practice", metavar="TECHNIQUE",
                   help="a puzzle that uses this technique, with the grid in progress where it"
                   " is the next step (as 729 candidate characters: `yass hint` reads it)")
    p.add_argument("--symmetry", choices=SYMMETRIES, default="rotational",
                   help="symmetry of the givens (default rotational)")
    p.add_argument("--givens", type=_range, metavar="MIN-MAX",
                   help="number of givens, e.g. 24-30")
    p.add_argument("--minimal", action="store_true",
                   help="only puzzles from which no single given can be taken away")
    p.add_argument("--rules", default="", metavar="NAMES",
                   help="extra rules (as in `yass solve --rules`, e.g. antiknight)")
    p.add_argument("--template", metavar="FILE",
                   help="a puzzle file (JSON with cages, thermometers, regions...) whose rules"
                   " and givens are kept: the givens added make its solution unique")
    p.add_argument(
        "--size", type=positive_int, default=9, metavar="N", help="grid size (default 9)"
    )
    p.add_argument("--seed", default="0", metavar="S", help="seed (default 0)")
    p.add_argument("--format", choices=("line", "pretty", "json", "pdf"), default="line",
                   help="line (default), pretty (the grid), json (one object a line) or pdf"
                   " (the puzzles drawn --per-page to a page, to print; needs the extra"
                   " yass-sudoku[print])")
    add_print_options(p)
    where = p.add_mutually_exclusive_group()
    where.add_argument("-j", "--jobs", type=positive_int, default=None, metavar="N",
                       help="worker processes (default: all cores)")
    scheduler_option(where, "make the puzzles")
    p.add_argument("--timeout", type=positive_seconds, default=None, metavar="SECONDS",
                   help="give up a puzzle after SECONDS (of the clock, every search"
                   " included): its line says 'no puzzle found within SECONDS s' and the"
                   " exit code is 4")


def _codes(spec: str | None) -> tuple[str, ...]:
    if not spec:
        return ()
    from yass.logic.techniques import get_techniques

    return tuple(t.code for t in get_techniques(spec))


def _request(args: argparse.Namespace) -> Any:
    from yass.constraints import rules_from_names
    from yass.core.layout import Layout
    from yass.generate import LEVEL_NAMES, GenerateError, Request, impossible

    for option in ("level", "require", "exclude", "hardest", "practice"):
        value = getattr(args, option)
        if value is not None and not value.replace(",", "").strip():
            what = "level" if option == "level" else "technique code or name"
            raise GenerateError(f"--{option} needs at least one {what}")
    fixed = None
    if args.template:
        from yass.formats import read_puzzles

        entry = next(iter(read_puzzles(args.template, rules=args.rules)), None)
        if entry is None:
            raise GenerateError(f"{args.template}: no puzzle in the template")
        if entry.puzzle is None:
            raise GenerateError(entry.message)
        layout = entry.puzzle.layout
        fixed = entry.puzzle.givens if any(entry.puzzle.givens) else None
    else:
        layout = Layout.classic(args.size)
        if args.rules:
            layout = Layout(args.size, rules_from_names(args.rules, layout.grid))
    levels: list[int] = []
    for name in (args.level or "").split(","):
        name = name.strip().lower()
        if not name:
            continue
        if name not in LEVEL_NAMES:
            raise GenerateError(f"unknown level {name!r} (known: {', '.join(LEVEL_NAMES)})")
        levels.append(LEVEL_NAMES.index(name) + 1)
    if args.givens and args.givens[1] > layout.ncells:
        raise GenerateError(f"--givens {args.givens[0]}-{args.givens[1]}: a {args.size}x"
                            f"{args.size} grid has {layout.ncells} cells")
    if args.rating and (args.size != 9 or args.rules or args.template):
        raise GenerateError("--rating is Sudoku Explainer's scale: classic 9x9 only")
    practice = _codes(args.practice)
    if len(practice) > 1:
        raise GenerateError(f"--practice takes one technique, not {args.practice!r}")
    req = Request(
        layout, tuple(levels), _codes(args.require), _codes(args.exclude),
        _codes(args.hardest), args.symmetry, args.givens, args.minimal,
        practice[0] if practice else None, args.rating, fixed,
    )
    why = impossible(req)
    if why is not None:
        raise GenerateError(f"no puzzle can be made: {why}")
    return req


def _no_solution(req: Any, args: argparse.Namespace) -> str | None:
    """Why the template's (or ``--rules``') rules and givens allow no solution at all, or
    None: found by one search (bounded by ``--timeout``), not left to the generator,
    which could only run out of time."""
    if not (args.template or args.rules):
        return None
    from yass.core.board import Puzzle
    from yass.core.bounds import BoundReached, Bounds
    from yass.engine import fast

    givens = req.fixed or (0,) * req.layout.ncells
    try:
        count, _ = fast.search(Puzzle(req.layout, tuple(givens)), 1, Bounds(args.timeout)
                               if args.timeout else None)
    except BoundReached:
        return None  # not known in time: the generator's own bound says so
    if count:
        return None
    where = f"{args.template}: the template's" if args.template else "the"
    return f"{where} rules and givens allow no solution, so no puzzle can be made"


def _info(item: Any) -> str:
    """What a puzzle's line says after it: level, hardest technique, score, givens, ER."""
    info = (f"{item.level_name}, hardest {item.hardest_name}, score {item.score},"
            f" {item.givens} givens")
    if item.se is not None:
        info += f", ER {item.se[0]:.1f}/{item.se[1]:.1f}/{item.se[2]:.1f}"
    return info


def _text(item: Any, fmt: str) -> str:
    from yass import render

    if fmt == "json":
        return json.dumps(item.to_json())
    info = _info(item)
    practice = ""
    if item.practice_grid is not None:
        practice = f"  practice after {item.practice_step} steps: {item.practice_grid}"
    if fmt == "pretty":
        picture = render.grid(item.puzzle.givens, item.puzzle.layout)
        return f"# {item.index + 1}: {info}{practice}\n{picture}\n"
    return f"{item.line()}  {info}{practice}"


def run(args: argparse.Namespace, out: Callable[[str], None],
        err: Callable[[str, str], None]) -> int:
    from yass.core.geometry import PuzzleError
    from yass.generate import RARE_TIMEOUT, generate, rarely

    try:
        req = _request(args)
        why = _no_solution(req, args)
    except PuzzleError as exc:
        err("error", str(exc))
        return EXIT_BAD_INPUT
    if why is not None:
        err("error", why)
        return EXIT_BAD_INPUT
    timeout = args.timeout
    why = rarely(req)
    if why is not None:
        if timeout is None:
            timeout = RARE_TIMEOUT
        err("note", f"{why}; each puzzle is searched for {timeout:g} seconds at most"
            " (--timeout)")
    from yass.cli import printing
    from yass.cli.common import job_count
    from yass.cli.dask import DaskError, closing, connect

    if printing.misplaced(args, err):
        return EXIT_BAD_INPUT
    printed: list[Any] | None = None  # --format pdf: (caption, board, givens) of each
    if args.format == "pdf":
        from yass.render.printout import PrintError, fpdf_module

        try:
            fpdf_module()  # say so before any work
        except PrintError as exc:
            err("error", str(exc))
            return EXIT_BAD_INPUT
        printed = []
    try:
        client = connect(args)
    except DaskError as exc:
        err("error", str(exc))
        return EXIT_BAD_INPUT
    # (job_count says so when -j is capped at the cores)
    jobs = min(job_count(args), args.count) if client is None else 1
    code = EXIT_OK
    progress = Progress(sys.stderr, time.perf_counter(), total=args.count, output=sys.stdout)
    made = generate(req, args.count, seed=args.seed, jobs=jobs, timeout=timeout, client=client)
    try:
        for done, item in enumerate(made, 1):
            progress.before_output()
            if isinstance(item, int):
                missing = f"no puzzle found within {timeout:g} s (puzzle {item + 1})"
                if printed is None:
                    out(missing)
                else:
                    err("note", missing)
                code = EXIT_BOUND
            elif printed is not None:
                printed.append((f"{item.index + 1}. {_info(item)}", item.puzzle.board(),
                                item.puzzle.givens))
            else:
                out(_text(item, args.format))
            progress.update(done, done)
    except PuzzleError as exc:
        err("error", str(exc))
        return EXIT_BAD_INPUT
    except ClusterError as exc:
        progress.clear()
        err("error", f"the Dask cluster at {args.scheduler} failed: {exc}")
        return EXIT_BAD_INPUT
    finally:
        made.close()
        progress.clear()
        closing(client)
    if printed is not None:
        written = printing.write(printing.document("pdf", printed, args), "pdf", args, err)
        code = max(code, written)
    return code
