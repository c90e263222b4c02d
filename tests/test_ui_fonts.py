"""Every string the UI can show is covered by the bundled font subset
(missing glyphs would render as blank space, silently)."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame.freetype
import pytest

from gouji.store.resources import asset_path, read_text_asset
from gouji.ui.i18n import STRINGS

ROOT = Path(__file__).resolve().parent.parent


def source_strings() -> set[str]:
    """Every string literal in the game and bot sources (reasons, labels, names)."""
    found: set[str] = set()
    for folder in ("gouji", "bots"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.add(node.value)
    return found


def shown_characters() -> set[str]:
    texts = {text for pair in STRINGS.values() for text in pair} | source_strings()
    texts |= {read_text_asset("text", f"rules_{lang}.txt") for lang in ("zh", "en")}
    texts.add("0123456789+-−→—…·•×♠♥♣♦")
    chars = {ch for text in texts for ch in text if ch.isprintable() and not ch.isspace()}
    return {ch for ch in chars if ord(ch) >= 0x20}


@pytest.mark.parametrize("face", ["GoujiSansSC-Regular.otf", "GoujiSansSC-Bold.otf"])
def test_every_character_the_ui_can_show_has_a_glyph(face):
    pygame.freetype.init()
    font = pygame.freetype.Font(str(asset_path("fonts", face)), 20)
    chars = sorted(shown_characters())
    missing = [ch for ch in chars if font.get_metrics(ch)[0] is None]
    assert not missing, f"{len(missing)} characters missing from {face}: {''.join(missing)!r}"
    assert len(chars) > 300  # the check really looked at the Chinese text


def test_the_font_licence_ships_beside_the_font():
    text = asset_path("fonts", "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text


STATE_LINES = ["出牌中 · 烧牌中 · 无头 · 未开点 · 过", "to play · burning · no 对头 · not opened · passed"]


@pytest.mark.parametrize("text", STATE_LINES)
def test_a_seat_state_line_is_fitted_to_its_room(screen, text):
    from gouji.ui.draw.fonts import Fonts

    fonts, white = Fonts(), (255, 255, 255)
    for width in (60, 140, 400):
        line = fonts.render_fit(text, 15, white, width)
        assert 0 < line.get_width() <= width
    assert fonts.render_fit(text, 15, white, 2000).get_size() == fonts.render(text, 15, white).get_size()


def test_text_keys_are_unique_across_the_text_modules():
    from gouji.ui import i18n
    assert sum(len(module.STRINGS) for module in i18n.MODULES) == len(i18n.STRINGS)


def test_a_group_of_cards_is_never_split_across_lines(screen):
    """The log keeps "A A A" or "大王 大王 2" on one line, moving the whole group down —
    a group led by a joker too (it once broke "出 大 / 王 大王"); a group wider than a
    whole line breaks between two cards only, never inside a card's name."""
    from gouji.ui.draw.fonts import Fonts
    from gouji.ui.model.text_marks import KEEP, SPLIT, bound
    fonts = Fonts()
    for group in ("A A A", "2 2 小王 大王", "大王 大王 大王 小王", "10 10 10 10"):
        text = "上家小赵 出 " + bound(group)
        for width in range(60, 260, 7):
            lines = fonts.wrap(text, 14, width)
            assert any(group in line for line in lines) or fonts.get(14).size(group)[0] > width, (width, lines)
            assert all(KEEP not in line and SPLIT not in line for line in lines)
    names = ["大王"] * 4 + ["小王"] * 4 + ["2"] * 6
    text = "上家小赵 出 " + bound(" ".join(names))
    for width in range(60, 200, 11):
        lines = fonts.wrap(text, 14, width)
        assert all(fonts.get(14).size(line)[0] <= width for line in lines), (width, lines)   # on screen
        cards = " ".join(lines).split("出 ", 1)[1].split()
        assert cards == names, (width, lines)   # every card whole: no "大" / "王"


def test_wrapped_text_leaves_no_widow_and_never_more_lines(screen):
    """"…你是下家小李（三人）" must not end on a line of its own "人）"; the English 宣点
    prompt must not end on "pay 2"; balancing never adds a line."""
    from gouji.ui.draw.fonts import WIDOW, Fonts
    from gouji.ui.i18n import t
    fonts = Fonts()
    texts = [t("your_turn_declare", "en"), t("your_turn_declare", "zh"),
             "复盘：这一局你坐在下家小李的位置（你们队三人）",
             "Review: you sat at Li's place, the team of three against three; every decision is marked"]
    for text in texts:
        for width in range(120, 700, 13):
            greedy, lines = fonts._greedy(text, 16, width, False), fonts.wrap(text, 16, width)
            assert len(lines) == len(greedy) and "".join(lines).replace(" ", "") == text.replace(" ", "")
            assert all(fonts.get(16).size(line)[0] <= width for line in lines)
            if len(lines) > 1:
                last, before = (fonts.get(16).size(line)[0] for line in lines[-1:] + lines[-2:-1])
                assert last >= width * WIDOW or last >= before * 0.5, (width, lines)


def test_a_badge_state_too_long_leaves_out_its_last_words_whole(screen):
    """A short badge shows "未开点", not "未开点 · 思…": the last words go whole, the first stays."""
    from gouji.ui.draw.fonts import Fonts

    fonts, white = Fonts(), (255, 255, 255)
    words = ["未开点", "已让牌", "思考中"]
    first_two = fonts.get(11).size("未开点 · 已让牌")[0]
    line = fonts.render_words(words, 14, white, first_two + 2, smallest=11)
    assert line.get_size() == fonts.render("未开点 · 已让牌", 11, white).get_size()
    alone = fonts.render_words(words, 14, white, fonts.get(11).size("未开点")[0] + 2, smallest=11)
    assert alone.get_size() == fonts.render("未开点", 11, white).get_size()
    assert fonts.render_words(words, 14, white, 2000).get_size() == \
        fonts.render("未开点 · 已让牌 · 思考中", 14, white).get_size()
    assert 0 < fonts.render_words(words, 14, white, 20).get_width() <= 20   # a first word too wide is cut
