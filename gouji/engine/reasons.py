"""Why an action is refused, in words a learner understands (Chinese and English).

Only called after an action was found missing from the legal set, so it may
take its time to find the most specific reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Move, MoveKind
from .cards import (
    BIG,
    RANK_NAMES_EN,
    RANK_NAMES_ZH,
    SMALL,
    THREE,
    TWO,
    card_rank,
    counts_of_cards,
    parse_counts,
    rank_name,
    spoken,
)
from .errors import IllegalAction
from .movegen import empties, feasible, jokers_needed, remainder
from .phases import ANSWER, BURN, FOLLOW, LEAD, OVER
from .plays import Play, effective_jokers, is_dead, is_gouji
from .predeal import return_options
from .seats import opposite
from .state import DealState

ACTION_KINDS = ("play", "burn", "pass", "noburn", "rang")


def refuse(zh: str, en: str) -> IllegalAction:
    return IllegalAction(zh, en)


def explain(flow: DealState, kind: str, play: Play | None) -> IllegalAction:
    if flow.phase == OVER or flow.current is None:
        return refuse("这一局已经结束了", "the deal is over")
    seat = flow.current
    if kind not in ACTION_KINDS:
        return refuse(f"现在是出牌阶段，不能用 {kind}（它只在开局前用）；可用 play/burn/pass/noburn/rang",
                      f"'{kind}' belongs before the first lead; during the card play use play, burn, pass, "
                      "noburn or rang")
    if play is not None:
        missing = [r for r, n in enumerate(play.counts()) if n > flow.counts[seat][r]]
        if missing:
            return _not_held(missing[0])
    by_phase = {LEAD: _lead, FOLLOW: _follow, ANSWER: _follow, BURN: _burn}[flow.phase]
    return by_phase(flow, seat, kind, play)


def _lead(flow: DealState, seat: int, kind: str, play: Play | None) -> IllegalAction:
    if kind != "play" or play is None:
        if kind == "burn":
            return refuse("现在没有可烧的够级牌，你是首家，请出牌",
                          "there is no 够级 play to burn: you lead, so play")
        return refuse("你是这一轮的首家，必须出牌", "you lead this round: you must play")
    hand = flow.counts[seat]
    t = play
    if flow.rules.bie_san and play.rank == THREE:  # a 3 lead is refused only for 憋3's sake
        return _bie_san()
    if seat in flow.burning and not play.jokers and not empties(hand, t):
        return refuse("烧牌期间首发的每手牌都要挂王（出完的最后一手除外）",
                      "while burning, every play you lead must carry a joker, except the one that empties your hand")
    return _infeasible(flow, hand, t)


def _decline_a_burn(kind: str, wutou: bool) -> IllegalAction:
    if kind == "rang" and wutou:
        return refuse("够级牌不能让：要管就直接出牌（play 加牌），不管就 noburn",
                      "a 够级 play cannot be yielded (让): beat it with play <cards>, or let it go with noburn")
    if kind == "rang":
        return refuse("够级牌不能让：烧（burn 加牌）或不烧（noburn）",
                      "a 够级 play cannot be yielded (让): burn it (burn <cards>) or let it go (noburn)")
    if wutou:
        return refuse("你已无头：要管就直接出牌（play 加牌），不管就 noburn",
                      "you are 无头 (without a 对头): beat it with play <cards>, or let it go with noburn")
    return refuse("这是够级牌的烧牌机会：烧就 burn 加牌，不烧就 noburn（不烧不算过牌）",
                  "this is the burn window of a 够级 play: burn <cards>, or noburn to let it go "
                  "(declining is not a pass)")


def _no_burn(flow: DealState, standing: Play) -> IllegalAction:
    """A burn asked for in an ordinary turn: say why this play is not open to burning."""
    if not is_gouji(standing):
        return refuse("桌上的不是够级牌，不用烧，直接出牌管（play 加牌）",
                      "the standing play is not 够级: no burn needed, just beat it (play <cards>)")
    if flow.chaos:
        return refuse("四人乱缠时不能烧牌，直接出牌管（play 加牌）",
                      "no burning in 四人乱缠: just beat it (play <cards>)")
    if flow.owner in flow.wutou:
        return refuse("出牌人已无头，他的够级谁都能直接管，不用烧（play 加牌）",
                      "its owner is 无头 (without a 对头): anyone may beat his 够级 with a plain play, no burn "
                      "(play <cards>)")
    return refuse("这手够级牌现在不能烧：要管就直接出牌（play 加牌），不管就过（pass）",
                  "this 够级 play is not open to burning now: beat it with play <cards>, or pass")


def _follow(flow: DealState, seat: int, kind: str, play: Play | None) -> IllegalAction:
    standing = flow.standing
    assert standing is not None
    if kind in ("noburn", "burn") and flow.phase == ANSWER:
        return refuse("你是出牌人的对头：要管就直接出牌（play 加牌），不管就过（pass，扣牌）",
                      "you are the 对头 (the player opposite) of this 够级's owner: beat it with play <cards>, "
                      "or pass (扣)")
    if kind == "noburn":
        return refuse("现在不是烧牌的时候：要管就出牌（play 加牌），不管就过（pass）",
                      "no burn is being offered to you now: beat it with play <cards>, or pass")
    if kind == "burn":
        return _no_burn(flow, standing)
    if kind == "rang":
        return _no_rang(flow, seat)
    assert play is not None
    beat = _beat_failure(flow, standing, play)
    if beat:
        return beat
    return _infeasible(flow, flow.counts[seat], play)


def _burn(flow: DealState, seat: int, kind: str, play: Play | None) -> IllegalAction:
    wutou = seat in flow.wutou
    if kind in ("pass", "rang"):
        return _decline_a_burn(kind, wutou)
    if kind == "play" and not wutou:
        return _plain_play_in_window(flow)
    if kind == "burn" and wutou:
        return refuse("你已无头：要管就直接出牌（play 加牌，不算烧牌），不管就 noburn",
                      "you are 无头 (without a 对头): beat it with play <cards> (it is not a burn), or noburn")
    assert play is not None and flow.standing is not None
    beat = _beat_failure(flow, flow.standing, play)
    if beat:
        return beat
    if wutou:   # a 无头 seat's plain play is not a burn: only a burner still burning is held to the test
        return _infeasible(flow, flow.counts[seat], play)
    return _infeasible(flow, flow.counts[seat], play, ("烧牌后", "after this burn"))


def _plain_play_in_window(flow: DealState) -> IllegalAction:
    """A plain play over a 够级 by a seat that may only burn it (§3.4, §3.8, §8.6)."""
    then_zh, then_en = "烧后首发除最后一手都要挂王", "then every play you lead but your last needs a joker"
    if flow.special and flow.special_kind == "yaotou":
        return refuse(f"这是要头的牌：你只能烧（burn 加牌，{then_zh}），不烧就 noburn",
                      f"this is a 要头 play: you can take it only by burning (burn <cards>; {then_en}), or noburn")
    if flow.special:
        return refuse(f"这是够死级（出牌人的对头已出完）：你只能烧（burn 加牌，{then_zh}），不烧就 noburn",
                      f"this is a 够死级 play (its owner's 对头 is out): you can take it only by burning "
                      f"(burn <cards>; {then_en}), or noburn")
    return refuse(f"只有出牌人的对头（或无头的人）能直接管够级；你要管就烧（burn 加牌，{then_zh}），不管就 noburn",
                  "only the owner's 对头 (or a 无头 player) may beat a 够级 with a plain play: burn it "
                  f"(burn <cards>; {then_en}) or noburn")


def _beat_failure(flow: DealState, standing: Play, play: Play) -> IllegalAction | None:
    rules = flow.rules
    if play.size != standing.size:
        return refuse(f"要出 {standing.size} 张，和桌上的牌张数相同",
                      f"you must play {standing.size} card{'s' * (standing.size != 1)}, as many as the standing "
                      "play")
    if is_dead(standing, rules):
        return refuse("带大王的牌是死牌，谁也管不了", "a play with a big joker (大王) is dead: nobody can beat it")
    need_big = effective_jokers(standing, rules)[1]
    if effective_jokers(play, rules)[0] < need_big:
        mixed = rules.jokers_mix_as_small and any(p.big and p.small for p in (play, standing))
        return refuse(f"桌上有 {need_big} 张小王，要用至少同样多的大王才能管"
                      + "（本桌规则：大小王混在一起时都算小王）" * mixed,
                      f"the standing play has {need_big} small joker{'s' * (need_big != 1)}: you need a "
                      "big joker (大王) over each"
                      + " (house rule: a play mixing big and small jokers counts them all as small)" * mixed)
    if play.body and play.rank <= standing.rank:
        return _too_low(play, standing)
    if flow.rules.bie_san and play.rank == THREE:
        return _bie_san()
    return None


def _too_low(play: Play, standing: Play) -> IllegalAction:
    mine, theirs = _body_rank(play), _body_rank(standing)
    zh, en = ["每张牌都要比桌上对应位置的牌大"], ["every card must beat the card in the same position of the "
                                      "standing play"]
    if mine == theirs:
        zh.insert(0, "一样大不行")
        en.insert(0, "equal is not enough")
    if play.twos and play.naturals:
        zh.append(f"贴的 2 算 {rank_name(mine)}")
        en.append(f"attached 2s count as {rank_name(mine, 'en')}")
    if play.jokers:
        zh.append("王补不了点数" if mine == theirs else "王补不了小的点数")
        en.append("jokers don't make up for the rank" if mine == theirs else "jokers don't make up for a lower rank")
    return refuse(f"{rank_name(mine)} 管不上 {rank_name(theirs)}：" + "；".join(zh),
                  f"{_a(rank_name(mine, 'en'))} does not beat {_a(rank_name(theirs, 'en'))}: " + "; ".join(en))


def _body_rank(play: Play) -> int:
    """The rank the cards that are not jokers count as (2s attached count as the natural rank)."""
    return play.rank if play.rank >= 0 else TWO


def _a(name: str) -> str:
    """An English card name with its article: "a 3", "an A", "an 8"."""
    return ("an " if name[:1] in "A8" else "a ") + name


def _infeasible(flow: DealState, hand: list[int], t: Play,
                when: tuple[str, str] = ("你在烧牌：这样出以后", "you are burning: after this play")) -> IllegalAction:
    left = remainder(hand, t)
    bie_san = flow.rules.bie_san
    if feasible(left, bie_san):
        return refuse("现在不能这样出", "that action is not allowed now")
    need, have = jokers_needed(left, bie_san), left[SMALL] + left[BIG]
    cards_zh = f"{when[0]}剩下的牌（{spoken(left)}）出不完"
    cards_en = f"{when[1]} your cards ({spoken(left, 'en')}) could not go out"
    if bie_san and left[THREE]:
        return refuse(f"{cards_zh}：憋3 时 3 最后单独出，之前首发的每手（单出的 2 也算）都要挂王，"
                      f"要 {need} 张王，这样出只剩 {have} 张",
                      f"{cards_en}: under 憋3 the 3s go last and alone, so every lead before them (a lone 2 too) "
                      f"needs a joker: {need} needed, this leaves you {have}")
    return refuse(f"{cards_zh}：首发的每手（最后一手除外）都要挂王，至少要 {need} 张王，这样出只剩 {have} 张",
                  f"{cards_en}: every play you lead but the last needs a joker, so at least {need} joker"
                  f"{'s' * (need != 1)}; this leaves you {have}")


def _bie_san() -> IllegalAction:
    return refuse("憋3：3 要留到最后一手，所有的 3 一次出完，不能带 2 或王",
                  "under 憋3 your 3s must be your very last play: all of them at once, with no 2s or jokers")


def _not_held(rank: int) -> IllegalAction:
    name = RANK_NAMES_EN[rank]
    return refuse(f"你手里没有这么多 {RANK_NAMES_ZH[rank]}",
                  f"you don't hold that many {name + 's' if rank >= SMALL else 'cards of rank ' + name}")


def _no_rang(flow: DealState, seat: int) -> IllegalAction:
    play = flow.standing
    if flow.chaos and flow.rules.chaos_dagang:
        return refuse("四人乱缠时不能让牌", "no yielding (让) in 四人乱缠")
    if play is not None and is_gouji(play):
        return refuse("够级牌不能让：要管就出牌（play 加牌），不管就过（pass）",
                      "a 够级 play cannot be yielded (让): play <cards> or pass")
    if flow.phase != FOLLOW or flow.owner != opposite(seat):
        return refuse("只能让对头的牌：请出牌或过牌", "you can only yield (让) on your 对头's play: play or pass")
    if flow.rang == seat:
        return refuse("已经让过一次了：这次要出牌或过牌", "you already yielded once: play or pass")
    return refuse("你后面两家这一轮都已过牌（被锁住）或已出完，让了也没人接：请出牌或过牌",
                  "neither of your next two players can still act in this round (each has passed and is "
                  "locked out, or is out), so nobody could take a 让 (yield): play or pass")


def return_refusal(move: Move, count: int, hand: Sequence[int], payer_hand: Sequence[int],
                   must_match: bool) -> IllegalAction:
    """Why a 还贡 (§6) is refused, as specifically as it can be said: the count that
    is wrong, the cards the giver lacks, or the rank the tribute payer does not hold.
    Called only for a return that ``return_options`` does not list."""
    many = f"{count} card{'s' * (count != 1)}"
    if move.kind != MoveKind.RETURN:
        example = _return_example(count, hand, payer_hand, must_match)
        return refuse(f"现在要还贡：还 {count} 张（return 加牌，例如 return {example}）",
                      f"now give back {many}: type return <cards>, e.g. return {example}")
    wanted = parse_counts(move.ranks)
    given = sum(wanted)
    if given != count:
        return refuse(f"要还 {count} 张，不是 {given} 张", f"give back {many}, not {given}")
    held = counts_of_cards(hand)
    short = [r for r, n in enumerate(wanted) if n > held[r]]
    if short:
        return _not_held(short[0])
    payer = {card_rank(c) for c in payer_hand}
    matching = [r for r in range(len(held)) if held[r] and r in payer]
    lacking = [r for r, n in enumerate(wanted) if n and r not in payer]
    if must_match and lacking and sum(held[r] for r in matching) >= count:
        names_zh = "、".join(RANK_NAMES_ZH[r] for r in matching)
        names_en = ", ".join(RANK_NAMES_EN[r] for r in matching)
        return refuse(f"进贡的人手里没有 {RANK_NAMES_ZH[lacking[0]]}：只能还他有的点数（你能还的：{names_zh}）",
                      f"the tribute payer holds no {RANK_NAMES_EN[lacking[0]]}s: give back only ranks he holds "
                      f"(you may give back: {names_en})")
    return refuse(f"要还 {count} 张牌，而且点数要是进贡的人手里有的",
                  f"give back {many}, each of a rank the tribute payer holds")


def _return_example(count: int, hand: Sequence[int], payer_hand: Sequence[int], must_match: bool) -> str:
    """The lowest of the returns the rules allow (§6): an example the giver can type as it is."""
    options = return_options(hand, payer_hand, count, must_match)
    return min(options, key=lambda option: parse_counts(option)[::-1], default="5")   # the fewest high cards
