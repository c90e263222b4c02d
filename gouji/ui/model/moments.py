"""The big moments of Gouji, staged: which events earn a banner (够级, 烧牌,
开点, 闷, 接风, 让牌, going out, 四人乱缠, 串三户, 革命) and the 进贡/还贡 panel's
rows. Pure: the director decides when, the drawer how."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import events as ev
from ...engine.events import Event
from ...engine.plays import is_dead, is_gouji, parse_play
from ...engine.rules import RuleSet
from ...engine.scoring import is_chuan_san_hu
from ...engine.seats import opposite
from ...engine.view import SeatView


@dataclass(frozen=True)
class Banner:
    """A short line across the felt, naming the moment; ``seats`` light up."""

    key: str                       # text key in i18n (table texts, "banner_…")
    seat: int | None = None        # whose moment it is (his name goes into the text)
    seats: tuple[int, ...] = ()    # badges to highlight
    sound: str = "click"           # "" when the event makes its own sound
    tone: str = "gold"             # gold, fire (烧), red (闷, 革命)
    place: int = 0                 # for going out: 0 (头科) … 5


def banner_for(event: Event, last_winner: int | None, previous: Event | None = None,
               rules: RuleSet | None = None) -> Banner | None:
    """The banner an event earns, if any. ``last_winner`` owned the last round and went
    out (for 接风: None when his 对头 leads after a 够级 底牌, §3.8, which is no 接风);
    ``previous`` is the event before (a play that broke a burn comes after its 解烧)."""
    seat, kind = event.seat, event.kind
    if kind in (ev.PLAY, ev.BURN) and seat is not None:
        if kind == ev.BURN:   # the cards' own sound plays with them: the banner adds none
            return Banner("banner_burn", seat, (seat,), "", "fire")
        if previous is not None and previous.kind == ev.BURN_END and previous.info[:1] == (seat,):
            return None       # this play broke a burn: the 解烧 banner stays up
        if event.protected and is_dead(parse_play(event.cards), rules):
            return None       # a 大王 play: nobody can take it, there is no duel
        if event.special:
            return Banner("banner_yaotou" if event.yaotou else "banner_gousiji", seat, (seat,), "")
        if event.protected:
            return Banner("banner_gouji", seat, (seat, opposite(seat)), "")
        return None
    if kind == ev.OPENED and rules is not None and not rules.kai_dian:
        return None   # no 开点 at this table: the engine's mark means nothing to the player
    if seat is not None and kind in _SIMPLE:
        key, sound, tone = _SIMPLE[kind]
        return Banner(key, seat, (seat,), sound, tone)
    if kind == ev.OUT and seat is not None:
        return Banner("banner_out", seat, (seat,), "", place=event.place)
    if kind == ev.CHAOS:
        return Banner("banner_chaos", None, (), "chaos")
    if kind == ev.DEAL_OVER and is_chuan_san_hu(event.places):
        return Banner("banner_chuan", event.places[0], event.places[:3], "chuan")
    if kind == ev.LEAD_TURN and seat is not None and last_winner is not None and seat != last_winner:
        return Banner("banner_jiefeng", seat, (seat,), "jiefeng")
    return None


_SIMPLE = {
    ev.BURN_END: ("banner_burn_end", "burn_end", "gold"),
    ev.BURN_WON: ("banner_burn_won", "burn_won", "fire"),
    ev.OPENED: ("banner_opened", "opened", "gold"),
    ev.MEN: ("banner_men", "men", "red"),
    ev.RANG: ("banner_rang", "rang", "gold"),
    ev.REVOLT: ("banner_revolt", "revolt", "red"),
}


@dataclass(frozen=True)
class Transfer:
    """One row of the 进贡/还贡 panel: who gives what to whom."""

    kind: str                      # dian, shao, men, luo, quan, return, buy3
    giver: int
    receiver: int
    cards: tuple[int, ...]         # faces when the viewer may see them, else ()
    count: int


def transfers(events: Sequence[Event], viewer: int) -> list[Transfer]:
    """The deal's tribute, returns and 买3 as the viewer may see them: his own with
    their faces (from the private events), the others as a count."""
    rows: list[Transfer] = []
    for event in events:
        if event.kind not in ev.TRANSFERS or event.seat is None or event.other is None:
            continue
        mine = viewer in (event.seat, event.other)
        if mine != (event.private_to is not None):
            continue   # one row per transfer: the private one for the viewer's own
        kind = event.tribute_kind if event.kind == ev.TRIBUTE else str(event.kind)
        rows.append(Transfer(kind, event.seat, event.other, event.card_ids if mine else (), event.count))
    return rows


@dataclass(frozen=True)
class Duel:
    """A 够级 play and its 对头 facing each other this round (§3.4): the two seats and
    how many 够级 plays the duel has seen so far."""

    attacker: int
    rival: int
    plays: int


def duel_of(view: SeatView) -> Duel | None:
    """The duel on the table: the standing play is a protected 够级 (not a 够死级 or
    要头 play, which no 对头 answers; not in 四人乱缠) and the owner's 对头 is still in.
    Its plays are this round's 够级 plays by either of the two, since the first."""
    owner, play = view.standing_owner, view.standing_play
    if owner is None or play is None or not is_gouji(play) or view.chaos or view.standing_protected_only_burn:
        return None
    rival = opposite(owner)
    if view.counts[rival] == 0 or rival in view.revolted:
        return None
    pair = {owner, rival}
    plays = [(seat, cards) for seat, kind, cards in view.round_log if kind in ("play", "burn") and cards]
    start = next((i for i, (seat, cards) in enumerate(plays) if seat in pair and is_gouji(parse_play(cards))), None)
    count = sum(1 for seat, _ in plays[start:] if seat in pair) if start is not None else 1
    return Duel(owner, rival, max(1, count))


__all__ = ["Banner", "banner_for", "Transfer", "transfers", "Duel", "duel_of"]
