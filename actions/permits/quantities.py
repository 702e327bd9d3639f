"""Reading an amount the way people type it: digits or words, with what it counts.

"uns 1 salario e meio" is 1.5 minimum wages, "dois mil" is 2000, "3 x 4 m" is 12 m², and
"umas 6 pranchas e 2 tendas" is two counts of things, not an area. `read_quantities` returns every
amount in a message with the word that follows it (its unit, or the thing it counts); the form's
readers (actions/permits/readers.py) decide whether that is an answer to the question asked.

The number words are a parsing table (Portuguese of both sides of the Atlantic, English), not text
the citizen reads, so they live here and not in the catalogues.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from actions.permits.answers import fold

__all__ = ["Quantity", "read_quantities"]

_UNITS = {
    "zero": 0, "um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6,
    "sete": 7, "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12, "treze": 13, "catorze": 14,
    "quatorze": 14, "quinze": 15, "dezesseis": 16, "dezasseis": 16, "dezessete": 17, "dezassete": 17,
    "dezoito": 18, "dezenove": 19, "dezanove": 19,
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {"vinte": 20, "trinta": 30, "quarenta": 40, "cinquenta": 50, "sessenta": 60, "setenta": 70,
         "oitenta": 80, "noventa": 90, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
         "seventy": 70, "eighty": 80, "ninety": 90}
_HUNDREDS = {"cem": 100, "cento": 100, "duzentos": 200, "duzentas": 200, "trezentos": 300, "trezentas": 300,
             "quatrocentos": 400, "quatrocentas": 400, "quinhentos": 500, "quinhentas": 500,
             "seiscentos": 600, "seiscentas": 600, "setecentos": 700, "setecentas": 700,
             "oitocentos": 800, "oitocentas": 800, "novecentos": 900, "novecentas": 900}
_THOUSAND = {"mil", "thousand"}
_HUNDRED = {"hundred"}
_HALF = {"meio", "meia", "half"}
_AND = {"e", "and"}
# Words between an amount and what it counts ("12 metros quadrados", "uns 2 salários e meio").
_ARTICLES = {"de", "do", "da", "dos", "das", "a", "of"}
# Hedges and fillers around an amount: they do not change it ("uns", "about", "mais ou menos").
_HEDGES = {"uns", "umas", "cerca", "quase", "aproximadamente", "about", "around", "approximately", "roughly",
           "some", "mais", "ou", "menos", "tipo", "so", "only", "just", "total", "no", "na", "em", "por", "per",
           "mes", "month", "ao", "mensal", "mensais", "eh", "e", "and", "is", "it", "sao", "vai", "ser", "umas"}
# Money written before its amount ("R$ 2.000", "€ 500"): the amount is in that currency.
_MONEY = {"reais", "real", "rs", "brl", "euros", "euro", "eur", "€", "$", "dolares", "dollars"}
_NUMBER = re.compile(r"\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?")
_TOKEN = re.compile(r"\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?|m2|m²|[a-z$€]+|[x×*]")


# "60 e poucos", "more than 60", "até 2": a bound or a round-off, not the value itself.
_VAGUE_AFTER = {"pouco", "poucos", "poucas", "pouquinho", "tantos", "tantas", "something", "odd", "ish"}
_BOUNDS = {("mais", "de"), ("acima", "de"), ("menos", "de"), ("abaixo", "de"), ("pelo", "menos"),
           ("no", "maximo"), ("no", "minimo"), ("more", "than"), ("less", "than"), ("up", "to"), ("at", "least"),
           ("ate",), ("over",), ("under",), ("above",), ("below",)}


@dataclass(frozen=True)
class Quantity:
    value: Decimal
    unit: tuple[str, ...] = ()  # the folded words after the amount: ("metros", "quadrados"), ("pranchas",)
    dimensions: tuple[Decimal, ...] = ()  # "3 x 4": the sides whose product is `value`
    vague: bool = False  # a bound ("mais de 60") or a round-off ("60 e poucos"): ask for the value


def _decimal(raw: str) -> Decimal | None:
    if "," in raw or re.fullmatch(r"\d{1,3}(?:\.\d{3})+", raw):
        raw = raw.replace(".", "").replace(",", ".")
    try:
        return Decimal(raw)
    except InvalidOperation:
        return None


def _tokens(text: str) -> list[str]:
    folded = fold(text.replace("m²", "m2").replace("€", " euros ")).replace("r$", " reais ")
    folded = re.sub(r"(\d)\s*(m2|m|km|cm|x)\b", r"\1 \2", folded)  # "12m2" → "12 m2", "3x4" → "3 x 4"
    folded = re.sub(r"(\d)x(\d)", r"\1 x \2", folded)
    return _TOKEN.findall(folded)


def _number_words(tokens: list[str], i: int) -> tuple[Decimal, int] | None:
    """A number written in words from tokens[i] ("dois mil e quinhentos", "um e meio", "meio"),
    and the index after it; None when tokens[i] starts no number."""
    total, current, j, seen = Decimal(0), Decimal(0), i, False
    while j < len(tokens):
        word = tokens[j]
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word in _HUNDREDS:
            current += _HUNDREDS[word]
        elif word in _HUNDRED and seen:
            current = (current or 1) * 100
        elif word in _THOUSAND:
            total += (current or 1) * 1000
            current = Decimal(0)
        elif word in _HALF and not seen:
            # "meio salário", "half a": a half on its own
            return Decimal("0.5"), j + 1
        elif word in _AND and seen and j + 1 < len(tokens) and (
                tokens[j + 1] in _UNITS or tokens[j + 1] in _TENS or tokens[j + 1] in _HUNDREDS):
            j += 1
            continue
        else:
            break
        seen = True
        j += 1
    if not seen:
        return None
    return total + current, j


def _half_after(tokens: list[str], j: int) -> int | None:
    """ "e meio" / "e meia" / "and a half" at tokens[j]: the index after it."""
    if j + 1 < len(tokens) and tokens[j] in _AND and tokens[j + 1] in _HALF:
        return j + 2
    if j + 2 < len(tokens) and tokens[j] in _AND and tokens[j + 1] == "a" and tokens[j + 2] in _HALF:
        return j + 3
    return None


def read_quantities(text: str) -> list[Quantity]:
    """Every amount in the text, with the words that follow it (up to the next amount)."""
    tokens = _tokens(text)
    found: list[Quantity] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        value: Decimal | None = None
        if _NUMBER.fullmatch(token):
            value, j = _decimal(token), i + 1
            if value is not None and j < len(tokens) and tokens[j] in _THOUSAND:  # "2 mil", "2,5 mil"
                value, j = value * 1000, j + 1
        else:
            words = _number_words(tokens, i)
            if words is not None:
                value, j = words
            # "um"/"uma" before a thing is an article as often as a number ("uma tenda") — still one.
        if value is None:
            i += 1
            continue
        half = _half_after(tokens, j)
        if half is not None:  # "1 e meio salário"
            value, j = value + Decimal("0.5"), half
        if j + 1 < len(tokens) and tokens[j] in {"x", "×", "*", "por", "by"}:  # "3 x 4", "3 por 4 m"
            other = _NUMBER.fullmatch(tokens[j + 1]) and _decimal(tokens[j + 1])
            if other:
                unit, k = _unit_after(tokens, j + 2)
                found.append(Quantity(value * other, unit, (value, other)))
                i = k
                continue
        vague = any(tuple(tokens[max(i - len(b), 0):i]) == b for b in _BOUNDS)
        if j < len(tokens) and tokens[j] in _AND and j + 1 < len(tokens) and tokens[j + 1] in _VAGUE_AFTER:
            vague, j = True, j + 2
        unit, k = _unit_after(tokens, j)
        if not unit and i > 0 and tokens[i - 1] in _MONEY:
            unit = (tokens[i - 1],)
        if _half_after(tokens, k) is not None:  # "1 salário e meio"
            value, k = value + Decimal("0.5"), _half_after(tokens, k)  # type: ignore[assignment]
        found.append(Quantity(value, unit, vague=vague))
        i = k
    return found


def _unit_after(tokens: list[str], j: int) -> tuple[tuple[str, ...], int]:
    """The words after an amount that say what it is ("metros quadrados", "pranchas"), up to the next
    amount or "e"/"and"; articles and hedges skipped."""
    unit: list[str] = []
    while j < len(tokens):
        word = tokens[j]
        if _NUMBER.fullmatch(word) or word in _AND or (word in _UNITS and unit) or word in _TENS:
            break
        if word not in _ARTICLES and not (word in _HEDGES and not unit):
            unit.append(word)
        if len(unit) == 3:
            j += 1
            break
        j += 1
    return tuple(unit), j
