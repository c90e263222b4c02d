"""RULES §3 scenarios and the flow examples of §10, written in the notation."""

import pytest

from gouji import Game, IllegalAction
from gouji.engine import events as ev

from helpers import kinds, run, scenario


# ----- §3.4 protected 够级 and the burn window ------------------------------
def test_gouji_lead_asks_burners_in_order_then_the_opposite():
    g = scenario(["KK5", "AA7", "AA9", "22", "AA8", "AA6"])
    run(g, [(0, "play KK")])
    asked = []
    while g.phase == "burn":
        assert g.legal_actions() == ["burn AA", "noburn"]
        asked.append(g.current_seat)
        g.apply("noburn")
    assert asked == [2, 4, 1, 5]
    assert (g.current_seat, g.phase, g.legal_actions()) == (3, "answer", ["pass", "play 22"])


def test_seats_without_a_feasible_burn_are_not_asked():
    g = scenario(["KK5", "AA78", "AA9", "99", "AA89", "AAx68"])
    run(g, [(0, "play KK")])
    assert g.current_seat == 2
    g.apply("noburn")
    assert g.current_seat == 5  # 4 (AA leaves 8,9) and 1 (AA leaves 7,8) cannot burn
    assert g.legal_actions() == ["burn AA", "noburn"]
    g.apply("noburn")
    assert (g.current_seat, g.phase) == (3, "answer")


def test_burn_priority_across_both_teams():
    g = scenario(["KK225", "AA7", "xx9", "22", "AA8", "xx6"])
    run(g, [(0, "play KK"), (2, "noburn"), (4, "burn AA")])
    # restart from seat 4's play: his teammates 0, 2 first, then opponents 5, 3; not 1
    asked = []
    while g.phase == "burn":
        asked.append(g.current_seat)
        g.apply("noburn")
    assert asked == [0, 2, 5, 3]
    assert (g.current_seat, g.phase, g.legal_actions()) == (1, "answer", ["pass"])
    run(g, [(1, "pass")])
    assert (g.current_seat, g.phase) == (4, "lead") and g.burning == {4}


def test_declining_a_burn_is_not_a_pass():
    g = scenario(["KK225", "AA7", "xx9", "22", "AA8", "xx6"])
    run(g, [(0, "play KK"), (2, "noburn"), (4, "burn AA"), (0, "noburn")])
    assert g.current_seat == 2 and "burn xx" in g.legal_actions()


def test_only_the_opposite_may_answer_and_nobody_else_plays():
    g = scenario(["KK5", "AA7", "AA9", "22", "AA8", "AA6"])
    run(g, [(0, "play KK")])
    with pytest.raises(IllegalAction) as info:
        g.apply("play AA")
    assert "只有出牌人的对头" in str(info.value) and "owner's 对头" in info.value.en
    for seat in (2, 4, 1, 5):
        run(g, [(seat, "noburn")])
    run(g, [(3, "pass")])  # 扣: the round ends, seat 0 leads again
    assert (g.current_seat, g.phase, g.standing) == (0, "lead", None)


def test_opposites_answer_restarts_the_procedure():
    g = scenario(["KK5", "9", "xx9", "AA7", "228", "6"])
    run(g, [(0, "play KK"), (2, "noburn"), (4, "noburn"), (3, "play AA")])
    # seat 3's AA is protected: his teammates 5, 1 then 4, 2 — seat 0 answers last
    assert g.phase == "burn" and g.current_seat == 4
    run(g, [(4, "noburn"), (2, "noburn")])
    assert (g.current_seat, g.phase) == (0, "answer")


def test_burn_feasibility_examples_in_a_window():
    blocked = scenario(["KK5", "3", "AAx99666J", "4", "5", "6"])
    run(blocked, [(0, "play KK")])
    assert blocked.phase == "answer"           # x 99 666 J: 3 ranks, 1 joker
    allowed = scenario(["KK5", "3", "AAxX99666J", "4", "5", "6"])
    run(allowed, [(0, "play KK")])
    assert allowed.current_seat == 2 and "burn AA" in allowed.legal_actions()
    one_play = scenario(["KK5", "3", "AA772", "4", "5", "6"])
    run(one_play, [(0, "play KK")])
    assert "burn AA" in one_play.legal_actions()  # 772 is one play


def test_infeasible_burn_is_refused_with_the_reason():
    g = scenario(["KK5", "3", "AAx99", "4", "5", "6"])
    run(g, [(0, "play KK")])
    assert g.legal_actions() == ["burn AA", "noburn"]
    before = (g.legal_actions(), [g.hand(s) for s in range(6)], len(g.events))
    with pytest.raises(IllegalAction) as info:
        g.apply("burn xA")  # would leave A and 99 with no joker
    assert "出不完" in info.value.zh and "joker" in info.value.en
    assert before == (g.legal_actions(), [g.hand(s) for s in range(6)], len(g.events))


# ----- §3.5 解烧 and 烧成功 --------------------------------------------------
def test_opposite_beating_a_burner_is_jiesao():
    g = scenario(["KKK5", "AAA7", "9", "8", "2226", "4"])
    run(g, [(0, "play KKK"), (4, "noburn"), (1, "burn AAA")])
    assert g.burning == {1}
    run(g, [(4, "play 222")])
    assert g.burning == set()
    assert any(e.kind == ev.BURN_END and e.seat == 1 for e in g.events)


def test_third_player_burning_the_burner_is_jiesao():
    g = scenario(["KK5", "AA7", "xx9", "8", "6", "4"])
    run(g, [(0, "play KK"), (2, "noburn"), (1, "burn AA")])
    # window of seat 1's burn: 3, 5 (his teammates), then 2 (0 cannot beat AA)
    run(g, [(2, "burn xx")])
    assert g.burning == {2}
    assert [e.seat for e in g.events if e.kind == ev.BURN_END] == [1]


def test_burner_must_lead_jokers_and_succeeds_by_going_out():
    g = scenario(["KK5", "AAx55", "9", "8", "7", "6"])
    run(g, [(0, "play KK"), (1, "burn AA"), (4, "pass")])
    assert (g.current_seat, g.phase) == (1, "lead")
    assert g.legal_actions() == ["play x", "play x5", "play x55"]
    with pytest.raises(IllegalAction) as info:
        g.apply("play 55")
    assert "挂王" in info.value.zh
    run(g, [(1, "play x5")])
    for seat in (3, 5, 2, 0):
        if g.phase == "burn" and g.current_seat == seat:
            g.apply("noburn")
    run(g, [(4, "pass"), (1, "play 5")])
    assert g.finish_order[0] == 1 and g.burn_wins == [(1, 0)]
    assert any(e.kind == ev.BURN_WON for e in g.events)


def test_burn_by_teammates_off_keeps_teammates_out_of_the_window():
    g = scenario(["KK5", "AA7", "AA9", "22", "AA8", "AA6"], burn_by_teammates=False)
    run(g, [(0, "play KK")])
    asked = []
    while g.phase == "burn":
        asked.append(g.current_seat)
        g.apply("noburn")
    assert asked == [1, 5]


# ----- §3.2 lockout and §3.6 让牌 --------------------------------------------
def test_lockout_example_of_section_10():
    g = scenario(["5588J", "669Q", "44Q", "44K", "77A", "33A"])
    run(g, [(0, "play 55"), (1, "play 66"), (2, "pass"), (3, "pass"), (4, "play 77"),
            (5, "pass"), (0, "play 88")])
    assert g.current_seat == 1
    run(g, [(1, "pass")])
    assert g.current_seat == 3  # seat 2 is skipped; seat 3 answers his 对头's play
    run(g, [(3, "pass"), (4, "pass")])
    assert (g.current_seat, g.phase) == (0, "lead")  # seat 5 stays locked out


def test_opposite_gouji_only_keeps_the_opposite_locked_on_plain_plays():
    g = scenario(["5588J", "669Q", "44Q", "44K", "77A", "33A"],
                 pass_exception="opposite_gouji_only")
    run(g, [(0, "play 55"), (1, "play 66"), (2, "pass"), (3, "pass"), (4, "play 77"),
            (5, "pass"), (0, "play 88"), (1, "pass")])
    assert g.current_seat == 4


def test_locked_player_who_answers_his_opposite_stays_locked():
    g = scenario(["5588J", "669Q", "44Q", "99K", "77A", "33A"])
    run(g, [(0, "play 55"), (1, "play 66"), (2, "pass"), (3, "pass"), (4, "play 77"),
            (5, "pass"), (0, "play 88"), (1, "pass"), (3, "play 99"), (4, "pass")])
    # seat 0 answers seat 3; then seat 3 is locked again (0 is his 对头: he is asked)
    run(g, [(0, "pass")])
    assert (g.current_seat, g.phase) == (3, "lead")


def test_rang_both_pass_then_the_yielder_acts_again():
    g = scenario(["777Q", "44K", "44K", "888K", "99K", "TTK"])
    run(g, [(0, "play 777"), (1, "pass"), (2, "pass")])
    assert g.legal_actions() == ["pass", "play 888", "rang"]
    run(g, [(3, "rang"), (4, "pass"), (5, "pass")])
    assert (g.current_seat, g.legal_actions()) == (3, ["pass", "play 888"])
    run(g, [(3, "play 888"), (0, "pass")])
    assert (g.current_seat, g.phase) == (3, "lead")


def test_rang_then_a_play_counts_as_the_yielders_pass():
    g = scenario(["777Q", "44K", "44K", "888K", "999K", "TTK"])
    run(g, [(0, "play 777"), (1, "pass"), (2, "pass"), (3, "rang"), (4, "play 999"),
            (5, "pass"), (0, "pass"), (1, "pass")])
    # seat 3 said 让 and seat 4 played: 3 counts as passed and is not asked again
    assert (g.current_seat, g.phase) == (4, "lead")


def test_rang_is_refused_on_gouji_and_on_non_opposite_plays():
    g = scenario(["QQQ5", "4", "4", "KKK8", "9", "T"])
    run(g, [(0, "play QQQ")])
    assert (g.current_seat, g.legal_actions()) == (3, ["pass", "play KKK"])
    with pytest.raises(IllegalAction) as info:
        g.apply("rang")
    assert "够级牌不能让" in info.value.zh
    g = scenario(["777Q", "888K", "44K", "999K", "99K", "TTK"])
    run(g, [(0, "play 777"), (1, "play 888")])
    with pytest.raises(IllegalAction) as info:
        g.apply("rang")
    assert "只能让对头的牌" in info.value.zh


# ----- §3.3 dead plays ----------------------------------------------------
def test_dead_play_ends_the_round_at_once():
    g = scenario(["X55", "6", "7", "8", "9", "T"])
    run(g, [(0, "play X5")])
    assert (g.current_seat, g.phase) == (0, "lead")
    assert kinds(g)[-2:] == [ev.ROUND_END, ev.LEAD_TURN]


# ----- §3.7 无头, §3.8 going out, 接风, 够死级 --------------------------------
def wutou_game(**changes) -> Game:
    g = scenario(["5", "QQQ4", "6", "KKKAA8", "22789", "7"], **changes)
    run(g, [(0, "play 5"), (1, "pass"), (2, "pass"), (3, "pass"), (4, "pass"), (5, "pass")])
    return g


def test_plain_dipai_that_stands_gives_jiefeng_to_the_next_player():
    g = wutou_game()
    assert g.finish_order == [0]
    assert (g.current_seat, g.phase) == (1, "lead")
    assert g.wutou == {3}


def test_wutou_player_gets_a_plain_play_in_the_burn_window_and_uses_gou_si_ji():
    g = wutou_game()
    run(g, [(1, "play QQQ")])
    assert (g.current_seat, g.phase, g.legal_actions()) == (3, "burn", ["noburn", "play KKK"])
    with pytest.raises(IllegalAction) as info:
        g.apply("burn KKK")
    assert "无头" in info.value.zh
    run(g, [(3, "play KKK")])  # his 够死级: only a burn can take it, no 对头 step
    assert (g.current_seat, g.phase) == (3, "lead")
    assert g.burning == set()


def test_wutou_gouji_is_beaten_in_ordinary_turn_order_without_burn_duties():
    g = wutou_game()
    run(g, [(1, "play QQQ"), (3, "play KKK"), (3, "play AA")])
    assert (g.current_seat, g.phase) == (4, "follow")
    assert "play 22" in g.legal_actions()   # leaves 7 8 9: no burn duty
    run(g, [(4, "play 22")])
    assert g.burning == set()
    # seat 4's 22 is protected again (his 对头 1 is in): only 1 may answer
    assert (g.current_seat, g.phase, g.legal_actions()) == (1, "answer", ["pass"])


def test_gou_si_ji_can_still_be_burned():
    g = scenario(["5", "QQQ4", "6", "KKK8", "AAA9", "7"])
    run(g, [(0, "play 5")] + [(s, "pass") for s in (1, 2, 3, 4, 5)] +
        [(1, "play QQQ"), (3, "play KKK")])
    assert (g.current_seat, g.phase, g.legal_actions()) == (4, "burn", ["burn AAA", "noburn"])


def test_gouji_dipai_that_stands_gives_the_lead_to_the_opposite():
    g = scenario(["KK", "5", "6", "QQ", "7", "8"])
    run(g, [(0, "play KK"), (3, "pass")])
    assert g.finish_order == [0] and (g.current_seat, g.phase) == (3, "lead")


def test_answer_to_a_gouji_dipai_is_the_gou_si_ji():
    g = scenario(["KK", "5", "229", "AA6", "7", "8"])
    run(g, [(0, "play KK"), (2, "noburn"), (3, "play AA")])
    # protected with no 对头 step: seat 2 may still burn it
    assert (g.current_seat, g.phase) == (2, "burn")
    run(g, [(2, "noburn")])
    assert (g.current_seat, g.phase) == (3, "lead")


def test_gouji_dipai_whose_opposite_is_out_gives_jiefeng():
    g = scenario(["KK", "8", "9", "5", "TT", "JJ"], leader=3)
    run(g, [(3, "play 5")] + [(s, "pass") for s in (4, 5, 0, 1, 2)])
    assert (g.current_seat, g.wutou, g.finish_order) == (4, {0}, [3])  # plain 底牌: 接风
    run(g, [(4, "play TT"), (5, "pass"), (0, "play KK")])
    # seat 0's KK is his 够死级 (protected, no 对头 step) and his 底牌; his 对头 3 is
    # out, so the lead passes to the next player still in: 接风 to seat 1
    assert g.finish_order == [3, 4, 0]
    assert (g.current_seat, g.phase, g.chaos) == (1, "lead", True)


# ----- §3.9 四人乱缠 -------------------------------------------------------
def chaos_game(**changes) -> Game:
    g = scenario(["5", "6", "77TT", "88JJ", "99QQ", "TTKK"], **changes)
    run(g, [(0, "play 5"), (1, "play 6"), (2, "pass"), (3, "pass"), (4, "pass"), (5, "pass")])
    return g


def test_chaos_begins_after_the_round_of_the_second_finisher():
    g = chaos_game()
    assert g.finish_order == [0, 1]
    assert g.chaos and (g.current_seat, g.phase) == (2, "lead")
    assert ev.CHAOS in kinds(g)


def test_chaos_unlocks_passers():
    g = chaos_game()
    run(g, [(2, "play 77"), (3, "pass"), (4, "play 99"), (5, "pass"), (2, "pass")])
    assert g.current_seat == 3 and "play JJ" in g.legal_actions()
    run(g, [(3, "play JJ"), (4, "play QQ")])
    # 够级 QQQ? no: QQ is not 够级; but KK would be, and it is not protected in chaos
    run(g, [(5, "play KK")])
    assert g.phase == "follow" and g.current_seat == 2


def test_chaos_round_ends_when_everyone_passes_in_succession():
    g = chaos_game()
    run(g, [(2, "play 77"), (3, "pass"), (4, "pass"), (5, "pass")])
    assert (g.current_seat, g.phase) == (2, "lead")


def test_chaos_tcy_keeps_the_lockout():
    g = chaos_game(chaos_rules="tcy")
    run(g, [(2, "play 77"), (3, "pass"), (4, "play 99"), (5, "pass"), (2, "pass")])
    assert (g.current_seat, g.phase) == (4, "lead")


# ----- §3.8 end of the deal and §4 -----------------------------------------
def test_teammates_left_holding_cards_are_ranked_by_cards_left():
    g = scenario(["5", "333333", "6", "44", "7", "TTTT"])
    run(g, [(0, "play 5"), (1, "pass"), (2, "play 6"), (3, "pass"), (4, "play 7")])
    assert g.is_over and g.places == [0, 2, 4, 3, 5, 1]
    assert g.score() == (12, 0)


def test_ties_rank_later_in_order_from_the_first_leader_lower():
    g = scenario(["5", "3333", "6", "44", "7", "8888"])
    run(g, [(0, "play 5"), (1, "pass"), (2, "play 6"), (3, "pass"), (4, "play 7")])
    assert g.places == [0, 2, 4, 3, 1, 5]
