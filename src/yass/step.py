"""Step: one deduction, what it changes and why."""

from __future__ import annotations

from dataclasses import dataclass

from yass.geometry import digit_char

__all__ = ["Step"]


@dataclass(frozen=True)
class Step:
    """A deduction: placements and/or eliminations, found by one technique.

    ``technique`` is the stable short code (``hs`` for hidden single); ``explanation``
    is the sentence shown to a person; ``cells`` and ``houses`` name the pattern.
    """

    technique: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    explanation: str = ""
    cells: tuple[int, ...] = ()
    houses: tuple[int, ...] = ()

    def changes(self, size: int) -> str:
        """``r1c1=5`` / ``r2c3<>4`` list of what the step does."""
        parts = [f"{_name(c, size)}={digit_char(d)}" for c, d in self.placements]
        parts += [f"{_name(c, size)}<>{digit_char(d)}" for c, d in self.eliminations]
        return ", ".join(parts)

    @property
    def is_empty(self) -> bool:
        return not self.placements and not self.eliminations


def _name(cell: int, size: int) -> str:
    r, c = divmod(cell, size)
    return f"r{r + 1}c{c + 1}"
