"""The Learn progress file: saved in the player's data folder (GOUJI_HOME is
respected), read back exactly; a broken file is reported and kept aside as
``….broken``, never a crash, and nothing else in the folder is touched."""

from __future__ import annotations

import json

import pytest

from gouji.store.progress import Progress, load_progress, progress_path, save_progress


def test_progress_is_saved_in_the_data_folder_and_read_back(home):
    progress = Progress().with_lesson("rounds").with_lesson("yield")
    progress = progress.with_answer("burn", True, streak=1).with_answer("burn", False).with_answer("beat", True, 4)
    assert save_progress(progress) is None
    assert progress_path() == home / "data" / "progress.json" and progress_path().is_file()
    loaded, problem = load_progress()
    assert problem is None and loaded == progress
    assert loaded.finished("yield") and not loaded.finished("chaos")
    assert loaded.best_streak == 4 and loaded.topics["burn"] == (1, 2)
    assert loaded.accuracy("burn") == 0.5 and loaded.accuracy("lead") is None


def test_no_file_means_a_fresh_start(home):
    assert load_progress() == (Progress(), None)


def test_the_best_streak_never_goes_down():
    assert Progress(best_streak=9).with_answer("beat", True, streak=3).best_streak == 9


@pytest.mark.parametrize("text, named", [
    ('{"version": 1, "lessons": [', "damaged or cut short"),
    ('[1, 2]', "not a progress record"),
    ('{"version": 7}', "unknown format 7"),
    ('{"version": 1, "lessons": "rounds"}', "'lessons' must be a list"),
    ('{"version": 1, "best_streak": -3}', "'best_streak' must be a whole number"),
    ('{"version": 1, "topics": {"burn": [5, 2]}}', "topic 'burn' must have [right, asked]"),
])
def test_a_broken_file_is_kept_aside_with_a_message(home, text, named):
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    other = path.parent / "match.json"
    other.write_text("{}", encoding="utf-8")
    progress, problem = load_progress()
    assert progress == Progress()
    assert problem is not None and named in problem and "progress.json.broken" in problem
    assert not path.exists() and (path.parent / "progress.json.broken").read_text(encoding="utf-8") == text
    assert other.read_text(encoding="utf-8") == "{}"          # nothing else is touched
    assert save_progress(Progress().with_lesson("rounds")) is None
    assert load_progress()[0].lessons == {"rounds"}


def test_a_second_broken_file_does_not_overwrite_the_first(home):
    path = progress_path()
    path.parent.mkdir(parents=True)
    for text in ("first", "second"):
        path.write_text(text, encoding="utf-8")
        assert load_progress()[1] is not None
    assert sorted(p.name for p in path.parent.iterdir()) == ["progress.json.broken", "progress.json.broken2"]


def test_a_refused_write_is_a_message(tmp_path):
    blocked = tmp_path / "progress.json"
    blocked.mkdir()                      # a folder where the file should go
    problem = save_progress(Progress(), blocked)
    assert problem
    assert json.loads(Progress().with_lesson("x").to_json())["lessons"] == ["x"]
