"""The lesson data (assets/lessons/*.toml) checked against the engine: every
step can be set up, its learner is the seat to act, every accepted answer is
legal and plays on, each step is a real choice, and every text exists in both
languages and is covered by the bundled font. Broken lesson files are refused
with a message naming the file and the field."""

from __future__ import annotations

import tomllib

import pygame.freetype
import pytest

from gouji.learn import LessonError, check_all, check_lesson, load_lesson, load_lessons, parse_lesson
from gouji.store.resources import asset_path

# Every topic a learner needs a lesson for, by rules section (§3.5 twice).
SECTIONS = ["1.2–1.3", "1.4", "2.2–2.3", "3.1", "3.2", "3.3", "3.4", "3.5", "3.5", "3.6", "3.7", "3.8", "3.9", "4",
            "5", "6", "7", "8.6"]


@pytest.fixture(scope="module")
def lessons():
    return load_lessons()


def test_every_lesson_passes_the_engine_checks(lessons):
    assert check_all(lessons) == []


def test_the_lessons_cover_every_topic_of_the_issue(lessons):
    assert len(lessons) >= 16
    sections = sorted(lesson.section for lesson in lessons)
    assert sections == sorted(SECTIONS)
    assert all(len(lesson.steps) >= 2 for lesson in lessons)


def test_the_index_lists_every_lesson_file_once(lessons):
    folder = asset_path("lessons", "index.toml").parent
    files = {p.stem for p in folder.glob("*.toml")} - {"index"}
    assert files == {lesson.id for lesson in lessons}
    assert len(lessons) == len(files)


def test_every_text_is_in_both_languages(lessons):
    for lesson in lessons:
        for text in lesson.texts():
            assert text.zh.strip() and text.en.strip(), lesson.id
            assert any("\u4e00" <= ch <= "\u9fff" for ch in text.zh), f"{lesson.id}: {text.zh[:30]!r} is not Chinese"
            assert text.en.isascii() or any(ch.isascii() and ch.isalpha() for ch in text.en)


@pytest.mark.parametrize("face", ["GoujiSansSC-Regular.otf", "GoujiSansSC-Bold.otf"])
def test_every_lesson_character_has_a_glyph_in_the_bundled_font(lessons, face):
    pygame.freetype.init()
    font = pygame.freetype.Font(str(asset_path("fonts", face)), 20)
    chars = {ch for lesson in lessons for text in lesson.texts() for ch in text.zh + text.en
             if ch.isprintable() and not ch.isspace()}
    missing = sorted(ch for ch in chars if font.get_metrics(ch)[0] is None)
    assert not missing, f"characters missing from {face}: {''.join(missing)!r}"
    assert len(chars) > 300   # the check really looked at the Chinese texts


# ----- broken lesson files ------------------------------------------------
GOOD = """
id = "demo"
section = "3.1"
title_zh = "演示"
title_en = "Demo"
text_zh = "文字"
text_en = "Text"

[[steps]]
hands = ["8889KJ", "99456", "44567", "45567", "4566", "667745"]
leader = 5
before = ["play 77"]
seat = 0
prompt_zh = "管上"
prompt_en = "Beat it"
accept = ["play 88"]
feedback_zh = "能管"
feedback_en = "You can"
explain_zh = "对"
explain_en = "Right"

[[steps.wrong]]
action = "pass"
zh = "能管"
en = "You can"

[[steps]]
continue = true
seat = 1
prompt_zh = "过"
prompt_en = "Pass"
accept = ["pass"]
feedback_zh = "过"
feedback_en = "Pass"
explain_zh = "对"
explain_en = "Right"
"""


def parse(text: str):
    return parse_lesson(tomllib.loads(text), "lessons/demo.toml", "demo")


def test_a_good_lesson_file_parses_and_checks():
    lesson = parse(GOOD)
    assert [step.source for step in lesson.steps] == ["hands", "continue"]
    assert check_lesson(lesson) == []


@pytest.mark.parametrize("old, new, named", [
    ('title_en = "Demo"', 'titel_en = "Demo"', "unknown field 'titel_en'"),
    ('prompt_en = "Beat it"', "", "steps[1].prompt_en: missing"),
    ('"4566", "667745"]', '"4566"]', "steps[1].hands: needs 6 hands"),
    ('"8889KJ"', '"8889KJQ?"', "steps[1].hands: '8889KJQ?' is not cards"),
    ('accept = ["play 88"]', 'accept = ["hop 88"]', "steps[1].accept: 'hop 88' is not an action"),
    ('accept = ["play 88"]', "accept = []", "steps[1].accept: must list at least one action"),
    ("seat = 0", "seat = 6", "steps[1].seat: must be a seat 0..5"),
    ("leader = 5", 'leader = 5\npreset = "tianjin"', "steps[1].preset: must be one of"),
    ("leader = 5", "leader = 5\nrules = { bie_sam = true }", "steps[1].rules: unknown rules key 'bie_sam'"),
    ("leader = 5", 'leader = 5\nposition = "x"', "steps[1]: give exactly one of hands, position, seed, continue"),
    ('id = "demo"', 'id = "other"', "id 'other' must be the file's name 'demo'"),
    ("continue = true", 'seed = 3\nuntil = "sleep"', "steps[2].until: must be a phase"),
    ('\nen = "You can"', "", "steps[1].wrong[1].en: missing"),
    ('action = "pass"', 'action = "jump"', "steps[1].wrong[1].action: 'jump' is not an action"),
])
def test_a_broken_lesson_names_its_file_and_field(old, new, named):
    assert old in GOOD
    with pytest.raises(LessonError) as info:
        parse(GOOD.replace(old, new, 1))
    assert "lessons/demo.toml" in str(info.value) and named in str(info.value)


def test_a_file_that_is_not_toml_or_missing_is_named():
    with pytest.raises(LessonError, match=r"lessons/demo.toml: not valid TOML"):
        load_lesson("demo", lambda name: "id = ")
    with pytest.raises(LessonError, match=r"lessons/gone.toml: cannot be read"):
        load_lesson("gone", lambda name: (_ for _ in ()).throw(FileNotFoundError(name)))
    with pytest.raises(LessonError, match=r"index.toml: 'lessons' must be a list"):
        load_lessons(lambda name: "lessons = 3")


@pytest.mark.parametrize("old, new, problem", [
    ("seat = 0", "seat = 2", "steps[1].seat: seat 2 is not the one to act"),
    ('accept = ["play 88"]', 'accept = ["play 99"]', "steps[1].accept: 'play 99' is not legal"),
    ('accept = ["play 88"]', 'accept = ["play 88", "pass"]', "every legal action is accepted"),
    ('before = ["play 77"]', 'before = ["play 99"]', "before[1] 'play 99' is refused"),
    ('accept = ["pass"]', 'accept = ["play TT"]', "steps[2].accept: 'play TT' is not legal"),
    ('action = "pass"', 'action = "play 99"', "steps[1].wrong: 'play 99' is not a legal answer"),
])
def test_the_engine_checks_catch_a_step_that_does_not_work(old, new, problem):
    problems = check_lesson(parse(GOOD.replace(old, new, 1)))
    assert any(problem in p and p.startswith("lessons/demo.toml") for p in problems), problems
