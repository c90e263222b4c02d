"""Everything the game tells a player is true (RULES.md is the measure): the help,
the rules screen, the table's prompts and log lines, the refusals — and in good
English: a verb that agrees with "You", "1 card" not "1 cards", English card
names, words rather than arrows."""

from __future__ import annotations

import re
import string

import pytest

from gouji.engine import RuleSet
from gouji.engine.actions import ranks_of
from gouji.engine.cards import RANK_LETTERS, THREE, counts_of_cards, rank_name
from gouji.engine.errors import NotationError
from gouji.engine.match import Match
from gouji.engine.plays import Play
from gouji.store.resources import read_text_asset
from gouji.ui.i18n import STRINGS, YOU, YOU_FORMS, t
from gouji.ui.i18n.rule_keys import KEYS

from helpers import run, scenario

DEFAULT = RuleSet.preset("qingdao")
TOKEN = r"(?:10|[2-9JQKA]|小王|大王|small joker|big joker)"
LETTER = {"10": "T", "小王": "x", "大王": "X", "small joker": "x", "big joker": "X"}


def help_text(lang: str) -> str:
    return read_text_asset("text", f"rules_{lang}.txt")


# ----- the help -------------------------------------------------------------
def card_examples(text: str) -> list[str]:
    """Every run of two or more card names in a text, in notation ("大王 7 7 7 7" -> "X7777")."""
    runs = re.findall(rf"{TOKEN}(?: {TOKEN})+", text)
    return ["".join(LETTER.get(card, card) for card in re.findall(TOKEN, found)) for found in runs]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_example_of_the_help_is_legal_under_the_default_rules(lang):
    """With 憋3 on (the default), 3s are played last and alone: no 22333, no xx3 in an example."""
    assert DEFAULT.bie_san
    plays = []
    for example in card_examples(help_text(lang)):
        try:
            plays.append(Play.parse(example))
        except NotationError:
            continue      # a list of ranks (the card order), not a play
    for play in plays:
        assert play.rank != THREE or not (play.twos or play.jokers), str(play)
    assert {"X7777", "88888", "2TTTT", "299"} <= {str(p) for p in plays}
    assert "22333" not in help_text(lang).replace(" ", "")


def test_the_help_says_what_the_rules_say():
    zh, en = help_text("zh"), help_text("en")
    # 够级 (§1.4): plays of 2s only — not "any 2s", which 2 9 9 (three 9s) is not
    assert "any 2s" not in en and "a play of 2s only (even a single 2)" in en and "2 9 9 is still three 9s" in en
    assert "只有 2 的牌（一张 2 也算）" in zh and "2 9 9 还是三个 9，不够级" in zh
    # 革命 under 憋3 (§8.6, §7): no 3 either, automatically at 买3
    assert "Under 憋3 he must have no 3 either, and he revolts automatically at 买3" in en
    assert "还要手里没有 3 才能革命，而且是在买3 时自动革命" in zh
    # 要头 / 无头 (§8.6, §3.7) explained
    assert "you choose 要头 (" in en and "or 无头 at once" in en and "选要头（" in zh and "或者马上无头" in zh
    # the 开点 deadline (§5), the return rank (§6), no tribute between teammates (§6)
    assert "only plays made up to 二科's 底牌 count (for 头科 and his 对头, up to 头科's 底牌)" in en
    assert "只算二科的底牌为止出的牌（头科和他的对头只算到头科的底牌）" in zh
    assert "each of a rank the payer holds" in en and "每一张都必须是进贡的人手里有的点数" in zh
    assert "no tribute between teammates" in en and "同一队的人之间不进贡" in zh
    # the first lead under the default rules is 亮4, with 顶班 (§2.2)
    assert "亮4" in en and "顶班" in en and "亮4" in zh and "顶班" in zh
    # a burn's joker duty ends with the hand or with 解烧 (§3.5)
    assert "except the one that empties your hand" in en and "the joker duty ends" in en
    assert "只有出完的最后一手例外" in zh and "挂王的要求就此结束" in zh


def test_the_help_states_the_kai_dian_cases_of_a_revolution():
    """§8.6: the revolutionary counts as opened under 憋3, failed otherwise; his 对头 as
    opened with 无头, or with 要头 once his three 要头 plays have stood before 二科 goes out. With a
    revolutionary (and 要头 needs one) 四人乱缠 begins after 头科's round, before 二科 can go out, and
    ends the 要头 plays (§3.9): the help names that cutoff, the one a player meets."""
    zh, en = help_text("zh"), help_text("en")
    assert "under 憋3 the revolutionary counts as opened, otherwise as failed" in en
    assert "His 对头 counts as opened if he chose 无头; with 要头, once his three 要头 plays have stood" in en
    assert "before 四人乱缠 begins (with a revolutionary, after the round in which 头科 goes out)" in en
    assert "打憋3 时革命的人算开了点，不打憋3 算没开点" in zh
    assert "他的对头选无头就算开了点；选要头，要三手要头牌都站住" in zh
    assert "在四人乱缠开始之前（有人革命时，头科出完的那一轮打完就开始）" in zh


def test_the_help_says_how_a_3_is_bought():
    """§7: 对头, 下家, 上家 (paid: a 2, else 小王, else 大王), then the 下手 and 上手 teammate
    free, and the last resort paid like the 对头's sale (§9 settled details)."""
    zh, en = help_text("zh"), help_text("en")
    assert "in turn from the leader" in en and "a 2 (else a small joker, else a big joker)" in en
    assert en.index("his teammate after him (下手)") < en.index("then the one before him (上手)")
    assert "he pays a 2 (or a joker) for one to whoever holds the most 3s" in en
    assert "从首家起按顺序" in zh and "没有 2 就用小王，再没有就用大王" in zh
    assert "先向下手、再向上手的联邦白拿一张" in zh and "就拿 2（或王）向 3 最多的人买" in zh


def test_the_help_says_what_a_burn_must_keep_and_when_a_gousiji_lapses():
    """§3.5: the remainder must go out with a joker on every lead but the last; §3.9: no
    够死级 in 四人乱缠; §3.7: 无头 also after a revolution; §3.2: a pass locks you out."""
    zh, en = help_text("zh"), help_text("en")
    assert "keep a hand you can still empty with a joker on every later lead but the last" in en
    assert "以后先出的每一手都挂王，只有最后一手不用" in zh
    assert "Unused when 四人乱缠 begins, it lapses" in en and "到四人乱缠开始还没用，就作废了" in zh
    assert "When your 对头 is out (or has revolted" in en and "你的对头出完了（或者革命了" in zh
    assert "Once you pass you are locked out of the round" in en and "you are out of the round" not in en
    assert "To beat a play with small jokers you need at least as many big jokers" in en
    assert "Place tribute (落贡)" in en and "Place tribute (进贡)" not in en and "(fewer if he has too few)" in en


def test_the_glossary_and_help_agree_who_takes_a_gousiji_or_yaotou_play():
    """§3.8/§8.6 say only a burn takes them; §3.4.1 lets a 无头 player in the burn window
    beat any protected play plainly: every text that says "only a burn" names him too."""
    from bots.reasons import REASONS
    from gouji.ui.i18n.glossary import TERMS
    texts = [help_text("en"), TERMS["yaotou"].gloss, TERMS["gou_si_ji"].gloss, t("your_turn_yaotou", "en"),
             REASONS["use_gousiji"][1], REASONS["yaotou_plain"][1]]
    for text in texts:
        for found in re.finditer(r"only (?:by )?a burn", text):
            assert "无头 player" in text[found.start():found.start() + 60], text
    texts_zh = [help_text("zh"), TERMS["yaotou"].gloss_zh, TERMS["gou_si_ji"].gloss_zh, t("your_turn_yaotou", "zh"),
                REASONS["use_gousiji"][0], REASONS["yaotou_plain"][0]]
    for text in texts_zh:
        assert "只有烧牌能" not in text and "只能被烧，不能被管" not in text, text
    for text in texts_zh[1:]:
        assert "只能烧，或由无头的人管" in text, text
    # 无头 after a revolution only once the 要头 plays are used up (§3.7)
    assert "要头" in TERMS["wutou"].gloss and "要头" in TERMS["wutou"].gloss_zh
    # 闷 (§7): the lead never comes to a stuck player when someone goes out
    assert "get no lead when someone goes out" in TERMS["men"].gloss
    # §6: no tribute within a team
    assert "not a teammate" in TERMS["men"].gloss and "联邦不用给" in TERMS["men"].gloss_zh


# ----- the rules screen and the prompts -------------------------------------
def test_the_rules_screen_says_what_the_rules_say():
    first_lead, revolution = KEYS["first_lead"], KEYS["revolution"]
    for text in (first_lead[2], first_lead[3]):
        assert "亮4" in text and "顶班" in text and "憋3" in text
    for text in (revolution[2], revolution[3]):
        assert "憋3" in text and "买3" in text


def test_every_rule_explanation_fits_its_line(screen):
    """The rules screen draws each explanation on one line of 560 design pixels, shrinking to 11 px at most."""
    from gouji.ui.draw.fonts import Fonts
    fonts = Fonts()
    for key, (_, _, zh, en) in KEYS.items():
        for text in (zh, en):
            assert fonts.get(11).size(text)[0] <= 560, (key, text)


def test_the_pure_eligibility_is_said_in_words():
    zh, en = KEYS["kai_dian_eligibility"][2:]
    assert "pure: only sets of 10s to aces, with no 2s or jokers" in en and "10..A" not in en
    assert "纯：只算不带 2 和王的 10 到 A" in zh


def test_the_wutou_and_predeclare_prompts_say_what_the_rules_say():
    """无头 also after a revolution, and the beat is a choice (§3.7); a wrong 预点 pays 8
    under Double 翻车 (§5)."""
    en = t("your_turn_wutou", "en", name="Li", cards="K K")
    assert en.startswith("You are 无头: you may beat Li's K K") and "对头 is out" not in en
    assert "8 when wrong under Double 翻车" in t("your_turn_predeclare", "en")
    assert "翻车加倍时猜错赔八张" in t("your_turn_predeclare", "zh")


def test_the_badges_are_past_participles_and_liang_is_said_in_words():
    assert [t(k, "en") for k in ("state_passed", "state_rang", "state_revolted")] == ["passed", "yielded", "revolted"]
    assert t("log_liang", "en", name="Li", rank="4", n=2) == "Li shows two 4s of one suit (亮4) and leads first"
    assert t("log_liang", "en", name=YOU, rank="4", n=3) == "You show three 4s of one suit (亮4) and lead first"


def test_a_free_3_is_logged_as_taken_not_bought():
    """§7: a teammate gives his 3 free; the log (the event's info "free") says so."""
    from types import SimpleNamespace

    from gouji.engine import events as ev
    from gouji.engine.events import Event
    from gouji.ui.draw.sidebar import SidebarPainter

    names = ["You", "Li", "Wang", "Zhang", "Mei", "Zhao"]
    for lang, paid, free in (("en", "Li bought a 3 from Mei (买3)", "Li took a 3 from Mei (买3, free)"),
                             ("zh", "Li 向 Mei 买 3", "Li 从 Mei 白拿一张 3（买3）")):
        painter = SimpleNamespace(scene=SimpleNamespace(lang=lang, seat_name=names.__getitem__))
        assert SidebarPainter.describe(painter, Event(ev.BUY3, 1, "", (4, 2, "paid"))) == paid
        assert SidebarPainter.describe(painter, Event(ev.BUY3, 1, "", (4, 1, "free"))) == free
    assert t("log_buy3_free", "en", name=YOU, other="Mei") == "You took a 3 from Mei (买3, free)"


def test_the_burn_prompt_knows_the_last_play_and_the_end_of_the_duty():
    zh, en = (t("your_turn_burn", lang, name="Li", cards="K K") for lang in ("zh", "en"))
    assert "but your last must carry a joker" in en and "解烧" in en and "until you go out" not in en
    assert "最后一手除外" in zh and "解烧" in zh
    assert "四人乱缠" in en and "四人乱缠" in zh   # §3.5: a running burn lapses when 四人乱缠 begins


# ----- English ----------------------------------------------------------------
def _fields(template: str, name: str) -> dict[str, object]:
    fields: dict[str, object] = {}
    for _, field, _, _ in string.Formatter().parse(template):
        if field:
            fields[field.split(".")[0].split("[")[0]] = name if field in ("name", "giver", "other", "receiver") \
                else 1 if field in ("n", "count", "done", "total", "deals", "matches", "step") else "Li"
    return fields


@pytest.mark.parametrize("key", sorted(k for k, (_, en) in STRINGS.items() if "{" in en))
def test_a_line_about_you_agrees_with_you(key):
    """"You revolt", "Your burn", "Li bought a 3 from you" — never "You revolts", "You's" or a "You" mid-sentence."""
    en = STRINGS[key][1]
    text = t(key, "en", **_fields(en, YOU))
    assert not re.search(r"\bYou (?:is|has|was|does|\w+[^s]s)\b|\bYou's\b", text), text
    assert "You" not in text[1:], text


def test_the_you_forms_are_whole_lines_with_the_same_fields():
    for key, you in YOU_FORMS.items():
        assert key in STRINGS and you.startswith(("You", "Your")), key
        fields = {f for _, f, _, _ in string.Formatter().parse(you) if f} - {"name"}
        assert fields <= {f for _, f, _, _ in string.Formatter().parse(STRINGS[key][1]) if f}, key


def test_counts_of_one_are_singular():
    for key, (_, en) in STRINGS.items():
        text = t(key, "en", **_fields(en, "Li"))
        assert not re.search(r"\b1 (?:cards|mistakes|positions|deals|lessons|points|jokers)\b", text), (key, text)
    assert t("lesson_mistakes", "en", n=1) == "1 mistake on the way"
    assert t("lesson_mistakes", "en", n=3) == "3 mistakes on the way"


def test_english_lines_name_cards_in_english_and_use_words_not_arrows():
    assert t("log_play", "en", name="Li", cards="2\u00a02\u00a0小王") == "Li: 2\u00a02\u00a0small\u00a0joker"
    assert t("act_play", "en", cards="大王 9") == "play big joker 9"
    assert t("log_play", "zh", name="小李", cards="2 2 小王") == "小李 出 2 2 小王"
    for key in ("owed_line", "panel_row", "log_tribute", "log_return"):
        text = t(key, "en", **_fields(STRINGS[key][1], "Li"))
        assert "→" not in text and " to " in text, text


# ----- refusals ---------------------------------------------------------------
def test_the_rang_refusal_asks_only_that_a_next_player_is_not_locked_out():
    """§3.6: 让 is offered when one of the next two is in the deal and not locked out, whether or not he can beat."""
    g = scenario(["55779", "44K", "44K", "668K", "99K", "TTK"])
    run(g, [(0, "play 55"), (1, "pass"), (2, "pass"), (3, "play 66"), (4, "pass"), (5, "pass"), (0, "play 77")])
    refusal = g.check("rang")      # seats 4 and 5 passed on seat 3's play: both locked out now
    assert refusal is not None and "locked out" in refusal.en and "被锁住" in refusal.zh
    assert "able to play" not in refusal.en and "还能出牌" not in refusal.zh


def _at_a_return() -> tuple[Match, str]:
    """A match where the 头科 or 二科 must give back a card and holds a rank his payer lacks."""
    for seed in range(14, 60):
        match = Match(DEFAULT, seed)
        while not match.is_over and not (match._decisions and match._decisions[0].phase == "return"):
            match.apply(str(match.legal_moves()[0]))
        if match.is_over:
            continue
        held = counts_of_cards(match.hand_cards(match._decisions[0].seat))
        allowed = {r for move in match.legal_moves() for r, n in enumerate(ranks_of(move)) if n}
        lacking = [r for r, n in enumerate(held) if n and r not in allowed]
        if lacking:
            return match, RANK_LETTERS[lacking[0]]
    raise AssertionError("no return with a rank the payer lacks")


def test_a_refused_return_names_the_rank_or_the_count():
    match, letter = _at_a_return()
    count = match._decisions[0].count
    name_en, name_zh = rank_name(RANK_LETTERS.index(letter), "en"), rank_name(RANK_LETTERS.index(letter))
    lacking = match.check("return " + letter * count)
    assert lacking is not None and f"holds no {name_en}s" in lacking.en and f"进贡的人手里没有 {name_zh}" in lacking.zh
    many = match.check("return " + letter * (count + 2))
    assert f"give back {count} card{'s' * (count != 1)}, not {count + 2}" in many.en
    assert f"要还 {count} 张，不是 {count + 2} 张" in many.zh
    assert f"give back {count} card" in match.check("pass").en


def test_the_return_refusal_gives_an_example_the_giver_may_type():
    """It said "e.g. return 5T" to a 二科 who gives back one card, or holds no 5."""
    match, _ = _at_a_return()
    refusal = match.check("pass")
    assert refusal is not None
    example = refusal.en.rsplit("e.g. ", 1)[1]
    assert example.startswith("return ") and f"例如 {example}" in refusal.zh
    assert match.check(example) is None, example


def test_refusals_count_in_good_english():
    g = scenario(["99K", "TT", "4", "5", "6", "7"])
    run(g, [(0, "play 9")])
    assert "you must play 1 card," in g.check("play TT").en
    assert "that many cards of rank 10" in g.check("play TTT").en


def test_the_help_keeps_the_conditions_a_rules_reader_found_missing():
    """An outside reading of the help against RULES.md (stop 43): a 无头 player beats another's 够级
    only if he has not passed in the round (§3.4.1); a wrong 宣点 is paid on top of one's own 点贡 (§5);
    protection and burning need the player's 对头 still in and no 四人乱缠 (§3.4); 2s may carry jokers (§1.2)."""
    from gouji.ui.i18n.glossary import TERMS
    en, zh = help_text("en"), help_text("zh")
    assert "if you have not passed in this round, when the burn order reaches you" in en
    assert "这一轮你还没过牌的话，按烧牌的顺序问到你时" in zh
    assert "on top of the 1 you owe if you did not open either" in en and "另外还要给那一张" in zh
    assert "while your 对头 is still in (outside 四人乱缠" in en and "你的对头还没出完时（四人乱缠除外" in zh
    assert "2s alone (with or without jokers)" in en and "只有 2（可带王）" in zh
    assert "first" in TERMS["men_gong"].gloss and "第一个" in TERMS["men_gong"].gloss_zh
