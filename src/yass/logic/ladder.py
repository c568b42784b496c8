"""The ladder as the user wants it: order, levels, scores and options from a settings file.

A ``Ladder`` is the sequence of techniques the solver tries, in order, together with the
table row each step's technique is judged by (``infos``: level, score, difficulty, and
the place in the order). Every function that takes ``techniques`` (``solve``,
``explain``, ``hint_on``, ``all_steps``) takes a ``Ladder``; ``explain`` then reports
levels and scores from it instead of the built-in table.

The settings file is TOML (``docs/settings.md`` has the full description)::

    # the whole ladder, in the order it is tried (optional; default: the table's
    # default ladder, in the table's order)
    order = ["fh", "hs", "ns", "ic", "np", "xw", "sky", "ur1", "xy", "aic", "fc", "sp"]

    [techniques.xw]          # a code or a name
    level = "Medium"         # Easy, Medium, Hard, Unfair, Extreme, or 1..5
    score = 100              # HoDoKu-style base score, 0..100000
    difficulty = 3.0         # SE-style difficulty, 0..20
    enabled = true           # false leaves it out; true adds one that is off by default

    [options]
    uniqueness_missing_candidates = true  # unique rectangles whose corners lost x or y

Anything unknown (a key, a technique, a level name, a value of the wrong type) is a
``SettingsError`` with one line that names the file and the place; the CLI prints it
and exits with status 2.
"""

from __future__ import annotations

from yass.core.geometry import PuzzleError
from yass.core.table import LEVELS, TABLE, TechniqueInfo
from yass.logic.techniques import ALL_TECHNIQUES, TECHNIQUES, get_techniques, technique_class
from yass.logic.techniques.base import Technique, UnknownTechniqueError, normalize

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence
    from pathlib import Path
    from typing import Any

__all__ = ["OPTIONS", "Ladder", "SettingsError", "load_settings", "parse_settings"]


class SettingsError(PuzzleError):
    """A settings file that cannot be used (the message is one line)."""


#: The options a settings file may set: name -> (technique codes, the attribute each
#: instance takes, what it means).
OPTIONS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "uniqueness_missing_candidates": (
        ("ur1", "ur2", "ur3", "ur4", "ur5", "ur6"),
        "missing_candidates",
        "unique rectangles may have corners that already lost one of the two digits"
        " (HoDoKu's option; the exchange argument holds all the same)",
    ),
    "als_overlap": (
        ("alsxy", "alsc", "db"),
        "allow_overlap",
        "the sets of ALS-XY-Wings, ALS chains and Death Blossoms may share cells (HoDoKu's"
        " option; two linked sets never share a cell holding their linking digit)",
    ),
}

_TECH_KEYS = {"level", "score", "difficulty", "enabled"}


class Ladder(tuple[Technique, ...]):
    """Techniques in the order they are tried, with the table rows they are judged by.

    ``infos`` holds a row for every technique of the table (those not on this ladder
    too), with ``order`` the place on this ladder; ``info(code)`` returns one.
    """

    infos: dict[str, TechniqueInfo]
    options: dict[str, bool]

    def __new__(
        cls,
        techniques: Iterable[Technique],
        infos: Mapping[str, TechniqueInfo] | None = None,
        options: Mapping[str, bool] | None = None,
    ) -> Ladder:
        self = super().__new__(cls, techniques)
        self.infos = dict(infos) if infos is not None else dict(TABLE)
        self.options = dict(options or {})
        return self

    def info(self, code: str) -> TechniqueInfo:
        return self.infos[code]

    def select(self, spec: str | None) -> Ladder:
        """The techniques of ``spec`` (as ``get_techniques`` reads it) in this ladder's order.

        ``+CODE`` adds a technique this ladder leaves out (at its place in the table's
        order among the ladder's techniques), ``-CODE`` removes one, a plain list keeps
        only those named.
        """
        if spec is None or normalize(spec) == "all":
            return self
        chosen = {t.code for t in get_techniques(spec)}  # also checks the spec
        parts = [p.strip() for p in spec.split(",") if normalize(p)]
        changes = all(p.startswith(("-", "+")) for p in parts)
        mine = {t.code: t for t in self}
        if changes:
            minus = {t.code for p in parts if p.startswith("-") for t in get_techniques(p[1:])}
            plus = {t.code for p in parts if p.startswith("+") for t in get_techniques(p[1:])}
            added = [c for c in TABLE if c in plus and c not in mine]
            kept = [t for t in self if t.code not in minus]
            for code in added:  # at the table's place among the kept ones
                kept.insert(_place(kept, code), self._fresh(code))
            return self._reordered(kept)
        picked = [t for t in self if t.code in chosen]
        picked += [self._fresh(c) for c in TABLE if c in chosen and c not in mine]
        return self._reordered(picked)

    def _fresh(self, code: str) -> Technique:
        return _instance(code, self.options)

    def _reordered(self, techniques: list[Technique]) -> Ladder:
        infos = dict(self.infos)
        for i, t in enumerate(techniques):
            infos[t.code] = _with(infos[t.code], order=i)
        return Ladder(techniques, infos, self.options)


def _place(ladder: Sequence[Technique] | Sequence[str], code: str) -> int:
    """Where ``code`` goes in ``ladder`` (techniques or codes): before the first that
    comes after it in the table's order."""
    rank = TABLE[code].order
    for i, item in enumerate(ladder):
        code_i = item if isinstance(item, str) else item.code  # type: ignore[attr-defined]
        if TABLE[code_i].order > rank:
            return i
    return len(ladder)


def _with(row: TechniqueInfo, **changes: Any) -> TechniqueInfo:
    fields = {name: getattr(row, name) for name in TechniqueInfo._compared}
    fields.update(changes)
    return TechniqueInfo(**fields)


def _instance(code: str, options: Mapping[str, bool]) -> Technique:
    """The technique ``code``: the shared instance, or a new one when an option changes it."""
    attrs = {attr: options[name] for name, (codes, attr, _) in OPTIONS.items()
             if name in options and code in codes}
    if not attrs:
        (tech,) = get_techniques(code)
        return tech
    tech = technique_class(code)()
    for attr, value in attrs.items():
        setattr(tech, attr, value)
    return tech


def load_settings(path: Path) -> Ladder:
    """The ladder a settings file describes; SettingsError (one line) if it can't be used."""
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SettingsError(f"settings {path}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise SettingsError(f"settings {path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"settings {path}: not valid TOML ({exc})") from None
    return parse_settings(data, f"settings {path}")


def _code(name: object, where: str) -> str:
    if not isinstance(name, str):
        raise SettingsError(f"{where}: a technique must be a code or name in quotes")
    try:
        techs = get_techniques(name)
    except UnknownTechniqueError as exc:
        raise SettingsError(f"{where}: {exc}") from None
    if len(techs) != 1 or name.startswith(("+", "-")):
        raise SettingsError(f"{where}: {name!r} is not one technique")
    return techs[0].code


def _level(value: object, where: str) -> int:
    if isinstance(value, bool):
        raise SettingsError(f"{where}: a level is a name ({', '.join(LEVELS[1:])}) or 1..5")
    if isinstance(value, int) and 1 <= value < len(LEVELS):
        return value
    if isinstance(value, str):
        names = [normalize(n) for n in LEVELS]
        if normalize(value) in names[1:]:
            return names.index(normalize(value))
    raise SettingsError(f"{where}: a level is a name ({', '.join(LEVELS[1:])}) or 1..5,"
                        f" not {value!r}")


def _number(value: object, where: str, top: float, whole: bool) -> float:
    ok = isinstance(value, int) if whole else isinstance(value, (int, float))
    if not ok or isinstance(value, bool) or not 0 <= value <= top:  # type: ignore[operator]
        kind = "a whole number" if whole else "a number"
        raise SettingsError(f"{where}: {kind} from 0 to {top:g}, not {value!r}")
    return value  # type: ignore[return-value]


def parse_settings(data: Mapping[str, Any], source: str = "settings") -> Ladder:
    """The ladder of a parsed settings table (see the module docstring)."""
    unknown = set(data) - {"order", "techniques", "options"}
    if unknown:
        raise SettingsError(f"{source}: unknown key {sorted(unknown)[0]!r} (known: order,"
                            " techniques, options)")
    options: dict[str, bool] = {}
    raw_options = data.get("options", {})
    if not isinstance(raw_options, dict):
        raise SettingsError(f"{source}: [options] must be a table")
    for name, value in raw_options.items():
        if name not in OPTIONS:
            raise SettingsError(f"{source}: unknown option {name!r} (known: {', '.join(OPTIONS)})")
        if not isinstance(value, bool):
            raise SettingsError(f"{source}: option {name} is true or false, not {value!r}")
        options[name] = value
    infos = dict(TABLE)
    if "order" in data:
        order = data["order"]
        if not isinstance(order, list) or not order:
            raise SettingsError(f"{source}: order must be a non-empty list of technique codes")
        codes = [_code(name, f"{source}: order[{i}]") for i, name in enumerate(order)]
        seen: set[str] = set()
        for i, code in enumerate(codes):
            if code in seen:
                raise SettingsError(f"{source}: order[{i}]: {code} is listed twice")
            seen.add(code)
    else:
        codes = [t.code for t in TECHNIQUES]
    raw_techs = data.get("techniques", {})
    if not isinstance(raw_techs, dict):
        raise SettingsError(f"{source}: [techniques] must be a table of tables")
    for name, fields in raw_techs.items():
        where = f"{source}: techniques.{name}"
        code = _code(name, where)
        if not isinstance(fields, dict):
            raise SettingsError(f"{where} must be a table (level, score, difficulty, enabled)")
        bad = set(fields) - _TECH_KEYS
        if bad:
            raise SettingsError(f"{where}: unknown key {sorted(bad)[0]!r} (known: difficulty,"
                                " enabled, level, score)")
        changes: dict[str, Any] = {}
        if "level" in fields:
            changes["level"] = _level(fields["level"], f"{where}.level")
        if "score" in fields:
            changes["score"] = int(_number(fields["score"], f"{where}.score", 100000, True))
        if "difficulty" in fields:
            changes["difficulty"] = float(
                _number(fields["difficulty"], f"{where}.difficulty", 20, False))
        if "enabled" in fields:
            on = fields["enabled"]
            if not isinstance(on, bool):
                raise SettingsError(f"{where}.enabled: true or false, not {on!r}")
            if on and code not in codes:
                codes.insert(_place(codes, code), code)
            elif not on and code in codes:
                codes.remove(code)
        if changes:
            infos[code] = _with(infos[code], **changes)
    known = {t.code for t in ALL_TECHNIQUES}
    techniques = [_instance(code, options) for code in codes if code in known]
    for i, tech in enumerate(techniques):
        infos[tech.code] = _with(infos[tech.code], order=i)
    rest = len(techniques)
    for code in TABLE:  # the others after the ladder, in the table's order
        if code not in codes:
            infos[code] = _with(infos[code], order=rest)
            rest += 1
    return Ladder(techniques, infos, options)


def default_ladder() -> Ladder:
    """The built-in ladder as a ``Ladder``."""
    return Ladder(TECHNIQUES)
