"""A token bucket: ``rate`` events a second on average, ``burst`` at once.
The clock is passed in, so a test needs no sleeping."""

from __future__ import annotations


class Bucket:
    def __init__(self, rate: float, burst: float, now: float) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a bucket needs a positive rate and a burst of at least one")
        self.rate, self.burst = rate, burst
        self._tokens, self._at = float(burst), now

    def take(self, now: float) -> bool:
        """One event now: True if within the limit (a token is spent), False if over it."""
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False
