#!/usr/bin/env python3
"""The game's version, read from pyproject.toml (the only place it is written), and
what the executables carry of it: Windows' version resource and macOS's Info.plist.

    python build/version.py    # prints the version, e.g. 1.2.3 (the release workflow names its artefacts with it)

build_exe.py writes the Windows version file into PyInstaller's work folder at build
time; gouji.spec takes the Info.plist from ``info_plist()``. Tests check both.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "Gouji"
DISPLAY_NAME = "Gouji 够级"
DESCRIPTION = "Gouji 够级 — the card game of Qingdao"
AUTHORS = "the Gouji authors"
COPYRIGHT = f"© 2026 {AUTHORS}"
BUNDLE_ID = "io.github.gouji"
MACOS_MINIMUM = "11.0"     # the oldest macOS the arm64 Python and pygame-ce wheels run on


def project_version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    return str(tomllib.loads(pyproject.read_text("utf-8"))["project"]["version"])


def numeric(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows and macOS want: "1.2.3" -> (1, 2, 3, 0); a suffix such as
    "rc1" is dropped. ValueError for a version that does not start with a number."""
    match = re.match(r"(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?", version)
    if not match:
        raise ValueError(f"version {version!r} does not start with a number")
    a, b, c, d = (int(part or 0) for part in match.groups())
    return a, b, c, d


def windows_version_file(version: str) -> str:
    """PyInstaller's version file (a VSVersionInfo expression) for gouji.exe: what Explorer's
    Properties → Details and the Task Manager show."""
    numbers = numeric(version)
    strings = {"CompanyName": AUTHORS, "FileDescription": DISPLAY_NAME, "FileVersion": version,
               "InternalName": "gouji", "LegalCopyright": COPYRIGHT, "OriginalFilename": "gouji.exe",
               "ProductName": DISPLAY_NAME, "ProductVersion": version}
    table = ",\n          ".join(f"StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return f"""# UTF-8
# Made by build/version.py from pyproject.toml; PyInstaller writes it into gouji.exe.
VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
          {table}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def write_windows_version_file(folder: Path, version: str) -> Path:
    path = folder / "version_info.txt"
    path.write_text(windows_version_file(version), encoding="utf-8")
    return path


def info_plist(version: str) -> dict[str, str | bool]:
    """The Info.plist keys of Gouji.app (PyInstaller fills in the rest: executable, icon, ...)."""
    short = ".".join(str(n) for n in numeric(version)[:3])   # macOS wants three numbers here
    return {"CFBundleName": NAME, "CFBundleDisplayName": DISPLAY_NAME, "CFBundleIdentifier": BUNDLE_ID,
            "CFBundleShortVersionString": short, "CFBundleVersion": short,
            "NSHumanReadableCopyright": COPYRIGHT, "NSHighResolutionCapable": True,
            "LSMinimumSystemVersion": MACOS_MINIMUM, "LSApplicationCategoryType": "public.app-category.card-games"}


if __name__ == "__main__":
    print(project_version())
    sys.exit(0)
