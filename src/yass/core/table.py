"""The one table of techniques: code, name, ladder order, difficulty, score and level.

Every technique yass knows has one row here, in ladder order (easiest first; the
solve loop tries them in this order and takes the first step found). The columns:

* ``code``: stable and short, what ``--techniques`` and JSON output use;
* ``name``: for people;
* ``difficulty``: an SE-style number (Sudoku Explainer's scale: 1.0 for the last cell
  of a house up to 9+ for nested forcing chains); a step may carry its own (a longer
  chain is harder);
* ``score``: the HoDoKu-style base score a step adds to a puzzle's score;
* ``level``: 1-5, Easy, Medium, Hard, Unfair, Extreme (HoDoKu's levels); a puzzle's
  level is the highest level of the techniques its path uses;
* ``default``: on in the default ladder;
* ``unique``: sound only when the puzzle is known to have exactly one solution
  (uniqueness techniques); the solver uses these only when it knows that;
* ``aliases``: other names the command line accepts.

The order and the levels and base scores follow HoDoKu's published defaults (its
solver order and its Easy..Extreme levels), so a path here and a HoDoKu path meet
the same techniques in the same order; the difficulties follow Sudoku Explainer
where it has the technique, and sit between its neighbours where it does not.
This module sits below the techniques and imports nothing from them.
"""

from __future__ import annotations

from yass.core.record import Frozen

__all__ = ["LEVELS", "TABLE", "TechniqueInfo", "level_name"]

#: Level names, index = level (0 unused).
LEVELS = ("", "Easy", "Medium", "Hard", "Unfair", "Extreme")

_E, _M, _H, _U, _X = 1, 2, 3, 4, 5


class TechniqueInfo(Frozen):
    """One row of the table: ``order`` is the place on the ladder (0 = tried first)."""

    _compared = _shown = (
        "code", "name", "difficulty", "order", "score", "level", "default", "unique", "aliases",
        "rules_only", "last_resort",
    )

    code: str
    name: str
    difficulty: float
    order: int
    score: int
    level: int
    default: bool
    unique: bool
    aliases: tuple[str, ...]
    #: True for a technique that reasons only with a puzzle's extra rules (relations,
    #: the rules' own logic, their sums): it finds nothing on a classic puzzle.
    rules_only: bool
    #: True for the costliest search, tried only where the rest of the ladder is stuck
    #: before any guess (the solver leaves it out inside guesses and on puzzles of
    #: several solutions).
    last_resort: bool

    def __init__(
        self,
        code: str,
        name: str,
        difficulty: float,
        order: int,
        score: int = 0,
        level: int = 1,
        default: bool = True,
        unique: bool = False,
        aliases: tuple[str, ...] = (),
        rules_only: bool = False,
        last_resort: bool = False,
    ) -> None:
        self._fields(
            code=code, name=name, difficulty=difficulty, order=order, score=score, level=level,
            default=default, unique=unique, aliases=aliases, rules_only=rules_only,
            last_resort=last_resort,
        )

    @property
    def level_name(self) -> str:
        return LEVELS[self.level]


# code, name, difficulty, score, level, flags ("u": needs uniqueness, "off": not default,
# "rules": finds nothing without extra rules, "last": the last resort, never inside a guess),
# aliases -- in ladder order, easiest first.
_ROWS: tuple[tuple[str, str, float, int, int, str, tuple[str, ...]], ...] = (
    ("fh", "Full House", 1.0, 4, _E, "", ("last digit", "last empty cell")),
    ("ns", "Naked Single", 2.3, 4, _E, "", ("sole candidate",)),
    ("hs", "Hidden Single", 1.5, 14, _E, "", ()),
    ("lp", "Locked Pair", 2.8, 40, _M, "", ()),
    ("lt", "Locked Triple", 3.4, 60, _M, "", ()),
    ("ic", "Locked Candidates", 2.6, 50, _M, "",
     ("intersection", "pointing", "claiming", "box/line", "locked")),
    ("rc", "Relation Consistency", 2.8, 50, _M, "rules", ("relation", "relations")),
    ("rl", "Rule Logic", 2.8, 50, _M, "rules", ("rule", "rules", "cage", "cages", "killer")),
    ("io", "Innies and Outies", 3.0, 60, _M, "rules", ("45 rule", "innies", "outies")),
    ("np", "Naked Pair", 3.0, 60, _M, "", ()),
    ("nt", "Naked Triple", 3.6, 80, _M, "", ()),
    ("hp", "Hidden Pair", 3.4, 70, _M, "", ()),
    ("ht", "Hidden Triple", 4.0, 100, _M, "", ()),
    ("nq", "Naked Quad", 5.0, 120, _H, "", ("naked quadruple",)),
    ("hq", "Hidden Quad", 5.4, 150, _H, "", ("hidden quadruple",)),
    ("xw", "X-Wing", 3.2, 140, _H, "", ("xwing",)),
    ("sf", "Swordfish", 3.8, 150, _H, "", ()),
    ("jf", "Jellyfish", 5.2, 160, _H, "", ()),
    ("rp", "Remote Pair", 4.6, 110, _H, "", ("remote pairs",)),
    ("bug", "BUG+1", 5.6, 100, _H, "u", ("bug", "bivalue universal grave")),
    ("bug2", "BUG Type 2", 5.7, 100, _H, "u", ("bug+n",)),
    ("bug3", "BUG Type 3", 5.8, 120, _H, "u", ()),
    ("bug4", "BUG Type 4", 5.7, 110, _H, "u", ()),
    ("sky", "Skyscraper", 4.0, 130, _H, "", ()),
    ("d2sk", "Dual 2-String Kite", 4.1, 150, _H, "", ("dual kite", "dual two-string kite")),
    ("kite", "2-String Kite", 4.1, 150, _H, "", ("two-string kite", "2sk")),
    ("tf", "Turbot Fish", 4.2, 120, _H, "", ("turbot",)),
    ("der", "Dual Empty Rectangle", 4.2, 120, _H, "", ()),
    ("er", "Empty Rectangle", 4.2, 120, _H, "", ()),
    ("ww", "W-Wing", 4.4, 150, _H, "", ("wwing",)),
    ("xy", "XY-Wing", 4.2, 160, _H, "", ("xywing", "y-wing", "ywing")),
    ("xyz", "XYZ-Wing", 4.4, 180, _H, "", ("xyzwing",)),
    ("ur1", "Unique Rectangle Type 1", 4.5, 100, _H, "u", ("ur", "uniqueness 1")),
    ("ur2", "Unique Rectangle Type 2", 4.6, 100, _H, "u", ("uniqueness 2",)),
    ("ur3", "Unique Rectangle Type 3", 4.7, 100, _H, "u", ("uniqueness 3",)),
    ("ur4", "Unique Rectangle Type 4", 4.6, 100, _H, "u", ("uniqueness 4",)),
    ("ur5", "Unique Rectangle Type 5", 4.7, 100, _H, "u", ("uniqueness 5",)),
    ("ur6", "Unique Rectangle Type 6", 4.7, 100, _H, "u", ("uniqueness 6",)),
    ("hr", "Hidden Rectangle", 4.6, 100, _H, "u", ()),
    ("ar", "Avoidable Rectangle", 4.5, 100, _H, "u", ()),
    ("ul", "Unique Loop", 4.8, 160, _U, "u", ("unique loops",)),
    ("fxw", "Finned X-Wing", 3.4, 130, _H, "", ()),
    ("sxw", "Sashimi X-Wing", 3.5, 150, _H, "", ()),
    ("fsf", "Finned Swordfish", 4.0, 200, _U, "", ()),
    ("ssf", "Sashimi Swordfish", 4.1, 240, _U, "", ()),
    ("fjf", "Finned Jellyfish", 5.4, 250, _U, "", ()),
    ("sjf", "Sashimi Jellyfish", 5.5, 260, _U, "", ()),
    ("frxw", "Franken X-Wing", 5.5, 300, _U, "off", ("finned franken x-wing",)),
    ("frsf", "Franken Swordfish", 5.8, 350, _U, "off", ("finned franken swordfish",)),
    ("frjf", "Franken Jellyfish", 6.2, 370, _U, "off", ("finned franken jellyfish",)),
    ("muxw", "Mutant X-Wing", 6.0, 450, _X, "off", ("finned mutant x-wing",)),
    ("musf", "Mutant Swordfish", 6.4, 450, _X, "off", ("finned mutant swordfish",)),
    ("mujf", "Mutant Jellyfish", 6.8, 450, _X, "off", ("finned mutant jellyfish",)),
    ("musqb", "Mutant Squirmbag", 7.2, 470, _X, "off", ("finned mutant squirmbag",)),
    ("muwha", "Mutant Whale", 7.6, 470, _X, "off", ("finned mutant whale",)),
    ("sqb", "Squirmbag", 5.6, 470, _X, "off", ("starfish",)),
    ("fsqb", "Finned Squirmbag", 5.8, 470, _X, "off", ()),
    ("ssqb", "Sashimi Squirmbag", 5.9, 470, _X, "off", ()),
    ("wha", "Whale", 6.0, 470, _X, "off", ()),
    ("fwha", "Finned Whale", 6.2, 470, _X, "off", ()),
    ("swha", "Sashimi Whale", 6.3, 470, _X, "off", ()),
    ("lev", "Leviathan", 6.4, 470, _X, "off", ()),
    ("flev", "Finned Leviathan", 6.6, 470, _X, "off", ()),
    ("slev", "Sashimi Leviathan", 6.7, 470, _X, "off", ()),
    ("sdc", "Sue de Coq", 5.0, 250, _U, "", ("two-sector disjoint subsets",)),
    ("sc", "Simple Colouring", 4.5, 150, _H, "", ("simple coloring", "colouring", "coloring")),
    ("mc", "Multi-Colouring", 5.0, 200, _H, "", ("multi coloring", "multicolouring")),
    ("wxyz", "WXYZ-Wing", 4.6, 200, _U, "", ("wxyzwing", "bent wing")),
    ("vwxyz", "VWXYZ-Wing", 4.8, 220, _U, "off", ("vwxyzwing",)),
    ("md", "3D Medusa", 5.6, 250, _U, "", ("medusa", "3d medusa colouring")),
    ("ape", "Aligned Pair Exclusion", 6.2, 300, _U, "off", ("ape", "aligned pair")),
    ("xc", "X-Chain", 6.6, 260, _U, "", ()),
    ("xyc", "XY-Chain", 6.6, 260, _U, "", ()),
    ("aic", "Nice Loop/AIC", 7.0, 280, _U, "",
     ("nice loop", "alternating inference chain", "continuous nice loop",
      "discontinuous nice loop")),
    ("gaic", "Grouped Nice Loop/AIC", 7.2, 300, _U, "", ("grouped nice loop", "grouped aic")),
    ("alsxz", "ALS-XZ", 7.2, 300, _U, "", ("als xz",)),
    ("alsxy", "ALS-XY-Wing", 7.4, 320, _U, "", ("als xy wing",)),
    ("ate", "Aligned Triple Exclusion", 7.5, 330, _U, "off", ("ate", "aligned triplet exclusion")),
    ("alsc", "ALS Chain", 7.6, 340, _U, "", ("als xy chain",)),
    ("db", "Death Blossom", 7.8, 360, _U, "", ()),
    ("tri", "Tridagon", 7.9, 400, _X, "", ("trivalue oddagon", "tridagon")),
    ("je", "Junior Exocet", 7.9, 400, _X, "", ("junior exocet", "jexocet", "exocet")),
    ("se", "Senior Exocet", 8.0, 450, _X, "off", ("senior exocet",)),
    ("msls", "Multi-Sector Locked Set", 7.9, 400, _X, "off", ("msls", "sk loop")),
    ("kf", "Kraken Fish", 8.0, 450, _X, "off", ("kraken", "kraken fish")),
    ("tset", "Template Set", 8.0, 10000, _X, "off", ("template set", "templates")),
    ("tdel", "Template Delete", 8.0, 10000, _X, "off", ("template delete", "template del")),
    ("rt", "Rules Together", 7.8, 380, _X, "rules",
     ("two rules together", "rule intersection", "house with its rules")),
    ("bt", "Band with its Rules", 8.0, 420, _X, "rules off",
     ("band with its rules", "band set theory", "band together")),
    ("fc", "Forcing Chain", 8.2, 500, _X, "",
     ("forcing chains", "cell forcing chain", "unit forcing chain")),
    ("fn", "Forcing Net", 8.8, 700, _X, "", ("forcing nets", "dynamic forcing chain")),
    ("nfc", "Nested Forcing Chain", 9.5, 900, _X, "last",
     ("nested forcing chains", "dynamic forcing chains (+)", "dfc+")),
    ("sp", "Speculation", 9.0, 1000, _X, "", ("nishio", "easy recursion", "contradiction")),
)

#: Every technique by code, in ladder order.
TABLE: dict[str, TechniqueInfo] = {
    code: TechniqueInfo(
        code, name, difficulty, order, score, level,
        default="off" not in flags.split(), unique="u" in flags.split(), aliases=aliases,
        rules_only="rules" in flags.split(), last_resort="last" in flags.split(),
    )
    for order, (code, name, difficulty, score, level, flags, aliases) in enumerate(_ROWS)
}

#: The row of a guess, for ratings and listings (not a technique the ladder runs).
GUESS_INFO = TechniqueInfo("guess", "Guess", 10.0, len(_ROWS), 10000, _X)


def level_name(level: int) -> str:
    return LEVELS[level]
