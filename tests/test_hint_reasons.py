"""Everything a hint says is true: each suggested action carries its own reason,
and that reason's condition holds in the position (bots/reasons.py).

One test per false reason an expert reader found, then checks over many
positions of bot-played matches (basic, qingdao, app196) — see
tests/test_hint_reasons_random.py.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bots.hints import suggest
from bots.predeal import power, score_pre_play, weak_hand
from bots.reasons import REASONS, holds, reason
from bots.scripted import ScriptedBot
from gouji import Game, RuleSet
from gouji.engine.actions import Move, MoveKind
from gouji.engine.phases import Phase

BASIC, QINGDAO = RuleSet.preset("basic"), RuleSet.preset("qingdao")


def hints_by_action(view, count=3):
    return {h.action: h for h in suggest(view, count)}


def reasons_by_action(view):
    """Hard's reason for every legal action (the hints are its best three)."""
    return {item.action: item.why for item in ScriptedBot(view.seat, "hard").rank_actions(view)}


def assert_all_true(view):
    """Each hint's reason holds for its own action, and every ranked action's too."""
    for hint in suggest(view, 3):
        assert hint.key, hint
        why = reasons_by_action(view)[hint.action]
        assert (why.key, why.zh, why.en) == (hint.key, hint.zh, hint.en)
        assert holds(why, view, hint.action), (hint.action, why)
    for action, why in reasons_by_action(view).items():
        assert holds(why, view, action), (action, why)


def test_each_suggestion_carries_its_own_reason_not_the_pass_s():
    """Partner (seat 2) leads 9999 and it comes round: the pass keeps "don't
    overtake", QQQQ says what it does — it overtakes him — not the pass's reason."""
    game = Game.from_hands(["QQQQ5", "6789", "99995", "4", "7", "8"], leader=2, rules=BASIC)
    for action in ("play 9999", "pass", "pass", "pass"):
        game.apply(action)
    view = game.view(0)
    hints = hints_by_action(view)
    assert set(hints) == {"play QQQQ", "pass"}
    assert hints["pass"].key == "let_partner"
    assert hints["play QQQQ"].key == "overtake"
    assert (hints["play QQQQ"].zh, hints["play QQQQ"].en) == REASONS["overtake"]
    assert hints["play QQQQ"].en != REASONS["let_partner"][1]
    assert_all_true(view)


def test_overtaking_a_partner_is_never_let_partner():
    """play 88 over the partner's 77, and a burn of his KKK: "overtake", while the
    pass / no-burn keeps "let your partner's play stand"."""
    game = Game.from_hands(["885", "6", "779", "4", "5", "6"], leader=2, rules=BASIC)
    for action in ("play 77", "pass", "pass", "pass"):
        game.apply(action)
    view = game.view(0)
    assert reasons_by_action(view)["play 88"].key == "overtake"
    assert reasons_by_action(view)["pass"].key == "let_partner"
    assert_all_true(view)

    game = Game.from_hands(["AAA5", "4", "KKK9", "6", "7", "8"], leader=2, rules=BASIC)
    game.apply("play KKK")
    view = game.view(0)
    assert view.phase == Phase.BURN
    assert reasons_by_action(view)["burn AAA"].key == "overtake"
    assert reasons_by_action(view)["noburn"].key == "let_partner"
    assert_all_true(view)


def test_no_stop_opponent_once_he_has_gone_out_with_the_play():
    """Seat 5 goes out with 55 and seat 0 acts first: nobody can be stopped, and
    if it stands seat 0 leads by 接风 (§3.8) — no "stop him", no 接风 warning."""
    game = Game.from_hands(["66K", "789", "TJQ", "4", "7", "55"], leader=5, rules=BASIC)
    game.apply("play 55")
    view = game.view(0)
    keys = {a: w.key for a, w in reasons_by_action(view).items()}
    assert "stop_opponent" not in keys.values() and "jiefeng" not in keys.values()
    assert keys["play 66"] == "plays_left"
    assert_all_true(view)
    # the bot no longer pays a stopper's price to beat a player who is out
    assert ScriptedBot(0, "hard").rank_actions(view)[0].score < 3.0


def test_jiefeng_when_an_opponent_would_lead_next():
    """Seat 2 (my partner) goes out with 55. If it stands the lead goes by 接风
    to seat 3, an opponent: beating it says so, and the pass no longer claims
    that the partner's play is winning (he is out)."""
    game = Game.from_hands(["66K", "789", "55", "4", "7", "8"], leader=2, rules=BASIC)
    game.apply("play 55")   # seat 2 (my partner) is out; if it stands, 接风 goes to seat 3
    for action in ("pass", "pass", "pass"):
        game.apply(action)
    view = game.view(0)
    why = reasons_by_action(view)
    assert why["play 66"].key == "jiefeng"
    assert why["pass"].key == "save_cards"   # the partner is out: no "his play is winning"
    assert_all_true(view)


def test_stop_opponent_says_how_many_cards_he_has_and_only_then_about_to_go_out():
    """Three cards may be three plays: "about to go out" only at two or fewer."""
    game = Game.from_hands(["88845", "9", "TT", "777654", "5", "6"], leader=3, rules=BASIC)
    game.apply("play 777")
    game.apply("pass")
    game.apply("pass")
    view = game.view(0)
    why = reasons_by_action(view)["play 888"]
    assert why.key == "stop_opponent" and "3 cards left" in why.en and "about to go out" not in why.en
    assert "只剩 3 张" in why.zh and "快走完" not in why.zh
    assert_all_true(view)


@pytest.mark.parametrize("hands, lead, answer", [
    (["XJJJJ5", "4", "6", "xTTTT99887766", "7", "8"], "play xTTTT", "play XJJJJ"),   # jokers never open (§5)
    (["x5", "4", "6", "2999887766", "7", "8"], "play 2", "play x"),                    # nor does a single 2
])
def test_no_deny_open_against_plays_that_cannot_open(hands, lead, answer):
    game = Game.from_hands(hands, leader=3, rules=QINGDAO)
    game.apply(lead)
    view = game.view(0)
    assert view.phase == Phase.ANSWER
    why = reasons_by_action(view)[answer]
    assert why.key != "deny_open"
    assert why.key == "take_lead"
    assert_all_true(view)


def test_deny_open_against_a_play_that_would_open():
    game = Game.from_hands(["AA5", "4", "6", "KK999", "7", "8"], leader=3, rules=QINGDAO)
    game.apply("play KK")
    view = game.view(0)
    assert hints_by_action(view)["play AA"].key == "deny_open"
    assert_all_true(view)
    after_pass = game.clone()   # and it is true: had seat 0 passed (扣), seat 3 would have opened
    events = after_pass.apply("pass")
    assert any(e.kind == "opened" and e.seat == 3 for e in events)


def test_rang_names_the_下家_first_and_the_partner_only_while_he_may_act():
    """§3.6: after 让 the next two players act first — the 下家 (an opponent), then the partner."""
    game = Game.from_hands(["88845", "99", "TT", "7776", "5", "6"], leader=3, rules=BASIC)
    for action in ("play 777", "pass", "pass"):
        game.apply(action)
    view = game.view(0)
    why = reasons_by_action(view)["rang"]
    assert why.key == "rang" and "下家" in why.zh and "下家" in why.en
    assert why.en.index("下家") < why.en.index("teammate") and why.zh.index("下家") < why.zh.index("联邦")
    assert "so your partner can answer first" not in why.en
    assert_all_true(view)
    yielded = game.clone()
    yielded.apply("rang")
    assert yielded.current_seat == 1   # the 下家 first, as it says

    # the partner (seat 2) is out: the 让 hands the play to the 下家 alone
    out = Game.from_position("44888/599/-/6/5/5 follow 0 leader=3 play=3:777 seq=2:2 passed=4,5 out=2 deadline=1",
                             BASIC)
    view = out.view(0)
    why = reasons_by_action(view)["rang"]
    assert why.key == "rang_next" and "联邦" not in why.zh and "partner" not in why.en
    assert_all_true(view)
    assert ScriptedBot(0, "hard").rank_actions(view)[-1].action == "rang"   # not worth it now


def test_rang_is_not_worth_it_when_the_partner_is_locked_out():
    """The partner passed earlier in the round: a 让 gives the 下家 alone a go."""
    game = Game.from_position("44888/599/TT/6/5/5 follow 0 leader=3 play=3:777 seq=2:2 passed=2,4,5", BASIC)
    view = game.view(0)
    assert "rang" in view.legal_actions
    why = reasons_by_action(view)["rang"]
    assert why.key == "rang_next"
    scores = {item.action: item.score for item in ScriptedBot(0, "hard").rank_actions(view)}
    assert scores["rang"] < scores["pass"]


def test_predeal_alternatives_carry_their_own_true_reason():
    """宣点 / 革命 / 要头 choices: the one the bot rejects does not get the bot's case for it."""
    weak = "3456789TJ3456789TJ"
    strong = "22222222xxxxXXXXAAAA"
    many = "TTTTTJJJJQQQKK45"   # three 够级 groups
    assert power([0] * 15) == 0
    base = Game.from_hands(["KK3"] * 6, leader=0, rules=QINGDAO).view(0)
    from gouji.engine.cards import parse_counts

    def view_for(hand, phase, kinds):
        moves = tuple(Move(MoveKind(k)) for k in kinds)
        return replace(base, hand=tuple(parse_counts(hand)), phase=Phase(phase), legal_moves=moves,
                       current_seat=0)

    cases = [
        (weak, "declare", ("declare", "nodeclare"), {"declare": "declare_plain", "nodeclare": "no_declare"}),
        (strong, "declare", ("declare", "nodeclare"), {"declare": "declare", "nodeclare": "no_declare_plain"}),
        (weak, "predeclare", ("declare", "nodeclare"), {"declare": "declare_plain", "nodeclare": "no_predeclare"}),
        (weak, "revolt", ("revolt", "norevolt"), {"revolt": "revolt", "norevolt": "no_revolt_plain"}),
        (strong, "revolt", ("revolt", "norevolt"), {"revolt": "revolt_plain", "norevolt": "no_revolt"}),
        (weak, "yaotou", ("yaotou", "wutou"), {"yaotou": "yaotou_plain", "wutou": "wutou"}),
        (many, "yaotou", ("yaotou", "wutou"), {"yaotou": "yaotou", "wutou": "wutou_plain"}),
    ]
    assert weak_hand(parse_counts(weak)) and not weak_hand(parse_counts(strong))
    for hand, phase, kinds, expected in cases:
        view = view_for(hand, phase, kinds)
        got = {h.action: h.key for h in suggest(view, 3)}
        assert got == expected, (hand, phase, got)
        for action in kinds:
            assert holds(score_pre_play(view, action)[1], view, action)
        assert_all_true(view)
    # "declare — a strong hand" after judging it weak was the reported case
    view = view_for(weak, "declare", ("declare", "nodeclare"))
    assert hints_by_action(view)["declare"].en != REASONS["declare"][1]


def test_attack_to_open_is_never_said_of_a_lone_2():
    """A single 2 is 够级 and only the 对头 may answer it, but it cannot open (§5)."""
    game = Game.from_hands(["2KK5566", "4789", "6789", "TJQ9", "4789", "6789"], leader=0, rules=QINGDAO)
    view = game.view(0)
    why = reasons_by_action(view)
    assert why["play 2"].key == "attack_gouji"
    assert "open" not in why["play 2"].en and "开点" not in why["play 2"].zh
    assert why["play KK"].key == "attack_opposite"
    assert_all_true(view)


def test_no_keep_your_cards_when_men_d_with_only_33():
    """闷'd holding only 33 (§7): a pass is all there is."""
    game = Game.from_position("33/44/55/66/77/88 follow 0 leader=5 play=5:99 seq=3:3 men=0:1", QINGDAO)
    view = game.view(0)
    assert view.legal_actions == ("pass",)
    (hint,) = suggest(view, 3)
    assert hint.key == "only_pass"
    assert "keep" not in hint.en and "留着" not in hint.zh
    assert_all_true(view)


def test_a_false_reason_is_replaced_by_a_true_neutral_one():
    """The guard: a reason whose condition fails is never shown."""
    from bots.reasons import checked
    game = Game.from_hands(["885", "6", "779", "4", "5", "6"], leader=2, rules=BASIC)
    for action in ("play 77", "pass", "pass", "pass"):
        game.apply(action)
    view = game.view(0)
    assert not holds(reason("let_partner"), view, "play 88")
    assert not holds(reason("stop_opponent"), view, "play 88")
    fixed = checked(view, "play 88", reason("let_partner"))
    assert fixed.key == "plays_left" and holds(fixed, view, "play 88")
    assert checked(view, "pass", reason("save_cards")) == reason("save_cards")


def test_which_plays_open_under_each_eligibility_rule():
    """§5, the one rule the engine and the bots' reasons share (``kai_dian_eligible``):
    standard — any 够级 but one with jokers or a single 2; dagang — any 够级 without
    大王; pure — natural 10..A sets only."""
    from bots.knowledge import can_open
    from gouji.engine.plays import parse_play

    cases = {   # play: (standard, dagang, pure)
        "TTTTT": (True, True, True), "xTTTT": (False, True, False), "XTTTT": (False, False, False),
        "2": (False, True, False), "22": (True, True, False), "AA": (True, True, True), "99": (False, False, False),
    }
    for text, expected in cases.items():
        got = tuple(can_open(parse_play(text), replace(QINGDAO, kai_dian_eligibility=mode))
                    for mode in ("standard", "dagang", "pure"))
        assert got == expected, text



# ----- the second reading: each reason says only what its condition checks -------------
def test_deny_open_speaks_of_any_opponent_not_only_the_duitou():
    """Seat 1 (an opponent, not seat 0's 对头) leads KK; seat 0 may burn it: the reason
    holds for the burn, so it must not say "your 对头's 够级"."""
    zh, en = REASONS["deny_open"]
    assert "对头" not in zh and "对头" not in en and "opponent" in en and "对手" in zh
    game = Game.from_hands(["AA5", "KK9", "4", "6", "7", "8"], leader=1, rules=QINGDAO)
    game.apply("play KK")
    view = game.view(0)
    assert view.phase == Phase.BURN and holds(reason("deny_open"), view, "burn AA")
    assert_all_true(view)


def test_no_jiefeng_when_a_gouji_dipai_hands_the_lead_to_the_finishers_duitou():
    """§3.8: my partner (seat 2) goes out with KK, 够级: if it stands his 对头 (seat 5)
    leads, which is no 接风 — the reason may not say 接风; a plain 底牌 still does."""
    game = Game.from_hands(["AA5", "4", "KK", "6", "7", "8"], leader=2, rules=BASIC)
    game.apply("play KK")
    view = game.view(0)
    assert view.phase == Phase.BURN and "burn AA" in view.legal_actions
    assert not holds(reason("jiefeng"), view, "burn AA")
    assert reasons_by_action(view)["burn AA"].key != "jiefeng"
    assert_all_true(view)
    plain = Game.from_hands(["665", "4", "55", "6", "7", "8"], leader=2, rules=BASIC)
    for action in ("play 55", "pass", "pass", "pass"):
        plain.apply(action)
    assert holds(reason("jiefeng"), plain.view(0), "play 66")


def test_keep_big_joker_only_while_the_duitou_can_still_play_gouji_at_you():
    """Keeping the 大王 "for your 对头's 够级" is true only while he is in the deal and
    it is not 四人乱缠 (no protection, §3.9)."""
    why = reason("keep_big_joker")
    game = Game.from_hands(["X55", "4", "6", "7", "8", "9"], leader=0, rules=BASIC)
    assert holds(why, game.view(0), "play 55") and not holds(why, game.view(0), "play X")
    out = Game.from_position("X55/4/6/-/8/9 lead 0 out=3", BASIC)
    assert not holds(why, out.view(0), "play 55")
    chaos = Game.from_position("X55/4/-/7/-/9 lead 0 out=2,4 chaos=1", BASIC)
    assert chaos.view(0).chaos and not holds(why, chaos.view(0), "play 55")


def test_the_gousiji_and_yaotou_reasons_name_the_wutou_player_and_english_says_stuck():
    """§3.4.1: a 无头 player in the burn order may take a 够死级 or 要头 play plainly."""
    for key in ("use_gousiji", "yaotou_plain"):
        zh, en = REASONS[key]
        assert "无头 player" in en and "无头的人" in zh, key
    assert "then you are 无头" in REASONS["yaotou_plain"][1]
    zh, en = REASONS["keep_closer"]
    assert "闷'd" not in en and "for last" not in en and "just before your 3s" in en and "stuck" in en
    assert "point tribute (点贡)" in REASONS["declare_plain"][1]
