"""Build the compiled search core (``yass.engine._core``) and the SE rating's hot paths
(``yass.rating._se_core``, ``yass.rating._se_basic``) with Cython when it is available.

The extension is optional: if Cython is missing or the C compiler fails, the package
still installs and those modules run as plain Python (same results, slower).
"""

from __future__ import annotations

import os

from setuptools import Extension, setup

DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
}


def extensions() -> list[Extension]:
    if os.environ.get("YASS_NO_EXTENSION"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    exts = [
        Extension(name, [path], extra_compile_args=["-O3"], optional=True)
        for name, path in (
            ("yass.engine._core", "src/yass/engine/_core.py"),
            # the bit loops of a layout's compiled tables
            ("yass.engine._tables", "src/yass/engine/_tables.py"),
            ("yass.rating._se_core", "src/yass/rating/_se_core.py"),  # the SE rating's chains
            # ... and its rules below them
            ("yass.rating._se_basic", "src/yass/rating/_se_basic.py"),
            # the ladder's chain walk
            ("yass.logic.techniques._chainwalk", "src/yass/logic/techniques/_chainwalk.py"),
            # ... and its forcing chains' and nets' forward search
            ("yass.logic.techniques._forcingwalk", "src/yass/logic/techniques/_forcingwalk.py"),
            # ... and its ALS chains' search
            ("yass.logic.techniques._alswalk", "src/yass/logic/techniques/_alswalk.py"),
            # the enumeration behind the rules' narrowing (cages, arrows, lines)
            ("yass.constraints._enumerate", "src/yass/constraints/_enumerate.py"),
        )
    ]
    built = list(cythonize(exts, compiler_directives=DIRECTIVES, quiet=True))
    for module in built:
        module.optional = True  # cythonize does not carry the flag over
    return built


def commands() -> dict[str, object]:
    """The ``yass`` command: a plain script (``scripts/yass``) where scripts run by their
    ``#!`` line, the usual console-script entry point on Windows. The entry point's
    wrapper imports ``re`` before yass starts, a fifth of a short command's time."""
    if os.name == "nt":
        return {"entry_points": {"console_scripts": ["yass = yass.cli.commands:main"]}}
    return {"scripts": ["scripts/yass"]}


setup(ext_modules=extensions(), **commands())
