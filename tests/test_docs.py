"""Documents written from the code stay in step with it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
