"""Text that must be read is never cut or covered: the player's own badge at his
turn keeps 已开点/未开点 whole at 1366×768 and 1920×1080 (the turn itself shows in
his gold border and the line under the felt); the title's headings clear each
other and the buttons in both languages."""

from __future__ import annotations

import pygame
import pytest

from gouji.ui.i18n import t

from ui_helpers import make_app


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_own_badge_keeps_the_opened_state_whole_at_his_turn(display, home, size, lang):
    screen = display.set_mode(size)
    app = make_app(screen, lang=lang)
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
            opened = t("state_opened" if view.seat in view.opened else "state_not_opened", lang)
            assert text.startswith(opened), text            # first, so a cut never reaches it
            smallest = app.fonts.render(opened + "…", 11, (255, 255, 255))   # what a cut keeps at worst
            assert smallest.get_width() <= seats.state_room(view.seat, view), (text, size)
            app.draw()
            scene.intent("pass") if "pass" in view.legal_actions else scene.table.submit(
                scene.human, view.legal_actions[0])
            turns += 1
        elif scene.human_turn():
            scene.table.submit(scene.human, scene.view.legal_actions[0])
        app.frame(0.25)
    assert turns >= 3


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_title_s_headings_clear_each_other_and_the_buttons(display, home, size, lang):
    from gouji.ui.scenes.title import TitleScene
    app = make_app(display.set_mode(size), lang=lang)
    app.scenes.reset(TitleScene(app))
    boxes = [ink(surface, box) for surface, box in app.scenes.top.headings()]
    for i, box in enumerate(boxes):
        assert all(not box.colliderect(other) for other in boxes[i + 1:]), (lang, size)
        clear = box.inflate(0, 2 * app.layout.s(8))    # and a little air above the buttons
        assert all(not clear.colliderect(button.rect) for button in app.scenes.top.buttons.buttons), (lang, size)


def ink(surface: pygame.Surface, box: pygame.Rect) -> pygame.Rect:
    """Where the glyphs really are (a text's box has room for accents and descenders)."""
    inked = pygame.mask.from_surface(surface).get_bounding_rects()
    return inked[0].unionall(inked[1:]).move(box.topleft) if inked else pygame.Rect(box.topleft, (0, 0))


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080), (1280, 720)])
def test_notices_at_the_table_cover_no_seat(display, home, size):
    """A notice (play from here, a file set aside …) goes in the corner left of the top seat."""
    app = make_app(display.set_mode(size), lang="zh")
    for open_scene in (app.new_match, app.open_practice):
        open_scene()
        scene, L = app.scenes.top, app.layout
        area = scene.notice_area()
        assert area is not None and area.width > L.s(200)
        for place in range(6):
            assert not area.colliderect(pygame.Rect(L.badge_box(place))), (place, size)
        toolbar = scene.toolbar.buttons if hasattr(scene, "toolbar") else []   # the practice switches
        assert all(not area.colliderect(button.rect) for button in toolbar)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_lesson_title_fits_inside_its_button(display, home, size, lang):
    """Two lines at most, clear of the button's edges, never cut, and an English title
    never broken inside a Chinese term (底牌, 买3)."""
    from gouji.ui.scenes.learn_menu import LessonButton
    app = make_app(display.set_mode(size), lang=lang)
    app.open_learn()
    buttons = [b for b in app.scenes.top.buttons.buttons if isinstance(b, LessonButton)]
    assert len(buttons) >= 17
    for button in buttons:
        tick = button.rect.height * 2 // 5
        room = button.rect.right - (button.rect.x + tick // 2 + tick + tick // 3) - tick // 2
        font_size, lines = button.title_lines(app.fonts, room)
        assert "".join(lines).replace(" ", "") == button.label.replace(" ", ""), lines   # nothing cut
        assert all(app.fonts.get(font_size, True).size(line)[0] <= room for line in lines)
        assert round(font_size * 1.2) * len(lines) <= button.rect.height - font_size // 2
        if lang == "en":   # every break at a space of the title
            assert " ".join(lines) == button.label, lines


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_stop_autoplay_button_sits_above_the_hand_not_on_it(display, home, size):
    app = make_app(display.set_mode(size), lang="zh")
    app.update_settings(auto_pass=False, move_timer=False)
    app.new_match()
    scene = app.scenes.top
    scene.intent("tuoguan")
    app.frame(0.1)
    stop = scene.buttons.by_key("stop_autoplay")
    assert stop is not None and stop.rect.bottom <= app.layout.hand_top - app.layout.rise
