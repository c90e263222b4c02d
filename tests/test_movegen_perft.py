"""Perft-style check: legal_actions() against a brute-force generator.

The oracle enumerates every sub-multiset of a small hand, keeps the valid
plays, and filters them with ``can_beat`` and a *search* for the burn test
(can the rest go out with a joker on every play but the last?) — an
independent implementation of RULES §1.3, §3.5 and §7. Sets are compared; on
a mismatch the assertion prints the divide (missing / extra actions).
"""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

import pytest

from gouji import Game, NotationError, Play, RuleSet, can_beat
from gouji.engine.cards import THREE, format_counts, parse_counts

RULESETS = {
    "basic": RuleSet.preset("basic"),
    "bie_san": RuleSet.preset("basic").replace(bie_san=True),
    "as_small": RuleSet.preset("basic").replace(mixed_jokers="as_small"),
}
POOL = "3345566789TTJQKKAA2222xxXX"


def sub_plays(counts: tuple[int, ...]):
    for sub in itertools.product(*(range(n + 1) for n in counts)):
        if not any(sub):
            continue
        try:
            yield Play.from_counts(list(sub))
        except NotationError:
            continue


def minus(counts, play: Play) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(counts, play.counts()))


def has_threes(play: Play) -> bool:
    return play.naturals > 0 and play.rank == THREE


@lru_cache(maxsize=None)
def can_finish(counts: tuple[int, ...], bie_san: bool) -> bool:
    """Search: split into plays, all but the last carrying a joker."""
    if not any(counts):
        return True
    if bie_san and counts[THREE]:
        if sum(counts) == counts[THREE]:
            return True
    else:
        try:
            Play.from_counts(list(counts))
            return True
        except NotationError:
            pass
    return any(can_finish(minus(counts, p), bie_san) for p in sub_plays(counts)
               if p.jokers and not (bie_san and has_threes(p)))


def bie_san_ok(hand, play: Play, rules: RuleSet) -> bool:
    if not rules.bie_san or not hand[THREE]:
        return True
    only_threes = sum(hand) == hand[THREE]
    if only_threes:
        return play.counts() == list(hand)
    return not has_threes(play)


def oracle(kind: str, hand, rules: RuleSet, standing: Play | None, burning: bool) -> set[str]:
    hand = tuple(hand)
    result = set()
    for p in sub_plays(hand):
        if not bie_san_ok(hand, p, rules):
            continue
        rest = minus(hand, p)
        if standing is not None and not can_beat(standing, p, rules):
            continue
        duty = burning or kind == "burn"
        if duty and not can_finish(rest, rules.bie_san):
            continue
        if burning and standing is None and not p.jokers and any(rest):
            continue
        result.add(f"{kind} {p}")
    return result


def divide(got: set[str], want: set[str]) -> str:
    return f"missing {sorted(want - got)}; extra {sorted(got - want)}"


def random_hand(rng: random.Random, size: int) -> str:
    return "".join(rng.sample(POOL, size))


FILLER = "3"  # a card that beats nothing


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("burning", [False, True])
def test_leads_match_brute_force(name, burning):
    rules, rng = RULESETS[name], random.Random(f"lead{name}{burning}")
    for _ in range(150):
        hand = random_hand(rng, rng.randint(1, 8))
        # seat 0 leads; with burning, he is in burn mode after beating seat 3's 够级
        extra = " burning=0:3" if burning else ""
        g = Game.from_position("/".join([hand] + [FILLER] * 5) + " lead 0" + extra, rules)
        want = oracle("play", parse_counts(hand), rules, None, burning)
        got = set(g.legal_actions())
        assert got == want, f"lead {hand!r} ({name}, burning={burning}): {divide(got, want)}"


STANDINGS = ["5", "K", "2", "x", "55", "KK", "22", "x9", "2Q", "xx", "888", "x22", "XxK"]


@pytest.mark.parametrize("name", RULESETS)
def test_answers_match_brute_force(name):
    """The 对头 answering any standing play (also 够级, jokers, 2s)."""
    rules, rng = RULESETS[name], random.Random(f"answer{name}")
    for _ in range(200):
        standing = rng.choice(STANDINGS)
        hand = random_hand(rng, rng.randint(1, 8))
        g = Game.from_hands([standing + "4", "3", "3", hand, "3", "3"], rules=rules)
        g.apply(f"play {standing}")
        if g.current_seat != 3 or g.phase not in ("answer", "follow"):
            continue  # dead plays end the round: nobody is asked
        want = oracle("play", parse_counts(hand), rules, Play.parse(standing), False)
        got = {a for a in g.legal_actions() if a.startswith("play")}
        assert got == want, f"{hand!r} on {standing!r} ({name}): {divide(got, want)}"


@pytest.mark.parametrize("name", RULESETS)
def test_follows_match_brute_force(name):
    rules, rng = RULESETS[name], random.Random(f"follow{name}")
    for _ in range(200):
        standing = rng.choice(["5", "55", "9", "TT", "JJJ", "Q", "A", "K"])
        hand = random_hand(rng, rng.randint(1, 8))
        g = Game.from_hands([standing + "4", hand, "3", "3", "3", "3"], rules=rules)
        g.apply(f"play {standing}")
        assert g.current_seat == 1 and g.phase == "follow"
        want = oracle("play", parse_counts(hand), rules, Play.parse(standing), False)
        got = {a for a in g.legal_actions() if a.startswith("play")}
        assert got == want, f"{hand!r} on {standing!r} ({name}): {divide(got, want)}"


@pytest.mark.parametrize("name", RULESETS)
def test_burns_match_brute_force(name):
    rules, rng = RULESETS[name], random.Random(f"burn{name}")
    asked = 0
    for _ in range(600):
        standing = rng.choice(["KK", "2", "AA", "QQQ", "x5", "22", "2JJJ"])
        hand = random_hand(rng, rng.randint(1, 7))
        g = Game.from_hands([standing + "4", "3", hand, "3", "3", "3"], rules=rules)
        g.apply(f"play {standing}")
        want = oracle("burn", parse_counts(hand), rules, Play.parse(standing), False)
        if g.current_seat != 2:
            assert not want, f"seat 2 not asked but could burn {sorted(want)} with {hand!r}"
            continue
        asked += 1
        got = {a for a in g.legal_actions() if a.startswith("burn")}
        assert got == want, f"burn {hand!r} on {standing!r} ({name}): {divide(got, want)}"
        assert "noburn" in g.legal_actions()
    assert asked > 40  # enough windows really opened


@pytest.mark.slow
def test_oracle_agrees_with_the_feasibility_formula():
    from gouji.engine.movegen import feasible
    rng = random.Random(3)
    for _ in range(400):
        counts = tuple(parse_counts(random_hand(rng, rng.randint(0, 9))))
        for bie_san in (False, True):
            assert feasible(list(counts), bie_san) == can_finish(counts, bie_san), (
                format_counts(counts), bie_san)


@pytest.mark.parametrize("hand, asked", [("xAA56", True), ("xAA567", False), ("xXAA567", True)])
def test_a_burn_window_asks_at_the_joker_bound(hand, asked):
    """A seat with fewer jokers than its natural ranks less two is not asked
    (no burn can leave it feasible); one with exactly that many may be: xAA56
    burns AA and keeps x56 (one joker for two ranks to go)."""
    g = Game.from_hands(["KK4", "3", hand, "3", "3", "3"], rules=RULESETS["basic"])
    g.apply("play KK")
    want = oracle("burn", parse_counts(hand), RULESETS["basic"], Play.parse("KK"), False)
    assert bool(want) == asked
    assert (g.current_seat == 2) == asked, f"{hand}: asked {g.current_seat == 2}, can burn {sorted(want)}"
