"""``python -m gouji.server``: a wrong flag is told in words with exit code 2,
never a traceback; the flags become the host's and the tables' settings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gouji.net.cli import config_of, main, open_tables, parser
from gouji.net.host import Host
from gouji.net.room import RoomConfig

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("argv, words", [
    (["--port", "abc"], "the port must be a whole number"),
    (["--port", "70000"], "from 0 to 65535"),
    (["--rules", "house"], "invalid choice: 'house'"),
    (["--bots", "genius"], "invalid choice: 'genius'"),
    (["--room", "OOOOO"], "a room code is 5 characters"),
    (["--deals", "0"], "--deals must be a whole number from 1 to 99"),
    (["--bot-delay", "nan"], "expected a number of seconds"),
    (["--move-seconds", "-3"], "--move-seconds must be"),
    (["--title", "x" * 50], "at most 40 characters"),
    (["--fly"], "unrecognized arguments: --fly"),
])
def test_a_wrong_flag_gets_words_and_exit_code_2(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_state_dir_that_is_a_file_is_refused(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SystemExit) as exit_info:
        main(["--state-dir", str(blocker)])
    assert exit_info.value.code == 2 and "is not a folder" in capsys.readouterr().err


def test_the_flags_become_the_tables_settings(tmp_path):
    args = parser().parse_args(["--rules", "basic", "--deals", "3", "--bots", "easy", "--room", "k7m-2q",
                                "--move-seconds", "20", "--tables", "2", "--seed", "9", "--state-dir",
                                str(tmp_path), "--autostart", "2"])
    host = Host(config_of(args, "secret"))
    codes = open_tables(host, args)
    assert codes[0] == "K7M2Q" and len(codes) == 2
    assert host.tables["K7M2Q"].room.config == RoomConfig("basic", 3, "easy", 20)
    assert host.tables["K7M2Q"].room.seed == 9 and host.config.autostart == 2
    again = Host(config_of(args, "secret"))          # the same state folder: the same tables, kept
    assert set(open_tables(again, args)) == set(codes) and len(again.tables) == 2


@pytest.mark.slow
def test_the_module_runs_as_a_program():
    done = subprocess.run([sys.executable, "-m", "gouji.server", "--deals", "x"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "--deals must be" in done.stderr and "Traceback" not in done.stderr
