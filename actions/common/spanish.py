"""A Spanish question read with Portuguese words, for the actions' word-based readers (issue 15).

Every reader of a question's words in the actions and the knowledge base — the kinds of fact asked
("plazo" is "prazo"), the topic cues, the activities and products named, the applicant's facts, the
search over the law's text — was written for Portuguese and English. Rather than give each of them a
Spanish vocabulary, a Spanish question is glossed into Portuguese once ("¿Cuánto sale la licencia para
alquilar una tabla de SUP?" → "Quanto custa a licença para alugar uma prancha de SUP?") and that
reading is what they match. The reply is still written in Spanish (the catalogue) and the law still
quoted in Portuguese; the citizen's own words stay where they are the answer (names, addresses and the
pre-application form's free text read `tracker.latest_message`, never this gloss).

The gloss is phrase by phrase, longest phrase first, then word by word (data in spanish_gloss.yml),
accent- and case-insensitive, with rioplatense forms ("vos podés", "laburar", "che"). A word the table
does not hold is kept as written — names, numbers, units, Portuguese words already in the question —
unless it is one typing slip away from a long word of the table ("timpo" → "tiempo"). Only Spanish
turns are glossed (actions.common.conversation.Turn.asked): a Portuguese or English question is never
read differently.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein
from unidecode import unidecode

from knowledge.search import get_index

__all__ = ["gloss"]

_DATA = Path(__file__).with_name("spanish_gloss.yml")
_WORD = re.compile(r"[^\W_]+")
# Between two words of one phrase: spaces or a hyphen ("marítimo-turístico"), nothing else: a phrase
# never spans a comma or a question mark.
_JOINER = re.compile(r"[\s\-]+")
# A slip is corrected only towards a table word this long, and in a word at most one letter shorter:
# short words are too close to too many others ("pasen" is no "paseo", "vista" no "viste").
_SLIP_MIN = 6
# Spanish opening marks: Portuguese readers do not expect them (and unidecode would make "¿" a "?").
_OPENING_MARKS = str.maketrans("", "", "¿¡")


def _key(word: str) -> str:
    return unidecode(word).lower()


@lru_cache(maxsize=1)
def _table() -> tuple[dict[tuple[str, ...], str], int, tuple[str, ...], frozenset[str]]:
    """(phrase as folded words → Portuguese, the longest phrase's length, the long single words, every
    word of the phrases)."""
    data = yaml.safe_load(_DATA.read_text(encoding="utf-8"))
    phrases: dict[tuple[str, ...], str] = {}
    for section, entries in data.items():
        for spanish, portuguese in entries.items():
            if not isinstance(spanish, str) or not isinstance(portuguese, (str, type(None))):
                # (YAML reads a bare no/yes/on as a boolean: such words are quoted in the file)
                raise ValueError(f"spanish_gloss.yml/{section}: {spanish!r} is not a phrase and its text")
            key = tuple(_key(w) for w in _WORD.findall(spanish))
            if not key:
                raise ValueError(f"spanish_gloss.yml/{section}: empty phrase {spanish!r}")
            if key in phrases and phrases[key] != (portuguese or ""):
                raise ValueError(f"spanish_gloss.yml/{section}: {spanish!r} glossed twice")
            phrases[key] = portuguese or ""  # an empty gloss drops a filler ("che", "boludo")
    longest = max(len(k) for k in phrases)
    # (a filler is no word to correct towards: "vista" must not vanish as "viste")
    singles = tuple(sorted(k[0] for k, v in phrases.items() if len(k) == 1 and len(k[0]) >= _SLIP_MIN and v))
    # every word of every phrase is a word in its own right: "cuesta" (of "cuánto cuesta") is no slip of "cuenta"
    known = frozenset(w for k in phrases for w in k)
    return phrases, longest, singles, known


@lru_cache(maxsize=4096)
def _slip(key: str) -> str:
    """The table word `key` is one typing slip from ("timpo" → "tiempo", "defenza" → "defensa"), if
    exactly one; else `key` itself."""
    _, _, singles, known = _table()
    if len(key) < _SLIP_MIN - 1 or key in known or not key.isalpha() or key in get_index().law_words():
        # (a word the law uses is Portuguese written as the law writes it — "vender", "multa", "lancha" —,
        # never a slip)
        return key
    found = process.extract(key, singles, scorer=Levenshtein.distance, score_cutoff=1, limit=2)
    return found[0][0] if len(found) == 1 else key


@lru_cache(maxsize=1024)  # (read several times per turn: kinds, topic, activity, search)
def gloss(text: str) -> str:
    """`text`, a Spanish message, with its Spanish words and phrases put into Portuguese."""
    if not text:
        return text or ""
    phrases, longest, _, _ = _table()
    words = list(_WORD.finditer(text))
    keys = []
    for i, match in enumerate(words):
        word = match.group(0)
        # a capitalised word inside the sentence is a name ("Enseada", "Rosario"): never "corrected"
        named = i > 0 and word[:1].isupper()
        keys.append(_key(word) if named else _slip(_key(word)))
    out: list[str] = [text[: words[0].start()] if words else text]
    i = 0
    while i < len(words):
        size = 1
        portuguese: str | None = None
        for n in range(min(longest, len(words) - i), 0, -1):
            joined = all(_JOINER.fullmatch(text[words[j].end(): words[j + 1].start()]) for j in range(i, i + n - 1))
            if joined and tuple(keys[i:i + n]) in phrases:
                size, portuguese = n, phrases[tuple(keys[i:i + n])]
                break
        original = text[words[i].start(): words[i + size - 1].end()]
        if portuguese is None:
            out.append(original)
        elif portuguese:
            out.append(portuguese[:1].upper() + portuguese[1:] if original[:1].isupper() else portuguese)
        end = words[i + size].start() if i + size < len(words) else len(text)
        out.append(text[words[i + size - 1].end(): end])
        i += size
    glossed = "".join(out).translate(_OPENING_MARKS)
    # (a filler dropped at the start leaves its comma: "Che, ¿puedo…?")
    glossed = " ".join(glossed.split()).lstrip(" ,;:")
    # "Es obligatorio…?" opens with "é", which folds to the "e" that opens a follow-up in Portuguese
    # ("e no calçadão?"); "eh" is how Portuguese chat writes "é" and is read as it.
    if _key(glossed[:2]) == "e " and keys and keys[0] not in ("y", "e"):
        glossed = "eh" + glossed[1:]
    return glossed
