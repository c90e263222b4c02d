#!/usr/bin/env python3
"""Pack a build into the file players download, named by version and platform:

    python build/package.py --dist dist/onedir --out release            # gouji-1.2.3-linux-x64.tar.gz
    python build/package.py --dist dist/onefile --onefile --out release # gouji-1.2.3-linux-x64-onefile.tar.gz
    python build/package.py --dist dist/onedir --executable             # prints the program to run

Windows and macOS get .zip files (what their file managers open), Linux .tar.gz (it keeps
the executable bit). A one-folder build is packed in a folder of the release's name;
macOS's one-folder build is Gouji.app, zipped with ``ditto`` so its links and signature
survive. Standard library only: the release workflow runs it outside the virtualenv.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

SYSTEMS = {"win32": "windows", "darwin": "macos", "linux": "linux"}
MACHINES = {"x86_64": "x64", "amd64": "x64", "arm64": "arm64", "aarch64": "arm64"}


def platform_tag(system: str = sys.platform, machine: str = platform.machine()) -> str:
    """"linux-x64", "windows-x64", "macos-arm64", ..."""
    return f"{SYSTEMS.get(system, system)}-{MACHINES.get(machine.lower(), machine.lower())}"


def artefact_name(version: str, tag: str, onefile: bool) -> str:
    return f"gouji-{version}-{tag}" + ("-onefile" if onefile else "")


def archive_suffix(system: str = sys.platform) -> str:
    return ".tar.gz" if system.startswith("linux") else ".zip"


def program(dist: Path, onefile: bool, system: str = sys.platform) -> Path:
    """What build_exe.py made in ``dist``: the single file, Gouji.app, or the folder."""
    if onefile:
        return dist / ("gouji.exe" if system == "win32" else "gouji")
    return dist / ("Gouji.app" if system == "darwin" else "gouji")


def executable(dist: Path, onefile: bool, system: str = sys.platform) -> Path:
    """The file to run in that build."""
    built = program(dist, onefile, system)
    if onefile:
        return built
    if system == "darwin":
        return built / "Contents" / "MacOS" / "gouji"
    return built / ("gouji.exe" if system == "win32" else "gouji")


def pack(built: Path, archive: Path, top: str | None) -> Path:
    """``built`` (a file or a folder) into ``archive``, under the folder ``top`` if given."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    inside = f"{top}/{built.name}" if top and built.is_file() else top or built.name
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive, "w:gz") as tar:   # links and modes kept as they are
            tar.add(built, arcname=inside)
    elif shutil.which("ditto") and not top:   # macOS's own zipper: keeps a bundle's links and signature
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(built), str(archive)], check=True)
    else:
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zip_file:
            files = [built] if built.is_file() else sorted(p for p in built.rglob("*") if p.is_file())
            for path in files:
                name = inside if path == built else f"{inside}/{path.relative_to(built).as_posix()}"
                zip_file.write(path, name)
    return archive


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, required=True, help="the folder build_exe.py built into")
    parser.add_argument("--onefile", action="store_true", help="it holds a one-file build")
    parser.add_argument("--out", type=Path, default=Path("release"), help="folder for the archive (default release/)")
    parser.add_argument("--executable", action="store_true", help="print the program to run and exit")
    args = parser.parse_args(argv)
    if args.executable:
        print(executable(args.dist, args.onefile))
        return 0
    built = program(args.dist, args.onefile)
    if not built.exists():
        print(f"package: nothing to pack: {built} does not exist (build it with build/build_exe.py)", file=sys.stderr)
        return 1
    # build/version.py: a script's own folder is on sys.path
    from version import project_version
    name = artefact_name(project_version(), platform_tag(), args.onefile)
    top = None if args.onefile or sys.platform == "darwin" else name
    archive = pack(built, args.out / (name + archive_suffix()), top)
    print(f"{archive} {archive.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
