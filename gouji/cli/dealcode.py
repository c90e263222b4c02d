"""Deal codes on the command line.

    python -m gouji.dealcode decode CODE      # the code may be split over several arguments
    python -m gouji.dealcode decode < code.txt
    python -m gouji.dealcode encode '{"rules": "qingdao", "seed": 5, "actions": ["play 3"]}'
    echo '{...}' | python -m gouji.dealcode encode
    python -m gouji.dealcode encode --save     # the deal in play (or just ended) of your saved match

``decode`` prints ``{"rules": {...every key...}, "seed": S, "actions": [...], "deal": D, "seat": P}``
(``deal`` 0 = the match's first deal; ``seat`` = whose decisions a review analyses); a ``GJ2:`` code
(a shared table's deal) has ``"first_drawer": F, "deal_seeds": [...]`` (deals 0..D) instead of ``seed``.
``encode`` reads that same object; ``rules`` may also be a preset name or only the keys that
differ from qingdao, ``deal`` defaults to the last deal the actions reach and ``seat`` to 0.
A damaged, foreign or invalid code, bad JSON or actions that do not replay: a message in
Chinese and English on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from ..engine.dealcode import DealCodeError, DealRef, decode, encode, last_deal
from ..store.files import SAVE_LIMIT, read_text
from ..store.saves import parse_save, save_path
from .output import emit, emit_json, read_stdin, refuse, safe_streams


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m gouji.dealcode", description="Gouji deal codes 够级牌局码",
                                     epilog=__doc__.split("\n\n")[2],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    dec = commands.add_parser("decode", help="print the deal of a code as JSON")
    dec.add_argument("code", nargs="*", help="the code (read from stdin when absent)")
    enc = commands.add_parser("encode", help="make the code of a deal given as JSON")
    enc.add_argument("json", nargs="?", help="the deal as a JSON object (read from stdin when absent)")
    enc.add_argument("--save", nargs="?", const="", metavar="PATH",
                     help="encode the saved match instead (default: the player's save)")
    return parser.parse_args(argv)


def from_save(path: str) -> DealRef:
    """The saved match, read without touching the file (the game keeps a broken save aside, not this)."""
    try:
        text = read_text(Path(path) if path else save_path(), SAVE_LIMIT)
        if text is None:
            raise ValueError("there is no saved match")
        match = parse_save(text)
    except ValueError as exc:
        raise DealCodeError(f"没有可用的存档（{exc}）", f"no usable save ({exc})") from None
    deal = last_deal(match)
    seeds = None if match.deal_seeds is None else match.deal_seeds[:deal + 1]   # never a later deal's
    return DealRef(match.rules, match.seed, tuple(match.actions), deal, 0, seeds, match.first_drawer or 0)


def from_text(text: str) -> DealRef:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DealCodeError(f"JSON 有误：{exc.msg}（第 {exc.pos} 个字符）",
                            f"bad JSON: {exc.msg} at character {exc.pos}") from None
    except RecursionError:
        raise DealCodeError("JSON 嵌套太深", "the JSON is nested too deeply") from None
    except ValueError as exc:   # a number of thousands of digits
        raise DealCodeError(f"JSON 有误：{str(exc)[:100]}", f"bad JSON: {str(exc)[:100]}") from None
    return DealRef.from_json(data)


def read_input(given: str | None) -> str:
    if given is not None:
        return given
    try:
        return read_stdin()
    except ValueError as exc:
        raise DealCodeError(f"输入有误：{exc}", f"bad input: {exc}") from None


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    args = parse_args(argv)
    try:
        if args.command == "decode":
            return emit_json(decode(read_input(" ".join(args.code) if args.code else None)).to_json())
        ref = from_save(args.save) if args.save is not None else from_text(read_input(args.json))
        return emit(encode(ref))
    except DealCodeError as exc:
        return refuse(exc.zh, exc.en)


if __name__ == "__main__":
    sys.exit(main())
