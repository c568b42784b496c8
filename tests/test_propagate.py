"""The propagation kernel (``yass.core.propagate``): sound on the corpora, its reason log
replays to its result, and the compiled engines' own propagation and the forcing
nets' layered one agree with it.

The compiled engines (``_core``) propagate with their own code for speed. Where they
apply the same rules the kernel does, their fixed point must be the kernel's, cell by
cell; where they apply more (the classic engine's triads), it must be at least as
narrow and break wherever the kernel's breaks.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import interpreted, puzzle_lines, variant_entries, variant_puzzle
from yass.core.board import Board, ConflictError, Puzzle
from yass.core.geometry import bits, char_digit
from yass.core.layout import Layout
from yass.core.propagate import Candidates, Change, assume, settle, settle_all
from yass.engine import _core
from yass.engine.compiled import compile_layout
from yass.logic.techniques.forcing import ForcingChain, ForcingNet, _Search

PY = interpreted(_core, "yass_core_interpreted_propagate")
ENGINES = [pytest.param(_core, id="core"), pytest.param(PY, id="interpreted")]

Masks = tuple[int, ...] | None


def _digits(line: str) -> tuple[int, ...]:
    return tuple(max(0, char_digit(ch)) for ch in line)


def _kernel(layout: Layout, givens: tuple[int, ...]) -> Masks:
    """The kernel's fixed point from ``givens``, every rule on (None when it breaks)."""
    try:
        board = Board.from_givens(layout, givens)
    except ConflictError:
        return None
    broke = settle_all(board, locked=True, consistent=True)
    return None if broke is not None else tuple(board.cands)


def _states(
    puzzle: Puzzle, solution: tuple[int, ...] | None, rng: random.Random, n: int
) -> Iterator[tuple[tuple[int, ...], bool]]:
    """The givens, then ``n`` states with a few more digits: from the solution (True:
    the state still has it) or any candidate (often a contradiction)."""
    yield puzzle.givens, solution is not None
    for k in range(n):
        board = puzzle.board()
        givens = list(puzzle.givens)
        cells = [c for c in range(len(givens)) if not givens[c]]
        rng.shuffle(cells)
        true = solution is not None and k % 2 == 0
        for c in cells[: rng.randint(1, 6)]:
            if true and solution is not None:
                d = solution[c]
            else:
                ds = [d for d in range(1, puzzle.size + 1) if board.cands[c] >> (d - 1) & 1]
                if not ds:
                    break
                d = rng.choice(ds)
            board.place(c, d)
            givens[c] = d
        yield tuple(givens), true


def _keeps(masks: Masks, solution: tuple[int, ...]) -> bool:
    return masks is not None and all(m >> (v - 1) & 1 for m, v in zip(masks, solution, strict=True))


def _within(narrow: tuple[int, ...], wide: tuple[int, ...]) -> bool:
    return all(not a & ~b for a, b in zip(narrow, wide, strict=True))


def _classic() -> list[tuple[Puzzle, tuple[int, ...] | None]]:
    lines = puzzle_lines("magictour_top1465_sample.txt")[::4]
    layout = Layout.classic(9)
    return [(Puzzle(layout, _digits(line)), None) for line in lines]


# -- the kernel on its own -------------------------------------------------------------------


@pytest.mark.parametrize("entry", variant_entries(multi_cell=True), ids=lambda e: e["name"][:30])
def test_kernel_keeps_the_solution_of_every_variant(entry: dict[str, Any]) -> None:
    puzzle = variant_puzzle(entry)
    solution = _digits(entry["solution"])
    rng = random.Random(7)
    for givens, true in _states(puzzle, solution, rng, 4):
        if not true:
            continue
        masks = _kernel(puzzle.layout, givens)
        assert _keeps(masks, solution), givens


def test_the_reason_log_replays_to_the_result() -> None:
    entries = [e for e in variant_entries(multi_cell=True) if e["size"] == 9][:12]
    cases = [(variant_puzzle(e), _digits(e["solution"])) for e in entries]
    checked = 0
    for puzzle, solution in cases:
        board = puzzle.board()
        start = board.state()
        log: list[Change] = []
        assert settle_all(board, locked=True, consistent=True, log=log) is None
        replay = start.state()
        for cell, digit, placed, cause in log:
            assert cause
            if placed:
                assert solution[cell] == digit, (puzzle.name, cell, cause)
            else:
                assert solution[cell] != digit, (puzzle.name, cell, cause)
                replay.eliminate(cell, digit)
        assert replay.cands == board.cands, puzzle.name
        checked += bool(log)
    assert checked >= 10


def test_a_broken_state_is_named() -> None:
    # r1c1..r1c8 hold 1..8 and r2c9 holds 9: r1c9 has no candidate left.
    givens = [0] * 81
    givens[:8] = range(1, 9)
    givens[17] = 9
    board = Board.from_givens(Layout.classic(9), givens)
    assert settle_all(board) == "r1c9 would have no candidate left"


# -- the compiled engines against the kernel -----------------------------------------------------


@pytest.mark.parametrize("core", ENGINES)
def test_classic_engines_against_the_kernel(core: Any) -> None:
    """The generic engine applies the kernel's rules on a classic grid (singles, hidden
    singles, pointing and claiming): the same candidates. The classic engine adds the
    triads: never wider, and broken wherever the kernel is."""
    rng = random.Random(3)
    cases = _classic()[:: 2 if core is PY else 1]
    spec = compile_layout(cases[0][0].layout)
    assert spec is not None
    same = narrower = broken = 0
    for puzzle, _ in cases:
        for givens, _true in _states(puzzle, None, rng, 3):
            kernel = _kernel(puzzle.layout, givens)
            assert core.gen_propagate(spec, givens) == kernel, givens
            c9 = core.c9_propagate(givens)
            if kernel is None:
                assert c9 is None, givens
                broken += 1
            elif c9 is not None:
                assert _within(c9, kernel), givens
                same += c9 == kernel
                narrower += c9 != kernel
    assert same and narrower and broken


@pytest.mark.parametrize("entry", variant_entries(multi_cell=True), ids=lambda e: e["name"][:30])
def test_generic_engine_against_the_kernel_on_variants(entry: dict[str, Any]) -> None:
    """Both keep the solution on states that have it. Without rules of their own logic
    (hooks, compiled forms) the kernel's candidates are within the engine's, and it is
    broken wherever the engine is: its locked candidates follow every sees-pair (the
    engine's only the cells two full houses share), and it looks at the houses again
    after arc consistency narrows a cell (the engine only at a new single). A rule's
    hook and its compiled forms are written apart and may each find what the other
    does not, so for them both are only checked against the solution."""
    puzzle = variant_puzzle(entry)
    spec = compile_layout(puzzle.layout)
    if spec is None or not _core.gen_fits(spec):
        pytest.skip("the generic engine does not take this layout")
    solution = _digits(entry["solution"])
    own_logic = bool(puzzle.layout.propagators)
    for givens, true in _states(puzzle, solution, random.Random(11), 6):
        kernel = _kernel(puzzle.layout, givens)
        compiled = _core.gen_propagate(spec, givens)
        if true:
            assert _keeps(kernel, solution), givens
            assert _keeps(compiled, solution), givens
        if not own_logic:
            if compiled is None:
                assert kernel is None, givens
            elif kernel is not None:
                assert _within(kernel, compiled), givens


# -- forcing nets and chains against the kernel ------------------------------------------------


def _kernel_branch(board: Board, premise: int) -> tuple[str | None, Candidates]:
    """The kernel's fixed point under a forcing premise (``_Search``'s encoding)."""
    n = board.layout.ncells
    d, x = divmod(premise >> 1, n)
    state = board.state()
    if premise & 1:
        return assume(state, x, d + 1, locked=True, consistent=True), state
    state.eliminate(x, d + 1)
    touched = [0] * board.layout.size
    touched[d] = 1 << x
    queue = [x] if not state.cands[x] & (state.cands[x] - 1) else []
    return settle(state, queue, touched, 1 << x, locked=True, consistent=True), state


def _branch_closures(tech: ForcingNet | ForcingChain, board: Board, premises: set[int]) -> _Search:
    """The branches of ``premises`` advanced until nothing more follows."""
    search = _Search(tech, board, {("p", p) for p in premises})
    k = 0
    while any(not (b.dead or b.done) for b in search.branches):
        for b in search.branches:
            if not (b.dead or b.done):
                search.advance(b, k)
        k += 1
    return search


def _forcing_boards() -> list[Board]:
    """Boards at the kernel's fixed point (the net leaves to the board what the board
    itself implies): classic, and variants with relations and rules of their own."""
    boards = []
    for puzzle, _ in _classic()[:3]:
        boards.append(puzzle.board())
    wanted = ("Blitz", "X-Sum", "Tiny Scar", "Bird in a storm", "Clipped")
    for entry in variant_entries(multi_cell=True):
        if entry["name"].startswith(wanted):
            boards.append(variant_puzzle(entry).board())
    for board in boards:
        assert settle_all(board, locked=True, consistent=True) is None
    return boards


@pytest.mark.parametrize("board", _forcing_boards(), ids=lambda b: b.line()[:12])
def test_forcing_branches_reach_the_kernels_fixed_point(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forcing net follows a premise layer by layer with the kernel's rules, so what a
    branch ends with (no bound on depth or facts) is the kernel's fixed point under that
    premise, and it breaks exactly when the kernel does. A chain (single reasons) never
    goes further."""
    for tech in (ForcingNet, ForcingChain):
        monkeypatch.setattr(tech, "max_depth", 10_000)
        monkeypatch.setattr(tech, "max_facts", 10**9)
    n = board.layout.ncells
    every = [b.premise for b in _Search(ForcingNet(), board).branches]
    premises = set(every[:: max(1, len(every) // 40)])  # forty, spread over the board
    net = _branch_closures(ForcingNet(), board, premises)
    chain = _branch_closures(ForcingChain(), board, premises)
    by_premise = {b.premise: b for b in chain.branches}
    base = net.base
    assert {b.premise for b in net.branches} == premises
    for b in net.branches:
        why, state = _kernel_branch(board, b.premise)
        assert b.dead == (why is not None), (b.premise, why, b.witness)
        c = by_premise.get(b.premise)
        if c is not None and c.dead:
            assert why is not None, b.premise
        if why is not None:
            continue
        off = on = 0
        for d in range(board.layout.size):
            for cell in bits(base.pos[d]):
                i = d * n + cell
                if not state.cands[cell] >> d & 1:
                    off |= 1 << i
                elif state.values[cell] == d + 1:
                    on |= 1 << i
        assert (b.off, b.on) == (off, on), b.premise
        if c is not None:
            assert not c.off & ~off and not c.on & ~on, b.premise
