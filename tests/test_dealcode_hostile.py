"""Deal codes are input from strangers: the checksum is public, so any payload
can be made to pass it. Whatever a code holds, decoding ends in a deal or in
the documented refusal (``DealCodeError``, in words in both languages), and
the work it does is bounded by what a legal match can need — counted here in
actions replayed, never in seconds."""

from __future__ import annotations

import base64
import json
import os
import random
import subprocess
import sys
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from match_helpers import random_match

import bots.hints
from gouji import Match, RuleSet
from gouji.engine import dealcode
from gouji.engine.codebytes import varint, zigzag
from gouji.engine.dealcode import (
    MAX_ACTIONS_PER_DEAL,
    MAX_CODE_CHARS,
    DealCodeError,
    DealRef,
    decode,
    encode,
)
from gouji.review import Review

CUSTOM = 15


def code_of(payload: bytes, version: str = "1") -> str:
    """Any payload as a code with a valid checksum (as anyone can make one)."""
    raw = payload + zlib.crc32(payload).to_bytes(4, "big")
    return f"GJ{version}:" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def payload(rules: bytes = b"\x01", seed: int = 7, deal: int = 0, seat: int = 0, count: int = 0,
            digest: bytes = b"\0\0\0\0", number: bytes = b"") -> bytes:
    return rules + varint(zigzag(seed)) + varint(deal) + varint(seat) + varint(count) + digest + number


def custom_rules(text: str | bytes) -> bytes:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    return varint(CUSTOM) + varint(len(raw)) + raw


def refusal(code: str) -> DealCodeError:
    with pytest.raises(DealCodeError) as caught:
        decode(code)
    assert caught.value.zh and caught.value.en and caught.value.zh != caught.value.en
    return caught.value


@pytest.fixture
def replayed(monkeypatch) -> list[int]:
    """How many actions decoding applies (the work, counted)."""
    count = [0]
    original = Match.apply

    def counted(self, *args, **kwargs):
        count[0] += 1
        return original(self, *args, **kwargs)
    monkeypatch.setattr(Match, "apply", counted)
    return count


def test_rules_nested_a_thousand_deep_are_refused_in_words():
    deep = "[" * 1100 + "]" * 1100
    assert "nested too deeply" in refusal(code_of(payload(custom_rules('{"deck":' + deep[:900] + "}")))).en
    assert "not a valid deal code" in refusal(code_of(payload(custom_rules(deep)))).en   # also over 1 KB
    assert "not a valid deal code" in refusal(code_of(payload(custom_rules("{" * 500)))).en
    assert "not valid JSON" in refusal(code_of(payload(custom_rules('{"deck": 1' + "0" * 900 + "}")))).en \
        or "rules are wrong" in refusal(code_of(payload(custom_rules('{"deck": 1' + "0" * 900 + "}")))).en


@pytest.mark.parametrize("bad, words", [
    (payload(deal=98, count=10 ** 9), "names deal 99 of a match of 5"),
    (payload(rules=custom_rules('{"series_length":99}'), deal=98, count=99 * MAX_ACTIONS_PER_DEAL + 1),
     "cannot have"),
    (payload(count=10, number=b"\xff" * 2000), "longer"),
    (payload(deal=5), "names deal 6 of a match of 5"),
    (payload(seat=6), "no seat 6"),
    (payload(seed=2 ** 63), "seed"),
    (payload(seed=-1), "seed"),
    (payload(rules=varint(9)), "no rules numbered 9"),
    (payload(rules=custom_rules("x" * 2000)), "never take more than"),
    (payload(rules=custom_rules(b"\xff\xfe")), "not UTF-8"),
    (payload(rules=custom_rules("[1, 2]")), "not a table"),
    (payload(rules=custom_rules('{"deck": 52}')), "rules are wrong"),
    (payload(rules=custom_rules('{"fly": true}')), "rules are wrong"),
    (b"\x01" + b"\xff" * 12, "longer than any code"),
], ids=["deal", "count", "number", "deal-5", "seat", "seed-high", "seed-negative", "rules-tag", "rules-size",
        "rules-utf8", "rules-list", "rules-value", "rules-key", "varint"])
def test_a_header_no_match_can_have_is_refused_before_any_replay(replayed, bad, words):
    error = refusal(code_of(bad))
    assert error.en.startswith("not a valid deal code") and words in error.en, error.en
    assert replayed[0] == 0


def test_a_replay_stops_where_no_legal_match_goes(replayed, monkeypatch):
    over = refusal(code_of(payload(rules=custom_rules('{"series_length":1}'), count=MAX_ACTIONS_PER_DEAL)))
    assert "past deal 1" in over.en and replayed[0] < MAX_ACTIONS_PER_DEAL   # the match ended with its deal
    monkeypatch.setattr(dealcode, "MAX_ACTIONS_PER_DEAL", 100)
    replayed[0] = 0
    assert "more actions than any deal" in refusal(code_of(payload(deal=1, count=200))).en
    assert replayed[0] == 101


def test_texts_too_long_for_any_code_are_refused_before_decoding(replayed):
    for size in (MAX_CODE_CHARS * 2, 1_400_000, 5_600_000):
        error = refusal("GJ1:" + "A" * size)
        assert "too long" in error.en and str(MAX_CODE_CHARS) in error.en
    assert replayed[0] == 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
@pytest.mark.slow
def test_any_bytes_with_a_valid_checksum_decode_or_are_refused(raw):
    try:
        decode(code_of(raw))
    except DealCodeError as exc:
        assert exc.zh and exc.en


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
@pytest.mark.slow
def test_any_text_decodes_or_is_refused(text):
    for pasted in (text, "GJ1:" + text, text + " GJ1:" + text):
        try:
            decode(pasted)
        except DealCodeError as exc:
            assert exc.zh and exc.en


FIELDS = st.fixed_dictionaries({
    "rules": st.one_of(st.sampled_from([b"\x00", b"\x01", b"\x02", b"\x03"]),
                       st.builds(custom_rules, st.sampled_from(['{"series_length":2}', '{"deck":196}', "{}", "[]",
                                                                '{"bie_san":false,"hui_san":true}', '"x"', "null"])),
                       st.binary(max_size=12)),
    "seed": st.integers(0, 2 ** 64), "deal": st.integers(0, 300), "seat": st.integers(0, 9),
    "count": st.one_of(st.integers(0, 400), st.integers(0, 10 ** 12)),
    "digest": st.binary(min_size=4, max_size=4), "number": st.binary(max_size=400)})


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(FIELDS)
@pytest.mark.slow
def test_every_field_of_a_crafted_payload_is_bounded(fields):
    """Whatever each field says, only the documented refusal, and the replay never goes past
    what the code's own deal allows (counted actions, not seconds)."""
    applied = [0]
    original = Match.apply

    def counted(self, *args, **kwargs):
        applied[0] += 1
        return original(self, *args, **kwargs)
    Match.apply = counted
    try:
        decode(code_of(payload(**fields)))
    except DealCodeError as exc:
        assert exc.zh and exc.en
    finally:
        Match.apply = original
    assert applied[0] <= (min(fields["deal"], 98) + 1) * MAX_ACTIONS_PER_DEAL + 1


# ----- genuine codes ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def genuine() -> tuple[DealRef, str]:
    match, rng = Match.new(5, RuleSet()), random.Random(5)
    while len(match.actions) < 90:
        match.apply(rng.choice(match.legal_actions()))
    ref = DealRef(RuleSet(), 5, tuple(match.actions), 0, 2)
    return ref, encode(ref)


def test_words_around_a_code_are_ignored(genuine):
    ref, code = genuine
    for pasted in (f"{code} thanks", f"{code}\nthanks a lot for the game", f"{code} 谢谢", f"请看这局：{code}，谢谢！",
                   f"look: {code[:30]}\n{code[30:]}\nwhat do you think", f"{code} A", f"{code} AAAA AAAA",
                   f"{code}= ok", f"first {code} then GJ1:junk", f"{code}-thanks", f"{code}_thanks", f"{code}thanks",
                   code + "\n" + " ".join(["word"] * 60), "GJ1:junk " * 20 + code,
                   "\n".join(code[i:i + 60] for i in range(0, len(code), 60)) + "\n" + "bye " * 40):
        assert decode(pasted) == ref, pasted


def test_versions_other_than_1_and_2_are_named_truly(genuine):
    _, code = genuine
    assert "no version GJ0:" in refusal("GJ0:" + code[4:]).en
    assert "no version GJ01:" in refusal("GJ01:" + code[4:]).en
    assert "newer version" in refusal("GJ3:" + code[4:]).en
    assert "newer version" in refusal("GJ9999:" + code[4:]).en


def test_a_recomputed_checksum_over_changed_content_is_not_a_valid_code(genuine):
    ref, code = genuine
    raw = base64.urlsafe_b64decode(code[4:] + "=" * (-len(code[4:]) % 4))[:-4]
    assert raw[:4] == b"\x00\x0a\x00\x02"   # preset 0, seed 5 (zigzag 10), deal 0, seat 2
    assert "no seat 9" in refusal(code_of(raw[:3] + b"\x09" + raw[4:])).en
    assert "cannot be replayed in this version" in refusal(code_of(raw + b"\x07")).en   # one more digit
    assert "cannot be replayed in this version" in refusal(code_of(raw[:6] + b"\x00" + raw[7:])).en   # digest
    damaged = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    assert "damaged" in refusal(damaged).en                                 # no checksum recomputed: damaged


@pytest.mark.slow
def test_the_longest_codes_the_game_makes_round_trip():
    """The last deal of a 99-deal match: several thousand characters, read back exactly."""
    rules = RuleSet.preset("basic").replace(series_length=99)
    ref = DealRef(rules, 3, tuple(random_match(3, rules).actions), 98, 4)
    code = encode(ref)
    assert 4000 < len(code) < MAX_CODE_CHARS
    assert decode(f"here: {code}\nthanks") == ref


def test_a_decoding_can_be_stopped(genuine):
    _, code = genuine
    with pytest.raises(DealCodeError, match="cancelled"):
        decode(code, stop=lambda: True)


# ----- types and seeds ------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, name", [(lambda: encode(5), "ref"), (lambda: decode(5), "code"),
                                        (lambda: Review(5), "ref"), (lambda: bots.hints.suggest(5), "view"),
                                        (lambda: DealRef(RuleSet(), "1", ()), "seed"),
                                        (lambda: DealRef(5, 1, ()), "rules"),
                                        (lambda: DealRef(RuleSet(), 1, ["play 3"]), "actions")])
def test_wrong_types_are_refused_at_the_boundary(call, name):
    with pytest.raises(TypeError, match=name):
        call()


@pytest.mark.parametrize("seed", [-1, 2 ** 63, 2 ** 64, 10 ** 400])
def test_seeds_outside_0_to_2_63_are_refused_everywhere(seed):
    for make in (lambda: Match(RuleSet(), seed), lambda: DealRef(RuleSet(), seed, ())):
        with pytest.raises(ValueError, match="seed must be from 0 to 9223372036854775807"):
            make()
    with pytest.raises(DealCodeError, match="seed"):
        DealRef.from_json({"seed": seed, "actions": []})


def run(*args: str, stdin: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], input=stdin, capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})}, errors="replace")


@pytest.mark.parametrize("args", [("gouji", "--seed", "18446744073709551616", "--demo"),
                                  ("gouji", "--seed", "-3", "--demo"), ("gouji", "--seed", "x" * 500, "--demo"),
                                  ("gouji.sim", "--seed", "9223372036854775807", "--games", "2"),
                                  ("gouji.sim", "--seed", "-1")])
def test_a_seed_out_of_range_on_the_command_line_is_refused_in_words(args):
    result = run(*args)
    assert result.returncode == 2 and "Traceback" not in result.stderr and "seed" in result.stderr


@pytest.mark.slow
def test_the_code_commands_refuse_hostile_json_and_terminals_in_words(genuine):
    _, code = genuine
    deep = run("gouji.dealcode", "encode", '{"seed": 1, "actions": ' + "[" * 5000 + "]" * 5000 + "}")
    digits = run("gouji.dealcode", "encode", '{"seed": 1' + "0" * 5000 + ', "actions": []}')
    nested_rules = run("gouji.dealcode", "encode", stdin='{"seed": 1, "rules": ' + "{" * 3000 + "}" * 3000 + "}")
    for result in (deep, digits, nested_rules):
        assert result.returncode == 2 and "Traceback" not in result.stderr and result.stderr.strip()
    ascii_review = run("gouji.cli.review", code, env={"PYTHONIOENCODING": "ascii"})
    assert ascii_review.returncode == 2 and "Traceback" not in ascii_review.stderr
    assert "PYTHONIOENCODING=utf-8" in ascii_review.stderr
    english = run("gouji.cli.review", code, "--lang", "en", env={"PYTHONIOENCODING": "ascii"})
    assert english.returncode in (0, 2) and "Traceback" not in english.stderr
    for tool in ("gouji", "gouji.dealcode", "gouji.history", "gouji.cli.review", "gouji.sim", "gouji.learn"):
        helped = run(tool, "--help", env={"PYTHONIOENCODING": "ascii:strict"})
        assert helped.returncode == 0 and "Traceback" not in helped.stderr and "usage" in helped.stdout, tool
    ascii_decode = run("gouji.dealcode", "decode", code, env={"PYTHONIOENCODING": "ascii"})
    assert ascii_decode.returncode == 0 and json.loads(ascii_decode.stdout)["seed"] == 5
    crafted = run("gouji.dealcode", "decode", code_of(payload(custom_rules("[" * 1100 + "]" * 1100))))
    assert crafted.returncode == 2 and "not a valid deal code" in crafted.stderr and "Traceback" not in crafted.stderr
    rules_nested = code_of(payload(custom_rules('{"deck":' + "[" * 800 + "]" * 800 + "}")))
    for args in (("gouji.cli.review", rules_nested), ("gouji", "--review", rules_nested)):
        result = run(*args)
        assert result.returncode == 2 and "not a valid deal code" in result.stderr and "Traceback" not in result.stderr


def test_dealcode_limits_cover_the_longest_deals_a_player_can_make():
    """Crafted legal deals — pass whenever allowed, else play the fewest cards — stay well inside
    the bounds a code is checked against (the longest found ~1,000 actions, ~2,600 bits)."""
    import math
    longest, widest = 0, 0.0
    for seed in range(3):
        match, rng = Match.new(seed, RuleSet(bie_san=False, series_length=1)), random.Random(seed)
        bits = 0.0
        while not match.is_over:
            legal = match.legal_actions()
            plays = [a for a in legal if a.startswith(("play", "burn"))]
            others = [a for a in legal if a not in plays]
            if len(legal) > 1:
                bits += math.log2(len(legal))
            match.apply(rng.choice(others) if others and rng.random() < 0.9 else min(plays or legal, key=len))
        longest, widest = max(longest, len(match.actions)), max(widest, bits)
    assert longest * 2 < MAX_ACTIONS_PER_DEAL and widest * 2 < dealcode.MAX_DEAL_BYTES * 8
