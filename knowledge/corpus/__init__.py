"""The legal corpus: the five norms parsed into units with stable ids, wordings in force and history.

    >>> from knowledge.corpus import load_corpus
    >>> corpus = load_corpus()
    >>> corpus.unit("br-pr-pontal-do-parana/lei-1902-2018/art-9/par-3").text
    'Será concedida isenção da taxa de licença, …'

See README.md beside this file for the id scheme, the cleaning rules and the amendment model.
"""

from __future__ import annotations

from functools import lru_cache

from .loading import NORMS_DIR, build_corpus
from .models import (
    Annotation,
    AnnotationKind,
    Corpus,
    Norm,
    PathStep,
    TableRow,
    Unit,
    UnitKind,
    Version,
    VersionKind,
)


@lru_cache(maxsize=1)
def load_corpus() -> Corpus:
    """The corpus, parsed once per process from knowledge/norms/ (a few hundred ms)."""
    return build_corpus(NORMS_DIR)


__all__ = [
    "Annotation",
    "AnnotationKind",
    "Corpus",
    "Norm",
    "PathStep",
    "TableRow",
    "Unit",
    "UnitKind",
    "Version",
    "VersionKind",
    "build_corpus",
    "load_corpus",
]
