"""Draw the four views of a puzzle as a terminal shows them, as SVG files in docs/img/.

The pictures in the README come from here: each view is made in colour as on a terminal
(``yass show PUZZLE --after 6 --view VIEW``) and rich writes the styled text as an SVG.

Run from the repository:
    python scripts/view_screenshots.py
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

from rich.console import Console
from rich.text import Text

from yass.cli.commands import main as yass

PUZZLE = "409010803000009240000000001390274600000050000002163059500000000013600000908020107"
OUT = Path(__file__).resolve().parent.parent / "docs" / "img"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def view(name: str) -> str:
    """The coloured text of ``yass show PUZZLE --after 6 --view name``."""
    out = _Terminal()
    os.environ.pop("NO_COLOR", None)
    os.environ["COLUMNS"] = "80"
    with contextlib.redirect_stdout(out):
        code = yass(["show", PUZZLE, "--after", "6", "--view", name])
    if code != 0:
        raise SystemExit(f"yass show --view {name} exited {code}")
    return out.getvalue()


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in ("grid", "candidates", "pencil", "levels"):
        text = view(name)
        width = max(len(line) for line in Text.from_ansi(text).plain.splitlines())
        console = Console(record=True, width=width + 2, file=io.StringIO(), force_terminal=True)
        console.print(Text.from_ansi(text))
        path = OUT / f"view-{name}.svg"
        console.save_svg(str(path), title=f"yass show --view {name}")
        print(path, file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
