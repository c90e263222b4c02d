#!/usr/bin/env python3
"""Print one version's section of CHANGELOG.md: the release notes of a GitHub release.

    python build/changelog_section.py 1.2.3      # or v1.2.3, as a tag names it
    python build/changelog_section.py 1.2.3 --changelog OTHER.md

The section is everything under its heading ``## [1.2.3] - 2027-01-02`` up to the next
``## `` heading or the link list at the end (Keep a Changelog's form). A version with no
section, or an empty one, is an error (exit 1): a release is not made without notes.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
END = re.compile(r"^(## |\[[^\]]+\]:\s)")   # the next section, or a link definition


class NoSection(LookupError):
    pass


def section(text: str, version: str) -> str:
    """The body of ``version``'s section, without its heading, stripped."""
    version = version.removeprefix("v")
    heading = re.compile(rf"^## \[?{re.escape(version)}\]?(\s|$)")
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if heading.match(line)), None)
    if start is None:
        raise NoSection(f"CHANGELOG.md has no section for {version} (a heading '## [{version}] - YYYY-MM-DD')")
    body: list[str] = []
    for line in lines[start + 1:]:
        if END.match(line):
            break
        body.append(line)
    notes = "\n".join(body).strip()
    if not notes:
        raise NoSection(f"the section for {version} in CHANGELOG.md is empty")
    return notes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("version", help="a version such as 1.2.3, or a tag such as v1.2.3")
    parser.add_argument("--changelog", type=Path, default=ROOT / "CHANGELOG.md", help="default: CHANGELOG.md")
    args = parser.parse_args(argv)
    try:
        print(section(args.changelog.read_text(encoding="utf-8"), args.version))
    except (OSError, NoSection) as exc:
        print(f"changelog_section: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
