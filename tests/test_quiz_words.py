"""The quiz speaks a player's words, in both languages, and every question can
be answered from what the screen shows.

* Cards in words (一对 A, 三个 8, 大王带一张 9; a pair of aces, three 8s, a big
  joker with a 9), never the engine's notation ("xx29", "XXxx", a lone "x" or
  "T", "In J the J …", "As" for aces); seats by the table's names (你, 下家小李,
  对头大张; you, your 下家 Li), never "5 号位" or "seat 4"; the burn test in words,
  never "j ≥ d − 1". The scanner is shown to catch each old text and to let the
  real sentences through ("10", "a 2", "2s", "A pair of aces", "total +6").
* A "turn" question on a 够级 lead says who can burn it (the engine's burn
  window asks exactly those), and its right option is among the options.
* The players' names and roles are the table's (gouji/ui/i18n)."""

from __future__ import annotations

import re
from functools import lru_cache

import pygame.freetype
import pytest

from gouji.engine import Game, RuleSet
from gouji.engine.phases import BURN
from gouji.engine.plays import Play
from gouji.learn.quiz import TOPICS
from gouji.learn.quiz import make_question as _make
from gouji.learn.words import NAMES, ROLES, seat
from gouji.store.resources import asset_path
from gouji.ui.i18n import STRINGS
from gouji.ui.i18n.glossary import EN

SEEDS = range(0, 601, 3)
make_question = lru_cache(maxsize=None)(_make)     # several tests read the same questions
LANGS = ("zh", "en")

# A run of two or more card letters standing alone ("KK", "xx29", "5889AAAAAA22xX"). In a sentence no number
# of the quiz is made only of the digits 2-9 ("10", "12", "−4", "+6" have a 1, a 0 or a sign), so every run
# is notation; a text that is only a number is a score ("24"), not cards.
CARD_RUN = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKAxX]{2,}(?![0-9A-Za-z])")
# A lone x, X or T is a card in notation (players say 小王, 大王, 10).
LONE_LETTER = re.compile(r"(?<![A-Za-z])[xXT](?![A-Za-z])")
SEAT_NUMBER = re.compile(r"号位|\bseats? \d", re.IGNORECASE)
FORMULA = re.compile(r"[≥≤]|(?<![A-Za-z])[a-zA-Z] ?[−+=<>] ?(?:\d|[a-zA-Z](?![A-Za-z]))")
# English: J, Q and K stand alone only after an article or "one" ("a K"); "A" is only the article, at a
# sentence's start before a word ("A pair of aces", "A 9 does not …"); aces are "aces", never "As".
LONE_COURT = re.compile(r"(?<![A-Za-z])[JQK](?![A-Za-z])")
LONE_A = re.compile(r"(?<![A-Za-z])A(?![A-Za-z])")
AS_ACES = re.compile(r"\bAs\b")
# English: a bare rank with no article, as notation writes a single card ("his last cards, 2, …").
BARE_RANK = re.compile(r"(?<![\w+−.])(?:10|[2-9])(?![\w%])")
COUNTED = re.compile(r" (?:cards?|ranks?|jokers?)\b")
# Chinese: a card named right after a verb with no count before it ("桌上是 25", "出了 K", "用 AA 烧").
ZH_BARE = re.compile(r"(?:是|出了|出|用|剩下|剩|管) (?:10|[2-9JQKA])(?![0-9]| ?[张个种分局])")


def faults(text: str, lang: str) -> list[str]:
    """What in ``text`` (in ``lang``) is engine talk rather than a player's words."""
    if re.fullmatch(r"[−+]?\d+", text):     # a score option
        return []
    found = [f"notation {m.group()!r}" for m in CARD_RUN.finditer(text)]
    found += [f"card letter {m.group()!r}" for m in LONE_LETTER.finditer(text)]
    found += [f"seat number {m.group()!r}" for m in SEAT_NUMBER.finditer(text)]
    found += [f"formula {m.group()!r}" for m in FORMULA.finditer(text)]
    if lang == "zh":
        return found + [f"bare card {m.group()!r}" for m in ZH_BARE.finditer(text)]
    for m in LONE_COURT.finditer(text):
        if not re.search(r"\b(?:[Aa]n?|one) $", text[:m.start()]):
            found.append(f"card letter {m.group()!r} with no article")
    for m in LONE_A.finditer(text):
        before, after = text[:m.start()].rstrip(), text[m.end():]
        starts = not before or before[-1] in ".:;!?(\n"
        if not (starts and re.match(r" [A-Za-z0-9\u4e00-\u9fff]", after)):
            found.append("card letter 'A'")
    found += ["'As' for aces" for _ in AS_ACES.finditer(text)]
    for m in BARE_RANK.finditer(text):
        before = text[:m.start()]
        if not (re.search(r"\b(?:[Aa]n?|one) $", before) or COUNTED.match(text, m.end())):
            found.append(f"bare card {m.group()!r}")
    return found


def texts_of(q) -> list[tuple[str, str, str]]:
    """(where, lang, text) for everything a question writes: prompt, options, explanation."""
    named = [("prompt", q.prompt), *((f"option {i}", o) for i, o in enumerate(q.options)),
             ("explanation", q.explanation)]
    return [(where, lang, text.get(lang)) for where, text in named for lang in LANGS]


def problems(topic: str, seeds) -> list[str]:
    out = []
    for seed in seeds:
        q = make_question(seed, topic)
        for where, lang, text in texts_of(q):
            out += [f"{topic} seed {seed} {where} {lang}: {fault} in {text[:80]!r}" for fault in faults(text, lang)]
    return out


# ----- the scanner itself -------------------------------------------------
OLD = [   # texts the quiz once wrote (both languages)
    ("en", "The standing play is xx29. Which of these beats it?"), ("zh", "桌上是 xx29。下面哪一手管得上它？"),
    ("en", "XXxx"), ("en", "Xx22A"), ("en", "xTTTT"), ("zh", "手里是 5889AAAAAA22xX"),
    ("en", "seat 4 (seat 1's 对头)"), ("en", "Seat 5 leads KK (够级). Who is asked first?"),
    ("zh", "5 号位先出了 KK（够级）。谁先表态？"), ("zh", "2 号位（5 号位的对头）"),
    ("en", "After a burn, with d natural ranks and j jokers left you need j ≥ d − 1"),
    ("zh", "烧完以后剩 d 种点数、j 张王，要 j ≥ d − 1"), ("en", "3 ranks and 2 jokers, 2 ≥ 3 − 1: allowed."),
    ("en", "Burning with XAAAA leaves 5889AA22x: only 4 ranks and 1 joker, they could not go out"),
    ("en", "the 二落 (seat 2) gives the 二科 (seat 4) 1."),
    ("en", "In A the A is not above the 2 of 2 (attached 2s count as that rank)."),
    ("en", "In XA the A is not above the 2 of x2 (attached 2s count as that rank)."),
    ("en", "AA is two As; As count from two: 够级."), ("en", "A is one A; As count from two: not 够级."),
    ("en", "x has one small joker, each needing a big joker over it"),
    ("en", "In J the J is not above the K of K."), ("en", "In 9 the 9 is not above the 9 of 9."),
    ("en", "Seat 1 plays his last cards, 2, and nobody beats them."), ("zh", "桌上是 25。"), ("zh", "桌上是 5。"),
    ("zh", "用 XA 烧"), ("zh", "X9 带大王（死牌）"), ("en", "X"), ("en", "T"), ("en", "K"),
    ("en", "The standing play is 5."),
]

GOOD = [
    ("en", "A pair of aces is 够级: aces need two or more."),
    ("en", "An ace does not beat a 2: aces are lower than 2s."),
    ("en", "A 9 does not beat a 9: a 9 only ties with a 9, and a beat needs every card higher."),
    ("en", "A 2 with a pair of 6s (three 6s) beats three 5s."), ("en", "2s can join any play and are not a rank"),
    ("en", "Seven 7s are not 够级: 3s to 9s never are, however many."),
    ("en", "Four 10s are not 够级: 10s need five or more."),
    ("en", "This team: 头科 (1st) +4, 二科 (2nd) +2, 三科 (3rd) 0, total +6."), ("en", "大落 (last) −4"),
    ("en", "place tribute: 2 cards to Mei"), ("en", "you give Zhang 1 card of point tribute"), ("en", "12"),
    ("en", "24"), ("en", "−4"), ("en", "Only a big joker beats a small joker, and a 2 is not one."),
    ("en", "a K"), ("en", "an ace"), ("en", "Four 2s are four cards and two 2s with three 4s are five"),
    ("en", "Your 下家 Li leads a pair of Ks (够级)."), ("en", "It is 四人乱缠. Your 对头 Zhang goes out"),
    ("en", "串三户: it starts with 亮4."), ("zh", "一张 2 贴一对 9（算三个 9）管得上三个 8"),
    ("zh", "一对 9 是 2 张，一张 9 是 1 张"), ("zh", "4 比 5 小"), ("zh", "A 要两张起"),
    ("zh", "3 到 9 多少张都不够级"), ("zh", "大落 −4，合计 +6"), ("zh", "重新亮4。打憋3 时"),
    ("zh", "桌上是一张 5。"), ("zh", "用一对 A 烧，剩下一个小王"), ("zh", "给阿梅 1 张落贡"),
    ("zh", "串三户，翻倍记 12 分。"),
]


@pytest.mark.parametrize("lang,bad", OLD)
def test_the_scanner_catches_the_old_notation(lang, bad):
    assert faults(bad, lang), bad


@pytest.mark.parametrize("lang,good", GOOD)
def test_the_scanner_lets_players_words_through(lang, good):
    assert faults(good, lang) == [], good


# ----- every question -----------------------------------------------------
@pytest.mark.parametrize("topic", TOPICS)
def test_every_quiz_text_is_in_players_words(topic):
    assert problems(topic, SEEDS)[:10] == []


@pytest.mark.slow
@pytest.mark.parametrize("topic", TOPICS)
def test_every_seed_0_to_3000_makes_a_sound_question_in_players_words(topic):
    """Endless means every seed works: each of 0..3000 makes a question that is sound
    (test_quiz's checks) and in players' words — one generation for both checks."""
    from test_quiz import _sound
    found: list[str] = []
    for seed in range(3001):
        q = make_question(seed, topic)
        _sound(q, topic, seed)
        found += [f"seed {seed} {where} {lang}: {fault}" for where, lang, text in texts_of(q)
                  for fault in faults(text, lang)]
    assert found[:10] == []


def test_the_scan_really_reads_every_text():
    texts = [text for topic in TOPICS for seed in SEEDS[:20] for _, _, text in texts_of(make_question(seed, topic))]
    assert len(texts) > 1000 and sum(len(t) for t in texts) > 60_000
    joined = "\n".join(texts)
    for words in ("一对 A", "a pair of", "大王", "big joker", "对头大张", "your 对头 Zhang", "你", "you"):
        assert words in joined, words


def test_every_character_of_the_quiz_has_a_glyph():
    pygame.freetype.init()
    chars = {ch for topic in TOPICS for seed in SEEDS for _, _, text in texts_of(make_question(seed, topic))
             for ch in text if ch.isprintable() and not ch.isspace()}
    for face in ("GoujiSansSC-Regular.otf", "GoujiSansSC-Bold.otf"):
        font = pygame.freetype.Font(str(asset_path("fonts", face)), 20)
        assert [ch for ch in sorted(chars) if font.get_metrics(ch)[0] is None] == [], face


# ----- the words are the table's ------------------------------------------
def test_the_players_and_roles_are_the_tables():
    assert NAMES[0] .zh == STRINGS["you"][0] and NAMES[0].en == STRINGS["you"][1].lower()
    for n in range(1, 6):
        assert (NAMES[n].zh, NAMES[n].en) == STRINGS[f"name_{n}"]
        assert ROLES[n].zh == STRINGS[f"role_{n}"][0]
    assert ROLES[2].en == ROLES[4].en == EN["lianbang"] and ROLES[3].en == EN["duitou"]
    assert seat(3).zh == "对头大张" and seat(3).en == "your 对头 Zhang" and seat(1).en == "your 下家 Li"


# ----- answerable ---------------------------------------------------------
NAME_OF = {name.get(lang): n for n, name in enumerate(NAMES) for lang in LANGS} | {"You": 0}
NAMES_RE = "|".join(sorted(NAME_OF, key=len, reverse=True))
BURNERS = {"en": re.compile(r"(Nobody|Only (.*?)) can burn it\."), "zh": re.compile(r"(没人|只有(.*?))能烧。")}


def _named(text: str) -> set[int]:
    return {NAME_OF[n] for n in re.findall(rf"({NAMES_RE})", text)}


def _asked_in_the_window(position: str) -> tuple[list[int], int | None]:
    """The seats the engine's burn window asks, in order, and who is asked after them."""
    game = Game.from_position(position, RuleSet.preset("basic"))
    asked = []
    while game.phase == BURN:
        asked.append(game.current_seat)
        game.apply("noburn")
    return asked, game.current_seat


def turn_faults(q) -> list[str]:
    """Why a "turn" question could not be answered from what it says ([] when it can)."""
    game = Game.from_position(q.position, RuleSet.preset("basic"))
    out = []
    right = {seat(n).en: n for n in range(6)}.get(q.options[q.answer].en)
    if right != game.current_seat:
        out.append(f"the right option {q.options[q.answer].en!r} is not the seat asked ({game.current_seat})")
    if not any(right == game.current_seat for right in ({seat(n).en: n for n in range(6)}.get(o.en)
                                                       for o in q.options)):
        out.append("the seat asked is not among the options")
    if game.phase != BURN and not (game.standing and game.phase == "answer"):
        return out            # a round of plays and passes: the story says all
    burners, then = _asked_in_the_window(q.position)
    for lang in LANGS:
        said = BURNERS[lang].search(q.prompt.get(lang))
        if said is None:
            out.append(f"{lang}: the question does not say who can burn")
        elif _named(said.group(2) or "") != set(burners):
            out.append(f"{lang}: it says {said.group(0)!r}, the engine asks {burners} to burn")
    first = burners[0] if burners else then
    if right != first:
        out.append(f"the answer is seat {right}, the first asked is {first}")
    return out


def test_every_turn_question_can_be_answered_from_what_it_says():
    windows = 0
    for seed in SEEDS:
        q = make_question(seed, "turn")
        windows += "burn it" in q.prompt.en
        assert turn_faults(q) == [], (seed, q.prompt.en)
    assert windows > 30     # the sweep saw many 够级 leads


def test_the_turn_check_catches_the_old_question():
    """The old "Seat 5 leads KK (够级). Who is asked first?" said nothing of burns."""
    q = make_question(18, "turn")
    old = type(q)(q.topic, q.seed, type(q.prompt)("5 号位先出了 KK（够级）。谁先表态？",
                                                   "Seat 5 leads KK (够级). Who is asked first?"),
                  q.options, q.answer, q.explanation, q.show, q.position, q.rules, q.cards)
    assert any("does not say who can burn" in fault for fault in turn_faults(old))
    wrong = type(q)(q.topic, q.seed, q.prompt, q.options, (q.answer + 1) % len(q.options), q.explanation, q.show,
                    q.position, q.rules, q.cards)
    assert turn_faults(wrong)


def test_a_turn_question_on_a_gouji_lead_is_not_always_the_duitou():
    """Who is asked first follows from who can burn: sometimes the 对头, often a burner."""
    firsts = {"duitou": 0, "burner": 0}
    for seed in SEEDS:
        q = make_question(seed, "turn")
        if "burn it" in q.prompt.en:
            firsts["duitou" if "Nobody" in q.prompt.en else "burner"] += 1
    assert min(firsts.values()) >= len(SEEDS) // 15, firsts


# ----- the explanations say what happened ---------------------------------
def test_a_burn_that_fails_says_ranks_but_only_so_many_jokers():
    for seed in SEEDS:
        for line in make_question(seed, "burn").explanation.en.splitlines()[1:]:
            if "not allowed" in line:
                assert re.search(r"\w+ ranks \([^)]*\) but (?:only \w+ jokers?|no joker): not allowed", line), line
            else:
                assert re.search(r"\w+ ranks \([^)]*\) and \w+ jokers?: enough, allowed|which always goes out: allowed",
                                 line), line


def test_place_tribute_between_teammates_is_said_to_be_none():
    """The old text announced "the 二落 gives the 二科 1" and dropped it without a word."""
    seen = 0
    for seed in SEEDS:
        q = make_question(seed, "tribute")
        for pair in ("the 大落 \\((\\w+)\\) (?:gives|and) the 头科 \\((\\w+)\\)",
                     "the 二落 \\((\\w+)\\) (?:gives|and) the 二科 \\((\\w+)\\)"):
            found = re.search(pair, q.explanation.en)
            if found is None:
                assert "串三户" in q.explanation.en
                continue
            giver, receiver = (NAME_OF[n] for n in found.groups())
            mates = (giver - receiver) % 2 == 0
            assert mates == ("teammates: no place tribute" in q.explanation.en[found.start():found.end() + 60]), \
                q.explanation.en
            seen += mates
    assert seen > 5


def test_attached_2s_are_explained_only_where_there_are_some():
    """"(two 5s)" follows a play with attached 2s, and nothing else: a play of only 2s has none."""
    for seed in SEEDS:
        for topic in ("beat", "gouji"):
            q = make_question(seed, topic)
            plays = [Play.parse(c) for c in (*q.show, *q.cards) if c]
            attached = any(p.twos and p.naturals for p in plays)
            assert attached or not re.search(r"\((?:two|three|four|five|six|seven) \w+s\)", q.explanation.en), \
                (seed, q.explanation.en)
            assert "attached 2s count" not in q.explanation.en
