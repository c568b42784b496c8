"""Documents written from the code stay in step with it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def test_the_json_format_document_lists_every_constraint_type_as_the_code_reads_it() -> None:
    script = ROOT / "scripts" / "variant_json_doc.py"
    run = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    from yass.constraints import REGISTRY

    text = (ROOT / "docs" / "variant-json.md").read_text(encoding="utf-8")
    assert all(f"| `{kind}` |" in text for kind in REGISTRY)


# -- the front page and the guide: links, usage lines ------------------------------------------

import re  # noqa: E402

LINK = re.compile(r"\]\(([^)\s]+)\)")


def _links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return [m for m in LINK.findall(text) if not m.startswith(("http://", "https://", "#"))]


def test_every_relative_link_of_the_readme_and_the_guide_names_a_file() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    checked = 0
    for page in pages:
        for link in _links(page):
            target = (page.parent / link.split("#")[0]).resolve()
            assert target.exists(), f"{page.name}: {link}"
            checked += 1
    assert checked > 30


def test_the_readme_is_a_front_page_with_the_quick_start_and_links_to_the_guide() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 120
    quick = (
        'python3 -m pip install . && yass solve '
        "409010803000009240000000001390274600000050000002163059500000000013600000908020107\n"
        'python3 -m pip install ".[test]" && python3 -m pytest\n'
    )
    assert quick in text
    from yass.cli.parser import build_parser

    commands = _commands(build_parser())
    example = text.split("## One example per command", 1)[1].split("```")[1]
    assert {line.split()[1] for line in example.splitlines() if line.startswith("yass ")} == \
        set(commands)
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"docs/{page.name}" in text, page.name
        assert f": {page.name}" in nav, page.name


def _commands(parser: Any) -> dict[str, Any]:
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {name: sub for name, sub in action.choices.items()
                    if name not in ("help",)}
    raise AssertionError("no subcommands")


def test_the_usage_lines_of_the_guide_give_every_option_of_every_command() -> None:
    """docs/usage.md's synopsis (once the README's) against each command's --help."""
    from yass.cli.parser import build_parser

    text = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    block = text.split("```", 2)[1]
    synopsis: dict[str, str] = {}
    current = ""
    for line in block.splitlines():
        if line.startswith("yass "):
            current = line.split()[1]
            synopsis[current] = line
        elif current:
            synopsis[current] += " " + line
    commands = _commands(build_parser())
    assert set(synopsis) == set(commands)
    for name, sub in commands.items():
        for action in sub._actions:
            options = action.option_strings
            if not options or options[-1] in ("--help", "--column"):
                continue  # (--column: said once for every command under the synopsis)
            assert any(re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", synopsis[name])
                       for o in options), f"yass {name}: {options[-1]}"
