"""Facts a deal sends out. Each event is public or private to one seat.

An event is ``kind``, ``seat``, ``cards`` (notation) and ``info``, a short
tuple whose meaning depends on the kind; read it through the named
properties below (``event.place``, ``event.other`` …), never by index.
``str(event)`` is the one-line form the golden transcripts store.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class EventKind(StrEnum):
    # the play of a deal, in the order a deal meets them
    DEAL = "deal"                  # private: the seat's hand (cards = hand notation)
    LEAD_TURN = "lead"             # a round starts; seat leads
    PLAY = "play"                  # seat played cards; info: flags gouji / protected / special / yaotou
    BURN = "burn"                  # seat burned the standing 够级 with cards
    PASS = "pass"                  # seat passed (扣 when answering his 对头's 够级)
    NOBURN = "noburn"              # seat declined to burn
    RANG = "rang"                  # seat yielded (让牌)
    BURN_END = "burn_end"          # seat's burn was broken (解烧); info: (by,) or ("chaos",)
    BURN_WON = "burn_won"          # seat went out while burning (烧成功); info: (victim,)
    MEN = "men"                    # seat's 冲牌 was beaten (闷); info: (by,)
    OUT = "out"                    # seat played his last cards; info: (finishing position 1..6,)
    WUTOU = "wutou"                # seat became 无头
    GOU_SI_JI = "gousiji"          # seat was granted a 够死级
    OPENED = "opened"              # seat opened (开点)
    ROUND_END = "round_end"        # the round ended; seat owns the standing play
    CHAOS = "chaos"                # 四人乱缠 begins
    DEAL_OVER = "over"             # the deal ended; info: the places, 头科 first
    # the match, between deals and before the first lead
    DEAL_START = "deal_start"      # info: (deal index, leader or -1 for 亮3)
    LIANG = "liang"                # seat won 亮3 (亮4 under 憋3) and leads; cards: those shown; info: (suit,)
    TRIBUTE = "tribute"            # seat pays tribute; info: (receiver, cards, kind, owed); faces private
    RETURN = "return"              # seat gives back 落贡; info: (receiver, cards); faces private
    BUY3 = "buy3"                  # seat buys a 3; info: (seller, cards, "paid"|"free"); faces private
    REVOLT = "revolt"              # seat revolts (革命); info: ("auto",) when 憋3 forced it
    NOREVOLT = "norevolt"
    YAOTOU = "yaotou"              # the revolutionary's 对头 chooses 要头
    CHOOSE_WUTOU = "choose_wutou"  # ... or 无头
    DECLARE = "declare"            # seat declares his 对头 will not open; info: ("ming"|"yu",)
    NODECLARE = "nodeclare"
    VOID = "void"                  # two revolutions: the deal is redealt; info: the revolutionaries
    DEAL_END = "deal_end"          # info: (places, score, totals)
    MATCH_OVER = "match_over"      # info: totals


# Short names, as the engine's modules and the UI have always used them.
DEAL, LEAD_TURN, PLAY, BURN, PASS, NOBURN, RANG = (EventKind.DEAL, EventKind.LEAD_TURN, EventKind.PLAY,
                                                   EventKind.BURN, EventKind.PASS, EventKind.NOBURN, EventKind.RANG)
BURN_END, BURN_WON, MEN, OUT, WUTOU, GOU_SI_JI, OPENED = (EventKind.BURN_END, EventKind.BURN_WON, EventKind.MEN,
                                                          EventKind.OUT, EventKind.WUTOU, EventKind.GOU_SI_JI,
                                                          EventKind.OPENED)
ROUND_END, CHAOS, DEAL_OVER = EventKind.ROUND_END, EventKind.CHAOS, EventKind.DEAL_OVER
DEAL_START, LIANG, TRIBUTE, RETURN, BUY3 = (EventKind.DEAL_START, EventKind.LIANG, EventKind.TRIBUTE,
                                            EventKind.RETURN, EventKind.BUY3)
REVOLT, NOREVOLT, YAOTOU, CHOOSE_WUTOU = EventKind.REVOLT, EventKind.NOREVOLT, EventKind.YAOTOU, EventKind.CHOOSE_WUTOU
DECLARE, NODECLARE, VOID, DEAL_END, MATCH_OVER = (EventKind.DECLARE, EventKind.NODECLARE, EventKind.VOID,
                                                  EventKind.DEAL_END, EventKind.MATCH_OVER)
TRANSFERS = frozenset({TRIBUTE, RETURN, BUY3})   # cards moving between two seats


@dataclass(frozen=True, slots=True)
class Event:
    kind: EventKind
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

    # ----- the info tuple by name ---------------------------------------
    @property
    def gouji(self) -> bool:
        """PLAY/BURN: the play is 够级."""
        return "gouji" in self.info

    @property
    def protected(self) -> bool:
        """PLAY/BURN: only the 对头 may answer it, or a burn (§3.4)."""
        return "protected" in self.info

    @property
    def special(self) -> bool:
        """PLAY/BURN: a 够死级 or 要头 play (no 对头 step)."""
        return "special" in self.info

    @property
    def yaotou(self) -> bool:
        """PLAY/BURN: the special play is one of the seat's three 要头 plays (§8.6)."""
        return "yaotou" in self.info

    @property
    def place(self) -> int:
        """OUT: 0 for 头科 … 5 for 大落."""
        return int(self.info[0]) - 1

    @property
    def other(self) -> int | None:
        """The second seat of the fact: who broke a burn or stuck a 冲牌, the
        victim of a 烧成功, the receiver of a tribute or return, the seller of a 3."""
        value = self.info[0] if self.info else None
        return value if isinstance(value, int) else None

    @property
    def count(self) -> int:
        """TRIBUTE/RETURN/BUY3: how many cards moved."""
        return int(self.info[1])

    @property
    def tribute_kind(self) -> str:
        """TRIBUTE: dian, shao, men, luo or quan."""
        return str(self.info[2])

    @property
    def owed(self) -> int:
        """TRIBUTE: how many cards were owed (a player may hold fewer)."""
        return int(self.info[3])

    @property
    def paid(self) -> bool:
        """BUY3: the buyer paid with a 2 or a joker."""
        return self.info[2] == "paid"

    @property
    def automatic(self) -> bool:
        """REVOLT: forced by 憋3 (no 3, no 2, no joker)."""
        return self.info[:1] == ("auto",)

    @property
    def declaration(self) -> str:
        """DECLARE/NODECLARE: "ming" (宣点) or "yu" (预点)."""
        return str(self.info[0])

    @property
    def places(self) -> tuple[int, ...]:
        """DEAL_OVER and DEAL_END: the seats 头科 … 大落."""
        return tuple(self.info[0]) if self.kind == DEAL_END else tuple(self.info)

    @property
    def score(self) -> tuple[int, int]:
        """DEAL_END: the (even, odd) points recorded for the deal."""
        return (int(self.info[1][0]), int(self.info[1][1]))

    @property
    def totals(self) -> tuple[int, int]:
        """DEAL_END and MATCH_OVER: the match's running (even, odd) totals."""
        totals = self.info[2] if self.kind == DEAL_END else self.info
        return int(totals[0]), int(totals[1])

    @property
    def deal_index(self) -> int:
        """DEAL_START: 0 for the match's first deal."""
        return int(self.info[0])

    @property
    def leader(self) -> int | None:
        """DEAL_START: who leads, or None when 亮3 will decide it."""
        value = int(self.info[1])
        return None if value < 0 else value

    @property
    def suit(self) -> int:
        """LIANG: the suit of the cards shown."""
        return int(self.info[0])
