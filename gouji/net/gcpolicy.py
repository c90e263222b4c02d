"""Short garbage collections for a host that holds many tables.

Python's oldest-generation collection walks every object the collector
tracks. A host of 50 tables tracks ~100,000 (each deal's events, moves and
plays are objects) and such a walk stalled its event loop 45 ms — every
table's answer waited (`python -m gouji.net.bench`, `host_gc_ms`). The
matches' records never form reference cycles and live until their match
ends, so walking them again and again finds nothing.

``steady_collections`` turns automatic collection off while it runs (even the
young generations' collections took 5–10 ms at any moment) and every
``every`` seconds moves every tracked object out of the collector's sight
(``gc.freeze``, which takes no time); objects still die by their reference
counts as usual. Garbage cycles wait: every ``thaw_every`` seconds everything
frozen is given back to the collector and walked once in full (the one long
pause in that time), so memory stays bounded.
"""

from __future__ import annotations

import asyncio
import gc
import time


async def steady_collections(every: float = 2.0, thaw_every: float = 600.0) -> None:
    """Run until cancelled (the host's life); gives the frozen objects back when it ends."""
    thawed = time.monotonic()
    automatic = gc.isenabled()
    gc.disable()   # no collections of the young either (5-10 ms each, at any moment): garbage cycles wait for the thaw
    try:
        while True:
            if time.monotonic() - thawed >= thaw_every:
                gc.unfreeze()
                gc.collect()
                thawed = time.monotonic()
            else:
                gc.freeze()
            await asyncio.sleep(every)
    finally:
        gc.unfreeze()
        if automatic:
            gc.enable()


__all__ = ["steady_collections"]
