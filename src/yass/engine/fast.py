"""Fast exhaustive solving: the compiled core behind the Puzzle API, and bulk solving.

``solve`` (also ``find_solution``), ``count_solutions`` and ``is_unique`` answer like
``yass.engine.search`` (same results, same ``ConflictError`` when givens clash) but run in
``yass.engine._core``: a bitboard solver for
classic 9x9, and a generic engine for every other layout whose rules are houses,
sees-pairs, relation tables, cell masks and the compiled forms of
``yass.engine.compiled.compile_layout`` (digit-set groups: killer cages, renban lines; linear
sums: arrows, little killers, zipper and region-sum lines; digits a group contains:
quadruples). Layouts with a rule whose own Python logic fits no compiled form (between
lines, sandwiches, X-sums, skyscrapers) use the reference search. Each takes optional
``bounds`` (``yass.core.bounds.Bounds``: a time limit and a number of guesses) and raises
``BoundReached`` when the search stops at one; Ctrl-C raises KeyboardInterrupt from
inside the compiled search within milliseconds. Each also takes a puzzle as text; a
classic 9x9 line (81 characters of ``1-9``, ``.`` and ``0``) then goes straight to the
core, with no ``Puzzle`` built (only a puzzle without a solution builds one, to tell
clashing givens apart); any other text is read with ``yass.formats.parse_puzzle``.

``solve_many`` streams the solutions of many puzzles, and ``solve_lines`` turns lines
of text into lines of text (the batch command), optionally over several processes,
always in input order and with flat memory. Every solution is checked against the
rules and the givens before it is returned (for classic 9x9 the core checks rows,
columns, boxes and givens itself; other layouts are checked with ``Layout.check``).
"""

from __future__ import annotations

from itertools import islice

from yass.core.board import Puzzle
from yass.core.bounds import GUESSES, TIME, BoundReached, Bounds
from yass.core.geometry import PuzzleError, digit_char
from yass.core.layout import Layout
from yass.engine import _core, _tables
from yass.engine._core import c9_count_line as _c9_count_line
from yass.engine._core import c9_solve_values as _c9_solve_values

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from yass.engine.compiled import CompiledLayout

__all__ = [
    "NO_SOLUTION",
    "can_settle",
    "classic_line",
    "conflict",
    "count_solutions",
    "engine",
    "find_solution",
    "is_compiled",
    "is_unique",
    "probe",
    "search",
    "settle",
    "solve",
    "solve_line",
    "solve_lines",
    "solve_many",
]

#: The output line of ``solve_lines`` for a puzzle without a solution.
NO_SOLUTION = "no solution"

#: The most solutions the core counts (its counter is a C int): more than any search
#: could reach in a lifetime, so a larger limit means the same.
_MOST = (1 << 31) - 1

#: Solutions checked in C (``_tables.grid_ok``) before the rules' own checks.
_CHECK_IN_C = _tables.is_compiled()

CLASSIC9 = "classic9"
GENERIC = "generic"
REFERENCE = "reference"

def is_compiled() -> bool:
    """True when the compiled extension is in use (False: the same code, interpreted)."""
    return _core.is_compiled()


def engine(layout: Layout) -> str:
    """Which search serves ``layout``: ``classic9``, ``generic`` or ``reference``."""
    kind: str | None = layout.derived.get("engine")
    if kind is None:
        kind = layout.derived["engine"] = _choose_engine(layout)
    return kind


def _choose_engine(layout: Layout) -> str:
    if layout.is_classic and layout.size == 9 and layout.box_rows == 3:
        return CLASSIC9
    compiled = _compiled(layout)
    return GENERIC if compiled is not None and _core.gen_fits(compiled) else REFERENCE


def _compiled(layout: Layout) -> CompiledLayout | None:
    """``compile_layout(layout)``, once per layout (None: a rule has logic the core
    cannot run)."""
    if "compiled" not in layout.derived:
        from yass.engine.compiled import compile_layout

        layout.derived["compiled"] = compile_layout(layout)
    compiled: CompiledLayout | None = layout.derived["compiled"]
    return compiled


def settle(layout: Layout, masks: Sequence[int]) -> tuple[int, ...] | None:
    """The candidates the compiled propagation leaves from ``masks`` (one digit mask a
    cell), None when it breaks. Raises ValueError when no compiled engine takes the
    layout (see ``can_settle``)."""
    compiled = _compiled(layout)
    if compiled is None:
        raise ValueError("no compiled engine takes this layout")
    return _core.gen_settle(compiled, masks)


def conflict(layout: Layout, masks: Sequence[int]) -> tuple[int, ...] | None:
    """Where ``settle`` from ``masks`` breaks: the cells its contradiction blames; None
    when it holds."""
    compiled = _compiled(layout)
    if compiled is None:
        raise ValueError("no compiled engine takes this layout")
    return _core.gen_conflict(compiled, masks)


def probe(layout: Layout, masks: Sequence[int], cells: int, most: int) -> tuple[bool, int, int]:
    """A nested trial by the compiled engine (``_core.gen_probe``): (the state ``masks``
    holds, the first cell whose probe narrowed it, a digit that cell lost)."""
    compiled = _compiled(layout)
    if compiled is None:
        raise ValueError("no compiled engine takes this layout")
    return _core.gen_probe(compiled, masks, cells, most)


def can_settle(layout: Layout) -> bool:
    """True when ``settle`` takes ``layout`` (the generic engine's tables hold it)."""
    ok: bool | None = layout.derived.get("settle")
    if ok is None:
        compiled = _compiled(layout)
        ok = layout.derived["settle"] = compiled is not None and _core.gen_fits(compiled)
    return ok


def _limits(bounds: Bounds | None) -> tuple[int, float]:
    """The core's (max_nodes, deadline) of ``bounds`` (-1 and 0.0: none)."""
    return (-1, 0.0) if bounds is None else (bounds.max_nodes, bounds.deadline)


def _stopped(bounds: Bounds | None, stop: int, count: int, first: tuple[int, ...] | None) -> None:
    """Raise BoundReached when a compiled search stopped (``stop``) at one of ``bounds``."""
    if stop and bounds is not None:
        if stop == _core.STOP_TIME:
            assert bounds.timeout is not None
            raise BoundReached(TIME, bounds.timeout, count, first)
        raise BoundReached(GUESSES, bounds.max_nodes, count, first)


def _run(
    puzzle: Puzzle, limit: int, bounds: Bounds | None = None
) -> tuple[int, tuple[int, ...] | None]:
    """(solutions counted up to ``limit``, the first one, verified)."""
    layout = puzzle.layout
    kind = engine(layout)
    if kind == CLASSIC9:
        count, first, stop, _ = _core.c9_search(puzzle.givens, min(limit, _MOST), *_limits(bounds))
        _stopped(bounds, stop, count, first)
    elif kind == GENERIC:
        compiled = _compiled(layout)
        assert compiled is not None
        count, first, stop, _ = _core.gen_search(
            compiled, puzzle.givens, min(limit, _MOST), *_limits(bounds)
        )
        if first is not None and not _verified(puzzle, first):
            raise RuntimeError(f"internal error: the search returned a wrong grid for {puzzle}")
        _stopped(bounds, stop, count, first)
    else:
        from yass.engine import search as reference

        found = list(reference.solutions(puzzle, limit, bounds=bounds))
        count, first = len(found), (found[0] if found else None)
    if count == 0:
        puzzle.check_givens()  # ConflictError when the givens clash, as yass.engine.search does
    return count, first


def search(
    puzzle: Puzzle, limit: int = 2, bounds: Bounds | None = None
) -> tuple[int, tuple[int, ...] | None]:
    """(how many solutions, counting no further than ``limit``; the first one found).

    One search answers both "what is a solution" and "is it unique" (``limit=2``).
    Raises ConflictError (a PuzzleError) when two givens break a rule together, and
    BoundReached when the search stops at one of ``bounds``.
    """
    if limit < 1:
        return 0, None
    return _run(puzzle, limit, bounds)


def classic_line(
    line: str, limit: int = 1, bounds: Bounds | None = None
) -> tuple[int, str | None]:
    """(solutions counted up to ``limit``, the first one as a line) of a classic 9x9 line.

    The fastest path for text: ``line`` must be exactly 81 characters of ``1-9``, ``.``
    and ``0`` (no whitespace), else ValueError. Givens that clash give ``(0, None)``,
    so a caller that must tell a clash from a puzzle without a solution checks those.
    The core checks every solution against rows, columns, boxes and givens itself.
    Raises BoundReached when the search stops at one of ``bounds``.
    """
    if bounds is None and limit == 1:
        found = _core.c9_solve_line(line)
        return (0, None) if found is None else (1, found)
    count, first, stop, _ = _core.c9_search(line, min(limit, _MOST), *_limits(bounds))
    _stopped(bounds, stop, count, first)
    return count, (None if first is None else "".join([digit_char(v) for v in first]))


def _parsed(text: str) -> Puzzle:
    """The Puzzle of a text that is not a classic 9x9 line (or has no solution)."""
    from yass.formats import parse_puzzle

    return parse_puzzle(text)


def _line_run(
    line: str, limit: int, bounds: Bounds | None
) -> tuple[int, tuple[int, ...] | None] | None:
    """(count, first) of a classic 9x9 line by the core, None when ``line`` is not one.

    A line without a solution is read as a Puzzle, so that clashing givens raise
    ConflictError as on every other path.
    """
    if len(line) != 81:
        return None
    try:
        count, first, stop, _ = _core.c9_search(line, min(limit, _MOST), *_limits(bounds))
    except ValueError:
        return None
    _stopped(bounds, stop, count, first)
    if count == 0:
        _parsed(line).check_givens()
    return count, first


def _verified(puzzle: Puzzle, values: tuple[int, ...]) -> bool:
    """True when ``values`` keeps the givens and every rule of the puzzle's layout: its
    houses, sees-pairs, relations and cell masks checked in ``_tables`` when that is
    compiled (``Layout.check`` otherwise, and to confirm a fault), then the rules' own
    checks."""
    if not all(g == 0 or g == v for g, v in zip(puzzle.givens, values, strict=True)):
        return False
    layout = puzzle.layout
    if (_CHECK_IN_C and len(values) == layout.ncells <= _tables.MOST_CELLS
            and _tables.grid_ok(values, layout.size, layout.cell_masks, layout.houses,
                                layout.extra_pairs, layout.arcs)):
        return layout.rules_hold(values)
    return layout.check(values)


def solve(puzzle: Puzzle | str, bounds: Bounds | None = None) -> tuple[int, ...] | None:
    """The first solution found, or None when there is none.

    ``puzzle`` is a Puzzle or a text (a classic 9x9 line goes to the core in one call).
    Raises ConflictError (a PuzzleError) when two givens break a rule together,
    ParseError when a text is not a puzzle, and BoundReached when the search stops at
    one of ``bounds``.
    """
    if bounds is None and type(puzzle) is str and len(puzzle) == 81:
        try:
            found = _c9_solve_values(puzzle)
        except ValueError:
            pass  # not a classic line: read below
        else:
            if found is None:
                _parsed(puzzle).check_givens()  # ConflictError when givens clash
            return found
    if isinstance(puzzle, str):
        line = _line_run(puzzle, 1, bounds)
        if line is not None:
            return line[1]
        puzzle = _parsed(puzzle)
    return _run(puzzle, 1, bounds)[1]


#: ``find_solution`` is ``solve``: the name ``yass.find_solution`` uses.
find_solution = solve


def count_solutions(puzzle: Puzzle | str, limit: int = 2, bounds: Bounds | None = None) -> int:
    """How many solutions ``puzzle`` has, counting no further than ``limit``.

    ``puzzle`` is a Puzzle or a text (a classic 9x9 line goes to the core in one call).
    ``count_solutions(p) == 1`` is the uniqueness check a generator needs. Raises
    ConflictError when givens clash and BoundReached when the search stops at one of
    ``bounds``.
    """
    if bounds is None and type(puzzle) is str and len(puzzle) == 81 and 0 < limit <= _MOST:
        try:
            count = _c9_count_line(puzzle, limit)
        except ValueError:
            pass  # not a classic line: read below
        else:
            if count == 0:
                _parsed(puzzle).check_givens()  # ConflictError when givens clash
            return count
    if limit < 1:
        return 0
    if isinstance(puzzle, str):
        line = _line_run(puzzle, limit, bounds)
        if line is not None:
            return line[0]
        puzzle = _parsed(puzzle)
    return _run(puzzle, limit, bounds)[0]


def is_unique(puzzle: Puzzle | str, bounds: Bounds | None = None) -> bool:
    """True when ``puzzle`` (a Puzzle or a text) has exactly one solution.

    Raises ConflictError when givens clash and BoundReached when the search stops at
    one of ``bounds``.
    """
    return count_solutions(puzzle, 2, bounds) == 1


# -- many puzzles --------------------------------------------------------------------------


def _puzzle_of(item: str | Puzzle, layout: Layout | None) -> Puzzle:
    if isinstance(item, Puzzle):
        return item
    from yass.formats.text import make_layout, parse_line

    size, givens = parse_line(item, layout.size if layout is not None else None)
    return Puzzle(layout if layout is not None else make_layout(size), givens)


def solve_many(
    puzzles: Iterable[str | Puzzle], *, layout: Layout | None = None
) -> Iterator[tuple[int, ...] | None]:
    """The first solution (or None) of each puzzle, streamed in input order.

    A puzzle is a ``Puzzle`` or a one-line text (``.`` or ``0`` blank, the size from its
    length, or the size of ``layout``, whose rules then apply to every text puzzle).
    Classic 9x9 lines take a direct path with no per-puzzle Python objects. Raises
    PuzzleError (ParseError, ConflictError) at the first puzzle that is not valid; use
    ``solve_lines`` to carry on past bad input.
    """
    direct = layout is None or engine(layout) == CLASSIC9
    for item in puzzles:
        if direct and isinstance(item, str) and len(item) == 81:
            try:
                yield _core.c9_solve_values(item)
                continue
            except ValueError:
                pass
        yield solve(_puzzle_of(item, layout))


def solve_line(line: str, layout: Layout | None = None) -> str:
    """The output line for one input line: the solution, ``no solution``, or ``error: ...``.

    Whitespace around the line is ignored; an empty line gives an empty line.
    """
    text = line.strip()
    if len(text) == 81 and (layout is None or engine(layout) == CLASSIC9):
        try:
            found = _core.c9_solve_line(text)
        except ValueError:
            pass
        else:
            if found is not None:
                return found
    if not text:
        return ""
    try:
        solution = solve(_puzzle_of(text, layout))
    except PuzzleError as exc:
        return "error: " + " ".join(str(exc).split())  # always one line
    if solution is None:
        return NO_SOLUTION
    return "".join([digit_char(v) for v in solution])


def _solve_chunk(job: tuple[Layout | None, list[str]]) -> str:
    """Solve a chunk of lines in a worker; one string back (cheaper to send than a list)."""
    layout, lines = job
    return "\n".join([solve_line(line, layout) for line in lines])


def solve_lines(
    lines: Iterable[str],
    *,
    layout: Layout | None = None,
    processes: int = 1,
    chunksize: int = 1024,
) -> Iterator[str]:
    """One output line per input line, in input order (see ``solve_line``).

    With ``processes`` > 1 the lines are solved in chunks by worker processes
    (``yass.engine.parallel.in_order``); at most a few chunks per worker are in flight, so
    memory stays flat however long the input. Stopping the iteration (or Ctrl-C) ends
    the workers.
    """
    if processes <= 1:
        for line in lines:
            yield solve_line(line, layout)
        return
    from yass.engine.parallel import in_order

    source = iter(lines)

    def chunks() -> Iterator[tuple[Layout | None, list[str]]]:
        while chunk := list(islice(source, chunksize)):
            yield layout, chunk

    for out in in_order(_solve_chunk, chunks(), processes, lambda: True):
        yield from out.split("\n")
