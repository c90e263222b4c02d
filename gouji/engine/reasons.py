"""Why an action is refused, in words a learner understands (Chinese and English).

Only called after an action was found missing from the legal set, so it may
take its time to find the most specific reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Move, MoveKind
from .cards import RANK_NAMES_EN, RANK_NAMES_ZH, THREE, TWO, card_rank, counts_of_cards, parse_counts, rank_name, spoken
from .errors import IllegalAction
from .movegen import empties, feasible, remainder
from .phases import ANSWER, BURN, FOLLOW, LEAD, OVER
from .plays import Play, effective_jokers, is_dead, is_gouji
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
        return refuse(f"出牌时不能用 {kind!r}（可用 play/burn/pass/noburn/rang）",
                      f"{kind!r} is not an action of the card play (use play, burn, pass, noburn or rang)")
    if play is not None:
        missing = [r for r, n in enumerate(play.counts()) if n > flow.counts[seat][r]]
        if missing:
            return refuse(f"你手里没有这么多 {RANK_NAMES_ZH[missing[0]]}",
                          f"you don't hold that many {RANK_NAMES_EN[missing[0]]}s")
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
    if flow.rules.bie_san and hand[THREE] and (play.rank == THREE or sum(hand) != hand[THREE]):
        return _bie_san()
    if seat in flow.burning and not play.jokers and not empties(hand, t):
        return refuse("烧牌期间首发的每手牌都要挂王（出完的最后一手除外）",
                      "while burning, every play you lead must carry a joker, except the one that empties your hand")
    return _infeasible(flow, hand, t)


def _follow(flow: DealState, seat: int, kind: str, play: Play | None) -> IllegalAction:
    standing = flow.standing
    assert standing is not None
    if kind == "noburn":
        return refuse("现在不是烧牌的时候", "no burn is being offered to you now")
    if kind == "burn":
        if flow.phase == ANSWER:
            return refuse("你是对头，直接出牌管就行，不用烧", "you are his 对头 (the player opposite): "
                          "answer with a plain play, not a burn")
        return refuse("只有受保护的够级牌才能烧", "only a protected 够级 play can be burned")
    if kind == "rang":
        return _no_rang(flow, seat)
    assert play is not None
    beat = _beat_failure(flow, standing, play)
    if beat:
        return beat
    t = play
    return _infeasible(flow, flow.counts[seat], t)


def _burn(flow: DealState, seat: int, kind: str, play: Play | None) -> IllegalAction:
    wutou = seat in flow.wutou
    if kind in ("pass", "rang"):
        return refuse("这是够级牌的烧牌时机：选择烧牌或不烧", "this is the burn window of a 够级 "
                      "play: burn it or decline (noburn)")
    if kind == "play" and not wutou:
        return refuse("只有对头可以管够级牌；你只能烧牌", "only the 对头 (the player opposite) may answer a "
                      "够级 play; you may only burn it")
    if kind == "burn" and wutou:
        return refuse("你已无头：直接出牌管，不算烧牌", "you are 无头 (without a 对头): beat "
                      "it with a plain play, it is not a burn")
    assert play is not None and flow.standing is not None
    beat = _beat_failure(flow, flow.standing, play)
    if beat:
        return beat
    hand = flow.counts[seat]
    t = play
    if not feasible(remainder(hand, t), flow.rules.bie_san):
        left = remainder(hand, t)
        return refuse(f"烧牌后剩下的牌（{spoken(left)}）出不完：除最后一手外每手都要挂王",
                      f"after this burn your cards ({spoken(left, 'en')}) could not go out: "
                      "every play but the last must carry a joker")
    return refuse("现在不能这样出", "that action is not allowed now")


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
        return refuse(f"桌上有 {need_big} 张小王，要用至少同样多的大王才能管",
                      f"the standing play has {need_big} small joker{'s' * (need_big != 1)}: you need a "
                      "big joker (大王) over each")
    if play.body and play.rank <= standing.rank:
        mine, theirs = _body_rank(play), _body_rank(standing)
        return refuse(f"{rank_name(mine)} 管不上 {rank_name(theirs)}："
                      "每张牌都要比桌上对应位置的牌大（王补不了小的点数）",
                      f"{_a(rank_name(mine, 'en'))} does not beat {_a(rank_name(theirs, 'en'))}: every card must "
                      "beat the card in the same position of the standing play (jokers don't make up for a "
                      "lower rank)")
    if flow.rules.bie_san and play.rank == THREE:
        return _bie_san()
    return None


def _body_rank(play: Play) -> int:
    """The rank the cards that are not jokers count as (2s attached count as the natural rank)."""
    return play.rank if play.rank >= 0 else TWO


def _a(name: str) -> str:
    """An English card name with its article: "a 3", "an A", "an 8"."""
    return ("an " if name[:1] in "A8" else "a ") + name


def _infeasible(flow: DealState, hand: list[int], t: Play) -> IllegalAction:
    if not feasible(remainder(hand, t), flow.rules.bie_san):
        return refuse("你在烧牌：这样出剩下的牌就出不完了（每手都要挂王）",
                      "you are burning: after this play your cards could no longer go out "
                      "with a joker on every play but the last")
    return refuse("现在不能这样出", "that action is not allowed now")


def _bie_san() -> IllegalAction:
    return refuse("憋3：3 必须留到最后一手，单独出，不能带 2 或王",
                  "under 憋3 your 3s must be your very last play, alone, with no 2s or jokers")


def _no_rang(flow: DealState, seat: int) -> IllegalAction:
    play = flow.standing
    if flow.chaos and flow.rules.chaos_dagang:
        return refuse("四人乱缠时不能让牌", "no yielding (让) in 四人乱缠")
    if play is not None and is_gouji(play):
        return refuse("够级牌不能让", "a 够级 play cannot be yielded")
    if flow.phase != FOLLOW or flow.owner != opposite(seat):
        return refuse("只能让对头的牌", "you can only yield (让) on your 对头's play")
    if flow.rang == seat:
        return refuse("已经让过一次了：这次要出牌或过牌", "you already yielded once: play or pass")
    return refuse("让牌要等对头后面两家都过了（或已出完），而且你后面两家至少有一家还没出完、这一轮没被锁住",
                  "让 needs both players after your 对头 to have passed (or to be out), and at least one of "
                  "your next two players still in the deal and not locked out of this round")


def return_refusal(move: Move, count: int, hand: Sequence[int], payer_hand: Sequence[int],
                   must_match: bool) -> IllegalAction:
    """Why a 还贡 (§6) is refused, as specifically as it can be said: the count that
    is wrong, the cards the giver lacks, or the rank the tribute payer does not hold.
    Called only for a return that ``return_options`` does not list."""
    many = f"{count} card{'s' * (count != 1)}"
    if move.kind != MoveKind.RETURN:
        return refuse(f"现在要还贡：还 {count} 张牌（return 加上要还的牌）",
                      f"now give back {many}: return and the cards")
    wanted = parse_counts(move.ranks)
    given = sum(wanted)
    if given != count:
        return refuse(f"要还 {count} 张，不是 {given} 张", f"give back {many}, not {given}")
    held = counts_of_cards(hand)
    short = [r for r, n in enumerate(wanted) if n > held[r]]
    if short:
        return refuse(f"你手里没有这么多 {RANK_NAMES_ZH[short[0]]}",
                      f"you don't hold that many {RANK_NAMES_EN[short[0]]}s")
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
