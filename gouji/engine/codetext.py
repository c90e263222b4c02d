"""Finding a deal code in pasted text: ``GJ1:`` (or ``GJ2:``) and base64url letters, with the
spaces, line breaks, full-width forms and words a paste adds around them. The
code's last four bytes are the CRC-32 of the rest, so where the code ends in a
run of letters (``GJ1:… thanks``, a word glued on with ``-``) is found by
trying every end in one pass. Nothing here knows what the bytes mean."""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
import zlib

from .errors import DealCodeError

PREFIX = "GJ"
VERSION = 1               # a deal of a match dealt by one seed
VERSION_DEAL_SEEDS = 2    # a deal of a match dealt by its deals' own seeds (a shared table's)
VERSIONS = (VERSION, VERSION_DEAL_SEEDS)
CHECK_BYTES = 4
PREFIX_AT = re.compile(PREFIX + r"(\d{1,4}):", re.IGNORECASE)
BODY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
STANDARD = {"+": "-", "/": "_"}   # a code passed through standard base64 (a tool may do it) reads the same
FILLERS = frozenset("=")          # base64 padding a paste may carry: ends a piece, ignored
QUOTES = "\"'`“”‘’「」《》<>()[]{}（）【】.,;。，；"


def clean(code: str) -> str:
    """The code without the spaces, line breaks, quotes and full-width forms a paste adds."""
    text = unicodedata.normalize("NFKC", code)
    text = "".join(ch for ch in text if not ch.isspace() and unicodedata.category(ch) != "Cf")
    return text.strip(QUOTES)


def find_payload(code: str, max_text: int, max_code: int) -> tuple[int, bytes]:
    """The version and checked bytes of the first code in ``code``: words around it are ignored, and
    words after it that could be part of it (``GJ1:… thanks``) are told apart by the checksum."""
    if len(code) > max_text:
        raise DealCodeError(f"这段文字太长（{len(code)} 个字符），不会是牌局码（最长 {max_code} 个字符）",
                            f"this text is too long ({len(code)} characters) to be a deal code "
                            f"(the longest has {max_code})")
    text = unicodedata.normalize("NFKC", code)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    first: DealCodeError | None = None
    for found in PREFIX_AT.finditer(text):   # each body ends at the next prefix's ':': linear in all
        try:
            version = _check_version(found[1])
            return version, _checked(_body(text, found.end()))
        except DealCodeError as exc:
            first = first or exc
    if first is not None:
        raise first
    raise DealCodeError("这不是够级的牌局码（应以 GJ1: 开头）",
                        "this is not a Gouji deal code (it should start with GJ1:)")


def _check_version(digits: str) -> int:
    for version in VERSIONS:
        if digits == str(version):
            return version
    if digits.startswith("0"):
        raise invalid(f"没有 GJ{digits}: 这个版本（应以 GJ1: 或 GJ2: 开头）",
                       f"there is no version GJ{digits}: (it should start with GJ1: or GJ2:)")
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
        raise damaged()
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


def damaged() -> DealCodeError:
    return DealCodeError("牌局码不完整或有错字，请重新完整复制",
                         "the deal code is damaged or cut short: copy it again in full")


def invalid(zh: str, en: str) -> DealCodeError:
    """A code whose checksum is right but whose content no game makes."""
    return DealCodeError(f"这不是有效的牌局码：{zh}", f"not a valid deal code: {en}")



__all__ = ["PREFIX", "VERSION", "VERSION_DEAL_SEEDS", "VERSIONS", "CHECK_BYTES", "find_payload", "clean", "damaged",
           "invalid"]
