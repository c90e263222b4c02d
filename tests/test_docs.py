"""The documents a maintainer reads hold what the code says they hold: every
§N.M cited in the code, the tests, the lessons and the build names a heading
of the rules reference (docs/rules.md), and the README's links lead to files
that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CITED = re.compile(r"§(\d+(?:\.\d+)*)")
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", re.MULTILINE)
SOURCES = ["gouji", "bots", "tests", "assets", "build", "dev.py", "README.md", "docs"]
TEXTS = (".py", ".toml", ".md", ".txt")


def headings() -> set[str]:
    return set(HEADING.findall((ROOT / "docs" / "rules.md").read_text(encoding="utf-8")))


def citations() -> dict[str, list[str]]:
    """Section -> the files citing it."""
    found: dict[str, list[str]] = {}
    for source in SOURCES:
        path = ROOT / source
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.suffix in TEXTS]
        for file in files:
            for section in CITED.findall(file.read_text(encoding="utf-8", errors="replace")):
                found.setdefault(section, []).append(str(file.relative_to(ROOT)))
    return found


def test_the_rules_reference_has_every_section_0_to_10():
    assert {str(n) for n in range(11)} <= headings()


def test_every_section_cited_anywhere_is_a_heading_of_the_rules_reference():
    cited = citations()
    assert len(cited) > 20 and sum(len(files) for files in cited.values()) > 150
    missing = {section: sorted(set(files))[:3] for section, files in cited.items() if section not in headings()}
    assert not missing, f"cited but not in docs/rules.md: {missing}"


def test_the_readme_links_lead_to_files_that_exist():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = [target for target in re.findall(r"\]\(([^)#\s]+)", readme) if "://" not in target]
    assert links, "the README links its documents"
    assert [target for target in links if not (ROOT / target).exists()] == []
