"""The ladder as the user wants it: settings files (yass.logic.ladder) and --settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from yass.cli.commands import main
from yass.core.layout import Layout
from yass.core.table import TABLE
from yass.formats import parse_puzzle
from yass.logic.explain import explain
from yass.logic.ladder import Ladder, SettingsError, load_settings, parse_settings
from yass.logic.techniques import TECHNIQUES, get_techniques
from yass.logic.techniques.als import DeathBlossom
from yass.logic.techniques.uniqueness import UniqueRectangle2

#: Singles and one naked pair solve it (a puzzle of norvig_10k).
PAIR_PUZZLE = "..64.......7.....5.5..3...83.............9.6.42.............5....8..7.........23."
EASY = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ladder.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_order_levels_and_scores(tmp_path: Path) -> None:
    ladder = load_settings(_write(tmp_path, """
order = ["fh", "hs", "ns", "ic", "np", "xw", "aic", "sp"]
[techniques.xw]
level = "Medium"
score = 77
[techniques."Hidden Single"]
score = 1
difficulty = 1.2
"""))
    assert [t.code for t in ladder] == ["fh", "hs", "ns", "ic", "np", "xw", "aic", "sp"]
    assert [ladder.info(t.code).order for t in ladder] == list(range(8))
    assert ladder.info("xw").level == 2 and ladder.info("xw").score == 77
    assert ladder.info("hs").score == 1 and ladder.info("hs").difficulty == 1.2
    assert ladder.info("xw").name == TABLE["xw"].name  # the rest of the row is the table's
    assert ladder.info("sf").order >= len(ladder)  # not on the ladder: after it


def test_enabled_adds_and_removes(tmp_path: Path) -> None:
    ladder = parse_settings({"techniques": {"vwxyz": {"enabled": True}, "sp": {"enabled": False}}})
    codes = [t.code for t in ladder]
    default = [t.code for t in TECHNIQUES]
    assert "vwxyz" in codes and "sp" not in codes
    assert codes.index("vwxyz") == codes.index("wxyz") + 1  # the table's place
    assert [c for c in codes if c != "vwxyz"] == [c for c in default if c != "sp"]


def test_explain_judges_by_the_ladder(tmp_path: Path) -> None:
    puzzle = parse_puzzle(EASY)
    plain = explain(puzzle)
    scored = explain(puzzle, parse_settings({"techniques": {"hs": {"score": 100, "level": 3}}}))
    assert [s.technique for s in plain.steps] == [s.technique for s in scored.steps]
    n_hs = plain.counts()["hs"]
    assert scored.score - plain.score == n_hs * (100 - TABLE["hs"].score)
    assert scored.level == 3 and scored.hardest is not None and scored.hardest.code == "hs"
    assert scored.to_json()["level"] == "Hard"


def test_order_changes_the_path() -> None:
    # Without hidden singles first, the naked single and full house find every step.
    ladder = parse_settings({"order": ["ns", "fh"]})
    result = explain(parse_puzzle(EASY), ladder)
    assert {s.technique for s in result.steps} <= {"ns", "fh", "guess"}


def test_select_picks_from_the_ladder() -> None:
    ladder = parse_settings({"order": ["hs", "fh", "ns", "xw", "sp"]})
    assert [t.code for t in ladder.select("ns,hs")] == ["hs", "ns"]  # the ladder's order
    assert [t.code for t in ladder.select("-sp")] == ["hs", "fh", "ns", "xw"]
    assert [t.code for t in ladder.select("+sky")] == ["hs", "fh", "ns", "xw", "sky", "sp"]
    assert isinstance(ladder.select("ns"), Ladder)


def test_options_make_their_own_instances() -> None:
    ladder = parse_settings({"options": {"uniqueness_missing_candidates": True,
                                         "als_overlap": True}})
    by_code = {t.code: t for t in ladder}
    ur2, db = by_code["ur2"], by_code["db"]
    (shared,) = get_techniques("ur2")
    assert isinstance(ur2, UniqueRectangle2) and isinstance(shared, UniqueRectangle2)
    assert isinstance(db, DeathBlossom)
    assert ur2.missing_candidates and db.allow_overlap
    assert ur2 is not shared and not shared.missing_candidates


@pytest.mark.parametrize(("text", "words"), [
    ('order = ["fh", "nosuch"]', "unknown technique 'nosuch'"),
    ('order = ["fh", "fh"]', "listed twice"),
    ("order = [", "not valid TOML"),
    ('foo = 1', "unknown key 'foo'"),
    ('[techniques.xw]\nlevel = "Insane"', "a level is a name"),
    ('[techniques.xw]\nscore = -3', "a whole number from 0"),
    ('[techniques.xw]\ncolour = 1', "unknown key 'colour'"),
    ('[options]\nmissing = true', "unknown option 'missing'"),
    ('[options]\nals_overlap = 1', "true or false"),
])
def test_bad_files(tmp_path: Path, text: str, words: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(SettingsError, match=words) as info:
        load_settings(path)
    assert "\n" not in str(info.value)


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, 'order = ["hs", "fh", "ns", "np", "sp"]\n[techniques.np]\nlevel = 5\n')
    assert main(["techniques", "--settings", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split()[0] for ln in lines[1:6]] == ["hs", "fh", "ns", "np", "sp"]
    assert "Extreme" in lines[4] and lines[4].rstrip().endswith("on")
    assert main(["explain", "--settings", str(path), PAIR_PUZZLE]) == 0
    out = capsys.readouterr().out
    assert "Naked Pair" in out and "(Extreme)" in out
    assert main(["hint", "--settings", str(path), "--techniques", "hs", PAIR_PUZZLE]) == 0
    assert "Hidden Single" in capsys.readouterr().out
    bad = _write(tmp_path, "order = 3\n")
    for argv in (["solve", "--settings", str(bad), EASY], ["techniques", "--settings", str(bad)],
                 ["rate", "--scale", "hodoku", "--settings", str(bad), EASY],
                 ["solve", "--settings", str(tmp_path / "missing.toml"), EASY]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "settings" in err


def test_unique_rectangle_with_a_missing_candidate() -> None:
    # Floor r1c1, r1c5 {4,9}; roof r2c5 {3,4,9} and r2c1 {3,9}: r2c1 lost its 4 to earlier
    # logic but sees no placed 4, so 4 and 9 could still be swapped in the four cells.
    # One roof cell is 3 (else the four hold only 4 and 9), so row 2 loses 3 elsewhere.
    from yass.core.board import Puzzle

    board = Puzzle(Layout.classic(9), (0,) * 81).board()
    for cell, keep in ((0, (4, 9)), (4, (4, 9)), (9, (3, 9)), (13, (3, 4, 9))):
        for d in range(1, 10):
            if d not in keep:
                board.eliminate(cell, d)
    (plain,) = get_techniques("ur2")
    assert list(plain.find(board)) == []
    (ur2,) = [t for t in parse_settings(
        {"order": ["ur2"], "options": {"uniqueness_missing_candidates": True}})]
    (step,) = list(ur2.find(board))
    assert sorted(step.eliminations) == [(c, 3) for c in (10, 11, 12, 14, 15, 16, 17)]
