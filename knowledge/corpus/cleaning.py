"""Page furniture removal: what the printer, the web portal or the scanner added to the law.

Every rule matches whole lines (furniture always sits on lines of its own in our seeds, even when it
falls in the middle of a sentence: the sentence goes on on the next kept line). A rule names what it
removes, so tests can check each kind separately and that nothing else was dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# PDF text extraction writes U+FFFE where a hyphenated word was split across lines ("salva￾vidas",
# "verificando￾se"); in all five seeds it stands for a real hyphen.
LINE_JOIN_HYPHEN = "\ufffe"


@dataclass(frozen=True)
class FurnitureRule:
    name: str
    pattern: re.Pattern[str]

    def matches(self, line: str) -> bool:
        return bool(self.pattern.fullmatch(line.strip()))


def rule(name: str, regex: str, flags: int = 0) -> FurnitureRule:
    return FurnitureRule(name, re.compile(regex, flags))


@dataclass
class CleanedText:
    lines: list[str]  # kept lines, stripped, blank lines dropped
    removed: list[tuple[str, str]] = field(default_factory=list)  # (rule name, line as printed)

    def removed_by(self, name: str) -> list[str]:
        return [line for rule_name, line in self.removed if rule_name == name]


def normalise_characters(text: str) -> str:
    text = text.replace(LINE_JOIN_HYPHEN, "-")
    text = text.replace("\u00a0", " ").replace("\r\n", "\n")
    return text


def remove_furniture(text: str, rules: list[FurnitureRule]) -> CleanedText:
    kept: list[str] = []
    removed: list[tuple[str, str]] = []
    for line in normalise_characters(text).split("\n"):
        stripped = line.strip()
        if not stripped:
            continue
        for r in rules:
            if r.matches(stripped):
                removed.append((r.name, stripped))
                break
        else:
            kept.append(stripped)
    return CleanedText(kept, removed)


_SPACES = re.compile(r"\s+")


def join_lines(lines: list[str]) -> str:
    """Join the wrapped lines of one unit into a paragraph with single spaces."""
    return _SPACES.sub(" ", " ".join(lines)).strip()


def squash(text: str) -> str:
    return _SPACES.sub(" ", text).strip()
