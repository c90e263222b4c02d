"""RULES §1: notation, comparison, 够级 — every worked example of §10."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gouji import NotationError, Play, RuleSet, can_beat, is_gouji
from gouji.engine.cards import format_counts, parse_counts
from gouji.engine.plays import is_dead

COMPARISONS = [
    ("888", "999", True), ("888", "9999", False), ("888", "299", True),
    ("22888", "99999", True), ("99999", "22888", False), ("xx888", "XX999", True),
    ("xx888", "X9999", False), ("xx999", "XXXJJ", True), ("xx999", "XX999", False),
    ("x8888", "x9999", False), ("88888", "x9999", True), ("88888", "X7777", False),
    ("AAA", "222", True), ("AAA", "22K", False), ("222", "x22", False), ("222", "xxx", True),
    ("x", "X", True), ("x", "2", False), ("2", "x", True), ("xx", "Xx", False),
    ("xx", "XX", True), ("3333", "2222", True),
    # §1.3's own examples
    ("xx888", "XXX99", True), ("xx888", "XX888", False),
]

GOUJI = [
    ("TTTTT", True), ("TTTT", False), ("2TTTT", True), ("JJJJ", True), ("JJJ", False),
    ("QQQ", True), ("QQ", False), ("KK", True), ("K2", True), ("K", False), ("AA", True),
    ("2", True), ("x9", True), ("99", False), ("99999999", False),
]


@pytest.mark.parametrize("standing,candidate,expected", COMPARISONS)
def test_comparison_examples(standing, candidate, expected):
    assert can_beat(standing, candidate) is expected


@pytest.mark.parametrize("play,expected", GOUJI)
def test_gouji_examples(play, expected):
    assert is_gouji(play) is expected


def test_big_joker_play_is_dead_whatever_follows():
    for candidate in ("XXXXX", "XXXX2", "Xxxxx"):
        assert not can_beat("X3333", candidate)
    assert is_dead("X3333") and not is_dead("x3333")


def test_mixed_jokers_as_small_makes_the_mix_beatable():
    as_small = RuleSet().replace(mixed_jokers="as_small")
    assert not can_beat("Xx", "XX")
    assert can_beat("Xx", "XX", as_small)
    assert not is_dead("Xx", as_small) and is_dead("Xx")
    # a candidate holding both counts as two 小王: it cannot beat a 小王 play
    assert not can_beat("x8", "Xx", as_small) and can_beat("x8", "Xx")


def test_attached_twos_take_the_rank_and_jokers_do_not():
    assert Play.parse("22333").body == 5 and Play.parse("22333").rank == 0
    assert str(Play.parse("888xx")) == "xx888"
    assert str(Play.parse("KK2")) == "2KK"


@pytest.mark.parametrize("text,fragment", [
    ("", "at least one card"), ("89", "two natural ranks"), ("8Z", "unknown card letter 'Z'"),
    ("  ", "at least one card"), ("A2K", "two natural ranks"),
])
def test_bad_notation_names_the_problem(text, fragment):
    with pytest.raises(NotationError) as info:
        Play.parse(text)
    assert fragment in str(info.value)


# ----- properties --------------------------------------------------------
RANKS = "3456789TJQKA2xX"


@st.composite
def plays(draw, max_size=6):
    natural = draw(st.sampled_from("3456789TJQKA" + "-"))
    n = 0 if natural == "-" else draw(st.integers(1, max_size))
    twos = draw(st.integers(0, 3))
    small = draw(st.integers(0, 2))
    big = draw(st.integers(0, 2))
    if n + twos + small + big == 0:
        twos = 1
    return Play.parse(("" if natural == "-" else natural * n) + "2" * twos + "x" * small + "X" * big)


@st.composite
def same_size_plays(draw, count):
    size = draw(st.integers(1, 5))
    result = []
    for _ in range(count):
        big = draw(st.integers(0, size))
        small = draw(st.integers(0, size - big))
        body = size - big - small
        rank = draw(st.sampled_from("3456789TJQKA2"))
        if body and rank != "2":
            twos = draw(st.integers(0, body - 1))
            text = rank * (body - twos) + "2" * twos
        else:
            text = "2" * body
        result.append(Play.parse(text + "x" * small + "X" * big))
    return result


RULESETS = st.sampled_from([RuleSet(), RuleSet().replace(mixed_jokers="as_small")])


@given(plays(), RULESETS)
def test_can_beat_is_irreflexive(p, rules):
    assert not can_beat(p, p, rules)


@given(same_size_plays(2), RULESETS)
def test_can_beat_is_asymmetric(pair, rules):
    a, b = pair
    assert not (can_beat(a, b, rules) and can_beat(b, a, rules))


@given(same_size_plays(3), RULESETS)
def test_can_beat_is_transitive(triple, rules):
    a, b, c = triple
    if can_beat(a, b, rules) and can_beat(b, c, rules):
        assert can_beat(a, c, rules)


@given(same_size_plays(2), RULESETS)
def test_whatever_beats_a_gouji_is_gouji(pair, rules):
    a, b = pair
    if is_gouji(a) and can_beat(a, b, rules):
        assert is_gouji(b)


@given(plays())
def test_play_notation_round_trips(p):
    assert Play.parse(str(p)) == p
    assert eval(repr(p), {"Play": Play}) == p


@given(st.lists(st.sampled_from(RANKS), max_size=40))
def test_hand_notation_round_trips(letters):
    counts = parse_counts("".join(letters))
    text = format_counts(counts)
    assert parse_counts(text) == counts
    assert list(text) == sorted(letters, key=RANKS.index)
