"""The game finds its assets the same way from a source checkout, a normal
(non-editable) ``pip install .``, and a PyInstaller build; the frozen build
passes its self-test and plays a deal in a real X window."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pygame
import pytest

from gouji.store.resources import AssetMissing, asset_path, asset_roots

pytestmark = pytest.mark.slow   # builds, kills, monkeys and real windows: the full lane only

ROOT = Path(__file__).resolve().parent.parent
FONT = ("fonts", "GoujiSansSC-Regular.otf")
PROBE = ("from gouji.store.resources import asset_path; import gouji; "
         "print(asset_path('fonts', 'GoujiSansSC-Regular.otf')); print(gouji.__file__)")


def test_source_checkout_finds_assets():
    path = asset_path(*FONT)
    assert path.is_file() and path.stat().st_size > 10_000
    assert any(root == ROOT / "assets" or (root / FONT[0] / FONT[1]).exists() for root in asset_roots())


def test_a_missing_asset_names_every_place_tried():
    with pytest.raises(AssetMissing) as info:
        asset_path("fonts", "nope.otf")
    assert str(info.value).count("nope.otf") == len(asset_roots()) + 1


def copy_of_the_tree(tmp_path: Path) -> Path:
    """The source tree without caches and builds: setuptools writes build/lib inside the tree it
    builds, so packaging tests build from a copy."""
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", "dist", "__pycache__", ".pytest_cache", ".hypothesis", "*.egg-info", ".mypy_cache",
        ".ruff_cache", "node_modules"))
    return source


def test_non_editable_install_finds_assets(tmp_path):
    source = copy_of_the_tree(tmp_path)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                    "--target", str(target), str(source)], check=True, capture_output=True)
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    font, package = Path(out[0]), Path(out[1])
    assert package.is_relative_to(target) and font.is_relative_to(target) and font.is_file()


def test_the_wheel_holds_every_asset_the_gouji_command_and_the_version(tmp_path):
    """What ``pip install .`` and ``pipx install .`` install: no build step, nothing left behind."""
    source = copy_of_the_tree(tmp_path)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                    str(tmp_path / "wheel"), str(source)], check=True, capture_output=True)
    [wheel] = (tmp_path / "wheel").glob("*.whl")
    version = pyproject_version()
    assert wheel.name == f"gouji-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = f"gouji-{version}.dist-info"
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
        metadata = archive.read(f"{info}/METADATA").decode()
    assets = {f"gouji/assets/{path.relative_to(ROOT / 'assets').as_posix()}" for path in (ROOT / "assets").rglob("*")
              if path.is_file() and "__pycache__" not in path.parts}
    assert {"gouji/assets/icon/gouji.ico", "gouji/assets/icon/gouji.icns", "gouji/assets/sounds/deal.wav",
            "gouji/assets/fonts/GoujiSansSC-Regular.otf", "gouji/assets/text/rules_en.txt"} <= assets
    assert sorted(assets - names) == []
    assert "[console_scripts]\ngouji = gouji.cli.main:main" in entry_points
    assert f"\nVersion: {version}\n" in metadata


@pytest.fixture(scope="module")
def frozen(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, str(ROOT / "build" / "build_exe.py"), "--dist", str(dist)],
                   check=True, capture_output=True)
    exe = dist / "gouji" / "gouji"
    assert exe.is_file() and os.access(exe, os.X_OK)
    return exe


def test_frozen_build_passes_its_selftest_from_anywhere(frozen, tmp_path):
    env = {**os.environ, "GOUJI_HOME": str(tmp_path / "home")}
    result = subprocess.run([str(frozen), "--selftest"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "assets: found" in result.stdout and "selftest ok" in result.stdout
    assert "rollouts in a worker process, as here" in result.stdout   # freeze_support lets the pool start
    version = subprocess.run([str(frozen), "--version"], capture_output=True, text=True)
    assert version.stdout.strip() == f"gouji {pyproject_version()}"
    assert not (tmp_path / "settings.toml").exists()  # nothing written beside the program
    icons = frozen.parent / "_internal" / "gouji" / "assets" / "icon"   # the window's and the menu entry's icon
    assert {path.name for path in icons.iterdir()} == {"gouji.png", "gouji.ico", "gouji.icns"}


def test_the_release_archive_unpacks_anywhere_and_its_program_passes_the_selftest(frozen, tmp_path):
    """What the release workflow ships: build/package.py packs the build, and the program
    unpacked from that archive elsewhere passes its self-test (as the workflow's step runs it)."""
    release = tmp_path / "release"
    subprocess.run([sys.executable, str(ROOT / "build" / "package.py"), "--dist", str(frozen.parent.parent),
                    "--out", str(release)], check=True, capture_output=True, text=True)
    archives = list(release.iterdir())
    assert len(archives) == 1 and archives[0].name.startswith(f"gouji-{pyproject_version()}-linux-")
    assert archives[0].name.endswith(".tar.gz")
    unpacked = tmp_path / "player"
    shutil.unpack_archive(archives[0], unpacked)
    program = unpacked / archives[0].name.removesuffix(".tar.gz") / "gouji"
    env = {**os.environ, "GOUJI_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([str(program), "--selftest"], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0 and "selftest ok" in result.stdout, result.stdout + result.stderr


def test_the_one_file_release_program_is_built_packed_and_passes_its_selftest(tmp_path):
    """The workflow's second program: build_exe.py --onefile, packed by build/package.py --onefile."""
    dist, release = tmp_path / "onefile", tmp_path / "release"
    subprocess.run([sys.executable, str(ROOT / "build" / "build_exe.py"), "--onefile", "--dist", str(dist)],
                   check=True, capture_output=True)
    subprocess.run([sys.executable, str(ROOT / "build" / "package.py"), "--dist", str(dist), "--onefile",
                    "--out", str(release)], check=True, capture_output=True, text=True)
    archives = list(release.iterdir())
    assert len(archives) == 1 and archives[0].name.endswith("-onefile.tar.gz")
    unpacked = tmp_path / "player"
    shutil.unpack_archive(archives[0], unpacked)
    programs = [p for p in unpacked.rglob("gouji") if p.is_file()]
    assert len(programs) == 1 and os.access(programs[0], os.X_OK)
    env = {**os.environ, "GOUJI_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([str(programs[0]), "--selftest"], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=180)
    assert result.returncode == 0 and "selftest ok" in result.stdout, result.stdout + result.stderr
    said = subprocess.run([str(programs[0]), "--version"], capture_output=True, text=True, timeout=60)
    assert said.stdout.strip() == f"gouji {pyproject_version()}"


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs xvfb-run (.ci/run installs it)")
def test_frozen_build_plays_a_deal_in_a_real_window(frozen, tmp_path):
    shot = tmp_path / "table.png"
    env = {**os.environ, "GOUJI_HOME": str(tmp_path / "home"), "SDL_AUDIODRIVER": "dummy"}
    env.pop("SDL_VIDEODRIVER", None)
    result = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", str(frozen), "--autoplay",
                             "--seed", "9", "--quit-after-deal", "--screenshot", str(shot)],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    from gouji.ui.model.layout import window_size
    width, height = image.get_size()
    assert (width, height) == window_size((1280, 800))   # sized to fit the screen, drawn at that size
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, width, 16) for y in range(0, height, 16)}
    assert len(colours) > 60


def pyproject_version() -> str:
    import tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_every_package_is_listed_in_pyproject():
    """A folder of code missing from [tool.setuptools] packages would be left out of an install."""
    import tomllib
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts) for top in ("gouji", "bots")
             for init in (ROOT / top).rglob("__init__.py")}
    assert found <= listed, f"not in pyproject.toml: {sorted(found - listed)}"
