"""What a question is about: the jurisdiction and the activity, from entities, slots and the catalogue.

NLU already maps most synonyms; the catalogue's names in four languages (knowledge.rules.catalogue)
catch the rest, with rapidfuzz for typos ("pranxa de sup") and unidecode for missing accents.
"""

import re
from functools import lru_cache
from pathlib import Path

import yaml

from rapidfuzz import fuzz, process
from unidecode import unidecode

from knowledge.corpus import load_corpus
from knowledge.search import get_index
from knowledge.facts import chat_read
from knowledge.jurisdictions import jurisdiction
from knowledge.rules import JURISDICTIONS, catalogue
from knowledge.rules.registry import per_registry

__all__ = ["without_a_vehicle", "activity_buttons", "activity_names", "activity_in_text", "activity_tagged", "context_jurisdiction", "without_town_names", "topic_in_text", "is_follow_up", "looks_like_a_place", "resolve_activity", "resolve_jurisdiction", "jurisdiction_name", "activity_name", "covered_jurisdictions", "municipality_buttons"]

# Below this rapidfuzz score a name is not taken as a match: "Florianópolis" must not become "Pontal".
_MIN_SCORE = 86


def _norm(text: str) -> str:
    return " ".join(unidecode(text).lower().replace("-", " ").split())


def _words_of(text: str | None) -> str:
    """The text's words, folded, single-spaced, no punctuation: what names are looked for in."""
    return " ".join("".join(ch if ch.isalnum() else " " for ch in _norm(text or "")).split())


@per_registry
def activity_names() -> dict[str, str]:
    """Every name of every activity of the catalogue, normalised → activity id."""
    names: dict[str, str] = {}
    for activity in catalogue():
        names[_norm(activity.id.replace("_", " "))] = activity.id
        for synonyms in activity.names.values():
            for name in synonyms:
                names.setdefault(_norm(name), activity.id)
    return names


@lru_cache
def _place_aliases() -> dict[str, list[str]]:
    return yaml.safe_load((Path(__file__).parent / "place_aliases.yml").read_text(encoding="utf-8"))


@lru_cache
def _jurisdiction_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for norm in load_corpus().norms:
        for alias in filter(None, (norm.jurisdiction, norm.municipality)):
            names.setdefault(_norm(alias), norm.jurisdiction)
    for jurisdiction, places in _place_aliases().items():
        if jurisdiction.startswith("_"):
            continue
        for place in places:
            names.setdefault(_norm(place), jurisdiction)
    return names


@lru_cache
def _common_word_aliases() -> frozenset[str]:
    return frozenset(_norm(place) for place in _place_aliases().get("_common_words", []))


# Words that NLU sometimes tags as a town, typically capitalised at the start of a message.
_NOT_PLACES = {"until", "the", "this", "that", "here", "there", "summer", "winter", "beach", "city", "town",
               "mayor", "prefeito", "prefeitura", "council", "authorisation", "authorization", "licence", "license",
               "vendo", "venda", "vender", "verao", "inverno", "praia", "cidade", "aqui", "ola", "bom", "boa",
               "quero", "posso", "qual", "quanto", "onde", "como", "quando", "tenho", "moro", "sou", "hello",
               # Spanish words NLU (trained on pt/en) tags as towns: "Quiero…", "Somos…", "desde", "caminando"
               "quiero", "queremos", "puedo", "podemos", "somos", "desde", "caminando", "cuanto", "cuando", "donde",
               "tengo", "vivo", "hola", "buenas", "playa", "ciudad", "aca", "verano", "invierno", "venta",
               "permiso", "licencia", "intendencia", "municipalidad", "alcalde", "necesito", "hasta", "para"}


def looks_like_a_place(raw: str | None) -> bool:
    """Could this unresolved municipality entity be a real town we don't cover?"""
    key = _norm(str(raw or ""))
    if len(key) < 4 or not key.replace(" ", "").isalpha() or key in _NOT_PLACES:
        return False
    typed = str(raw).split()
    if not typed[0][:1].isupper():  # people capitalise town names; "festa do padroeiro" is not one
        return False
    if sum(1 for w in typed if w[:1].isupper()) >= 2:  # "Rio de Janeiro", "São Paulo"
        return True
    # (a word the law itself uses — "verão", "vendo", "da" — is no town name, whatever NLU tagged; an
    # unknown capitalised name — Florianópolis, Espanha — may be one)
    return not all(word in get_index().law_words() for word in key.split())


def _lookup(raw: str | None, names: dict[str, str], ids) -> str | None:
    if not raw:
        return None
    if raw in ids:
        return raw
    key = _norm(str(raw))
    if key in names:
        return names[key]
    # Whole-string similarity only: partial scorers would match "do" or "festa do padroeiro" inside
    # "pontal do parana" and answer with another town's law.
    match = process.extractOne(key, names.keys(), scorer=fuzz.ratio, score_cutoff=_MIN_SCORE)
    return names[match[0]] if match else None


def resolve_activity(raw: str | None) -> str | None:
    return _lookup(raw, activity_names(), {a.id for a in catalogue()})


def activity_tagged(message: dict) -> str | None:
    """The activity NLU tagged in a message. NLU sometimes splits one name in two tags ("tour" +
    "boat", "passeios de" + "banana rebocada"): the words they span together are tried first, then
    each tag on its own."""
    text = message.get("text") or ""
    tags = [e for e in message.get("entities", []) if e.get("entity") == "activity"]
    spans = [(e["start"], e["end"]) for e in tags if isinstance(e.get("start"), int) and isinstance(e.get("end"), int)]
    candidates = []
    if len(spans) >= 2:
        candidates.append(text[min(s for s, _ in spans):max(e for _, e in spans)])
    candidates += [e.get("value") for e in tags]
    return next((found for found in map(resolve_activity, candidates) if found), None)


def resolve_jurisdiction(raw: str | None) -> str | None:
    """The covered jurisdiction a municipality name refers to, or None (not covered / unknown).

    NLU sometimes tags a few words too many ("Algarve este", "Portugal com embarcações", "Pontal do
    Paraná summer vendor"): the longest leading run of words that is a known name wins, never a run in
    the middle ("festa do padroeiro" must not find "do")."""
    found = _lookup(raw, _jurisdiction_names(), set(JURISDICTIONS))
    if found or not raw:
        return found
    words = str(raw).split()
    for size in range(len(words) - 1, 0, -1):
        found = _jurisdiction_names().get(_norm(" ".join(words[:size])))
        if found:
            return found
    return None


@lru_cache
def _town_names() -> frozenset[str]:
    """The covered towns' own names and their short forms ("pontal do parana", "pontal", "portugal"),
    not the beaches and districts inside them, which the law itself talks about."""
    towns = {_norm(n.municipality or "portugal") for n in load_corpus().norms}
    return frozenset(n for n in _jurisdiction_names() if any(t == n or t.startswith(n + " ") for t in towns))


@lru_cache
def _named_places() -> tuple[str, ...]:
    """The towns' names and the places citizens name them by that are no common word ("Algarve",
    "Albufeira", "Praia de Leste"), longest first (sorted once, not per message)."""
    names = _town_names() | frozenset(n for n in _jurisdiction_names() if n not in _common_word_aliases())
    return tuple(sorted(names, key=len, reverse=True))


def jurisdiction_in_text(text: str | None) -> str | None:
    """The covered town the words name ("… em lajes?", "Lajes", "pontal do parana"), longest name first,
    whole words — whatever the entity extractor made of them: a town named is never asked for again. Not the
    aliases that are common words too ("Porto", "Madeira": place_aliases.yml's _common_words)."""
    padded = f" {_words_of(text)} "
    for name in _named_places():
        if f" {name} " in padded:
            return _jurisdiction_names()[name]
    return None


# Where the writer comes from, not where the question is about ("I'm a surf instructor from Portugal moving to
# Bertioga", "somos de Portugal e queremos vender em Lajes", "soy de Portugal, ¿en Bertioga…?"): a town named
# right after these words is an origin when another covered town is named too.
_ORIGIN_BEFORE = re.compile(r"(?:\bfrom|\bdesde|\b(?:sou|somos|soy|vim|viemos|venho|vengo|venimos|vine|vindos?|vindas?|"
                            r"naturais|natural|originario|originaria|oriundos?)(?: \w+)? (?:de|do|da|dos|das|del))(?: the)? $")


def town_asked_in_text(text: str | None) -> str | None:
    """The covered town a message asks about: the one named (jurisdiction_in_text), or — when it names two —
    the one it does not say the writer comes from."""
    padded = f" {_words_of(text)} "
    named: list[tuple[str, bool]] = []
    for name in _named_places():
        at = padded.find(f" {name} ")
        if at >= 0:
            padded_before = padded[:at + 1]
            named.append((_jurisdiction_names()[name], bool(_ORIGIN_BEFORE.search(padded_before))))
            padded = padded.replace(f" {name} ", " " + "_" * len(name) + " ")  # (a longer name's words once)
    towns = {j for j, _ in named}
    if len(towns) < 2:
        return next(iter(towns), None)
    return next((j for j, origin in named if not origin), None) or jurisdiction_in_text(text)


def without_town_names(text: str) -> str:
    """The text without the covered towns' names: a search scoped to a town must not rank the articles
    that merely name the town ("Município de Pontal do Paraná") above those that answer the question."""
    words = _words_of(text)
    for name in sorted(_town_names(), key=len, reverse=True):
        words = f" {words} ".replace(f" {name} ", " ").strip()
    return words


# Catalogue names too ambiguous to spot in free text: "faixa" (a banner) is also "faixa de areia",
# "alvará" is any licence, "sign" is a verb, "outdoor" (a billboard in Brazil) is "outside" in English.
_AMBIGUOUS_IN_TEXT = {"faixa", "alvara", "sign", "anuncio", "licenca de funcionamento", "outdoor"}


# A vehicle or cart said NOT to be used ("sem carrinho, só no isopor", "no cart", "sin carrito a motor"): it
# names neither an activity nor a vehicle
_WITHOUT_A_VEHICLE = re.compile(
    r"\b(sem|without|sin|no|nao uso|nao tenho|not with|not using|without using)( (um|uma|a|an|el|la|o|any|ningun|nenhum))?"
    r"( \w+)? (carrinho|carrinhos|carroca|cart|carts|trolley|carrito|carritos|carro|carros|car|veiculo|veiculos|vehicle|"
    r"vehiculo|kombi|van|moto|motor)\b( (a motor|motorizado|de mao|com motor))?")


def without_a_vehicle(text: str | None) -> str:
    """The text, folded, with the vehicles it says are not used taken out."""
    return _WITHOUT_A_VEHICLE.sub(" ", _words_of(text))


def activity_in_text(text: str | None) -> str | None:
    """An activity named in the text by one of the catalogue's names, when NLU tagged none.

    The longest name found wins ("escola de surf" over "surf"); a vehicle said not to be used names none."""
    padded = f" {without_a_vehicle(text)} "
    # (a place the subject keeps its distance from names no subject: "a taco van … how far from the entrance of a food
    # shop?" is about the van, whatever names it)
    padded = f" {_LANDMARK.sub(' ', padded)} "
    found = _names_in(padded)
    if not found:
        # a name said in the plural ("passeios de barco", "aluguel de caiaques", "surf lessons"): each word
        # read without its plural "s", in the text and in the names alike
        singular = f" {_singular(padded)} "
        found = [(len(name), activity) for name, activity in _singular_names().items()
                 if len(name) >= 3 and f" {name} " in singular]
    return max(found)[1] if found else None


def _names_in(padded: str) -> list[tuple[int, str]]:
    return [(len(name), activity) for name, activity in activity_names().items()
            if len(name) >= 3 and name not in _AMBIGUOUS_IN_TEXT and f" {name} " in padded]


# A landmark the subject is placed by ("longe da entrada de lojas", "next to a bar", "cerca de un kiosco"): the
# words after it, up to two beyond its articles (and two more after an "of")
_LANDMARK = re.compile(
    r"\b(from|near|next to|close to|beside|opposite|in front of|entrances? of|doors? of|longe d[aoe]s?|perto d[aoe]s?|"
    r"proximo (a|ao|d[aoe]s?)|ao lado d[aoe]s?|em frente (a|ao|d[aoe]s?)|portas? d[aoe]s?|entradas? d[aoe]s?|"
    r"cerca de|lejos de|frente a|al lado de)(?: (the|a|an|o|os|as|um|uma|el|la|los|las|de|del|any|every))*( (?!(of|de|do|da|dos|das|del)\b)\w+){1,2}"
    # ("from the entrance of a food shop")
    r"(?: (of|de|do|da|dos|das|del)(?: (the|a|an|o|os|as|um|uma|el|la|los|las|any|every))*( \w+){1,2})?")


def _singular(words: str) -> str:
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words.split())


@per_registry
def _singular_names() -> dict[str, str]:
    return {_singular(name): activity for name, activity in activity_names().items() if name not in _AMBIGUOUS_IN_TEXT}


@lru_cache
def _topic_cues() -> tuple[list[tuple[str, tuple[str, ...]]], frozenset[str]]:
    cues = yaml.safe_load((Path(__file__).parent / "topic_cues.yml").read_text(encoding="utf-8"))
    ambiguous = frozenset(_norm(w) for w in cues.pop("_ambiguous", []))
    return [(topic, tuple(_norm(w) for w in words)) for topic, words in cues.items()], ambiguous


def names_topic(text: str | None, topic: str) -> bool:
    """Whether the words name `topic` by one of its cue words (topic_cues.yml): "taxa", "how much", "pagar"
    name the fee."""
    padded = chat_read(text or "")
    return any(f" {w} " in padded for t, words in _topic_cues()[0] if t == topic for w in words)


def topic_in_text(text: str | None, *, unambiguous: bool = False) -> str | None:
    """The topic a question's own words ask about (topic_cues.yml), or None. With `unambiguous`, cue
    words that also mean something else (`_ambiguous`) do not count."""
    # (chat shorthand and a mistyped cue word read as the fact resolver reads them: "qnto tempo", "mutla")
    padded = chat_read(text or "")
    topics, ambiguous = _topic_cues()
    return next((topic for topic, words in topics
                 if any(f" {w} " in padded for w in words if not (unambiguous and w in ambiguous))), None)


_FOLLOW_UP = ("e ", "e se ", "and ", "and if ", "what about ", "how about ", "e quanto ", "e pra ", "e para ",
              "ok and ", "ok e ", "okay and ", "ok so ", "certo e ", "beleza e ", "ta e ", "entao e ")


def is_follow_up(text: str | None) -> bool:
    """"e no calçadão de Ipanema?", "and in Lajes?": a question that continues the previous one."""
    return (_words_of(text) + " ").startswith(_FOLLOW_UP)


def previous_question(tracker) -> str | None:  # noqa: ANN001 (rasa_sdk Tracker)
    """The citizen's question before this message: the last earlier user message of three words or more
    that is not a button's payload, among the last three ("e de noite?" continues "qual o limite de
    barulho durante o dia?"). None when there is none."""
    users = [e for e in tracker.events if e.get("event") == "user"][-4:-1]
    for event in reversed(users):
        text = (event.get("text") or "").strip()
        if text and not text.startswith("/") and len(text.split()) >= 3:
            return text
    return None


def with_the_question_before(text: str, before: str | None) -> str:
    """A follow-up read with the question it continues: the earlier question as the story, the follow-up
    as the question (the fact resolver weighs the story's words half)."""
    if not before:
        return text
    # (said, not asked: the earlier question's sentences end with a full stop, so that only the follow-up is
    # asked — "¿Y por cuánto tiempo vale el alvará? … ¿y si no cumplo, cuánto me sale la multa?" asks the fine)
    said = re.sub(r"[?!]+", ".", before.replace("¿", "").replace("¡", "")).rstrip(". ")
    return f"{said}. {text}"


def jurisdiction_name(jurisdiction_id: str) -> str:
    record = jurisdiction(jurisdiction_id)
    return record.name if record else jurisdiction_id


def activity_name(activity: str, language: str) -> str:
    for a in catalogue():
        if a.id == activity:
            names = a.names.get(language) or a.names["pt-BR"]
            return names[0]
    return activity


def covered_jurisdictions() -> list[str]:
    return list(JURISDICTIONS)


# WhatsApp lists hold 10 rows; the widget and Telegram show them all.
_MAX_ACTIVITY_BUTTONS = 10


def activity_buttons(jurisdiction: str, language: str) -> list[dict]:
    """Quick replies for the activities a norm of this jurisdiction regulates."""
    regulated = [a for a in catalogue() if jurisdiction in a.jurisdictions][:_MAX_ACTIVITY_BUTTONS]
    return [{"title": activity_name(a.id, language), "payload": f'/inform{{"activity": "{a.id}"}}'} for a in regulated]


def context_jurisdiction(tracker) -> str | None:
    """The jurisdiction the conversation is about so far (see the `jurisdiction` slot in the domain)."""
    return resolve_jurisdiction(tracker.get_slot("jurisdiction")) or resolve_jurisdiction(tracker.get_slot("municipality"))


def municipality_buttons() -> list[dict]:
    """One button per covered jurisdiction, for "which municipality?"."""
    return [
        {"title": jurisdiction_name(j), "payload": f'/inform{{"municipality": "{j}"}}'}
        for j in covered_jurisdictions()
    ]
