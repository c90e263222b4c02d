"""Deal codes: a deal of a match as a short text to copy, paste and review.

A deal is reproduced by its match: the rules, the seed, the match's actions
through the deal, and which deal of the match it is (``DealRef``). The code
also names the seat whose decisions a review looks at. A deal of a match
built from its deals' own seeds (a shared table's, ``Match.from_deal_seeds``)
has a ``GJ2:`` code: instead of the match's seed it carries the first drawer
and the seeds of deals 0..k only, so it shows nothing of the deals after k.

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
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from .checks import SEED_LIMIT, need_rules, need_seed, number_text
from .codebytes import MAX_RULES_BYTES, Reader, read_rules, rules_bytes, unzigzag, varint, zigzag
from .codetext import CHECK_BYTES, PREFIX, VERSION, VERSION_DEAL_SEEDS, clean, find_payload, invalid
from .errors import DealCodeError, IllegalAction, NotationError
from .match import DEAL_SEED_LIMIT, Match
from .rules import MAX_SERIES, RuleSet
from .seats import SEATS

# ----- limits: what no legal match exceeds (checked before any work) ---------------
# A deal has at most ~216 plays (one card each) with a handful of passes and burn refusals after
# each: about 2,400 actions at the very worst. Crafted legal deals (pass whenever allowed, else
# play the fewest cards; tests/test_dealcode_hostile.py) reach ~1,070 actions and ~2,900 bits of
# choices; bot-played deals ~250 actions and ~400 bits. The bounds sit well above all of these.
MAX_ACTIONS_PER_DEAL = 3000
MAX_DEAL_BYTES = 1024             # bytes of the choices' number per deal (8,192 bits)
MAX_SEEDS_BYTES = 1 + MAX_SERIES * 5   # GJ2: the first drawer and a seed below 2**31 per deal (5 bytes each)
MAX_HEADER_BYTES = 1 + 2 + MAX_RULES_BYTES + 10 + 2 + 1 + 3 + CHECK_BYTES + MAX_SEEDS_BYTES
MAX_PAYLOAD = MAX_HEADER_BYTES + MAX_SERIES * MAX_DEAL_BYTES
MAX_CODE_CHARS = len(PREFIX) + 5 + (MAX_PAYLOAD + CHECK_BYTES + 2) // 3 * 4   # the longest a code can be
MAX_TEXT_CHARS = MAX_CODE_CHARS + 4000   # a pasted text: the code and words around it
STOP_EVERY = 256                  # actions between two looks at ``stop``



@dataclass(frozen=True)
class DealRef:
    """Deal ``deal`` (0 = the first) of the match ``(rules, seed, actions)``,
    seen from ``seat``; ``actions`` may stop anywhere in that deal (e.g. in
    mid-deal), but not go on into the next one. With ``deal_seeds`` (the
    seeds of deals 0..``deal``, exactly) the match is the one built from them
    and ``first_drawer`` (``Match.from_deal_seeds``; ``seed`` is then 0)."""

    rules: RuleSet
    seed: int
    actions: tuple[str, ...]
    deal: int = 0
    seat: int = 0
    deal_seeds: tuple[int, ...] | None = None
    first_drawer: int = 0

    def __post_init__(self) -> None:
        need_rules(self.rules)
        need_seed(self.seed)
        if not isinstance(self.actions, tuple) or not all(isinstance(a, str) for a in self.actions):
            raise TypeError("actions must be a tuple of action texts such as ('play 3', 'pass')")
        for name in ("deal", "seat", "first_drawer"):
            if not _whole(getattr(self, name)):
                raise TypeError(f"{name} must be a whole number, got {type(getattr(self, name)).__name__}")
        if self.deal_seeds is not None and (not isinstance(self.deal_seeds, tuple)
                                            or not all(_whole(s) for s in self.deal_seeds)):
            raise TypeError("deal_seeds must be a tuple of whole numbers, or None")

    @property
    def version(self) -> int:
        """The code's version: 1 for a match dealt by one seed, 2 for one built from its deals' seeds."""
        return VERSION if self.deal_seeds is None else VERSION_DEAL_SEEDS

    def new_match(self) -> Match:
        """The match before its first action (ValueError or TypeError for seeds no match has)."""
        if self.deal_seeds is None:
            return Match(self.rules, self.seed)
        return Match.from_deal_seeds(self.rules, self.first_drawer, self.deal_seeds)

    def replay(self, card_choices: Sequence[Sequence[int] | None] | None = None) -> Match:
        """The match after all the actions (IllegalAction if one does not replay)."""
        return Match.replay(self.rules, self.seed, self.actions, card_choices, deal_seeds=self.deal_seeds,
                            first_drawer=self.first_drawer)

    def to_json(self) -> dict[str, Any]:
        dealt: dict[str, Any] = {"seed": self.seed} if self.deal_seeds is None else \
            {"first_drawer": self.first_drawer, "deal_seeds": list(self.deal_seeds)}
        return {"rules": self.rules.to_dict(), **dealt, "actions": list(self.actions), "deal": self.deal,
                "seat": self.seat}

    @classmethod
    def from_json(cls, data: Any) -> "DealRef":
        """From ``to_json``'s form; ``rules`` may be a preset name or a partial table,
        ``deal`` defaults to the last deal the actions reach, ``seat`` to 0."""
        if not isinstance(data, dict):
            raise DealCodeError("需要一个 JSON 对象（rules、seed、actions）",
                                "expected a JSON object (rules, seed, actions)")
        rules = _rules_from(data.get("rules", "qingdao"))
        seeds, first = _deal_seeds_of(data, rules)
        seed = 0 if seeds is not None else _seed_of(data.get("seed"))
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise DealCodeError("actions 要是动作文字的列表", "actions must be a list of action texts")
        if len(actions) > MAX_SERIES * MAX_ACTIONS_PER_DEAL:
            raise DealCodeError(f"动作太多（{len(actions)} 个），没有一场比赛有这么多",
                                f"too many actions ({len(actions)}): no match has that many")
        match = _replay(_start(rules, seed, seeds, first), actions)
        deal, seat = data.get("deal", last_deal(match)), data.get("seat", 0)
        for name, value in (("deal", deal), ("seat", seat)):
            if not _whole(value):
                raise DealCodeError(f"{name} 要是整数", f"{name} must be a whole number")
        ref = cls(rules, seed, tuple(str(m) for m in match.actions), deal, seat, seeds, first)
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


def _deal_seeds_of(data: dict[str, Any], rules: RuleSet) -> tuple[tuple[int, ...] | None, int]:
    """A ``to_json`` object's deal seeds and first drawer (None, 0: it names the match's seed instead)."""
    seeds, first = data.get("deal_seeds"), data.get("first_drawer", 0)
    if seeds is None:
        return None, 0
    if not isinstance(seeds, list) or not 1 <= len(seeds) <= rules.series_length \
            or not all(_whole(s) and 0 <= s < DEAL_SEED_LIMIT for s in seeds):
        raise DealCodeError(f"deal_seeds 要是 1 到 {rules.series_length} 个 0 到 {DEAL_SEED_LIMIT - 1} 的整数",
                            f"deal_seeds must be 1 to {rules.series_length} whole numbers from 0 to "
                            f"{DEAL_SEED_LIMIT - 1}")
    if not _whole(first) or first not in SEATS:
        raise DealCodeError("first_drawer 要是座位 0 到 5", "first_drawer must be a seat, 0 to 5")
    return tuple(seeds), first


def _start(rules: RuleSet, seed: int, seeds: tuple[int, ...] | None, first: int) -> Match:
    """The match before its first action, by its seed or its deals' seeds (checked by the caller)."""
    return Match(rules, seed) if seeds is None else Match.from_deal_seeds(rules, first, seeds)


def _rules_from(value: Any) -> RuleSet:
    try:
        return RuleSet.preset(value) if isinstance(value, str) else RuleSet.from_dict(value)
    except ValueError as exc:
        raise DealCodeError(f"规则有误：{exc}", f"bad rules: {exc}") from None



# ----- encoding ---------------------------------------------------------------
def encode(ref: DealRef) -> str:
    """The code of ``ref`` (DealCodeError if an action does not replay or the deal is not reached)."""
    if not isinstance(ref, DealRef):
        raise TypeError(f"ref must be a DealRef, got {type(ref).__name__}")
    try:
        match = ref.new_match()
    except (ValueError, TypeError) as exc:
        raise DealCodeError(f"牌局的种子有误：{str(exc)[:120]}", f"the deal's seeds are wrong: {str(exc)[:120]}") \
            from None
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
    payload = (rules_bytes(ref.rules) + _header_bytes(ref) + varint(len(ref.actions)) + _digest(match.actions)
               + number.to_bytes((number.bit_length() + 7) // 8, "little"))
    text = base64.urlsafe_b64encode(payload + zlib.crc32(payload).to_bytes(CHECK_BYTES, "big"))
    return f"{PREFIX}{ref.version}:{text.decode('ascii').rstrip('=')}"


def _header_bytes(ref: DealRef) -> bytes:
    """GJ1: the match's seed, the deal, the seat. GJ2: the deal and the seat first (they bound what follows),
    then the first drawer and the seeds of deals 0..deal."""
    if ref.deal_seeds is None:
        return varint(zigzag(ref.seed)) + varint(ref.deal) + varint(ref.seat)
    return (varint(ref.deal) + varint(ref.seat) + varint(ref.first_drawer)
            + b"".join(varint(s) for s in ref.deal_seeds))


# ----- decoding ---------------------------------------------------------------
def decode(code: str, stop: Callable[[], bool] | None = None) -> DealRef:
    """The deal of a code; DealCodeError says in both languages what is wrong.

    Any text is safe to pass: its size, every field and the replay are bounded
    by what a legal match can need. ``stop`` is asked now and then during the
    replay (a long match's last deal takes a few seconds); when it answers True
    the decoding ends with a DealCodeError."""
    if not isinstance(code, str):
        raise TypeError(f"code must be text such as 'GJ1:…', got {type(code).__name__}")
    version, payload = find_payload(code, MAX_TEXT_CHARS, MAX_CODE_CHARS)
    return _read_payload(version, payload, stop)


def _read_payload(version: int, payload: bytes, stop: Callable[[], bool] | None) -> DealRef:
    reader = Reader(payload)
    rules = read_rules(reader)
    seeds: tuple[int, ...] | None = None
    first = seed = 0
    if version == VERSION:
        seed, deal, seat = unzigzag(reader.varint()), reader.varint(), reader.varint()
    else:
        deal, seat = reader.varint(), reader.varint()
        _check_place(rules, deal, seat)   # before the seeds: ``deal`` says how many follow
        first, seeds = _read_deal_seeds(reader, deal)
    count = reader.varint()
    digest = reader.take(CHECK_BYTES)
    rest = reader.rest()
    _check_fields(rules, seed, deal, seat, count, len(rest))
    match = _replay_digits(_start(rules, seed, seeds, first), count, int.from_bytes(rest, "little"), deal, stop)
    if digest != _digest(match.actions):
        raise _replays_differently()
    ref = DealRef(rules, seed, tuple(match.actions), deal, seat, seeds, first)
    _check_ref(ref, match)
    return ref


def _read_deal_seeds(reader: Reader, deal: int) -> tuple[int, tuple[int, ...]]:
    """GJ2's first drawer and the seeds of deals 0..deal, each checked as it is read."""
    first = reader.varint()
    if first not in SEATS:
        raise invalid(f"先抓牌的座位 {number_text(first)} 不存在",
                       f"there is no seat {number_text(first)} to draw first")
    seeds = []
    for _ in range(deal + 1):
        seed = reader.varint()
        if seed >= DEAL_SEED_LIMIT:
            raise invalid(f"牌局种子 {number_text(seed)} 超出范围",
                           f"the deal seed {number_text(seed)} is out of range")
        seeds.append(seed)
    return first, tuple(seeds)


def _check_fields(rules: RuleSet, seed: int, deal: int, seat: int, count: int, number_bytes: int) -> None:
    """Everything the header says, against what any legal match can be — before the replay."""
    if seed >= SEED_LIMIT or seed < 0:
        raise invalid(f"种子 {number_text(seed)} 超出范围", f"the seed {number_text(seed)} is out of range")
    _check_place(rules, deal, seat)
    if count > (deal + 1) * MAX_ACTIONS_PER_DEAL:
        raise invalid(f"{deal + 1} 局牌不可能有 {number_text(count)} 个动作",
                       f"{deal + 1} deal{'s' if deal else ''} cannot have {number_text(count)} actions")
    if number_bytes > (deal + 1) * MAX_DEAL_BYTES:
        raise invalid("它比任何一局牌需要的都长", "it is longer than any deal can need")


def _check_place(rules: RuleSet, deal: int, seat: int) -> None:
    """The deal is one of the match's, the seat one of the six."""
    if deal >= rules.series_length:
        raise invalid(f"它要第 {deal + 1} 局，但这场比赛只有 {rules.series_length} 局",
                       f"it names deal {deal + 1} of a match of {rules.series_length} deals")
    if seat not in SEATS:
        raise invalid(f"座位 {number_text(seat)} 不存在（座位是 0 到 5）",
                       f"there is no seat {number_text(seat)} (seats are 0 to 5)")


def _replay_digits(match: Match, count: int, number: int, deal: int, stop: Callable[[], bool] | None) -> Match:
    """Apply ``count`` actions, each the next mixed-radix digit of ``number`` (forced ones take none)."""
    done, deal_start = 0, 0
    for i in range(count):
        if stop is not None and i % STOP_EVERY == 0 and stop():
            raise DealCodeError("已取消", "cancelled")
        legal = match.legal_actions()
        if not legal:
            raise invalid("比赛结束后还有动作", "it has actions after the match has ended")
        if len(legal) > 1:
            number, digit = divmod(number, len(legal))
            match.apply(legal[digit])
        else:
            match.apply(legal[0])
        if len(match.results) != done:   # a deal has just ended
            done, deal_start = len(match.results), len(match.actions)
            if done > deal and i + 1 < count:
                raise invalid(f"它的动作超出了第 {deal + 1} 局", f"its actions go on past deal {deal + 1}")
            if number.bit_length() > (deal + 1 - done) * MAX_DEAL_BYTES * 8:   # padding no deal uses
                raise invalid("它比剩下的牌局需要的都长", "it is longer than the deals left can need")
        elif len(match.actions) - deal_start > MAX_ACTIONS_PER_DEAL:
            raise invalid("有一局的动作多得不可能", "one of its deals has more actions than any deal can have")
    if number:
        raise _replays_differently()
    return match


def _digest(actions: Sequence[str]) -> bytes:
    """The actions' text, checked after decoding: the indices mean the same only under the same rules code."""
    return zlib.crc32("\n".join(actions).encode("utf-8")).to_bytes(CHECK_BYTES, "big")


def _replays_differently() -> DealCodeError:
    return DealCodeError("这个牌局码在本版本的游戏里无法重放：它来自规则程序不同的版本，或被改动过",
                         "this code cannot be replayed in this version of the game: it was made by a "
                         "version whose rules differ, or it was altered")


def _does_not_replay(i: int, action: str, exc: ValueError) -> DealCodeError:
    zh, en = (exc.zh, exc.en) if isinstance(exc, (IllegalAction, NotationError)) else (str(exc), str(exc))
    return DealCodeError(f"第 {i + 1} 个动作 {action!r:.40} 不能重放：{zh}",
                         f"action {i + 1} ({action!r:.40}) does not replay: {en}")


def _replay(match: Match, actions: Sequence[str]) -> Match:
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
    if ref.deal_seeds is not None and len(ref.deal_seeds) != ref.deal + 1:
        raise DealCodeError(f"第 {ref.deal + 1} 局的牌局码要有前 {ref.deal + 1} 局的种子，不多不少",
                            f"a code of deal {ref.deal + 1} holds the seeds of the first {ref.deal + 1} deals, "
                            "no more and no fewer")
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


__all__ = ["DealRef", "DealCodeError", "encode", "decode", "clean", "last_deal", "deal_span",
           "MAX_CODE_CHARS", "MAX_TEXT_CHARS", "MAX_ACTIONS_PER_DEAL"]
