"""The documents a newcomer reads: a README a player can read, its Quick
start true to CI, and every cross-reference resolving inside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
SHIPPED = [p for folder in ("game", "tools", "tests") for p in sorted((ROOT / folder).rglob("*.py"))]


def test_the_readme_stays_short() -> None:
    assert len((ROOT / "README.md").read_bytes()) <= 15_000, "the README is for players: move details to docs/"


def test_the_quick_start_is_the_two_commands_ci_relies_on() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    assert commands == ["make play", "make test"]
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_link_between_documents_resolves() -> None:
    broken = []
    for doc in DOCS:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            if not (doc.parent / target).exists():
                broken.append(f"{doc.relative_to(ROOT)} → {target}")
    assert broken == []


def test_every_cited_rules_section_exists() -> None:
    rules = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^## (§\d+)\b", rules, flags=re.M))
    cited: dict[str, Path] = {}
    for path in SHIPPED + DOCS:
        for section in re.findall(r"RULES\.md (§\d+)", path.read_text(encoding="utf-8")):
            cited.setdefault(section, path.relative_to(ROOT))
    assert cited and {s: p for s, p in cited.items() if s not in sections} == {}


def test_no_code_cites_a_document_outside_the_repository() -> None:
    outside = re.compile(r"\b(SPEC(\.md)? §|PLATFORM\.md|STYLE\.md|\.\./shared/)")
    found = [str(p.relative_to(ROOT)) for p in SHIPPED + DOCS if outside.search(p.read_text(encoding="utf-8"))]
    assert found == []


def test_no_code_or_test_cites_an_issue_or_bug_number() -> None:
    """Code and tests cite docs/RULES.md sections: a tracker's numbers mean
    nothing to a reader of the repository, and go stale when it changes."""
    cited = re.compile(r"\bissues?\b|\bbugs? \d|(?<![\w&])#\d{1,5}\b", re.IGNORECASE)
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in [*TEXT_FILES, ROOT / ".ci" / "run", ROOT / "Makefile", ROOT / "pyproject.toml"]
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if cited.search(line)
    ]
    assert found == []


def text_files(*folders: str) -> list[Path]:
    """Every file of `folders` that reads as text (code, data, scripts), not only the Python."""
    found = []
    for path in sorted(p for folder in folders for p in (ROOT / folder).rglob("*") if p.is_file()):
        if "__pycache__" in path.parts:
            continue
        try:
            path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found.append(path)
    return found


TEXT_FILES = text_files("game", "tools", "tests")
