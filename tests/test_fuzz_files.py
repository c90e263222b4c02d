"""The fuzz layer over the player's files (settings, rules, save, progress).

For every kind of file in ``KINDS`` — one entry per kind; a new file (the
history database, the learning progress) joins with one more — each way of
breaking it (empty, truncated, random bytes, wrong type at every key, unknown
keys, deep nesting, oversized, a folder, a named pipe, unreadable, a dangling
link) is tried on each start-up path (start, Continue, autoplay). The game must
start, show a message naming the file and the problem, keep the bad file aside
as ``….broken`` (byte for byte), and leave the player's other files identical.

The paths run in-process (SDL dummy driver); ``--autoplay --quit-after-deal``
also runs as a real program once per kind. Hypothesis drives the parsers.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gouji import Match, RuleSet
from gouji.store import files
from gouji.store.files import SAVE_LIMIT, TOML_LIMIT
from gouji.store.saves import dump, parse_save, save_path
from gouji.store.settings import Settings, parse_settings, rules_path, settings_path
from gouji.ui.scenes.table import TableScene
from gouji.ui.scenes.title import TitleScene

from ui_helpers import make_app

pytestmark = pytest.mark.slow   # fuzzing: CI runs it, the fast lane does not


@cache
def a_played_match() -> Match:
    match = Match.new(21, RuleSet.preset("basic"))
    rng = random.Random(21)
    for _ in range(40):
        match.apply(rng.choice(match.legal_actions()))
    return match


@dataclass(frozen=True)
class Kind:
    """One kind of the player's files."""
    name: str
    path: Callable[[], Path]      # where the game keeps it (under GOUJI_HOME)
    fmt: str                      # "toml" or "json": the structural breakages; anything else: only the generic ones
    good: Callable[[], str]       # the text of a good file
    limit: int                    # the size cap of its loader


KINDS = [
    Kind("settings", settings_path, "toml",
         lambda: tomli_w.dumps({"settings": asdict(Settings().replace(language="en", speed="slow", sound=False))}),
         TOML_LIMIT),
    Kind("rules", rules_path, "toml", lambda: RuleSet.preset("app196").replace(series_length=3).to_toml(), TOML_LIMIT),
    Kind("save", save_path, "json", lambda: dump(a_played_match()), SAVE_LIMIT),
]


# ----- the ways to break a file -------------------------------------------------------------
@dataclass(frozen=True)
class Breakage:
    name: str                      # e.g. "wrong type at settings.language"
    words: tuple[str, ...]         # the message must say one of these
    content: bytes | None = None   # the bad file's bytes, or None for a special file (see ``special``)
    special: str = ""              # "folder", "fifo", "unreadable", "dangling link"


def key_paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every key of every table (mapping) in a parsed document."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield prefix + (key,)
            yield from key_paths(inner, prefix + (key,))


def changed(doc: Any, path: tuple, value: Any, add: bool = False) -> Any:
    """A copy of ``doc`` with the key at ``path`` set to ``value`` (or a new key beside it)."""
    doc = json.loads(json.dumps(doc)) if not isinstance(doc, dict) else _copy(doc)
    table = doc
    for key in path[:-1]:
        table = table[key]
    table["gouji_no_such_key" if add else path[-1]] = value
    return doc


def _copy(doc: dict) -> dict:
    return {k: _copy(v) if isinstance(v, dict) else v for k, v in doc.items()}


WRONG = {"toml": [7, "x", True, 1.5, [1], {"a": 1}], "json": [None, 7, "x", True, 1.5, [1], {"a": 1}]}


def breakages(kind: Kind) -> list[Breakage]:
    good = kind.good()
    rng = random.Random(kind.name)
    cuts = sorted(rng.sample(range(1, len(good) - 1), 6))
    out = [Breakage("empty", ("empty",), b""), Breakage("blank", ("empty",), b"  \n\n")]
    for cut in cuts:
        if kind.fmt == "toml" and not good[cut:].split("\n", 1)[0].strip():
            continue   # a cut at a line's end leaves a shorter, valid file (a hand-written one may omit keys)
        out.append(Breakage(f"truncated at {cut}", ("TOML", "damaged", "empty", "must be", "bad value"),
                            good[:cut].encode()))
    for n in (16, 300, 5000):
        out.append(Breakage(f"{n} random bytes", ("UTF-8", "TOML", "damaged"), rng.randbytes(n)))
    out += [Breakage("oversized", ("too big",), good.encode() + (b"#" if kind.fmt == "toml" else b" ") * kind.limit),
            Breakage("a folder in its place", ("folder",), special="folder"),
            Breakage("a named pipe in its place", ("not an ordinary file",), special="fifo"),
            Breakage("unreadable", ("permission denied",), good.encode(), special="unreadable"),
            Breakage("a dangling link", ("link",), special="dangling link")]
    if kind.fmt in WRONG:
        out += structural(kind, good, rng)
    return out


def structural(kind: Kind, good: str, rng: random.Random) -> list[Breakage]:
    """Wrong type at every key, an unknown key in every table, deep nesting."""
    doc = tomllib.loads(good) if kind.fmt == "toml" else json.loads(good)
    dumps: Callable[[Any], str] = tomli_w.dumps if kind.fmt == "toml" else json.dumps
    out = []
    for path in key_paths(doc):
        old = _get(doc, path)
        wrong = [v for v in WRONG[kind.fmt] if type(v) is not type(old) and not (isinstance(old, list) and v == [1])]
        for value in rng.sample(wrong, 2):
            out.append(Breakage(f"wrong type at {'.'.join(path)}: {value!r}", (repr(path[-1]), path[-1]),
                                dumps(changed(doc, path, value)).encode()))
    tables = [()] + [p for p in key_paths(doc) if isinstance(_get(doc, p), dict)]
    for table in tables:
        out.append(Breakage(f"unknown key in {'.'.join(table) or 'the top level'}", ("gouji_no_such_key",),
                            dumps(changed(doc, table + ("x",), 1, add=True)).encode()))
    deep = 100_000 if kind.limit > deep_toml_size(100_000) else 20_000   # deep, yet under the size cap
    if kind.fmt == "toml":
        first = next(iter(doc))
        out += [Breakage("deep nesting", ("nested too deeply",), ("x = " + "[" * deep).encode()),
                Breakage("deep nesting in a table", ("nested too deeply",),
                         (f"[{first}]\nx = " + "[" * deep + "]" * deep + "\n").encode()),
                Breakage("a key of many dotted parts", ("dots",), ("a" + ".a" * 30_000 + " = 1\n").encode())]
    else:
        out += [Breakage("deep nesting", ("nested too deeply",), ("[" * deep).encode()),
                Breakage("deep nesting inside", ("nested too deeply",),
                         good.replace('"actions":[', '"actions":[' + "[" * deep, 1).encode())]
    return out


def deep_toml_size(depth: int) -> int:
    return 2 * depth + 20


def _get(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


CASES = [(kind, breakage) for kind in KINDS for breakage in breakages(kind)]


# ----- the player's home, before and after --------------------------------------------------
def snapshot(home: Path) -> dict[str, bytes | str]:
    """Every file under home: its bytes (a link: where it points; a folder or pipe: its kind)."""
    out: dict[str, bytes | str] = {}
    for path in sorted(home.rglob("*")):
        name = str(path.relative_to(home))
        if path.is_symlink():
            out[name] = "link to " + os.readlink(path)
        elif path.is_dir():
            out[name] = "folder"
        elif path.is_fifo():
            out[name] = "pipe"
        elif path.stat().st_mode & 0o777 == 0:
            out[name] = "unreadable"
        else:
            out[name] = path.read_bytes()
    return out


def lay_out(kind: Kind, breakage: Breakage, monkeypatch) -> Path:
    """Good files of every kind, then the broken one; returns its path."""
    for other in KINDS:
        other.path().parent.mkdir(parents=True, exist_ok=True)
        other.path().write_text(other.good(), encoding="utf-8")
    path = kind.path()
    path.unlink()
    if breakage.special == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("kept too")
    elif breakage.special == "fifo":
        os.mkfifo(path)
    elif breakage.special == "dangling link":
        path.symlink_to(path.parent / "gone" / "nowhere")
    else:
        path.write_bytes(breakage.content or b"")
    if breakage.special == "unreadable":
        unreadable(path, monkeypatch)
    return path


def unreadable(path: Path, monkeypatch) -> None:
    """chmod 000 where that stops us; as root (who reads anything) the refusal is simulated."""
    path.chmod(0)
    if os.geteuid() != 0:
        return
    real_open = os.open

    def refusing_open(name, flags, *args, **kwargs):
        if os.fspath(name) == str(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(name, flags, *args, **kwargs)
    monkeypatch.setattr(files.os, "open", refusing_open)


def check_kept_aside(path: Path, breakage: Breakage, before: dict, after: dict) -> None:
    aside = path.with_name(path.name + ".broken")
    name, aside_name = str(path.relative_to(HOME[0])), str(aside.relative_to(HOME[0]))
    assert not os.path.lexists(path), "the bad file is still in its place"
    assert aside_name in after, "the bad file was not kept aside"
    assert after.pop(aside_name) == before.pop(name), "the bad file was not kept byte for byte"
    for inner in [k for k in before if k.startswith(name + os.sep)]:     # a folder keeps what it held
        assert after.pop(inner.replace(name, aside_name, 1)) == before.pop(inner)
    assert after == before, "another of the player's files changed"


HOME: list[Path] = []


@pytest.fixture(scope="module", autouse=True)
def shared_fonts_and_art(display):
    """Hundreds of App starts here: one set of fonts and card art for all (loading them is
    not what is under test, and costs tens of milliseconds per start)."""
    from gouji.ui.shell import app
    fonts = app.Fonts()
    art = app.CardArt(fonts)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app, "Fonts", lambda: fonts)
        patch.setattr(app, "CardArt", lambda _fonts: art)
        yield


@pytest.fixture
def home(home) -> Path:
    """The test's home (conftest), also where the file kinds look."""
    HOME[:] = [home]
    return home


def message_of(app, kind: Kind) -> str:
    texts = [text for text in app.notices.texts("en") if kind.path().name in text]
    assert len(texts) == 1, f"no single message names {kind.path().name}: {app.notices.texts('en')}"
    return texts[0]


# ----- the start-up paths -------------------------------------------------------------------
def start(screen):
    app = make_app(screen)
    assert isinstance(app.scenes.top, TitleScene)
    return app


def continue_(screen):
    app = make_app(screen)
    button = app.scenes.top.buttons.by_key("continue")
    if button.enabled:
        button.on_click()
        assert isinstance(app.scenes.top, TableScene) and app.match.actions == a_played_match().actions
    return app


def autoplay(screen):
    app = make_app(screen, autoplay=True, quit_after_deal=True, seed=5)
    for _ in range(3):      # the table's logic (its drawing costs 20 ms a frame; the real runs below draw)
        app.scenes.top.update(1 / 60)
    assert isinstance(app.scenes.top, TableScene) and app.match.actions
    return app


PATHS = {"start": start, "continue": continue_, "autoplay": autoplay}


@pytest.mark.parametrize("path_name", PATHS)
@pytest.mark.parametrize("kind,breakage", CASES, ids=[f"{k.name}-{b.name}" for k, b in CASES])
def test_a_broken_file_is_named_kept_aside_and_the_game_starts(home, screen, monkeypatch, kind, breakage,
                                                               path_name):
    path = lay_out(kind, breakage, monkeypatch)
    before = snapshot(home)
    app = PATHS[path_name](screen)
    app.notices.draw(screen, app.fonts, "zh")    # painted over the scene (App.draw, tested elsewhere)
    text = message_of(app, kind)
    assert str(path) in text and any(word in text for word in breakage.words), text
    assert path.name + ".broken" in text
    monkeypatch.undo()
    check_kept_aside(path, breakage, before, snapshot(home))



# ----- the real program, once per kind -----------------------------------------------------------
REAL_RUNS = {"settings": "wrong type at settings:", "rules": "a folder in its place", "save": "deep nesting inside"}


def test_the_real_program_with_autoplay_reports_each_kind_and_plays_its_deal(tmp_path, monkeypatch):
    """``gouji --autoplay --quit-after-deal`` as a player would run it, the three kinds at once."""
    runs = []
    for kind in KINDS:
        breakage = next(b for b in breakages(kind) if b.name.startswith(REAL_RUNS.get(kind.name, "empty")))
        home = tmp_path / kind.name
        monkeypatch.setenv("GOUJI_HOME", str(home))
        path = lay_out(kind, breakage, monkeypatch)
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "GOUJI_HOME": str(home)}
        game = subprocess.Popen([sys.executable, "-m", "gouji", "--autoplay", "--quit-after-deal", "--seed", "3"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        runs.append((kind, breakage, home, path, snapshot(home), game))
    for kind, breakage, home, path, before, game in runs:
        out, err = game.communicate(timeout=180)
        assert game.returncode == 0, err
        assert str(path) in err and any(word in err for word in breakage.words) and "Traceback" not in err
        HOME[:] = [home]
        check_kept_aside(path, breakage, before, snapshot(home))


# ----- the parsers, driven by hypothesis ----------------------------------------------------------
PARSERS = {"settings": parse_settings, "rules": RuleSet.from_toml, "save": parse_save}
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20)
toml_values = st.recursive(
    st.booleans() | st.integers(-2**63, 2**63 - 1) | st.floats(allow_nan=False) | st.text(max_size=20)
    | st.datetimes(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20)


def refuses_only_in_words(parse: Callable[[str], Any], text: str) -> None:
    try:
        parse(text)
    except ValueError as exc:        # the one way a parser may refuse: a ValueError in words, short
        assert str(exc) and len(str(exc)) < 600


@pytest.mark.parametrize("name", PARSERS)
@FAST
@given(text=st.text(max_size=400))
def test_any_text_is_parsed_or_refused_in_words(name, text):
    refuses_only_in_words(PARSERS[name], text)


@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
@FAST
@given(data=st.data())
def test_any_value_at_any_key_is_parsed_or_refused_in_words(kind, data):
    """A good file with one value replaced (or a key added) by anything the format can hold."""
    good = kind.good()
    doc = tomllib.loads(good) if kind.fmt == "toml" else json.loads(good)
    paths = list(key_paths(doc))
    path = data.draw(st.sampled_from(paths))
    value = data.draw(toml_values if kind.fmt == "toml" else json_values)
    doc = changed(doc, path, value, add=data.draw(st.booleans()))
    text = tomli_w.dumps(doc) if kind.fmt == "toml" else json.dumps(doc)
    refuses_only_in_words(PARSERS[kind.name], text)


@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=600) | st.text(max_size=600).map(str.encode))
def test_the_loader_of_each_kind_never_raises_on_any_bytes(kind, content, tmp_path_factory):
    folder = tmp_path_factory.mktemp(kind.name)
    path = folder / kind.path().name
    path.write_bytes(content)
    value, problem = files.load_file(path, kind.limit, PARSERS[kind.name])
    assert (value is None) == (problem is not None) or (value is None and problem is None)
    if problem:
        assert str(path) in problem and (folder / (path.name + ".broken")).read_bytes() == content
    else:
        assert path.read_bytes() == content
