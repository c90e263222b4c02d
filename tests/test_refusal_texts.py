"""Refusal texts, after an outside reader checked them against RULES.md: each says what is true
in the situation where it is shown and names the action word to use instead."""

from __future__ import annotations

import pytest

from gouji.engine.cards import parse_counts
from gouji.engine.errors import IllegalAction
from gouji.engine.movegen import feasible, jokers_needed
from gouji.table import Table
from tests.helpers import run, scenario


def _refusal(game, action: str) -> IllegalAction:
    refusal = game.check(action)
    assert refusal is not None, action
    return refusal


def test_a_burner_under_bie_san_leading_no_3s_hears_of_jokers_not_of_3s():
    """§3.5/§7: the 憋3 reason was shown for every refused lead while the hand held a 3."""
    g = scenario(["KK5", "AAx553", "9", "8", "7", "6"], bie_san=True)
    run(g, [(0, "play KK"), (1, "burn AA"), (4, "pass")])
    refusal = _refusal(g, "play 55")
    assert "挂王" in refusal.zh and "joker" in refusal.en
    assert "憋3" not in refusal.zh and "3s" not in refusal.en
    split = _refusal(scenario(["5333", "4", "6", "7", "8", "9"], bie_san=True), "play 33")
    assert "所有的 3 一次出完" in split.zh and "all of them at once" in split.en


def test_a_pre_play_word_in_the_card_play_is_named_plainly():
    refusal = _refusal(scenario(["5KK", "4", "6", "7", "8", "9"]), "return 5")
    assert "'return' belongs before the first lead" in refusal.en and "MoveKind" not in refusal.en
    assert "不能用 return" in refusal.zh


def test_a_plain_play_in_a_burn_window_names_whose_opposite_and_the_word_burn():
    g = scenario(["KK5", "AA7", "AA9", "22", "AA8", "AA6"])
    run(g, [(0, "play KK")])
    refusal = _refusal(g, "play AA")
    assert "出牌人的对头（或无头的人）" in refusal.zh and "burn" in refusal.zh and "noburn" in refusal.zh
    assert "owner's 对头 (or a 无头 player)" in refusal.en and "burn <cards>" in refusal.en
    assert "every play you lead but your last needs a joker" in refusal.en


def test_pass_and_rang_in_a_burn_window_say_noburn_or_why_no_rang():
    g = scenario(["KK5", "AA7", "AA9", "22", "AA8", "AA6"])
    run(g, [(0, "play KK")])
    assert "noburn" in _refusal(g, "pass").zh and "not a pass" in _refusal(g, "pass").en
    rang = _refusal(g, "rang")
    assert "够级牌不能让" in rang.zh and "cannot be yielded" in rang.en


def test_the_opposite_typing_noburn_is_told_his_decline_is_pass():
    g = scenario(["KK5", "AA7", "AA9", "22", "AA8", "AA6"])
    run(g, [(0, "play KK")] + [(seat, "noburn") for seat in (2, 4, 1, 5)])
    assert g.phase == "answer"
    for word in ("noburn", "burn 22"):
        refusal = _refusal(g, word)
        assert "pass" in refusal.zh and "pass (扣)" in refusal.en


def test_burning_an_ordinary_play_says_it_is_not_gouji():
    g = scenario(["5KK", "4", "4666", "7", "8", "9"])
    run(g, [(0, "play 5"), (1, "pass")])
    refusal = _refusal(g, "burn 6")
    assert "不是够级牌" in refusal.zh and "not 够级" in refusal.en and "受保护" not in refusal.zh


@pytest.mark.parametrize("bie_san,hand,zh,en", [
    (False, "AA9x", "首发的每手（最后一手除外）都要挂王，至少要 1 张王，这样出只剩 0 张",
     "every play you lead but the last needs a joker, so at least 1 joker; this leaves you 0"),
    (True, "AA93x", "之前首发的每手（单出的 2 也算）都要挂王，要 2 张王", "so every lead before them"),
])
def test_a_burn_that_could_not_go_out_counts_the_jokers(bie_san, hand, zh, en):
    """Seat 4 may burn with AA; burning with xA would leave A and 9 without a joker."""
    g = scenario(["KK5", "7", "9", "99", hand, "6"], bie_san=bie_san)
    run(g, [(0, "play KK")])
    while g.current_seat != 4:
        g.apply("noburn")
    refusal = _refusal(g, "burn xA")
    assert zh in refusal.zh and en in refusal.en


def test_the_joker_count_matches_the_burn_test():
    for text in ("99666J", "x99666J", "99666333", "x99666333", "2333", "x2333", "22", "", "xK"):
        for bie_san in (False, True):
            left = parse_counts(text)
            assert feasible(left, bie_san) == (left[13] + left[14] >= jokers_needed(left, bie_san)), text


def test_too_low_says_equal_is_not_enough_and_attached_2s_take_the_rank():
    g = scenario(["8KK", "8", "6", "7", "8", "9"])
    run(g, [(0, "play 8")])
    same = _refusal(g, "play 8")
    assert "一样大不行" in same.zh and "equal is not enough" in same.en and "joker" not in same.en
    g = scenario(["AAA5", "6", "7", "22K", "8", "9"])
    run(g, [(0, "play AAA")])
    twos = _refusal(g, "play 22K")
    assert "贴的 2 算 K" in twos.zh and "attached 2s count as K" in twos.en


def test_mixed_jokers_counted_small_are_named_as_the_house_rule():
    g = scenario(["xx9K", "6", "7", "XxT", "8", "9"], mixed_jokers="as_small")
    run(g, [(0, "play xx9")])
    refusal = _refusal(g, "play XxT")
    assert "本桌规则" in refusal.zh and "house rule" in refusal.en
    g = scenario(["xx9K", "6", "7", "XTT", "8", "9"], mixed_jokers="as_small")
    run(g, [(0, "play xx9")])
    unmixed = _refusal(g, "play XTT")
    assert "big joker (大王) over each" in unmixed.en and "house rule" not in unmixed.en


def test_not_holding_a_rank_reads_as_english():
    refusal = _refusal(scenario(["5KK", "4", "6", "7", "8", "9"]), "play AA")
    assert "that many cards of rank A" in refusal.en


def test_a_player_who_passed_is_told_why_he_waits():
    """§3.2: the table's only word for a locked-out player was "it is not your turn"."""
    game = scenario(["55779", "44K", "44K", "668K", "99K", "TTK"])
    run(game, [(0, "play 55"), (1, "pass")])
    table = Table(game, lambda *a: None, human=1)
    refusal = table.submit(1, "play 44")
    assert refusal is not None and "已经过牌" in refusal.zh and "unless your 对头 plays" in refusal.en
    waiting = table.submit(3, "play 66")
    assert waiting is not None and waiting.en == "it is not your turn"


def test_an_unknown_word_lists_the_pre_play_words_too():
    refusal = _refusal(scenario(["5KK", "4", "6", "7", "8", "9"]), "dance")
    assert "return/declare" in refusal.en and "yaotou" in refusal.zh and "play, burn, pass" in refusal.en


def _wutou_window():
    """Seat 0 went out first, so seat 3 is 无头; seat 1's QQQ opens a burn window asking seat 3."""
    g = scenario(["5", "QQQ4", "6", "KKKAA8", "22789", "7"])
    run(g, [(0, "play 5")] + [(s, "pass") for s in (1, 2, 3, 4, 5)] + [(1, "play QQQ")])
    assert (g.current_seat, g.phase, g.wutou) == (3, "burn", {3})
    return g


def test_a_wutou_player_in_a_burn_window_is_told_to_play_not_to_burn():
    """§3.4.1: his word is play; rang and burn named burn or named no word at all."""
    g = _wutou_window()
    rang = _refusal(g, "rang")
    assert "play <cards>" in rang.en and "burn" not in rang.en.replace("noburn", "") and "play 加牌" in rang.zh
    burn = _refusal(g, "burn KKK")
    assert "play <cards>" in burn.en and "noburn" in burn.en and "noburn" in burn.zh


def test_a_gou_si_ji_play_says_whose_opposite_is_out():
    """§3.8: 够死级 and 要头 are different things; the text named them as one."""
    g = scenario(["5", "QQQ4", "6", "KKK8", "AAA9", "7"])
    run(g, [(0, "play 5")] + [(s, "pass") for s in (1, 2, 3, 4, 5)] + [(1, "play QQQ"), (3, "play KKK")])
    refusal = _refusal(g, "play AAA")
    assert "够死级（出牌人的对头已出完）" in refusal.zh and "its owner's 对头 is out" in refusal.en
    assert "要头" not in refusal.zh


def test_a_yaotou_play_is_named_as_such():
    from tests.test_flow_more import revolution_game
    g = revolution_game(leader=3)
    run(g, [(3, "play QQQ")])
    assert (g.current_seat, g.phase) == (1, "burn")
    refusal = _refusal(g, "play KKK")
    assert "这是要头的牌" in refusal.zh and "this is a 要头 play" in refusal.en and "够死级" not in refusal.zh


def test_takes_no_cards_names_the_word_not_its_enum():
    refusal = _refusal(scenario(["5KK", "4", "6", "7", "8", "9"]), "pass 5")
    assert refusal.en == "'pass' takes no cards: type just pass" and "MoveKind" not in refusal.zh


def test_equal_ranks_with_jokers_do_not_speak_of_a_lower_rank():
    g = scenario(["99K", "x9", "4", "5", "6", "7"])
    run(g, [(0, "play 99")])
    refusal = _refusal(g, "play x9")
    assert "equal is not enough" in refusal.en and "jokers don't make up for the rank" in refusal.en
    assert "lower" not in refusal.en


def test_the_table_after_its_end_says_so():
    game = scenario(["5", "4", "6", "7", "8", "9"])
    run(game, [(0, "play 5")] + [(s, "pass") for s in (1, 2, 3, 4, 5)])
    table = Table(game, lambda *a: None, human=1)
    while not table.is_over and table.current_seat is not None:
        table.game.apply(table.game.legal_actions()[0])
    assert table.is_over
    refusal = table.submit(1, "play 4")
    assert refusal is not None and refusal.en == "the game is over"


@pytest.mark.parametrize("chaos_rules,en", [
    ("dagang", "after a pass you get another turn once someone plays"),   # §3.9: no lockout
    ("tcy", "wait for the next round"),
])
def test_a_passer_in_chaos_is_told_the_chaos_rule(chaos_rules, en):
    from tests.test_flow import chaos_game
    game = chaos_game(chaos_rules=chaos_rules)
    run(game, [(2, "play 77"), (3, "pass")])
    table = Table(game, lambda *a: None, human=3)
    refusal = table.submit(3, "play JJ")
    assert refusal is not None and en in refusal.en


def test_a_player_whose_rang_became_a_pass_is_told_so():
    """§3.6: seat 3 yields on his 对头's 55, seat 4 plays: the 让 counts as a pass; he never typed pass."""
    game = scenario(["55779", "44K", "44K", "668K", "99K", "TTK"])
    run(game, [(0, "play 55"), (1, "pass"), (2, "pass"), (3, "rang"), (4, "play 99")])
    table = Table(game, lambda *a: None, human=3)
    refusal = table.submit(3, "play 66")
    assert refusal is not None and "your 让 counts as a pass" in refusal.en and "算你过牌" in refusal.zh
    assert "unless your 对头 plays" in refusal.en
