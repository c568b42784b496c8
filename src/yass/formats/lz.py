"""lz-string's base64 form, as f-puzzles links and SudokuPad's ``scl``/``ctc`` payloads
carry their JSON (the py-lzstring package does the work)."""

from __future__ import annotations

import re

from yass.formats.base import ParseError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


#: The most characters of a payload yass decompresses (the biggest puzzles need ~20,000).
MAX_PAYLOAD = 100_000


def codec() -> tuple[Callable[[str], Any], Callable[[str], Any]]:
    """(decompressFromBase64, compressToBase64) of the installed lz-string package."""
    try:
        import lzstring  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        raise ParseError(
            "f-puzzles links need the py-lzstring package (pip install py-lzstring)"
        ) from None
    if hasattr(lzstring, "decompress_from_base64"):  # py-lzstring
        return lzstring.decompress_from_base64, lzstring.compress_to_base64
    old = lzstring.LZString()  # the older 'lzstring' package has the same module name
    return old.decompressFromBase64, old.compressToBase64


def lz_text(body: str, name: str = "f-puzzles", first: int = 1) -> str:
    """The text an lz-string base64 ``body`` decompresses to; ParseError (naming the
    ``name`` payload and, for a bad character, its place counted from ``first``) when it
    is too long, not base64, or does not decompress. f-puzzles links and SudokuPad's
    ``scl``/``ctc`` payloads are both made this way."""
    if len(body) > MAX_PAYLOAD:
        raise ParseError(
            f"the {name} payload is longer than {MAX_PAYLOAD:,} characters, more than"
            " any puzzle needs"
        )
    bad = re.search(r"[^A-Za-z0-9+/=]", body)
    if bad:
        raise ParseError(
            f"malformed {name} payload: {bad.group()!r} at character"
            f" {bad.start() + first} is not lz-string base64 (A-Z, a-z, 0-9, +, /, =)"
        )
    decompress, _ = codec()
    try:
        text = decompress(body)
    except Exception:  # the codec fails on malformed input in its own ways
        text = None
    if not isinstance(text, str) or not text:
        raise ParseError(
            f"malformed {name} payload: it does not decompress (is the link cut short?)"
        )
    return text
