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


def test_poll_never_waits_for_the_link_s_thread(host):
    """The link's thread queues the news; a frame's poll only empties the queue — even while that thread is
    stuck (a second here), the poll returns at once, and what was queued before comes through whole."""
    seat = RemoteSeat(f"ws://127.0.0.1:{host.port}", "S3ATS", "小明", host_secret=SECRET)
    seat.join()
    deadline = time.monotonic() + 10
    seats = []
    while not seats and time.monotonic() < deadline:
        seats = seat.poll().seats
        time.sleep(0.01)
    assert seats and seats[seat.seat]["name"] == "小明"
    stuck = threading.Event()
    seat._loop.call_soon_threadsafe(lambda: (stuck.set(), time.sleep(1.0)))
    assert stuck.wait(5)
    began = time.perf_counter()
    news = seat.poll()
    assert time.perf_counter() - began < 0.05 and news.seats == seats and not news.events   # the state, nothing new
    seat.close()


def test_queued_news_merge_into_one_in_order():
    from gouji.net.seat import News, merged, quiet
    first = News(None, 1, events=("a",), said=((1, "hello"),), seats=[{"seat": 0}])   # type: ignore[arg-type]
    second = News(None, 2, events=("b", "c"), notices=({"what": "left"},), over=True)   # type: ignore[arg-type]
    both = merged([first, second])
    assert both.turn == 2 and both.over and both.seats == [] and both.events == ("a", "b", "c")
    assert both.said == ((1, "hello"),) and both.notices == ({"what": "left"},)
    assert quiet(both).events == () and quiet(both).turn == 2 and quiet(both).over
