"""RuleSet: every key of RULES §9, presets, validation, TOML."""

import dataclasses

import pytest

from gouji import RuleSet
from gouji.engine.rules import KEYS
from gouji.store.rules_file import load_rules, save_rules

SECTION_9_KEYS = {
    "deck", "bie_san", "hui_san", "first_lead", "later_lead", "mixed_jokers", "pass_exception",
    "chaos_rules", "burn_by_teammates", "kai_dian", "kai_dian_eligibility", "xuan_dian",
    "fanche_double", "tribute", "tribute_cards", "tribute_order", "return_must_match_rank",
    "tribute_between_teammates", "chuan_san_hu_tribute", "men_exempt_if_opposite", "scoring",
    "positives_only", "series_length", "revolution", "show_counts",
}


def test_every_key_of_section_9_exists_and_nothing_else():
    assert set(KEYS) == SECTION_9_KEYS


def test_rule_sets_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        RuleSet().deck = 196  # type: ignore[misc]


def test_presets_match_the_table():
    q, b, a = (RuleSet.preset(n) for n in ("qingdao", "basic", "app196"))
    assert q == RuleSet()
    assert (q.deck, q.bie_san, q.kai_dian, q.xuan_dian, q.tribute_order, q.show_counts) == (
        216, True, True, "ming", ("dian", "shao", "men", "luo"), "le10")
    assert (b.bie_san, b.kai_dian, b.xuan_dian, b.tribute_order, b.show_counts) == (
        False, False, "off", ("luo",), "always")
    assert a == q.replace(deck=196, tribute_cards="highest_any", burn_by_teammates=False)
    assert a.bie_san
    assert {r.preset_name() for r in (q, b, a)} == {"qingdao", "basic", "app196"}


def test_unknown_preset_is_named():
    with pytest.raises(ValueError, match="'tianjin'"):
        RuleSet.preset("tianjin")


@pytest.mark.parametrize("changes,fragment", [
    ({"deck": 200}, "'deck'"), ({"bie_san": "yes"}, "'bie_san'"),
    ({"series_length": 0}, "'series_length'"), ({"series_length": True}, "'series_length'"),
    ({"tribute_order": ["dian", "gift"]}, "'gift'"), ({"show_counts": "some"}, "'show_counts'"),
    ({"colour": "red"}, "'colour'"), ({"scoring": 42}, "'scoring'"),
    ({"tribute_order": ["luo", "luo"]}, "twice"),
])
def test_bad_keys_and_values_are_named(changes, fragment):
    with pytest.raises(ValueError) as info:
        RuleSet().replace(**changes)
    assert fragment in str(info.value)


def test_replace_returns_a_new_valid_rule_set():
    r = RuleSet.preset("basic").replace(deck=198, tribute_order=["luo", "dian"])
    assert r.deck == 198 and r.tribute_order == ("luo", "dian")
    assert RuleSet.preset("basic").deck == 216


def test_hui_san_conflicts_with_bie_san():
    with pytest.raises(ValueError, match="hui_san"):
        RuleSet().replace(hui_san=True)
    assert RuleSet().replace(bie_san=False, hui_san=True).hui_san


@pytest.mark.parametrize("name", ["qingdao", "basic", "app196"])
def test_toml_round_trip(name, tmp_path):
    rules = RuleSet.preset(name)
    assert RuleSet.from_toml(rules.to_toml()) == rules
    path = tmp_path / "rules.toml"
    save_rules(rules, path)
    assert load_rules(path) == rules


def test_partial_toml_keeps_defaults():
    assert RuleSet.from_toml("[rules]\ndeck = 198\n") == RuleSet().replace(deck=198)


@pytest.mark.parametrize("text,fragment", [
    ("[rules]\nfoo = 1\n", "'foo'"), ("[rules]\ndeck = 7\n", "'deck'"),
    ("[rules\n", "not valid TOML"), ("rules = 3\n", "must be a table"),
    ("[rules]\nmixed_jokers = \"both\"\n", "'mixed_jokers'"),
])
def test_bad_toml_is_named(text, fragment, tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as info:
        load_rules(path)
    assert fragment in str(info.value) and "rules.toml" in str(info.value)
