"""Short bilingual reasons a bot can give for an action (used by hints and by
the practice table's "why?"), and the condition under which each is true.

Every reason says something about the position or the action: that the
partner's play is winning, that the 对头 would open, that the 下家 acts first
after a 让 ... ``holds(why, view, action)`` checks that claim for the action it
is attached to, from the seat's view alone; ``checked`` puts a truthful
neutral reason (what the action does) in place of one that does not hold.
The bots attach true reasons themselves; ``checked`` is the net under them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from gouji.engine.actions import Move, MoveKind, parse_action, ranks_of
from gouji.engine.cards import BIG, NATURALS, TEN, THREE, TWO, spoken
from gouji.engine.phases import Phase
from gouji.engine.plays import Play, is_dead, is_gouji
from gouji.engine.seats import next_seat, opposite, same_team
from gouji.engine.view import SeatView

from .handplan import (
    after,
    beatable_by,
    closing_play,
    is_single_play,
    many_gouji,
    moves_needed,
    return_cost,
    strong_hand,
    weak_hand,
)
from .knowledge import count_cards, in_deal, leader_if_stands, may_act_on, would_open
from .worlds import Hands, sample_worlds, stand_chance


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
    "keep_closer": ("憋3：留下的冲牌多半没人管得住，免得被闷",
                    "憋3: the 冲牌 you keep for just before your 3s will likely stand, so you are not stuck"),
    "use_gousiji": ("用够死级：这手够级只能烧，或由无头的人管",
                    "use your 够死级: only a burn (or a 无头 player) can take this 够级 play"),
    "shed_low": ("趁有牌权先走小牌", "you have the lead: get rid of low cards"),
    "plays_left": ("出了这手，剩下的牌还要几手", "after this, a few more plays to go out"),  # see plays_left()
    "attack_opposite": ("出够级牌打对头，争取开点", "attack your 对头 with a 够级 play to open"),
    "attack_gouji": ("出够级牌压对头：别人不抢、对头又扣，这一轮就是你的",
                     "a 够级 lead presses your 对头: if nobody else takes it and he passes (扣), the round is yours"),
    "keep_lead": ("这手牌没人管得了，牌权还是你的", "nobody can beat this: you keep the lead"),
    "let_partner": ("联邦的牌正大，不要压自己人", "your teammate's play is winning: don't overtake"),
    "overtake": ("这手会压过联邦正大的牌", "this overtakes your teammate's winning play"),
    "stop_opponent": ("对手牌不多了，必须管住", "an opponent is low on cards: stop him"),  # see stop_opponent()
    "take_lead": ("管上对手，夺回牌权", "beat the opponent and take the lead"),
    "jiefeng": ("这手的主人已出完；没人管就由对方接风，管上夺回牌权",
                "its owner has gone out; if it stands an opponent leads next (接风): beat it to take the lead"),
    "deny_open": ("管住对手的够级，不让他开点", "beat this opponent's 够级 so he does not open"),
    "burn": ("烧牌抢牌权", "burn to take the lead"),
    "burn_for_partner": ("对手在打联邦，烧掉他的够级", "an opponent is attacking your teammate: burn him"),
    "burn_to_win": ("烧了以后很快能出完，争取烧成功", "after this burn you can soon go out: aim for 烧成功"),
    "save_cards": ("先不管，留着手里的牌", "hold back: this one is not worth your cards"),
    "only_pass": ("没有能管这手的牌", "nothing you may play beats this"),
    "rang": ("让牌：下家先管，再到联邦，两人都不管再回到你",
             "yield (让): your 下家 acts first, then your teammate; if both pass it comes back to you"),
    "rang_partner": ("让牌：联邦先管，他不管再回到你",
                     "yield (让): your teammate acts on it first; if he passes it comes back to you"),
    "rang_next": ("让牌：下家先管，他不管再回到你",
                  "yield (让): your 下家 acts on it first; if he passes it comes back to you"),
    "keep_big_joker": ("留大王压对头的够级", "keep the big joker for your 对头's 够级"),
    "return_low": ("还最没用的牌", "give back your least useful cards"),
    "return_other": ("这几张也能还，只是比最省的还法多丢一点",
                     "these may go back too, at a little more cost than the cheapest return"),
    "declare": ("牌好，宣对头开不了点", "a strong hand: declare your 对头 will not open"),
    "declare_plain": ("宣点：他开不了点你多收点贡，开了你要赔（翻车）",
                      "declare: if he fails to open you collect more point tribute (点贡); if he opens you pay (翻车)"),
    "no_declare": ("不值得冒翻车的险", "not worth the risk of 翻车"),
    "no_predeclare": ("还没看牌，不值得赌预点", "before seeing a card, 预点 is not worth the gamble"),
    "no_declare_plain": ("不宣：点贡照常，没有翻车的险", "no declaration: tribute as usual, no risk of 翻车"),
    "revolt": ("牌太弱，革命至少排四科", "a very weak hand: revolt and be placed 四科 or better"),
    "revolt_plain": ("革命：这副牌不打，至少排四科", "revolt: sit this deal out, placed 四科 or better"),
    "no_revolt": ("牌还能打，不革命", "the hand can still play: don't revolt"),
    "no_revolt_plain": ("不革命：照常打这副牌", "don't revolt: play this hand out"),
    "yaotou": ("够级牌多，要头", "plenty of 够级 plays: take 要头"),
    "yaotou_plain": ("要头：你后面三手够级牌只能烧，或由无头的人管；之后你就无头了",
                     "要头: your next three 够级 plays can be taken only by a burn (or a 无头 player); "
                     "then you are 无头"),
    "wutou": ("够级牌少，选无头", "few 够级 plays: choose 无头"),
    "wutou_plain": ("选无头：不要三手够级的保护", "choose 无头: give up the protection of three 够级 plays"),
}
SEARCH_KEYS = ("search_best", "search_less", "search_kept")   # the search's own findings (bots/expert.py)
STOP_CARDS = 3   # an opponent with this many cards or fewer (or no more than his play's size) is to be stopped


def reason(key: str) -> Reason:
    zh, en = REASONS[key]
    return Reason(key, zh, en)


def plays_left(n: int) -> Reason:
    """What a play leaves: at least ``n`` more plays (one per natural rank; 2s
    and jokers ride along), a fact whatever the play's merits."""
    return Reason("plays_left", f"出了这手，剩下的牌至少还要 {n} 手",
                  f"after this, at least {n} more play{'s' if n != 1 else ''} to go out")


def stop_opponent(n: int) -> Reason:
    """An opponent with ``n`` cards left owns the standing play; with two or
    fewer he is at most two plays from going out."""
    if n <= 2:
        return Reason("stop_opponent", f"对手只剩 {n} 张牌，快走完了，必须管住",
                      f"this opponent has only {n} card{'s' if n > 1 else ''} left and is about to go out: stop him")
    return Reason("stop_opponent", f"对手只剩 {n} 张牌，管住他", f"this opponent has only {n} cards left: stop him")


def rang_reason(view: SeatView) -> Reason:
    """让 (§3.6) hands the standing play to the next two players, 下家 (an
    opponent) first, then the partner: the text names those who may act."""
    first, mate = (may_act_on(view, next_seat(view.seat, k)) for k in (1, 2))
    if first and mate:
        return reason("rang")
    return reason("rang_partner" if mate else "rang_next")


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


# ----- the facts a condition may need ---------------------------------------------

class Facts:
    """What the seat can work out from its view for one decision, computed once
    and only when asked: the unseen cards, and how likely a play is to stand
    over guessed deals (the same guesses the hard bot uses, fixed by the view)."""

    def __init__(self, view: SeatView, pool: list[int] | None = None, worlds: int = 24,
                 declare_power: float = 15.0) -> None:
        self.view, self._pool, self.n_worlds, self.declare_power = view, pool, worlds, declare_power
        self.max_other = max((n for s, n in enumerate(view.counts) if s != view.seat and s not in view.revolted),
                             default=0)
        self._worlds: list[Hands] | None = None
        self._stand: dict[tuple[Play, bool, bool], float] = {}
        self._card_actions: bool | None = None

    @property
    def pool(self) -> list[int]:
        """Cards neither in the seat's hand nor played (RULES §3.11)."""
        if self._pool is None:
            self._pool = count_cards(self.view).unseen
        return self._pool

    def stand_chance(self, play: Play, later: bool = False, gousiji: bool = True) -> float:
        key = (play, later, gousiji)
        if key not in self._stand:
            if self._worlds is None:
                self._worlds = sample_worlds(self.view, self.n_worlds, self.pool)
            self._stand[key] = stand_chance(self.view, self._worlds, play, later, gousiji)
        return self._stand[key]

    def is_boss(self, play: Play) -> bool:
        """Nobody can beat it: a dead play, or no hand drawn from the unseen cards can."""
        if is_dead(play, self.view.rules):
            return True
        return not beatable_by(play, self.pool, self.max_other, self.view.rules.jokers_mix_as_small)

    @property
    def card_actions(self) -> bool:
        """The seat may play or burn on the standing play (a pass is not its only choice)."""
        if self._card_actions is None:
            self._card_actions = any(m.kind in (MoveKind.PLAY, MoveKind.BURN) for m in self.view.legal_moves)
        return self._card_actions


# ----- the conditions ------------------------------------------------------------

def is_low_lead(view: SeatView, play: Play) -> bool:
    """Low cards: naturals of 3..9, or the lowest rank the seat may lead (under 憋3
    the 3s wait for last), with no 2 or joker attached."""
    if play.rank >= TWO or play.twos or play.jokers:
        return False
    if play.rank < TEN:
        return True
    skip_threes = view.rules.bie_san
    lowest = min((r for r in NATURALS if view.hand[r] and not (skip_threes and r == THREE)), default=None)
    return play.rank == lowest


def _left(view: SeatView, play: Play) -> list[int]:
    return after(view.hand, play)


def _takes(move: Move) -> bool:
    return move.kind in (MoveKind.PLAY, MoveKind.BURN) and move.play is not None


def _beats(view: SeatView, move: Move) -> bool:
    """A play or burn on someone's standing play."""
    return _takes(move) and view.phase != Phase.LEAD and view.standing_owner is not None


def _owner_is(view: SeatView, side: str) -> bool:
    """The standing play's owner is a teammate / an opponent still in the deal."""
    owner = view.standing_owner
    if owner is None or owner == view.seat or not in_deal(view, owner):
        return False
    return same_team(owner, view.seat) == (side == "partner")


def _lead(view: SeatView, move: Move) -> bool:
    return view.phase == Phase.LEAD and move.kind == MoveKind.PLAY and move.play is not None


def _going_on(view: SeatView, move: Move) -> bool:
    """A play or burn that leaves cards in the hand."""
    return _takes(move) and move.play is not None and sum(_left(view, move.play)) > 0


def presses_opposite(view: SeatView, play: Play) -> bool:
    """A 够级 lead that my 对头 (still in the deal) must answer (§3.4)."""
    rival = opposite(view.seat)
    return (is_gouji(play) and not is_dead(play, view.rules) and not view.chaos
            and in_deal(view, rival))


def _closer_stands(view: SeatView, play: Play, facts: Facts) -> bool:
    left = _left(view, play)
    if not (view.rules.bie_san and left[THREE]) or sum(left) == left[THREE] or moves_needed(left, True) != 2:
        return False
    closer = closing_play(left)
    return closer is not None and facts.stand_chance(closer, later=True, gousiji=not is_gouji(play)) >= 0.5


def _stop(view: SeatView, move: Move) -> bool:
    owner, standing = view.standing_owner, view.standing_play
    if not (_beats(view, move) and _owner_is(view, "opponent") and owner is not None and standing is not None):
        return False
    return view.counts[owner] <= max(STOP_CARDS, standing.size)


def _jiefeng(view: SeatView, move: Move) -> bool:
    """The standing play is a finisher's 底牌 that would hand the lead by 接风 to an
    opponent (§3.8) — not a 够级 (or dead) 底牌 outside 四人乱缠, which hands it to
    the finisher's 对头 when he is still in: that is no 接风."""
    owner, play = view.standing_owner, view.standing_play
    if not _beats(view, move) or owner is None or play is None or in_deal(view, owner):
        return False
    if not view.chaos and (is_gouji(play) or is_dead(play, view.rules)) and in_deal(view, opposite(owner)):
        return False
    leader = leader_if_stands(view)
    return leader is not None and not same_team(leader, view.seat)


def _big_joker_kept(view: SeatView, move: Move) -> bool:
    """The seat keeps a 大王 back while its 对头 can still make 够级 plays it must
    answer: he is in the deal (not out, not revolted) and it is not 四人乱缠 (§3.4)."""
    return (view.hand[BIG] > 0 and not (move.play is not None and move.play.big)
            and in_deal(view, opposite(view.seat)) and not view.chaos)


def _deny(view: SeatView, move: Move) -> bool:
    owner, standing = view.standing_owner, view.standing_play
    if not _beats(view, move) or owner is None or standing is None or same_team(owner, view.seat):
        return False
    return would_open(view, owner, standing, view.seq)


def _burns(view: SeatView, move: Move) -> bool:
    owner = view.standing_owner
    return (move.kind == MoveKind.BURN and move.play is not None and owner is not None
            and not same_team(owner, view.seat))


def _burn_for_partner(view: SeatView, move: Move) -> bool:
    owner = view.standing_owner
    return _burns(view, move) and owner is not None and in_deal(view, opposite(owner))


def _burn_to_win(view: SeatView, move: Move) -> bool:
    return (_burns(view, move) and move.play is not None and _going_on(view, move)
            and moves_needed(_left(view, move.play), view.rules.bie_san) <= 2)


def _word(view: SeatView, move: Move) -> bool:
    return move.kind in (MoveKind.PASS, MoveKind.NOBURN)


def _pre(kind: MoveKind, test: Callable[[SeatView, Facts], bool] | None = None,
         phase: str | None = None) -> Callable[[SeatView, Move, Facts], bool]:
    def condition(view: SeatView, move: Move, facts: Facts) -> bool:
        if move.kind != kind or (phase is not None and view.phase != phase):
            return False
        return test is None or test(view, facts)
    return condition


def _strong(view: SeatView, facts: Facts) -> bool:
    return strong_hand(view.hand, facts.declare_power)


def _weak(view: SeatView, facts: Facts) -> bool:
    return weak_hand(view.hand)


def _many(view: SeatView, facts: Facts) -> bool:
    return many_gouji(view.hand)


def _cheapest(view: SeatView, move: Move) -> bool:
    """The cheapest of the legal returns (``return_cost``, what the bot minimises)."""
    def cost(ranks: str) -> float:
        return return_cost(view.hand, ranks, view.rules.bie_san)
    costs = [cost(m.ranks) for m in view.legal_moves if m.kind == MoveKind.RETURN]
    return bool(costs) and cost(move.ranks) <= min(costs) + 1e-9


Condition = Callable[[SeatView, Move, Facts], bool]
CONDITIONS: dict[str, Condition] = {
    "go_out": lambda v, m, f: _takes(m) and m.play is not None and not any(_left(v, m.play)),
    "boss_then_out": lambda v, m, f: (_lead(v, m) and _going_on(v, m) and m.play is not None
                                      and is_single_play(_left(v, m.play), v.rules.bie_san) and f.is_boss(m.play)),
    "likely_out": lambda v, m, f: (_going_on(v, m) and m.play is not None
                                   and is_single_play(_left(v, m.play), v.rules.bie_san)
                                   and f.stand_chance(m.play) >= 0.5),
    "keep_closer": lambda v, m, f: _going_on(v, m) and m.play is not None and _closer_stands(v, m.play, f),
    "use_gousiji": lambda v, m, f: (_takes(m) and m.play is not None and v.seat in v.gou_si_ji and not v.chaos
                                    and is_gouji(m.play) and not is_dead(m.play, v.rules)),
    "shed_low": lambda v, m, f: _lead(v, m) and _going_on(v, m) and m.play is not None and is_low_lead(v, m.play),
    "plays_left": lambda v, m, f: _going_on(v, m),
    "attack_opposite": lambda v, m, f: (_lead(v, m) and m.play is not None and presses_opposite(v, m.play)
                                        and would_open(v, v.seat, m.play, v.seq + 1)),
    "attack_gouji": lambda v, m, f: _lead(v, m) and m.play is not None and presses_opposite(v, m.play),
    "keep_lead": lambda v, m, f: _lead(v, m) and _going_on(v, m) and m.play is not None and f.is_boss(m.play),
    "let_partner": lambda v, m, f: _word(v, m) and _owner_is(v, "partner") and f.card_actions,
    "overtake": lambda v, m, f: _beats(v, m) and _owner_is(v, "partner"),
    "stop_opponent": lambda v, m, f: _stop(v, m),
    "take_lead": lambda v, m, f: _beats(v, m) and _owner_is(v, "opponent"),
    "jiefeng": lambda v, m, f: _jiefeng(v, m),
    "deny_open": lambda v, m, f: _deny(v, m),
    "burn": lambda v, m, f: _burns(v, m),
    "burn_for_partner": lambda v, m, f: _burn_for_partner(v, m),
    "burn_to_win": lambda v, m, f: _burn_to_win(v, m),
    "save_cards": lambda v, m, f: _word(v, m) and f.card_actions,
    "only_pass": lambda v, m, f: m.kind == MoveKind.PASS and not f.card_actions,
    "rang": lambda v, m, f: m.kind == MoveKind.RANG,      # its text is checked against rang_reason
    "rang_partner": lambda v, m, f: m.kind == MoveKind.RANG,
    "rang_next": lambda v, m, f: m.kind == MoveKind.RANG,
    "keep_big_joker": lambda v, m, f: _big_joker_kept(v, m),
    "return_low": lambda v, m, f: m.kind == MoveKind.RETURN and _cheapest(v, m),
    "return_other": lambda v, m, f: m.kind == MoveKind.RETURN and not _cheapest(v, m),
    "declare": _pre(MoveKind.DECLARE, _strong, "declare"),
    "declare_plain": _pre(MoveKind.DECLARE),
    "no_declare": _pre(MoveKind.NODECLARE, lambda v, f: not _strong(v, f), "declare"),
    "no_predeclare": _pre(MoveKind.NODECLARE, phase="predeclare"),
    "no_declare_plain": _pre(MoveKind.NODECLARE),
    "revolt": _pre(MoveKind.REVOLT, _weak),
    "revolt_plain": _pre(MoveKind.REVOLT),
    "no_revolt": _pre(MoveKind.NOREVOLT, lambda v, f: not _weak(v, f)),
    "no_revolt_plain": _pre(MoveKind.NOREVOLT),
    "yaotou": _pre(MoveKind.YAOTOU, _many),
    "yaotou_plain": _pre(MoveKind.YAOTOU),
    "wutou": _pre(MoveKind.WUTOU, lambda v, f: not _many(v, f)),
    "wutou_plain": _pre(MoveKind.WUTOU),
}


def _text(view: SeatView, move: Move, key: str) -> Reason:
    """The words the reason ``key`` must have for this action."""
    if key == "plays_left" and move.play is not None:
        return plays_left(moves_needed(_left(view, move.play), view.rules.bie_san))
    if key == "stop_opponent" and view.standing_owner is not None:
        return stop_opponent(view.counts[view.standing_owner])
    if key.startswith("rang"):
        return rang_reason(view)
    return reason(key)


def holds(why: Reason, view: SeatView, action: str, facts: Facts | None = None) -> bool:
    """Whether ``why`` is true of ``action`` in this view: its condition holds and
    its words are the ones for this position. The search's findings are taken
    as found."""
    if why.key in SEARCH_KEYS:
        return True
    condition = CONDITIONS.get(why.key)
    if condition is None:
        return False
    move = parse_action(action)
    facts = facts or Facts(view)
    return condition(view, move, facts) and tuple(why) == tuple(_text(view, move, why.key))


def neutral(view: SeatView, action: str, facts: Facts | None = None) -> Reason:
    """A reason that is always true of the action: what it does."""
    move = parse_action(action)
    facts = facts or Facts(view)
    kind = move.kind
    if move.play is not None:
        left = _left(view, move.play)
        return reason("go_out") if not any(left) else plays_left(moves_needed(left, view.rules.bie_san))
    if kind in (MoveKind.PASS, MoveKind.NOBURN):
        for key in ("let_partner", "save_cards", "only_pass"):
            if CONDITIONS[key](view, move, facts):
                return reason(key)
    if kind == MoveKind.RANG:
        return rang_reason(view)
    plain = {MoveKind.RETURN: "return_other" if not _cheapest(view, move) else "return_low",
             MoveKind.DECLARE: "declare_plain", MoveKind.REVOLT: "revolt_plain",
             MoveKind.NOREVOLT: "no_revolt_plain", MoveKind.YAOTOU: "yaotou_plain", MoveKind.WUTOU: "wutou_plain",
             MoveKind.NODECLARE: "no_predeclare" if view.phase == "predeclare" else "no_declare_plain"}
    return reason(plain.get(kind, "only_pass"))


def checked(view: SeatView, action: str, why: Reason, facts: Facts | None = None) -> Reason:
    """``why`` if it is true of ``action``, else a neutral reason that is."""
    facts = facts or Facts(view)
    return why if holds(why, view, action, facts) else neutral(view, action, facts)
