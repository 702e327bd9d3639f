"""The long tail: "what does the law say about …" answered with the best passages of the corpus,
quoted with their citation and said to be the text of the law, not advice."""

import re
from functools import lru_cache

from actions.common.citations import article_url, norm_citation_title
from actions.common.conversation import Turn
from actions.qa.subject import jurisdiction_name, resolve_jurisdiction, without_town_names
from knowledge.corpus import NORMS_DIR, load_corpus
from knowledge.facts import asked_kinds
from knowledge.facts.resolve import asks_a_price
from knowledge.search.text import fold
from knowledge.rules import offices_of
from knowledge.search import search

__all__ = ["answer_article", "answer_from_search", "law_hits", "passage_view", "unknown_norm_cited"]

# BM25 scores are comparable within one query only, so no absolute threshold says "confident": the
# passages are presented as the answer when NLU understood a question about the law (ask_law), and as
# "maybe" — with an offer to rephrase and the office to contact — when NLU itself was unsure.


def law_hits(turn: Turn, jurisdiction: str | None, limit: int = 2) -> list:
    """The passages of the law that best match this message. Scoped to one town, the town's name is
    left out of the query: it is the scope, not the subject."""
    query = turn.asked
    if jurisdiction:
        query = without_town_names(query)
    return search(query, jurisdiction=jurisdiction, limit=limit) if query.strip() else []


def passage_view(hit) -> dict:
    return {"norm": norm_citation_title(hit.norm_id), "label": hit.label, "url": article_url(hit.unit_id),
            "snippet": hit.snippet}


# Kinds of answer that are a figure (knowledge.facts.asked_kinds): a passage without one cannot be it.
FIGURE_KINDS = {"deadline", "validity", "lead_time", "distance", "limit", "hours", "fine", "fee", "places", "insurance"}
# ("um"/"uma" are also articles: a figure only before a unit, "um ano", "uma hora")
_NUMBER_WORD = re.compile(r"\b((um|uma)\s+(dia|m[eê]s|ano|hora|metro|vez|semana)|dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|quinze|vinte|"
                          r"trinta|quarenta|cinquenta|sessenta|noventa|cem|cento|mil|meia)\b", re.IGNORECASE)


def asks_for_a_figure(question: str) -> bool:
    kinds = asked_kinds(question)
    return bool(kinds) and kinds[0] in FIGURE_KINDS


# Numbers that are references, not figures: "Art. 7º", "§ 2º", "inciso 3", "Lei nº 1.902/2018", "11.20.00".
_REFERENCE = re.compile(r"\b(art(igo)?s?\.?|§+|par[aá]grafo|inciso|al[ií]nea|n\.?\s*[º°o]|n[º°]|lei|decreto)\s*\d+[\d.]*[º°o]?"
                        r"(\s*/\s*\d{2,4})?|\b\d+/\d{4}\b|\b\d+(\.\d+){2,}\b|§", re.IGNORECASE)


def holds_a_figure(snippet: str) -> bool:
    """A number that is a figure (an amount, a period, a distance…), not an article's or a law's number."""
    text = _REFERENCE.sub(" ", snippet or "")
    return bool(re.search(r"\d", text)) or _NUMBER_WORD.search(text) is not None


# The law's figures with their Portuguese units, glossed for a reader of English ("60 (sessenta) dias"
# → "60 days"): the quote stays the law's own words, the figure is not lost in translation.
_FIGURE_UNIT = re.compile(
    r"(\d+(?:[.,]\d+)*)\s*(?:\([^)]{1,40}\)\s*)?(dias [uú]teis|dias|dia|horas|hora|meses|m[eê]s|anos|ano|"
    r"metros quadrados|metros|metro|m²|m2|km|quil[oô]metros|m)(?![\w²])", re.IGNORECASE)
_UNIT_EN = {"dias uteis": "working days", "dias úteis": "working days", "dias": "days", "dia": "day",
            "horas": "hours", "hora": "hour", "meses": "months", "mes": "month", "mês": "month", "anos": "years",
            "ano": "year", "metros quadrados": "m²", "metros": "m", "metro": "m", "m²": "m²", "m2": "m²", "km": "km",
            "quilometros": "km", "quilômetros": "km", "m": "m"}


def figure_glosses(snippets: list[str]) -> list[str]:
    found: list[str] = []
    for snippet in snippets:
        text = snippet or ""
        for match in _FIGURE_UNIT.finditer(text):
            number, unit = match.groups()
            if text[:match.start()].strip() in ("…", "...") or (match.start() > 0 and text[match.start() - 1].isalnum()):
                # a number the snippet's cut begins inside ("…00 metros" of "500 metros"), or glued to a letter
                # by the scan ("l00 (cem) metros", Lajes art. 123), is no figure to gloss: the quote shows it
                continue
            gloss = f"{number.replace(',', '.')} {_UNIT_EN.get(unit.lower(), unit)}"
            if gloss not in found:
                found.append(gloss)
    return found[:4]


# How close the second passage's score must be to the first's to be shown too.
_CLOSE_SECOND = 0.85


def answer_from_search(turn: Turn, jurisdiction: str | None, limit: int | None = None, force_unsure: bool = False,
                       intro: str | None = None, hits: list | None = None) -> None:
    """Quote the best passages for the message. With `intro`, they complete an answer already given
    (and nothing is said if nothing is found)."""
    # Two passages at most; the second only when it matches about as well as the first (BM25 scores
    # compare within one query): a phone shows one quote at a time, the article link holds the rest.
    if hits is None:
        hits = law_hits(turn, jurisdiction, limit or 2)
        if limit is None and not force_unsure and len(hits) > 1 and hits[1].score < _CLOSE_SECOND * hits[0].score:
            hits = hits[:1]
    if not hits:
        if intro is None:
            turn.say("search.nothing", jurisdiction=jurisdiction)
        return
    offices = offices_of(jurisdiction, turn.language) if jurisdiction else []
    question = turn.asked
    # A quote that holds no figure does not answer "how long / how much / how far", and a fine's figure ("multa de
    # 250 UFIB") does not answer "how much is the licence fee?": say plainly that the text we have does not give
    # it, and who can tell.
    wanted = [test for asked, test in ((asks_for_a_figure(question), holds_a_figure),
                                        (asks_a_price(question), _speaks_of_a_price)) if asked]
    if wanted:
        hits = [h for h in hits if all(test(h.snippet) for test in wanted)]
        if not hits:
            if intro is None and jurisdiction:
                turn.say("search.no_figure", place=jurisdiction_name(jurisdiction), offices=offices)
            elif intro is None:
                turn.say("search.nothing", jurisdiction=jurisdiction)
            return
    passages = [passage_view(h) for h in hits]
    glosses = figure_glosses([h.snippet for h in hits]) if turn.language == "en" else []
    confident = not force_unsure
    key = intro or ("search.passages" if confident else "search.unsure")
    turn.say(key, passages=passages, offices=offices, glosses=glosses,
             custom={"citations": [{"unit_id": h.unit_id, "label": h.label, "url": article_url(h.unit_id)} for h in hits]})


# The words of a price in the law: a fee, a public price, a charge, a payment ("taxa", "preço público", "valor",
# "tarifa", "emolumentos", "caução"), or an amount in money that is not a fine's (a fee table's row: "2,00 UFM";
# not "multa de 250 UFIB").
_PRICE_WORD = re.compile(r"\b(taxas?|precos?|tarifas?|valor|valores|custos?|emolumentos?|pagamento|pagar|pago|"
                         r"caucao|deposito|cobranca|cobrad[oa]s?|isencao|isent[oa]s?|oneros[oa]|gratuit[oa])\b")
_MONEY = re.compile(r"\b(ufm|ufms|ufib|ufibs|ufir|reais|euros?)\b|r\$|€")
_FINE_WORD = re.compile(r"\b(multas?|coimas?|penalidades?|infracao|infracoes)\b")


def _speaks_of_a_price(snippet: str) -> bool:
    text = fold(snippet or "")
    return bool(_PRICE_WORD.search(text)) or (bool(_MONEY.search(text)) and not _FINE_WORD.search(text))


_NUMBER = re.compile(r"\d+")


def _norms_meant(turn: Turn, jurisdiction: str | None) -> list:
    """The norm a question about "art. N" refers to: the jurisdiction's, or one named by its number."""
    text = turn.asked
    digits = {n.lstrip("0") for n in _NUMBER.findall(text.replace(".", ""))}
    norms = load_corpus().norms
    named = [n for n in norms if _NUMBER.findall(n.number.replace(".", ""))[0].lstrip("0") in digits]
    if named:
        return named
    return [n for n in norms if n.jurisdiction == jurisdiction]


_NORM_CITED = re.compile(
    r"\b(?:lei|decreto|decree|law|portaria|resolu[cç][aã]o)(?:[\s-]+(?:complementar|municipal|lei|estadual|federal))*"
    r"[\s,]*(?:n[.ºo°]*\s*)?(\d[\d.]*\s*/\s*\d{2,4})", re.IGNORECASE)


@lru_cache
def _seed_text() -> str:
    """The five texts as received (amendment notes and references to other laws included)."""
    return " ".join(" ".join(p.read_text(encoding="utf-8").split()) for p in NORMS_DIR.glob("*.txt")).replace(".", "")


def unknown_norm_cited(text: str) -> str | None:
    """A norm the citizen cites ("Lei Municipal 777/2020") that appears nowhere in our corpus — not as
    one of its norms, nor as a law they mention. Answering about it would mean inventing its content."""
    for match in _NORM_CITED.finditer(text or ""):
        number, year = (part.strip().replace(".", "") for part in match.group(1).split("/"))
        # Cited by our texts as "622/2004" or "n. 622, de 05 de novembro de 2004": known, not invented.
        if not re.search(rf"\b{number}\b.{{0,45}}\b(?:\d\d)?{year[-2:]}\b", _seed_text()) and not any(
            number == _NUMBER.findall(n.number.replace(".", ""))[0] for n in load_corpus().norms
        ):
            return match.group(0).strip()
    return None


def _names_norm(turn: Turn, norm) -> bool:
    text = (turn.asked).replace(".", "")
    return _NUMBER.findall(norm.number.replace(".", ""))[0].lstrip("0") in {n.lstrip("0") for n in _NUMBER.findall(text)}


def answer_article(turn: Turn, jurisdiction: str | None, strict: bool = False) -> bool:
    """"O que diz o art. 40?": quote the article, or say plainly that the norm has no such article.
    Returns False when the message names no article (the caller searches instead)."""
    raw = turn.entity("article")
    match = _NUMBER.search(str(raw or ""))
    norms = _norms_meant(turn, jurisdiction) if match else []
    if strict:  # only a norm named by its number in the message
        norms = [n for n in norms if n.jurisdiction != jurisdiction or _names_norm(turn, n)]
    if not match or len(norms) != 1:
        return False
    norm, number = norms[0], int(match.group())
    corpus = load_corpus()
    # Portugal: citizens mean the RAMT, the regulation the decree republishes.
    candidates = [f"{norm.id}/ramt/art-{number}", f"{norm.id}/art-{number}"]
    unit_id = next((c for c in candidates if corpus.has(c) and corpus.full_text(c).strip()), None)
    if unit_id is None:
        ramt = f"{norm.id}/ramt"
        articles = corpus.articles(norm.id, prefix=ramt) if corpus.has(ramt) else corpus.articles(norm.id)
        turn.say("search.no_such_article", norm=norm.citation, number=number, count=len(articles))
        return True
    text = corpus.full_text(unit_id)
    turn.say("search.article", norm=norm.citation, label=corpus.unit(unit_id).label, url=article_url(unit_id),
             text=text if len(text) <= 900 else text[:900].rsplit(" ", 1)[0] + " …",
             custom={"citations": [{"unit_id": unit_id, "label": corpus.unit(unit_id).label, "url": article_url(unit_id)}]})
    return True
