"""Facts a deal sends out. Each event is public or private to one seat."""

from __future__ import annotations

from dataclasses import dataclass, field

# Event kinds, in the order a deal meets them.
DEAL = "deal"            # private: the seat's hand (cards = hand notation)
LEAD_TURN = "lead"       # a round starts; seat leads
PLAY = "play"            # seat played cards (flags in info)
BURN = "burn"            # seat burned the standing 够级 with cards
PASS = "pass"            # seat passed (扣 when answering his 对头's 够级)
NOBURN = "noburn"        # seat declined to burn
RANG = "rang"            # seat yielded (让牌)
BURN_END = "burn_end"    # seat's burn was broken (解烧)
BURN_WON = "burn_won"    # seat went out while burning (烧成功); info: victim
MEN = "men"              # seat's 冲牌 was beaten (闷); info: by whom
OUT = "out"              # seat played his last cards; info: finishing position
WUTOU = "wutou"          # seat became 无头
GOU_SI_JI = "gousiji"    # seat was granted a 够死级
OPENED = "opened"        # seat opened (开点)
ROUND_END = "round_end"  # the round ended; seat owns the standing play
CHAOS = "chaos"          # 四人乱缠 begins
DEAL_OVER = "over"       # the deal ended; info: places and team scores
# the match, between deals and before the first lead
DEAL_START = "deal_start"  # info: (deal index, leader or -1 for 亮3)
LIANG = "liang"          # seat won 亮3 (亮4 under 憋3) and leads; cards: those shown; info: (suit,)
TRIBUTE = "tribute"      # seat pays tribute; info: (receiver, cards, kind, owed); faces private
RETURN = "return"        # seat gives back 落贡; info: (receiver, cards); faces private
BUY3 = "buy3"            # seat buys a 3; info: (seller, cards, paid/free); faces private
REVOLT = "revolt"        # seat revolts (革命); info: ("auto",) when 憋3 forced it
NOREVOLT = "norevolt"
YAOTOU = "yaotou"        # the revolutionary's 对头 chooses 要头
CHOOSE_WUTOU = "choose_wutou"  # ... or 无头
DECLARE = "declare"      # seat declares his 对头 will not open; info: ("ming"|"yu",)
NODECLARE = "nodeclare"
VOID = "void"            # two revolutions: the deal is redealt
DEAL_END = "deal_end"    # info: (places, score, totals)
MATCH_OVER = "match_over"  # info: totals


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    seat: int | None = None
    cards: str = ""
    info: tuple = field(default=())
    private_to: int | None = None  # None: everyone sees it
    card_ids: tuple[int, ...] = ()  # the physical cards of a play (suits, for display)

    def visible_to(self, seat: int) -> bool:
        return self.private_to is None or self.private_to == seat

    def __str__(self) -> str:
        who = "" if self.seat is None else f" {self.seat}"
        cards = f" {self.cards}" if self.cards else ""
        info = f" {self.info}" if self.info else ""
        return f"{self.kind}{who}{cards}{info}"
