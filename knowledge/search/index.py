"""The search index: SQLite FTS5 (BM25 ranking) over article-level passages, built once in memory.

What happens to the law's text when the index is built:
  words are folded (no accents), OCR damage in the scanned norm is repaired word by word against the
  vocabulary of the clean norms (only through the letter confusions the scanner makes: "licenga" ->
  "licenca", "reparticbes" -> "reparticoes"), stop words are dropped and the rest is stemmed.
What happens to a question:
  the same folding; a word the corpus does not know is corrected to the nearest corpus word
  (RapidFuzz, one or two edits); the glossary adds the Portuguese forms of the concepts it names
  (English, pt-PT and pt-BR); the remaining words are stemmed and OR-ed, and FTS5 ranks with BM25.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from rapidfuzz import process
from rapidfuzz.distance import Hamming, Levenshtein

from knowledge.search.glossary import Glossary, load_glossary, load_stopwords
from knowledge.search.models import SearchHit
from knowledge.search.passages import Passage
from knowledge.search.snippets import asks_for_a_figure, make_snippet
from knowledge.search.text import WORD_RE, fold, stem, tokens

__all__ = ["SearchIndex", "QueryPlan", "OCR_CONFUSIONS", "OCR_ACCENT_CONFUSIONS", "OCR_SHAPE_CONFUSIONS"]

# (letter the scanner printed, letter meant), folded. Seen in Igarapava's OCR: ç read as g, ã/õ read
# as é, d or b ("cassacdo", "reparticbes"), ó/ô read as e or b ("imevel", "hipbtese"), á read as d
# ("alvard"), ú read as d or i ("andncio", "nimero"). These only stand for a letter that bears an
# accent or a cedilla: the scanner reads plain vowels right, so "fechadas" is not a misread
# "fachadas", "escala" not "escola", "legalizacao" not "localizacao" (each a real word the clean
# norms happen not to use).
OCR_ACCENT_CONFUSIONS = frozenset(
    {
        ("g", "c"), ("d", "a"), ("d", "o"), ("b", "o"), ("e", "a"), ("e", "o"), ("a", "o"), ("c", "e"),
        ("d", "u"), ("i", "u"),
    }
)
# Confusions of shape, wherever they are: o read as 6 or 0 ("6leo"), l read as 1, i, u or t and i read
# as l or 1 ("integraimente", "muita").
OCR_SHAPE_CONFUSIONS = frozenset(
    {("6", "o"), ("0", "o"), ("1", "l"), ("i", "l"), ("l", "i"), ("1", "i"), ("u", "l"), ("t", "l")}
)
OCR_CONFUSIONS = OCR_ACCENT_CONFUSIONS | OCR_SHAPE_CONFUSIONS

# BM25 weight of the heading column (article epigraph, título/capítulo/seção titles) against the
# body: a section called "Das bancas de jornais" says what every article in it is about.
_HEADING_WEIGHT = 2.0
_BODY_WEIGHT = 1.0
_ASKED_WEIGHT = 2


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


@dataclass(frozen=True)
class QueryPlan:
    """How a question was understood: shown by the benchmark and useful when a result surprises."""

    words: tuple[str, ...]
    corrections: dict[str, str] = field(default_factory=dict)
    concepts: tuple[str, ...] = ()
    asked: tuple[str, ...] = ()  # stems of the question's own words
    added: tuple[str, ...] = ()  # stems the glossary added

    @property
    def terms(self) -> tuple[str, ...]:
        return (*self.asked, *self.added)

    @property
    def fts_query(self) -> str:
        # FTS5's BM25 adds up one score per query phrase, so a stem written twice counts twice: the
        # citizen's own words weigh double against the words the glossary brought in, which
        # otherwise drown a precise question ("trailer ... som") in a concept's synonyms.
        phrases = [f'"{t}"' for t in self.asked for _ in range(_ASKED_WEIGHT)] + [f'"{t}"' for t in self.added]
        return " OR ".join(phrases)


class SearchIndex:
    def __init__(
        self,
        passages: Iterable[Passage],
        *,
        glossary: Glossary | None = None,
        stopwords: frozenset[str] | None = None,
    ) -> None:
        self._glossary = glossary or load_glossary()
        self._stopwords = stopwords if stopwords is not None else load_stopwords()
        self._passages: list[Passage] = list(passages)
        self._by_id = {p.unit_id: p for p in self._passages}
        words_of = {p.unit_id: tokens(p.text) for p in self._passages}
        heading_words_of = {p.unit_id: tokens(" ".join((*p.hierarchy, p.heading or ""))) for p in self._passages}

        clean = Counter(w for p in self._passages if not p.ocr for w in words_of[p.unit_id])
        ocr_words = {w for p in self._passages if p.ocr for w in (*words_of[p.unit_id], *heading_words_of[p.unit_id])}
        marked = _marked_letters(p.text for p in self._passages if not p.ocr)
        self.ocr_repairs: dict[str, str] = _ocr_repairs(ocr_words, clean, marked)

        def repaired(p: Passage, words: list[str]) -> list[str]:
            return [self.ocr_repairs.get(w, w) for w in words] if p.ocr else words

        vocabulary: Counter[str] = Counter()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._lock = threading.Lock()
        self._db.execute(
            "CREATE VIRTUAL TABLE passage USING fts5("
            "heading, body, unit_id UNINDEXED, norm_id UNINDEXED, jurisdiction UNINDEXED, part UNINDEXED, "
            "tokenize = 'unicode61 remove_diacritics 2')"
        )
        rows = []
        for p in self._passages:
            body = repaired(p, words_of[p.unit_id])
            heading = repaired(p, heading_words_of[p.unit_id])
            vocabulary.update(body)
            vocabulary.update(heading)
            # Each heading stem once: "público" in the título, the capítulo and the seção is one
            # fact about the article, not three (and the heading is repeated on every piece's row).
            heading_stems = " ".join(_unique(self._stems(heading).split()))
            rows.append((heading_stems, self._stems(body), p.unit_id, p.norm_id, p.jurisdiction, -1))
            for i, part in enumerate(p.parts):
                rows.append((heading_stems, self._stems(repaired(p, tokens(part))), p.unit_id, p.norm_id, p.jurisdiction, i))
        self._db.executemany(
            "INSERT INTO passage (heading, body, unit_id, norm_id, jurisdiction, part) VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )
        self._vocabulary = vocabulary
        self._stem_vocabulary = {stem(w) for w in vocabulary}
        self._known = set(vocabulary) | self._glossary.words() | self._stopwords
        self._law_words = frozenset(vocabulary)
        self._known_frozen = frozenset(self._known)
        # Candidates for typo correction: corpus words and the glossary's own forms (English too).
        self._candidates = sorted(
            {w for w in self._known if w.isalpha() and len(w) > 3 and w not in self._stopwords}
        )

    # --- building ----------------------------------------------------------------------------
    def _stems(self, words: list[str]) -> str:
        return " ".join(stem(w) for w in words if w not in self._stopwords)

    # --- querying ----------------------------------------------------------------------------
    @property
    def passages(self) -> tuple[Passage, ...]:
        return tuple(self._passages)

    def passage(self, unit_id: str) -> Passage:
        return self._by_id[unit_id]

    def law_words(self) -> frozenset[str]:
        """The folded words of the law's text (OCR repaired): a word here is the law's own."""
        return self._law_words

    def known_words(self) -> frozenset[str]:
        """The folded words of the law, the glossary and the stop words: a word here is no typo."""
        return self._known_frozen

    def plan(self, query: str) -> QueryPlan:
        words = tokens(query)
        corrections: dict[str, str] = {}
        corrected: list[str] = []
        for word in words:
            fixed = self._correct(word)
            if fixed != word:
                corrections[word] = fixed
            corrected.append(fixed)
        concepts, added = self._glossary.expand(corrected)
        asked = _unique(stem(w) for w in corrected if w not in self._stopwords)
        extra = _unique(stem(w) for w in added if w not in self._stopwords and stem(w) not in asked)
        return QueryPlan(tuple(words), corrections, tuple(concepts), tuple(asked), tuple(extra))

    def _correct(self, word: str) -> str:
        """The corpus word a mistyped question word most likely meant; the word itself if known."""
        # Short words are left alone: at one edit, most short Portuguese words are another word.
        if word in self._known or len(word) < 6 or not word.isalpha() or stem(word) in self._stem_vocabulary:
            return word
        max_edits = 1 if len(word) < 8 else 2
        found = process.extract(
            word, self._candidates, scorer=Levenshtein.distance, score_cutoff=max_edits, limit=25
        )
        # People rarely mistype the first letter; a candidate that differs there is another word
        # ("cidade" is not "idade", "revista" is not "prevista").
        found = [item for item in found if item[0][0] == word[0]]
        if not found:
            return word
        # Fewest edits first, then the word the law uses most.
        best = min(found, key=lambda item: (item[1], -self._vocabulary.get(item[0], 0), item[0]))
        return best[0]

    def search(
        self,
        query: str,
        *,
        jurisdiction: str | None = None,
        norm_id: str | None = None,
        limit: int = 5,
    ) -> list[SearchHit]:
        plan = self.plan(query)
        if not plan.terms or limit <= 0:
            return []
        # Each article is scored by its best row (the whole article or one of its parts). The CTE is
        # materialised because SQLite refuses bm25() inside an aggregate over a flattened subquery.
        where = "passage MATCH ?"
        params: list[object] = [_HEADING_WEIGHT, _BODY_WEIGHT, plan.fts_query]
        if jurisdiction is not None:
            where += " AND jurisdiction = ?"
            params.append(jurisdiction)
        if norm_id is not None:
            where += " AND norm_id = ?"
            params.append(norm_id)
        sql = (
            "WITH scored AS MATERIALIZED ("
            f"SELECT unit_id, part, bm25(passage, ?, ?) AS rank FROM passage WHERE {where}) "
            # SQLite gives a bare column the value of the row that holds the min(): the best piece.
            "SELECT unit_id, part, min(rank) AS best FROM scored GROUP BY unit_id ORDER BY best, unit_id LIMIT ?"
        )
        params.append(limit)
        with self._lock:
            rows = self._db.execute(sql, params).fetchall()
        wanted = set(plan.terms)
        figures = asks_for_a_figure(plan.words)
        hits = []
        for unit_id, part, rank in rows:
            passage = self._by_id[unit_id]
            repairs = self.ocr_repairs if passage.ocr else {}
            # The excerpt comes from the piece that matched best (one paragraph, inciso or table row),
            # unless none of the question's words is in it but in the caput: the words of a long
            # article's caput and other items would pull the window away from where the answer is.
            snippet, highlights = make_snippet(passage.part_bodies[part], wanted, repairs, figures=figures) \
                if part >= 0 else ("", ())
            if not highlights:
                snippet, highlights = make_snippet(passage.text, wanted, repairs, figures=figures)
            hits.append(
                SearchHit(
                    unit_id=unit_id,
                    norm_id=passage.norm_id,
                    jurisdiction=passage.jurisdiction,
                    label=passage.label,
                    heading=passage.heading,
                    hierarchy=passage.hierarchy,
                    text=passage.text,
                    snippet=snippet,
                    highlights=highlights,
                    score=round(-rank, 4),
                )
            )
        return hits


def _marked_letters(texts: Iterable[str]) -> dict[str, frozenset[int]]:
    """Folded word -> positions of its letters that bear an accent or a cedilla in the clean norms
    ("licenca" -> {5}, "imovel" -> {1}): where an accent confusion of the scanner can be."""
    marked: dict[str, set[int]] = {}
    for text in texts:
        for match in WORD_RE.finditer(text.lower()):
            original = match.group()
            folded = fold(original)
            if len(folded) != len(original):
                continue
            marked.setdefault(folded, set()).update(i for i, (a, b) in enumerate(zip(original, folded)) if a != b)
    return {word: frozenset(positions) for word, positions in marked.items()}


def _ocr_repairs(
    ocr_words: set[str], clean: Counter[str], marked: dict[str, frozenset[int]] | None = None
) -> dict[str, str]:
    """OCR word -> the clean-norm word it was meant to be, through known letter confusions only.

    A word is repaired only when the clean norms never use it, a clean word of the same length
    differs from it by scanner confusions alone (at most 2, or 3 in long words), each accent
    confusion falling on a letter the clean word writes with an accent or a cedilla (``marked``), and
    so the repair cannot turn one real word into another ("toldos" is never made "todos",
    "fechadas" never "fachadas").
    """
    marked = marked or {}
    by_length: dict[int, list[str]] = {}
    for word in clean:
        by_length.setdefault(len(word), []).append(word)
    repairs: dict[str, str] = {}
    for word in ocr_words:
        if word in clean or len(word) < 4 or word.isdigit():
            continue
        candidates = by_length.get(len(word))
        if not candidates:
            continue
        max_subs = 2 if len(word) < 10 else 3
        found = process.extract(word, candidates, scorer=Hamming.distance, score_cutoff=max_subs, limit=10)
        best: tuple[int, int, str] | None = None
        for candidate, distance, _ in found:
            accents = marked.get(candidate, frozenset())
            if all(
                (a, b) in OCR_SHAPE_CONFUSIONS or ((a, b) in OCR_ACCENT_CONFUSIONS and i in accents)
                for i, (a, b) in enumerate(zip(word, candidate))
                if a != b
            ):
                key = (distance, -clean[candidate], candidate)
                if best is None or key < best:
                    best = key
        if best is not None:
            repairs[word] = best[2]
    return repairs
