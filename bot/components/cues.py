"""Explicit cues for the decisions that must not hang on a classifier's margin.

Opening a pre-application, cancelling it, and a plain yes/no change what happens to a citizen's data
and time. DIET reads most sentences well, but a sentence near the boundary between two intents is read
one way on one CPU and the other way on another (float results differ), so these decisions are taken
here, from words, the same on every machine:

- a request verb and a permit word ("quero pedir licença…", "I want to apply for a permit") is a
  request, unless it is asked as a question or as "quero saber…";
- a question about a permit ("precisa de licença?") is never a request; when the classifier leans
  towards a request anyway, the bot answers the question and offers to open the pre-application;
- a message made only of cancel words ("cancelar", "desisto") is a cancel; only of yes or no words
  ("sim", "não, obrigado") an affirm or a deny.

Pure standard library: imported by the Rasa component (Python 3.10 engine venv) and by the tests.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

__all__ = ["Reading", "QUESTION_INTENTS", "DEFAULT_MARGINS", "DEFAULT_CONFIG", "fold", "words", "read", "decide", "is_question",
           "asks_whether_needed", "asks_whether_allowed", "asks_for_a_fact", "mentions_permit"]

QUESTION_INTENTS = ["ask_permission", "ask_places", "ask_fee", "ask_documents", "ask_hours", "ask_season",
                    "ask_limits", "ask_obligations", "ask_fine", "ask_after_fine", "ask_law", "inform"]
DEFAULT_MARGINS = {
    # A request must lead the best question intent by this much to be taken as one.
    "request_margin": 0.3,
    # A question asked with a request's words is a request only with this lead.
    "question_request_margin": 0.5,
    # A question answered while the classifier gave a request this much comes with the offer.
    "offer_confidence": 0.2,
}
# The IntentCues step's whole default configuration (config.yml may override any key).
DEFAULT_CONFIG = {"request_intent": "request_permit", "question_intents": QUESTION_INTENTS, **DEFAULT_MARGINS}


def fold(text: str) -> str:
    """Lower case, no accents, one space: 'Autorização' = 'autorizacao'."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", plain.lower()).strip()


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold(text))


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# First-person wishes that, with a permit word after them, ask for an application.
WANT = _set("quero queria gostaria desejo pretendo vou vamos bora queremos gostariamos precisamos "
            "qro kero qero qria quiero quisiera want wanna like need")
# "preciso" is a wish only before a request verb ("preciso pedir licença"); "preciso de licença" states
# a need that may well be a question about whether one is needed.
NEED = _set("preciso")
REQUEST_VERBS = _set("pedir solicitar requerer tirar fazer abrir obter conseguir iniciar comecar dar "
                     "renovar preencher regularizar legalizar licenciar cadastrar registrar registar "
                     "inscrever apply request get obtain start open register renew "
                     "sacar tramitar hacer obtener empezar registrarme")  # es (issue 15)
# A message that starts with one of these and names a permit asks for it ("solicitar licença",
# "novo pedido", "me ajuda a pedir a licença", "apply for a beach vendor permit").
IMPERATIVE_STARTS = _set("pedir solicitar requerer iniciar comecar abrir fazer renovar preencher novo nova "
                         "me ajuda ajuda apply start open request renew new")
PERMIT_WORDS = _set("licenca licencas autorizacao autorizacoes alvara alvaras permissao pedido "
                    "solicitacao licenciamento cadastro inscricao registro registo credenciamento pre "
                    "formulario licencia permiso solicitud licencias permisos autorizacion "
                    "permit permits licence license licences licenses authorization authorisation "
                    "application")
# Verbs that are themselves a licensing request ("quero regularizar meu ponto de SUP").
LICENSING_VERBS = _set("regularizar legalizar licenciar cadastrar registrar registar inscrever apply register")
NEGATIONS = _set("nao not don dont never nunca")
# "quero saber…", "I want to know…": a wish for information, not for an application.
KNOW = _set("saber entender conhecer perguntar informacao informacoes duvida duvidas ver "
            "know ask understand learn check find consultar preguntar")
# Words that open a question without a question mark.
INTERROGATIVES = _set("posso pode podemos podem precisa precisam como quanto quanta quantos quantas qual "
                      "quais onde quando quem oque porque e existe ha tem da "
                      "can could do does how what where when who which is are may should must "
                      "puedo puede pueden cuanto cuanta cuantos cuantas cual cuales donde cuando necesito "
                      "hay")  # es (issue 15), none a Portuguese word ("podes", "está permitido" are): "¿" marks a question
# Phrases that ask whether something is required: such a question is never a request, however a
# classifier leans ("quero vender milho na areia, precisa de licença?").
_WHETHER_NEEDED = re.compile(
    r"\b(precisa de|precisa ter|precisa tirar|precisa pedir|e preciso|e necessari[oa]|tem que|tem de|"
    r"e obrigatori[oa]|need a|need to|do i need|is a .{0,20}required|required|"
    r"necesito|se necesita|hace falta|hay que|es necesari[oa]|es obligatori[oa])\b")
# Other phrases that open a question anywhere in the message.
_QUESTION_PHRASES = re.compile(r"\b(da pra|e permitido|sera que|is it|are we|is there|se puede)\b")

# ("encerrar" is left out: alone it is as often a goodbye.)
CANCEL = _set("cancelar cancela cancele cancelo cancel desistir desisto desisti parar pare para sair "
              "stop quit exit abort chega interromper abortar esquece anular cancelalo dejalo")
CANCEL_FILLERS = _set("quero o a pedido isso tudo ai do da formulario mesmo por favor pfv please "
                      "the application it")
AFFIRM = _set("sim s ss simm yes yep yeah yup sure ok okay concordo aceito confirmo confirmar "
              "certo correto exato exatamente claro isso agree si dale acuerdo acepto")
AFFIRM_FILLERS = _set("por favor pfv please i que e mesmo com certeza of course de estoy")
DENY = _set("nao n no nope negativo discordo nunca")
DENY_FILLERS = _set("obrigado obrigada valeu thanks thank you aceito concordo quero i do don t dont "
                    "agree gracias estoy de acuerdo acepto")


@dataclass(frozen=True)
class Reading:
    """What the words alone decide. `intent` is set only for a decision that must not be guessed;
    `asks_about_permit` marks a question that mentions applying for a permit (offer the form)."""

    intent: str | None
    question: bool
    asks_about_permit: bool
    whether_needed: bool = False  # asks whether a permit is needed, or asks for a fact: never a request


def is_question(text: str) -> bool:
    folded = fold(text)
    tokens = words(text)
    if any(t in WANT | NEED for t in tokens[:3]) and any(t in KNOW for t in tokens[1:5]):
        return True  # "quero saber…", "I want to know…"
    if "?" in (text or "") or "¿" in (text or ""):
        return True
    if tokens and tokens[0] in INTERROGATIVES and tokens[0] not in ("e",):
        return True
    # "e se…", "e pra empresa…" open a follow-up question
    if len(tokens) >= 2 and tokens[0] == "e" and tokens[1] in INTERROGATIVES | _set("se pra para pro"):
        return True
    return _QUESTION_PHRASES.search(folded) is not None or asks_whether_needed(text)


def asks_whether_needed(text: str) -> bool:
    """'precisa de licença…', 'do I need a permit…' (with or without a question mark)."""
    folded = fold(text)
    if _WHETHER_NEEDED.search(folded) is None:
        return False
    # "I need to apply", "preciso tirar" state a wish; a question asks it
    tokens = words(text)
    return "?" in (text or "") or not tokens or tokens[0] not in WANT | NEED | _set("i")


# A yes/no question whether something is allowed ("a prefeitura libera a licença?", "¿está permitido…?").
_WHETHER_ALLOWED = re.compile(
    r"\b(posso|podemos|pode|podem|da pra|da para|libera|liberam|autoriza|autorizam|permite|permitem|"
    r"permitid[oa]s?|proibid[oa]s?|e legal|can i|can we|is it|are we|allowed|permitted|legal|"
    r"puedo|podemos|se puede|podes|esta permitido|esta prohibido)\b")


def asks_whether_allowed(text: str) -> bool:
    """A sentence asking whether something is allowed, with no request verb in it, whatever wish comes
    before: "Quero organizar um forró na rua. A prefeitura libera a licença?" asks; "Quero a licença,
    posso pedir aqui?" still asks to apply."""
    for sentence in re.findall(r"[^.!?¿]*\?", text or ""):
        tokens = words(sentence)
        if _WHETHER_ALLOWED.search(fold(sentence)) and not any(
                t in REQUEST_VERBS or t in LICENSING_VERBS or t in IMPERATIVE_STARTS or t in WANT for t in tokens):
            return True
    return False


def mentions_permit(tokens: list[str]) -> bool:
    return any(t in PERMIT_WORDS for t in tokens) or any(t in LICENSING_VERBS for t in tokens)


def _wishes_application(tokens: list[str]) -> bool:
    """A first-person wish early in the message, followed by a permit word or a licensing verb, and
    no "saber/know" between them: "quero autorização pra vender…", "gostaria de solicitar uma licença",
    "I'd like to apply…"."""
    if tokens and tokens[0] in IMPERATIVE_STARTS and any(
            t in PERMIT_WORDS or t in LICENSING_VERBS for t in tokens[1:6]):
        return not any(t in KNOW for t in tokens[:4])
    for i, token in enumerate(tokens[:5]):
        if token in NEGATIONS:
            return False  # "não quero mais fazer o pedido" leaves, it does not ask
        wish = token in WANT or (token in NEED and i + 1 < len(tokens) and tokens[i + 1] in REQUEST_VERBS)
        if token == "d" and i > 0 and tokens[i - 1] == "i" and i + 1 < len(tokens) and tokens[i + 1] == "like":
            wish = True  # "I'd like"
        if not wish:
            continue
        rest = tokens[i + 1:]
        for j, word in enumerate(rest):
            if word in KNOW:
                return False
            if word in PERMIT_WORDS or word in LICENSING_VERBS:
                # "pedido" alone is a permit word only after a request verb ("fazer o pedido")
                if word == "pedido" and not any(w in REQUEST_VERBS for w in rest[:j]):
                    continue
                return True
        return False
    return False


def _only(tokens: list[str], core: frozenset[str], fillers: frozenset[str]) -> bool:
    return bool(tokens) and len(tokens) <= 5 and any(t in core for t in tokens) and all(
        t in core or t in fillers for t in tokens)


def read(text: str) -> Reading:
    tokens = words(text)
    question = is_question(text)
    wish = _wishes_application(tokens)
    if not question and _only(tokens, CANCEL, CANCEL_FILLERS):
        return Reading("cancel", question, False)
    if _only(tokens, DENY, DENY_FILLERS) and tokens[0] in DENY:
        return Reading("deny", question, False)
    if not question and _only(tokens, AFFIRM, AFFIRM_FILLERS) and tokens[0] in AFFIRM | _set("i"):
        return Reading("affirm", question, False)
    if wish and not question:
        return Reading("request_permit", question, True)
    # "…a quem peço o licenciamento?", "…qual a taxa?": a question for a fact is answered, whatever the
    # wish around it, like a question whether a permit is needed (the offer to apply follows).
    needed = asks_whether_needed(text)
    # The offer follows a question only when the citizen says they mean to do it ("quero vender milho…,
    # precisa de licença?") or asks whether a permit is needed; "qual a multa sem licença?" is not a wish.
    wishes = any(t in WANT or t in NEED for t in tokens[:6])
    # (a question whether it is allowed is answered, not taken for a request; it adds no offer by itself)
    return Reading(None, question, question and mentions_permit(tokens) and (needed or wishes),
                   needed or asks_whether_allowed(text) or asks_for_a_fact(text))


_FACT_WORDS = re.compile(r"\b(a quem|quem|qual|quais|quanto|quanta|quantos|quantas|onde|quando|ate quando|"
                         r"who|which|what|where|when|how much|how long|how many|"
                         # a yes/no about the rules ("can I get the permit myself or does it have to be a
                         # business?", "tem que ser empresa?") is answered, then the form is offered
                         r"can i|can we|may i|do i have to|does it have to|do i need to be|has to be|have to be|"
                         r"tem que ser|tem de ser|precisa ser|preciso ser|tenho que ser|so pode|so podem|"
                         # es (issue 15): "¿puedo pedirlo como persona o tiene que ser una empresa?"
                         r"quien|quienes|cual|cuales|cuanto|cuanta|cuantos|cuantas|donde|cuando|hasta cuando|"
                         r"puedo|podemos|se puede|tiene que ser|tengo que ser|tienen que ser|hay que ser|"
                         # "¿qué oficina emite la licencia?", "que documentos preciso?": a "which" before a noun
                         r"que (oficina|organismo|entidad|secretaria|reparticion|orgao|departamento|documentos?|papeles|"
                         r"tasa|taxa|multa|coima|horario|distancia|plazo|prazo|tamano|tamanho|requisitos))\b")


def asks_for_a_fact(text: str) -> bool:
    """A question mark and a question word for a fact (who, which, how much, where, when)."""
    return "?" in (text or "") and _FACT_WORDS.search(fold(text)) is not None


def decide(text: str, intent: dict[str, Any], ranking: list[dict[str, Any]],
           config: dict[str, Any] | None = None) -> dict[str, Any]:
    """The intent to use (None: keep the classifier's) and whether to offer the pre-application."""
    config = {**DEFAULT_CONFIG, **(config or {})}
    reading = read(text)
    request, questions = config["request_intent"], set(config["question_intents"])
    top = intent.get("name")
    confidence = {r.get("name"): float(r.get("confidence") or 0.0) for r in ranking}
    confidence.setdefault(top, float(intent.get("confidence") or 0.0))
    best_question = max((n for n in confidence if n in questions), key=confidence.get, default=None)
    out: dict[str, Any] = {"intent": None, "confidence": None, "decided_by": "classifier",
                           "offer_preapplication": False, "classifier": top}

    if reading.intent is not None:
        out.update(intent=reading.intent, confidence=1.0, decided_by="cue")
        return out
    if top == request:
        lead = confidence[request] - (confidence.get(best_question, 0.0) if best_question else 0.0)
        needed = config["question_request_margin"] if reading.question else config["request_margin"]
        if reading.whether_needed or lead < needed:
            chosen = best_question or "ask_permission"
            # The message is both a question and a wish to apply, and both are handled (an answer, then
            # the offer): the question gets the request's share too, or the fallback step would call
            # two near-equal readings "ambiguous" and answer neither.
            out.update(intent=chosen, confidence=min(1.0, confidence.get(chosen, 0.0) + confidence[request]),
                       decided_by="question" if reading.question else "margin", offer_preapplication=True)
        return out
    if top in questions and (confidence.get(request, 0.0) >= config["offer_confidence"]
                             or reading.asks_about_permit):
        out["offer_preapplication"] = True
    return out
