"""The 联机 screens as the screenshot tour shows them (gouji/ui/tools/shots_net.py: the host's setup,
the join list and a refusal, the lobby as host and guest, the shared table with a phrase bubble, the
phrase menu open, a seat the host's bot plays and the host's clock): every text fits its box at
1366×768 and 1920×1080 in both languages, and the phrase menu and its button cover no badge."""

from __future__ import annotations

import pygame
import pytest

from gouji.store.settings import DEFAULT_NAME
from gouji.ui.i18n import t
from gouji.ui.model.layout import Layout
from gouji.ui.scenes.net_setup import NetSetupScene
from gouji.ui.scenes.net_table import phrase_boxes, phrase_button_box
from gouji.ui.shell.app import App, Options
from gouji.ui.tools.shots import tour_net

from ui_helpers import make_app

SIZES = [(1366, 768), (1920, 1080)]
NET_SHOTS = ["net-host", "net-join", "net-join-refused", "lobby", "lobby-guest", "net-table"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_net_screens_of_the_tour_fit_their_text(display, home, cuts, size, lang):
    screen = display.set_mode(size)
    app = App(Options(lang=lang, sound=False, speed="instant", seed=1, save=False, size=size, autoplay=True),
              screen=screen)
    shots: list[str] = []
    tour_net(app, lambda name: shots.append(name) if not cuts else pytest.fail(f"{name}: cut {cuts}"))
    assert shots == NET_SHOTS and not cuts, cuts
    assert type(app.scenes.top).__name__ == "TitleScene"
    app.draw()   # back on the title: its line under 够级 fits too
    assert not cuts, cuts


def test_the_title_says_friends_may_play_too():
    """Not 'offline against bots' only: hosting and joining a table are on the title screen."""
    zh, en = t("subtitle", "zh"), t("subtitle", "en")
    assert "朋友" in zh and "机器人" in zh and "离线" not in zh
    assert "friends" in en and "bots" in en and "offline" not in en


def test_the_name_field_starts_in_the_player_s_language(screen, home):
    app = make_app(screen, lang="en")
    assert app.settings.player_name == DEFAULT_NAME and NetSetupScene(app, "host").fields["name"].text == "Player"
    app.update_settings(player_name="小明")
    assert NetSetupScene(app, "join").fields["name"].text == "小明"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1280, 800), (1366, 768), (1920, 1080),
                                  (2560, 1440), (1024, 768)])
def test_the_phrase_menu_and_its_button_cover_no_badge(size):
    L = Layout(*size)
    menu = phrase_boxes(L)
    button = phrase_button_box(L)
    panel = menu[0].unionall(menu).inflate(L.s(16), L.s(16))   # net_table._menu_back draws this much
    badges = [pygame.Rect(L.badge_box(place)) for place in range(6)]
    actions = [pygame.Rect(box) for box in L.button_boxes(5)]   # the widest action row (play, pass, 让, hint …)
    sidebar = pygame.Rect(L.sidebar)
    assert not any(panel.colliderect(b) or button.colliderect(b) for b in badges), size
    assert not any(button.colliderect(a) for a in actions) and not button.colliderect(sidebar), size
    assert sidebar.contains(panel) and L.s(30) <= menu[0].height, size
    assert menu[-1].bottom <= L.hand_top and menu[0].top > L.side_button_boxes(1)[0][1] + L.s(34), size


def test_the_phrases_button_and_j_open_and_close_the_menu(display, home):
    """A click on 快捷语 opens the menu over the sidebar and a second click closes it (it used to open again:
    the click closed it, then the button opened it), as J does; a phrase's key sends it and closes it."""
    from gouji.ui.scenes.net_table import NetTableScene
    from gouji.ui.tools.shots_net import shoot_net

    from ui_helpers import click, key
    app = App(Options(lang="en", sound=False, speed="instant", seed=1, save=False, size=(1366, 768),
                      autoplay=True), screen=display.set_mode((1366, 768)))
    checked: list[bool] = []

    def check(name: str) -> None:
        scene = app.scenes.top
        if name != "net-table" or not isinstance(scene, NetTableScene):
            return
        button = scene.buttons.by_key("phrases")
        assert scene.phrase_menu is not None and button is not None and button.label == "Phrases"
        click(scene, button.rect.center)
        assert scene.phrase_menu is None
        click(scene, button.rect.center)
        assert scene.phrase_menu is not None
        key(scene, pygame.K_j)
        assert scene.phrase_menu is None
        key(scene, pygame.K_j)
        key(scene, pygame.K_1)
        assert scene.phrase_menu is None
        checked.append(True)
    shoot_net(app, check)
    assert checked == [True]
