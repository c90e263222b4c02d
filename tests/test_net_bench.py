"""The LAN benchmark runs and reports what docs/network.md quotes (a short run on one table)."""

from __future__ import annotations

import asyncio

from gouji.net.bench import measure, percentiles


def test_percentiles_in_milliseconds() -> None:
    figures = percentiles([i / 1000 for i in range(1, 101)])
    assert figures == {"p50": 51.0, "p90": 91.0, "p99": 100.0, "max": 100.0}
    assert percentiles([]) == {}


def test_a_short_run_reports_round_trips_host_figures_and_collections() -> None:
    result = asyncio.run(measure(1, 0.01, 1.5, "normal", None, jitter=0.5))
    assert result["clients"] == 6 and result["jitter"] == 0.5
    assert result["actions"] > 10 and result["problems"] == 0
    assert set(result["round_trip_ms"]) == {"p50", "p90", "p99", "max"}
    assert 0 < result["host_cpu_share"] <= 1.5 and result["client_cpu_share"] > 0
    assert set(result["host_gc_ms"]) == set(result["client_gc_ms"]) == {"0", "1", "2"}
    assert result["host_fanout_ms"]["p50"] > 0
