import os
import sys

# Headless pygame for every UI test; must be set before pygame is imported.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(__file__))

import shutil
import tempfile

import pytest

# Settings and saves of tests go to a throwaway folder, never the user's (removed at the end).
_HOME = None if "GOUJI_HOME" in os.environ else tempfile.mkdtemp(prefix="gouji-tests-")
if _HOME is not None:
    os.environ["GOUJI_HOME"] = _HOME


def pytest_unconfigure(config):
    if _HOME is not None:
        shutil.rmtree(_HOME, ignore_errors=True)


@pytest.fixture(scope="session")
def display():
    import pygame
    pygame.init()
    yield pygame.display
    pygame.quit()


@pytest.fixture
def screen(display):
    """A 1280×800 window for each test (a test may resize it or go fullscreen)."""
    return display.set_mode((1280, 800))


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/golden/*.json from fresh seeded play (after a deliberate rules change)")


@pytest.fixture
def update_golden(request) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Each test plays in a player's folder of its own (``GOUJI_HOME``, returned): a setting or
    save left by one test (a language, a timer, a match) never changes the next."""
    folder = tmp_path / "home"
    monkeypatch.setenv("GOUJI_HOME", str(folder))
    return folder


@pytest.fixture
def cuts(monkeypatch) -> list[tuple[str, int]]:
    """Every cut any Fonts notes during the test (texts and the widths they missed): the text-fit tests."""
    from gouji.ui.draw.fonts import Fonts
    seen: list[tuple[str, int]] = []
    original = Fonts._cut

    def note(self: Fonts, text: str, width: int) -> None:
        seen.append((text, width))
        original(self, text, width)
    monkeypatch.setattr(Fonts, "_cut", note)
    return seen
