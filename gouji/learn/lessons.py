"""Lessons as data: one TOML file per lesson in ``assets/lessons/``, listed in
order by ``assets/lessons/index.toml``. Loading checks the form of every field
and names the file and field of any fault (``LessonError``); whether the
positions really work on the table is checked by ``check.py``.

A lesson file::

    id = "burn-feasibility"          # the file's name without .toml
    section = "3.5"                  # the RULES section it teaches
    title_zh = "…"  title_en = "…"
    text_zh = "…"   text_en = "…"    # the short teaching text
    show = ["KKK", "xAAA"]           # optional: cards to draw beside the text

    [[steps]]                        # at least two
    # where the step starts — exactly one of:
    hands = ["…" × 6]  leader = 0    # a fresh deal from six hands
    position = "…"                   # a deal in progress (position notation)
    seed = 7                         # a match (Match.new); ``until`` may name a phase
    continue = true                  # the table as the previous step left it
    preset = "qingdao"               # optional (default qingdao) + rules = {…} overrides
    before = ["play KKK"]            # actions applied first
    until = "return"                 # match only: then the first legal action until ``seat`` is asked this
    seat = 1                         # the learner; he must be the one to act
    prompt_zh = "…"  prompt_en = "…"
    accept = ["burn AAAx"]           # the right answers
    feedback_zh = "…" feedback_en = "…"   # for a legal answer that is not accepted
    explain_zh = "…"  explain_en = "…"    # after the right answer
    then = ["pass", "pass"]          # optional fixed replies that play on
    show = [...]                     # optional cards to draw with the prompt

    [[steps.wrong]]                  # optional: feedback for one particular wrong answer
    action = "rang"
    zh = "…"  en = "…"
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import IllegalAction, NotationError, Phase, RuleSet, parse_action
from ..engine.cards import parse_counts
from ..engine.rules import PRESETS
from ..engine.seats import N_SEATS, SEATS

INDEX = "index.toml"
LESSON_KEYS = {"id", "section", "title_zh", "title_en", "text_zh", "text_en", "show", "steps"}
STEP_KEYS = {"hands", "leader", "position", "seed", "continue", "preset", "rules", "before", "until", "seat",
             "prompt_zh", "prompt_en", "accept", "feedback_zh", "feedback_en", "explain_zh", "explain_en",
             "then", "show", "wrong"}
WRONG_KEYS = {"action", "zh", "en"}
SOURCES = ("hands", "position", "seed", "continue")
MATCH_PHASES = tuple(str(p) for p in Phase if not p.in_play and p != Phase.OVER) + tuple(
    str(p) for p in Phase if p.in_play)


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file and field."""


@dataclass(frozen=True)
class Text:
    """One text in both languages."""

    zh: str
    en: str

    def get(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class Step:
    seat: int
    prompt: Text
    accept: tuple[str, ...]
    feedback: Text
    explain: Text
    source: str                      # one of SOURCES
    hands: tuple[str, ...] = ()
    leader: int = 0
    position: str = ""
    seed: int = 0
    preset: str = "qingdao"
    rules: tuple[tuple[str, Any], ...] = ()
    before: tuple[str, ...] = ()
    until: str = ""
    then: tuple[str, ...] = ()
    show: tuple[str, ...] = ()
    wrong: tuple[tuple[str, Text], ...] = ()   # (action, feedback) for particular wrong answers

    def ruleset(self) -> RuleSet:
        return RuleSet.preset(self.preset).replace(**dict(self.rules))

    def texts(self) -> tuple[Text, ...]:
        return (self.prompt, self.feedback, self.explain) + tuple(text for _, text in self.wrong)

    def feedback_for(self, action: str) -> Text:
        """The lesson's feedback for a legal answer that is not accepted."""
        return next((text for wrong, text in self.wrong if wrong == action), self.feedback)


@dataclass(frozen=True)
class Lesson:
    id: str
    section: str
    title: Text
    text: Text
    steps: tuple[Step, ...]
    show: tuple[str, ...] = ()
    file: str = ""

    def texts(self) -> tuple[Text, ...]:
        return (self.title, self.text) + tuple(t for step in self.steps for t in step.texts())

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "section": self.section, "title_en": self.title.en, "steps": len(self.steps)}


Reader = Callable[[str], str]


def bundled_reader(name: str) -> str:
    """Read ``assets/lessons/<name>`` wherever the game is installed."""
    from ..store.resources import read_text_asset
    return read_text_asset("lessons", name)


def load_lessons(read: Reader = bundled_reader) -> list[Lesson]:
    """Every lesson named by the index, in its order; LessonError on any fault."""
    index = _toml(read, INDEX)
    names = index.get("lessons")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        raise LessonError(f"lessons/{INDEX}: 'lessons' must be a list of lesson ids")
    if len(set(names)) != len(names):
        raise LessonError(f"lessons/{INDEX}: a lesson is listed twice")
    return [load_lesson(name, read) for name in names]


def load_lesson(lesson_id: str, read: Reader = bundled_reader) -> Lesson:
    name = f"{lesson_id}.toml"
    return parse_lesson(_toml(read, name), f"lessons/{name}", lesson_id)


def _toml(read: Reader, name: str) -> dict[str, Any]:
    try:
        text = read(name)
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(f"lessons/{name}: cannot be read ({exc})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"lessons/{name}: not valid TOML ({exc})") from None


def parse_lesson(data: Mapping[str, Any], file: str, expected_id: str | None = None) -> Lesson:
    """A lesson from its TOML table; ``file`` names it in messages."""
    fields = _Fields(data, file, LESSON_KEYS)
    lesson_id = fields.text("id")
    if expected_id is not None and lesson_id != expected_id:
        raise LessonError(f"{file}: id {lesson_id!r} must be the file's name {expected_id!r}")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise LessonError(f"{file}: 'steps' must be a list of [[steps]] tables")
    parsed = tuple(_step(raw, f"{file}: steps[{i + 1}]", first=i == 0) for i, raw in enumerate(steps))
    return Lesson(id=lesson_id, section=fields.text("section"), title=fields.pair("title"),
                  text=fields.pair("text"), steps=parsed, show=fields.cards("show"), file=file)


def _step(raw: Any, where: str, first: bool) -> Step:
    if not isinstance(raw, Mapping):
        raise LessonError(f"{where}: a step must be a table")
    f = _Fields(raw, where, STEP_KEYS)
    given = [key for key in SOURCES if key in raw]
    if len(given) != 1:
        raise LessonError(f"{where}: give exactly one of {', '.join(SOURCES)} (got {', '.join(given) or 'none'})")
    source = given[0]
    if source == "continue" and (first or raw["continue"] is not True):
        raise LessonError(f"{where}.continue: only a later step may continue, with continue = true")
    if "leader" in raw and source != "hands":
        raise LessonError(f"{where}.leader: a leader goes only with hands")
    if "until" in raw and source != "seed":
        raise LessonError(f"{where}.until: only a match step (seed) plays on until a phase")
    if source == "continue" and ("preset" in raw or "rules" in raw):
        raise LessonError(f"{where}: a step that continues keeps the previous step's rules")
    step = Step(seat=f.seat("seat"), prompt=f.pair("prompt"), accept=f.actions("accept", required=True),
                feedback=f.pair("feedback"), explain=f.pair("explain"), source=source,
                hands=f.hands(), leader=f.seat("leader", 0), position=f.text("position", ""),
                seed=f.whole("seed"), preset=f.preset(), rules=f.rules(), before=f.actions("before"),
                until=f.until(), then=f.actions("then"), show=f.cards("show"), wrong=f.wrong())
    try:
        step.ruleset()
    except ValueError as exc:
        raise LessonError(f"{where}.rules: {exc}") from None
    return step


class _Fields:
    """Typed reads of one TOML table; every fault names the table and key."""

    def __init__(self, data: Mapping[str, Any], where: str, known: set[str]) -> None:
        self.data, self.where = data, where
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise LessonError(f"{where}: unknown field {unknown[0]!r} (known: {', '.join(sorted(known))})")

    def fail(self, key: str, what: str) -> LessonError:
        return LessonError(f"{self.where}.{key}: {what}")

    def text(self, key: str, default: str | None = None) -> str:
        value = self.data.get(key, default)
        if value is None:
            raise self.fail(key, "missing")
        if not isinstance(value, str) or (not value.strip() and default is None):
            raise self.fail(key, "must be a non-empty text")
        return value.strip()

    def pair(self, key: str) -> Text:
        return Text(self.text(f"{key}_zh"), self.text(f"{key}_en"))

    def strings(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise self.fail(key, "must be a list of texts")
        return tuple(v.strip() for v in value)

    def cards(self, key: str) -> tuple[str, ...]:
        values = self.strings(key)
        for value in values:
            try:
                parse_counts(value)
            except NotationError as exc:
                raise self.fail(key, f"{value!r} is not cards in notation: {exc.en}") from None
        return values

    def hands(self) -> tuple[str, ...]:
        if "hands" not in self.data:
            return ()
        hands = self.cards("hands")
        if len(hands) != N_SEATS:
            raise self.fail("hands", f"needs {N_SEATS} hands, got {len(hands)}")
        return hands

    def actions(self, key: str, required: bool = False) -> tuple[str, ...]:
        values = self.strings(key)
        if required and not values:
            raise self.fail(key, "must list at least one action")
        return self.actions_of(key, values)

    def actions_of(self, key: str, values: tuple[str, ...] | list[str]) -> tuple[str, ...]:
        for value in values:
            try:
                parse_action(value)
            except IllegalAction as exc:
                raise self.fail(key, f"{value!r} is not an action: {exc.en}") from None
        return tuple(str(parse_action(v)) for v in values)

    def seat(self, key: str, default: int | None = None) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or value not in SEATS:
            raise self.fail(key, "must be a seat 0..5" if key in self.data or default is None else "missing")
        assert isinstance(value, int)
        return value

    def whole(self, key: str) -> int:
        value = self.data.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(key, "must be a whole number ≥ 0")
        return value

    def preset(self) -> str:
        value = self.data.get("preset", "qingdao")
        if value not in PRESETS:
            raise self.fail("preset", f"must be one of {', '.join(PRESETS)}")
        return str(value)

    def rules(self) -> tuple[tuple[str, Any], ...]:
        value = self.data.get("rules", {})
        if not isinstance(value, Mapping):
            raise self.fail("rules", "must be a table of rules keys")
        return tuple(sorted((str(k), tuple(v) if isinstance(v, list) else v) for k, v in value.items()))

    def wrong(self) -> tuple[tuple[str, Text], ...]:
        value = self.data.get("wrong", [])
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
            raise self.fail("wrong", "must be [[steps.wrong]] tables of action, zh and en")
        out = []
        for i, entry in enumerate(value, 1):
            inner = _Fields(entry, f"{self.where}.wrong[{i}]", WRONG_KEYS)
            action = inner.actions_of("action", [inner.text("action")])[0]
            out.append((action, Text(inner.text("zh"), inner.text("en"))))
        return tuple(out)

    def until(self) -> str:
        value = self.data.get("until", "")
        if value and value not in MATCH_PHASES:
            raise self.fail("until", f"must be a phase: {', '.join(MATCH_PHASES)}")
        return str(value)
