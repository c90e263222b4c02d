"""gouji.cli.judgetune: the expert's judgement with other weights, paired by seed against an opponent."""

from __future__ import annotations

import json

import pytest

from gouji.cli import judgetune


def test_a_change_that_alters_nothing_differs_by_exactly_zero_and_one_that_does_shows() -> None:
    result = judgetune.screen(7, 2, [{}, {"cost_two": 4.0}])
    same, dear = result["tries"]
    assert same["margin"] == result["base"]["margin"]
    assert same["margin_difference"] == 0.0 and same["margin_se"] == 0.0
    # 2s priced far above hard's: the judgement keeps them and plays differently
    assert dear["per_seed"] != result["base"]["per_seed"]
    assert [row[0] for row in dear["per_seed"]] == [7, 8]
    assert result["deals"] == 4 and result["opponent"] == "hard"


def test_workers_give_the_same_rows_as_one_process() -> None:
    one = judgetune.screen(11, 2, [{"rang_value": 0.8}], opponent="passive")
    two = judgetune.screen(11, 2, [{"rang_value": 0.8}], opponent="passive", workers=2)
    assert one == two


@pytest.mark.parametrize("text, words", [("foo=1", "not weight=value"), ("beat_value", "not weight=value"),
                                         ("beat_value=x", "not a number"), ("beat_value=nan", "finite"),
                                         ("worlds=2.5", "not a whole number"), ("stop_cards=0", "from 1 to"),
                                         ("worlds=100000", "from 1 to")])
def test_a_bad_change_is_refused_with_a_reason(text: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        judgetune.main(["--games", "2", "--try", text])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize("args", [["--games", "1"], ["--games", "10000000"], ["--workers", "0"],
                                  ["--games", "2", "--seed", "9223372036854775807"]])
def test_bad_counts_and_seeds_are_refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        judgetune.main(args)
    assert exit_.value.code == 2 and "Traceback" not in capsys.readouterr().err


def test_the_command_prints_the_table_and_writes_json(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "screen.json"
    assert judgetune.main(["--games", "2", "--seed", "3", "--try", "overshoot=0.25,break_cost=0.7",
                           "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "base as shipped" in text and "overshoot=0.25,break_cost=0.7" in text
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["tries"][0]["changes"] == {"overshoot": 0.25, "break_cost": 0.7}


def test_an_unwritable_json_path_is_refused_in_both_languages(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    assert judgetune.main(["--games", "2", "--json", str(tmp_path / "no" / "such" / "dir.json")]) == 2
    err = capsys.readouterr().err
    assert "无法写入" in err and "could not be written" in err
