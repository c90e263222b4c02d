"""Deal codes: any deal of any match round-trips; pasting noise is ignored;
a damaged, foreign or newer code gets a clear message in both languages."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from match_helpers import bot_match, random_match

from gouji import RuleSet
from gouji.engine.dealcode import DealCodeError, DealRef, clean, deal_span, decode, encode, last_deal
from gouji.engine.rules import KEYS, PRESETS

CUSTOM = st.sampled_from([{}, {"deck": 196}, {"bie_san": False, "hui_san": True}, {"series_length": 2},
                          {"scoring": "2_1", "tribute_order": ["luo", "dian"]}, {"xuan_dian": "ming_and_yu"}])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), changes=CUSTOM, seed=st.integers(0, 2**63 - 1),
       steps=st.integers(0, 3000), seat=st.integers(0, 5), data=st.data())
@pytest.mark.slow
def test_any_deal_of_any_match_round_trips(preset, changes, seed, steps, seat, data):
    rules = RuleSet.preset(preset).replace(**changes)
    match = random_match(seed, rules, steps)
    deal = data.draw(st.integers(0, last_deal(match)))
    end = deal_span(match, deal)[1] if deal < last_deal(match) else None   # a code holds its deal's actions only
    ref = DealRef(rules, seed, tuple(match.actions[:end]), deal, seat)
    code = encode(ref)
    assert code.startswith("GJ1:")
    back = decode(code)
    assert back == ref
    again = back.replay()
    truth = match if end is None else random_match(seed, rules, end)
    assert [str(e) for e in again.events] == [str(e) for e in truth.events]
    assert again.results == truth.results


def test_a_first_deal_code_is_short_and_deals_inside_a_match_have_their_span():
    match = bot_match(11, RuleSet(), deals=2)
    first = DealRef(match.rules, 11, tuple(match.actions[:match.results[0].end_action]), 0)
    assert len(encode(first)) < 120   # ≈ 50 bytes of choices, base64
    assert deal_span(match, 0) == (0, match.results[0].end_action)
    assert deal_span(match, 1) == (match.results[0].end_action, match.results[1].end_action)
    assert deal_span(match, 2) == (match.results[1].end_action, None)
    assert last_deal(match) == 1  # just ended
    match.apply(match.legal_actions()[0])
    assert last_deal(match) == 2  # the next deal has begun


def test_pasting_noise_is_ignored():
    ref = DealRef(RuleSet.preset("basic"), 9, ("play 3",), 0, 2)
    code = encode(ref)
    broken_lines = "\n  ".join(code[i:i + 7] for i in range(0, len(code), 7))
    fullwidth = code.replace("GJ1:", "ＧＪ１：")
    for pasted in (f"  {code}\n", broken_lines, f"“{code}”", fullwidth, code.replace("GJ", "gj"), f"\u200b{code}\t",
                   f"请看这局：{code}，谢谢！", f"Look at this deal:\n{code}\n"):
        assert decode(pasted) == ref, pasted
    assert clean(broken_lines) == code


def reasons_of(text: str) -> DealCodeError:
    with pytest.raises(DealCodeError) as caught:
        decode(text)
    error = caught.value
    assert error.zh and error.en and error.zh != error.en
    return error


def test_damaged_foreign_and_newer_codes_get_clear_messages():
    code = encode(DealRef(RuleSet(), 5, tuple(random_match(5, RuleSet(), 60).actions)))
    assert "damaged" in reasons_of(code[:-3]).en                       # cut short
    assert "damaged" in reasons_of(code[:10] + ("A" if code[10] != "A" else "B") + code[11:]).en  # a wrong letter
    assert decode(code + "AAAA").actions == decode(code).actions   # letters glued after it: the checksum tells
    assert "damaged" in reasons_of(code[:12] + "#" + code[13:]).en    # not base64
    assert "not a Gouji deal code" in reasons_of("https://example.com/?q=1").en
    assert "not a Gouji deal code" in reasons_of("").en
    assert "newer version" in reasons_of("GJ3:" + code[4:]).en
    assert "不完整" in reasons_of("GJ1:").zh


@settings(max_examples=60, deadline=None)
@given(at=st.integers(0, 10_000), letter=st.sampled_from("AbZ09-_Qx"))
def test_a_changed_letter_is_caught_or_changes_nothing(at, letter):
    ref = DealRef(RuleSet(), 5, tuple(random_match(5, RuleSet(), 60).actions), 0, 1)
    code = encode(ref)
    at = 4 + at % (len(code) - 4)
    changed = code[:at] + letter + code[at + 1:]
    try:
        assert decode(changed) == ref  # only the unused low bits of the last letter may change
    except DealCodeError as exc:
        assert exc.zh and exc.en


def test_encoding_checks_the_deal_and_the_actions():
    with pytest.raises(DealCodeError, match="does not replay"):
        encode(DealRef(RuleSet.preset("basic"), 3, ("play 3", "fly")))
    with pytest.raises(DealCodeError, match="reach only deal 1"):
        encode(DealRef(RuleSet.preset("basic"), 3, ("play 3",), deal=1))
    with pytest.raises(DealCodeError, match="seat must be 0 to 5"):
        encode(DealRef(RuleSet.preset("basic"), 3, (), seat=6))


def test_from_json_defaults_and_refusals():
    ref = DealRef.from_json({"seed": 3, "actions": ["play 3"], "rules": "basic"})
    assert ref == DealRef(RuleSet.preset("basic"), 3, ("play 3",), 0, 0)
    custom = DealRef.from_json({"seed": 3, "actions": [], "rules": {"deck": 196}})
    assert custom.rules == RuleSet(deck=196) and decode(encode(custom)) == custom
    for bad, words in [([], "JSON object"), ({"seed": "x"}, "whole number"), ({"seed": 1, "actions": "pass"}, "list"),
                       ({"seed": 1, "rules": {"deck": 52}}, "deck"), ({"seed": 1, "rules": "vegas"}, "vegas")]:
        with pytest.raises(DealCodeError, match=words):
            DealRef.from_json(bad)


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gouji.dealcode", *args], input=stdin, capture_output=True,
                          text=True, timeout=60)


def test_the_command_line_encodes_and_decodes():
    match = random_match(4, RuleSet(), 120)
    deal = {"rules": RuleSet().to_dict(), "seed": 4, "actions": list(match.actions), "deal": last_deal(match),
            "seat": 3}
    from_stdin = run_cli("encode", stdin=json.dumps(deal))
    assert from_stdin.returncode == 0, from_stdin.stderr
    code = from_stdin.stdout.strip()
    assert run_cli("encode", json.dumps(deal)).stdout.strip() == code
    half = len(code) // 2
    decoded = run_cli("decode", code[:half], code[half:])   # split over two arguments
    assert decoded.returncode == 0, decoded.stderr
    printed = json.loads(decoded.stdout)
    assert printed == deal and set(printed["rules"]) == set(KEYS)
    assert json.loads(run_cli("decode", stdin=code + "\n").stdout) == deal


@pytest.mark.slow
def test_the_command_line_refuses_in_words_not_tracebacks():
    for result in (run_cli("decode", "GJ1:AAAA"), run_cli("decode", "hello"), run_cli("encode", "{bad"),
                   run_cli("encode", '{"seed": 1, "actions": ["fly"]}')):
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 2   # Chinese, then English
    usage = run_cli("fly")
    assert usage.returncode == 2 and "Traceback" not in usage.stderr


def test_a_code_from_a_game_whose_rules_code_differs_is_refused(monkeypatch):
    """Indices into the legal actions mean the same thing only under the same rules code: if the
    legal actions came in another order, the code would replay as a different deal — refused instead."""
    from gouji import Match
    code = encode(DealRef(RuleSet(), 5, tuple(random_match(5, RuleSet(), 80).actions)))
    original = Match.legal_actions
    monkeypatch.setattr(Match, "legal_actions", lambda self: list(reversed(original(self))))
    with pytest.raises(DealCodeError) as caught:
        decode(code)
    assert "rules differ" in caught.value.en and "无法重放" in caught.value.zh
