"""Everything a lesson tells the learner is true. The hard bot's first choice
(the table's own hint) is accepted at every step, or the step says, in the
feedback for that very action, why the bot is wrong there; no seat is said to
open (开点) past its deadline; and the particular claims an expert reader
found false (or missing) are now checked against the engine."""

from __future__ import annotations

import tomllib

import pytest

from bots.hints import suggest
from gouji.engine import EventKind, Game, Match, RuleSet
from gouji.engine.cards import BIG, SMALL, THREE, TWO, counts_of_cards
from gouji.engine.plays import Play, is_dead
from gouji.engine.seats import next_seat, opposite
from gouji.learn import LessonRunner, load_lesson, load_lessons, parse_lesson
from gouji.learn.check import check_lesson, false_openings, step_tables
from gouji.learn.lessons import bundled_reader
from gouji.learn.runner import build_table

LESSONS = load_lessons()


def hard_first(table, seat: int) -> str:
    hints = suggest(table.view(seat), 1)
    assert hints, "the learner has nothing to do"
    return hints[0].action


# ----- the hint agrees, or the lesson says why not -------------------------
def hint_problems(lesson) -> tuple[int, list[str]]:
    """(tables looked at, steps whose hint is neither accepted nor answered by feedback of its own)."""
    checked, problems = 0, []
    for number, step, table in step_tables(lesson):
        checked += 1
        choice = hard_first(table, step.seat)
        if choice not in step.accept and choice not in dict(step.wrong):
            problems.append(f"steps[{number}]: the hint says {choice!r}; accepted {list(step.accept)}, "
                            f"no feedback of its own for it")
    return checked, problems


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_step_accepts_the_hard_bots_choice_or_says_why_it_is_wrong_here(lesson):
    checked, problems = hint_problems(lesson)
    assert checked >= len(lesson.steps)   # every step was looked at (a continuing one once per path)
    assert problems == []


def test_a_text_that_quotes_the_hint_quotes_what_it_really_says():
    """Feedback such as "the hint would say don't" is true only while the hint says so;
    and only the feedback for the hint's own action may speak of it."""
    quoted = 0
    for lesson in LESSONS:
        for number, step, table in step_tables(lesson):
            for text in (step.prompt, step.feedback, step.explain):
                assert "提示" not in text.zh and "hint" not in text.en.lower(), (lesson.id, number)
            for action, text in step.wrong:
                if "提示" in text.zh or "hint" in text.en.lower():
                    quoted += 1
                    assert hard_first(table, step.seat) == action, (lesson.id, number, action)
    assert quoted >= 1


def test_the_hint_check_catches_the_old_tribute_step():
    """The old answer key of the first 还贡 step refused a lone 6 and a lone 9, the hint's choice
    (the step, then the second step once after each of its five accepted answers)."""
    text = bundled_reader("tribute.toml")
    accepted = 'accept = ["return 44", "return 45", "return 46", "return 48"'
    assert accepted in text
    start = text.index(accepted)
    old = text[:start] + 'accept = ["return 44", "return 45", "return 46", "return 55", "return 56"]' + \
        text[text.index("\n", start):]
    checked, problems = hint_problems(parse_lesson(tomllib.loads(old), "lessons/tribute.toml", "tribute"))
    assert checked == 1 + 5 and any("steps[1]: the hint says 'return 69'" in p for p in problems), problems


# ----- 开点 only by the deadline (§5) ---------------------------------------
WUTOU_DEMO = """
id = "demo"
section = "3.7"
title_zh = "无头"
title_en = "Headless"
text_zh = "文字"
text_en = "Text"

[[steps]]
position = "AA579J/KK4567/4568/-/4569/4578 lead 1 out=3 wutou=0"
before = ["play KK"]
seat = 0
prompt_zh = "管上"
prompt_en = "Beat it"
accept = ["play AA"]
feedback_zh = "能管"
feedback_en = "You may"
explain_zh = "对"
explain_en = "Right"
then = ["pass", "pass", "pass", "pass"]

[[steps]]
continue = true
seat = 0
prompt_zh = "出"
prompt_en = "Lead"
accept = ["play 5"]
feedback_zh = "出 5"
feedback_en = "Lead the 5"
explain_zh = "对"
explain_en = "Right"
"""


def demo(text: str):
    return parse_lesson(tomllib.loads(text), "lessons/demo.toml", "demo")


def test_a_position_that_lets_a_seat_open_past_its_deadline_is_refused():
    """The old 无头 step: 头科 (seat 3) is out but the position gives no deadline=,
    so the table said seat 0, his 对头, opened with the pair of aces."""
    problems = check_lesson(demo(WUTOU_DEMO))
    assert any("steps[1]: after 'play AA': seat 0 is said to open" in p and "头科's 底牌 (seat 3)" in p
               for p in problems), problems


def test_the_same_position_with_its_deadline_passes():
    fixed = WUTOU_DEMO.replace("out=3 wutou=0", "seq=40:40 out=3 deadline=31 wutou=0")
    assert check_lesson(demo(fixed)) == []


def test_a_standing_dipai_opens_by_its_own_deadline():
    """§5: the 底牌 itself counts if it stands: 头科's KK opens him when his 对头 passes."""
    game = Game.from_hands(["KK", "4567", "4568", "AA5678", "4569", "4578"], 0, RuleSet.preset("qingdao"))
    game.apply("play KK")
    events = game.clone().apply("pass")
    assert [e.seat for e in events if e.kind == EventKind.OPENED] == [0]
    assert false_openings(game, events) == []


def play_out_round(game: Game, lead: str) -> list:
    """``lead``, then everyone passes (or declines to burn) until the round ends."""
    events = game.apply(lead)
    while not any(e.kind == EventKind.ROUND_END for e in events):
        legal = game.legal_actions()
        events += game.apply("pass" if "pass" in legal else "noburn")
    return events


@pytest.mark.parametrize("position, seat, deadline_passed", [
    ("AA5/-/4568/4569/4567/4578 lead 0 seq=40:40 out=1 deadline=31 wutou=4", 0, False),  # 二科's 底牌 is his
    ("AA5/-/4568/4569/4567/4578 lead 0 seq=40:40 out=1 wutou=4", 0, False),
    ("45/-/4568/4569/AA4567/4578 lead 4 seq=40:40 out=1 wutou=4", 4, True),   # 头科's 对头: past it
    ("45/-/4568/4569/AA4567/4578 lead 4 seq=40:40 out=1,2 wutou=4,5", 4, True),
    ("AA5/-/-/4569/4567/4578 lead 0 seq=40:40 out=1,2 wutou=4,5", 0, True),        # everyone after 二科
])
def test_the_deadline_is_worked_out_from_the_finishing_order(position, seat, deadline_passed):
    """Without deadline= the engine lets these pairs of aces open; the check knows whose
    deadline has passed from who went out: 头科's for him and his 对头, 二科's for the rest."""
    game = Game.from_position(position, RuleSet.preset("qingdao"))
    before = game.clone()
    events = play_out_round(game, "play AA")
    if "deadline=" not in position:
        assert seat in [e.seat for e in events if e.kind == EventKind.OPENED]
    found = false_openings(before, events)
    assert bool(found) == deadline_passed, found


# ----- the claims the expert reader found false ----------------------------
def step_table(lesson_id: str, number: int):
    lesson = load_lesson(lesson_id)
    return next((step, table) for n, step, table in step_tables(lesson) if n == number)


def test_last_cards_passing_on_toukes_dipai_lets_him_open():
    """The feedback for a pass names the real cost: 头科's 底牌 stands and opens him."""
    step, table = step_table("last-cards", 3)
    touke = opposite(step.seat)
    passed = table.clone().apply("pass")
    answered = table.clone().apply("play AA")
    assert touke in [e.seat for e in passed if e.kind == EventKind.OPENED]
    assert touke not in [e.seat for e in answered if e.kind == EventKind.OPENED]
    said = step.feedback_for("pass")
    assert "开点" in said.zh and "open" in said.en
    assert "留在手里" not in said.zh and "stay in your hand" not in said.en


def test_dead_play_every_dead_wrong_answer_has_feedback_of_its_own():
    """'Others may beat that' is not said of a play with the big joker, which nobody can beat."""
    step, table = step_table("dead-play", 2)
    rules = step.ruleset()
    dead = [a for a in table.legal_actions() if a not in step.accept and is_dead(Play.parse(a.split()[1]), rules)]
    assert dead and all(a in dict(step.wrong) for a in dead)
    assert "play X9" in dict(step.wrong)


def test_bie_san_every_accepted_lead_leaves_the_plan_the_explanation_describes():
    """After each accepted lead, apart from the 3s only the big joker and one rank are left:
    together they are one dead 冲牌, as the explanation says."""
    step, table = step_table("bie-san", 2)
    for answer in step.accept:
        after = table.clone()
        after.apply(answer)
        left = counts_of_cards(after.hand_cards(step.seat))
        left[THREE] = 0
        naturals = [r for r in range(len(left)) if left[r] and r not in (TWO, SMALL, BIG)]
        assert left[BIG] == 1 and len(naturals) == 1, (answer, left)
    assert "play 9" not in step.accept and "play 9" in dict(step.wrong)


def test_burn_feasibility_teaches_the_bie_san_form_and_the_engine_agrees():
    lesson = load_lesson("burn-feasibility")
    assert any(step.ruleset().bie_san and "3" in step.hands[step.seat] for step in lesson.steps if step.hands)
    # the text's example: a 2 and three 3s left with no joker cannot burn, so he is not even asked
    game = Game.from_hands(["AAA2333", "KKK4567", "4567", "4568", "4569", "4578"], 1, RuleSet.preset("qingdao"))
    game.apply("play KKK")
    assert game.current_seat != 0
    assert "2 和三个 3" in lesson.text.zh and "a 2 and three 3s" in lesson.text.en.lower()


def test_kai_dian_says_the_dipai_itself_counts():
    text = load_lesson("kai-dian").text
    assert "底牌本身站住了也算" in text.zh and "itself counts if it stands" in text.en


@pytest.mark.parametrize("lesson_id, tribute", [("burn-mode", "烧贡"), ("bie-san", "闷贡")])
def test_no_burn_or_stuck_tribute_between_teammates_is_said(lesson_id, tribute):
    text = load_lesson(lesson_id).text
    assert tribute in text.zh and "同一方的人之间不进贡" in text.zh
    assert "no tribute passes between teammates" in text.en


def test_the_good_returns_are_accepted():
    lesson = load_lesson("tribute")
    assert "return 69" in lesson.steps[0].accept
    assert {"return 7", "return T"} <= set(lesson.steps[1].accept)


def test_revolution_teaches_both_choices_by_the_hand():
    steps = load_lesson("revolution").steps
    accepted = [set(step.accept) for step in steps]
    assert {"yaotou"} in accepted and {"wutou"} in accepted


# ----- the missing lessons and steps --------------------------------------
def leaders_while_dealing(seed: int, monkeypatch) -> list[int]:
    """Who held the lead as the first deal's cards came (亮4, then each 顶班)."""
    import gouji.engine.deal as deal
    seen: list[int] = []
    original = deal._LiangWatch.see

    def see(self, seat, card):
        before = self.leader
        original(self, seat, card)
        if self.leader != before:
            seen.append(self.leader)
    monkeypatch.setattr(deal._LiangWatch, "see", see)
    Match.new(seed, RuleSet.preset("qingdao"))
    return seen


def test_first_lead_the_steps_are_what_their_prompts_say(monkeypatch):
    lesson = load_lesson("first-lead")
    shown, takeover = lesson.steps
    assert shown.source == takeover.source == "seed"
    assert leaders_while_dealing(shown.seed, monkeypatch) == [shown.seat]             # first to two 4s
    assert leaders_while_dealing(takeover.seed, monkeypatch) == [opposite(takeover.seat), takeover.seat]  # 顶班
    for step in lesson.steps:
        table = build_table(step, None)
        liang = [e for e in table.events if e.kind == EventKind.LIANG]
        assert [e.seat for e in liang] == [step.seat] and set(e.cards for e in liang) <= {"44", "444", "4444"}


def test_bao_pai_the_table_shows_the_count_the_prompt_names():
    step, table = step_table("last-cards", 1)
    shown = table.view(step.seat).shown_counts
    assert shown[next_seat(step.seat)] == 1
    assert all(shown[s] is None for s in range(6) if s not in (step.seat, next_seat(step.seat)))


def test_mai_san_is_played_on_the_table_in_the_real_seller_order():
    """The learner had no 3, his 对头 fewer than two, so his 下家 sold him one for a 2."""
    step, table = step_table("bie-san", 1)
    buys = [e for e in table.events if e.kind == EventKind.BUY3 and e.private_to is None]
    mine = [e for e in buys if e.seat == step.seat]
    assert len(mine) == 1 and mine[0].info[0] == next_seat(step.seat) and mine[0].info[2] == "paid"
    assert counts_of_cards(table.hand_cards(opposite(step.seat)))[THREE] < 2
    assert "对头" in step.prompt.zh and "下家" in step.prompt.zh


def test_every_lesson_still_plays_through_with_the_hints_answer_where_it_is_accepted():
    for lesson in LESSONS:
        runner = LessonRunner(lesson)
        start = runner.start_step()
        while start is not None:
            choice = hard_first(start.table, start.seat)
            answer = choice if choice in runner.step.accept else runner.step.accept[0]
            assert runner.submit(answer).verdict == "accepted", (lesson.id, answer)
            start = runner.next_step()


# ----- the second reading ----------------------------------------------------
def test_rounds_names_the_lesson_that_explains_the_duitou_turn():
    """The 对头's extra turn is explained in the lockout lesson (§3.2), not the next one (first-lead)."""
    step = load_lesson("rounds").steps[1]
    lockout = load_lesson("lockout")
    assert lockout.section == "3.2"
    assert f'"{lockout.title.en.split(":")[0]}"' in step.explain.en and "next lesson" not in step.explain.en
    assert f"《{lockout.title.zh.split('：')[0]}》" in step.explain.zh and "下一课" not in step.explain.zh


def test_bie_san_the_last_resort_3_is_paid_for():
    """§7 and §9 (settled details): failing the 对头, 下家, 上家 and both teammates, the
    buyer pays a 2 (or a joker) to whoever holds the most 3s."""
    lesson = load_lesson("bie-san")
    for text in (lesson.text, lesson.steps[0].explain):
        assert "pays a 2 (or a joker) for one to whoever has the most 3s" in text.en \
            or "pay a 2 (or a joker) for one to whoever has the most 3s" in text.en
        assert "就拿 2（或王）向 3 最多的人买" in text.zh and "向 3 最多的人要" not in text.zh


def test_gouji_plays_low_ranks_by_count_and_who_may_beat_a_gouji():
    """§1.4: ranks 3-9 are never 够级 by count, but a joker makes any play 够级 (x9 is shown);
    §3.4: only the player's own 对头 beats it in turn, the others may only burn."""
    from gouji.engine.plays import is_gouji, parse_play
    lesson = load_lesson("gouji-plays")
    assert "x9" in lesson.show and is_gouji(parse_play("x9")) and not is_gouji(parse_play("99999999"))
    assert "however many" not in lesson.text.en and "By count alone" in lesson.text.en
    assert "a joker makes any play 够级" in lesson.text.en and "光看张数" in lesson.text.zh
    assert "Only your 对头 may answer" not in lesson.text.en
    assert "Only the player's own 对头 may beat his 够级 play in turn; others may only burn it" in lesson.text.en
    assert "只有他自己的对头能按顺序管，别人只能烧" in lesson.text.zh


def test_wutou_after_a_revolution_waits_for_the_yaotou_plays():
    """§3.7, §8.6: the revolutionary's 对头 is 无头 at once with 无头, after three plays with 要头."""
    text = load_lesson("wutou").text
    assert "(or revolted)" not in text.en and "three 要头 plays" in text.en
    assert "（或者革命了）" not in text.zh and "三手要头牌" in text.zh
    assert "Your pair of aces beats it." in load_lesson("wutou").steps[1].feedback.en


def test_last_cards_the_gousiji_lapses_when_chaos_begins():
    """§3.9: the 对头's 够死级 lasts only for the round 二科 went out in; the engine agrees."""
    step, table = step_table("last-cards", 2)
    assert "lapses" in step.explain.en and "作废" in step.explain.zh
    rival = opposite(step.seat)
    after = table.clone()
    after.apply(step.accept[0])
    assert rival in after.view(rival).gou_si_ji
    for action in step.then:
        after.apply(action)
    view = after.view(rival)
    assert view.chaos and rival not in view.gou_si_ji


def test_tribute_no_tribute_after_a_sweep_and_the_return_rank_lapses():
    """§6: nothing follows a 串三户; a returner with too few matching cards gives any."""
    text = load_lesson("tribute").text
    assert "none at all follows a 串三户" in text.en and "串三户，就什么贡都不进" in text.zh
    assert "only a returner holding too few such cards may give any" in text.en and "这样的牌不够还时" in text.zh


def test_dead_play_dipai_the_duitou_leads_only_while_he_is_in():
    """§3.8: a dead 底牌 gives the lead to the finisher's 对头 if he is in; otherwise, and in 四人乱缠, 接风."""
    text = load_lesson("dead-play").text
    assert "if he is still in; otherwise, and always in 四人乱缠, 接风" in text.en
    assert "(big joker)" not in text.en and "a big joker (大王)" in text.en
    assert "对头也出完了就接风，四人乱缠时总是接风" in text.zh


def test_cards_and_plays_names_plays_of_only_2s_or_only_jokers():
    """§1.2: only 2s (with jokers), or only jokers, are plays too; a play of 2s has rank 2."""
    from gouji.engine.plays import can_beat, parse_play
    lesson = load_lesson("cards-and-plays")
    assert "Only 2s (with any jokers), or only jokers, make a play too" in lesson.text.en
    assert "只有 2（可以带王），或者只有王，也能成一手" in lesson.text.zh
    assert "2 (钱), small joker" in lesson.text.en
    assert parse_play("222").rank == TWO and parse_play("x22").rank == TWO and parse_play("xx").jokers
    assert can_beat("AAA", "222") and "222" in lesson.show


def test_yield_is_named_by_its_chinese_word_not_pinyin():
    texts = [t.en for lesson in LESSONS for t in lesson.texts()]
    assert not any("(rang)" in text for text in texts)


def _last_plays_not_3s(table, step) -> list[str]:
    """Under 憋3 a player's last play is all his 3s (§7): the plays among a step's accepted answers and
    what follows them that empty a hand with anything else (a step showing one must turn 憋3 off)."""
    found = []
    for answer in step.accept:
        after = table.clone()
        if not after.rules.bie_san:
            return []
        game = after.game if isinstance(after, Match) else after
        if game is None:   # a match between deals: nothing is played here
            continue
        start = len(game.events)
        try:
            after.apply(answer)
            for action in step.then:
                after.apply(action)
        except ValueError:
            continue
        last: dict[int, str] = {}
        for event in game.events[start:]:
            if event.kind in (EventKind.PLAY, EventKind.BURN):
                last[event.seat] = event.cards
            elif event.kind == EventKind.OUT and set(last.get(event.seat, "3")) != {"3"}:
                found.append(f"{answer}: seat {event.seat} goes out with {last[event.seat]}")
    return found


def test_no_step_under_bie_san_shows_a_last_play_that_is_not_all_3s():
    """An outside reading found steps under the default preset (憋3 on) where a player went out with
    99, KK or a joker play: impossible under 憋3. Such steps now say so and turn 憋3 off."""
    problems = [f"{lesson.id} steps[{number}]: {p}" for lesson in LESSONS
                for number, step, table in step_tables(lesson) for p in _last_plays_not_3s(table, step)]
    assert problems == []
