"""Quiz topics on the table, answered by playing the position in the engine:
whose turn is it (§3.2, §3.4), may this player burn and with what (§3.5),
who leads after this 底牌 (§3.8).

These follow the basic rules (``RULES``: no 憋3, so a 底牌 may be any play and
a burn's remainder needs j ≥ d − 1 jokers); the quiz screen names them."""

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
from .words import BIG_JOKER, join, seat, seat_of

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


def _seat_options(rng: random.Random, right: int, likely: list[int], ref: int,
                  exclude: tuple[int, ...] = ()) -> tuple[tuple[Text, ...], int]:
    """The right seat among three others, the likely mistakes first; named relative to ``ref``."""
    pool = dict.fromkeys(likely + rng.sample(SEATS, len(SEATS)))
    others = [s for s in pool if s != right and s not in exclude][:3]
    return shuffled(rng, _name(right, ref), [_name(s, ref) for s in others])


def _name(n: int, ref: int) -> Text:
    return seat(n) if n == ref else seat_of(n, ref)


def _story(game: Game) -> Text:
    """The round so far, one action per line."""
    lines = []
    for who, kind, cards in _round_log(game):
        if kind == "pass":
            lines.append(Text(f"{who} 号位过牌", f"seat {who} passes"))
        else:
            lines.append(Text(f"{who} 号位出 {cards}", f"seat {who} plays {cards}"))
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
    options, answer = _seat_options(rng, current, [next_seat(last), opposite(owner)], owner)
    prompt = Text(f"这一轮：{_story(game).zh}。现在轮到谁？", f"This round: {_story(game).en}. Whose turn is it now?")
    return Draft(prompt, options, answer, join(reasons, "\n", "\n"), position=game.position())


def _between(last: int, current: int) -> list[int]:
    """Seats after ``last`` and before ``current`` in playing order."""
    out, s = [], next_seat(last)
    while s != current:
        out.append(s)
        s = next_seat(s)
    return out


def _skip_reason(s: int, owner: int) -> Text:
    if s == owner:
        return Text(f"{s} 号位自己的牌在桌上。", f"Seat {s} owns the standing play.")
    return Text(f"{s} 号位这一轮过过牌，桌上又不是他对头的牌：锁住了，不问他。",
                f"Seat {s} passed earlier in this round and the standing play is not his 对头's: locked out.")


def _asked_reason(s: int, owner: int, passed: bool) -> Text:
    if passed:
        return Text(f"{s} 号位虽然过过牌，但桌上是他对头（{owner} 号位）的牌：对头牌他还能管一次。",
                    f"Seat {s} passed before, but the standing play is his 对头's (seat {owner}): "
                    "he gets a turn again.")
    return Text(f"{s} 号位这一轮还没过牌，按顺序轮到他。", f"Seat {s} has not passed in this round: it is his turn.")


def _window_turn(rng: random.Random) -> Draft:
    """A 够级 lead: who is asked first — a burner in the burn order, or the 对头."""
    owner = rng.choice(SEATS)
    lead = _gouji_play(rng)
    hands = _hands(rng, "456789TJQKA2xX", 8)
    hands[owner] = str(lead) + "4"
    game = Game.from_hands(hands, owner, BASIC)
    game.apply(f"play {lead}")
    current = game.current_seat
    assert current is not None
    order = [*teammates(owner), next_seat(owner), next_seat(owner, 5)]
    reasons = [_burn_reason(game, s, lead) for s in (order[:order.index(current)] if current in order else order)]
    if current in order:
        reasons.append(Text(f"{current} 号位能烧，先问他。", f"Seat {current} can burn it, so he is asked first."))
    else:
        reasons.append(Text(f"没人能烧，问出牌人的对头 {current} 号位：管上或者扣牌。",
                            f"Nobody can burn, so the player's 对头, seat {current}, is asked: beat it or pass."))
    head = Text(f"够级牌先按顺序问能烧的人：{owner} 号位的联邦（{order[0]}、{order[1]} 号位），"
                f"再问其他对手（{order[2]}、{order[3]}"
                f" 号位）；烧不了的人不问。最后才问对头。",
                f"A 够级 play first goes to those who may burn, in order: seat {owner}'s teammates (seats {order[0]}, "
                f"{order[1]}), then his other opponents (seats {order[2]}, {order[3]}); those who cannot burn are "
                "skipped. His 对头 comes last.")
    options, answer = _seat_options(rng, current, [opposite(owner), next_seat(owner)], owner)
    prompt = Text(f"{owner} 号位先出了 {lead}（够级）。谁先表态？",
                  f"Seat {owner} leads {lead} (够级). Who is asked first?")
    return Draft(prompt, options, answer, join([head, *reasons], "\n", "\n"), position=game.position())


def _gouji_play(rng: random.Random) -> Play:
    r = rng.randint(TEN, KING)
    return Play(r, GOUJI_MINIMUM[r], 0, 0, 0)


def _burn_reason(game: Game, s: int, lead: Play) -> Text:
    counts = game.hand_counts(s)
    beats = list(beating_plays(counts, lead, False))
    if not beats:
        return Text(f"{s} 号位没有管得上 {lead} 的牌。", f"Seat {s} has nothing that beats {lead}.")
    return Text(f"{s} 号位管得上，但烧完剩下的牌出不完（除了最后一手，每手都要挂王），烧不了。",
                f"Seat {s} could beat it, but the cards left after any burn could not go out with a joker on "
                "every play but the last: he cannot burn.")


# ----- may he burn --------------------------------------------------------
def burn_question(rng: random.Random) -> Draft:
    while True:
        owner = rng.choice(SEATS)
        burner = rng.choice([s for s in SEATS if s not in (owner, opposite(owner))])
        lead = _gouji_play(rng)
        hand = _burner_hand(rng, lead)
        hands = ["-"] * 6
        hands[owner], hands[burner] = "4", format_counts(hand)
        game = Game.from_position(f"{'/'.join(hands)} burn {burner} leader={owner} play={owner}:{lead} seq=1:1",
                                  BASIC)
        legal = {a.split(" ", 1)[1] for a in game.legal_actions() if a.startswith("burn ")}
        candidates = [str(p) for p in beating_plays(hand, lead, False)]
        ok, bad = [c for c in candidates if c in legal], [c for c in candidates if c not in legal]
        if len(bad) >= 2 or (ok and bad):
            break
    none = Text("他不能烧", "he may not burn")
    choice = rng.choice(ok) if ok else ""
    right = Text(choice, choice) if ok else none
    wrong = [Text(c, c) for c in rng.sample(bad, min(len(bad), 2 if ok else 3))] + ([none] if ok else [])
    options, answer = shuffled(rng, right, wrong)
    reasons = [_feasibility(hand, Play.parse(o.en)) for o in options if o != none]
    rule = Text("烧完以后剩 d 种点数、j 张王，要 j ≥ d − 1（2 不算点数；只剩一种点数总可以）。",
                "After a burn, with d natural ranks and j jokers left you need j ≥ d − 1 (2s are not a rank; "
                "one rank left always passes).")
    prompt = Text(f"{owner} 号位出了 {lead}（够级）。{burner} 号位不是他的对头，"
                  f"手里是 {format_counts(hand)}。他能用哪一手烧？",
                  f"Seat {owner} played {lead} (够级). Seat {burner}, not his 对头, holds {format_counts(hand)}. "
                  "Which play may he burn with?")
    return Draft(prompt, options, answer, join([rule, *reasons], "\n", "\n"), show=(str(lead), format_counts(hand)),
                 position=game.position())


def _burner_hand(rng: random.Random, lead: Play) -> list[int]:
    hand = [0] * len(RANK_LETTERS)
    hand[rng.randint(lead.rank + 1, ACE)] = lead.size + rng.randint(0, 1)
    hand[TWO] = rng.choice((0, 0, 1, 2))
    hand[SMALL], hand[BIG] = rng.choice((0, 0, 1, 1, 2)), rng.choice((0, 0, 0, 1))
    for r in rng.sample(range(1, TEN), rng.randint(1, 4)):
        hand[r] += rng.randint(1, 2)
    return hand


def _feasibility(hand: list[int], play: Play) -> Text:
    left = remainder(hand, play)
    ranks = sum(1 for r in range(TWO) if left[r])
    jokers = left[SMALL] + left[BIG]
    rest = format_counts(left) or "—"
    names = f"{ranks} rank{'s' * (ranks != 1)} and {jokers} joker{'s' * (jokers != 1)}"
    if feasible(left, False):
        return Text(f"用 {play} 烧，剩 {rest}：{ranks} 种点数、{jokers} 张王，{jokers} ≥ {ranks} − 1，可以烧。",
                    f"Burning with {play} leaves {rest}: {names}, {jokers} ≥ {ranks} − 1: "
                    "allowed.")
    return Text(f"用 {play} 烧，剩 {rest}：{ranks} 种点数、只有 {jokers} 张王，出不完，不能这样烧。",
                f"Burning with {play} leaves {rest}: only {names}, they could not go out: "
                "not allowed.")


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
    options, answer = _seat_options(rng, leader, [rival, nxt], finisher, (finisher, *out))
    gone = Text(f"（{'、'.join(map(str, out))} 号位已经出完了）",
                f" ({'seats ' + ' and '.join(map(str, out)) if len(out) > 1 else f'seat {out[0]}'} already out)") \
        if out else Text("", "")
    mode = Text("现在是四人乱缠。", "It is 四人乱缠. ") if chaos else Text("", "")
    prompt = Text(f"{mode.zh}{finisher} 号位出了最后一手 {last}{gone.zh}，没人管。下一轮谁先出？",
                  f"{mode.en}Seat {finisher} plays his last cards, {last}{gone.en}, and nobody beats them. Who leads "
                  "next?")
    return Draft(prompt, options, answer, why, show=(last,))


def _lead_reason(last: str, finisher: int, rival: int, rival_in: bool, chaos: bool, nxt: int) -> Text:
    jiefeng = Text(f"接风：{finisher} 号位后面还有牌的下一家，{nxt} 号位，先出。",
                   f"接风: the next player after seat {finisher} still holding cards, seat {nxt}, leads.")
    if chaos:
        chaos_note = Text("四人乱缠时底牌站住了总是接风。", "In 四人乱缠 a standing 底牌 always means 接风.")
        return join([chaos_note, jiefeng], "", " ")
    if is_gouji(last) or is_dead(last):
        kind = Text("带大王（死牌）", f"holds a {BIG_JOKER} (dead)") if is_dead(last) else Text("是够级牌", "is 够级")
        if rival_in:
            return Text(f"{last} {kind.zh}：底牌站住了，由出完的人的对头 {rival} 号位先出。",
                        f"{last} {kind.en}: the finisher's 对头, seat {rival}, leads.")
        return join([Text(f"{last} {kind.zh}，可他的对头也出完了：", f"{last} {kind.en}, but his 对头 is out too:"),
                     jiefeng], "", " ")
    return join([Text(f"{last} 不够级。", f"{last} is not 够级."), jiefeng], "", " ")
