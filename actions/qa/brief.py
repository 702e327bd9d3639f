"""The short answer a phone shows first, and what it leaves for "Mais detalhes".

A rules decision holds everything the law says about an activity: every condition, fee row, fines
tier and document. The first answer shows, per section, the few items the question's own words point
to (original order kept: the rules data lists the main ones first) and cites only what it shows, at
most three articles; the full answer waits behind the "Mais detalhes" / "More details" button
(actions/qa/details.py). Selection only — the sentences are still the `answer.<topic>` templates'.
"""

from __future__ import annotations

import math
import re
from datetime import date
from typing import Any, Iterable, NamedTuple

from actions.common.citations import article_of
from actions.qa.search import asks_for_a_figure
from knowledge.facts.resolve import FUNCTION_WORDS, asked_kinds, cue_words, function_stems, place_stems, without_cues
from knowledge.rules import catalogue, regulating_norms
from knowledge.rules.models import Citation, Decision, Note, text_in
from knowledge.search import get_index
from knowledge.search.text import fold, stem, tokens
from knowledge.rules.registry import per_registry

__all__ = ["BRIEF_CAPS", "LEAD_SECTIONS", "asks_a_coded_rule", "asks_to_transfer", "MAX_ARTICLES", "Brief", "Forbidding", "blocking_restriction", "brief_decision", "forbidding_clause", "question_stems", "relevance", "first_articles", "stems_of"]

# How many items of each section the short answer shows. Conditions only when they change the answer
# (two at most, see _SHOWN_WHEN_ASKED); a place list stays whole up to six (the answer to "where?"),
# documents up to eight and obligations up to six (checklists are read whole), a fines table up to
# three tiers, distances up to four (one line each).
BRIEF_CAPS: dict[str, int] = {
    "conditions": 2, "not_covered": 1, "places": 6, "documents": 8, "fees": 2, "exemptions": 1,
    "hours": 3, "distances": 4, "obligations": 6, "penalties": 3, "deadlines": 3,
}
# Offences named per fines tier in the short answer (the template names at most three).
OFFENCES_SHOWN = 3
# A word the glossary added weighs less than the citizen's own (and, idf-weighted, stays below 1).
ADDED_WEIGHT = 0.4
MAX_ARTICLES = 3


# Verbs that say "carry on the activity" ("posso alugar SUP", "can I run a food truck"): they are in every
# can-I question and point to no condition.
_DOING = frozenset(stem(w) for w in """
alugar aluguel alugo vender venda vendo vendas comercializar comercio abrir montar trabalhar fazer usar
colocar botar ter explorar dar oferecer funcionar instalar operar exercer atuar levar
rent renting rental sell selling sale run running operate operating open have put set work make use
offer give do doing start trade trading business negocio negocios empreendimento atividade atividades activity
activities
""".split()) | frozenset(stem(w) for w in """
praia praias areia orla faixa beach beaches sand seaside rua ruas street streets
""".split())  # and the assistant's whole scope: the beach and the street


def question_stems(question: str) -> dict[str, float]:
    """The question's content words, stemmed as the search index does after its typo correction (weight
    1), and the words its bilingual glossary adds ("licença" → "autorização", weight 0.4). The town's
    name is the scope, and the words that asked for the kind of answer ("qual a multa") say what is
    wanted, not which item ("…without insurance" still names the offence)."""
    # (who may apply is asked in the words that say who: "como pessoa física?" keeps them)
    kinds = tuple(k for k in asked_kinds(question)[:1] if k != "holder")
    left_out = place_stems() | cue_words(question, kinds) | _DOING
    # the glossary's words for what the question is about, not for the kind it asks ("multa" → "coima")
    # nor for its scope ("alugar" → "locação", "praia" → "areia")
    plan = get_index().plan(" ".join(w for w in tokens(without_cues(question, kinds)) if stem(w) not in left_out))
    own = {s for s in plan.asked if len(s) > 2} | {stem(w) for w in tokens(question) if len(w) > 2 and w not in FUNCTION_WORDS}
    own -= function_stems() | left_out
    own |= _lacking(tokens(question))
    stems = dict.fromkeys(own, 1.0)
    stems.update({s: ADDED_WEIGHT for s in plan.added if s not in own and s not in left_out and len(s) > 2})
    return stems


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "citations":
                yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


_WITHOUT = frozenset({"sem", "without", "nao", "não", "no", "not", "sin"})
_SKIPPED = frozenset({"a", "o", "as", "os", "um", "uma", "the", "an", "any", "de", "do", "da", "ter", "tem", "have", "has"})


def _lacking(words: list[str]) -> set[str]:
    """"sem licença", "without a licence": the lacking thing as its own word ("-licenc"), so that "rent
    without a licence" meets the condition on renting without one, not every mention of a licence."""
    found = set()
    for i, word in enumerate(words):
        if word.lower() in _WITHOUT:
            following = [w for w in words[i + 1:i + 5] if w.lower() not in _SKIPPED][:2]
            found |= {"-" + stem(w) for w in following if len(w) > 2}
    return found


def _stems(text: str) -> set[str]:
    words = tokens(text.replace("_", " "))
    return {stem(w) for w in words} | _lacking(words)


def _words(item: Any) -> frozenset[str]:
    """An item's words: its texts in every language and its codes, stemmed."""
    return frozenset().union(*(_stems(text) for text in _strings(item.model_dump(mode="json"))))


def _weights(items: list, asked: dict[str, float]) -> dict[str, float]:
    """The question's words that tell this section's items apart, rarer ones weighing more (as in
    BM25's idf): a word most items share ("praia", the activity's name) says nothing about which one
    was asked, and "insurance" tells more than "operating"."""
    if len(items) <= 2:
        return dict(asked)
    bags = [_words(item) for item in items]
    weights = {}
    for word, weight in asked.items():
        share = sum(word in bag for bag in bags)
        if 0 < share <= len(bags) / 2:
            weights[word] = weight * (1.0 + math.log(len(bags) / share) / 10)
    return weights


def relevance(item: Any, weights: dict[str, float]) -> float:
    """How many of the question's telling words the item holds: its own words, and at most one word its
    glossary added (several synonyms of one word are still one word: "locação", "locatário")."""
    if not weights:
        return 0.0
    held = [weights[w] for w in _words(item) if w in weights]
    return sum(w for w in held if w >= 1.0) + max((w for w in held if w < 1.0), default=0.0)


def _pick(items: list, cap: int, weights: dict[str, float], *, at_least: float = 0.0, figure: bool = False,
          keep_order: bool = True) -> list:
    """The `cap` items that share most words with the question (an exemption that applies, and when a
    figure is asked an item that states one, come first; ties: the data's order). Items sharing fewer
    than `at_least` words are left out (an exemption that applies never is). Returned in the data's
    order when `keep_order` (a list read whole: places, documents), else most relevant first (the first
    line answers: the fine for the offence asked about, the fee row that applies)."""
    scores = [relevance(item, weights) for item in items]
    applies = [getattr(item, "applies", None) is True for item in items]
    ranked = sorted(range(len(items)), key=lambda i: (not applies[i], figure and not _holds_figure(items[i]), -scores[i], i))
    keep = [i for i in ranked[:cap] if scores[i] >= at_least or applies[i]]
    return [items[i] for i in (sorted(keep) if keep_order else keep)]


# Sections whose items are shown only when the question points to them (shares one of its telling
# words): a condition changes the answer for the case asked about ("rent without a licence?", "menor de
# idade pode?"), not in general; an exemption when it applies or is named ("sou idoso, pago a taxa?");
# a note on what the norms leave out when it is what was asked ("quanto vale a UR?").
_SHOWN_WHEN_ASKED = {"conditions": ADDED_WEIGHT, "exemptions": ADDED_WEIGHT, "not_covered": 1.0}
# Sections the headline does not already answer: the words the permit and places hold ("beach" in "a
# licensed beach point") do not point to a condition.
_BEYOND_HEADLINE = ("conditions", "not_covered", "exemptions")
# Lists read whole, in the law's order; the other sections put the item asked about first.
_READ_WHOLE = ("places", "documents", "obligations")
# An amount asked for ("quanto", "qual o valor", "how much"): the fee rows and fines tiers that state one
# come first. "Com quantas multas perco a licença?" asks for a count, not an amount.
_AMOUNT_ASKED = re.compile(r"\b(quanto|quanta|valor|custa|custo|preco|qual (e |eh )?(a|o) (multa|coima|taxa)|"
                           r"de quanto|tamanho da multa|multa maxima|multa minima|"
                           r"how much|cost|price|what('s| is) the (fine|fee)|how (big|high|large)|"
                           r"(min|max|minimum|maximum|highest|lowest|biggest)( and (min|max|minimum|maximum))? fines?)\b")


class Brief(NamedTuple):
    decision: Decision  # each shown section cut to its cap
    cut: bool  # something is left for "Mais detalhes"
    cite_first: list  # the shown items, most relevant first: their articles are cited first
    unmet: frozenset[str]  # the question's own words that nothing shown holds (a passage may)
    lead: Any = None  # the shown condition that states the figure asked for ("altura máxima da bandeira")
    asked: frozenset[str] = frozenset()  # the question's telling words (own and glossary's), to choose articles


@per_registry
def _activity_stems(activity: str) -> frozenset[str]:
    names = next((a.names for a in catalogue() if a.id == activity), {})
    return frozenset(stem(w) for synonyms in names.values() for name in synonyms for w in tokens(name)
                     if len(w) > 2) | frozenset(stem(w) for w in activity.split("_") if len(w) > 2)


def brief_decision(decision: Decision, sections: tuple[str, ...], question: str) -> Brief:
    """What the short answer shows of a decision for this question (see Brief)."""
    # the activity's own names are the subject of every item, not a pointer to one ("jet ski")
    activity = _activity_stems(decision.activity)
    asked = {s: w for s, w in question_stems(question).items() if s not in activity}
    amount = _AMOUNT_ASKED.search(fold(question)) is not None
    headline = _headline_words(decision)
    update: dict[str, list] = {}
    ranked: list[tuple[float, int, Any]] = []
    for section, cap in BRIEF_CAPS.items():
        if section not in sections:
            continue
        items = list(getattr(decision, section))
        weights = _weights(items, {s: w for s, w in asked.items() if s not in headline}
                           if section in _BEYOND_HEADLINE else asked)
        if section == "penalties":
            # the offence asked about first inside each tier, so that it is among those named
            items = [_offences_first(p, asked) for p in items]
        chosen = _pick(items, cap, weights, at_least=_SHOWN_WHEN_ASKED.get(section, 0.0), figure=amount,
                       keep_order=section in _READ_WHOLE)
        if section == "places" and weights and items:
            # one place named ("e no calçadão de Santa Terezinha?"): that place, the others behind "Mais
            # detalhes" (a word most places share, "calçadão", names none: _weights drops it)
            scores = [relevance(item, weights) for item in items]
            if max(scores) >= 1.0 and 0 < sum(s == max(scores) for s in scores) < len(items):
                chosen = [item for item, score in zip(items, scores) if score == max(scores)]
        if section == "conditions" and not chosen and unmet_before(asked, decision):
            # The question says something of the citizen's case that nothing else answers ("moro em São
            # Paulo", "menor de idade", "como pessoa física") and no condition shares its words: the
            # main conditions, in the law's order, are the likeliest answer.
            chosen = items[:cap]
        if chosen != items:
            update[section] = chosen
        for item in chosen:
            score = relevance(item, weights)
            offences = getattr(item, "offences", None)
            if offences and relevance(offences[0], _weights(offences, asked)) > 0:
                ranked.append((score, len(ranked), offences[0]))  # the offence asked about cites its article
            ranked.append((score, len(ranked), item))
    cut = any(len(update[s]) < len(getattr(decision, s)) for s in update)
    cut = cut or any(len(p.offences) > OFFENCES_SHOWN for p in update.get("penalties", decision.penalties))
    first = [item for _, _, item in sorted(ranked, key=lambda r: (amount and not _holds_figure(r[2]), -r[0], r[1]))]
    shown_words = frozenset().union(*(_words(item) for _, _, item in ranked)) if ranked else frozenset()
    if decision.permit is not None:
        shown_words |= _words(decision.permit)
    unmet = frozenset(s for s, w in asked.items() if w >= 1.0) - shown_words
    lead = None
    # "e para uma empresa com vários vendedores?", "¿puede la empresa pedir una sola licencia para todos sus
    # vendedores?": the rule of one permit each, which says what a company asks — before any word the question
    # shares with another rule ("produtos de limpeza" with the goods banned in the street)
    company = _coded_rule(decision, question, says_no=False)
    if company is not None:
        lead = company
    elif "permit" not in sections:
        # a list answer (limits, obligations): the item the question points to, of whatever list
        lead = _pointed(ranked, decision, update, asked)
    elif asks_for_a_figure(question):
        # a condition that shares the question's own words and states a figure answers it: said first
        held = [(score, -i, item) for score, i, item in ranked
                if score >= 1.0 and _holds_figure(item) and item in update.get("conditions", decision.conditions)]
        lead = max(held, key=lambda h: h[:2])[2] if held else None
    elif _CAN_I.search(fold(question)):
        # "can we get the permit, or does the business have to be based in Bertioga?": the condition the
        # question's own words point to is the answer, said first
        held = [(score, -i, item) for score, i, item in ranked
                if score >= 1.0 and item in update.get("conditions", decision.conditions)]
        # ("posso colocar meu carrinho fixo na esquina?": the distance from the corner answers it — a distance
        # the question's own words name, though a can-I answer lists none)
        distances = [d for d in decision.distances if d.text is not None]
        weights = _weights(distances, asked)
        held += [(relevance(d, weights), -len(ranked) - i, d) for i, d in enumerate(distances)
                 if relevance(d, weights) >= 1.0 and "distances" not in sections]
        lead = max(held, key=lambda h: h[:2])[2] if held else None
    return Brief(decision.model_copy(update=update) if update else decision, cut, first, unmet, lead, frozenset(asked))




# The list items a pointed lead may be: a rule said in one sentence with its article.
LEAD_SECTIONS = ("conditions", "distances", "obligations")


def _pointed(ranked: list[tuple[float, int, Any]], decision: Decision, update: dict[str, list],
             asked: dict[str, float]) -> Any:
    """A list answer (limits, obligations) whose question points to one item more than to any other
    ("o professor precisa ficar junto do aluno o tempo todo?" → the full-time professional; "how tall can
    the flags be?" → the 2 m flags): that item, said first. None when the question points to none, or to
    two alike (then the list is the answer). The items of every shown list are weighed together (a word
    one list's items all share may still tell this item from another list's)."""
    shown_ids = {id(item) for _, _, item in ranked}
    items = [item for section in LEAD_SECTIONS for item in update.get(section, getattr(decision, section))
             if getattr(item, "text", None) is not None and id(item) in shown_ids]
    weights = _weights(items, asked)
    scores = sorted(((relevance(item, weights), -i, item) for i, item in enumerate(items)),
                    key=lambda h: h[:2], reverse=True)
    if not scores or scores[0][0] < 1.0 or (len(scores) > 1 and scores[1][0] >= scores[0][0]):
        return None
    return scores[0][2]


def _headline_words(decision: Decision) -> frozenset[str]:
    """The words of what every can-I answer says first: the permit and the places."""
    return (_words(decision.permit) if decision.permit is not None else frozenset()).union(
        *(_words(p) for p in decision.places))


def unmet_before(asked: dict[str, float], decision: Decision) -> bool:
    """Whether the question has an own word that neither the permit nor the activity's places hold."""
    held = _headline_words(decision)
    return any(w >= 1.0 and s not in held for s, w in asked.items())


def stems_of(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in tokens(text or ""))


def _holds_figure(item: Any) -> bool:
    """A fee row or fines tier states its figure as an amount ("Cassação" with "2 multas em 1 ano" states
    none); other items in their text."""
    if "amount" in type(item).model_fields:
        # (a charge set as a share of the licence fee states its figure as a percentage: "2ª via: 50%")
        return item.amount is not None or getattr(item, "percent_of_licence_fee", None) is not None
    return any(ch.isdigit() for text in _strings(item.model_dump(mode="json", exclude={"citations"})) for ch in text)


def _offences_first(penalty, asked: dict[str, float]):
    if len(penalty.offences) <= 1 or not asked:
        return penalty
    weights = _weights(penalty.offences, asked)
    ranked = sorted(range(len(penalty.offences)), key=lambda i: (-relevance(penalty.offences[i], weights), i))
    return penalty.model_copy(update={"offences": [penalty.offences[i] for i in ranked]})


def first_articles(citations: Iterable, limit: int = MAX_ARTICLES) -> list:
    """The citations of the first `limit` articles (or annex rows) met, in the order given."""
    seen: list[str] = []
    kept = []
    for citation in citations:
        key = article_of(citation.unit_id)
        if key not in seen:
            if len(seen) >= limit:
                continue
            seen.append(key)
        kept.append(citation)
    return kept


# A yes/no question about doing something ("dá pra montar barraca de fogos…?", "can I play music from my
# trailer?"), wherever in the message it is asked.
_CAN_I = re.compile(r"\b(posso|podemos|pode|podem|da pra|da para|e permitido|permitido|permitida|permite|consigo|"
                    r"can i|can we|can you|could i|may i|am i allowed|are we allowed|allowed to|"
                    # ("is that even allowed?": whether, of what the story told)
                    r"is (it|that|this) (even |really |actually )?(allowed|ok|okay|legal|permitted))\b")
# What a condition forbids: the clause from its "no"/"sem"/"nada de" on.
# (per language: Portuguese "no" is "in the")
_FORBIDS = {"pt": re.compile(r"\b(sem|nada de|nao|proibid[oa]s?|vedad[oa]s?|nenhum|nenhuma|nunca|jamais)\b"),
            "en": re.compile(r"\b(no|not|never|without|forbidden|banned|prohibited|nor)\b")}


_PASSIVE = re.compile(r"forbidden|banned|prohibited|proibid[oa]s?|vedad[oa]s?")
_SCOPE_END = re.compile(r"[,.:()]|\b(but|mas|porem|except|exceto|salvo|unless|a menos)\b")


class Forbidding(NamedTuple):
    condition: Any  # the rule that says so: a condition, an obligation, the season
    clause: str  # the clause that forbids what was asked, in the reader's language
    citation: Citation | None  # its article: the clause's own when the condition cites one per clause, else the first


# "Posso passar a autorização pro meu irmão?", "can I hand it over to my cousin?", "¿se la puedo pasar a mi
# primo?" (glossed "passar a meu primo"): handing the permit to someone else.
_TRANSFER = re.compile(r"\b(transferir|transfiro|transfere|transferi-la|transfer|repassar|repasso|ceder|"
                       r"passar (a |as |o |os |ela |ele |la |minha |meu |essa |esse )?(licenca |autorizacao |alvara |"
                       r"permissao |ponto )?(pra|para|pro|a|ao)|pass (\w+ ){0,8}on to|hand (\w+ ){0,8}over|"
                       r"give (it|my \w+) to|"
                       # "a friend wants to take over the truck and keep using my authorisation", "assumir o meu ponto"
                       r"take (it |the \w+ |my \w+ )?over|takes over|taking over|(keep )?using my (licen[cs]e|permit|"
                       r"authori[sz]ation|alvara)|assumir (o|a|meu|minha) (ponto|licenca|alvara|autorizacao|carrinho|barraca))\b")
# what says a permit may not change hands
_NOT_TRANSFERABLE = re.compile(r"intransfer|intransmiss|not transferable|non-transferable|cannot be transferred|"
                               r"nao (e |pode ser )?transfer|no (es |puede ser )?transferible")


# "Posso deixar as tendas montadas na areia de noite?", "can I leave the boards on the sand overnight?",
# "¿puedo dejar las carpas armadas de noche?" (glossed "deixar … de noite"): gear left in place after hours.
_LEAVE_IN_PLACE = re.compile(r"\b(deixar|deixo|deixa|leave|leaving|dejar|dejo)\b.{0,80}\b(noite|noites|night|overnight|madrugada|"
                             r"next morning|dia seguinte|amanha|depois do horario|after hours|fim do dia|end of the day|"
                             r"montad[oa]s|armad[oa]s|set up)\b|\b(pernoitar|overnight)\b")
# "dá pra tirar duas licenças no meu nome?", "can I get a second permit?", "¿puedo sacar dos licencias?"
# (glossed "duas licenças"): more than one permit for one holder.
# (held by the one asking — "tirar duas licenças", "get a second permit" —, not needed besides: "preciso de outra
# licença além do alvará?" asks about another kind of permit)
_MORE_THAN_ONE = re.compile(r"\b(tirar|ter|pedir|obter|conseguir|get|have|hold|apply for|sacar|tener|obtener)\b (\w+ ){0,2}"
                            r"(duas|dois|2|outra|outro|segunda|segundo|mais de uma|mais de um|two|another|a second|"
                            r"more than one)\b (\w+ )?(licencas?|autorizac(ao|oes)|alvaras?|permiss(ao|oes)|"
                            r"licen[cs]es?|permits?|authori[sz]ations?)\b")
# "and for a company with several sellers?", "e pra uma empresa com funcionários?", "¿y para una empresa con
# varios vendedores?" (glossed): how many permits a company with staff needs
_FOR_A_COMPANY_WITH_STAFF = re.compile(r"\b(empresa|company|firma|firm|business|sociedade)\b.{0,60}\b(empregados?|funcionarios?|"
                                       r"vendedores|colaboradores|sellers|vendors|employees|staff|workers)\b")
_ONE_EACH = re.compile(r"one_(licence|authorisation|permit)_per_")
# Questions the rules data answers by one rule, found by its code: (what the question asks, the rule's code,
# whether the rule answers "no"). Gear left in place after hours is taken away at the end of the day; one
# holder, one permit — and a company asks one per employee.
_CODED_ANSWERS = ((_LEAVE_IN_PLACE, re.compile(r"remove(d)?_(gear_)?(after_hours|daily)"), True),
                  (_MORE_THAN_ONE, _ONE_EACH, True),
                  (_FOR_A_COMPANY_WITH_STAFF, _ONE_EACH, False))


def asks_a_coded_rule(question: str) -> bool:
    """A yes/no question a coded rule answers "no" to (gear left overnight, a second permit)."""
    return bool(_codes_saying_no(question))


def _codes_saying_no(question: str) -> list[re.Pattern[str]]:
    """The codes of the rules that answer the question "no" (_CODED_ANSWERS)."""
    folded = fold(question)
    return [code for asked, code, says_no in _CODED_ANSWERS if says_no and asked.search(folded)]


def a_coded_rule_says_no(question: str, activity: str | None, jurisdiction: str, day: date) -> bool:
    """Whether a rule of the activity's regimes answers the question "no" by its code (a second permit where each
    holder has one; gear left in place after hours) — Igarapava's food trucks, which may hold several, have none."""
    codes = _codes_saying_no(question)
    if not codes or activity is None:
        return False
    # (the regime's conditions and duties, and its permit's notes: "one licence per applicant" is Lajes' permit's)
    return any(code.search(getattr(item, "code", None) or "") for code in codes
               for norm in regulating_norms(activity, jurisdiction, day) for regime in norm.activities[activity].regimes
               for item in [*regime.conditions, *regime.obligations,
                            *(norm.permits[regime.permit].notes if regime.permit in norm.permits else ())])


def _coded_rule(decision: Decision, question: str, *, says_no: bool) -> Any:
    """The condition or obligation whose code answers what the question asks (None when none does)."""
    folded = fold(question)
    for asked, code, no in _CODED_ANSWERS:
        if no is says_no and asked.search(folded):
            found = next((item for item in [*decision.conditions, *decision.obligations]
                          if code.search(getattr(item, "code", None) or "")), None)
            if found is not None:
                return found
    return None


def asks_to_transfer(question: str) -> bool:
    return _TRANSFER.search(fold(question)) is not None


def _transfer_clause(decision: Decision, language: str) -> Forbidding | None:
    """The clause of a condition, an obligation or the season that says the permit is not transferable."""
    items = [*decision.conditions, *decision.obligations, *([decision.season] if decision.season else [])]
    return next((Forbidding(item, clause, cite) for item in items for clause, cite in _clauses(item, language)
                 if _NOT_TRANSFERABLE.search(fold(clause))), None)


def _clauses(item: Any, language: str) -> Iterable[tuple[str, Citation | None]]:
    """A rule's clauses (its text split at ";"), each with its article."""
    clauses = re.split(r";\s*", text_in(item.text, language) or "")
    for i, clause in enumerate(clauses):
        yield clause, _clause_citation(item, i, len(clauses))


# A preposition or possessive a rule's clause may share with a question without saying what it forbids ("Não beba nem
# trabalhe … durante o serviço" is no answer to "vender sorvetes durante as férias?")
_NOT_TELLING = frozenset(stem(w) for w in "durante seu sua seus suas during".split())


def forbidding_clause(decision: Decision, question: str, language: str) -> Forbidding | None:
    """A can-I question whose telling word a condition forbids ("barraquinha pra vender fogos na festa
    junina?" → "nas festas juninas, nada de barraca de fogos de artifício"): the answer is no, said first.
    Only the words after the clause's negation count ("sem som" forbids sound, "sem jogos de azar"
    forbids nothing about fireworks), and a clause with a figure is a limit, answered by its figure
    ("no more than 2 tents" does not forbid a tent)."""
    if not _CAN_I.search(fold(question)):
        return None
    if asks_to_transfer(question):
        # "posso passar a autorização pro meu irmão?": the rule that says it is personal answers it
        transfer = _transfer_clause(decision, language)
        if transfer is not None:
            return transfer
    # "posso deixar as tendas montadas na areia de noite?": the rule that gear goes at the end of the day;
    # "dá pra tirar duas licenças?": the rule of one permit per holder — said whole
    coded = _coded_rule(decision, question, says_no=True)
    if coded is not None:
        return Forbidding(coded, text_in(coded.text, language) or "", coded.citations[0] if coded.citations else None)
    skip = _activity_stems(decision.activity) | _headline_words(decision)
    stems = question_stems(question)
    own = {s for s, w in stems.items() if w >= 1.0 and s not in skip and not s.startswith("-")} - _NOT_TELLING
    if not own:
        return None
    # (and the glossary's forms of them: "facão" is the law's "facões")
    own |= {s for s, w in stems.items() if w < 1.0 and s not in skip and not s.startswith("-")
            and any(o[:3] == s[:3] for o in own)}
    # (a prohibition may stand among the obligations: "Proibido usar facões na venda de coco verde")
    # (a Spanish question is read in its Portuguese gloss: its words meet the rule's Portuguese clauses, and the
    # clause is said in Spanish — the same clause when the two texts split alike, else the whole rule)
    read_in = "pt-BR" if language == "es" else language
    for condition in [*decision.conditions, *decision.obligations]:
        said = list(_clauses(condition, language))
        read = list(_clauses(condition, read_in))
        for i, (clause, cite) in enumerate(read):
            folded = fold(clause)
            negation = _FORBIDS["en" if read_in == "en" else "pt"].search(folded)
            if negation is None or any(ch.isdigit() for ch in clause):
                continue
            # the negation's scope: up to the next comma, bracket or "but" ("no minimum crew, but follow the
            # Boating Regulation" forbids nothing about boating)
            scope = _SCOPE_END.split(folded[negation.end():], maxsplit=1)[0]
            if _PASSIVE.fullmatch(negation.group(0)):
                # "machetes … are banned": what is banned is said before the word
                scope = _SCOPE_END.split(folded[:negation.start()])[-1] + " " + scope
            held = own & {stem(w) for w in tokens(scope)}
            if held:
                if read_in != language:
                    clause = said[i][0] if len(said) == len(read) else text_in(condition.text, language) or clause
                return Forbidding(condition, clause, cite)
    return None


def _clause_citation(condition: Note, index: int, clauses: int) -> Citation | None:
    """The article of the clause: the condition's citations usually follow its clauses (one per clause);
    otherwise its first."""
    cites = condition.citations
    if not cites:
        return None
    return cites[index] if len(cites) == clauses else cites[0]


def blocking_restriction(decision: Decision, language: str) -> Forbidding | None:
    """The restriction that makes a "not allowed" (its condition carries the reason's code)."""
    condition = next((c for c in decision.conditions if c.code in decision.reasons), None)
    if condition is None:
        return None
    return Forbidding(condition, text_in(condition.text, language) or "", condition.citations[0] if condition.citations else None)
