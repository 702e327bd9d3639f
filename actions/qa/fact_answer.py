"""A question that asks for one fact — a deadline, who issues a permit, how many points, how far, what
time, how long a licence lasts, who may apply, the fine for one offence — answered in one sentence from
its record (knowledge.facts): the figure with its unit first, then what it is, then the article.

The rules' full answer (every condition, fee table and note) stays for the questions that need it:
"can I…", "how much", "which documents".
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation

from actions.common.citations import article_of, group_citations
from actions.common.conversation import Turn
from actions.common.money import format_amount
from actions.qa.brief import a_coded_rule_says_no
from actions.qa.decision_view import figure_first
from actions.qa.facts import person_facts
from actions.qa.subject import activity_in_text, activity_name
from knowledge.corpus import load_corpus
from knowledge.facts import FactRecord, Resolution, asked_kinds, facts_of, resolve, retrieve
from knowledge.facts.resolve import (ASKS_RECOURSE, AskingPart, asked_sentences, asking_parts, asks_a_price, chat_read,
                                     kinds_only_told, says_a_phrase_of)
from knowledge.rules.citations import label_for
from knowledge.rules import regulating_norms
from knowledge.rules.registry import registry
from knowledge.rules.models import Citation
from knowledge.search.text import fold

__all__ = ["ANSWERED_KINDS", "answer_company_fines", "answer_fact", "asks_can_i", "answer_repeat_offence", "other_parts", "say_other_parts"]

# Kinds answered by one record. Documents, seasons and fees are lists or depend on the applicant:
# the rules' answer gives them whole.
ANSWERED_KINDS = ("deadline", "validity", "lead_time", "office", "places", "distance", "hours", "holder", "fine",
                  "limit", "insurance", "law", "enforcement")


def _decimal(value: str | None) -> Decimal | None:
    try:
        return Decimal(value) if value is not None else None
    except InvalidOperation:
        return None


def answer_fact(turn: Turn, question: str, jurisdiction: str, *, activity: str | None = None,
                municipality: str, today: date | None = None, long_tail: bool = False, follow_up: bool = False,
                after_fine: bool = False) -> bool:
    """Say the fact the question asks for; False (nothing said) when no record clearly fits.

    `long_tail`: the question reached no rule (no activity, or a question about the law): a record
    that clearly matches its words is found whatever kind it is (knowledge.facts.retrieve) — better
    than a passage of the law that search finds, which is the answer otherwise. `after_fine`: the question is
    about what follows a fine and names no kind of figure ("how do I go about filing a defence?"): the step of the
    procedure its words name (a deadline record) answers it."""
    if answer_repeat_offence(turn, question, jurisdiction, activity=activity, municipality=municipality, today=today,
                             follow_up=follow_up):
        return True
    if answer_company_fines(turn, question, jurisdiction, activity=activity, municipality=municipality, today=today,
                            follow_up=follow_up):
        return True
    found: Resolution | None = None
    # the activity named, when the place's norms do not deal with it: a figure of theirs is said as theirs
    uncovered = activity if activity is not None and not regulating_norms(activity, jurisdiction, today or date.today()) else None
    # "can I…? for how long?": yes/no and its condition come first (the rules) — but "can I apply as a person, or
    # must it be a company?" asks who may apply, which the holder record answers (unless it says which the
    # citizen is: "sou pessoa física, posso…?" is answered yes or no by the rules, with the article)
    asks_holder = asked_kinds(question)[:1] == ["holder"]
    says_who = bool(person_facts(question)) and not _A_CHOICE.search(fold(question))
    # (a message asking several things: its first question first, read with the story told before it)
    parts = () if follow_up else asking_parts(question)
    lead_found = whole = None
    # (the first question decides: "how many days for the defence? and if it is refused, can I appeal?" asks a
    # figure first — the can-I after it is the second part's)
    can_i = asks_can_i(question) and (not parts or asks_can_i(parts[0].restated))
    if (not can_i or asks_holder) and not (asks_holder and says_who):
        lead = _kinds_asked_by(parts[0])[:1] if parts else []
        lead_found = (resolve(parts[0].restated, jurisdiction, activity=_named_in(parts[0], activity), day=today, kinds=lead)
                      if lead else None)
        if lead_found is None:
            # (the whole message read for what its first question asks, before what a later one asks more
            # directly: "¿Lo puedo pedir como persona o tiene que ser empresa? ¿Y cuánto dura el alvará?")
            whole = ((resolve(question, jurisdiction, activity=activity, day=today, kinds=lead) if lead else None)
                     or resolve(question, jurisdiction, activity=activity, day=today))
        found = lead_found or whole
        if found is None and uncovered is not None:
            # the place's norms do not deal with the activity named ("jet ski" in Bertioga's decree), yet a
            # question about the procedure ("how long to file my defence?") has the norms' answer: said for
            # the activities they regulate, named in the reply, never as the activity's own rule
            found = resolve(question, jurisdiction, activity=None, day=today)
        if found is not None and found.kind not in ANSWERED_KINDS:
            found = None
    if (found is None and not long_tail and can_i and not follow_up
            and not a_coded_rule_says_no(question, activity, jurisdiction, today or date.today())):
        # "¿puedo tener más de un alvará?": a limit whose own phrase the question says answers it (Igarapava art. 99
        # § 1º: one holder may have more than one, proving its structure) — the rules list no such count; a second permit
        # a rule of one each forbids is the rules' "no" (brief.a_coded_rule_says_no)
        said = _rule_said_in(parts[0] if parts else AskingPart(question, question, question), jurisdiction, activity, today)
        found = said if said is not None and said.kind == "limit" else None
    if found is None and long_tail:
        found = retrieve(question, jurisdiction, activity=activity, day=today)
        if found is None and after_fine and not asked_kinds(question):
            # (no record its words clearly match: the step of the procedure they name)
            found = resolve(question, jurisdiction, activity=activity, day=today, kinds=["deadline"])
        if (found is not None and asks_can_i(question) and found.kind not in _SAYS_WHAT_IS_ALLOWED
                and not {found.kind, *_NEIGHBOURS.get(found.kind, ())} & set(asked_kinds(question))):
            # "pode vender fogos no São João?" asks yes or no: a rule of what is allowed answers it, a figure of
            # the same festival (its free hours) does not — unless the figure's kind is asked too ("Can I get a
            # provisional licence? How long is it valid?")
            found = None
    if (found is None and not long_tail and not can_i and (not asked_kinds(question) or kinds_only_told(question))
            and not asks_a_price(question)):
        # a question that asks no kind of figure, about an activity the rules know ("levaram meu carrinho pro
        # depósito, como pego de volta?"): a record that says the very thing asked, before the activity's rules
        found = retrieve(question, jurisdiction, activity=activity, day=today)
        if found is not None and not (says_a_phrase_of(found.record, chat_read(question)) or found.score >= _STRONG):
            found = None
    if found is None and not long_tail and asks_a_price(question):
        # a price asked in the words of one fee the rules do not price ("what do I pay for a second copy of my badge?":
        # Pontal art. 13 § 1, 50 % of the licence fee), before the activity's fee table
        priced = retrieve(question, jurisdiction, activity=activity, day=today)
        if priced is not None and priced.kind == "fee" and says_a_phrase_of(priced.record, chat_read(question)):
            found = priced
    if found is None:
        return False
    # (not in a follow-up: its earlier question, read with it, was answered already)
    answered: list[str] = []
    others = other_parts(parts, jurisdiction, activity=activity, today=today, said={found.record.id}, answered=answered)
    if len(answered) < min(_asking_facts(parts[1:]), 2) and not long_tail:
        # another question of the message no record answers ("max size of a festival stall? and how far from
        # other stalls?"): the rules' answer, whose conditions may hold both, unless the message as a whole
        # asks one fact (resolved once: here only when the first question's own record was taken)
        if lead_found is not None:
            whole = resolve(question, jurisdiction, activity=activity, day=today)
        found = whole
        if found is None or found.kind not in ANSWERED_KINDS:
            return False
        others = [o for o in others if o.record.id != found.record.id]
    text, links = _said(turn, found, municipality=municipality, uncovered=uncovered, activity=activity)
    if (found.kind == "limit" and asks_can_i(question) and not others
            and _SAYS_NO.search(fold(found.record.text.get("pt-BR", "")))):
        # a yes/no asked of a limit that forbids is answered "no", with the limit ("quero vender cerveja andando pela rua,
        # pode?" → Lajes art. 59 VII; "is selling at the traffic lights allowed?" → art. 249)
        text = turn.text("answer.forbidden", municipality=municipality, text=found.record.words(turn.language),
                         link=links[0] if links else None)
    cited = list(links)
    for also in others:
        # "onde se pede e com quanta antecedência?": every part answered, each with its article
        more, more_links = _said(turn, also, municipality=municipality, uncovered=uncovered, activity=activity)
        text += "\n" + more
        cited += [link for link in more_links if link not in cited]
    turn.dispatcher.utter_message(text=text,
                                  json_message={"fact": {"id": found.record.id, "kind": found.kind},
                                                "citations": [dict(link) for link in cited]})
    turn.set_slot("topic", found.kind)
    return True


def _said(turn: Turn, found: Resolution, *, municipality: str, uncovered: str | None,
          activity: str | None = None) -> tuple[str, list[dict]]:
    """One record as the sentence that answers it, and its article links; `uncovered`: the activity asked
    about when the place's norms do not regulate it (the reply says whom the rule is for); `activity`: the one
    asked about (an office says the name of the permit it issues for it)."""
    record = found.record
    lang = turn.language
    # the article holding the figure first ("R$ 300,00 a R$ 12.000,00" is art. 38's, not art. 32's)
    links = _links(record.norm, figure_first(list(record.cite), [v for v in (record.value, record.value_max) if v])[:3])
    amount = _decimal(record.value)
    top = _decimal(record.value_max)
    period = None
    if record.unit in ("days", "working_days", "months", "years", "hours"):
        number = "one" if record.value == "1" else "other"
        period = f"{record.value} {turn.text(f'fact.units.{record.unit}.{number}')}"
    elif record.value is not None:
        period = f"{record.value} {_unit_word(turn, record.unit) or ''}".strip()
    values = {
        "place": municipality,
        "period": period,
        "text": _sentence_part(record.words(lang), found.kind if record.kind != "fine" or record.about else "office"),
        "value": _figure(record.value, lang),
        "value_max": _figure(record.value_max, lang),
        "unit": _unit_word(turn, record.unit),
        "amount": _money(amount, record.unit, lang),
        "amount_max": _money(top, record.unit, lang),
        "extra": {k: record.extra.get(k) for k in ("repeat_multiplier", "legal_person_multiplier", "suspension_days", "cancellation", "seizure", "days")},
        "holders": (record.value or "").split(","),
        "based_in": record.extra.get("based_in") == "1",
        # (a projected office's first phrase is the permit's legal name; a written office's text says what it decides,
        # and its phrases are the citizen's words, in whichever language)
        "about": (_permit_issued(record, lang, activity) if record.kind == "office"
                  else record.about[0] if record.about else None),
        "offence": bool(record.about) and record.kind == "fine",
        "norm": links[0]["norm"] if links else "",
        "links": links,
    }
    values["cite"] = _cite(turn, links)
    template = f"fact.{found.kind}" if found.kind in (*ANSWERED_KINDS, "fee") else "fact.general"
    if period is None and found.kind in ("deadline", "validity", "lead_time"):
        # (a period the record does not count says its own words: never "None in advance")
        template = "fact.general"
    text = turn.text(template, **values)
    if uncovered is not None:
        # (a rule of the norms is theirs: said for the activities they regulate, not as the one asked about)
        norm = registry().norms.get(record.norm)
        regulated = record.activities or (tuple(norm.activities) if norm is not None else ())
        text += " " + turn.text("fact.other_activities", activity=activity_name(uncovered, lang), place=municipality,
                                activities=[activity_name(a, lang) for a in regulated])
    return text, links


def say_other_parts(turn: Turn, question: str, jurisdiction: str, *, activity: str | None, municipality: str,
                    today: date | None, shown: str) -> None:
    """After an answer the rules gave to the message's first question (documents, "can I…?"), the facts its
    other questions ask ("Quais documentos preciso? Tem idade mínima?"), in one more message; a figure the
    answer already shows is not said again."""
    parts = asking_parts(question)
    kinds = asked_kinds(question)[:1]
    if parts:
        said = other_parts(parts, jurisdiction, activity=activity, today=today, said=set())
    elif asks_can_i(question) and kinds and kinds[0] in ANSWERED_KINDS and kinds[0] != "holder":
        # one question that asks whether, and a figure: "can I launch from the shore or do I have to keep away?" —
        # the rules said whether; the record says how far
        found = resolve(question, jurisdiction, activity=activity, day=today, kinds=kinds)
        said = [found] if found is not None and found.kind in ANSWERED_KINDS else []
    elif _MAY.search(fold(question)) and (kinds == ["distance"] or (not kinds and _BESIDE_A_PLACE.search(fold(question)))):
        # "can I park my van right in front of a snack bar?", "¿está permitido o hay que guardar alguna distancia?":
        # whether, and how far it must keep from such a place — the activity's distance rule (Pontal art. 12:
        # 100 m from shops of the same trade)
        found = resolve(question, jurisdiction, activity=activity, day=today, kinds=["distance"])
        said = [found] if found is not None and found.kind == "distance" else []
    else:
        return
    said = [r for r in said if not (r.record.value and _shows(shown, r.record.value))]
    if not said:
        return
    texts, cited = [], []
    for found in said:
        text, links = _said(turn, found, municipality=municipality, uncovered=None)
        texts.append(text)
        cited += [link for link in links if link not in cited]
    turn.dispatcher.utter_message(text="\n".join(texts), json_message={"citations": [dict(link) for link in cited]})


_MAY = re.compile(r"\b(pode|posso|podemos|can|may|allowed|permitid[oa]|puedo|se puede|da pra|da para)\b")
# Standing or setting up beside a place: "estacionar na frente de", "ficar ao lado de", "park right next to",
# "estacionarnos justo enfrente de"
_BESIDE_A_PLACE = re.compile(r"\b(estacion\w*|parar|parad[oa]|ficar|park|parking|stand|set up|instalar|montar|colocar)\b.{0,40}"
                             r"\b(na frente|em frente|enfrente|frente a|ao lado|do lado|perto|junto|next to|in front|near|beside|"
                             r"close to|at the door|right at|al lado|cerca)\b")


def _shows(text: str, value: str) -> bool:
    """The figure in the text in either decimal convention ("1.50" is shown as "1,50")."""
    return any(re.search(rf"(?<![\d.,]){re.escape(v)}(?![\d]|[.,]\d)", text) for v in {value, value.replace(".", ",")})


def _kinds_asked_by(part: AskingPart) -> list[str]:
    """The kinds a part asks; "posso recorrer?" after a defence asks whether and by when — the appeal's
    deadline says both."""
    return asked_kinds(part.piece) or (["deadline"] if ASKS_RECOURSE.search(part.piece) else [])


def _asking_facts(parts: tuple[AskingPart, ...]) -> int:
    """How many of the parts ask a kind of fact one record answers."""
    return sum(1 for part in parts if (kinds := _kinds_asked_by(part)) and kinds[0] in ANSWERED_KINDS)


def other_parts(parts: tuple[AskingPart, ...], jurisdiction: str, *, activity: str | None, today: date | None,
                said: set[str], answered: list[str] | None = None) -> list[Resolution]:
    """The answers to the message's other questions ("Qual a altura das bandeiras e a que distância fica uma
    tenda da outra?"): each part that asks a kind of fact by itself, read with the story and the questions before
    it (knowledge.facts.resolve.asking_parts), when a record clearly answers it and it was not said already (at
    most two: a reply to read on a phone). Only a part that asks counts: "a multa por trabalhar sem seguro" names the insurance, it does not
    ask it."""
    found: list[Resolution] = []
    for before, part in zip(parts, parts[1:]):
        kinds = _kinds_asked_by(part)
        read = part.restated
        # (another question is never answered by a record said already: "how many days for the defence?? and if they
        # cancel the licence, can I ask for reconsideration and within what time" is the reconsideration's 10 days)
        besides = frozenset(said)
        if _ELLIPTIC_COUNT.match(part.piece) or (not kinds and _elliptic(part.piece)):
            # "quantos dias para a defesa e quantos para pagar a multa?", "e se fosse perecível?", "e durante o dia?":
            # the kind left unsaid is the one asked before, and the part names its own subject (the question
            # before is no story of it: its words would lead back to the record that answered it)
            kinds = _kinds_asked_by(before) or kinds
            read = part.alone
        if not kinds and asks_can_i(part.piece):
            # "how big can the trailer be, and may I install a sound system on it?": a rule that forbids or allows
            # the very thing asked, in the part's own words (never a figure of another question)
            rule = _rule_said_in(part, jurisdiction, _named_in(part, activity), today)
            if rule is not None and rule.record.id not in said:
                said.add(rule.record.id)
                found.append(rule)
            continue
        if not kinds or kinds[0] not in ANSWERED_KINDS:
            continue
        # (a part that names its own activity is about it: "…como ambulante? e se vendo artesanato?")
        other = resolve(read, jurisdiction, activity=_named_in(part, activity), day=today, kinds=kinds[:1], besides=besides)
        if other is None and besides:
            # (no other record: the part may ask again what a record said already answers — "can I appeal? to whom and
            # within what time?" is the appeal's record, said once)
            again = resolve(read, jurisdiction, activity=_named_in(part, activity), day=today, kinds=kinds[:1])
            if again is not None and again.record.id in said and answered is not None:
                answered.append(again.record.id)
                continue
        if other is None and kinds[0] == "office":
            # "com quanto tempo de antecedência peço o alvará do evento e quem emite?": who issues what the message
            # asked about — the office the article of an answer already given names
            other = _office_citing(said | set(answered or ()), jurisdiction, today)
        if other is not None and other.kind in ANSWERED_KINDS and answered is not None:
            # (a part the record of an earlier one answers is answered: "can I appeal? to whom and in how long?")
            answered.append(other.record.id)
        if other is not None and other.kind in ANSWERED_KINDS and other.record.id not in said:
            said.add(other.record.id)
            found.append(other)
    return found[:2]


def _rule_said_in(part: AskingPart, jurisdiction: str, activity: str | None, today: date | None) -> Resolution | None:
    """The one rule (a record that says what is allowed, with no figure) of the activity whose own phrase the
    part says ("can I play music from it?" — the trailer's "no sound equipment"), or None."""
    read = chat_read(part.piece)
    # (a limit with its figure too: "could I hold two authorisations, or is it one per holder?" — 1 per holder)
    rules = [r for r in facts_of(jurisdiction, today or date.today())
             if r.kind in _SAYS_WHAT_IS_ALLOWED and (r.value is None or r.kind == "limit")
             and (not r.activities or activity in r.activities) and says_a_phrase_of(r, read)]
    return Resolution(record=rules[0], kind=rules[0].kind, score=0.0) if len(rules) == 1 else None


# A limit that forbids ("não pode", "não se concede", "proibido"): a can-I it answers is answered "no"
_SAYS_NO = re.compile(r"\b(nao pode|nao podem|nao se concede|proibid[oa]s?|vedad[oa]s?)\b")


def _permit_issued(office: FactRecord, lang: str, activity: str | None) -> str | None:
    """The name, in the reader's language, of the permit a projected office issues — the activity's own when it
    issues several (Lajes' Tax Office: the festival stall's permission, not the street vendor's licence)."""
    norm = registry().norms.get(office.norm)
    if norm is None or "#office-" not in office.id:
        return None  # (a written office's text says what it decides)
    oid = office.id.split("#office-", 1)[1]
    issued = {kind: permit for kind, permit in norm.permits.items() if permit.office == oid}
    used = [r.permit for r in (norm.activities[activity].regimes if activity in norm.activities else ()) if r.permit in issued]
    permit = issued.get(used[0]) if used else next(iter(issued.values()), None)
    return (permit.name.get(lang) or permit.name.get("pt-BR")) if permit is not None else None


def _named_in(part: AskingPart, activity: str | None) -> str | None:
    """The activity a part of the message names in its own words, else the message's: "até que horas posso vender como
    ambulante? e se vender artesanato?" asks the street vendor's hours first, whatever NLU heard in the whole."""
    return activity_in_text(part.piece) or activity


# A short question that says only what changes ("e se fosse perecível?", "e durante o dia?", "and on
# Sundays?", "¿y para una empresa?"): it asks again what the question before it asked.
_ELLIPTIC = re.compile(r"\s*¿?\s*(e|y|and|mas|but|pero)\s+((se|if|si|para|pra|for|no|na|nos|nas|on|in|en|durante|during|"
                       r"com|with|con|aos|los|las|os|as|o|a|el|la|the|is|are|e|es)\b)(\s+\w+){0,6}\s*[?!]*\s*$")

# ... or asks whether it is the same ("para a fruta é o mesmo prazo?", "is it the same for a company?")
_THE_SAME = re.compile(r"\b(o mesmo|a mesma|os mesmos|as mesmas|the same|lo mismo|el mismo|la misma|los mismos|igual)\b")


def _elliptic(piece: str) -> bool:
    return bool(_ELLIPTIC.match(piece)) or (bool(_THE_SAME.search(piece)) and len(piece.split()) <= 9)


def _office_citing(ids: set[str], jurisdiction: str, today: date | None) -> Resolution | None:
    """The one office record whose articles include an article of the records `ids` (the lead time's art. 119
    is the article the issuing office's record cites for the event licence)."""
    records = facts_of(jurisdiction, today or date.today())
    articles = {article_of(u) for r in records if r.id in ids for u in r.cite}
    offices = [r for r in records if r.kind == "office" and articles & {article_of(u) for u in r.cite}]
    if len(offices) != 1:
        return None
    # said for that permit, with its article first: not under the name of another permit the office also issues
    office = offices[0]
    cite = sorted(office.cite, key=lambda u: article_of(u) not in articles)
    return Resolution(record=office.model_copy(update={"about": (), "cite": tuple(cite)}), kind="office", score=0.0)



# A question that counts without naming what ("e quantos para pagar?", "y cuántos para pagar la multa?",
# "and how many to pay?"): it counts what the question before it counted.
_ELLIPTIC_COUNT = re.compile(r"\s*(e|y|and)?\s*(quantos|quantas|cuantos|cuantas|how many)\s+(para|pra|pro|to|por|de|pa)\b")


def _unit_word(turn: Turn, unit: str | None) -> str | None:
    """A record's unit as the reader writes it ("12 pessoas" reads "12 people" in English): the catalogue's
    `fact.unit_words`; a symbol (m, m², dB(A), UFM, kW) stays as the law writes it."""
    if not unit:
        return unit
    key = "_".join(fold(unit).split())
    try:
        return turn.text(f"fact.unit_words.{key}")
    except KeyError:
        return unit


def _links(norm: str, units) -> list[dict]:  # noqa: ANN001 (unit ids)
    """At most three article links for the units, grouped as every citation is."""
    citations = [Citation(unit_id=u, label=label_for(u.removeprefix(norm + "/")), norm_id=norm) for u in units]
    return [link for group in group_citations(citations) for link in group["links"]][:3]


def _cite(turn: Turn, links: list[dict]) -> str:
    return turn.text("fact.cite", norm=links[0]["norm"] if links else "", links=links)


def _figure(value: str | None, lang: str) -> str | None:
    """A record's figure as the reader writes it: English without the law's trailing zeros ("4.00 m²"
    reads "4 m²", "1.50 m" "1.5 m"); Portuguese as the law prints it (the templates put the comma)."""
    if value is None or lang != "en":
        return value
    number = _decimal(value)
    if number is None:
        return value
    return f"{number.normalize():f}" if number == number.to_integral_value() or "." in value else value


def _money(value: Decimal | None, unit: str | None, lang: str) -> str | None:
    return format_amount(value, unit, lang) if value is not None and unit else None


_CAN_I = re.compile(r"^\s*¿?\s*((e|and|y|but|mas|pero) )?((o|a|os|as|lo|la|le|me|te|se|eu|ele|ela|nos) )?(posso|pode|podemos|da pra|dá pra|é permitido|e permitido|can i|can we|could i|may i|"
                    # "Is that allowed?", "is this even legal?": whether, of what the story told
                    # (not "is that OK for the crew, or above how many people…?", which asks a figure)
                    r"is (?:that|this|it) (?:even |really |actually )?(?:allowed|permitted|legal)|"
                    # ("Is selling at the traffic lights allowed?": what is done, named by its -ing)
                    r"is \w+ing\b[^?.!]{0,60}\b(?:allowed|permitted|legal)|"
                    r"am i allowed|are we allowed|puedo|podemos|se puede|podés|podes|está permitido|esta permitido)\b",
                    re.IGNORECASE)


# "como pessoa física ou tem que ser empresa?": the person kinds offered as a choice, not said of oneself
_A_CHOICE = re.compile(r"\b(ou|or|o)\b( \w+){0,5} (empresa|company|business|firm|sociedade|sociedad|cnpj|pessoa juridica|"
                       r"pessoa coletiva|persona juridica)\b")


# The kinds of record that say what may or may not be done (a prohibition, a limit), and so answer "can I…?"
_SAYS_WHAT_IS_ALLOWED = frozenset(("obligation", "limit"))

# A record found by its words alone that is the answer whatever the activity's rules say: its score (the
# question's rare words it holds) well above a chance match's.
_STRONG = 25.0


# (how long a permit is valid and the season it covers answer each other: "until when is it valid?")
_NEIGHBOURS = {"season": ("validity",), "validity": ("season",)}


def asks_can_i(question: str) -> bool:
    """The message's first question asks whether ("posso…", "dá pra…", "can I…"), at its start or after the
    story that comes before it ("I run a food trailer in Lajes. Can I install a sound system on it?")."""
    if _CAN_I.search(question) is not None:
        return True
    # ("The secretary turned down my defence. Can I still appeal?" asks the appeal's deadline: a kind of fact)
    # ("Posso ser punido por ter parado?" asks what befalls, not whether to do: a passive is no can-I)
    parts = asking_parts(question)
    # (the part's asking sentence: a short story sentence may open the part; a message asking one thing is
    # its first sentence with a question mark)
    first = parts[0].piece if parts else next(iter(re.findall(r"[^.!?]*\?", question)), "")
    asking = re.split(r"(?<=[.!])\s+", first.strip())[-1]
    kinds = _kinds_asked_by(parts[0]) if parts else asked_kinds(asking)
    # (... or its clause after a comma: "vendo coco verde na praia, posso usar facão pra abrir o coco?")
    return not kinds and any(_CAN_I.search(clause) is not None and not _PASSIVE_CAN.search(clause)
                             for clause in (asking, re.split(r"(?<=[,;])\s+", asking)[-1]))


# ("posso ser multado", "can I be fined", "can I get fined" — not "can I get a permit")
# ("posso perder a licença?", "can I lose my permit?": what befalls, not whether to do)
_PASSIVE_CAN = re.compile(r"^\s*¿?\s*\w+( \w+)? (ser|be|get (fined|punished|penali[sz]ed|suspended|caught)|perder|lose|perderla|perderlo) ",
                          re.IGNORECASE)


def _sentence_part(text: str, kind: str) -> str:
    """The law's wording as the middle of our sentence: no final stop; an offence, a period or a
    distance starts lower case ("a multa por não manter…"), a name keeps its capital ("Secretaria…"),
    and so does an acronym ("UFIB")."""
    text = text.strip().rstrip(";")
    # (an abbreviation keeps its point: "until 6 p.m." is not "until 6 p.m")
    if text.endswith(".") and not _ABBREVIATION_END.search(text):
        text = text[:-1]
    if kind in _LOWER_KINDS and text[:1].isupper() and not text[1:2].isupper():
        text = text[0].lower() + text[1:]
    return text


_ABBREVIATION_END = re.compile(r"\b(?:[ap]\.m|etc)\.$", re.IGNORECASE)

_LOWER_KINDS = {"fine", "deadline", "validity", "lead_time", "distance", "limit", "insurance", "fee", "holder"}


# "fui multado de novo pela mesma coisa, a multa dobra?": a repeat and a change of the fine asked about
_REPEAT = re.compile(r"\b(de novo|novamente|outra vez|reincid\w*|again|repeat\w*|second time|segunda vez)\b", re.IGNORECASE)
_REPEAT_IN_LAW = re.compile(r"reincid|dobro|reiterad")
_MORE = re.compile(r"\b(dobr\w*|aument\w*|maior|mais cara|mais alta|double\w*|increase\w*|higher|more|bigger|go up|goes up)\b",
                   re.IGNORECASE)


def answer_repeat_offence(turn: Turn, question: str, jurisdiction: str, *, activity: str | None, municipality: str,
                          today: date | None = None, follow_up: bool = False) -> bool:
    """Whether a repeat offence raises the fine, from the fines' own `repeat_multiplier` (the records of
    the activity asked about, or of the place): said when they agree on one multiplier, naming the
    fines it applies to when not all are raised, and citing the article that speaks of the repeat
    (Bertioga art. 21 § 2º, Lajes art. 386, Igarapava art. 235)."""
    # ("e se eu for pego de novo?" after a fine asks how it changes: no "more" needed)
    if not (_REPEAT.search(question) and (_MORE.search(question) or (follow_up and _FINE_WORD.search(fold(question))))):
        return False
    return _fines_multiplied(turn, jurisdiction, activity=activity, municipality=municipality, today=today,
                             key="repeat_multiplier", law=_REPEAT_IN_LAW, template="fact.repeat")


def answer_company_fines(turn: Turn, question: str, jurisdiction: str, *, activity: str | None, municipality: str,
                         today: date | None = None, follow_up: bool = False) -> bool:
    """Whether a company pays more ("are the fines higher for a company?"), from the fines' own
    `legal_person_multiplier` (RAMT art. 38: the limits are doubled for legal persons)."""
    # ("and if it's a company?" after a fine asks the company's fine: no "more" needed — but the follow-up itself says
    # the company: "my company hired a skipper… what's the fine? / and who gets that money?" asks no company's fine)
    if not (_COMPANY.search(fold(asked_sentences(question) if follow_up else question)) and _FINE_WORD.search(fold(question))
            and (_MORE.search(question) or follow_up)):
        return False
    return _fines_multiplied(turn, jurisdiction, activity=activity, municipality=municipality, today=today,
                             key="legal_person_multiplier", law=_COMPANY_IN_LAW, template="fact.company")


_COMPANY = re.compile(r"\b(empresa|empresas|pessoa juridica|pessoas juridicas|pessoa colectiva|pessoas colectivas|"
                      r"pessoa coletiva|pessoas coletivas|sociedade|sociedades|company|companies|business|businesses|"
                      r"legal person|legal entity|firm)\b")
_FINE_WORD = re.compile(r"\b(multa|multas|coima|coimas|fine|fines|penalt\w*)\b")
_COMPANY_IN_LAW = re.compile(r"pessoas? (colectivas?|coletivas?|juridicas?)")


def _fines_multiplied(turn: Turn, jurisdiction: str, *, activity: str | None, municipality: str, today: date | None,
                      key: str, law: re.Pattern[str], template: str) -> bool:
    every = [r for r in facts_of(jurisdiction, today or date.today())
             if r.kind == "fine" and (activity is None or activity in r.activities)]
    fines = [r for r in every if r.value is not None]  # money fines: a suspension or a cassation is not doubled
    multipliers = {r.extra.get(key) for r in fines} - {None}
    if len(multipliers) != 1:
        return False
    holding = [r for r in fines if r.extra.get(key)]
    # (the general rule may state no amount of its own: Igarapava's grading of fines)
    general = [r for r in every if r.extra.get(key) in multipliers]
    # when some fines are not raised (Bertioga: only grades I and II double), say which are, by amount
    only = ([] if all(r.extra.get(key) for r in fines if not r.about) else
            list(dict.fromkeys(_money(_decimal(r.value), r.unit, turn.language) for r in holding if not r.about)))
    shared = [u for u in holding[0].cite if all(u in r.cite for r in holding)]
    # the unit(s) every such fine cites, the one that says it last first (the doubling is a paragraph
    # after the tiers); else the articles of the rule for most activities (Igarapava's grading)
    units = (list(dict.fromkeys(shared[::-1]))[:2] if shared else
             list(max(general, key=lambda r: (len(r.activities), -len(r.cite))).cite))
    # of those, the ones whose text speaks of it ("reincidência", "pessoas colectivas"): never a quote
    # that does not hold what was asked
    speaking = [u for u in units if law.search(fold(load_corpus().full_text(u)))]
    units = (speaking or units)[:2]
    links = _links(holding[0].norm, units)
    turn.dispatcher.utter_message(text=turn.text(template, place=municipality, multiplier=multipliers.pop(),
                                                 cite=_cite(turn, links), only=[a for a in only if a]),
                                  json_message={"fact": {"id": holding[0].id, "kind": "fine"},
                                                "citations": [dict(link) for link in links]})
    turn.set_slot("topic", "fine")
    return True
