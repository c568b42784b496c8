"""Replay the forcing chains' and nets' calls of a set of solves, for instruction counts.

``record`` explains puzzles and keeps every board that ``fc`` and ``fn`` were asked about
(and every ``forget``), in order; ``replay`` asks the techniques again on those boards,
each call taking steps up to the first that changes something (as the solver does), and
prints the number of calls and hits and a hash of the steps' notations: two code versions
that give the same hash took the same steps. Under callgrind (``/work/cg.sh``-style
``valgrind --tool=callgrind``) the replay measures fc/fn alone, without the rest of the
ladder::

    PYTHONPATH=src python benchmarks/forcing_replay.py record FILE N OUT.pkl
    PYTHONPATH=src python benchmarks/forcing_replay.py replay OUT.pkl [fc,fn]
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from pathlib import Path
from typing import Any

from bench_common import puzzle_lines

import yass
from yass.core.board import Board
from yass.logic.explain import explain
from yass.logic.techniques import TECHNIQUES, _loaded

CODES = ("fc", "fn")


def _state(board: Board) -> tuple[Any, ...]:
    return (board.cands[:], board.values[:], board._pos[:], board._placed[:],
            board._empty, board.givens)


def record(path: str, count: int, out: str) -> None:
    """The fc/fn calls of explaining ``count`` puzzles spread over the file ``path``."""
    lines = [line.split()[0] for line in puzzle_lines(Path(path))]
    if len(lines) > count:
        lines = [lines[int(i * len(lines) / count)] for i in range(count)]
    events: list[tuple[Any, ...]] = []
    for tech in TECHNIQUES:
        if tech.code not in CODES:
            continue
        real: Any = _loaded(tech)
        find, forget = real.find, real.forget

        def found(board: Board, _find: Any = find, _code: str = tech.code) -> Any:
            events.append(("find", _code, id(board), _state(board)))
            return _find(board)

        def forgot(_forget: Any = forget, _code: str = tech.code) -> Any:
            events.append(("forget", _code))
            return _forget()

        object.__setattr__(real, "find", found)
        object.__setattr__(real, "forget", forgot)
    solves = []
    for line in lines:
        events = []
        explain(yass.parse_puzzle(line))
        solves.append((line, events))
    with open(out, "wb") as fh:
        pickle.dump(solves, fh)
    print(f"{len(solves)} solves, {sum(len(e) for _, e in solves)} calls")


def replay(path: str, codes: list[str]) -> None:
    with open(path, "rb") as fh:
        solves = pickle.load(fh)
    techs: dict[str, Any] = {t.code: _loaded(t) for t in TECHNIQUES if t.code in CODES}
    digest = hashlib.sha256()
    calls = hits = 0
    for line, events in solves:
        layout = yass.parse_puzzle(line).layout
        boards: dict[int, Board] = {}
        for event in events:
            if event[1] not in codes:
                continue
            if event[0] == "forget":
                techs[event[1]].forget()
                continue
            _, code, key, state = event
            board = boards.setdefault(key, Board(layout))
            (board.cands, board.values, board._pos, board._placed, board._empty,
             board.givens) = (x[:] if isinstance(x, list) else x for x in state)
            calls += 1
            got = []
            for step in techs[code].find(board):
                got.append(step.notation)
                if not step.is_empty:
                    hits += 1
                    break
            digest.update(f"{code} {got}".encode())
    print(f"calls {calls} hits {hits} hash {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        replay(sys.argv[2], sys.argv[3].split(",") if len(sys.argv) > 3 else list(CODES))
