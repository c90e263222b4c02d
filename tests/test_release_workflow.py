"""The release workflow (.github/workflows/release.yml) cannot run here, so it is read:
it tests, builds and self-tests on Linux, Windows and macOS with the README's own
commands, names its artefacts by version and platform, and a version tag publishes
them with the changelog's notes. actionlint checks the rest (.ci/run). Also the
packing script it runs (build/package.py)."""

from __future__ import annotations

import os
import stat
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_release_version import ROOT, build_script

WORKFLOW: dict[Any, Any] = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
BUILD, RELEASE = WORKFLOW["jobs"]["build"], WORKFLOW["jobs"]["release"]
MATRIX: list[dict[str, str]] = BUILD["strategy"]["matrix"]["include"]
SYSTEMS = {"linux": "linux", "windows": "win32", "macos": "darwin"}   # platform tag -> sys.platform
package = build_script("package")


def runs(job: dict[str, Any]) -> list[str]:
    return [step.get("run", "") for step in job["steps"]]


def step_running(job: dict[str, Any], text: str) -> int:
    """The index of the one step whose command holds ``text``."""
    found = [i for i, command in enumerate(runs(job)) if text in command]
    assert len(found) == 1, f"{len(found)} steps run {text!r}"
    return found[0]


def uses(job: dict[str, Any], action: str) -> dict[str, Any]:
    [step] = [step for step in job["steps"] if step.get("uses", "").startswith(action + "@")]
    return step


def test_it_builds_on_linux_windows_and_macos_with_a_supported_python():
    assert BUILD["runs-on"] == "${{ matrix.os }}" and BUILD["strategy"]["fail-fast"] is False
    assert sorted(entry["os"].split("-")[0] for entry in MATRIX) == ["macos", "ubuntu", "windows"]
    assert sorted(entry["platform"] for entry in MATRIX) == ["linux-x64", "macos-arm64", "windows-x64"]
    assert uses(BUILD, "actions/setup-python")["with"]["python-version"] in ("3.11", "3.12")


def test_it_installs_with_the_readmes_command_and_runs_the_fast_lane_before_building():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'python3 dev.py test -m "not slow"' in readme
    tests = step_running(BUILD, 'python dev.py test -m "not slow"')
    assert tests < step_running(BUILD, "exe --dist dist/onedir")


def test_it_builds_the_one_folder_and_the_one_file_program_with_build_exe():
    assert "build_exe.py" in (ROOT / "dev.py").read_text(encoding="utf-8")   # what `dev.py exe` runs
    assert runs(BUILD)[step_running(BUILD, "exe --dist dist/onedir")] == "python dev.py exe --dist dist/onedir"
    assert runs(BUILD)[step_running(BUILD, "--onefile --dist")] == "python dev.py exe --onefile --dist dist/onefile"


def test_each_program_passes_its_selftest_headless_on_its_own_runner():
    index = step_running(BUILD, "--selftest")
    step = BUILD["steps"][index]
    assert step["env"]["SDL_VIDEODRIVER"] == "dummy" and step["env"]["SDL_AUDIODRIVER"] == "dummy"
    assert step["env"]["ONEDIR"] == "${{ matrix.onedir }}" and step["env"]["ONEFILE"] == "${{ matrix.onefile }}"
    assert 'for program in "$ONEDIR" "$ONEFILE"' in step["run"] and '"$program" --selftest' in step["run"]
    assert '"$program" --version' in step["run"]
    assert step_running(BUILD, "--onefile --dist") < index < step_running(BUILD, "build/package.py")
    for entry in MATRIX:   # the paths are where build_exe.py puts each program on that system
        system = SYSTEMS[entry["platform"].split("-")[0]]
        assert Path(entry["onedir"]) == package.executable(Path("dist/onedir"), False, system)
        assert Path(entry["onefile"]) == package.executable(Path("dist/onefile"), True, system)


def test_the_artefacts_are_named_by_version_and_platform():
    version_step = BUILD["steps"][step_running(BUILD, "python build/version.py")]
    assert version_step["id"] == "version" and "GITHUB_OUTPUT" in version_step["run"]
    packing = runs(BUILD)[step_running(BUILD, "build/package.py")]
    assert "--dist dist/onedir --out release" in packing and "--dist dist/onefile --onefile --out release" in packing
    upload = uses(BUILD, "actions/upload-artifact")["with"]
    assert upload["name"] == "gouji-${{ steps.version.outputs.version }}-${{ matrix.platform }}"
    assert upload["path"] == "release/*" and upload["if-no-files-found"] == "error"
    assert package.artefact_name("1.2.3", "windows-x64", False) == "gouji-1.2.3-windows-x64"
    assert package.artefact_name("1.2.3", "macos-arm64", True) == "gouji-1.2.3-macos-arm64-onefile"


def test_a_version_tag_publishes_the_artefacts_with_the_changelogs_section():
    triggers = WORKFLOW.get("on", WORKFLOW.get(True))   # YAML 1.1 reads a bare `on` as true
    assert triggers["push"] == {"tags": ["v*"]}
    assert RELEASE["if"] == "startsWith(github.ref, 'refs/tags/v')" and RELEASE["needs"] == "build"
    assert RELEASE["permissions"] == {"contents": "write"} and WORKFLOW["permissions"] == {"contents": "read"}
    assert uses(RELEASE, "actions/download-artifact")["with"] == {"pattern": "gouji-*", "path": "release",
                                                                   "merge-multiple": True}
    notes = step_running(RELEASE, "build/changelog_section.py")
    assert runs(RELEASE)[notes] == 'python build/changelog_section.py "$GITHUB_REF_NAME" > notes.md'
    publish = runs(RELEASE)[step_running(RELEASE, "gh release create")]
    assert notes < step_running(RELEASE, "gh release create")
    assert '"$GITHUB_REF_NAME" release/*' in publish and "--notes-file notes.md" in publish


def test_a_tag_that_is_not_pyprojects_version_stops_the_build():
    check = runs(BUILD)[step_running(BUILD, "python build/version.py")]
    assert '"$GITHUB_REF_NAME" != "v$version"' in check and "exit 1" in check


# ----- build/package.py ----------------------------------------------------------------------

@pytest.mark.parametrize("system, machine, tag", [
    ("linux", "x86_64", "linux-x64"), ("win32", "AMD64", "windows-x64"), ("darwin", "arm64", "macos-arm64"),
    ("linux", "aarch64", "linux-arm64")])
def test_the_platform_tag_names_the_system_and_processor(system, machine, tag):
    assert package.platform_tag(system, machine) == tag


def fake_build(dist: Path) -> Path:
    folder = dist / "gouji"
    (folder / "_internal").mkdir(parents=True)
    (folder / "_internal" / "base_library.zip").write_bytes(b"zip")
    program = folder / "gouji"
    program.write_bytes(b"\x7fELF")
    program.chmod(0o755)
    return folder


def test_a_linux_folder_build_is_packed_in_a_folder_of_the_releases_name_keeping_the_executable_bit(tmp_path):
    folder = fake_build(tmp_path / "dist")
    archive = package.pack(folder, tmp_path / "out" / "gouji-1.2.3-linux-x64.tar.gz", "gouji-1.2.3-linux-x64")
    with tarfile.open(archive) as tar:
        members = {member.name: member for member in tar.getmembers()}
    assert {"gouji-1.2.3-linux-x64/gouji", "gouji-1.2.3-linux-x64/_internal/base_library.zip"} <= set(members)
    assert members["gouji-1.2.3-linux-x64/gouji"].mode & stat.S_IXUSR


def test_a_windows_build_is_zipped_and_a_one_file_build_packed_alone(tmp_path):
    folder = fake_build(tmp_path / "dist")
    archive = package.pack(folder, tmp_path / "gouji-1.2.3-windows-x64.zip", "gouji-1.2.3-windows-x64")
    assert sorted(zipfile.ZipFile(archive).namelist()) == ["gouji-1.2.3-windows-x64/_internal/base_library.zip",
                                                           "gouji-1.2.3-windows-x64/gouji"]
    single = package.pack(folder / "gouji", tmp_path / "gouji-1.2.3-linux-x64-onefile.tar.gz", None)
    with tarfile.open(single) as tar:
        assert tar.getnames() == ["gouji"]


def test_packing_nothing_says_what_is_missing(tmp_path, capsys):
    assert package.main(["--dist", str(tmp_path), "--out", str(tmp_path / "out")]) == 1
    assert "does not exist" in capsys.readouterr().err and not (tmp_path / "out").exists()
    assert package.main(["--dist", "dist/onefile", "--onefile", "--executable"]) == 0
    assert capsys.readouterr().out.strip() == str(Path("dist/onefile") / ("gouji.exe" if os.name == "nt" else "gouji"))
