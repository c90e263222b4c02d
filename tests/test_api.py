"""The stable API of the rules-engine issue, exactly as outside checks call it."""

from gouji import Game, IllegalAction, RuleSet, can_beat, is_gouji, score_deal


def test_stable_api_as_written_in_the_issue():
    assert can_beat("xx888", "XX999") is True
    assert can_beat("xx888", "XX999", RuleSet()) is True
    assert is_gouji("2TTTT") is True
    basic = RuleSet.preset("basic")
    for name in ("qingdao", "app196"):
        assert isinstance(RuleSet.preset(name), RuleSet)
    assert basic.replace(deck=198).deck == 198
    g = Game.from_hands(["KK3", "AA45", "55", "66", "77", "88"], leader=0, rules=basic)
    assert g.current_seat == 0
    assert g.legal_actions() == ["play 3", "play K", "play KK"]
    events = g.apply("play KK")
    assert events and events[0].kind == "play" and events[0].cards == "KK"
    assert g.hand(1) == "45AA"
    assert g.finish_order == [] and g.is_over is False
    g = Game.new_deal(seed=7, rules=basic)
    assert isinstance(g.current_seat, int)
    actions = g.legal_actions()
    assert actions == sorted(actions) and all(isinstance(a, str) for a in actions)
    assert score_deal([0, 1, 2, 3, 4, 5], rules=None) == (2, 0)
    assert score_deal([0, 2, 4, 1, 3, 5]) == (12, 0)


def test_distinct_rank_multisets_are_distinct_actions():
    g = Game.from_hands(["KKK2", "5", "6", "7", "8", "9"], rules=RuleSet.preset("basic"))
    actions = g.legal_actions()
    assert "play 2KK" in actions and "play KKK" in actions and "play 2KKK" in actions
    assert len(actions) == len(set(actions))


def test_actions_accept_any_card_order():
    g = Game.from_hands(["KK23", "5", "6", "7", "8", "9"], rules=RuleSet.preset("basic"))
    g.apply("play K2K")
    assert g.hand(0) == "3"


def test_illegal_action_leaves_the_game_unchanged():
    g = Game.new_deal(seed=3, rules=RuleSet.preset("basic"))
    snapshot = ([g.hand(s) for s in range(6)], g.current_seat, g.legal_actions(), len(g.events))
    for bad in ("pass", "play XXXXXXXXX", "rang", "noburn", "burn 5", "play", "fly"):
        try:
            g.apply(bad)
        except IllegalAction as exc:
            assert exc.zh and exc.en and str(exc) == f"{exc.zh} / {exc.en}"
        else:
            raise AssertionError(f"{bad!r} was accepted")
        assert snapshot == ([g.hand(s) for s in range(6)], g.current_seat, g.legal_actions(),
                            len(g.events))
    assert g.actions == []


def test_scores_follow_section_4():
    assert score_deal([0, 1, 2, 3, 4, 5]) == (2, 0)            # A,B,A,B,A,B
    assert score_deal([1, 0, 3, 2, 5, 4]) == (0, 2)
    assert score_deal([0, 2, 4, 1, 3, 5]) == (12, 0)           # 串三户
    assert score_deal([0, 2, 4, 1, 3, 5], RuleSet().replace(scoring="2_1")) == (6, 0)
    assert score_deal([0, 1, 2, 3, 4, 5], RuleSet().replace(positives_only=False)) == (2, -2)
    assert score_deal([0, 1, 3, 2, 5, 4]) == (0, 0)            # 4+0-4 against 2+0-2
