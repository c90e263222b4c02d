"""Text that must be read is never cut: the player's own badge at his turn keeps
已开点/未开点 whole at 1366×768 and 1920×1080 (the turn itself shows in his gold
border and the line under the felt)."""

from __future__ import annotations

import pytest

from ui_helpers import make_app


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_own_badge_keeps_the_opened_state_whole_at_his_turn(display, home, size):
    screen = display.set_mode(size)
    app = make_app(screen, lang="zh")
    app.update_settings(auto_pass=False, move_timer=False, bot_level="normal")
    app.new_match()
    scene = app.scenes.top
    seats, turns = scene.drawer.seats, 0
    for _ in range(4000):
        if scene.table.is_over or turns >= 8:
            break
        if scene.human_turn() and scene.view.phase.in_play:
            view = scene.view
            text = seats.state_text(view.seat, view)
            assert "未开点" in text or "已开点" in text, text
            smallest = app.fonts.render(text, 11, (255, 255, 255))
            assert smallest.get_width() <= seats.state_room(view.seat, view), (text, size)
            app.draw()
            scene.intent("pass") if "pass" in view.legal_actions else scene.table.submit(
                scene.human, view.legal_actions[0])
            turns += 1
        elif scene.human_turn():
            scene.table.submit(scene.human, scene.view.legal_actions[0])
        app.frame(0.25)
    assert turns >= 3
