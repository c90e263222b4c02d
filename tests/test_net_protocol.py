"""The network's messages, without a network: what a player may send is
checked field by field, views and events cross the wire unchanged, room
codes and tokens, the rate limiter, the quick phrases."""

from __future__ import annotations

import json
import random

import pytest

import bots
from gouji.engine.match import Match
from gouji.engine.rules import RuleSet
from gouji.net.codes import ROOM_ALPHABET, is_room_code, new_room_code, new_token, same_secret, token_hash
from gouji.net.phrases import PHRASE_IDS, PHRASES
from gouji.net.protocol import PROTOCOL_VERSION, Refusal, read_client_message, read_host_message
from gouji.net.ratelimit import Bucket
from gouji.net.wire import (
    WireError,
    event_from_wire,
    event_to_wire,
    events_from_wire,
    history_delta,
    view_from_wire,
    view_to_wire,
)


def raw(**fields) -> str:
    return json.dumps({"v": PROTOCOL_VERSION, "seq": 1, **fields})


def refusal(text, limit: int = 4096) -> Refusal:
    with pytest.raises(Refusal) as info:
        read_client_message(text, limit)
    assert info.value.zh and info.value.en   # said in words, both languages
    return info.value


def test_a_good_message_is_read_with_its_fields():
    message = read_client_message(raw(type="act", turn=3, action="play KK", cards=[1, 2]))
    assert (message.type, message.seq, message.fields) == ("act", 1, {"turn": 3, "action": "play KK", "cards": [1, 2]})
    hello = read_client_message(raw(type="hello", room="k7m-2q", name="小明"))
    assert hello.fields["room"] == "K7M2Q"   # read as people type it


@pytest.mark.parametrize("text, code", [
    (b'{"v":1}', "binary"),
    ("x" * 5000, "too_big"),
    ("{not json", "bad_json"),
    ("[1, 2]", "bad_json"),
    ("[" * 100_000, "bad_json"),
    ('{"v":1,"type":"act","seq":1,"turn":' + "9" * 5000 + "}", "bad_json"),
    (raw(type="teleport"), "unknown_type"),
    (raw(type="act", turn=1, action="pass", seat=3), "unknown_field"),
    (raw(type="act", action="pass"), "missing_field"),
    (raw(type="act", turn=True, action="pass"), "bad_field"),
    (raw(type="act", turn=1.5, action="pass"), "bad_field"),
    (raw(type="act", turn=1, action="x" * 201), "bad_field"),
    (raw(type="act", turn=1, action="pass\x00"), "bad_field"),
    (raw(type="act", turn=1, action="pass", cards=[216]), "bad_field"),
    (raw(type="act", turn=1, action="pass", cards=list(range(65))), "bad_field"),
    (raw(type="hello", room="OOOOO", name="a"), "bad_field"),
    (raw(type="say", phrase="anything I like"), "bad_field"),
    (raw(type="configure", rules="house"), "bad_field"),
    (raw(type="swap", a=0, b=6), "bad_field"),
    (json.dumps({"v": 1, "type": "ping"}), "bad_field"),              # no seq
    (json.dumps({"v": 1, "type": "ping", "seq": 0}), "bad_field"),
])
def test_bad_messages_are_refused_with_a_reason(text, code):
    # a generous limit, so that the deep and the long ones reach the JSON reader
    assert refusal(text, 4096 if code == "too_big" else 1 << 20).code == code


@pytest.mark.parametrize("version", [0, 2, "1", None, True, 1.0001])
def test_another_protocol_version_is_told_so_in_words(version):
    found = refusal(json.dumps({"v": version, "type": "hello", "seq": 1}))
    assert found.code == "version"
    assert str(PROTOCOL_VERSION) in found.en and "版" in found.zh


def test_host_messages_are_checked_too():
    assert read_host_message('{"v":1,"type":"pong"}')["type"] == "pong"
    for bad in ('{"v":2,"type":"pong"}', '{"v":1}', "[]", b"{}"):
        with pytest.raises(Refusal):
            read_host_message(bad)


def test_room_codes_and_tokens():
    codes = {new_room_code() for _ in range(200)}
    assert all(is_room_code(c) for c in codes) and len(codes) > 190
    assert not set("01OIL") & set(ROOM_ALPHABET)
    assert new_room_code({"AAAAA"}) != "AAAAA"
    token = new_token()
    assert len(token) >= 20 and token != new_token()
    assert same_secret(token, token_hash(token)) and not same_secret(token + "x", token_hash(token))


def test_the_bucket_allows_a_burst_then_the_rate():
    bucket = Bucket(rate=2.0, burst=3, now=0.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(0.5) and not bucket.take(0.5)   # one token a half second
    assert [bucket.take(100.0) for _ in range(4)] == [True, True, True, False]   # never more than the burst


def test_quick_phrases_have_both_languages_and_unique_ids():
    assert len(set(PHRASE_IDS)) == len(PHRASES) >= 5
    assert all(p.zh and p.en for p in PHRASES)
    assert {"快点啊", "好牌", "谢谢联邦", "不好意思", "够级！"} <= {p.zh for p in PHRASES}


@pytest.mark.parametrize("preset, deals", [pytest.param("qingdao", 2, marks=pytest.mark.slow), ("basic", 1)])
def test_every_view_crosses_the_wire_unchanged(preset, deals):
    """Every seat's view after every action of a match, sent as the host sends it (the history as a
    delta) and read back as the client reads it: equal to the engine's, field for field."""
    match = Match(RuleSet.preset(preset).replace(series_length=deals), 5)
    players = [bots.make("normal", s, 5) for s in range(6)]
    held = [()] * 6   # what each client holds of its history
    sent = [None] * 6
    checked = 0
    while True:
        for seat in range(6):
            view = match.view(seat)
            keep, added = history_delta(sent[seat], view.history)
            sent[seat] = view.history
            data = json.loads(json.dumps({"view": view_to_wire(view), "added": [event_to_wire(e) for e in added]}))
            held[seat] = held[seat][:keep] + events_from_wire(data["added"])
            assert view_from_wire(data["view"], view.rules, held[seat]) == view
            checked += 1
        if match.is_over:
            break
        seat = match.current_seat
        match.apply(players[seat].choose(match.view(seat), random.Random(len(match.actions))))
    assert checked > 6 * 100


def test_a_bad_view_or_event_is_refused():
    match = Match(RuleSet.preset("basic"), 1)
    view = match.view(0)
    data = view_to_wire(view)
    for change in ({"seat": "0"}, {"hand": [1] * 5000}, {"legal_moves": ["fly"]}, {"phase": "nap"},
                   {"counts": None}, {"extra": 1}):
        with pytest.raises(WireError):
            view_from_wire({**data, **change}, view.rules, ())
    for bad in ({"k": "nope"}, {"k": "play", "i": [[[[[[1]]]]]]}, {"k": "play", "s": True}, {"k": "play", "x": 1},
                {"k": "play", "i": [1.5]}, []):
        with pytest.raises(WireError):
            event_from_wire(bad)
    assert event_from_wire(event_to_wire(match.events[0])) == match.events[0]
