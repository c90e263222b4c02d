"""Short bilingual reasons a bot can give for an action (used by hints)."""

from __future__ import annotations

from typing import NamedTuple

from gouji.engine.actions import parse_action, ranks_of
from gouji.engine.cards import spoken


class Reason(NamedTuple):
    key: str
    zh: str
    en: str


REASONS = {
    "go_out": ("一手出完，走科", "this play empties your hand"),
    "search_less": ("推演了多种可能的牌局，这手平均得分较低", "played out over many guessed deals, this scores less"),
    "search_best": ("推演了多种可能的牌局，这手平均得分最高", "played out over many guessed deals, this scores best"),
    "boss_then_out": ("先出没人管得了的牌，再一手走完", "lead a play nobody can beat, then go out"),
    "likely_out": ("这手多半没人管得住，下一手就能出完", "likely to stand; then your next play goes out"),
    "keep_closer": ("憋3：留最难被管的一手作冲牌，免得被闷", "憋3: keep the hardest play to beat as your 冲牌"),
    "use_gousiji": ("用够死级：这手够级只有烧牌能管", "use your 够死级: only a burn can take this 够级 play"),
    "shed_low": ("趁有牌权先走小牌", "you have the lead: get rid of low cards"),
    "attack_opposite": ("出够级牌打对头，争取开点", "attack your 对头 with a 够级 play to open"),
    "keep_lead": ("这手牌没人管得了，牌权还是你的", "nobody can beat this: you keep the lead"),
    "let_partner": ("联邦的牌正大，不要压自己人", "your partner's play is winning: don't overtake"),
    "stop_opponent": ("对手快走完了，必须管住", "an opponent is about to go out: stop him"),
    "take_lead": ("管上对手，夺回牌权", "beat the opponent and take the lead"),
    "deny_open": ("管住对头的够级，不让他开点", "answer your 对头's 够级 so he does not open"),
    "burn": ("烧牌抢牌权", "burn to take the lead"),
    "burn_for_partner": ("对手在打联邦，烧掉他的够级", "an opponent is attacking your partner: burn him"),
    "burn_to_win": ("烧了以后很快能出完，争取烧成功", "after this burn you can soon go out: aim for 烧成功"),
    "save_cards": ("留着好牌，这手不值得管", "keep your good cards: this one is not worth it"),
    "rang": ("让牌给下家，让联邦先管", "yield (让) so your partner can answer first"),
    "keep_big_joker": ("留大王压对头的够级", "keep the 大王 for the opposite's 够级"),
    "return_low": ("还最没用的小牌", "give back your least useful low cards"),
    "declare": ("牌好，宣对头开不了点", "a strong hand: declare your 对头 will not open"),
    "no_declare": ("不值得冒翻车的险", "not worth the risk of 翻车"),
    "revolt": ("牌太弱，革命保四科", "a very weak hand: revolt and take 四科"),
    "no_revolt": ("牌还能打，不革命", "the hand can still play: don't revolt"),
    "yaotou": ("够级牌多，要头", "plenty of 够级 plays: take 要头"),
    "wutou": ("够级牌少，选无头", "few 够级 plays: choose 无头"),
}


def reason(key: str) -> Reason:
    zh, en = REASONS[key]
    return Reason(key, zh, en)


_WORDS = {"pass": ("过牌", "a pass"), "noburn": ("不烧", "no burn"), "rang": ("让牌", "a yield (让)")}


def said(action: str, lang: str) -> str:
    """An action as players say it: 出 K K / play K K, 过牌 / a pass."""
    move = parse_action(action)
    if move.kind.takes_cards:
        cards = spoken(ranks_of(move), lang)
        return f"出 {cards}" if lang == "zh" else f"play {cards}"
    zh, en = _WORDS.get(str(move.kind), (str(move.kind), str(move.kind)))
    return zh if lang == "zh" else en


def searched(deals: int, chosen: str, margin: float, other: str | None) -> Reason:
    """What the search found for its choice: over how many guessed deals, and by how
    much it beat the next best (or, when a challenger led by less than the bar to
    change, that it kept its judgement's choice)."""
    if other is None:
        return Reason("search_best", *REASONS["search_best"])
    if margin >= 0:
        return Reason("search_best",
                      f"把几种出法在 {deals} 个猜出的牌局里打到底："
                      f"这手平均每局比{said(other, 'zh')}多得 {margin:.2f} 分",
                      f"played out over {deals} guessed deals, this scores {margin:.2f} points a deal more than "
                      f"{said(other, 'en')}")
    return Reason("search_kept",
                  f"在 {deals} 个猜出的牌局里，{said(other, 'zh')}平均只多 {-margin:.2f} 分，不够把握，还是这手",
                  f"over {deals} guessed deals {said(other, 'en')} scored only {-margin:.2f} points a deal more: "
                  "too little to be sure, so this one")
