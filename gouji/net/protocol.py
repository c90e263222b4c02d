"""The messages between a table's host and its players.

Every message is one JSON object in a text frame: ``{"v": PROTOCOL_VERSION,
"type": ..., ...}``. A player's messages also carry ``seq``, a number that
grows with every message of a connection (a replayed or reordered message is
refused). The network is bad input: ``read_client_message`` checks the size,
the JSON, the version, the type and every field against a whitelist, and
refuses anything else with a ``Refusal`` that says why in Chinese and English.

Player → host (fields; ``?`` optional):

- ``hello``: room, name, token?, host_secret? — join a table, or take back a
  seat with its token
- ``configure`` (host only, before the start): rules?, bots?, deals?, move_seconds?
- ``swap`` (host only, before the start): a, b — two seats change places
- ``start`` (host only): the match begins, bots in the empty seats
- ``act``: turn, action, cards? — ``turn`` is the number of actions the
  player's view was made after: an action meant for an earlier moment is refused
- ``say``: phrase — a quick phrase by its id (phrases.py)
- ``ping``: the player is still there (the host answers ``pong``)

Host → player: ``welcome``, ``seats``, ``start``, ``view``, ``deal_end``,
``match_end``, ``said``, ``error``, ``pong``, ``bye`` (see docs/network.md).

A match's record (``deal_end.record`` after each deal, ``match_end.record``)
is checked field by field by ``check_record`` before the engine replays it:
version 2 (``"v": 2``) carries the first drawer and the seeds of the deals
through the one just ended, never of a deal to come; a record without ``v``
(an older host's, at the match's end only) carries the match's seed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.checks import SEED_LIMIT
from ..engine.dealcode import MAX_ACTIONS_PER_DEAL
from ..engine.errors import quote
from ..engine.match import DEAL_SEED_LIMIT
from ..engine.rules import MAX_SERIES, PRESETS
from .codes import ROOM_ALPHABET, ROOM_LENGTH
from .phrases import PHRASE_IDS

PROTOCOL_VERSION = 1
MAX_CLIENT_MESSAGE = 4096        # bytes: a player's largest message (an action with its cards is < 1 KB)
MAX_HOST_MESSAGE = 1 << 20       # bytes: a host's largest (a whole deal's history is < 40 KB)
MAX_NAME = 24
MAX_SECRET = 128
MAX_ACTION = 200                 # the engine refuses longer action texts anyway
MAX_CARDS = 64
MAX_TURN = 10 ** 6
MAX_MOVE_SECONDS = 600
BOT_LEVELS = ("random", "easy", "normal", "hard", "expert")


class Refusal(Exception):
    """A message (or a wish) the host will not carry out; ``code`` for programs, ``zh``/``en`` for people."""

    def __init__(self, code: str, zh: str, en: str) -> None:
        super().__init__(f"{zh} / {en}")
        self.code, self.zh, self.en = code, zh, en

    def message(self, ref: int | None = None) -> dict[str, Any]:
        """The ``error`` message that tells the player."""
        return make("error", code=self.code, zh=self.zh, en=self.en, ref=ref)


def make(kind: str, **fields: Any) -> dict[str, Any]:
    """A message of ``kind`` with the protocol's version."""
    return {"v": PROTOCOL_VERSION, "type": kind, **fields}


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


# ----- field checkers: each returns the value to use, or raises Refusal --------
Checker = Callable[[str, Any], Any]


def _bad(name: str, zh_what: str, en_what: str, value: Any) -> Refusal:
    return Refusal("bad_field", f"字段 {name} 应当是{zh_what}，收到的是 {quote(value)}",
                   f"the field {name!r} must be {en_what}, got {quote(value)}")


def whole(low: int, high: int) -> Checker:
    def check(name: str, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise _bad(name, f" {low} 到 {high} 的整数", f"a whole number from {low} to {high}", value)
        return value
    return check


def text(limit: int) -> Checker:
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str) or not value or len(value) > limit or not value.isprintable():
            raise _bad(name, f"不超过 {limit} 个字的文字", f"printable text of 1 to {limit} characters", value)
        return value
    return check


def choice(options: tuple[str, ...]) -> Checker:
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str) or value not in options:
            raise _bad(name, f"以下之一：{', '.join(options)}", f"one of {', '.join(options)}", value)
        return value
    return check


def room_code(name: str, value: Any) -> str:
    """A room code, read the way people type it: any case, spaces and dashes ignored."""
    if isinstance(value, str) and len(value) <= 3 * ROOM_LENGTH:
        code = value.upper().replace(" ", "").replace("-", "")
        if len(code) == ROOM_LENGTH and all(c in ROOM_ALPHABET for c in code):
            return code
    raise _bad(name, f"{ROOM_LENGTH} 个字母或数字的房间号", f"a room code of {ROOM_LENGTH} letters or digits", value)


def card_list(name: str, value: Any) -> list[int]:
    if not isinstance(value, list) or len(value) > MAX_CARDS or not all(
            isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 216 for c in value):
        raise _bad(name, "牌号（0 到 215）的列表", "a list of card numbers 0..215", value)
    return value


SEAT = whole(0, 5)
Spec = dict[str, tuple[Checker, bool]]   # field -> (checker, required)
CLIENT_TYPES: dict[str, Spec] = {
    "hello": {"room": (room_code, True), "name": (text(MAX_NAME), True), "token": (text(MAX_SECRET), False),
              "host_secret": (text(MAX_SECRET), False)},
    "configure": {"rules": (choice(tuple(PRESETS)), False), "bots": (choice(BOT_LEVELS), False),
                  "deals": (whole(1, MAX_SERIES), False), "move_seconds": (whole(0, MAX_MOVE_SECONDS), False)},
    "swap": {"a": (SEAT, True), "b": (SEAT, True)},
    "start": {},
    "act": {"turn": (whole(0, MAX_TURN), True), "action": (text(MAX_ACTION), True), "cards": (card_list, False)},
    "say": {"phrase": (choice(PHRASE_IDS), True)},
    "ping": {},
}
ENVELOPE = ("v", "type", "seq")


@dataclass(frozen=True)
class ClientMessage:
    type: str
    seq: int
    fields: dict[str, Any]


def version_refusal(theirs: Any) -> Refusal:
    return Refusal("version", f"这张桌子用第 {PROTOCOL_VERSION} 版联网协议，你的游戏用的是 {quote(theirs)}："
                   "请把两边的游戏更新到同一版本",
                   f"this table speaks network protocol version {PROTOCOL_VERSION}, your game speaks "
                   f"{quote(theirs)}: update both games to the same version")


def read_client_message(raw: str | bytes, limit: int = MAX_CLIENT_MESSAGE) -> ClientMessage:
    """A player's message, checked; Refusal says in words what is wrong with it."""
    if isinstance(raw, bytes):
        raise Refusal("binary", "只接受文字消息（JSON）", "only text messages (JSON) are accepted")
    if len(raw) > limit:
        raise Refusal("too_big", f"消息太长（超过 {limit} 字节）", f"the message is too long (over {limit} bytes)")
    data = _json_object(raw)
    if data.get("v") != PROTOCOL_VERSION or isinstance(data.get("v"), bool):
        raise version_refusal(data.get("v"))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        raise Refusal("unknown_type", f"不认识的消息类型 {quote(kind)}",
                      f"unknown message type {quote(kind)} (known: {', '.join(CLIENT_TYPES)})")
    seq = whole(1, 2 ** 53)("seq", data.get("seq"))
    spec = CLIENT_TYPES[kind]
    unknown = [key for key in data if key not in ENVELOPE and key not in spec]
    if unknown:
        raise Refusal("unknown_field", f"{kind} 消息里不该有字段 {quote(unknown[0])}",
                      f"a {kind!r} message has no field {quote(unknown[0])}")
    fields = {}
    for name, (check, required) in spec.items():
        if name in data:
            fields[name] = check(name, data[name])
        elif required:
            raise Refusal("missing_field", f"{kind} 消息缺少字段 {name}",
                          f"a {kind!r} message needs the field {name!r}")
    return ClientMessage(kind, seq, fields)


RECORD_VERSION = 2                          # a record of a match dealt by its deals' own seeds
MAX_RECORD_ACTIONS = MAX_SERIES * MAX_ACTIONS_PER_DEAL


def check_record(data: Any) -> dict[str, Any]:
    """A record's fields, each of its type and within its bounds before any work (Refusal names the first
    that is not); whether it replays is the engine's to say (records.py)."""
    if not isinstance(data, dict):
        raise Refusal("bad_record", "比赛记录不是一个对象", "the match's record is not an object")
    spec = RECORD_V2 if "v" in data else RECORD_V1
    if "v" in data and (data["v"] != RECORD_VERSION or isinstance(data["v"], bool)):
        raise Refusal("bad_record", f"比赛记录的版本 {quote(data['v'])} 看不懂",
                      f"the match's record has a version this game cannot read ({quote(data['v'])})")
    unknown = [key for key in data if key not in spec and key != "v"]
    if unknown:
        raise Refusal("bad_record", f"比赛记录里不该有 {quote(unknown[0])}",
                      f"a record has no field {quote(unknown[0])}")
    fields = {}
    for name, check in spec.items():
        if name not in data:
            raise Refusal("bad_record", f"比赛记录缺少 {name}", f"the match's record lacks {name!r}")
        fields[name] = check(name, data[name])
    if "deal_seeds" in fields and len(fields["deal_seeds"]) != len(fields["ends"]):
        raise Refusal("bad_record", "比赛记录的种子和牌局数对不上",
                      "the record's deal seeds are not one for each deal it ended")
    return fields


def listing(item: Checker, low: int, high: int) -> Checker:
    """A list of ``low`` to ``high`` items, each checked by ``item``."""
    def check(name: str, value: Any) -> list[Any]:
        if not isinstance(value, list) or not low <= len(value) <= high:
            raise _bad(name, f" {low} 到 {high} 项的列表", f"a list of {low} to {high} items", value)
        return [item(name, v) for v in value]
    return check


def mapping(name: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(name, "一个对象", "an object", value)
    return value


def anything(name: str, value: Any) -> Any:
    return value   # checked where it is read (the actions: saves.unpack_actions)


ENDS = listing(whole(0, MAX_RECORD_ACTIONS), 0, MAX_SERIES)
ACTIONS = listing(anything, 0, MAX_RECORD_ACTIONS)
RECORD_V1: dict[str, Checker] = {"rules": mapping, "seed": whole(0, SEED_LIMIT - 1), "actions": ACTIONS, "ends": ENDS}
RECORD_V2: dict[str, Checker] = {"rules": mapping, "first_drawer": SEAT,
                                 "deal_seeds": listing(whole(0, DEAL_SEED_LIMIT - 1), 1, MAX_SERIES),
                                 "actions": ACTIONS, "ends": ENDS}


def read_host_message(raw: str | bytes, limit: int = MAX_HOST_MESSAGE) -> dict[str, Any]:
    """A host's message, checked as far as the envelope (its fields are checked where they are used)."""
    if isinstance(raw, bytes) or len(raw) > limit:
        raise Refusal("bad_host", "主机发来了看不懂的消息", "the host sent a message that cannot be read")
    data = _json_object(raw)
    if data.get("v") != PROTOCOL_VERSION:
        raise version_refusal(data.get("v"))
    if not isinstance(data.get("type"), str):
        raise Refusal("bad_host", "主机的消息没有类型", "the host's message has no type")
    return data


def _json_object(raw: str) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except RecursionError:
        raise Refusal("bad_json", "消息嵌套太深", "the message is nested too deeply") from None
    except ValueError as exc:   # JSONDecodeError, or a number of thousands of digits
        raise Refusal("bad_json", "消息不是有效的 JSON", f"the message is not valid JSON ({str(exc)[:80]})") from None
    if not isinstance(data, dict):
        raise Refusal("bad_json", "消息应当是一个 JSON 对象", "a message must be a JSON object")
    return data


__all__ = ["PROTOCOL_VERSION", "RECORD_VERSION", "check_record",
           "Refusal", "ClientMessage", "read_client_message", "read_host_message", "make",
           "encode", "CLIENT_TYPES", "BOT_LEVELS", "MAX_CLIENT_MESSAGE", "MAX_HOST_MESSAGE"]
