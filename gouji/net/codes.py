"""Room codes people read aloud, and the secrets that prove who holds a seat.

A room code is five characters from an alphabet without the look-alikes
(0/O, 1/I/L). A seat token is a random secret given once, at the first join;
the host keeps only its hash (a state folder read by someone else gives no
seat away)."""

from __future__ import annotations

import hashlib
import hmac
import secrets

ROOM_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
ROOM_LENGTH = 5


def new_room_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    while True:
        code = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
        if code not in taken:
            return code


def is_room_code(text: str) -> bool:
    return len(text) == ROOM_LENGTH and all(c in ROOM_ALPHABET for c in text)


def new_token() -> str:
    return secrets.token_urlsafe(18)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_secret(given: str, stored_hash: str) -> bool:
    """``given`` hashes to ``stored_hash``, compared in constant time."""
    return hmac.compare_digest(token_hash(given), stored_hash)
