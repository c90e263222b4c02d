"""What a player keeps of a shared table: the record the host sends at each
deal's end (and the match's) goes into the player's own history deal by deal,
and every deal of it has a deal code that the engine replays to the same deal
— while no record holds anything that deals a deal still to come."""

from __future__ import annotations

import asyncio

import pytest

from gouji.engine.dealcode import decode, encode
from gouji.engine.match import NoDealSeed
from gouji.net import client as client_module
from gouji.net.botclient import play_seat
from gouji.net.loopback import play_to_the_end, running_host, table_of
from gouji.net.records import NetRecord, RecordError
from gouji.review import Review
from gouji.store.history import History
from gouji.store.records import Seating, SharedTable

pytestmark = pytest.mark.slow   # a whole match is played first


@pytest.fixture(scope="module", autouse=True)
def deal_records():
    """Each client keeps every deal's record it was sent (``deal_records``), besides the newest (``record``)."""
    original = client_module.HANDLERS["deal_end"]

    def keeping(client, data):
        original(client, data)
        client.__dict__.setdefault("deal_records", []).append(client.record)
    client_module.HANDLERS["deal_end"] = keeping
    yield
    client_module.HANDLERS["deal_end"] = original


@pytest.fixture(scope="module")
def finished(deal_records):
    """A client's view of a finished two-deal match (one person, five bots), and the host's match."""
    async def scenario():
        async with running_host() as host:
            room, players = await table_of(host, 1, deals=2, seed=31)
            try:
                await play_to_the_end(players)
            finally:
                await players.close()
            return players.clients[0], room.match
    return asyncio.run(scenario())


def test_a_shared_tables_match_goes_into_the_players_history(finished, tmp_path):
    client, match = finished
    history, problem = client.record.write_history(tmp_path / "history.sqlite3", client.seat, "normal")
    assert problem is None
    deals = sorted(history.deals(practice=None), key=lambda d: d.index)
    assert [d.places for d in deals] == [tuple(r["places"]) for r in client.results]
    assert all(d.human == client.seat for d in deals) and len(deals) == 2
    [kept] = history.matches(practice=None)
    assert kept.totals == client.totals == match.totals and kept.ended is not None
    ref, _ = history.deal_ref(deals[-1])
    assert ref.replay().actions == match.actions   # the history replays the host's match


def test_every_deal_has_a_code_that_replays_to_it(finished):
    client, match = finished
    for deal, result in enumerate(client.results):
        code = client.record.deal_code(deal, client.seat)
        ref = decode(code)
        assert code.startswith("GJ2:") and ref.deal_seeds == match.deal_seeds[:deal + 1]   # its deals' seeds only
        assert (ref.deal, ref.seat) == (deal, client.seat)
        assert list(ref.replay().results[deal].places) == result["places"]


def good_record(record: NetRecord) -> dict:
    return {"v": 2, "rules": record.rules.to_dict(), "first_drawer": record.first_drawer,
            "deal_seeds": list(record.deal_seeds), "actions": [[a] for a in record.actions], "ends": list(record.ends)}


def test_a_record_that_does_not_hold_together_is_refused(finished):
    client, _ = finished
    good = good_record(client.record)
    assert NetRecord.from_message(good).replay().is_over
    seeds = good["deal_seeds"]
    for bad in ({**good, "deal_seeds": "7"}, {**good, "actions": "all"}, {**good, "rules": {"deck": 3}},
                {**good, "actions": [[1]]}, {**good, "ends": [1, "x"]}, [], {**good, "v": 3}, {**good, "v": True},
                {**good, "deal_seeds": [2 ** 31, seeds[1]]}, {**good, "deal_seeds": [-1, seeds[1]]},
                {**good, "deal_seeds": seeds[:1]}, {**good, "first_drawer": 6}, {**good, "seed": 5},
                {k: v for k, v in good.items() if k != "first_drawer"}, {**good, "ends": list(range(200))},
                {**good, "deal_seeds": [True, 1]}):
        with pytest.raises(RecordError):
            NetRecord.from_message(bad)
    for wrong in ({**good, "ends": [1, 2]}, {**good, "deal_seeds": [seeds[0] ^ 1, seeds[1]]},
                  {**good, "actions": good["actions"][:-1]}):
        with pytest.raises(RecordError):
            NetRecord.from_message(wrong).replay()


def test_a_deals_record_deals_nothing_of_the_next_deal(finished):
    """The record after deal k carries the seeds of deals 0..k only: it replays deals 0..k, and asking it for
    deal k+1 is refused — its hands cannot be had from it."""
    client, match = finished
    first = client.deal_records[0]
    assert first.deal_seeds == match.deal_seeds[:1] and match.deal_seeds[1] not in first.deal_seeds
    replayed = first.replay()
    assert len(replayed.results) == 1 and replayed.awaiting_deal_seed and not replayed.is_over
    assert replayed.legal_actions() == [] and replayed.current_seat is None
    with pytest.raises(NoDealSeed):
        replayed.apply(match.actions[first.ends[-1]])
    with pytest.raises(RecordError):   # a record that claims more than its seeds deal
        NetRecord.from_message({**good_record(first), "actions": [[a] for a in match.actions],
                                "ends": [match.results[0].end_action]}).replay()
    assert [r.deal_seeds for r in client.deal_records] == [match.deal_seeds[:1], match.deal_seeds[:2]]


def test_a_deals_record_that_turns_the_seats_is_refused(finished):
    """Another first drawer deals the same hands to other seats: the same actions replay, so the client
    checks the places the replay gives against the host's announcement."""
    client, match = finished
    turned = {**good_record(client.deal_records[0]), "first_drawer": (match.first_drawer + 1) % 6}
    data = {"deal": 0, "places": list(match.results[0].places), "score": [0, 0], "totals": [0, 0],
            "opened": [False] * 6, "end_action": match.results[0].end_action}
    fresh = client_module.TableClient("ws://127.0.0.1:1", "K7M2Q", "p")
    fresh._deal_end({**data, "record": good_record(client.deal_records[0])})
    assert fresh.record is not None and fresh.record.deal_seeds == match.deal_seeds[:1]
    other = client_module.TableClient("ws://127.0.0.1:1", "K7M2Q", "p")
    with pytest.raises(RecordError):
        other._deal_end({**data, "record": turned})
    assert other.record is None and len(other.results) == 1   # the deal's result is kept all the same


@pytest.fixture(scope="module")
def left_early():
    """A three-deal match of two people: the guest leaves once the first deal has ended; the host's player
    plays it to the end. Every deal's record each of them received."""
    async def scenario():
        async with running_host() as host:
            room, players = await table_of(host, 2, deals=3, seed=41)
            hosting, guest = players.clients
            try:
                tasks = [asyncio.create_task(play_seat(c, seed=i)) for i, c in enumerate(players.clients)]
                await guest.wait_until(lambda: len(guest.results) >= 1, 60)
                await guest.close()
                await asyncio.wait_for(tasks[0], 120)
                await hosting.wait_until(lambda: hosting.over, 30)
                tasks[1].cancel()
            finally:
                await players.close()
            return hosting, guest, room.match
    return asyncio.run(scenario())


def test_a_guest_who_leaves_keeps_the_deals_that_ended(left_early, tmp_path):
    _, guest, match = left_early
    path = tmp_path / "history.sqlite3"
    table = SharedTable("K7M2Q", "", ("p0", "p1", None, None, None, None))
    assert guest.record is not None and len(guest.record.ends) == 1 and not guest.over
    for record in guest.deal_records:   # as the app writes each deal's record as it comes
        assert record.write_history(path, guest.seat, "normal", table)[1] is None
    history = History(path)
    [deal] = history.deals()
    [kept] = history.matches()
    assert deal.index == 0 and deal.places == match.results[0].places and deal.shared == table
    assert kept.ended is None and kept.deals == 1 and deal.deal_seeds is not None
    ref, choices = history.deal_ref(deal)
    assert ref.deal_seeds == match.deal_seeds[:1] and decode(guest.record.deal_code(0, guest.seat)) == ref
    code = encode(ref)
    assert code.startswith("GJ2:") and decode(code) == ref
    review = Review(ref, choices)
    assert review.frames[-1].finish_order == match.results[0].places[:len(review.frames[-1].finish_order)]
    assert review.play_from_here().match().deal_seeds[:1] == match.deal_seeds[:1]   # practice plays on


def test_deal_by_deal_gives_the_same_rows_as_the_whole_match_at_once(left_early, tmp_path):
    hosting, _, match = left_early
    seating = Seating(human=hosting.seat, bot_level="normal")
    by_deal, at_end = History(tmp_path / "a.sqlite3"), History(tmp_path / "b.sqlite3")
    for record in hosting.deal_records + [hosting.record]:   # each deal's, then the match's end: no duplicate
        assert by_deal.record(record.replay(), seating) is None
    assert at_end.record(hosting.record.replay(), seating) is None
    assert by_deal.counts() == at_end.counts() == (3, 1, 1)

    def rows(history: History) -> list:
        return [(d.index, d.places, d.score, d.first_action, d.end_action, d.deal_seeds)
                for d in history.deals()] + [(m.totals, m.deals, m.outcome, m.deal_seeds) for m in history.matches()]
    assert rows(by_deal) == rows(at_end)
    assert by_deal.matches()[0].deal_seeds.seeds == match.deal_seeds and by_deal.matches()[0].totals == match.totals
