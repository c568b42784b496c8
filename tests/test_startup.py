"""Start-up: a command imports what it needs and no more (see benchmarks/startup.py).

Each check runs in a fresh interpreter and reads ``sys.modules``: which modules a
command loads is deterministic, unlike how long it takes.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import yass.logic.techniques
from conftest import SEED_PUZZLE
from yass.constraints.base import RULE_MODULES
from yass.core.table import TABLE
from yass.logic.techniques import (
    ALL_TECHNIQUES,
    FAMILIES,
    TECHNIQUES,
    Technique,
    get_techniques,
    technique_class,
)
from yass.logic.techniques.base import REGISTRY

#: An easy puzzle: the singles solve it.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."

#: Never needed to parse arguments and solve a classic puzzle.
HEAVY = (
    "json", "multiprocessing", "rich", "shutil", "yass.logic.explain", "yass.rating",
    "yass.render.views",
    "yass.generate", "yass.web",
)

#: Technique families an easy classic puzzle does not need.
LATE_FAMILIES = sorted({f"yass.logic.techniques.{m}" for m in FAMILIES.values()} - {
    "yass.logic.techniques.singles",
})


def _rules_only() -> list[str]:
    """The codes the table marks as finding nothing without extra rules."""
    return [code for code, row in TABLE.items() if row.rules_only]


def _modules_after(code: str) -> set[str]:
    """The modules loaded once ``code`` has run in a fresh interpreter."""
    script = (
        f"{code}\nimport sys\nloaded = sorted(sys.modules)\n"
        "import json\nprint(json.dumps(loaded))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    names: list[str] = json.loads(done.stdout.splitlines()[-1])
    return set(names)


def _solve_quietly(puzzle: str) -> str:
    """Code that runs ``yass solve PUZZLE`` in-process with its output captured, using no
    module the command itself might avoid (such as contextlib)."""
    return (
        "import io, sys, yass.cli.commands\n"
        "out, sys.stdout = sys.stdout, io.StringIO()\n"
        f"code = yass.cli.commands.main(['solve', {puzzle!r}])\n"
        "out, sys.stdout = sys.stdout, out\n"
        "assert code == 0 and '0 guesses required!' in out.getvalue(), out.getvalue()"
    )


def test_import_yass_loads_nothing_of_the_package() -> None:
    loaded = _modules_after("import yass")
    assert {m for m in loaded if m.startswith("yass")} == {"yass", "yass._version"}


def test_parsing_a_solve_command_loads_no_technique() -> None:
    loaded = _modules_after(
        "import yass.cli.commands\n"
        f"yass.cli.commands.build_parser(yass.cli.commands._command_in(['solve', {SEED_PUZZLE!r}]))"
        f".parse_args(['solve', {SEED_PUZZLE!r}])"
    )
    assert "yass.cli.commands" in loaded
    assert not {m for m in loaded if m.startswith(("yass.logic.techniques", "yass.logic.solver"))}
    assert not (loaded - _modules_after("")) & set(HEAVY)
    # Nor the costly standard modules (unless this Python's start-up loads them anyway).
    assert not (loaded - _modules_after("")) & {"typing", "dataclasses", "inspect"}


def test_solving_an_easy_puzzle_loads_the_singles_only() -> None:
    loaded = _modules_after(_solve_quietly(EASY))
    assert {"yass.logic.techniques.singles", "yass.logic.solver", "yass.render"} <= loaded
    assert not loaded & set(LATE_FAMILIES)
    assert not (loaded - _modules_after("")) & set(HEAVY)


def test_help_still_lists_every_technique_code() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "yass", "solve", "--help"], capture_output=True, text=True,
        check=True,
    )
    text = " ".join(done.stdout.split())
    assert ", ".join(t.code for t in ALL_TECHNIQUES) in text


# -- techniques loaded when first used -------------------------------------------------------


def test_families_name_the_module_of_every_technique() -> None:
    for info in pkgutil.iter_modules(yass.logic.techniques.__path__):
        importlib.import_module(f"yass.logic.techniques.{info.name}")
    assert set(FAMILIES) == set(REGISTRY) == set(TABLE)
    for code, cls in REGISTRY.items():
        assert cls.__module__ == f"yass.logic.techniques.{FAMILIES[code]}", code


def test_a_technique_becomes_itself_on_first_use() -> None:
    fresh = subprocess.run(
        [
            sys.executable, "-c",
            "import sys\n"
            "from yass.logic.techniques import TECHNIQUES, get_techniques\n"
            "fc = next(t for t in TECHNIQUES if t.code == 'fc')\n"
            "before = type(fc).__name__, 'yass.logic.techniques.forcing' in sys.modules\n"
            "print(before, fc.name, fc.needs_unique, fc.info.level)\n"
            "text = repr(fc)\n"  # the first use: the family is imported
            "print(type(fc).__name__ == 'ForcingChain', text == 'ForcingChain()',\n"
            "      'yass.logic.techniques.forcing' in sys.modules, get_techniques('fc')[0] is fc)",
        ],
        capture_output=True, text=True, check=True,
    )
    assert fresh.stdout.splitlines() == [
        "('_Pending', False) Forcing Chain False 5",
        "True True True True",
    ]


def test_the_ladder_in_this_process_is_made_of_techniques() -> None:
    for tech in get_techniques(",".join(t.code for t in ALL_TECHNIQUES)):
        assert type(tech).__module__ == f"yass.logic.techniques.{FAMILIES[tech.code]}"
        assert isinstance(tech, Technique)
        assert tech.name == TABLE[tech.code].name
    assert all(isinstance(t, REGISTRY[t.code]) for t in TECHNIQUES)


def test_solving_the_seed_puzzle_loads_no_costly_module() -> None:
    """The quick start's puzzle needs fish and wings, but neither the rule modules (it has
    no extra rules) nor ``typing``/``dataclasses``/``inspect``/``random``/``re``/
    ``functools``/``collections``, nor argparse (``yass solve PUZZLE`` has no option to
    parse)."""
    loaded = _modules_after(_solve_quietly(SEED_PUZZLE))
    assert "yass.logic.techniques.wings" in loaded
    costly = {
        "typing", "dataclasses", "inspect", "random", "argparse", "gettext",
        # re and contextlib bring in enum, functools and collections: together about
        # as long as Python's own start-up
        "re", "contextlib", "functools", "collections", "enum", "operator", "types",
    }
    assert not (loaded - _modules_after("")) & costly
    rule_modules = {f"yass.constraints.{m}" for m in RULE_MODULES} | {
        "yass.constraints.group", "yass.constraints.support",
    }
    assert not loaded & rule_modules
    assert not loaded & {f"yass.logic.techniques.{FAMILIES[c]}" for c in _rules_only()}
    assert not (loaded - _modules_after("")) & {
        *HEAVY, "yass.engine.batch", "yass.cli.parser", "yass.engine.compiled", "yass.engine.search"
    }


def test_rule_modules_load_when_a_rule_is_named() -> None:
    loaded = _modules_after(
        "from yass.constraints import REGISTRY\n"
        "assert 'killer' in REGISTRY and 'thermo' in REGISTRY"
    )
    assert {f"yass.constraints.{m}" for m in RULE_MODULES} <= loaded
    loaded = _modules_after("import yass.constraints as c\nassert c.Killer.type == 'killer'")
    assert "yass.constraints.sums" in loaded and "yass.constraints.pairs" not in loaded


def test_techniques_left_unloaded_on_classic_puzzles_find_nothing_there() -> None:
    """The table's rules-only techniques stay unloaded without rules: check, with the real
    techniques, that they would have found nothing on classic boards at every stage."""
    from yass.formats import parse_puzzle
    from yass.logic.solver import apply_step, next_step

    assert _rules_only() == ["rc", "rl", "io", "rt", "bt"]
    rules_only = [technique_class(code)() for code in _rules_only()]
    ladder = [t for t in TECHNIQUES if t.code not in _rules_only()]
    for line in (SEED_PUZZLE, EASY):
        board = parse_puzzle(line).board()
        while not board.is_solved():
            for tech in rules_only:
                assert next(iter(tech.find(board)), None) is None, tech.code
            step = next_step(board, ladder)
            assert step is not None
            apply_step(board, step)


def test_plain_solve_is_what_the_parser_makes_of_it() -> None:
    from yass.cli import commands as cli

    for puzzle in (SEED_PUZZLE, "puzzles.txt", "4.9.1.8.3", "x"):
        parsed = vars(cli.build_parser("solve").parse_args(["solve", puzzle]))
        plain = cli._plain_solve(["solve", puzzle])
        assert plain is not None and vars(plain) == parsed
    for argv in (["solve", "-"], ["solve", "--help"], ["solve", SEED_PUZZLE, "--first"],
                 ["count", SEED_PUZZLE], ["solve"]):
        assert cli._plain_solve(argv) is None, argv


def test_the_installed_command_is_a_plain_script() -> None:
    """``scripts/yass`` (what ``pip install`` puts on PATH outside Windows) runs the
    command, and imports nothing before yass does (pip's console-script wrapper imports
    ``re``)."""
    from pathlib import Path

    script = Path(__file__).parent.parent / "scripts" / "yass"
    lines = script.read_text().splitlines()
    assert lines[0] == "#!python"
    imports = [ln.strip() for ln in lines if ln.strip().startswith(("import ", "from "))]
    assert imports == ["import sys", "from yass.cli.commands import main"]
    done = subprocess.run(
        [sys.executable, str(script), "solve", EASY], capture_output=True, text=True
    )
    assert done.returncode == 0 and "0 guesses required!" in done.stdout, done.stderr


def test_ctrl_c_while_the_command_loads_is_one_line_and_130(tmp_path: Path) -> None:
    """A Ctrl-C that lands while ``yass`` is still importing (before the command's own
    handling is in place) ends it as any other Ctrl-C: one line, exit status 130, no
    traceback; for the installed script and for ``python -m yass``. (The interrupt is
    made certain by a stand-in ``yass.cli.commands`` that raises it on import.)"""
    fake = tmp_path / "yass"
    (fake / "cli").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "cli" / "__init__.py").write_text("")
    (fake / "cli" / "commands.py").write_text("raise KeyboardInterrupt\n")
    main_src = Path(yass.__file__).parent / "__main__.py"
    (fake / "__main__.py").write_text(main_src.read_text())
    script = Path(__file__).parent.parent / "scripts" / "yass"
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    for argv in ([str(script), "solve", EASY], ["-m", "yass", "solve", EASY]):
        done = subprocess.run(
            [sys.executable, *argv], capture_output=True, text=True, env=env, cwd=tmp_path
        )
        assert done.returncode == 130, (argv, done.stderr)
        assert done.stderr == "yass: interrupted: stopped by Ctrl-C\n", (argv, done.stderr)
