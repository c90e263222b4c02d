"""More of RULES §3 and §5: 憋3 play constraints, 闷, 开点 recording, reasons."""

import pytest

from gouji import Game, IllegalAction, RuleSet
from gouji.engine import events as ev

from helpers import BASIC, run, scenario

BIE_SAN = BASIC.replace(bie_san=True)


# ----- 憋3 (§7): the 3s go last, alone ----------------------------------------
def test_bie_san_keeps_threes_for_the_last_play():
    g = scenario(["33K2", "4", "5", "6", "7", "8"], rules=BIE_SAN)
    assert g.legal_actions() == ["play 2", "play 2K", "play K"]
    with pytest.raises(IllegalAction) as info:
        g.apply("play 33")
    assert "憋3" in info.value.zh and "3s" in info.value.en


def test_bie_san_last_play_is_all_the_threes():
    g = scenario(["333", "4", "5", "6", "7", "8"], rules=BIE_SAN)
    assert g.legal_actions() == ["play 333"]


def test_bie_san_feasibility_needs_a_joker_before_the_threes():
    # after burning with AA: 2 + 33 left: the lone 2 before the 3s needs a joker
    g = scenario(["KK5", "9", "AA233", "4", "6", "7"], rules=BIE_SAN)
    run(g, [(0, "play KK")])
    assert g.current_seat == 3  # seat 2 has no feasible burn
    g = scenario(["KK5", "9", "AAx233", "4", "6", "7"], rules=BIE_SAN)
    run(g, [(0, "play KK")])
    assert g.current_seat == 2 and "burn AA" in g.legal_actions()


def test_beaten_chong_pai_is_men():
    g = scenario(["Q33", "K4", "5", "6", "7", "8"], rules=BIE_SAN)
    run(g, [(0, "play Q"), (1, "play K")])
    assert g.men == {0: 1}
    assert any(e.kind == ev.MEN and e.seat == 0 for e in g.events)


# ----- 开点 recording (§5) ----------------------------------------------------
def test_standing_gouji_opens_and_jokers_do_not():
    g = scenario(["KK5", "4", "6", "7", "8", "9"], rules=RuleSet())
    run(g, [(0, "play KK"), (3, "pass")])
    assert g.opened == [True] + [False] * 5
    g = scenario(["xK5", "4", "6", "7", "8", "9"], rules=RuleSet())
    run(g, [(0, "play xK"), (3, "pass")])
    assert g.opened == [False] * 6


def test_single_two_does_not_open_but_two_twos_do():
    g = scenario(["25", "4", "6", "7", "8", "9"], rules=RuleSet())
    run(g, [(0, "play 2"), (3, "pass")])
    assert not g.opened[0]
    g = scenario(["225", "4", "6", "7", "8", "9"], rules=RuleSet())
    run(g, [(0, "play 22"), (3, "pass")])
    assert g.opened[0]


@pytest.mark.parametrize("eligibility,play,opens", [
    ("dagang", "xK", True), ("dagang", "XK", False), ("pure", "2K", False), ("pure", "KK", True),
    ("standard", "2K", True)])
def test_kai_dian_eligibility(eligibility, play, opens):
    g = scenario([play + "5", "4", "6", "7", "8", "9"], rules=RuleSet(),
                 kai_dian_eligibility=eligibility)
    run(g, [(0, "play " + play)])
    if g.phase == "answer":
        run(g, [(3, "pass")])
    assert g.opened[0] is opens


def test_gouji_beaten_does_not_open():
    g = scenario(["KK5", "4", "6", "AA7", "8", "9"], rules=RuleSet())
    run(g, [(0, "play KK"), (3, "play AA"), (0, "pass")])
    assert g.opened == [False, False, False, True, False, False]


def test_plays_after_the_deadline_do_not_count():
    # seat 1 goes out first (头科): his 对头 4 must open by then; later 够级 do not count
    g = scenario(["5", "4", "667", "7", "KK8", "9"], leader=1, rules=RuleSet())
    run(g, [(1, "play 4")] + [(s, "pass") for s in (2, 3, 4, 5, 0)])
    assert g.finish_order == [1] and g.current_seat == 2
    run(g, [(2, "play 66"), (3, "pass"), (4, "play KK")])   # 够死级 of seat 4
    assert (g.current_seat, g.phase) == (4, "lead") and not g.opened[4]


# ----- illegal actions: a reason, nothing changed --------------------------
@pytest.mark.parametrize("action,zh,en", [
    ("play 55", "没有这么多", "don't hold"), ("pass", "首家", "lead"),
    ("play Z", "未知的牌", "unknown card letter"), ("play 5K", "不同点数", "two natural ranks"),
    ("dance", "不认识的动作", "unknown action"), ("burn K", "没有可烧", "no 够级"),
    ("", "空", "empty"), ("play", "哪些牌", "which cards"), ("pass 5", "'pass' 后面不带牌", "'pass' takes no cards"),
])
def test_illegal_actions_explain_themselves_and_change_nothing(action, zh, en):
    g = scenario(["5KK", "4", "6", "7", "8", "9"])
    before = (g.legal_actions(), [g.hand(s) for s in range(6)], len(g.events), g.current_seat)
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert zh in info.value.zh and en in info.value.en
    assert before == (g.legal_actions(), [g.hand(s) for s in range(6)], len(g.events), g.current_seat)


@pytest.mark.parametrize("action,zh", [
    ("play 666", "要出 1 张"), ("play 4", "对应位置"), ("burn 6", "不是够级牌")])
def test_follow_reasons(action, zh):
    g = scenario(["5KK", "4", "4666", "7", "8", "9"])
    run(g, [(0, "play 5"), (1, "pass")])
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert zh in info.value.zh


def test_small_joker_needs_a_big_joker_and_dead_plays_end_the_round():
    g = scenario(["x55", "4", "xXK6", "7", "8", "9"])
    run(g, [(0, "play x5")])
    assert g.current_seat == 2 and g.phase == "burn"
    with pytest.raises(IllegalAction) as info:
        g.apply("burn xK")
    assert "大王" in info.value.zh and "大王" in info.value.en
    g = scenario(["X55", "4", "6", "7", "8", "9"])
    run(g, [(0, "play X5")])
    assert (g.current_seat, g.phase) == (0, "lead")


def test_api_errors_name_the_problem():
    with pytest.raises(ValueError, match="6 hands"):
        Game.from_hands(["5"] * 5)
    with pytest.raises(ValueError, match="'Z'"):
        Game.from_hands(["5Z", "4", "6", "7", "8", "9"])
    with pytest.raises(ValueError, match="seat"):
        Game.from_hands(["5"] * 6, leader=7)
    with pytest.raises(ValueError, match="'bogus'"):
        RuleSet().replace(bogus=1)


# ----- DealSetup with a revolutionary (§8.6 support in the deal) -------------
def revolution_game(leader: int = 0, yaotou: bool = True) -> Game:
    from dataclasses import replace as dc_replace
    base = scenario(["456", "KKK5", "AAA9", "QQ7QQ", "88", "66"], leader=leader, rules=RuleSet())
    setup = dc_replace(base.setup, revolted=frozenset({0}),
                       yaotou=frozenset({3}) if yaotou else frozenset())
    return Game(setup)


def test_a_revolted_leader_passes_the_lead_to_his_next_player():
    g = revolution_game(leader=0)
    assert g.current_seat == 1 and g.view(1).first_leader == 1


def test_yaotou_plays_are_protected_without_an_answer_step_then_wutou():
    g = revolution_game(leader=3)
    run(g, [(3, "play QQQ")])          # 要头 play 1: only a burn can take it
    assert g.phase == "burn" and g.current_seat == 1
    run(g, [(1, "noburn"), (2, "noburn")])
    assert (g.current_seat, g.phase) == (3, "lead")
    assert g.opened[3] is False and g.opened[0] is True  # 憋3: the revolutionary counts as opened


def test_declining_yaotou_means_wutou_and_opened():
    g = revolution_game(leader=3, yaotou=False)
    assert 3 in g.wutou and g.opened[3] is True
    run(g, [(3, "play QQQ")])          # 无头: not protected, ordinary turn order
    assert g.phase == "follow" and g.current_seat == 4


def test_chuan_san_hu_doubles_only_the_sweeping_team():
    from gouji import score_deal
    raw = RuleSet().replace(positives_only=False)
    assert score_deal([0, 2, 4, 1, 3, 5], raw) == (12, -6)
    assert score_deal([1, 3, 5, 0, 2, 4], raw.replace(scoring="2_1")) == (-3, 6)


def test_float_deck_is_rejected():
    with pytest.raises(ValueError, match="'deck'"):
        RuleSet().replace(deck=216.0)
