"""Facts about the applicant that the rules need (age, income, where the business is based…).

They come from entities (age, income), and from yes/no answers to the question the bot asked last
(slot `pending_fact`); they are kept in the `facts` slot so a later question reuses them.
"""

import re
from functools import lru_cache
from pathlib import Path
from decimal import Decimal, InvalidOperation
from typing import Any

import yaml
from rasa_sdk import Tracker
from unidecode import unidecode

__all__ = ["person_facts", "seat_facts", "age_facts", "occupation_facts", "applicant_facts", "pending_fact_answer", "parse_age", "parse_minimum_wages", "place_facts", "product_kind", "products_in_text", "sells_in_the_street"]

_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_WORD_NUMBERS = {"um": 1, "uma": 1, "one": 1, "dois": 2, "duas": 2, "two": 2, "tres": 3, "três": 3, "three": 3,
                 "meio": Decimal("0.5"), "half": Decimal("0.5")}


def parse_age(raw: Any) -> int | None:
    match = _NUMBER.search(str(raw or ""))
    if not match:
        return None
    age = int(Decimal(match.group().replace(",", ".")))
    return age if 0 < age < 130 else None


def parse_minimum_wages(raw: Any) -> Decimal | None:
    """'1 salário mínimo', '2 salarios', 'um salário e meio' → number of minimum wages; else None.

    Amounts in reais are not converted: the minimum wage's value is not in our corpus."""
    text = str(raw or "").lower()
    if not re.search(r"sal[aá]rio|minimum wage", text):
        return None
    match = _NUMBER.search(text)
    try:
        value = Decimal(match.group().replace(",", ".")) if match else None
    except InvalidOperation:
        value = None
    if value is None:
        words = [_WORD_NUMBERS[w] for w in re.findall(r"\w+", text) if w in _WORD_NUMBERS]
        value = Decimal(sum(words)) if words else None
    return value


_BOARDWALKS = {"praia de leste": "praia_de_leste", "santa terezinha": "santa_terezinha", "ipanema": "ipanema"}


def place_facts(place: Any) -> dict[str, Any]:
    """A named boardwalk ("calçadão de Ipanema") as the rules' `boardwalk` fact (Pontal, art. 16 § 2)."""
    text = " ".join(unidecode(str(place or "")).lower().split())
    for name, value in _BOARDWALKS.items():
        if name in text:
            return {"boardwalk": value, "sidewalk_kind": "boardwalk"} if "calcad" in text or "boardwalk" in text else {"boardwalk": value}
    return {}


# Pontal's art. 17 § 1º: "aproveitamento ininterrupto quando houver edificação sobre a calçada ou
# calçadão, tais como deques, pirâmides"; tables and chairs alone are habitual use (art. 17 caput).
_PERMANENT_STRUCTURES = ("deck", "deque", "piramide", "estrutura fixa", "estrutura permanente",
                         "estrutura definitiva", "fixed structure", "permanent structure")


def occupation_facts(text: str) -> dict[str, Any]:
    """A deck or another permanent structure on the sidewalk named in the question: uninterrupted use."""
    folded = " ".join(unidecode(text or "").lower().split())
    return {"occupation_kind": "uninterrupted"} if any(word in folded for word in _PERMANENT_STRUCTURES) else {}


# Who applies, said in the question ("como pessoa física", "as a private person", "sem abrir empresa",
# "my company is…"): the rules need not ask back "individual or company?".
_NATURAL_PERSON = re.compile(r"\b(pessoa fisica|pessoa singular|como pessoa|sem (abrir |ter )?(uma )?(empresa|cnpj)|"
                             r"nao tenho (empresa|cnpj)|autonom[oa]|as an individual|as a private (person|individual)|"
                             r"as a person|private person|sole trader|without (opening |having )?(a |any )?(company|business)|"
                             # "tudo no meu CPF", "in my own name", "as a private individual", "self-employed";
                             # es: "como persona", "yo solo", "sin empresa"
                             r"(no|em|com|pelo|so com o) (meu )?cpf|(no|em) meu (proprio )?nome|in my (own )?name|"
                             r"private individual|self-employed|self employed|as myself|"
                             r"como persona( fisica)?|persona fisica|persona sola|yo solo|yo sola|"
                             r"sin (tener |abrir )?(una )?(empresa|sociedad)|no tengo (una )?(empresa|sociedad))\b")
_LEGAL_PERSON = re.compile(r"\b(pessoa juridica|pessoa coletiva|minha empresa|nossa empresa|com cnpj|(?<!nao )tenho (uma )?empresa|"
                           r"(a )?minha sociedade|sou uma sociedade|my company|our company|my business|our business|"
                           r"as a company|as a business|my firm|our firm)\b")


def person_facts(text: str) -> dict[str, Any]:
    """The applicant's person type when the question says it, and says only one."""
    folded = " ".join(unidecode(text or "").lower().split())
    natural, legal = _NATURAL_PERSON.search(folded), _LEGAL_PERSON.search(folded)
    if natural and not legal:
        return {"person_type": "natural_person"}
    if legal and not natural:
        return {"person_type": "legal_person"}
    return {}


# Where the applicant is based, said in the question: Bertioga's decree (art. 4) lets only people and
# companies based in the town run the activity. "Minha empresa é de Santos", "empresa de fora", "tem que
# ser empresa daí?" (asking whether it must be local says it is not), "from another town".
_BASED_ELSEWHERE = re.compile(
    r"\b(de fora|de outra cidade|de outro municipio|de outro estado|outra cidade|outro municipio|"
    # (asking whether it must be local says it is not; "sou empresa daqui" or "a local company" says it is)
    r"(tem|tenho|precisa) (que|de) ser (uma )?(empresa|alguem|pessoa|escola|firma)? ?(dai|daqui|de la|local|do municipio)|"
    r"from (another|a different|out of) (city|town|municipality)|out of town|based elsewhere|not based in|"
    r"(has|have|needs?) to be (a )?(local|based (there|here|in)))\b")
# ... a company, school or business of the applicant's placed in another town: "minha empresa é de Santos",
# "uma escolinha de surf em Florianópolis", "my company is registered in Santos" (not "sou de São Paulo e
# quero abrir uma escola em Bertioga": the school is the town asked about's)
_BUSINESS = r"\b(empresa|escola|escolinha|firma|negocio|loja|company|business|school|firm|shop)\b"
_PLACED_IN = r"(?:\w+\W+){0,4}?(?:de|em|no|na|in|from|at)\W+"


def seat_facts(text: str, other_towns: list[str] = ()) -> dict[str, Any]:
    """based_in_municipality False when the question says the applicant is based elsewhere: in words, or by
    placing its business in another town (`other_towns`: the towns named that are not the one asked about)."""
    folded = " ".join(unidecode(text or "").lower().split())
    placed = any(re.search(_BUSINESS + r"\W+" + _PLACED_IN + re.escape(" ".join(unidecode(t).lower().split())) + r"\b", folded)
                 for t in other_towns if t)
    if placed or _BASED_ELSEWHERE.search(folded):
        return {"based_in_municipality": False}
    return {}


# The applicant's age, said in the question: "meu filho de 17 anos", "my 16 year old son", "tengo 65 años"
# (never a duration: "vendo há 10 anos", "a licença vale 2 anos" name no one's age)
_AGE = re.compile(
    r"\b(?:(\d{1,2})[ -]years?[ -]old"
    # ("tenho 65 anos", never "tem 2 tendas": the Portuguese and Spanish verbs need the word for years)
    r"|(?:tenho|tem|temos|tengo|tiene) (\d{1,2}) (?:anos|años|recien|recién|recem|recém)"
    r"|(?:aged?|i am|i'm|im|he is|she is|he's|she's|i turn|turned) (\d{1,2})(?: years)?(?! \w*(?:minute|hour|day|week|month|meter|metre|km|m\b))"
    r"|(?:filh[oa]|menin[oa]|rapaz|garot[oa]|hij[oa]|nene|son|daughter|kid|boy|girl|nephew|niece|sobrinh[oa]|net[oa]) "
    r"(?:de |of |is )?(\d{1,2})(?: anos| años| years)?(?! (?:caiaques|pranchas|tendas|barcos|boats|kayaks|boards|tents)))\b")


def age_facts(text: str) -> dict[str, Any]:
    """The applicant's age when the question says it (Lajes art. 64 V: a street vendor is over 18)."""
    found = _AGE.search(" ".join(unidecode(text or "").lower().split()))
    if found is None:
        return {}
    return {"age": int(next(g for g in found.groups() if g))}


@lru_cache
def _product_kinds() -> dict[str, str]:
    kinds = yaml.safe_load((Path(__file__).parent / "product_kinds.yml").read_text(encoding="utf-8"))
    return {" ".join(unidecode(word).lower().split()): kind for kind, words in kinds.items() for word in words}


def product_kind(products: list[Any]) -> str | None:
    """food / other / crafts for the products a vendor named (product_kinds.yml); None when any of them
    is unknown, or they are of different kinds (a vendor of both needs both rows: the rules ask)."""
    kinds = {_product_kinds().get(" ".join(unidecode(str(p)).lower().split())) for p in products}
    return kinds.pop() if len(kinds) == 1 and None not in kinds else None


# "vender", "vendo", "sell", "selling": a product named with one of these is what a vendor sells
_SELLING = re.compile(r"\b(vend(er|o|e|em|emos|a|as|ia)|venda|comerciali[sz]ar|sell|sells|selling|sold)\b")


@lru_cache
def _products_longest_first() -> tuple[str, ...]:
    return tuple(sorted(_product_kinds(), key=len, reverse=True))


def products_in_text(text: str, *, said_sold: bool = True) -> list[str]:
    """The products of product_kinds.yml a question says it sells ("quem autoriza vender lanche na rua?"),
    when NLU tagged none: longest name first, whole words only. Without a selling word, none ("a água
    do mar" is no product on sale) — unless `said_sold` is False: the caller knows they are on sale (a
    stand's: "carrinho de lanche")."""
    folded = " " + " ".join("".join(ch if ch.isalnum() else " " for ch in unidecode(text or "").lower()).split()) + " "
    if said_sold and not _SELLING.search(folded):
        return []
    found: list[str] = []
    for word in _products_longest_first():
        if f" {word} " in folded:
            found.append(word)
            folded = folded.replace(f" {word} ", " ")
    return found


_STREET = re.compile(r"\b(na rua|nas ruas|em via publica|na calcada|on the street|on the streets|in the street|"
                     r"in the streets|street vend\w*|street sell\w*)\b")


def sells_in_the_street(text: str) -> bool:
    """A selling word and the street ("vender na rua", "selling things on the street"): street trade."""
    folded = " ".join(unidecode(text or "").lower().split())
    return bool(_SELLING.search(folded) and _STREET.search(folded))


def askable(spec) -> bool:
    """Facts the chat can ask in a Q&A turn: yes/no, a choice, or a number. Names, documents and other
    free text belong to the pre-application form, not to a quick question."""
    return spec.type in ("bool", "int", "decimal") or bool(spec.choices)


def pending_fact_answer(turn, spec) -> dict[str, Any]:
    """The answer to the question asked last (slot `pending_fact`), as {fact: value}; {} if none.

    yes/no come as affirm/deny, choices as a button (/inform{"choice": ...}), numbers inside the text.
    """
    fact = turn.tracker.get_slot("pending_fact")
    if not fact or spec is None:
        return {}
    if spec.type == "bool" and turn.intent in ("affirm", "deny"):
        return {fact: turn.intent == "affirm"}
    choice = turn.entity("choice")
    if spec.choices and choice in spec.choices:
        return {fact: choice}
    if spec.type in ("int", "decimal"):
        match = _NUMBER.search(turn.asked)
        if match:
            number = Decimal(match.group().replace(",", "."))
            return {fact: int(number) if spec.type == "int" else str(number)}
    return {}


def applicant_facts(tracker: Tracker, new: dict[str, Any]) -> dict[str, Any]:
    facts: dict[str, Any] = dict(tracker.get_slot("facts") or {})
    age = parse_age(tracker.get_slot("age"))
    if age is not None:
        facts["age"] = age
    wages = parse_minimum_wages(tracker.get_slot("income"))
    if wages is not None:
        facts["monthly_income_minimum_wages"] = str(wages)
    facts.update(new)
    return facts
