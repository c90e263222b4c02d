"""gouji.cli.fidelity: how often the rollouts, holding the real cards, play a style's own move."""

import json

import pytest

from gouji.cli import fidelity
from gouji.engine.rules import RuleSet


def test_a_passive_table_is_played_truer_by_its_own_knobs_than_by_hard_s():
    figures = fidelity.measure("passive", 2, 1, RuleSet.preset("qingdao"))
    style, hard = figures["style_seats"], figures["hard_seats"]
    assert style["decisions"] > 50 and hard["decisions"] > 50
    assert style["own"] > style["hard"] + 0.15   # hard's knobs miss a passive player's passes
    assert hard["own"] == hard["hard"] > 0.85     # hard's seats: their own knobs are hard's


def test_a_hard_table_reads_the_same_with_every_source_but_the_reading():
    figures = fidelity.measure("hard", 1, 5, RuleSet.preset("qingdao"))
    for side in fidelity.SIDES:
        assert figures[side]["own"] == figures[side]["hard"]
        assert 0.0 <= figures[side]["read"] <= 1.0


def test_the_command_prints_one_line_per_style_and_refuses_an_unknown_one(capsys):
    assert fidelity.main(["--deals", "1", "--styles", "spender"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["style"] == "spender" and line["seeds"] == [1, 1]
    with pytest.raises(SystemExit) as refused:
        fidelity.main(["--styles", "normal,nope"])
    assert refused.value.code == 2 and "unknown style nope" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        fidelity.main(["--deals", "0"])
