"""A deal code's bytes: whole numbers as varints (zigzag for a signed one), read
back by a bounded reader, and the rules as a preset number or a small JSON table
of what differs from the default rules — read with its size and nesting bounded
before it is parsed (codes come from strangers)."""

from __future__ import annotations

import json

from .checks import number_text
from .codetext import damaged, invalid
from .rules import PRESETS, RuleSet

# Presets by number; never reorder (old codes name them by position).
PRESET_ORDER = ("qingdao", "basic", "app196")
CUSTOM = 15               # rules tag: a JSON diff from the default rules follows
MAX_RULES_BYTES = 1024    # the JSON diff of every rules key is ~620 bytes


# ----- rules ------------------------------------------------------------------
def rules_bytes(rules: RuleSet) -> bytes:
    name = rules.preset_name()
    if name in PRESET_ORDER:
        return varint(PRESET_ORDER.index(name))
    base = RuleSet().to_dict()
    diff = {k: v for k, v in rules.to_dict().items() if v != base[k]}
    text = json.dumps(diff, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return varint(CUSTOM) + varint(len(text)) + text


def read_rules(reader: "Reader") -> RuleSet:
    tag = reader.varint()
    if tag < len(PRESET_ORDER):
        return PRESETS[PRESET_ORDER[tag]]
    if tag != CUSTOM:
        raise invalid(f"规则编号 {number_text(tag)} 不存在", f"there are no rules numbered {number_text(tag)}")
    size = reader.varint()
    if size > MAX_RULES_BYTES:
        raise invalid(f"它的规则有 {number_text(size)} 字节，规则最多 {MAX_RULES_BYTES} 字节",
                       f"its rules take {number_text(size)} bytes; rules never take more than {MAX_RULES_BYTES}")
    return _parse_rules(reader.take(size))


def _parse_rules(raw: bytes) -> RuleSet:
    """The rules' JSON: one flat table (its one list, tribute_order, is one level down)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise invalid("它的规则不是 UTF-8 文字", "its rules are not UTF-8 text") from None
    if _depth(text) > 2:
        raise invalid("它的规则嵌套太深", "its rules are nested too deeply")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):   # bad JSON, or a number of thousands of digits
        raise invalid("它的规则不是有效的 JSON", "its rules are not valid JSON") from None
    if not isinstance(data, dict):
        raise invalid("它的规则不是一张键值表", "its rules are not a table of keys and values")
    try:
        return RuleSet.from_dict(data)
    except (ValueError, TypeError) as exc:
        raise invalid(f"它的规则有误（{str(exc)[:120]}）", f"its rules are wrong ({str(exc)[:120]})") from None


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
def zigzag(n: int) -> int:
    return n * 2 if n >= 0 else -n * 2 - 1


def unzigzag(n: int) -> int:
    return n // 2 if n % 2 == 0 else -(n + 1) // 2


def varint(n: int) -> bytes:
    out = bytearray()
    while True:
        n, low = divmod(n, 128)
        out.append(low | (128 if n else 0))
        if not n:
            return bytes(out)


class Reader:
    MAX_VARINT_BYTES = 10   # a 64-bit number; every field of a code fits

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def varint(self) -> int:
        value = 0
        for shift in range(0, 7 * self.MAX_VARINT_BYTES, 7):
            if self.at >= len(self.data):
                raise damaged()
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 127) << shift
            if byte < 128:
                return value
        raise invalid("它有一个长得不可能的数", "it holds a number longer than any code has")

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise damaged()
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def rest(self) -> bytes:
        return self.take(len(self.data) - self.at)



__all__ = ["PRESET_ORDER", "CUSTOM", "MAX_RULES_BYTES", "rules_bytes", "read_rules", "zigzag", "unzigzag", "varint",
           "Reader"]
