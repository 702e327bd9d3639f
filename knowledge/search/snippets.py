"""A short excerpt of a passage around the words a question matched, with their positions."""

from __future__ import annotations

import re

from collections.abc import Iterable, Mapping, Set

from knowledge.search.text import stem, word_spans

__all__ = ["make_snippet", "asks_for_a_figure", "SNIPPET_WORDS"]

SNIPPET_WORDS = 32  # about two lines on a phone
_ELLIPSIS = "…"
_SENTENCE_END = frozenset(".;")
_CLOSING = frozenset(".;:)»”\"'")
_SENTENCE_REACH = 16  # words an excerpt may grow to finish its sentence

# "How many days…?", "qual a validade…?": the question wants a figure, so of two windows that match
# the question's words equally, the one with the number (and its unit) is the answer a citizen needs:
# "circo pode ficar qtos dias" should show "…não poderá ser superior a 45 (quarenta e cinco) dias".
_FIGURE_QUESTION = frozenset(
    "quanto quantos quanta quantas qto qtos qta qtas qnto qntos prazo validade vale duracao distancia "
    "largura altura tamanho idade maximo maxima minimo minima limite much many long far often big old "
    "wide tall".split()
)
# Words that make a stretch of law text a figure: units and the spelled-out numbers the laws write
# beside them ("45 (quarenta e cinco) dias", "um ano", "uma hora", "dois em dois anos"). A bare number
# is not enough: "Lei 428/2005" and "art. 13" are numbers too.
_FIGURE_WORDS = frozenset(
    "dois duas tres quatro cinco seis sete oito nove dez onze doze quinze vinte trinta quarenta "
    "cinquenta sessenta cem metade dobro ano anos mes meses dia dias hora horas minuto minutos metro metros "
    "centimetros quilometros km kw cv ufm ufib reais euros".split()
)
_NUMBER_WITH_UNIT = re.compile(r"\d+(m|m2|cm|km|kw|h|hs|horas?)")


def asks_for_a_figure(question_words: Iterable[str]) -> bool:
    """Whether a question (its folded words) asks how much, how many, how long, how far…"""
    return any(w in _FIGURE_QUESTION for w in question_words)


def _ends_sentence(text: str, at: int) -> bool:
    """A full stop or semicolon right after a word, then a space or the end ("n.º 1" goes on)."""
    return text[at:at + 1] in _SENTENCE_END and (at + 1 == len(text) or text[at + 1].isspace())


def _is_figure(word: str) -> bool:
    return word in _FIGURE_WORDS or _NUMBER_WITH_UNIT.fullmatch(word) is not None


def make_snippet(
    text: str, wanted: Set[str], repairs: Mapping[str, str] | None = None, *, size: int = SNIPPET_WORDS,
    figures: bool = False,
) -> tuple[str, tuple[tuple[int, int], ...]]:
    """(excerpt, highlight spans) for the window of ``size`` words matching most wanted stems.

    ``repairs`` maps OCR-damaged words to what they mean, so "licenga" is highlighted for "licença".
    With ``figures`` (the question asks for an amount) a window holding a figure counts one match more.
    """
    repairs = repairs or {}
    spans = list(word_spans(text))
    if not spans:
        return text[:200], ()
    hit = [stem(repairs.get(word, word)) in wanted for _, _, word in spans]
    stems = [stem(repairs.get(word, word)) if h else None for (_, _, word), h in zip(spans, hit)]
    figure = [_is_figure(word) for _, _, word in spans]
    best_start, best_key = 0, (-1, -1, False)
    for start in range(0, max(1, len(spans) - size + 1)):
        window = stems[start : start + size]
        has_figure = any(figure[start : start + size])
        distinct = len({s for s in window if s}) + (1 if figures and has_figure else 0)
        total = sum(1 for s in window if s)
        key = (distinct, total, has_figure)
        if key > best_key:
            best_start, best_key = start, key
    # Start a little before the first matched word, so the sentence reads.
    in_window = [i for i in range(best_start, min(best_start + size, len(spans))) if hit[i]]
    if figures:  # the figure that won the window is shown too
        in_window += [i for i in range(best_start, min(best_start + size, len(spans))) if figure[i]]
    first_hit = min(in_window) if in_window else best_start
    last_hit = max(in_window) if in_window else best_start
    start = max(0, min(best_start, first_hit - 6))
    # ...and end a little after the last one, even if that makes the excerpt a few words longer,
    # at the end of the sentence when it is near: a figure's condition often comes after it.
    end = min(len(spans), max(start + size, last_hit + 4))
    end = next((j + 1 for j in range(end - 1, min(len(spans), end + _SENTENCE_REACH)) if _ends_sentence(text, spans[j][1])), end)
    # From the very start, the text's own first characters are kept ("§ 1º", "— ").
    char_start, char_end = (0 if start == 0 else spans[start][0]), spans[end - 1][1]
    while char_end < len(text) and text[char_end] in _CLOSING:  # "…leilão." keeps its full stop
        char_end += 1
    prefix = _ELLIPSIS + " " if char_start > 0 else ""
    suffix = " " + _ELLIPSIS if char_end < len(text.rstrip()) else ""
    body = " ".join(text[char_start:char_end].split())
    # Positions are recomputed on the whitespace-normalised body.
    highlights: list[tuple[int, int]] = []
    offset = len(prefix)
    body_spans = list(word_spans(body))
    for (b_start, b_end, word) in body_spans:
        if stem(repairs.get(word, word)) in wanted:
            highlights.append((b_start + offset, b_end + offset))
    return prefix + body + suffix, tuple(highlights)
