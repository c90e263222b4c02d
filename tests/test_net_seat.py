"""The seat a screen uses: the client on a loop in a worker thread, the
caller polling and posting from its own loop, as the pygame UI will."""

from __future__ import annotations

import asyncio
import random
import threading
import time

import pytest

import bots
from gouji.net.host import Host, HostConfig
from gouji.net.loopback import SECRET
from gouji.net.protocol import Refusal
from gouji.net.room import RoomConfig
from gouji.net.seat import RemoteSeat


@pytest.fixture
def host():
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def start() -> Host:
        served = Host(HostConfig(host_secret=SECRET))
        served.open_table(RoomConfig(deals=1), code="S3ATS", seed=6)
        await served.start()
        return served
    served = asyncio.run_coroutine_threadsafe(start(), loop).result(10)
    yield served
    asyncio.run_coroutine_threadsafe(served.close(), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def test_a_screen_polls_its_seat_and_plays_a_deal(host):
    url = f"ws://127.0.0.1:{host.port}"
    with pytest.raises(Refusal):
        RemoteSeat(url, "ZZZZZ", "lost").join()
    seat = RemoteSeat(url, "S3ATS", "小明", host_secret=SECRET)
    seat.join()
    seat.say("hello")
    seat.start()
    bot, stream, said, acted, acted_at = bots.make("normal", seat.seat, 1), [], [], -1, 0.0
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        news = seat.poll()                    # what a frame would do
        stream += news.events
        said += news.said
        if news.over:
            break
        view = news.view
        again = news.turn == acted and time.monotonic() - acted_at > 0.5   # no answer yet: it may have been dropped
        if view is not None and view.my_turn and (news.turn != acted or again):
            seat.act(bot.choose(view, random.Random(news.turn)))
            acted, acted_at = news.turn, time.monotonic()
        time.sleep(0.002)
    match = host.tables["S3ATS"].room.match
    assert news.over and news.view == match.view(seat.seat) and said == [(seat.seat, "hello")]
    assert stream == [e for e in match.events if e.visible_to(seat.seat)]   # every event once, in order
    assert seat.token and news.results and news.closed is None
    seat.close()
