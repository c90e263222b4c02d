"""Deal codes: a deal of a match as a short text to copy, paste and review.

A deal is reproduced by its match: the rules, the seed, the match's actions
through the deal, and which deal of the match it is (``DealRef``). The code
also names the seat whose decisions a review looks at.

The actions take little room because each is written as its place in the
sorted ``legal_actions()`` of that moment — forced actions take none — and
all those places together form one mixed-radix whole number (about 50 bytes a
deal). The text is ``GJ1:`` and base64url of the bytes plus a CRC-32, so a
damaged code is caught; a CRC-32 of the actions' text catches a code that
replays differently under another version's rules. Spaces, line breaks and
full-width letters pasted in are ignored.

>>> ref = DealRef(RuleSet.preset("basic"), 7, ("play 3",), deal=0, seat=0)
>>> code = encode(ref)
>>> code.startswith("GJ1:") and decode(code) == ref
True
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import unicodedata
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from .errors import IllegalAction, NotationError
from .match import Match
from .rules import PRESETS, RuleSet
from .seats import SEATS

PREFIX = "GJ"
VERSION = 1
# Presets by number; never reorder (old codes name them by position).
PRESET_ORDER = ("qingdao", "basic", "app196")
CUSTOM = 15               # rules tag: a JSON diff from the default rules follows
CHECK_BYTES = 4
CODE = re.compile(PREFIX + r"(\d{1,4}):([A-Za-z0-9_-]*)", re.IGNORECASE)
QUOTES = "\"'`“”‘’「」《》<>()[]{}（）【】.,;。，；"


class DealCodeError(ValueError):
    """A code that is damaged, foreign, newer, or does not replay; ``zh``/``en`` say which."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(f"{zh} / {en}")
        self.zh, self.en = zh, en

    def reason(self, lang: str = "zh") -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class DealRef:
    """Deal ``deal`` (0 = the first) of the match ``(rules, seed, actions)``,
    seen from ``seat``; ``actions`` may stop anywhere, e.g. in mid-deal."""

    rules: RuleSet
    seed: int
    actions: tuple[str, ...]
    deal: int = 0
    seat: int = 0

    def replay(self, card_choices: Sequence[Sequence[int] | None] | None = None) -> Match:
        """The match after all the actions (IllegalAction if one does not replay)."""
        return Match.replay(self.rules, self.seed, self.actions, card_choices)

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "seed": self.seed, "actions": list(self.actions),
                "deal": self.deal, "seat": self.seat}

    @classmethod
    def from_json(cls, data: Any) -> "DealRef":
        """From ``to_json``'s form; ``rules`` may be a preset name or a partial table,
        ``deal`` defaults to the last deal the actions reach, ``seat`` to 0."""
        if not isinstance(data, dict):
            raise DealCodeError("需要一个 JSON 对象（rules、seed、actions）",
                                "expected a JSON object (rules, seed, actions)")
        rules = _rules_from(data.get("rules", "qingdao"))
        seed, actions = data.get("seed"), data.get("actions", [])
        if not _whole(seed):
            raise DealCodeError("seed 要是整数", "seed must be a whole number")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise DealCodeError("actions 要是动作文字的列表", "actions must be a list of action texts")
        match = _replay(rules, seed, actions)
        deal, seat = data.get("deal", last_deal(match)), data.get("seat", 0)
        ref = cls(rules, seed, tuple(str(m) for m in match.actions), deal, seat)
        _check_ref(ref, match)
        return ref


def last_deal(match: Match) -> int:
    """The deal the match's actions last touched: the one in play, or the one just ended."""
    results = match.results
    if results and (match.is_over or results[-1].end_action == len(match.actions)):
        return len(results) - 1
    return len(results)


def deal_span(match: Match, deal: int) -> tuple[int, int | None]:
    """The actions of ``deal``: (first, end) indices into ``match.actions``;
    end is None while the deal is still being played."""
    results = match.results
    start = results[deal - 1].end_action if deal > 0 else 0
    return start, results[deal].end_action if deal < len(results) else None


# ----- encoding ---------------------------------------------------------------
def encode(ref: DealRef) -> str:
    """The code of ``ref`` (IllegalAction-free: DealCodeError if an action does not replay)."""
    match = Match(ref.rules, ref.seed)
    digits: list[tuple[int, int]] = []
    for i, action in enumerate(ref.actions):
        legal = match.legal_actions()
        try:
            match.apply(action)
        except (IllegalAction, NotationError) as exc:
            raise _does_not_replay(i, action, exc) from None
        if len(legal) > 1:
            digits.append((legal.index(str(match.actions[-1])), len(legal)))
    _check_ref(ref, match)
    number = 0
    for digit, radix in reversed(digits):
        number = number * radix + digit
    payload = (_rules_bytes(ref.rules) + _varint(_zigzag(ref.seed)) + _varint(ref.deal) + _varint(ref.seat)
               + _varint(len(ref.actions)) + _digest(match.actions)
               + number.to_bytes((number.bit_length() + 7) // 8, "little"))
    text = base64.urlsafe_b64encode(payload + zlib.crc32(payload).to_bytes(CHECK_BYTES, "big"))
    return f"{PREFIX}{VERSION}:{text.decode('ascii').rstrip('=')}"


def decode(code: str) -> DealRef:
    """The deal of a code; DealCodeError says in both languages what is wrong."""
    reader = _Reader(_payload(code))
    rules = _read_rules(reader)
    seed, deal, seat, count = _unzigzag(reader.varint()), reader.varint(), reader.varint(), reader.varint()
    digest = reader.take(CHECK_BYTES)
    number = int.from_bytes(reader.rest(), "little")
    match = Match(rules, seed)
    for _ in range(count):
        legal = match.legal_actions()
        if not legal:
            raise _damaged()
        if len(legal) > 1:
            number, digit = divmod(number, len(legal))
            match.apply(legal[digit])
        else:
            match.apply(legal[0])
    if number or digest != _digest(match.actions):
        raise DealCodeError("这个牌局码来自规则程序不同的游戏版本，无法重放",
                            "this code was made by a version of the game whose rules differ: it cannot be replayed")
    ref = DealRef(rules, seed, tuple(match.actions), deal, seat)
    _check_ref(ref, match)
    return ref


def clean(code: str) -> str:
    """The code without the spaces, line breaks, quotes and full-width forms a paste adds."""
    text = unicodedata.normalize("NFKC", code)
    text = "".join(ch for ch in text if not ch.isspace() and unicodedata.category(ch) != "Cf")
    return text.strip(QUOTES)


def _payload(code: str) -> bytes:
    if not isinstance(code, str):
        raise DealCodeError("牌局码要是文字", "a deal code is text")
    found = CODE.search(clean(code))   # also inside a pasted message: "请看这局：GJ1:…，谢谢"
    if found is None:
        raise DealCodeError("这不是够级的牌局码（应以 GJ1: 开头）",
                            "this is not a Gouji deal code (it should start with GJ1:)")
    version, body = int(found[1]), found[2]
    if version > VERSION:
        raise DealCodeError("这个牌局码来自更新版本的游戏，请先升级",
                            "this deal code comes from a newer version of the game: please update")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _damaged() from None
    if len(raw) <= CHECK_BYTES or zlib.crc32(raw[:-CHECK_BYTES]) != int.from_bytes(raw[-CHECK_BYTES:], "big"):
        raise _damaged()
    return raw[:-CHECK_BYTES]


def _digest(actions: Sequence[str]) -> bytes:
    """The actions' text, checked after decoding: the indices mean the same only under the same rules code."""
    return zlib.crc32("\n".join(actions).encode("utf-8")).to_bytes(CHECK_BYTES, "big")


def _damaged() -> DealCodeError:
    return DealCodeError("牌局码不完整或有错字，请重新完整复制",
                         "the deal code is damaged or cut short: copy it again in full")


def _does_not_replay(i: int, action: str, exc: ValueError) -> DealCodeError:
    zh, en = (exc.zh, exc.en) if isinstance(exc, (IllegalAction, NotationError)) else (str(exc), str(exc))
    return DealCodeError(f"第 {i + 1} 个动作 {action!r:.40} 不能重放：{zh}",
                         f"action {i + 1} ({action!r:.40}) does not replay: {en}")


def _replay(rules: RuleSet, seed: int, actions: Sequence[str]) -> Match:
    match = Match(rules, seed)
    for i, action in enumerate(actions):
        try:
            match.apply(action)
        except (IllegalAction, NotationError) as exc:
            raise _does_not_replay(i, action, exc) from None
    return match


def _check_ref(ref: DealRef, match: Match) -> None:
    if not _whole(ref.seat) or ref.seat not in SEATS:
        raise DealCodeError("座位要是 0 到 5", "the seat must be 0 to 5")
    reached = min(len(match.results), ref.rules.series_length - 1)
    if not _whole(ref.deal) or not 0 <= ref.deal <= reached:
        raise DealCodeError(f"这些动作只打到第 {reached + 1} 局", f"these actions reach only deal {reached + 1}")


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# ----- rules ------------------------------------------------------------------
def _rules_from(value: Any) -> RuleSet:
    try:
        return RuleSet.preset(value) if isinstance(value, str) else RuleSet.from_dict(value)
    except ValueError as exc:
        raise DealCodeError(f"规则有误：{exc}", f"bad rules: {exc}") from None


def _rules_bytes(rules: RuleSet) -> bytes:
    name = rules.preset_name()
    if name in PRESET_ORDER:
        return _varint(PRESET_ORDER.index(name))
    base = RuleSet().to_dict()
    diff = {k: v for k, v in rules.to_dict().items() if v != base[k]}
    text = json.dumps(diff, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return _varint(CUSTOM) + _varint(len(text)) + text


def _read_rules(reader: "_Reader") -> RuleSet:
    tag = reader.varint()
    if tag < len(PRESET_ORDER):
        return PRESETS[PRESET_ORDER[tag]]
    if tag != CUSTOM:
        raise _damaged()
    try:
        data = json.loads(reader.take(reader.varint()).decode("utf-8"))
        return RuleSet.from_dict(data)
    except (ValueError, UnicodeDecodeError):
        raise _damaged() from None


# ----- bytes ------------------------------------------------------------------
def _zigzag(n: int) -> int:
    return n * 2 if n >= 0 else -n * 2 - 1


def _unzigzag(n: int) -> int:
    return n // 2 if n % 2 == 0 else -(n + 1) // 2


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        n, low = divmod(n, 128)
        out.append(low | (128 if n else 0))
        if not n:
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def varint(self) -> int:
        value, shift = 0, 0
        while True:
            if self.at >= len(self.data) or shift > 1024:
                raise _damaged()
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 127) << shift
            shift += 7
            if byte < 128:
                return value

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise _damaged()
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def rest(self) -> bytes:
        return self.take(len(self.data) - self.at)


__all__ = ["DealRef", "DealCodeError", "encode", "decode", "clean", "last_deal", "deal_span"]
