"""The README and the guides in docs/: every relative link reaches a file (and a heading, for
`#anchor`), the README stays short and keeps the test command CI runs, and every `contacts`
command shown in a shell block exists with the options it is shown with (asked of the built
binary's `--help`)."""

from __future__ import annotations

import re
import subprocess
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from harness.server import REPO, binary_path

DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
README_MAX_LINES = 250

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)


def prose(text: str) -> str:
    """The text without its fenced code blocks and inline code, where brackets are not links."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lowercased, inline markup and punctuation dropped,
    spaces to hyphens."""
    text = re.sub(r"[`*_]|!?\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading).strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    result = set()
    for heading in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


def relative_links(path: Path) -> list[str]:
    return [target for target in LINK.findall(prose(path.read_text(encoding="utf-8")))
            if not re.match(r"[a-z][a-z0-9+.-]*:", target, re.I)]


def broken_links(path: Path) -> list[str]:
    broken = []
    for target in relative_links(path):
        file_part, _, anchor = target.partition("#")
        destination = (path.parent / file_part).resolve() if file_part else path
        if not destination.exists():
            broken.append(f"{target}: no file {destination}")
        elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
            broken.append(f"{target}: {destination.name} has no heading #{anchor}")
        elif anchor and destination.suffix != ".md":
            broken.append(f"{target}: an anchor into a file that is not Markdown")
    return broken


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_reaches_a_file_and_a_heading(document):
    assert relative_links(document) or document.name != "README.md", "the README links to nothing"
    assert broken_links(document) == []


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path):
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other\n\n## The `contacts` command\n", encoding="utf-8")
    page.write_text("# Page\n\n[ok](other.md#the-contacts-command) [self](#page) `[not](a-link.md)`\n"
                    "[gone](missing.md) [nowhere](other.md#no-such-heading) [web](https://example.org/x)\n"
                    "```sh\n[not](in-code.md)\n```\n", encoding="utf-8")
    assert [b.split(":")[0] for b in broken_links(page)] == ["missing.md", "other.md#no-such-heading"]


def test_the_readme_fits_on_a_few_screens_and_keeps_the_test_command_ci_runs():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_MAX_LINES
    shell_lines = [line.strip() for block in re.findall(r"^```sh\n(.*?)^```", readme, re.S | re.M)
                   for line in block.splitlines()]
    assert "make test" in shell_lines
    assert "make test" in (REPO / ".ci" / "run").read_text(encoding="utf-8")


# -- the commands shown ----------------------------------------------------------------------------

GLOBAL_VALUE_OPTIONS = {"--data", "--database"}


def shown_commands(text: str) -> list[str]:
    """Every `contacts …` command the document shows: in its sh blocks (continuation lines joined,
    without a `sudo -u USER`, a path or an `echo … |` before it, comments and pipes after it) and
    in its inline code."""
    lines = [line for block in re.findall(r"^```sh\n(.*?)^```", text, re.S | re.M)
             for line in block.replace("\\\n", " ").splitlines()]
    lines += re.findall(r"`(contacts [^`]*)`", FENCE.sub("", text))
    commands = []
    for line in lines:
        line = re.sub(r"\s#.*$", "", line)
        line = re.sub(r"\[([^\]]*)\]", lambda m: m.group(1).replace("|", " "), line)
        line = re.sub(r"^\s*(echo|printf|cat)\b[^|]*\|", "", line)
        line = line.split(" | ")[0].split(" && ")[0]
        line = re.sub(r"^\s*(sudo -u \S+\s+)?(\S*/)?(?=contacts\b)", "", line).strip()
        if line.startswith("contacts ") or line == "contacts":
            commands.append(line)
    return commands


@cache
def known_commands() -> list[tuple[str, ...]]:
    result = subprocess.run([str(binary_path()), "--help"], capture_output=True, text=True, timeout=30)
    words = [tuple(m.group(1).split()) for m in re.finditer(r"^  ([a-z][a-z -]*?)\s{2,}\S", result.stdout, re.M)]
    assert words, result.stdout + result.stderr
    return sorted(words, key=len, reverse=True)


@cache
def options_of(words: tuple[str, ...]) -> str:
    result = subprocess.run([str(binary_path()), *words, "--help"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, f"contacts {' '.join(words)} --help: {result.stderr}"
    return result.stdout


def unknown_parts(command: str) -> list[str]:
    tokens = re.findall(r"--?[A-Za-z][\w-]*|[^\s\[\]|]+", command)[1:]
    while tokens and tokens[0] in GLOBAL_VALUE_OPTIONS:
        tokens = tokens[2:]
    if tokens in ([], ["--help"]) or tokens[0] in ("…", "COMMAND"):
        return []  # the whole program, or any command
    if tokens in (["--version"], ["version"]):
        answer = subprocess.run([str(binary_path()), *tokens], capture_output=True, text=True, timeout=30)
        return [] if answer.returncode == 0 and answer.stdout.strip() else [f"no {tokens[0]}"]
    words = next((w for w in known_commands() if tuple(tokens[:len(w)]) == w), None)
    if words is None:
        return [f"no command {' '.join(tokens[:3])!r}"]
    usage = options_of(words)
    return [option for option in tokens[len(words):] if option.startswith("--")
            and option not in GLOBAL_VALUE_OPTIONS and not re.search(re.escape(option) + r"(?![\w-])", usage)]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_command_shown_exists_with_its_options(document):
    problems = {command: unknown for command in shown_commands(document.read_text(encoding="utf-8"))
                if (unknown := unknown_parts(command))}
    assert problems == {}


def test_the_command_check_finds_a_command_or_option_that_does_not_exist():
    assert unknown_parts("contacts list --user alice --json") == []
    assert unknown_parts("contacts --data /tmp/x backup restore FILE") == []
    assert unknown_parts("contacts frobnicate --user alice") == ["no command 'frobnicate --user alice'"]
    assert unknown_parts("contacts list --user alice --colour") == ["--colour"]
