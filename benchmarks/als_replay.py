"""The ALS techniques (ALS-XZ, ALS-XY-Wing, ALS Chain, Death Blossom) replayed on recorded
board states, to compare code versions by instruction counts (``callgrind``) or CPU time.

``record`` solves puzzles with ``explain`` and writes, one JSON line each, every board
state at which the ladder asked ALS-XZ (the first of the four); ``replay`` asks the
techniques for all their steps on each recorded state in turn (a fresh board, as the
solver would) and prints how many steps they gave, a hash of their notations and the
CPU time. A replay under ``/work/cg.sh``-style callgrind, with ``--codes none`` as the
baseline of start-up and loading, gives the techniques' instructions.

    python benchmarks/als_replay.py record FILE N OUT.jsonl   # N puzzles spread over FILE
    python benchmarks/als_replay.py replay OUT.jsonl [--codes alsxz,alsxy,alsc,db]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_common import puzzle_lines

import yass
from yass.core.board import Board
from yass.logic.explain import explain
from yass.logic.techniques import TECHNIQUES, _loaded

CODES = "alsxz,alsxy,alsc,db"


def record(path: Path, count: int, out: Path) -> None:
    lines = [ln.split()[0] for ln in puzzle_lines(path)]
    if len(lines) > count:
        step = len(lines) / count
        lines = [lines[int(i * step)] for i in range(count)]
    tech = _loaded(next(t for t in TECHNIQUES if t.code == "alsxz"))
    find = tech.find
    states: list[dict[str, Any]] = []
    current = [""]

    def spy(board: Board) -> Any:
        states.append({"puzzle": current[0], "values": board.values[:], "cands": board.cands[:]})
        return find(board)

    object.__setattr__(tech, "find", spy)
    try:
        for line in lines:
            current[0] = line
            explain(yass.parse_puzzle(line))
    finally:
        object.__delattr__(tech, "find")
    with out.open("w") as f:
        for state in states:
            f.write(json.dumps(state) + "\n")
    print(f"{len(states)} board states of {len(lines)} puzzles -> {out}")


def _board(state: dict[str, Any]) -> Board:
    """The recorded state rebuilt from its puzzle: the placements, then the removals."""
    board = yass.parse_puzzle(state["puzzle"]).board()
    for cell, value in enumerate(state["values"]):
        if value and not board.values[cell]:
            board.place(cell, value)
    for cell, mask in enumerate(state["cands"]):
        if not board.values[cell]:
            for d in range(board.layout.size):
                if board.cands[cell] >> d & 1 and not mask >> d & 1:
                    board.eliminate(cell, d + 1)
    assert board.cands == state["cands"], "the state does not rebuild"
    return board


def replay(path: Path, codes: str) -> None:
    wanted = [c for c in codes.split(",") if c and c != "none"]
    techs = [_loaded(next(t for t in TECHNIQUES if t.code == c)) for c in wanted]
    with path.open() as f:
        boards = [_board(json.loads(line)) for line in f if line.strip()]
    digest = hashlib.sha256()
    steps = 0
    start = time.process_time()
    for board in boards:
        for tech in techs:
            for step in tech.find(board):
                digest.update(f"{tech.code} {step.notation}\n".encode())
                steps += 1
    spent = time.process_time() - start
    print(f"{len(boards)} states, {','.join(wanted) or 'none'}: {steps} steps,"
          f" hash {digest.hexdigest()[:16]}, {spent:.2f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("file", type=Path)
    rec.add_argument("count", type=int)
    rec.add_argument("out", type=Path)
    rep = sub.add_parser("replay")
    rep.add_argument("states", type=Path)
    rep.add_argument("--codes", default=CODES)
    args = parser.parse_args()
    if args.command == "record":
        record(args.file, args.count, args.out)
    else:
        replay(args.states, args.codes)


if __name__ == "__main__":
    main()
