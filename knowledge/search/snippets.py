"""A short excerpt of a passage around the words a question matched, with their positions."""

from __future__ import annotations

from collections.abc import Mapping, Set

from knowledge.search.text import stem, word_spans

__all__ = ["make_snippet", "SNIPPET_WORDS"]

SNIPPET_WORDS = 32  # about two lines on a phone
_ELLIPSIS = "…"


def make_snippet(
    text: str, wanted: Set[str], repairs: Mapping[str, str] | None = None, *, size: int = SNIPPET_WORDS
) -> tuple[str, tuple[tuple[int, int], ...]]:
    """(excerpt, highlight spans) for the window of ``size`` words matching most wanted stems.

    ``repairs`` maps OCR-damaged words to what they mean, so "licenga" is highlighted for "licença".
    """
    repairs = repairs or {}
    spans = list(word_spans(text))
    if not spans:
        return text[:200], ()
    hit = [stem(repairs.get(word, word)) in wanted for _, _, word in spans]
    stems = [stem(repairs.get(word, word)) if h else None for (_, _, word), h in zip(spans, hit)]
    best_start, best_key = 0, (-1, -1)
    for start in range(0, max(1, len(spans) - size + 1)):
        window = stems[start : start + size]
        distinct = len({s for s in window if s})
        total = sum(1 for s in window if s)
        key = (distinct, total)
        if key > best_key:
            best_start, best_key = start, key
    # Start a little before the first matched word, so the sentence reads.
    in_window = [i for i in range(best_start, min(best_start + size, len(spans))) if hit[i]]
    first_hit = in_window[0] if in_window else best_start
    last_hit = in_window[-1] if in_window else best_start
    start = max(0, min(best_start, first_hit - 6))
    # ...and end a little after the last one, even if that makes the excerpt a few words longer.
    end = min(len(spans), max(start + size, last_hit + 4))
    char_start, char_end = spans[start][0], spans[end - 1][1]
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
