"""The domain glossary (glossary.yml) and the stop words (stopwords.txt), loaded strictly.

A question is expanded with the Portuguese forms of every concept it names, in any language or
variant, so English and pt-PT questions reach Brazilian text and the other way round.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import yaml
from pydantic import BaseModel, ConfigDict, field_validator

from knowledge.search.text import tokens

__all__ = ["Concept", "Glossary", "UniqueKeyLoader", "load_glossary", "load_stopwords"]


class UniqueKeyLoader(yaml.SafeLoader):
    """A YAML loader that refuses a mapping with the same key twice (a silently lost concept)."""


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: set = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise ValueError(f"duplicate key {key!r} in glossary, line {key_node.start_mark.line + 1}")
        seen.add(key)
    return yaml.SafeLoader.construct_mapping(loader, node, deep)


UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


class Concept(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    en: tuple[str, ...] = ()
    pt: tuple[str, ...]

    @field_validator("en", "pt")
    @classmethod
    def _forms_have_words(cls, forms: tuple[str, ...]) -> tuple[str, ...]:
        for form in forms:
            if not tokens(form):
                raise ValueError(f"glossary form {form!r} has no word")
        return forms


class _GlossaryFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    concepts: dict[str, Concept]
    spellings: list[tuple[str, ...]] = []


class Glossary:
    """Finds the concepts a question names and the Portuguese words each one adds."""

    def __init__(self, concepts: dict[str, Concept], spellings: list[tuple[str, ...]]) -> None:
        self.concepts = concepts
        # folded word sequence -> names of the concepts that have it as a form
        self._forms: dict[tuple[str, ...], set[str]] = {}
        for name, concept in concepts.items():
            for form in (*concept.en, *concept.pt):
                self._forms.setdefault(tuple(tokens(form)), set()).add(name)
        self._longest = max((len(form) for form in self._forms), default=1)
        self._spellings: dict[str, set[str]] = {}
        for group in spellings:
            words = {word for form in group for word in tokens(form)}
            for word in words:
                self._spellings.setdefault(word, set()).update(words - {word})

    def words(self) -> set[str]:
        """Every folded word the glossary knows (so typo correction does not "fix" them)."""
        found = {word for form in self._forms for word in form}
        return found | set(self._spellings)

    def spans(self, words: list[str]) -> list[tuple[tuple[str, ...], list[str]]]:
        """(the question's words that name concepts, the concepts' names), longest forms first, as
        `expand` reads them: which words each concept's Portuguese words stand for."""
        found: list[tuple[tuple[str, ...], list[str]]] = []
        i = 0
        while i < len(words):
            for size in range(min(self._longest, len(words) - i), 0, -1):
                names = self._forms.get(tuple(words[i : i + size]))
                if names:
                    found.append((tuple(words[i : i + size]), sorted(names)))
                    i += size
                    break
            else:
                i += 1
        return found

    def portuguese(self, name: str) -> list[str]:
        """The folded Portuguese words a concept adds."""
        return [word for form in self.concepts[name].pt for word in tokens(form)]

    def expand(self, words: list[str]) -> tuple[list[str], list[str]]:
        """(concepts named, added Portuguese words) for a question's folded words.

        Longest forms win: "jet ski rental" names jet_ski and rent, not a "ski" on its own.
        """
        named: list[str] = []
        added: list[str] = []
        for _, names in self.spans(words):
            for name in names:
                if name not in named:
                    named.append(name)
                    added.extend(self.portuguese(name))
        for word in words:
            added.extend(sorted(self._spellings.get(word, ())))
        return named, added


@lru_cache
def load_glossary() -> Glossary:
    text = resources.files("knowledge.search").joinpath("glossary.yml").read_text(encoding="utf-8")
    data = _GlossaryFile.model_validate(yaml.load(text, Loader=UniqueKeyLoader))  # noqa: S506 (safe loader subclass)
    return Glossary(data.concepts, data.spellings)


@lru_cache
def load_stopwords() -> frozenset[str]:
    text = resources.files("knowledge.search").joinpath("stopwords.txt").read_text(encoding="utf-8")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )
