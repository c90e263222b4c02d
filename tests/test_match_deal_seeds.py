"""A match built from its deals' own seeds (a shared table's): each deal comes
from its seed alone, a match given the seeds of its first deals stops after them
(and refuses to go on, in words), and its deals have GJ2 codes that carry those
seeds only — read back with the same distrust as GJ1's."""

from __future__ import annotations

import base64
import random
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gouji import Match, RuleSet
from gouji.engine.codebytes import varint
from gouji.engine.dealcode import DealCodeError, DealRef, decode, encode
from gouji.engine.match import DEAL_SEED_LIMIT, NoDealSeed
from gouji.engine.seats import SEATS
from gouji.review import Review

RULES = RuleSet.preset("basic").replace(series_length=3)
SEEDS = (1234567, 89, 2 ** 31 - 1)


def played(match: Match, rng_seed: int = 4, until: int | None = None) -> Match:
    """Random legal actions until the match is over (or ``until`` deals have ended)."""
    rng = random.Random(rng_seed)
    while not match.is_over and not match.awaiting_deal_seed and (until is None or len(match.results) < until):
        match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.fixture(scope="module")
def whole() -> Match:
    return played(Match.from_deal_seeds(RULES, 2, SEEDS))


def hands(match: Match, deal: int) -> list[tuple[int, ...]]:
    """Every seat's dealt cards in ``deal`` (from the engine's own deal events)."""
    dealt = [e for e in match.events if e.kind == "deal" and e.info and e.info[0] == deal]
    return [e.card_ids for e in sorted(dealt, key=lambda e: e.seat)][-6:]


def test_each_deal_comes_from_its_own_seed_alone(whole):
    assert whole.is_over and whole.seed == 0 and whole.deal_seeds == SEEDS and whole.first_drawer == 2
    other = played(Match.from_deal_seeds(RULES, 2, SEEDS[:2] + (5,)), until=2)
    assert other.actions == whole.actions[:len(other.actions)]   # the same deals 0 and 1, whatever deal 2's seed
    assert hands(other, 0) == hands(whole, 0) and hands(other, 1) == hands(whole, 1)
    assert whole.finished_deal_seeds() == SEEDS and Match.from_deal_seeds(RULES, 2, SEEDS).finished_deal_seeds() == ()
    assert Match.new(7, RULES).deal_seeds is None and Match.new(7, RULES).finished_deal_seeds() is None


def test_the_first_deals_seeds_replay_those_deals_and_no_more(whole):
    end = whole.results[0].end_action
    short = Match.replay(RULES, 0, whole.actions[:end], deal_seeds=SEEDS[:1], first_drawer=2)
    assert len(short.results) == 1 and short.awaiting_deal_seed and not short.is_over
    assert short.current_seat is None and short.legal_actions() == [] and short.legal_moves() == []
    assert short.view(0) == short.finished_view(0)   # the deal just ended, as at the table
    with pytest.raises(NoDealSeed) as refused:
        short.apply(whole.actions[end])
    assert "第 2 局" in refused.value.zh and "deal 2" in refused.value.en
    assert short.check(whole.actions[end]) is not None and len(short.actions) == end   # unchanged
    short.extend_deal_seeds(SEEDS[1:])   # given the rest, it goes on as the whole match did
    for action in whole.actions[end:]:
        short.apply(action)
    assert short.is_over and short.totals == whole.totals and short.results == whole.results


def test_a_clone_and_a_fresh_copy_keep_the_deal_seeds(whole):
    match = played(Match.from_deal_seeds(RULES, 2, SEEDS), until=1)
    clone = match.clone()
    assert vars(clone).keys() == vars(match).keys() and clone.deal_seeds == SEEDS
    rng = random.Random(9)
    for _ in range(60):
        action = rng.choice(match.legal_actions())
        assert clone.apply(action) == match.apply(action)
    fresh = match.fresh()
    for action in match.actions:
        fresh.apply(action)
    assert fresh.actions == match.actions and fresh.events == match.events


@pytest.mark.parametrize("seeds, first, error", [([], 0, ValueError), ([1, 2, 3, 4], 0, ValueError),
                                                 ([-1], 0, ValueError), ([DEAL_SEED_LIMIT], 0, ValueError),
                                                 ([True], 0, TypeError), (["7"], 0, TypeError), ("12", 0, TypeError),
                                                 ([1], 6, ValueError), ([1], None, TypeError)])
def test_seeds_no_match_has_are_refused(seeds, first, error):
    with pytest.raises(error):
        Match.from_deal_seeds(RULES, first, seeds)


def ref_of(match: Match, deal: int, seat: int = 1) -> DealRef:
    end = match.results[deal].end_action
    return DealRef(match.rules, 0, tuple(match.actions[:end]), deal, seat, match.deal_seeds[:deal + 1], 2)


def test_a_deals_gj2_code_carries_its_deals_seeds_only(whole):
    for deal in range(3):
        ref = ref_of(whole, deal)
        code = encode(ref)
        assert code.startswith("GJ2:") and decode(f"看这局：{code} 谢谢") == ref
        assert DealRef.from_json(ref.to_json()) == ref and "seed" not in ref.to_json()
        assert ref.replay().results == whole.results[:deal + 1]
        review = Review(decode(code))
        assert len(review) == whole.results[deal].end_action - (whole.results[deal - 1].end_action if deal else 0)
    more = DealRef(RULES, 0, ref_of(whole, 0).actions, 0, 1, SEEDS[:2], 2)   # a later deal's seed: refused
    with pytest.raises(DealCodeError, match="no more and no fewer"):
        encode(more)
    with pytest.raises(DealCodeError):
        DealRef.from_json({**ref_of(whole, 0).to_json(), "deal_seeds": [1, 2, 3, 4]})


def test_a_gj1_code_reads_as_before(whole):
    legacy = played(Match.new(7, RULES), until=1)
    ref = DealRef(RULES, 7, tuple(legacy.actions[:legacy.results[0].end_action]), 0, 3)
    code = encode(ref)
    assert code.startswith("GJ1:") and decode(code) == ref and ref.deal_seeds is None and ref.version == 1


def code_of(payload: bytes) -> str:
    raw = payload + zlib.crc32(payload).to_bytes(4, "big")
    return "GJ2:" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def header(deal: int = 0, seat: int = 0, first: int = 0, seeds: tuple[int, ...] = (5,), count: int = 0,
           rules: bytes = b"\x01") -> bytes:
    return rules + varint(deal) + varint(seat) + varint(first) + b"".join(varint(s) for s in seeds) + varint(count) \
        + b"\0\0\0\0"


@pytest.mark.parametrize("payload, words", [
    (header(deal=5), "names deal 6 of a match of 5"), (header(seat=6), "no seat 6"), (header(first=7), "no seat 7"),
    (header(seeds=(DEAL_SEED_LIMIT,)), "out of range"), (header(seeds=(2 ** 70,)), "longer than any code"),
    (header(deal=1, seeds=(5,)), "damaged"), (header(count=10 ** 9), "cannot have"),
    (header(deal=98, rules=b"\x0f" + varint(20) + b'{"series_length":99}', seeds=(1,) * 99, count=10 ** 6),
     "cannot have")])
def test_a_gj2_header_no_match_can_have_is_refused_before_any_replay(payload, words):
    with pytest.raises(DealCodeError) as refused:
        decode(code_of(payload))
    assert words in refused.value.en and refused.value.zh and refused.value.zh != refused.value.en


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200), st.integers(0, 120), st.sampled_from(SEATS))
@pytest.mark.slow
def test_any_gj2_payload_decodes_or_is_refused_in_words(tail, deal, first):
    for raw in (tail, header(deal=deal % 5, first=first, seeds=(deal,) * (deal % 5 + 1)) + tail):
        try:
            decode(code_of(raw))
        except DealCodeError as exc:
            assert exc.zh and exc.en
