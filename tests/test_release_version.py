"""One version, written only in pyproject.toml: ``gouji --version``, the title screen, the
Windows version resource, the macOS Info.plist and the release files' names all say it;
and CHANGELOG.md has the section a release of it publishes as its notes
(build/changelog_section.py)."""

from __future__ import annotations

import importlib.util
import plistlib
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from gouji import version as version_module
from gouji.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
VERSION_FILE_PARTS = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
                      "VarFileInfo", "VarStruct")


def build_script(name: str) -> ModuleType:
    """A script of build/ as a module (build/ is no package)."""
    spec = importlib.util.spec_from_file_location(f"gouji_build_{name}", ROOT / "build" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


release = build_script("version")


def parse_version_file(text: str) -> dict[str, Any]:
    """PyInstaller reads the version file with eval(); here each structure becomes a tuple
    (name, args, kwargs), so the text is checked as the expression it is."""
    def structure(name: str):
        return lambda *args, **kwargs: (name, args, kwargs)
    info = eval(text, {"__builtins__": {}}, {name: structure(name) for name in VERSION_FILE_PARTS})
    assert info[0] == "VSVersionInfo"
    fixed, (strings, variables) = info[2]["ffi"], info[2]["kids"]
    table = strings[1][0][0]
    return {"fixed": fixed[2], "language": table[1][0], "strings": dict(item[1] for item in table[1][1]),
            "translation": dict([variables[1][0][0][1]])}


# ----- everything agrees ------------------------------------------------------------------

def test_gouji_version_says_pyprojects_version(capsys):
    version_module.version.cache_clear()
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out == f"gouji {VERSION}\n"


def test_the_title_screen_shows_pyprojects_version(screen):
    from ui_helpers import make_app
    app = make_app(screen)
    shown: list[str] = []
    render = app.fonts.render
    app.fonts.render = lambda text, *args, **kwargs: shown.append(text) or render(text, *args, **kwargs)
    app.to_title()
    app.draw()
    assert "版本 " + VERSION in shown   # the default language is Chinese


def test_the_programs_metadata_and_the_release_files_say_pyprojects_version():
    assert release.project_version() == VERSION
    parsed = parse_version_file(release.windows_version_file(release.project_version()))
    assert parsed["strings"]["ProductVersion"] == parsed["strings"]["FileVersion"] == VERSION
    plist = release.info_plist(release.project_version())
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == VERSION
    package = build_script("package")
    assert package.artefact_name(release.project_version(), "linux-x64", False) == f"gouji-{VERSION}-linux-x64"
    # what the release workflow runs to name its artefacts
    printed = subprocess.run([sys.executable, str(ROOT / "build" / "version.py")], capture_output=True, text=True)
    assert printed.returncode == 0 and printed.stdout == f"{VERSION}\n"


def test_no_other_file_writes_a_version_number_down():
    """A second copy of the version would go stale at the next release: only pyproject.toml
    and the changelog name it (examples use X.Y.Z or another number)."""
    written = re.compile(rf"(?<![\w.]){re.escape(VERSION)}(?![\w.])")
    places = [ROOT / "README.md", ROOT / "dev.py", *(path for folder in ("gouji", "bots", "build", "tests", ".github")
                                                       for path in (ROOT / folder).rglob("*")
                                                       if path.suffix in (".py", ".md", ".toml", ".yml", ".spec"))]
    assert len(places) > 100
    found = [str(path.relative_to(ROOT)) for path in places if written.search(path.read_text(encoding="utf-8"))]
    assert found == []


def test_a_checkout_reads_pyproject_even_when_the_installed_metadata_is_older(monkeypatch):
    monkeypatch.setattr(version_module.metadata, "version", lambda name: "0.0.1")
    version_module.version.cache_clear()
    try:
        assert version_module.version() == VERSION   # an editable install not yet reinstalled
    finally:
        version_module.version.cache_clear()


def test_without_this_games_pyproject_the_installed_metadata_is_read(tmp_path, monkeypatch):
    other = tmp_path / "pyproject.toml"
    monkeypatch.setattr(version_module.metadata, "version", lambda name: "7.8.9")
    for text in ('[project]\nname = "other"\nversion = "1.0"\n', "not toml [", '[project]\nname = "gouji"\n',
                 'project = "gouji"\n'):
        other.write_text(text, encoding="utf-8")
        assert version_module.checkout_version(other) is None
    assert version_module.checkout_version(tmp_path / "missing.toml") is None
    assert version_module.installed_version() == "7.8.9"


# ----- what each system is told ------------------------------------------------------------

def test_the_windows_version_file_names_the_game_its_makers_and_version():
    parsed = parse_version_file(release.windows_version_file("1.4.2"))
    assert parsed["strings"] == {
        "CompanyName": "the Gouji authors", "FileDescription": "Gouji 够级", "FileVersion": "1.4.2",
        "InternalName": "gouji", "LegalCopyright": "© 2026 the Gouji authors", "OriginalFilename": "gouji.exe",
        "ProductName": "Gouji 够级", "ProductVersion": "1.4.2"}
    assert parsed["fixed"]["filevers"] == parsed["fixed"]["prodvers"] == (1, 4, 2, 0)
    # US English, Unicode
    assert parsed["language"] == "040904B0" and parsed["translation"] == {"Translation": [1033, 1200]}


def test_the_version_file_is_written_as_utf8(tmp_path):
    path = release.write_windows_version_file(tmp_path, "2.0.0")
    text = path.read_bytes().decode("utf-8")
    assert text.startswith("# UTF-8") and "© 2026" in text and path.parent == tmp_path


@pytest.mark.parametrize("version, numbers", [("1.2.3", (1, 2, 3, 0)), ("3", (3, 0, 0, 0)),
                                              ("1.10.0rc1", (1, 10, 0, 0)), ("1.2.3.4", (1, 2, 3, 4))])
def test_versions_become_the_four_numbers_windows_wants(version, numbers):
    assert release.numeric(version) == numbers


def test_a_version_without_a_number_is_refused():
    with pytest.raises(ValueError, match="does not start with a number"):
        release.numeric("dev")


def test_the_macos_info_plist_makes_an_app_named_gouji():
    plist = release.info_plist("1.10.0rc1")
    assert plist["CFBundleName"] == "Gouji" and plist["CFBundleDisplayName"] == "Gouji 够级"
    assert plist["CFBundleIdentifier"] == "io.github.gouji"
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == "1.10.0"   # three numbers only
    assert plist["NSHighResolutionCapable"] is True   # drawn at the Retina screen's real pixels
    assert re.fullmatch(r"\d+\.\d+", str(plist["LSMinimumSystemVersion"]))
    assert plistlib.loads(plistlib.dumps(plist)) == plist   # a valid property list


# ----- the changelog ----------------------------------------------------------------------

changelog = build_script("changelog_section")
SAMPLE = """# Changelog

## [Unreleased]

## [1.1.0] - 2027-01-02

### Fixed
- a thing

## [1.0.0] - 2026-12-03

### Added
- everything

[1.1.0]: https://example.org/compare/v1.0.0...v1.1.0
"""


def test_a_versions_section_runs_to_the_next_heading_or_the_links():
    assert changelog.section(SAMPLE, "1.1.0") == "### Fixed\n- a thing"
    assert changelog.section(SAMPLE, "v1.0.0") == "### Added\n- everything"   # a tag names it with a v


@pytest.mark.parametrize("version, words", [("2.0.0", "no section for 2.0.0"), ("Unreleased", "is empty"),
                                            ("1.0", "no section for 1.0")])
def test_a_missing_or_empty_section_is_an_error(version, words):
    with pytest.raises(changelog.NoSection, match=words):
        changelog.section(SAMPLE, version)


def test_the_changelog_has_notes_for_this_version_under_unreleased():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert headings[0] == "[Unreleased]"
    assert re.fullmatch(rf"\[{re.escape(VERSION)}\] - \d{{4}}-\d{{2}}-\d{{2}}", headings[1])
    notes = changelog.section(text, VERSION)
    assert "### Added" in notes and len(notes.splitlines()) > 10


def test_the_script_prints_the_notes_or_says_why_not(tmp_path, capsys):
    path = tmp_path / "CHANGELOG.md"
    path.write_text(SAMPLE, encoding="utf-8")
    assert changelog.main(["v1.1.0", "--changelog", str(path)]) == 0
    assert capsys.readouterr().out == "### Fixed\n- a thing\n"
    assert changelog.main(["9.9.9", "--changelog", str(path)]) == 1
    assert "no section for 9.9.9" in capsys.readouterr().err
    assert changelog.main(["1.0.0", "--changelog", str(tmp_path / "none.md")]) == 1
