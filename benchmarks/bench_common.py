"""What both benchmark scripts share: where the puzzle files are, reading them, and an
independent check of a 9x9 solution (it uses nothing of yass)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

DEFAULT_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "puzzles"

#: The 27 units (rows, columns, boxes) of a 9x9 grid, as lists of cells.
UNITS: list[list[int]] = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [
        [(br * 3 + i) * 9 + bc * 3 + j for i in range(3) for j in range(3)]
        for br in range(3)
        for bc in range(3)
    ]
)


def puzzle_lines(path: Path, limit: int | None = None) -> list[str]:
    """The puzzle lines of a file (blank and ``#`` lines skipped), the first ``limit`` ones."""
    out: list[str] = []
    with path.open() as f:
        for raw in f:
            line = raw.strip()
            if line and not line.startswith("#"):
                out.append(line)
                if limit is not None and len(out) >= limit:
                    break
    return out


def givens_of(line: str) -> tuple[int, ...]:
    """The digits of a puzzle line, 0 for a blank."""
    return tuple(int(ch) if ch in "123456789" else 0 for ch in line)


def valid(line: str, solution: Sequence[int] | str | None) -> bool:
    """An independent check: 81 digits, every unit holds 1-9 once, the givens kept.

    ``solution`` is a line of digits or a sequence of ints; anything else is not valid.
    """
    if solution is None or len(solution) != 81:
        return False
    if isinstance(solution, str):
        if not all(ch in "123456789" for ch in solution):
            return False
        vals = [int(ch) for ch in solution]
    else:
        vals = list(solution)
    full = set(range(1, 10))
    if any({vals[i] for i in unit} != full for unit in UNITS):
        return False
    return all(g == 0 or g == v for g, v in zip(givens_of(line), vals, strict=True))
