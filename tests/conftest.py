"""Shared paths and loaders for the test suite."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
PUZZLES = DATA / "puzzles"
VARIANTS = DATA / "variant_puzzles.json"
SEED_PUZZLE = "409010803000009240000000001390274600000050000002163059500000000013600000908020107"


def puzzle_lines(name: str, limit: int | None = None) -> list[str]:
    """Puzzle lines of a sample file in tests/data/puzzles (``limit`` first ones)."""
    lines = [ln.strip() for ln in (PUZZLES / name).read_text().splitlines() if ln.strip()]
    return lines[:limit] if limit is not None else lines


def variant_entries() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(VARIANTS.read_text())
    return data
