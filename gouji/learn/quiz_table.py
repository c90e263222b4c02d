"""Quiz topics on the table, answered by playing the position in the engine:
whose turn is it (§3.2, §3.4), may this player burn and with what (§3.5),
who leads after this 底牌 (§3.8).

These follow the basic rules (``RULES``: no 憋3, so a 底牌 may be any play and
a burn's remainder needs a joker for every rank left but one); the quiz screen
names them. Seats are named as the table names them, seen from you at seat 0
(你, 下家小李, 对头大张 …), cards in words; an option that is a play is drawn too."""

from __future__ import annotations

import random

from ..engine import Game, RuleSet
from ..engine.cards import ACE, BIG, KING, RANK_LETTERS, SMALL, TEN, TWO, format_counts
from ..engine.movegen import beating_plays, feasible, remainder
from ..engine.phases import FOLLOW, LEAD
from ..engine.plays import GOUJI_MINIMUM, Play, is_dead, is_gouji
from ..engine.seats import SEATS, next_seat, opposite, others_from, teammates
from .draft import Draft, shuffled
from .lessons import Text
from .quiz_plays import CardsDraft, card_options
from .words import (
    BIG_JOKER,
    and_list,
    be,
    cap,
    count,
    hand_words,
    join,
    name,
    names,
    play_words,
    possessive,
    rank,
    rank_plural,
    seat,
    verb,
)

RULES = "basic"           # the preset these questions follow (the quiz screen names it)
BASIC = RuleSet.preset(RULES)
LOW = "456789"


def _deck(letters: str) -> list[str]:
    """Four packs' worth of the given ranks (16 of each rank, 4 of each joker)."""
    return [c for c in letters for _ in range(4 if c in "xX" else 16)]


def _hands(rng: random.Random, letters: str, size: int, count: int = 6) -> list[str]:
    """``count`` hands of ``size`` cards drawn from four packs of ``letters``."""
    cards = rng.sample(_deck(letters), size * count)
    return [format_counts(_counts(cards[i * size:(i + 1) * size])) for i in range(count)]


def _counts(letters: list[str]) -> list[int]:
    return [letters.count(r) for r in RANK_LETTERS]


def _seat_options(rng: random.Random, right: int, likely: list[int],
                  exclude: tuple[int, ...] = ()) -> tuple[tuple[Text, ...], int]:
    """The right seat among three others, the likely mistakes first; each named as the table names it."""
    pool = dict.fromkeys(likely + rng.sample(SEATS, len(SEATS)))
    others = [s for s in pool if s != right and s not in exclude][:3]
    return shuffled(rng, seat(right), [seat(s) for s in others])


def _story(game: Game) -> Text:
    """The round so far, one action per line; a seat is named in full the first time."""
    lines, seen = [], set()
    for who, kind, cards in _round_log(game):
        named = name(who) if who in seen else seat(who)
        seen.add(who)
        if kind == "pass":
            lines.append(Text(f"{named.zh}过牌", f"{named.en} {verb(who, 'passes', 'pass')}"))
        else:
            play = play_words(cards)
            lines.append(Text(f"{named.zh}出{play.zh}", f"{named.en} {verb(who, 'plays', 'play')} {play.en}"))
    return join(lines, "，", ", ")


def _round_log(game: Game) -> list[tuple[int, str, str]]:
    return list(game.view(0).round_log)


# ----- whose turn ---------------------------------------------------------
def turn_question(rng: random.Random) -> Draft:
    return _window_turn(rng) if rng.random() < 0.4 else _follow_turn(rng)


def _follow_turn(rng: random.Random) -> Draft:
    """A round of small plays and passes: who is asked next (lockout and its 对头 exception)."""
    while True:
        game = Game.from_hands(_hands(rng, LOW, 9), rng.choice(SEATS), BASIC)
        game.apply(rng.choice([a for a in game.legal_actions() if len(a) <= 7]))
        for _ in range(rng.randint(3, 8)):
            trial = game.clone()
            choices = [a for a in trial.legal_actions() if a != "rang"]
            trial.apply("pass" if rng.random() < 0.55 else rng.choice(choices))
            if trial.phase != FOLLOW:
                break
            game = trial
        current, standing = game.current_seat, game.standing
        if game.phase != FOLLOW or current is None or standing is None:
            continue
        owner, last = standing[0], _round_log(game)[-1][0]
        passed = any(who == current and kind == "pass" for who, kind, _ in _round_log(game))
        skipped = _between(last, current)
        if passed or skipped:   # a question about lockout, not just the next seat
            break
    reasons = [_skip_reason(s, owner) for s in skipped] + [_asked_reason(current, owner, passed)]
    options, answer = _seat_options(rng, current, [next_seat(last), opposite(owner)])
    story = _story(game)
    prompt = Text(f"这一轮：{story.zh}。现在轮到谁？", f"This round: {story.en}. Whose turn is it now?")
    return Draft(prompt, options, answer, join(reasons, "\n", "\n"), position=game.position())


def _between(last: int, current: int) -> list[int]:
    """Seats after ``last`` and before ``current`` in playing order."""
    out, s = [], next_seat(last)
    while s != current:
        out.append(s)
        s = next_seat(s)
    return out


def _skip_reason(s: int, owner: int) -> Text:
    who = name(s)
    if s == owner:
        return Text(f"桌上是{who.zh}自己的牌。", f"{cap(who.en)} {verb(s, 'owns', 'own')} the standing play.")
    mine = possessive(s)
    return Text(f"{who.zh}这一轮过过牌，桌上又不是{mine.zh}对头的牌：锁住了，不再问{who.zh}。",
                f"{cap(who.en)} passed earlier in this round and the standing play is not from {mine.en} 对头: "
                f"{who.en} {'are' if s == 0 else 'is'} locked out.")


def _asked_reason(s: int, owner: int, passed: bool) -> Text:
    who, mine = name(s), possessive(s)
    if passed:
        return Text(f"{who.zh}虽然过过牌，但桌上是{mine.zh}对头{name(owner).zh}的牌：对头的牌还能再管一次。",
                    f"{cap(who.en)} passed before, but the standing play is from {mine.en} 对头 {name(owner).en}: "
                    f"{who.en} {verb(s, 'gets', 'get')} another turn on it.")
    return Text(f"{who.zh}这一轮还没过牌，按顺序轮到{who.zh}。",
                f"{cap(who.en)} {verb(s, 'has', 'have')} not passed in this round, so it is {mine.en} turn.")


def _window_turn(rng: random.Random) -> Draft:
    """A 够级 lead, and the question says who can burn it: who is asked first — the first of them
    in the burn order, or the leader's 对头 when nobody can."""
    while True:
        owner = rng.choice(SEATS)
        lead = _gouji_play(rng)
        order = [*teammates(owner), next_seat(owner), next_seat(owner, 5)]
        hands = _hands(rng, "456789TJQKA2xX", 8)
        hands[owner] = str(lead) + "4"
        if rng.random() < 0.6:     # someone gets a hand that can burn it
            for s in rng.sample(order, rng.choice((1, 1, 2))):
                hands[s] = _burning_hand(rng, lead)
        try:
            game = Game.from_hands(hands, owner, BASIC)
        except ValueError:         # more of a rank than four packs hold
            continue
        game.apply(f"play {lead}")
        break
    current = game.current_seat
    burners = [s for s in order if _can_burn(game.hand_counts(s), lead)]
    rival = opposite(owner)
    if current != (burners[0] if burners else rival):
        raise AssertionError(f"the engine asks seat {current} first, not the first who can burn {burners}")
    head = Text(f"够级牌先按顺序问能烧的人：先问{possessive(owner).zh}联邦（{names(order[:2]).zh}），"
                f"再问其他对手（{names(order[2:]).zh}）；烧不了的人不问。最后才问{possessive(owner).zh}对头"
                f"（{name(rival).zh}）。",
                f"A 够级 play first goes to those who can burn it, in this order: {possessive(owner).en} teammates "
                f"({names(order[:2]).en}), then {possessive(owner).en} other opponents ({names(order[2:]).en}); "
                f"those who cannot burn are skipped. {cap(possessive(owner).en)} 对头 ({name(rival).en}) comes last.")
    if burners:
        first = name(burners[0])
        if len(burners) == 1:
            why = Text(f"只有{first.zh}能烧，所以先问{first.zh}。", f"Only {first.en} can burn, so {first.en} "
                       f"{verb(burners[0], 'is', 'are')} asked first.")
        else:
            why = Text(f"能烧的有{names(burners).zh}，按这个顺序{first.zh}在前，先问{first.zh}。",
                       f"{names(burners).en} can burn; {first.en} {verb(burners[0], 'comes', 'come')} first in that "
                       f"order, so {first.en} {verb(burners[0], 'is', 'are')} asked first.")
    else:
        why = Text(f"没人能烧，所以先问{possessive(owner).zh}对头（{name(rival).zh}）：管上或者扣牌。",
                   f"Nobody can burn, so {possessive(owner).en} 对头 ({name(rival).en}) is asked first: beat it or "
                   "pass (扣).")
    options, answer = _seat_options(rng, current, [rival, next_seat(owner), *burners[1:], order[0]], (owner,))
    led, burn = play_words(lead), _who_can_burn(burners)
    prompt = Text(f"{seat(owner).zh}先出了{led.zh}（够级）。{burn.zh}谁先表态？",
                  f"{cap(seat(owner).en)} {verb(owner, 'leads', 'lead')} {led.en} (够级). {burn.en} Who is asked "
                  "first?")
    return Draft(prompt, options, answer, join([head, why], "\n", "\n"), position=game.position())


def _who_can_burn(burners: list[int]) -> Text:
    """The sentence that makes a 够级 lead's turn question answerable: who can burn it."""
    if not burners:
        return Text("没人能烧。", "Nobody can burn it.")
    return Text(f"只有{names(burners).zh}能烧。", f"Only {names(burners).en} can burn it.")


def _burning_hand(rng: random.Random, lead: Play) -> str:
    """A hand that can burn ``lead``: a higher set of its size and one low rank (a one-rank remainder)."""
    higher = "TJQKA"[rng.randint(lead.rank + 1, ACE) - TEN]
    return higher * lead.size + rng.choice(LOW) * rng.randint(1, 3)


def _can_burn(hand: list[int], lead: Play) -> bool:
    """§3.5 without 憋3: a play that beats ``lead`` whose remainder can still go out."""
    return any(feasible(remainder(hand, p), False) for p in beating_plays(hand, lead, False))


def _gouji_play(rng: random.Random) -> Play:
    r = rng.randint(TEN, KING)
    return Play(r, GOUJI_MINIMUM[r], 0, 0, 0)


# ----- may you burn -------------------------------------------------------
BURNER = 0                # the burn question is always yours: your hand is the one shown
RULE = Text("烧完以后，你先出的每一手都要挂王（出完的最后一手除外）：剩下的点数除了一种，每种都要一个王。"
            "2 可以贴在任何一手上，不算点数。",
            "After a burn, every play you lead must carry a joker, except your last: every rank left but one needs "
            "a joker. 2s can join any play and are not a rank.")


def burn_question(rng: random.Random) -> Draft:
    while True:
        owner = rng.choice([s for s in SEATS if s not in (BURNER, opposite(BURNER))])
        lead = _gouji_play(rng)
        hand = _burner_hand(rng, lead)
        hands = ["-"] * 6
        hands[owner], hands[BURNER] = "4", format_counts(hand)
        game = Game.from_position(f"{'/'.join(hands)} burn {BURNER} leader={owner} play={owner}:{lead} seq=1:1",
                                  BASIC)
        legal = {a.split(" ", 1)[1] for a in game.legal_actions() if a.startswith("burn ")}
        candidates = [str(p) for p in beating_plays(hand, lead, False)]
        ok, bad = [c for c in candidates if c in legal], [c for c in candidates if c not in legal]
        if len(bad) >= 2 or (ok and bad):
            break
    none = Text("你不能烧", "you may not burn")
    choice = rng.choice(ok) if ok else ""
    right = (play_words(choice), choice) if ok else (none, "")
    wrong = [(play_words(c), c) for c in rng.sample(bad, min(len(bad), 2 if ok else 3))] + ([(none, "")] if ok else [])
    options, answer, shown = card_options(rng, right, wrong)
    reasons = [_feasibility(hand, Play.parse(c)) for c in shown if c]
    led, held = play_words(lead), hand_words(hand)
    prompt = Text(f"{seat(owner).zh}出了{led.zh}（够级）。你不是{name(owner).zh}的对头，手里是{held.zh}。"
                  "你能用哪一手烧？",
                  f"{cap(seat(owner).en)} played {led.en} (够级). You are not {name(owner).en}'s 对头, and you hold "
                  f"{held.en}. Which play may you burn with?")
    return CardsDraft(prompt, options, answer, join([RULE, *reasons], "\n", "\n"),
                      show=(str(lead), format_counts(hand)), position=game.position(), cards=shown)


def _burner_hand(rng: random.Random, lead: Play) -> list[int]:
    hand = [0] * len(RANK_LETTERS)
    hand[rng.randint(lead.rank + 1, ACE)] = lead.size + rng.randint(0, 1)
    hand[TWO] = rng.choice((0, 0, 1, 2))
    hand[SMALL], hand[BIG] = rng.choice((0, 0, 1, 1, 2)), rng.choice((0, 0, 0, 1))
    for r in rng.sample(range(1, TEN), rng.randint(1, 4)):
        hand[r] += rng.randint(1, 2)
    return hand


ZH_COUNTS = ("零", "一", "两", "三", "四", "五", "六", "七", "八")


def _feasibility(hand: list[int], play: Play) -> Text:
    """What a burn with ``play`` leaves: its ranks (3..A) and jokers, and whether they can go out."""
    left = remainder(hand, play)
    ranks = [r for r in reversed(range(TWO)) if left[r]]
    jokers = left[SMALL] + left[BIG]
    used = play_words(play)
    listed = Text("、".join(rank(r).zh for r in ranks), and_list([rank_plural(r) for r in ranks], "en"))
    start = Text(f"用{used.zh}烧，", f"{cap(used.en)} {'leave' if be(used.en) == 'are' else 'leaves'} ")
    if len(ranks) <= 1:
        kind = Text(f"只剩一种点数（{listed.zh}）" if ranks else "一种点数也不剩",
                    f"one rank ({listed.en})" if ranks else "no rank at all")
        return Text(f"{start.zh}{kind.zh}，总是出得完，可以烧。", f"{start.en}{kind.en}, which always goes out: "
                    "allowed.")
    left_zh = f"剩下{ZH_COUNTS[len(ranks)]}种点数（{listed.zh}）"
    left_en = f"{count(len(ranks))} ranks ({listed.en})"
    if feasible(left, False):
        return Text(f"{start.zh}{left_zh}、{ZH_COUNTS[jokers]}个王，够了，可以烧。",
                    f"{start.en}{left_en} and {count(jokers)} joker{'s' * (jokers != 1)}: enough, allowed.")
    held = Text(f"只有{ZH_COUNTS[jokers]}个王", f"only {count(jokers)} joker{'s' * (jokers != 1)}") if jokers else \
        Text("一个王也没有", "no joker")
    return Text(f"{start.zh}{left_zh}，{held.zh}：出不完，不能这样烧。",
                f"{start.en}{left_en} but {held.en}: not allowed.")


# ----- who leads after the 底牌 --------------------------------------------
def lead_question(rng: random.Random) -> Draft:
    while True:
        finisher = rng.choice(SEATS)
        out = rng.sample([s for s in SEATS if s != finisher], rng.choice((0, 1, 1, 2)))
        last = rng.choice(("77", "888", "9", "KK", "QQQ", "2", "x8", "X9"))
        hands = ["-" if s in out else _hands(rng, "456", 5, 1)[0] for s in SEATS]
        hands[finisher] = last
        fields = ["chaos=1"] * (len(out) == 2) + [f"out={','.join(map(str, out))}"] * bool(out)
        wutou = sorted(opposite(s) for s in out if opposite(s) not in out)
        fields += [f"wutou={','.join(map(str, wutou))}"] * bool(wutou)
        game = Game.from_position(" ".join(["/".join(hands), "lead", str(finisher), *fields]), BASIC)
        game.apply(f"play {last}")
        while game.phase not in (LEAD, "over"):
            game.apply("pass" if "pass" in game.legal_actions() else "noburn")
        if game.phase == LEAD:
            break
    leader = game.current_seat
    assert leader is not None
    rival, chaos = opposite(finisher), len(out) == 2
    nxt = next(s for s in others_from(finisher) if s not in out)
    why = _lead_reason(last, finisher, rival, rival not in out, chaos, nxt)
    options, answer = _seat_options(rng, leader, [rival, nxt], (finisher, *out))
    gone = Text(f"（{names(out).zh}已经出完了）",
                f" ({names(out).en} {'are' if len(out) > 1 or out == [0] else 'is'} already out)") \
        if out else Text("", "")
    mode = Text("现在是四人乱缠。", "It is 四人乱缠. ") if chaos else Text("", "")
    played = play_words(last)
    prompt = Text(f"{mode.zh}{seat(finisher).zh}出了最后一手{played.zh}{gone.zh}，没人管得上。下一轮谁先出？",
                  f"{mode.en}{cap(seat(finisher).en)} {verb(finisher, 'goes', 'go')} out{gone.en}, and nobody beats "
                  f"{possessive(finisher).en} last play, {played.en}. Who leads next?")
    return Draft(prompt, options, answer, why, show=(last,))


def _lead_reason(last: str, finisher: int, rival: int, rival_in: bool, chaos: bool, nxt: int) -> Text:
    jiefeng = Text(f"接风：{name(finisher).zh}后面第一个还有牌的人先出，就是{name(nxt).zh}。",
                   f"接风: the first player after {name(finisher).en} who still holds cards leads: {name(nxt).en}.")
    if chaos:
        chaos_note = Text("四人乱缠时底牌站住了总是接风。", "In 四人乱缠 a standing 底牌 always means 接风.")
        return join([chaos_note, jiefeng], "", " ")
    played = play_words(last)
    if is_gouji(last) or is_dead(last):
        kind = Text("是死牌（带大王）", f"{be(played.en)} a dead play (it holds a {BIG_JOKER})") if is_dead(last) else \
            Text("是够级牌", f"{be(played.en)} 够级")
        theirs = possessive(finisher)
        if rival_in:
            return Text(f"{played.zh}{kind.zh}：底牌站住了，由{theirs.zh}对头（{name(rival).zh}）先出。",
                        f"{cap(played.en)} {kind.en}: the 底牌 stands, so {theirs.en} 对头 ({name(rival).en}) leads.")
        return join([Text(f"{played.zh}{kind.zh}，可{theirs.zh}对头也出完了：",
                          f"{cap(played.en)} {kind.en}, but {theirs.en} 对头 is out too:"), jiefeng], "", " ")
    return join([Text(f"{played.zh}不够级。", f"{cap(played.en)} {be(played.en)} not 够级."), jiefeng], "", " ")
