"""What the player has learnt (学规则 / Learn): finished lessons, the best quiz
streak and per-topic quiz counts, saved as JSON in the player's data folder.
Written atomically; a broken file is reported and kept aside, never a crash."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .files import TOML_LIMIT, atomic_write, load_file
from .settings import data_dir

PROGRESS_VERSION = 1


def progress_path() -> Path:
    return data_dir() / "progress.json"


@dataclass(frozen=True)
class Progress:
    lessons: frozenset[str] = frozenset()
    best_streak: int = 0
    topics: Mapping[str, tuple[int, int]] = field(default_factory=dict)   # topic -> (right, asked)

    def finished(self, lesson_id: str) -> bool:
        return lesson_id in self.lessons

    def with_lesson(self, lesson_id: str) -> "Progress":
        return replace(self, lessons=self.lessons | {lesson_id})

    def with_answer(self, topic: str, correct: bool, streak: int = 0) -> "Progress":
        """One more quiz answer on ``topic``; ``streak`` is the session's streak after it."""
        right, asked = self.topics.get(topic, (0, 0))
        topics = {**self.topics, topic: (right + int(correct), asked + 1)}
        return replace(self, topics=topics, best_streak=max(self.best_streak, streak))

    def accuracy(self, topic: str) -> float | None:
        right, asked = self.topics.get(topic, (0, 0))
        return right / asked if asked else None

    def to_json(self) -> str:
        return json.dumps({"version": PROGRESS_VERSION, "lessons": sorted(self.lessons),
                           "best_streak": self.best_streak,
                           "topics": {t: list(counts) for t, counts in sorted(self.topics.items())}},
                          ensure_ascii=False, indent=1)


def parse_progress(text: str) -> Progress:
    """Progress from its JSON text; ValueError names what is wrong."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the progress file is damaged or cut short ({exc.msg} at character {exc.pos})") from None
    if not isinstance(data, dict):
        raise ValueError("the progress file is not a progress record")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > PROGRESS_VERSION:
        raise ValueError(f"the progress file has an unknown format {version!r}")
    lessons = data.get("lessons", [])
    if not isinstance(lessons, list) or not all(isinstance(x, str) for x in lessons):
        raise ValueError("'lessons' must be a list of lesson ids")
    streak = data.get("best_streak", 0)
    if not _count(streak):
        raise ValueError(f"'best_streak' must be a whole number ≥ 0, not {streak!r:.40}")
    return Progress(frozenset(lessons), streak, _topics(data.get("topics", {})))


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _topics(raw: object) -> dict[str, tuple[int, int]]:
    if not isinstance(raw, dict):
        raise ValueError("'topics' must be a table of topic: [right, asked]")
    topics = {}
    for topic, counts in raw.items():
        if not (isinstance(counts, list) and len(counts) == 2 and all(_count(n) for n in counts)
                and counts[0] <= counts[1]):
            raise ValueError(f"topic {topic!r:.40} must have [right, asked] with right ≤ asked")
        topics[str(topic)] = (counts[0], counts[1])
    return topics


def load_progress(path: Path | None = None) -> tuple[Progress, str | None]:
    """The saved progress, or a fresh one and a message (the broken file is kept aside)."""
    progress, problem = load_file(path or progress_path(), TOML_LIMIT, parse_progress)
    return progress or Progress(), problem


def save_progress(progress: Progress, path: Path | None = None) -> str | None:
    """Save; an error message instead of an exception when the disk refuses."""
    try:
        atomic_write(path or progress_path(), progress.to_json())
    except OSError as exc:
        return str(exc)
    return None
