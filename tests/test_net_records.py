"""What a player keeps of a shared table: the record the host sends at the
match's end goes into the player's own history, and every deal of it has a
deal code that the engine replays to the same deal."""

from __future__ import annotations

import asyncio

import pytest

from gouji.engine.dealcode import decode
from gouji.net.loopback import play_to_the_end, running_host, table_of
from gouji.net.records import NetRecord, RecordError

pytestmark = pytest.mark.slow   # a whole match is played first


@pytest.fixture(scope="module")
def finished():
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
        ref = decode(client.record.deal_code(deal, client.seat))
        assert (ref.deal, ref.seat) == (deal, client.seat)
        assert list(ref.replay().results[deal].places) == result["places"]


def test_a_record_that_does_not_hold_together_is_refused(finished):
    client, _ = finished
    good = {"rules": client.record.rules.to_dict(), "seed": client.record.seed,
            "actions": [[a] for a in client.record.actions], "ends": list(client.record.ends)}
    assert NetRecord.from_message(good).replay().is_over
    for bad in ({**good, "seed": "7"}, {**good, "actions": "all"}, {**good, "rules": {"deck": 3}},
                {**good, "actions": [[1]]}, {**good, "ends": [1, "x"]}, []):
        with pytest.raises(RecordError):
            NetRecord.from_message(bad)
    for wrong in ({**good, "ends": [1, 2]}, {**good, "seed": good["seed"] + 1},
                  {**good, "actions": good["actions"][:-1]}):
        with pytest.raises(RecordError):
            NetRecord.from_message(wrong).replay()
