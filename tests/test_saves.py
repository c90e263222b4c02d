"""Saves lose nothing: atomic after every action, resumable in every phase,
and a broken save is reported, kept aside, and never fatal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gouji import Match, RuleSet
from gouji.store.saves import dump, load_save, parse_save, save_match
from gouji.ui.scenes.title import TitleScene

from ui_helpers import make_app


def played(seed: int, steps: int, rules: RuleSet | None = None) -> Match:
    match = Match.new(seed, rules or RuleSet())
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def same(a: Match, b: Match) -> bool:
    return (a.actions == b.actions and a.events == b.events and a.totals == b.totals
            and a.phase == b.phase and a.current_seat == b.current_seat
            and [a.hand_cards(s) for s in range(6)] == [b.hand_cards(s) for s in range(6)])


@pytest.mark.parametrize("steps", [0, 1, 5, 40, 400, 900, 1800])
def test_a_save_resumes_exactly_in_every_phase(tmp_path, steps):
    match = played(steps, steps, RuleSet().replace(xuan_dian="ming_and_yu"))
    path = tmp_path / "match.json"
    assert save_match(match, path) is None
    loaded = load_save(path)
    assert loaded.problem is None and same(loaded.match, match)


@pytest.mark.slow
def test_phases_covered_by_resuming():
    phases = set()
    match = Match.new(5, RuleSet().replace(xuan_dian="ming_and_yu"))
    rng = random.Random(5)
    while not match.is_over:
        phases.add(match.phase)
        if not match.phase.in_play or rng.random() < 0.02:
            assert same(parse_save(dump(match)), match)
        match.apply(rng.choice(match.legal_actions()))
    assert {"predeclare", "declare", "return", "lead", "follow", "answer"} <= phases


@pytest.mark.parametrize("content,fragment", [
    ("{ this is not json", "damaged"),
    (None, "damaged or cut short"),                        # truncated below
    ('{"version": 99, "seed": 1, "actions": []}', "newer version"),
    ('{"version": 1, "seed": 1, "rules": {"deck": 7}, "actions": []}', "'deck'"),
    ('{"version": 1, "seed": 1, "actions": [["fly away"]]}', "does not replay"),
    ('[1, 2, 3]', "not a match record"),
])
def test_a_broken_save_is_reported_and_kept_aside(tmp_path, content, fragment):
    path = tmp_path / "match.json"
    if content is None:
        text = dump(played(2, 300))
        content = text[: len(text) // 2]
    path.write_text(content, encoding="utf-8")
    loaded = load_save(path)
    assert loaded.match is None and fragment in loaded.problem
    assert not path.exists() and list(tmp_path.glob("match.json.broken*"))


def test_the_title_reports_a_broken_save_and_offers_a_new_match(screen):
    from gouji.store.saves import save_path
    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_text("{truncated", encoding="utf-8")
    app = make_app(screen)   # the save is checked at start-up: reported at once, Continue not offered
    title = app.scenes.top
    assert "damaged" in app.save_problem and "match.json" in " ".join(app.notices.texts("en"))
    assert not title.buttons.by_key("continue").enabled and not save_path().exists()
    save_path().write_text("{truncated", encoding="utf-8")   # broken after the start: found by Continue
    app.to_title()
    app.scenes.top.buttons.by_key("continue").on_click()
    title = app.scenes.top
    assert isinstance(title, TitleScene) and "damaged" in app.save_problem
    assert "could not be resumed" in app.notices.texts("en")[-1]
    assert not title.buttons.by_key("continue").enabled
    app.draw()
    title.buttons.by_key("new").on_click()
    assert app.match is not None and app.match.actions == []
    for broken in save_path().parent.glob("match.json.broken*"):
        broken.unlink()
    save_path().unlink()


def test_continue_resumes_the_saved_match_in_the_ui(screen, tmp_path):
    from gouji.store.saves import save_path
    match = played(8, 120)
    save_match(match)
    app = make_app(screen)
    app.scenes.top.buttons.by_key("continue").on_click()
    assert app.match is not None and app.match.actions == match.actions
    for _ in range(30):
        app.frame(0.2)
    assert Path(save_path()).exists()
    save_path().unlink()   # the next tests start without a save
