"""Position notation: a deal in progress as one line of text (what FEN is to
chess), so a test, a lesson or a bug report can start from any moment.

    KK3/AA45/55/66/77/88 follow 1 leader=0 play=0:KK seq=1:1 queue=2,3,4,5

Fields, separated by spaces:
1. the six hands in notation, seat 0 first, joined by ``/`` (``-`` for none);
2. the phase (``lead``, ``follow``, ``burn``, ``answer``, ``over``);
3. the seat to act, or ``-``;
then ``key=value`` tokens, each only when it differs from a fresh deal:

``leader`` round leader (else the seat to act) · ``first`` the deal's first
leader (else ``leader``) · ``play=S:CARDS`` the standing play and its owner ·
``seq=N:M`` plays so far and the standing play's number · ``special=gousiji|yaotou``
· ``chong=1`` the standing play is its owner's 冲牌 · ``passed`` · ``queue`` seats
still to be asked, in order · ``rang`` · ``burning=B:V,…`` burner and the owner
of the 够级 he first beat · ``wutou`` · ``gousiji`` · ``yaotou=S:LEFT`` ·
``stood=S:N`` 要头 plays that stood · ``revolted`` · ``chaos=1|pending`` ·
``out`` finishing order · ``places`` · ``deadline`` · ``opened`` · ``won=B:V,…``
烧成功 · ``men=S:BY,…`` · ``round=S.kind.CARDS,…`` this round's log.

Rules are not part of a position: ``Game.from_position(text, rules)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .cards import format_counts, parse_counts
from .errors import NotationError
from .phases import LEAD, Phase
from .plays import parse_play
from .seats import N_SEATS, SEATS
from .state import DealState
from .view import SeatView

Fields = dict[str, str]
ORDER = ("leader", "first", "play", "seq", "special", "chong", "passed", "queue", "rang", "burning", "wutou",
         "gousiji", "yaotou", "stood", "revolted", "chaos", "out", "places", "deadline", "opened", "won", "men",
         "round")


def _seats(values: Iterable[int]) -> str:
    return ",".join(str(s) for s in values)


def _pairs(pairs: Iterable[tuple[int, int]]) -> str:
    return ",".join(f"{a}:{b}" for a, b in pairs)


def format_position(state: DealState) -> str:
    hands = "/".join(format_counts(row) or "-" for row in state.counts)
    current = "-" if state.current is None else str(state.current)
    leader = state.round_leader
    fields: Fields = {}
    if leader != state.current:
        fields["leader"] = str(leader)
    if state.first_leader != leader:
        fields["first"] = str(state.first_leader)
    if state.standing is not None and state.owner is not None:
        fields["play"] = f"{state.owner}:{state.standing}"
    if state.seq or state.standing_seq:
        fields["seq"] = f"{state.seq}:{state.standing_seq}"
    if state.special:
        fields["special"] = state.special_kind
    if state.chong:
        fields["chong"] = "1"
    sets = {"passed": sorted(state.passed), "queue": state.queue, "wutou": sorted(state.wutou),
            "gousiji": sorted(state.gou_si_ji), "revolted": sorted(state.setup.revolted), "out": state.finish,
            "places": state.places, "deadline": state.deadline,
            "opened": [s for s in SEATS if state.opened_by_play[s]]}
    fields.update({key: _seats(values) for key, values in sets.items() if values})
    if state.rang is not None:
        fields["rang"] = str(state.rang)
    pairs = {"burning": sorted(state.burning.items()), "yaotou": sorted(state.yaotou.items()),
             "stood": sorted(state.yaotou_stood.items()), "won": state.burn_wins, "men": sorted(state.men.items())}
    fields.update({key: _pairs(values) for key, values in pairs.items() if values})
    if state.chaos or state.chaos_pending:
        fields["chaos"] = "1" if state.chaos else "pending"
    if state.round_log:
        fields["round"] = ",".join(f"{seat}.{kind}" + (f".{cards}" if cards else "")
                                   for seat, kind, cards in state.round_log)
    extras = [f"{key}={fields[key]}" for key in ORDER if key in fields]
    return " ".join([hands, str(state.phase), current, *extras])


def split_position(text: str) -> tuple[list[str], Phase, int | None, Fields]:
    """The hands, phase, seat to act and extra fields; NotationError names the fault."""
    if not isinstance(text, str):
        raise _bad(f"a position is text, not {type(text).__name__}")
    parts = text.split()
    if len(parts) < 3:
        raise _bad("a position needs at least: hands, phase and the seat to act")
    hands = parts[0].split("/")
    if len(hands) != N_SEATS:
        raise _bad(f"a position needs {N_SEATS} hands separated by '/', got {len(hands)}")
    try:
        phase = Phase(parts[1])
    except ValueError:
        raise _bad(f"unknown phase {parts[1][:20]!r}") from None
    if not phase.in_play and phase != Phase.OVER:
        raise _bad(f"{phase} is a phase of the match, not of a deal")
    current = None if parts[2] == "-" else _seat(parts[2])
    fields: Fields = {}
    for token in parts[3:]:
        key, sep, value = token.partition("=")
        if not sep or key not in ORDER:
            raise _bad(f"unknown position field {token[:30]!r} (known: {', '.join(ORDER)})")
        if key in fields:
            raise _bad(f"the field {key!r} is given twice")
        fields[key] = value
    return ["" if h == "-" else h for h in hands], phase, current, fields


def restore(state: DealState, phase: Phase, current: int | None, fields: Fields) -> None:
    """Set every part of ``state`` a position describes (its hands are already in place)."""
    state.phase, state.current = phase, current
    leader = _seat(fields["leader"]) if "leader" in fields else current
    if leader is None:
        raise _bad("with nobody to act, the position must name the round's leader (leader=S)")
    state.round_leader = leader
    state.first_leader = _seat(fields["first"]) if "first" in fields else leader
    if "play" in fields:
        owner, _, cards = fields["play"].partition(":")
        state.owner, state.standing = _seat(owner), _parse(parse_play, cards)
    elif phase != LEAD and phase != Phase.OVER:
        raise _bad(f"in the {phase} phase there must be a standing play (play=S:CARDS)")
    state.seq, state.standing_seq = _ints(fields.get("seq", "0:0"), ":", 2)
    state.special_kind = fields.get("special", "")
    if state.special_kind not in ("", "gousiji", "yaotou"):
        raise _bad(f"special must be gousiji or yaotou, not {state.special_kind[:20]!r}")
    state.special = bool(state.special_kind)
    state.chong = fields.get("chong") == "1"
    state.passed = set(_seat_list(fields.get("passed", "")))
    state.queue = _seat_list(fields.get("queue", ""))
    state.rang = _seat(fields["rang"]) if "rang" in fields else None
    state.burning = dict(_pair_list(fields.get("burning", "")))
    state.wutou = set(_seat_list(fields.get("wutou", "")))
    state.gou_si_ji = set(_seat_list(fields.get("gousiji", "")))
    state.yaotou = dict(_pair_list(fields.get("yaotou", ""), seats=False))
    state.yaotou_stood = dict(_pair_list(fields.get("stood", ""), seats=False))
    for seat in state.yaotou:   # a 要头 seat whose plays have not stood yet may leave stood= out
        state.yaotou_stood.setdefault(seat, 0)
    state.chaos = fields.get("chaos") == "1"
    state.chaos_pending = fields.get("chaos") == "pending"
    state.finish = _seat_list(fields.get("out", ""))
    state.places = _seat_list(fields.get("places", ""))
    state.deadline = _int_list(fields.get("deadline", ""))
    opened = set(_seat_list(fields.get("opened", "")))
    state.opened_by_play = [s in opened for s in SEATS]
    state.burn_wins = _pair_list(fields.get("won", ""))
    state.men = dict(_pair_list(fields.get("men", "")))
    state.round_log = [_round_entry(entry) for entry in fields["round"].split(",")] if fields.get("round") else []
    revolted = state.setup.revolted
    state.in_deal = [s not in revolted and sum(state.counts[s]) > 0 for s in SEATS]
    if current is not None and not state.in_deal[current]:
        raise _bad(f"seat {current} is to act but has no cards in the deal")


def resume(state: DealState, view: SeatView) -> None:
    """Set every part of ``state`` that ``view`` shows (its hands are already in
    place): ``restore`` from a seat's view instead of from text."""
    state.phase, state.current = view.phase, view.current_seat
    state.round_leader, state.first_leader = view.round_leader, view.first_leader
    state.owner, state.standing = view.standing_owner, view.standing_play
    state.seq = state.standing_seq = view.seq
    state.special_kind = view.special_kind
    state.special = view.standing_protected_only_burn
    owner = view.standing_owner
    state.chong = owner is not None and state.standing is not None and state.is_chong(owner)
    state.passed, state.queue, state.rang = set(view.passed), list(view.queue), view.rang
    state.burning = dict(view.burners)
    state.wutou, state.gou_si_ji = set(view.wutou), set(view.gou_si_ji)
    state.yaotou, state.yaotou_stood = dict(view.yaotou_left), dict(view.yaotou_stood)
    state.chaos, state.chaos_pending = view.chaos, view.chaos_pending
    state.finish, state.places, state.deadline = list(view.finish_order), list(view.places), list(view.deadline)
    state.opened_by_play = [s in view.opened for s in SEATS]
    state.burn_wins, state.men = list(view.burn_wins), dict(view.men_by)
    state.round_log = list(view.round_log)
    state.in_deal = [s not in view.revolted and sum(state.counts[s]) > 0 for s in SEATS]


def setup_seats(fields: Fields) -> tuple[frozenset[int], frozenset[int]]:
    """Who revolted, and which of their 对头s chose 要头 (part of the deal's setup)."""
    revolted = frozenset(_seat_list(fields.get("revolted", "")))
    yaotou = frozenset(seat for seat, _ in _pair_list(fields.get("yaotou", ""), seats=False))
    return revolted, yaotou


def hand_counts(hands: list[str]) -> list[list[int]]:
    return [_parse(parse_counts, hand) for hand in hands]


def _round_entry(entry: str) -> tuple[int, str, str]:
    seat, _, rest = entry.partition(".")
    kind, _, cards = rest.partition(".")
    if kind not in ("play", "burn", "pass", "rang"):
        raise _bad(f"a round entry is seat.kind[.cards] with kind play, burn, pass or rang: {entry[:30]!r}")
    if cards:
        cards = str(_parse(parse_play, cards))
    return _seat(seat), kind, cards


def _parse(parser: Callable, text: str):
    try:
        return parser(text)
    except NotationError as exc:
        raise NotationError(f"局面里的牌不对：{exc.zh}", f"bad cards in the position: {exc.en}") from None


def _seat(text: str) -> int:
    if text not in {str(s) for s in SEATS}:
        raise _bad(f"{text[:20]!r} is not a seat (seats are 0..5)")
    return int(text)


def _seat_list(text: str) -> list[int]:
    return [_seat(part) for part in text.split(",")] if text else []


def _ints(text: str, sep: str, n: int) -> list[int]:
    parts = text.split(sep)
    if len(parts) != n or not all(p.isdigit() and len(p) < 6 for p in parts):
        raise _bad(f"expected {n} whole numbers separated by {sep!r}, got {text[:30]!r}")
    return [int(p) for p in parts]


def _int_list(text: str) -> list[int]:
    return _ints(text, ",", text.count(",") + 1) if text else []


def _pair_list(text: str, seats: bool = True) -> list[tuple[int, int]]:
    """``a:b,…`` pairs of a seat and another seat (or, ``seats=False``, a count)."""
    pairs = []
    for part in text.split(",") if text else []:
        a, _, b = part.partition(":")
        pairs.append((_seat(a), _seat(b) if seats else _ints(b, ":", 1)[0]))
    return pairs


def _bad(en: str) -> NotationError:
    return NotationError(f"局面写法不对：{en}", f"bad position: {en}")


__all__ = ["format_position", "split_position", "restore", "resume", "hand_counts", "setup_seats"]
