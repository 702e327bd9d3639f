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
from pathlib import Path

import snowballstemmer
import yaml
from unidecode import unidecode

__all__ = ["WORD_RE", "fold", "is_english", "lexicons", "tokens", "stem", "word_spans"]

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


# Word forms the Snowball stemmer splits or merges wrongly once accents are gone, rewritten to one
# form before stemming (folded word endings, longest first; the word must keep 3+ letters before
# the ending):
#   plurals of -al/-el/-ol words lose the "l" in the stemmer ("jornais" -> "jorn" but "jornal" ->
#   "jornal", "municipais"/"municipal", "responsaveis"/"responsavel"): the plural is made singular;
#   the feminine of -ário loses the whole ending ("proprietaria" -> "propriet", "proprietario" ->
#   "proprietari"): made masculine;
#   agent nouns in -edor/-idor keep the suffix ("vendedor" is not "vender"/"venda", "consumidor" not
#   "consumir"): made the verb, as Snowball already does for -ador ("operador" -> "oper").
_SAME_WORD_ENDINGS = (
    ("edores", "er"), ("edoras", "er"), ("idores", "ir"), ("idoras", "ir"), ("arias", "ario"),
    ("edora", "er"), ("idora", "ir"), ("edor", "er"), ("idor", "ir"), ("aria", "ario"),
    ("ais", "al"), ("eis", "el"), ("ois", "ol"),
)

# Snowball strips "-idade" and so makes "publicidade" (advertising) the stem of "público" (public),
# the commonest adjective of these laws ("via pública"): every article about public roads matched an
# advertising question. The advertising family gets its own stem.
_STEM_EXCEPTIONS = {
    word: "publicit"
    for word in (
        "publicidade", "publicidades", "publicitario", "publicitarios", "publicitaria", "publicitarias",
    )
}


# The English glosses of the law are written in British spelling ("licence", "defence", "metres");
# citizens often write American ("license", "defense", "meters"). One spelling meets the other.
_US_TO_UK = {
    "license": "licence", "licenses": "licences", "defense": "defence", "defenses": "defences",
    "offense": "offence", "offenses": "offences", "meter": "metre", "meters": "metres",
    "centimeter": "centimetre", "centimeters": "centimetres", "kilometer": "kilometre",
    "kilometers": "kilometres", "center": "centre", "centers": "centres", "harbor": "harbour",
    "harbors": "harbours", "neighbor": "neighbour", "neighbors": "neighbours", "color": "colour",
    "colors": "colours", "authorize": "authorise", "authorized": "authorised", "authorizes": "authorises",
    "authorization": "authorisation", "authorizations": "authorisations", "organize": "organise",
    "organized": "organised", "organization": "organisation", "program": "programme",
}


_english_stemmer = snowballstemmer.stemmer("english")
_KNOWLEDGE = Path(__file__).resolve().parents[1]

# A word none of our Portuguese texts writes, shaped as only English words are ("seized", "claiming",
# "inspection", "nightly", "knowledge"): stemmed as English.
_ENGLISH_SHAPE = re.compile(r"(?:ed|ing|ings|tion|tions|ness|ly|ies|ment|ments|ship|ful|less|ough|ight|ould)$|th|wh|ck|w|y|k")


_IFY = re.compile(r"(?:ify|ifies|ified|ifying)$")


@lru_cache(maxsize=1)
def lexicons() -> tuple[frozenset[str], frozenset[str]]:
    """(the words our Portuguese texts write, the words our English texts write and no Portuguese one
    does): the law's text (knowledge/norms), the pt-BR/pt-PT and en wordings of the rules data and the
    fact records, the glossary's forms. Read from the files, not through the loaders (they stem)."""
    portuguese: set[str] = set()
    english: set[str] = set()
    for path in (_KNOWLEDGE / "norms").glob("*.txt"):
        portuguese.update(tokens(path.read_text(encoding="utf-8")))

    def walk(node, into: set[str] | None) -> None:  # noqa: ANN001 (YAML)
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, portuguese if key in ("pt-BR", "pt-PT", "pt") else english if key == "en" else into)
        elif isinstance(node, list):
            for item in node:
                walk(item, into)
        elif isinstance(node, str) and into is not None:
            into.update(tokens(node))

    for path in [*(_KNOWLEDGE / "rules" / "data").rglob("*.yml"), *(_KNOWLEDGE / "facts" / "data").glob("*.yml"),
                 _KNOWLEDGE / "search" / "glossary.yml"]:
        walk(yaml.safe_load(path.read_text(encoding="utf-8")), None)
    return frozenset(portuguese), frozenset(english - portuguese)


def is_english(word: str) -> bool:
    """Portuguese and English words share one index and one question, so the stemmer is chosen per word:
    English Snowball for a word our English texts write ("appeals" and "appeal", "cancelled" and
    "cancellation" meet), or one that no Portuguese text writes and that is English in shape or an
    English word's plural (or its singular in "-er"); Portuguese Snowball for every other word (the law's words always)."""
    portuguese, english = lexicons()
    if word in english:
        return True
    if word in portuguese:
        return False
    # (and the singular in "-er" of a plural our English texts write: "barber" beside "barbers" — Portuguese
    # Snowball cuts "-er" as a verb's ending, "barb", and the citizen's "barber shop" missed the barbers' record)
    return (bool(_ENGLISH_SHAPE.search(word)) or (word.endswith("s") and (word[:-1] in english or word[:-2] in english))
            or (word.endswith("er") and word + "s" in english))


@lru_cache(maxsize=65536)
def _ar_verb_root(word: str) -> str | None:
    """"retira", "liberam": Snowball takes their "-ira"/"-era" for a verb ending ("partira") and leaves "ret",
    "lib", so "retira" and "retirar" never meet. The root when our texts write the verb in "-ar" (retirar,
    retirada, liberado), else None ("admitira" is admitir's future: no "admitirado" anywhere)."""
    base = word[:-1] if word.endswith("am") else word
    if not base.endswith(("ira", "era")):
        return None
    root = base[:-1]
    portuguese, _ = lexicons()
    return root if any(root + ending in portuguese for ending in ("ar", "ado", "ada", "ados", "adas", "acao")) else None


def stem(word: str) -> str:
    """The stem of one folded word; digits and very short words are kept as they are."""
    if len(word) <= 3 or not word.isalpha():
        return word
    word = _US_TO_UK.get(word, word)
    if is_english(word):
        # Snowball stems "notified" "notifi" but "notification" "notif": the verb is read as its noun
        return _english_stemmer.stemWord(_IFY.sub("ification", word))
    if word in _STEM_EXCEPTIONS:
        return _STEM_EXCEPTIONS[word]
    root = _ar_verb_root(word)
    if root is not None:
        return stem(root + "ar")
    for ending, same in _SAME_WORD_ENDINGS:
        if word.endswith(ending) and len(word) >= len(ending) + 3:
            word = word[: -len(ending)] + same
            break
    for ending, accented in _FOLDED_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 2:
            word = word[: -len(ending)] + accented
            break
    return fold(_stemmer.stemWord(word))
