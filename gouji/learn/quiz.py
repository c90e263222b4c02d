"""Endless quizzes drawn from the engine's own answers (pure, seeded).

Each question is multiple choice with 2–4 options and an explanation; the
same ``(seed, topic)`` always gives the same question, for every seed. Each
topic follows one preset (``Question.rules``, named on the quiz screen) and
shows only plays that preset allows. Every text is in players' words (cards as
一对 A / a pair of aces, seats by the table's names, gouji/learn/words.py); an
option that is a play also carries its cards (``Question.cards``) for the
screen to draw. A ``QuizSession`` draws questions one after another and keeps
the streak and per-topic counts.

>>> q = make_question(7, "beat")
>>> q == make_question(7, "beat") and 2 <= len(q.options) <= 4
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from . import quiz_plays, quiz_scores, quiz_table
from .draft import Draft
from .lessons import Text
from .quiz_plays import CardsDraft
from .words import spaced

SEED_RANGE = 2 ** 31


@dataclass(frozen=True)
class Question:
    topic: str
    seed: int
    prompt: Text
    options: tuple[Text, ...]
    answer: int                  # index of the right option
    explanation: Text
    show: tuple[str, ...] = ()
    position: str = ""
    rules: str = "qingdao"       # the preset the question follows (RULES §9)
    cards: tuple[str, ...] = ()  # each option's cards in notation, drawn beside its words ("" for none)


Generator = Callable[[random.Random], Draft]


def _topics() -> dict[str, tuple[Text, Generator, str]]:
    """Each topic: its title, its generator and the preset it follows."""
    return {
        "beat": (Text("管不管得上", "Does it beat?"), quiz_plays.beat_question, quiz_plays.RULES),
        "gouji": (Text("够不够级", "Is it 够级?"), quiz_plays.gouji_question, quiz_plays.RULES),
        "turn": (Text("轮到谁", "Whose turn?"), quiz_table.turn_question, quiz_table.RULES),
        "burn": (Text("能不能烧", "May you burn?"), quiz_table.burn_question, quiz_table.RULES),
        "lead": (Text("底牌以后谁先出", "Who leads after the 底牌?"), quiz_table.lead_question, quiz_table.RULES),
        "score": (Text("得几分", "What does it score?"), quiz_scores.score_question, quiz_scores.RULES),
        "tribute": (Text("进什么贡", "What tribute follows?"), quiz_scores.tribute_question, quiz_scores.RULES),
    }


TOPICS = ("beat", "gouji", "turn", "burn", "lead", "score", "tribute")


def topic_title(topic: str) -> Text:
    return _topics()[topic][0]


def topic_rules(topic: str) -> str:
    """The preset a topic's questions follow."""
    return _topics()[topic][2]


def make_question(seed: int, topic: str | None = None) -> Question:
    """The question for ``seed`` (its topic drawn from the seed unless given)."""
    rng = random.Random(seed)
    chosen = topic if topic is not None else rng.choice(TOPICS)
    if chosen not in TOPICS:
        raise ValueError(f"unknown quiz topic {chosen!r} (known: {', '.join(TOPICS)})")
    _, generate, rules = _topics()[chosen]
    draft = generate(rng)
    if not 2 <= len(draft.options) <= 4 or not 0 <= draft.answer < len(draft.options):
        raise AssertionError(f"quiz {chosen} seed {seed}: bad options")
    cards = draft.cards if isinstance(draft, CardsDraft) else ("",) * len(draft.options)
    return Question(chosen, seed, _tidy(draft.prompt), tuple(_tidy(o) for o in draft.options), draft.answer,
                    _tidy(draft.explanation), draft.show, draft.position, rules, cards)


def _tidy(text: Text) -> Text:
    """The Chinese with a space between a card or number and the characters beside it (一对 9 管得上)."""
    return Text(spaced(text.zh), text.en)


@dataclass(frozen=True)
class Answer:
    correct: bool
    right: int              # index of the right option
    explanation: Text


@dataclass
class QuizSession:
    """Questions one after another from a seed, with a streak and per-topic counts."""

    seed: int
    topics: tuple[str, ...] = TOPICS
    streak: int = 0
    best_streak: int = 0
    asked: dict[str, int] = field(default_factory=dict)
    right: dict[str, int] = field(default_factory=dict)
    current: Question | None = None
    _stream: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        unknown = [t for t in self.topics if t not in TOPICS]
        if unknown or not self.topics:
            raise ValueError(f"unknown quiz topics {unknown} (known: {', '.join(TOPICS)})")
        self._stream = random.Random(self.seed)

    def next(self) -> Question:
        seed = self._stream.randrange(SEED_RANGE)
        topic = self.topics[0] if len(self.topics) == 1 else self._stream.choice(self.topics)
        self.current = make_question(seed, topic)
        return self.current

    def answer(self, choice: int) -> Answer:
        question = self.current
        if question is None:
            raise RuntimeError("next() first")
        if not 0 <= choice < len(question.options):
            raise ValueError(f"choose an option 0..{len(question.options) - 1}")
        correct = choice == question.answer
        self.asked[question.topic] = self.asked.get(question.topic, 0) + 1
        if correct:
            self.right[question.topic] = self.right.get(question.topic, 0) + 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        self.current = None
        return Answer(correct, question.answer, question.explanation)

    def accuracy(self, topic: str) -> float | None:
        """Share of right answers on a topic, None before the first."""
        asked = self.asked.get(topic, 0)
        return self.right.get(topic, 0) / asked if asked else None
