"""The Windows program is built without a console (build/gouji.spec), yet ``--selftest``
and ``--version`` still print: to the terminal that started it, or to a file a message
box names (gouji/console.py). Windows is faked here: ``sys.platform``, ``sys.frozen``
and a ``ctypes.windll`` that records its calls."""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gouji import console
from gouji.cli.main import main


class FakeWindows:
    """``ctypes.windll``: kernel32.AttachConsole answers ``attached``; every call is kept."""

    def __init__(self, attached: bool) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.kernel32 = SimpleNamespace(AttachConsole=self.record("AttachConsole", int(attached)))
        self.user32 = SimpleNamespace(MessageBoxW=self.record("MessageBoxW", 1))

    def record(self, name: str, answer: int):
        def call(*args: Any) -> int:
            self.calls.append((name, args))
            return answer
        return call


@pytest.fixture
def at_exit(monkeypatch) -> list[tuple[Any, ...]]:
    """What prepare_output leaves for the end of the program (not run inside the tests)."""
    registered: list[tuple[Any, ...]] = []
    monkeypatch.setattr(console.atexit, "register", lambda *call: registered.append(call))
    return registered


def windowed_program(monkeypatch, tmp_path: Path, attached: bool) -> FakeWindows:
    """A frozen Windows program started with no stdout and no stderr, in ``tmp_path``."""
    windll = FakeWindows(attached)
    monkeypatch.setattr(ctypes, "windll", windll, raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.chdir(tmp_path)
    return windll


@pytest.mark.parametrize("platform, frozen", [("linux", True), ("darwin", True), ("win32", False)])
def test_nothing_changes_but_in_a_frozen_windows_program(monkeypatch, tmp_path, at_exit, platform, frozen):
    monkeypatch.chdir(tmp_path)   # where a wrong CONOUT$ would be made
    windll = FakeWindows(attached=True)
    monkeypatch.setattr(ctypes, "windll", windll, raising=False)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "frozen", frozen, raising=False)
    monkeypatch.setattr(sys, "stdout", None)
    assert console.prepare_output() is None
    assert sys.stdout is None and windll.calls == [] and at_exit == []


def test_output_already_redirected_to_a_file_or_pipe_is_left_alone(monkeypatch, tmp_path, at_exit):
    windll = windowed_program(monkeypatch, tmp_path, attached=True)
    pipe = open(tmp_path / "pipe.txt", "w", encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", pipe)
    monkeypatch.setattr(sys, "stderr", pipe)
    assert console.prepare_output() is None
    assert sys.stdout is pipe and windll.calls == [] and at_exit == []
    pipe.close()


def test_started_from_a_terminal_it_prints_to_that_terminals_console(monkeypatch, tmp_path, at_exit):
    windll = windowed_program(monkeypatch, tmp_path, attached=True)
    assert console.prepare_output() is None
    assert windll.calls == [("AttachConsole", (console.ATTACH_PARENT_PROCESS,))] and at_exit == []
    assert sys.stdout.name == sys.stderr.name == "CONOUT$" and sys.stdout.encoding == "utf-8"
    sys.stderr.close()
    print("gouji 够级", flush=True)
    sys.stdout.close()
    # on Windows CONOUT$ is the console; here it is a file of that name in the current folder
    assert (tmp_path / "CONOUT$").read_text(encoding="utf-8") == "gouji 够级\n"


def test_without_a_terminal_the_output_goes_to_a_file_a_message_box_names(monkeypatch, tmp_path, home, at_exit):
    windll = windowed_program(monkeypatch, tmp_path, attached=False)
    late = console.prepare_output()
    assert late is not None and sys.stdout is late and sys.stderr is late
    assert at_exit == [(console.tell_where, late)]
    print("selftest ok", file=sys.stdout)
    print("and a warning", file=sys.stderr)
    output = home / "data" / "output.txt"   # beside crash.log, in the player's data folder
    assert output.read_text(encoding="utf-8") == "selftest ok\nand a warning\n"
    console.tell_where(late)
    [(name, (owner, text, title, kind))] = [call for call in windll.calls if call[0] == "MessageBoxW"]
    assert str(output) in text and title == "Gouji 够级" and owner is None and kind == console.MB_ICONINFORMATION


def test_a_run_that_prints_nothing_makes_no_file_and_no_message_box(monkeypatch, tmp_path, home, at_exit):
    windll = windowed_program(monkeypatch, tmp_path, attached=False)
    late = console.prepare_output()
    assert late is not None
    console.tell_where(late)
    assert not (home / "data" / "output.txt").exists()
    assert [name for name, _ in windll.calls] == ["AttachConsole"]


def test_an_unwritable_data_folder_sends_the_output_to_the_temporary_folder(monkeypatch, tmp_path, home, at_exit):
    windowed_program(monkeypatch, tmp_path, attached=False)
    home.mkdir()
    (home / "data").write_text("a file where the folder should be", encoding="utf-8")
    monkeypatch.setattr(console.tempfile, "gettempdir", lambda: str(tmp_path))
    late = console.prepare_output()
    assert late is not None
    late.write("hello\n")
    assert (tmp_path / "gouji-output.txt").read_text(encoding="utf-8") == "hello\n"
    assert late.path == tmp_path / "gouji-output.txt"
    late.close()


def test_no_windll_at_all_still_gives_a_file(monkeypatch, tmp_path, home, at_exit):
    windowed_program(monkeypatch, tmp_path, attached=False)
    monkeypatch.delattr(ctypes, "windll")
    late = console.prepare_output()
    assert late is not None
    late.write("x")
    console.tell_where(late)   # no message box to show: no error either
    assert (home / "data" / "output.txt").read_text(encoding="utf-8") == "x"


def test_gouji_version_double_clicked_writes_the_version_to_the_file(monkeypatch, tmp_path, home, at_exit):
    """The whole way through main(): argparse's --version lands in output.txt."""
    windowed_program(monkeypatch, tmp_path, attached=False)
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    from gouji.version import version
    assert (home / "data" / "output.txt").read_text(encoding="utf-8") == f"gouji {version()}\n"
    assert [call[0] for call in at_exit] == [console.tell_where]
    at_exit[0][1].close()
