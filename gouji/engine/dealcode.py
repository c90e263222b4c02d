"""Deal codes: a deal of a match as a short text to copy, paste and review.

A deal is reproduced by its match: the rules, the seed, the match's actions
through the deal, and which deal of the match it is (``DealRef``). The code
also names the seat whose decisions a review looks at.

The actions take little room because each is written as its place in the
sorted ``legal_actions()`` of that moment — forced actions take none — and
all those places together form one mixed-radix whole number (about 50 bytes a
deal). The text is ``GJ1:`` and base64url of the bytes plus a CRC-32, so a
damaged code is caught; a CRC-32 of the actions' text catches a code that
replays differently under another version's rules. Spaces, line breaks,
full-width letters and words pasted around a code are ignored.

Codes are shared with strangers, so ``decode`` trusts nothing: every field is
bounded before any work is done (``limits``), by the largest any legal match
can need, and a refusal says in both languages what is wrong.

>>> ref = DealRef(RuleSet.preset("basic"), 7, ("play 3",), deal=0, seat=0)
>>> code = encode(ref)
>>> code.startswith("GJ1:") and decode(code) == ref
True
>>> decode(code + " thanks!") == ref
True
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import unicodedata
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from .checks import SEED_LIMIT, need_rules, need_seed, number_text
from .errors import IllegalAction, NotationError
from .match import Match
from .rules import MAX_SERIES, PRESETS, RuleSet
from .seats import SEATS

PREFIX = "GJ"
VERSION = 1
# Presets by number; never reorder (old codes name them by position).
PRESET_ORDER = ("qingdao", "basic", "app196")
CUSTOM = 15               # rules tag: a JSON diff from the default rules follows
CHECK_BYTES = 4

# ----- limits: what no legal match exceeds (checked before any work) ---------------
# A deal has at most ~216 plays (one card each) with a handful of passes and burn refusals after
# each: about 2,400 actions at the very worst. Crafted legal deals (pass whenever allowed, else
# play the fewest cards; tests/test_dealcode_hostile.py) reach ~1,070 actions and ~2,900 bits of
# choices; bot-played deals ~250 actions and ~400 bits. The bounds sit well above all of these.
MAX_ACTIONS_PER_DEAL = 3000
MAX_DEAL_BYTES = 1024             # bytes of the choices' number per deal (8,192 bits)
MAX_RULES_BYTES = 1024            # the JSON diff of every rules key is ~620 bytes
MAX_HEADER_BYTES = 1 + 2 + MAX_RULES_BYTES + 10 + 2 + 1 + 3 + CHECK_BYTES
MAX_PAYLOAD = MAX_HEADER_BYTES + MAX_SERIES * MAX_DEAL_BYTES
MAX_CODE_CHARS = len(PREFIX) + 5 + (MAX_PAYLOAD + CHECK_BYTES + 2) // 3 * 4   # the longest a code can be
MAX_TEXT_CHARS = MAX_CODE_CHARS + 4000   # a pasted text: the code and words around it
STOP_EVERY = 256                  # actions between two looks at ``stop``

PREFIX_AT = re.compile(PREFIX + r"(\d{1,4}):", re.IGNORECASE)
BODY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
STANDARD = {"+": "-", "/": "_"}   # a code passed through standard base64 (a tool may do it) reads the same
FILLERS = frozenset("=")          # base64 padding a paste may carry: ends a piece, ignored
QUOTES = "\"'`“”‘’「」《》<>()[]{}（）【】.,;。，；"


class DealCodeError(ValueError):
    """A code that is damaged, foreign, newer, invalid or does not replay; ``zh``/``en`` say which."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(f"{zh} / {en}")
        self.zh, self.en = zh, en

    def reason(self, lang: str = "zh") -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class DealRef:
    """Deal ``deal`` (0 = the first) of the match ``(rules, seed, actions)``,
    seen from ``seat``; ``actions`` may stop anywhere in that deal (e.g. in
    mid-deal), but not go on into the next one."""

    rules: RuleSet
    seed: int
    actions: tuple[str, ...]
    deal: int = 0
    seat: int = 0

    def __post_init__(self) -> None:
        need_rules(self.rules)
        need_seed(self.seed)
        if not isinstance(self.actions, tuple) or not all(isinstance(a, str) for a in self.actions):
            raise TypeError("actions must be a tuple of action texts such as ('play 3', 'pass')")
        for name in ("deal", "seat"):
            if not _whole(getattr(self, name)):
                raise TypeError(f"{name} must be a whole number, got {type(getattr(self, name)).__name__}")

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
        seed, actions = _seed_of(data.get("seed")), data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise DealCodeError("actions 要是动作文字的列表", "actions must be a list of action texts")
        if len(actions) > MAX_SERIES * MAX_ACTIONS_PER_DEAL:
            raise DealCodeError(f"动作太多（{len(actions)} 个），没有一场比赛有这么多",
                                f"too many actions ({len(actions)}): no match has that many")
        match = _replay(rules, seed, actions)
        deal, seat = data.get("deal", last_deal(match)), data.get("seat", 0)
        for name, value in (("deal", deal), ("seat", seat)):
            if not _whole(value):
                raise DealCodeError(f"{name} 要是整数", f"{name} must be a whole number")
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
    """The code of ``ref`` (DealCodeError if an action does not replay or the deal is not reached)."""
    if not isinstance(ref, DealRef):
        raise TypeError(f"ref must be a DealRef, got {type(ref).__name__}")
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


# ----- decoding ---------------------------------------------------------------
def decode(code: str, stop: Callable[[], bool] | None = None) -> DealRef:
    """The deal of a code; DealCodeError says in both languages what is wrong.

    Any text is safe to pass: its size, every field and the replay are bounded
    by what a legal match can need. ``stop`` is asked now and then during the
    replay (a long match's last deal takes a few seconds); when it answers True
    the decoding ends with a DealCodeError."""
    if not isinstance(code, str):
        raise TypeError(f"code must be text such as 'GJ1:…', got {type(code).__name__}")
    return _read_payload(_payload(code), stop)


def _read_payload(payload: bytes, stop: Callable[[], bool] | None) -> DealRef:
    reader = _Reader(payload)
    rules = _read_rules(reader)
    seed, deal, seat, count = _unzigzag(reader.varint()), reader.varint(), reader.varint(), reader.varint()
    digest = reader.take(CHECK_BYTES)
    rest = reader.rest()
    _check_fields(rules, seed, deal, seat, count, len(rest))
    match = _replay_digits(Match(rules, seed), count, int.from_bytes(rest, "little"), deal, stop)
    if digest != _digest(match.actions):
        raise _replays_differently()
    ref = DealRef(rules, seed, tuple(match.actions), deal, seat)
    _check_ref(ref, match)
    return ref


def _check_fields(rules: RuleSet, seed: int, deal: int, seat: int, count: int, number_bytes: int) -> None:
    """Everything the header says, against what any legal match can be — before the replay."""
    if seed >= SEED_LIMIT or seed < 0:
        raise _invalid(f"种子 {number_text(seed)} 超出范围", f"the seed {number_text(seed)} is out of range")
    if deal >= rules.series_length:
        raise _invalid(f"它要第 {deal + 1} 局，但这场比赛只有 {rules.series_length} 局",
                       f"it names deal {deal + 1} of a match of {rules.series_length} deals")
    if seat not in SEATS:
        raise _invalid(f"座位 {number_text(seat)} 不存在（座位是 0 到 5）",
                       f"there is no seat {number_text(seat)} (seats are 0 to 5)")
    if count > (deal + 1) * MAX_ACTIONS_PER_DEAL:
        raise _invalid(f"{deal + 1} 局牌不可能有 {number_text(count)} 个动作",
                       f"{deal + 1} deal{'s' if deal else ''} cannot have {number_text(count)} actions")
    if number_bytes > (deal + 1) * MAX_DEAL_BYTES:
        raise _invalid("它比任何一局牌需要的都长", "it is longer than any deal can need")


def _replay_digits(match: Match, count: int, number: int, deal: int, stop: Callable[[], bool] | None) -> Match:
    """Apply ``count`` actions, each the next mixed-radix digit of ``number`` (forced ones take none)."""
    done, deal_start = 0, 0
    for i in range(count):
        if stop is not None and i % STOP_EVERY == 0 and stop():
            raise DealCodeError("已取消", "cancelled")
        legal = match.legal_actions()
        if not legal:
            raise _invalid("比赛结束后还有动作", "it has actions after the match has ended")
        if len(legal) > 1:
            number, digit = divmod(number, len(legal))
            match.apply(legal[digit])
        else:
            match.apply(legal[0])
        if len(match.results) != done:   # a deal has just ended
            done, deal_start = len(match.results), len(match.actions)
            if done > deal and i + 1 < count:
                raise _invalid(f"它的动作超出了第 {deal + 1} 局", f"its actions go on past deal {deal + 1}")
            if number.bit_length() > (deal + 1 - done) * MAX_DEAL_BYTES * 8:   # padding no deal uses
                raise _invalid("它比剩下的牌局需要的都长", "it is longer than the deals left can need")
        elif len(match.actions) - deal_start > MAX_ACTIONS_PER_DEAL:
            raise _invalid("有一局的动作多得不可能", "one of its deals has more actions than any deal can have")
    if number:
        raise _replays_differently()
    return match


def clean(code: str) -> str:
    """The code without the spaces, line breaks, quotes and full-width forms a paste adds."""
    text = unicodedata.normalize("NFKC", code)
    text = "".join(ch for ch in text if not ch.isspace() and unicodedata.category(ch) != "Cf")
    return text.strip(QUOTES)


def _payload(code: str) -> bytes:
    """The checked bytes of the first code in ``code``: words around it are ignored, and words
    after it that could be part of it (``GJ1:… thanks``) are told apart by the checksum."""
    if len(code) > MAX_TEXT_CHARS:
        raise DealCodeError(f"这段文字太长（{len(code)} 个字符），不会是牌局码（最长 {MAX_CODE_CHARS} 个字符）",
                            f"this text is too long ({len(code)} characters) to be a deal code "
                            f"(the longest has {MAX_CODE_CHARS})")
    text = unicodedata.normalize("NFKC", code)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    first: DealCodeError | None = None
    for found in PREFIX_AT.finditer(text):   # each body ends at the next prefix's ':': linear in all
        try:
            _check_version(found[1])
            return _checked(_body(text, found.end()))
        except DealCodeError as exc:
            first = first or exc
    if first is not None:
        raise first
    raise DealCodeError("这不是够级的牌局码（应以 GJ1: 开头）",
                        "this is not a Gouji deal code (it should start with GJ1:)")


def _check_version(digits: str) -> None:
    if digits == str(VERSION):
        return
    if digits.startswith("0"):
        raise _invalid(f"没有 GJ{digits}: 这个版本（应以 GJ1: 开头）",
                       f"there is no version GJ{digits}: (it should start with GJ1:)")
    raise DealCodeError("这个牌局码来自更新版本的游戏，请先升级",
                        "this deal code comes from a newer version of the game: please update")


def _body(text: str, at: int) -> str:
    """The code letters after a prefix, with the spaces and line breaks a paste put between them
    taken out, up to the first character no code has (punctuation, a Chinese word)."""
    letters = []
    for ch in text[at:]:
        ch = STANDARD.get(ch, ch)
        if ch in BODY:
            letters.append(ch)
        elif not (ch.isspace() or ch in FILLERS):
            break
    return "".join(letters)


def _checked(body: str) -> bytes:
    """The longest start of ``body`` whose last four bytes are the checksum of the rest: the code,
    whatever words were glued after it. Every end is tried in one pass (running CRCs), so a long
    text costs linear time."""
    full = bytearray()             # the bytes of body's whole 4-letter groups so far
    crcs = [0]                     # crcs[i]: CRC-32 of full[:i]
    best = 0
    for end in range(1, len(body) + 1):
        if end % 4 == 0:
            for byte in base64.urlsafe_b64decode(body[end - 4:end]):
                full.append(byte)
                crcs.append(zlib.crc32(bytes((byte,)), crcs[-1]))
        if end % 4 == 1:
            continue                # no base64 text ends there
        tail = _unbase64(body[end - end % 4:end]) if end % 4 else b""
        if tail is None:
            continue
        size = len(full) + len(tail) - CHECK_BYTES      # the payload's length
        if size <= 0:
            continue
        check = bytes(full[size:]) + tail if size <= len(full) else tail[size - len(full):]
        crc = crcs[size] if size <= len(full) else zlib.crc32(tail[:size - len(full)], crcs[len(full)])
        if crc == int.from_bytes(check, "big"):
            best = end
    if not best:
        raise _damaged()
    raw = _unbase64(body[:best])
    assert raw is not None
    return raw[:-CHECK_BYTES]


def _unbase64(body: str) -> bytes | None:
    if len(body) % 4 == 1:
        return None
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        return None


def _digest(actions: Sequence[str]) -> bytes:
    """The actions' text, checked after decoding: the indices mean the same only under the same rules code."""
    return zlib.crc32("\n".join(actions).encode("utf-8")).to_bytes(CHECK_BYTES, "big")


def _replays_differently() -> DealCodeError:
    return DealCodeError("这个牌局码在本版本的游戏里无法重放：它来自规则程序不同的版本，或被改动过",
                         "this code cannot be replayed in this version of the game: it was made by a "
                         "version whose rules differ, or it was altered")


def _damaged() -> DealCodeError:
    return DealCodeError("牌局码不完整或有错字，请重新完整复制",
                         "the deal code is damaged or cut short: copy it again in full")


def _invalid(zh: str, en: str) -> DealCodeError:
    """A code whose checksum is right but whose content no game makes."""
    return DealCodeError(f"这不是有效的牌局码：{zh}", f"not a valid deal code: {en}")


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


def _seed_of(seed: Any) -> int:
    if not _whole(seed):
        raise DealCodeError("seed 要是整数", "seed must be a whole number")
    if not 0 <= seed < SEED_LIMIT:
        raise DealCodeError(f"seed 要在 0 到 {SEED_LIMIT - 1} 之间", f"seed must be from 0 to {SEED_LIMIT - 1}")
    return seed


def _check_ref(ref: DealRef, match: Match) -> None:
    if ref.seat not in SEATS:
        raise DealCodeError("座位要是 0 到 5", "the seat must be 0 to 5")
    reached = min(len(match.results), ref.rules.series_length - 1)
    if not 0 <= ref.deal <= reached:
        raise DealCodeError(f"这些动作只打到第 {reached + 1} 局", f"these actions reach only deal {reached + 1}")
    if len(match.results) > ref.deal + 1 or (len(match.results) == ref.deal + 1
                                             and match.results[ref.deal].end_action < len(match.actions)):
        raise DealCodeError(f"这些动作超出了第 {ref.deal + 1} 局（牌局码只含到这一局为止的动作）",
                            f"these actions go on past deal {ref.deal + 1} (a code holds the actions "
                            "through its deal only)")


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
        raise _invalid(f"规则编号 {number_text(tag)} 不存在", f"there are no rules numbered {number_text(tag)}")
    size = reader.varint()
    if size > MAX_RULES_BYTES:
        raise _invalid(f"它的规则有 {number_text(size)} 字节，规则最多 {MAX_RULES_BYTES} 字节",
                       f"its rules take {number_text(size)} bytes; rules never take more than {MAX_RULES_BYTES}")
    return _parse_rules(reader.take(size))


def _parse_rules(raw: bytes) -> RuleSet:
    """The rules' JSON: one flat table (its one list, tribute_order, is one level down)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _invalid("它的规则不是 UTF-8 文字", "its rules are not UTF-8 text") from None
    if _depth(text) > 2:
        raise _invalid("它的规则嵌套太深", "its rules are nested too deeply")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):   # bad JSON, or a number of thousands of digits
        raise _invalid("它的规则不是有效的 JSON", "its rules are not valid JSON") from None
    if not isinstance(data, dict):
        raise _invalid("它的规则不是一张键值表", "its rules are not a table of keys and values")
    try:
        return RuleSet.from_dict(data)
    except (ValueError, TypeError) as exc:
        raise _invalid(f"它的规则有误（{str(exc)[:120]}）", f"its rules are wrong ({str(exc)[:120]})") from None


def _depth(text: str) -> int:
    """How deeply brackets nest, outside strings (without parsing)."""
    depth = deepest = 0
    quoted = escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif quoted:
            escaped, quoted = ch == "\\", ch != '"'
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


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
    MAX_VARINT_BYTES = 10   # a 64-bit number; every field of a code fits

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def varint(self) -> int:
        value = 0
        for shift in range(0, 7 * self.MAX_VARINT_BYTES, 7):
            if self.at >= len(self.data):
                raise _damaged()
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 127) << shift
            if byte < 128:
                return value
        raise _invalid("它有一个长得不可能的数", "it holds a number longer than any code has")

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise _damaged()
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def rest(self) -> bytes:
        return self.take(len(self.data) - self.at)


__all__ = ["DealRef", "DealCodeError", "encode", "decode", "clean", "last_deal", "deal_span",
           "MAX_CODE_CHARS", "MAX_TEXT_CHARS", "MAX_ACTIONS_PER_DEAL"]
