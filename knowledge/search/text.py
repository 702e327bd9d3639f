"""How words are compared: accent folding, tokenising and Portuguese stemming.

The same analysis runs on the law's text when the index is built and on the citizen's question, so
"licença", "licenca", "LICENÇAS" and "licencas" all meet on one stem. Stemming is Snowball's
Portuguese stemmer; it is applied after folding (people type without accents), with a few folded
plural endings rewritten first because the stemmer only recognises them with their accents
("embarcacoes" must meet "embarcação").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

import snowballstemmer
from unidecode import unidecode

__all__ = ["WORD_RE", "fold", "tokens", "stem", "word_spans"]

# Words are runs of letters and digits; a hyphen inside a word ("salva-vidas", "contra-ordenação")
# splits it, which is what a citizen typing either form needs.
WORD_RE = re.compile(r"[0-9A-Za-zÀ-ÖØ-öø-ÿ]+")

_stemmer = snowballstemmer.stemmer("portuguese")

# Folded endings the Snowball stemmer only recognises with their accents: "sinalizacao" must stem
# like "sinalização", "embarcacoes" like "embarcações". The accent is put back, then stemmed.
_FOLDED_ENDINGS = (("coes", "ções"), ("cao", "ção"), ("oes", "ões"), ("aes", "ães"), ("ao", "ão"))


def fold(text: str) -> str:
    """Lower case, without accents or cedillas ("Licença Náutica" -> "licenca nautica")."""
    return unidecode(text).lower()


def tokens(text: str) -> list[str]:
    """The folded words of a text, in order."""
    return WORD_RE.findall(fold(text))


def word_spans(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, folded word) for each word of the original text, for highlighting."""
    for match in WORD_RE.finditer(text):
        yield match.start(), match.end(), fold(match.group())


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The stem of one folded word; digits and very short words are kept as they are."""
    if len(word) <= 3 or not word.isalpha():
        return word
    for ending, accented in _FOLDED_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 2:
            word = word[: -len(ending)] + accented
            break
    return fold(_stemmer.stemWord(word))
