"""A table on the host without a network: the lobby, who plays which seat
when, the checks on every action, and what the host keeps on disk."""

from __future__ import annotations

import json

import pytest

from gouji.engine.match import Match
from gouji.net.protocol import Refusal
from gouji.net.room import AUTO, BOT, TIMEOUT, Room, RoomConfig
from gouji.net.state import TableFiles, load_rooms


def seated(people: int = 3, replayable: bool = False, **config) -> tuple[Room, list[str]]:
    room = Room("K7M2Q", RoomConfig(deals=2, **config), seed=42, replayable=replayable)
    tokens = [room.join(f"p{i}", admin=i == 0).token for i in range(people)]
    return room, tokens


def code_of(call) -> str:
    with pytest.raises(Refusal) as info:
        call()
    assert info.value.zh and info.value.en
    return info.value.code


def test_people_sit_in_order_and_take_their_seats_back_with_their_token():
    room, tokens = seated(3)
    assert [h.name if h else None for h in room.holders] == ["p0", "p1", "p2", None, None, None]
    assert all(t and len(t) > 20 for t in tokens) and len(set(tokens)) == 3
    again = room.join("p1 again", tokens[1])
    assert (again.seat, again.token, again.back) == (1, None, True)
    assert code_of(lambda: room.join("x", "not-a-token")) == "bad_token"
    assert room.is_admin(0) and not room.is_admin(1)
    assert all(tokens[i] not in json.dumps(room.to_meta()) for i in range(3))   # only hashes are kept


def test_the_lobby_swaps_configures_and_starts_then_closes():
    room, tokens = seated(2)
    room.present = {0, 1}
    room.swap(1, 4)
    assert room.holders[4].name == "p1" and room.holders[1] is None and room.present == {0, 4}
    assert room.join("p1", tokens[1]).seat == 4
    room.configure(preset="basic", bots="easy", deals=3, move_seconds=20)
    assert room.config == RoomConfig("basic", 3, "easy", 20)
    assert code_of(lambda: room.configure(deals=0)) == "bad_config"
    room.start()
    assert room.match is not None and room.match.rules.series_length == 3
    for call in (lambda: room.swap(0, 1), room.start, lambda: room.configure(bots="hard")):
        assert code_of(call) == "started"


def test_a_late_comer_takes_a_bots_seat_from_that_action_on_and_keeps_it_over_a_restart():
    room, tokens = seated(2)
    room.start()
    assert room.free_seats() == 4                        # the bots' seats
    for _ in range(5):
        seat = room.match.current_seat
        room.match.apply(room.bot_action(seat, room.match.view(seat)))
    late = room.join("late")
    assert late.seat == 2 and late.token and not late.back   # the first seat a bot plays
    assert room.holders[2].name == "late" and room.holders[2].since == room.turn == 5 and room.free_seats() == 3
    again = Room.from_meta(json.loads(json.dumps(room.to_meta())), room.match)
    assert again.holders[2].since == 5 and again.join("late", late.token).back
    meta = room.to_meta()
    meta["holders"][2]["since"] = -1
    with pytest.raises(ValueError, match="damaged"):
        Room.from_meta(meta, room.match)


def test_no_late_comer_once_six_people_hold_the_seats():
    room, tokens = seated(6)
    room.start()
    assert room.free_seats() == 0
    assert code_of(lambda: room.join("seventh")) == "started"
    assert room.join("p2", tokens[2]).seat == 2            # a token still takes its seat back


def test_a_seventh_person_finds_no_seat_unless_someone_left_the_lobby():
    room, tokens = seated(6)
    room.present = set(range(6))
    assert code_of(lambda: room.join("seventh")) == "full"
    room.present.discard(4)
    assert room.join("seventh").seat == 4
    assert code_of(lambda: room.join("back", tokens[4])) == "bad_token"   # his seat went to one who was there


def test_actions_are_checked_for_seat_turn_and_rules():
    room, _ = seated(6)
    assert code_of(lambda: room.submit(0, 0, "pass")) == "not_started"
    room.start()
    match = room.match
    seat = match.current_seat
    other = (seat + 1) % 6
    legal = match.legal_actions()
    assert code_of(lambda: room.submit(other, room.turn, legal[0])) == "not_your_turn"
    assert code_of(lambda: room.submit(seat, room.turn + 1, legal[0])) == "stale"
    assert code_of(lambda: room.submit(seat, room.turn, "play 2222222")) == "illegal"
    assert code_of(lambda: room.submit(seat, room.turn, "dance")) == "illegal"
    assert room.turn == 0
    room.submit(seat, 0, legal[0])
    assert room.turn == 1
    assert code_of(lambda: room.submit(seat, 0, legal[0])) in ("stale", "not_your_turn")   # never twice


def test_bots_play_the_empty_seats_the_same_way_every_time():
    def played() -> tuple[Room, list[str]]:
        room, _ = seated(0, replayable=True)
        room.start()
        while not room.over:
            room.match.apply(room.bot_action(room.match.current_seat))
        return room, room.match.actions
    room, first = played()
    assert first == played()[1] and len(first) > 100
    assert room.match.seed == 0 and room.deal_seeds is not None    # dealt by its deals' seeds: (rules, seeds, actions)
    assert Match.replay(room.config.rules(), 0, first, deal_seeds=room.deal_seeds,
                        first_drawer=room.first_drawer).is_over


def test_a_tables_deal_seeds_are_drawn_at_random_unless_its_seed_was_given():
    drawn = set()
    for _ in range(4):
        room, _ = seated(1)
        room.start()
        assert room.match.deal_seeds == room.deal_seeds and len(room.deal_seeds) == 2
        drawn.add(room.deal_seeds)
    assert len(drawn) == 4   # secrets: the same room seed deals differently every time
    given = [seated(1, replayable=True)[0] for _ in range(2)]
    for room in given:
        room.start()
    assert given[0].deal_seeds == given[1].deal_seeds and given[0].first_drawer == given[1].first_drawer


def test_who_plays_a_seat_and_when():
    room, _ = seated(6, move_seconds=10)
    room.start()
    seat = room.match.current_seat
    room.present = set(range(6))
    room.turn_began = 100.0
    assert room.who_plays(105.0) == (None, 110.0)           # its person, with the clock running
    assert room.who_plays(110.0) == (TIMEOUT, None)         # out of time: the bot plays this one move
    room.present.discard(seat)
    room.grace_until = 200.0
    assert room.who_plays(150.0) == (None, 200.0)           # a restarted host waits for him ...
    assert room.who_plays(200.0) == (AUTO, None)            # ... then 托管
    room.holders[seat] = None
    assert room.who_plays(0.0) == (BOT, None)               # an empty seat
    room.present, room.empty_since, room.alone_grace = set(), 300.0, 120.0
    assert room.who_plays(350.0) == (None, 420.0)           # nobody left at the table: it waits for someone ...
    assert room.who_plays(420.0) == (BOT, None)             # ... a while, then the bots play it out


def test_the_table_is_kept_and_read_back(tmp_path):
    room, tokens = seated(3)
    room.start()
    for _ in range(30):
        room.match.apply(room.bot_action(room.match.current_seat))
    files = TableFiles(tmp_path, room.code)
    assert files.save_room(room) is None and files.save_match(room) is None
    rooms, problems = load_rooms(tmp_path)
    assert problems == [] and len(rooms) == 1
    back = rooms[0]
    assert back.match.actions == room.match.actions and back.seed == room.seed
    assert back.deal_seeds == back.match.deal_seeds == room.deal_seeds and back.first_drawer == room.first_drawer
    assert back.join("p2", tokens[2]).seat == 2
    assert back.bot_action(back.match.current_seat) == room.bot_action(room.match.current_seat)


@pytest.mark.parametrize("seeds, first", [("x", 0), ([1, 2, 3], 0), ([-1, 2], 0), ([2 ** 31, 2], 0), ([1, 2], 6),
                                          ([1, 2], None), ([1, True], 0), (None, 3)])
def test_odd_deal_seeds_in_a_table_file_are_refused_in_words(tmp_path, seeds, first):
    room, _ = seated(1)
    room.start()
    files = TableFiles(tmp_path, room.code)
    assert files.save_room(room) is None and files.save_match(room) is None
    meta = json.loads((tmp_path / room.code / "table.json").read_text(encoding="utf-8"))
    meta.update(deal_seeds=seeds, first_drawer=first)
    (tmp_path / room.code / "table.json").write_text(json.dumps(meta), encoding="utf-8")
    rooms, problems = load_rooms(tmp_path)
    assert rooms == [] and len(problems) == 1 and "table.json" in problems[0]


def test_a_damaged_table_file_is_kept_aside_not_fatal(tmp_path):
    room, _ = seated(1)
    TableFiles(tmp_path, room.code).save_room(room)
    (tmp_path / room.code / "table.json").write_text('{"version": 1, "code": 3}', encoding="utf-8")
    (tmp_path / "NOTAROOM").mkdir()
    rooms, problems = load_rooms(tmp_path)
    assert rooms == [] and len(problems) == 1 and "table.json" in problems[0]
    assert (tmp_path / room.code / "table.json.broken").exists()
