"""The host's collector policy: survivors are frozen out of the long walks, and given back in time."""

from __future__ import annotations

import asyncio
import gc
import weakref

from gouji.net.gcpolicy import steady_collections


class Node:
    def __init__(self) -> None:
        self.me = self   # a reference cycle: only the collector frees it


async def _run_for(seconds: float, **kwargs: float) -> None:
    task = asyncio.create_task(steady_collections(**kwargs))
    await asyncio.sleep(seconds)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


def test_survivors_are_frozen_while_it_runs_and_given_back_after() -> None:
    seen: list[int] = []

    async def main() -> None:
        task = asyncio.create_task(steady_collections(every=0.01, thaw_every=60))
        await asyncio.sleep(0.05)
        seen.extend((gc.get_freeze_count(), gc.isenabled()))
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        seen.extend((gc.get_freeze_count(), gc.isenabled()))
    asyncio.run(main())
    assert seen[0] > 1000 and not seen[1]           # frozen, no automatic collections meanwhile
    assert seen[2] == 0 and seen[3]                 # all given back, the collector on again


def test_a_cycle_frozen_alive_is_freed_once_thawed() -> None:
    """A cycle that was alive at a freeze and died after it is collected after the next thaw."""
    async def main() -> weakref.ref[Node]:
        node = Node()
        ref = weakref.ref(node)
        task = asyncio.create_task(steady_collections(every=0.01, thaw_every=0.2))
        await asyncio.sleep(0.03)          # frozen with the node alive
        del node
        gc.collect()
        assert ref() is not None           # frozen: the collector does not see it
        await asyncio.sleep(0.3)           # a thaw came
        gc.collect()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return ref
    assert asyncio.run(main())() is None
