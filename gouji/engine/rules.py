"""RuleSet: every house-rule key of RULES §9, presets, TOML text form.

Rule sets are plain frozen data. ``from_dict``/``from_toml`` validate every
key and value and name the offending one; file I/O lives in the store
(``gouji.store.rules_file``).
"""

from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal, Mapping, get_args, get_origin, get_type_hints

from .errors import quote

TRIBUTE_KINDS = ("dian", "shao", "men", "luo")
MAX_SERIES = 99   # RULES §9: series_length is 1–99
MAX_DOTS = 256    # a rules or settings file has next to none (see load_toml)

# The options of the keys that take one of a few values: their types, checked by mypy
# (``rules.first_lead == "liang4"`` is an error), and CHOICES below is read from them.
Deck = Literal[216, 196, 198]
FirstLead = Literal["liang3", "random"]
LaterLead = Literal["da_luo", "rotate"]
MixedJokers = Literal["dead", "as_small"]
PassException = Literal["any_opposite_play", "opposite_gouji_only"]
ChaosRules = Literal["dagang", "tcy"]
KaiDianEligibility = Literal["standard", "dagang", "pure"]
XuanDian = Literal["off", "ming", "ming_and_yu"]
TributeCards = Literal["jokers_and_twos", "highest_any"]
TributeBetweenTeammates = Literal["skip", "pay"]
ChuanSanHuTribute = Literal["none", "quan_gong"]
Scoring = Literal["4_2", "2_1"]
ShowCounts = Literal["le10", "always", "never"]


@dataclass(frozen=True)
class RuleSet:
    """All house rules; the defaults are the ``qingdao`` preset (青岛标准)."""

    deck: Deck = 216
    bie_san: bool = True
    hui_san: bool = False
    first_lead: FirstLead = "liang3"
    later_lead: LaterLead = "da_luo"
    mixed_jokers: MixedJokers = "dead"
    pass_exception: PassException = "any_opposite_play"
    chaos_rules: ChaosRules = "dagang"
    burn_by_teammates: bool = True
    kai_dian: bool = True
    kai_dian_eligibility: KaiDianEligibility = "standard"
    xuan_dian: XuanDian = "ming"
    fanche_double: bool = False
    tribute: bool = True
    tribute_cards: TributeCards = "jokers_and_twos"
    tribute_order: tuple[str, ...] = TRIBUTE_KINDS
    return_must_match_rank: bool = True
    tribute_between_teammates: TributeBetweenTeammates = "skip"
    chuan_san_hu_tribute: ChuanSanHuTribute = "none"
    men_exempt_if_opposite: bool = False
    scoring: Scoring = "4_2"
    positives_only: bool = True
    series_length: int = 5
    revolution: bool = True
    show_counts: ShowCounts = "le10"

    def __post_init__(self) -> None:
        for f in fields(self):
            _check(f.name, getattr(self, f.name))
        if self.hui_san and self.bie_san:
            raise ValueError("规则冲突：会3 不能和憋3 同时开启 / rules conflict: "
                             "hui_san cannot be on together with bie_san")

    @classmethod
    def preset(cls, name: str) -> "RuleSet":
        if not isinstance(name, str):
            raise TypeError(f"name must be a preset name such as 'basic', got {type(name).__name__}")
        try:
            return PRESETS[name]
        except KeyError:
            raise ValueError(f"unknown rules preset {quote(name)} (use one of "
                             f"{', '.join(PRESETS)})") from None

    def replace(self, **changes: Any) -> "RuleSet":
        unknown = [key for key in changes if key not in KEYS]
        if unknown:
            raise ValueError(f"unknown rules key {quote(unknown[0])}")
        return replace(self, **{k: _normalise(k, v) for k, v in changes.items()})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: "RuleSet | None" = None) -> "RuleSet":
        """Keys not given keep the value of ``base`` (default: qingdao)."""
        if not isinstance(data, Mapping):
            raise ValueError(f"rules must be a table of keys and values, not {type(data).__name__}")
        if not all(isinstance(key, str) for key in data):
            raise ValueError("rules keys must be names such as 'bie_san'")
        if base is not None and not isinstance(base, RuleSet):
            raise TypeError(f"base must be a RuleSet, got {type(base).__name__}")
        return (base or cls()).replace(**dict(data))

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["tribute_order"] = list(self.tribute_order)
        return data

    @classmethod
    def from_toml(cls, text: str) -> "RuleSet":
        data = load_toml(text, "rules")
        return cls.from_dict(data.get("rules", data))

    def to_toml(self) -> str:
        """``[rules]`` with every key; ``from_toml`` reads it back (tomllib)."""
        lines = ["[rules]"] + [f"{key} = {_toml_value(value)}" for key, value in self.to_dict().items()]
        return "\n".join(lines) + "\n"

    def preset_name(self) -> str | None:
        """The preset this rule set equals, if any."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)

    def preset_family(self) -> str | None:
        """The preset this rule set plays by, whatever its number of deals (a shared table's host picks
        a preset and a number of deals apart), if any."""
        return next((name for name, rules in PRESETS.items()
                     if rules.replace(series_length=self.series_length) == self), None)

    # ----- what the options mean, where the code asks ---------------------------------
    @property
    def jokers_mix_as_small(self) -> bool:
        """A play mixing 大王 and 小王 counts as a 小王 play (§1.3), rather than dead."""
        return self.mixed_jokers == "as_small"

    @property
    def chaos_dagang(self) -> bool:
        """四人乱缠 by the 大纲's rules (§3.9), rather than the app's (tcy)."""
        return self.chaos_rules == "dagang"

    @property
    def lockout_lifts_on_any_opposite_play(self) -> bool:
        """A player who passed plays again on any play of his 对头, not only a 够级 (§3.2)."""
        return self.pass_exception == "any_opposite_play"

    @property
    def place_points(self) -> tuple[int, ...]:
        """Points for 头科 … 大落 (§4)."""
        return (4, 2, 0, 0, -2, -4) if self.scoring == "4_2" else (2, 1, 0, 0, -1, -2)


def load_toml(text: str, section: str) -> dict[str, Any]:
    """TOML text -> a table whose only table is ``[section]`` (if any); ValueError in words.

    Guards tomllib against the inputs that make it slow or crash: a key of thousands of
    dotted parts takes memory quadratic in their number (4,000 parts: 70 MB), and deep
    nesting raises RecursionError.
    """
    if not isinstance(text, str):
        raise TypeError(f"TOML text must be a str, got {type(text).__name__}")
    if text.count(".") > MAX_DOTS:
        raise ValueError(f"it has {text.count('.')} dots: not a {section} file (TOML keys of many parts "
                         "would take too long to read)")
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise ValueError("it is nested too deeply to be read") from None
    except ValueError as exc:   # TOMLDecodeError, or an integer of thousands of digits
        raise ValueError(f"it is not valid TOML: {str(exc)[:200]}") from None
    if section in data:
        others = [key for key in data if key != section]
        if others:
            raise ValueError(f"unknown table {quote(others[0])} beside [{section}]")
        if not isinstance(data[section], dict):
            raise ValueError(f"[{section}] must be a table, not {type(data[section]).__name__}")
        return {section: data[section]}
    return data


KEYS = tuple(f.name for f in fields(RuleSet))
_DEFAULTS = {f.name: f.default for f in fields(RuleSet)}
# key -> its allowed values, for the keys of a few values (read from the Literal types above)
CHOICES: dict[str, tuple[Any, ...]] = {key: get_args(hint) for key, hint in get_type_hints(RuleSet).items()
                                       if get_origin(hint) is Literal}


def _toml_value(value: Any) -> str:
    """TOML for the value types a rule can have (validated before: no odd characters)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _normalise(key: str, value: Any) -> Any:
    if key == "tribute_order" and isinstance(value, list):
        return tuple(value)
    if key == "deck" and isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 5:
        return int(value)
    return value


def _check(key: str, value: Any) -> None:
    bad = f"rules key {key!r} has a bad value {quote(value)}"
    default = _DEFAULTS[key]
    if key in CHOICES:
        if isinstance(value, bool) or type(value) is not type(CHOICES[key][0]) \
                or value not in CHOICES[key]:
            allowed = ", ".join(str(v) for v in CHOICES[key])
            raise ValueError(f"{bad} (allowed: {allowed})")
    elif isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{bad} (allowed: true, false)")
    elif key == "series_length":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SERIES:
            raise ValueError(f"{bad} (allowed: a whole number from 1 to {MAX_SERIES})")
    elif key == "tribute_order":
        _check_tribute_order(value, bad)


def _check_tribute_order(value: Any, bad: str) -> None:
    if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{bad} (allowed: a list of {', '.join(TRIBUTE_KINDS)})")
    unknown = [v for v in value if v not in TRIBUTE_KINDS]
    if unknown:
        raise ValueError(f"{bad}: unknown tribute kind {unknown[0]!r} "
                         f"(allowed: {', '.join(TRIBUTE_KINDS)})")
    if len(set(value)) != len(value):
        raise ValueError(f"{bad}: a tribute kind is listed twice")


PRESETS: dict[str, RuleSet] = {
    "qingdao": RuleSet(),
    "basic": RuleSet(bie_san=False, kai_dian=False, xuan_dian="off",
                     tribute_order=("luo",), show_counts="always"),
    "app196": RuleSet(deck=196, tribute_cards="highest_any", burn_by_teammates=False),
}
