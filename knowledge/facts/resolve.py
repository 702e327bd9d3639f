"""Question → fact record.

Two readings of the question, both from its words:
1. the kind of answer it asks for — a deadline ("prazo", "quanto tempo", "how long"), an office ("quem
   emite", "who issues"), a count of places ("quantos pontos"), a distance, hours, validity…; and
2. what it is about — the words it shares with each record of that kind in the jurisdiction (the
   law's wording of the period, the offence, the office's name, the area's name), compared on the
   search analyser's stems, after its typo correction and bilingual glossary (knowledge.search).
A record is returned only for the kind asked first, when one record clearly outscores the others and
shares two of the question's own words (one if it has only one); never another activity's record;
for a fine, only one offence's. Otherwise None, and the caller answers another way (precision first:
a wrong figure is worse than a longer answer). Fee questions are left to the rules' fee selection (it knows the rows'
conditions), so `fee` is not a kind asked here.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from rapidfuzz.distance import OSA

from knowledge.facts.models import FactRecord
from knowledge.facts.projection import facts_of
from knowledge.rules import catalogue
from knowledge.search import get_index
from knowledge.search.glossary import load_glossary, load_stopwords
from knowledge.search.text import WORD_RE, fold, is_english, lexicons, stem, tokens
from knowledge.rules.registry import per_registry

__all__ = ["ASKS_RECOURSE", "FUNCTION_WORDS", "AskingPart", "asked_directly", "asking_parts", "chat_read", "KINDS_ASKED", "Resolution", "asked_kinds", "asks_a_price", "cue_words", "days_together", "with_its_days", "function_stems", "kind_stems", "place_stems", "resolve", "says_a_phrase_of", "without_cues"]

# The kinds of answer a question asks for, most specific first: "quanto tempo tenho para pagar a
# multa" asks for a deadline, not a fine. Patterns run on the folded question (no accents, lower case).
KINDS_ASKED: tuple[tuple[str, re.Pattern[str]], ...] = tuple((kind, re.compile(pattern)) for kind, pattern in (
    ("lead_time", r"\b((com )?(quanto tempo|quantos dias|qtos dias|quanta) (de )?antecedencia|antecedencia|"
                  r"how (long|many days|far) in advance|in advance|ahead of time|beforehand|"
                  # "how early do I have to ask for the licence?"
                  r"how (early|soon)( \w+){0,4} (ask|apply|request|file|book)|"
                  r"(quao|quanto) cedo)\b"),
    ("validity", r"\b((vale|valida|dura) (por )?(quanto tempo|(quantos|qtos|qnts|qts) (anos|meses|dias))|"
                 r"validade|vale por|valida por|quanto tempo vale|dura quanto|(quanto|cuanto) (tempo )?dura (o|a|el|la) "
                 r"(alvara|licenca|autorizacao|permissao|licencia|autorizacion|permiso)|expira|vence|valid for|"
                 r"how long\b.{0,80}\bvalid\b|(until|from) when\b.{0,40}\bvalid\b|valid until|"
                 # "how long is the permit good for?"
                 r"how long\b.{0,60}\bgood for\b|"
                 r"(quantos|qtos) (anos|meses|dias) (ela |ele )?(vale|dura)|"
                 # ("por quanto tempo te dão a licença?": how long the permit granted lasts)
                 r"(por|em) quanto tempo (\w+ ){0,3}(vale|dura|valid\w*)|"
                 r"por quanto tempo ((me|te|nos|lhe) )?(dao|da|concedem|concede|autorizam|liberam|emitem)|"
                 r"is valid|validity|expire|expires|last for|how long does the (licen[cs]e|permit) last|"
                 # a periodic renewal or inspection: "how often", "de quanto em quanto tempo"
                 r"how often|de quanto em quanto tempo|com que frequencia|de (\w+ )?em (\w+ )?anos)\b"),
    ("deadline", r"\b(prazo|prazos|quanto tempo|quantos dias|qtos dias|qnts dias|quantas horas|ate quando|"
                 r"how long|how many days|how many hours|how much time|deadline|time limit|within how|dias (eu )?tenho|tenho quantos|"
                 r"how (fast|soon|quickly)|by when|em quanto tempo|within what time|em que prazo|dentro de que prazo|"
                 # ("quando preciso pedir a renovação?": by when it must be done)
                 r"quando (eu )?(preciso|devo|tenho que|tenho de) (pedir|requerer|solicitar|pagar|renovar|entrar)|"
                 r"when (must|should|do|shall) (i|we) (apply|renew|request|ask|file|pay))\b"),
    # ("para quem faz passeios" is whoever does them, not who issues)
    # ("quem me dá a licença", "onde se pede": a pronoun between the question word and the verb)
    ("office", r"\b((?<!para )(?<!pra )quem ((me|nos|te|lhe) )?(emite|concede|autoriza|da|expede|fornece|licencia|aprova|libera|faz)|"
               r"qual (o |a )?(orgao|secretaria|setor|departamento|reparticao|entidade)|que (orgao|secretaria|setor|entidade)|"
               r"onde (eu |se )?(peco|pede|pedir|tiro|tira|tirar|solicito|solicita|solicitar|requeiro|requer|requerer|consigo)|"
               # "a quem peço" asks who issues; "alugar a quem não tem carta" does not
               r"a quem (eu )?((a|o|as|os|lhe|lhes) )?(peco|pedir|pedimos|solicito|solicitar|requeiro|requerer|devo|tenho|temos|me dirijo|recorro)|"
               # the verb first: "a licença pede-se a quem?", "peço a licença a quem?" (not "o pedido a quem vai dirigido?":
               # whom the application is addressed to)
               r"(pede se|pedem se|se pede|peco|pedir|solicita se|requer se) (\w+ ){0,3}a quem\b|"
               r"who (issues|grants|gives|authori[sz]es|approves)|which (office|department|authority)|"
               r"who (do|should|must|can) (i|we) (ask|apply to|go to|talk to|contact)|to whom|"
               r"a quien (le )?(pido|tengo que pedir|solicito)|"
               r"what (office|department|authority)|where (do|can) i (apply|get|request)|"
               # "do I apply for the licence to the IPTM or to the DGAM?", "peço a licença à capitania ou ao IPTM?"
               r"(do|should|must) (i|we) apply (for (the|a|my|our) (licen[cs]e|permit|authori[sz]ation) )?(to|at|with) (the )?\w+ or|"
               r"(peco|pedir|solicito|requeiro) (a licenca |o alvara |a autorizacao )?(a|ao|na|no|junto (a|ao|da|do)) \w+ ou|"
               r"(which|what)( \w+)? (office|department|authority|body|agency|secretariat|organ)|"
               r"(which|what) (\w+ )?(department|office|body) (do|does|must|should) i)\b"),
    # ("how many official points", "quantos pontos licenciados": a word may stand between)
    ("places", r"\b((quantos|qtos|qnts) (\w+ )?(pontos|lugares|locais|vagas)|how many (\w+ ){0,2}(points|spots|places|pitches|sites))\b"),
    # (a clearance to leave, "deixar livre", "keep clear", asks a distance; matched without consuming its
    # words, which say what is to be left free)
    ("distance", r"\b((?=(deixar|deixe|deixo|deixa|manter|mantenha|ficar|fique) (\w+ )?livre\b)|(?=(keep|leave|stay) (\w+ )?(clear|free)\b)|"
                 r"espaco livre|faixa livre|largura livre|how much (free |clear )?(space|room)|(quanto|cuanto) (de )?(espaco|passagem|paso)|clear space|free space|distancia|quantos metros(?! quadrados)|qtos metros|metros de|longe|afastad[oa]|how far( apart)?(?! in advance| ahead| before)|"
                 # "ou tem que se afastar?", "¿hay que alejarse?", "do I have to keep away?"
                 r"(tem que|tenho que|preciso|precisa|hay que|tengo que|have to|must|need to) (me |se )?(afastar|alejar)(se|me)?|"
                 r"(have to|must|need to) (keep|stay|move) away|"
                 r"distance|how many (meters|metres)(?! square)|far from|far apart|quao perto|quanto perto|how close|how near)\b"),
    ("hours", r"\b((qual (e )?(o )?)?horarios? de funcionamento|(que|q|qual) horas?|qual (o )?horario|horarios?|ate (que|q) horas?|a partir de (que|q) horas?|(?<!within )(?<!in )what time|opening hours|"
              r"hours|until when|from when(?! to when)|de madrugada|how late|"
              # "pode ficar até mais tarde?", "can she stay open later?": the closing time
              r"ate mais tarde|hasta mas tarde|(stay|open|work|sell)( \w+)? later\b|"
              # "can my shop open on Sundays?", "a loja pode abrir no domingo?", "¿puede abrir los domingos?": opening on
              # a day
              # (read ahead, not taken as cue words: the verb and the day say which trade's and which day's hours)
              # (asked with a modal: "quero abrir uma loja no fim de semana" tells a plan, it asks no hours)
              r"(?=(pode|podem|posso|podemos|can|could|may|puede|pueden|da pra|da para|se puede)( \w+){0,6} "
              r"(open|opens|opening|close|closes|abrir|abre|abrem|funcionar|funciona|funcionam|fechar|fecha|fecham|abierto|"
              r"abierta|cerrar|cierra|cierran)( \w+){0,2} (on |aos |ao |no |nos |na |nas |em |los |el |en |at )?"
              r"(sundays?|saturdays?|domingos?|sabados?|feriados?|holidays?|weekends?|the weekend|fim de semana|fin de semana)\b))\b"),
    # ("como pessoa ou tem que ser empresa?", "as an individual or does it have to be a company?": which kind of
    # person may apply, asked as a choice)
    ("holder", r"\b(quem pode (pedir|requerer|ter|tirar|solicitar)|pessoa (fisica|juridica|singular|colectiva|coletiva)|"
               r"who (can|may) (apply|hold|get)|can a (company|person|business)|"
               r"(como|as an?) (pessoas?|individual|private person|person|particular)\b.{0,60}\b(ou|or)\b.{0,40}"
               r"\b(empresa|company|business|firm|sociedade|cnpj)|"
               r"(tem|tenho|temos|precisa|preciso|precisamos) (que|de) (ser|ter|abrir|montar|criar) (uma )?(empresa|sociedade|cnpj)|"
               r"(ou|or) (precisa|preciso|precisamos|tem que ser|need|needs) (de )?(uma |a )?(empresa|company|business|sociedade)|"
               r"(has|have|need|needs) to be a (company|business|firm)|need (a|to open a|to set up a) (company|business))\b"),
    # which law rules it, and since when ("qual lei regulamenta…? tá valendo desde quando?", "which law covers…?")
    # (not "o que diz a lei": that asks what it says, the rules' or a passage's answer)
    ("law", r"\b((qual|que|which|what|cual) (e |es |is |seria )?(a |o |la |el |the )?(numero (da|de) )?(lei|legislacao|decreto|"
            r"codigo de posturas|law|legislation|decree|by-?law|ley|legislacion)\b(?! (diz|says|dice|fala|preve|estabelece|determina|impoe|manda|"
            r"provides|sets|lays|prescribes|establece|preve))|"
            r"(lei|law|decree|decreto|ley|legislacao|legislation) (que )?(regulamenta|regula|trata|governs|regulates|covers|rules|"
            r"applies|se aplica)|desde quando|(entrou|entra|esta|estara|entrara) em vigor|comec\w* a valer|"
            r"(esta|ta|tá) valendo desde|since when|in force|come into force|came into force|took effect|"
            r"desde cuando|(entro|esta) en vigor)\b"),
    # who enforces the rules and imposes the fines ("quem fiscaliza?", "quem aplica a coima?", "who enforces it?")
    ("enforcement", r"\b((quem|who) (e que |is it that )?(fiscaliza|fiscalizam|faz a fiscalizacao|enforces|enforce|inspects|polices|"
                    r"checks on|aplica (a |as )?(multa|multas|coima|coimas)|instrui o processo|lavra o auto|"
                    r"(imposes|issues|gives out|hands out|decides) (the |on )?(fines?|coimas?|penalt(y|ies)))|quem e responsavel pela fiscalizacao|"
                    r"(orgao|entidade|autoridade) (que )?fiscaliza|quien (fiscaliza|controla|multa|pone las multas)|"
                    # where a fine's money goes ("e o dinheiro da coima vai para onde?", "who gets the fine money?")
                    r"(para onde|pra onde|a quem|where|to whom) (vai|vao|va|goes|go|does) (parar )?(o |a |the )?(dinheiro|money|valor)|"
                    r"(dinheiro|money) (d[ao]s?|dessas?|desses?|of the|from the) (multas?|coimas?|fines?)|fine money|who gets the money|"
                    # ... or what share of it ("que percentagem da coima fica para o Estado?", "what share of the fine…")
                    r"(que|qual|what|which) (percentagem|porcentagem|parte|percentage|share|part) (d[oa] |of the )?"
                    r"(dinheiro|money|multas?|coimas?|fines?))\b"),
    ("season", r"\b(temporada|quando comeca|de quando a quando|from when to when|que meses|quais meses|which months|season)\b"),
    ("document", r"\b(documentos?|documentacao|papeis|papelada|o que (eu )?(preciso )?levar|documents?|paperwork|papers)\b"),
    # (not a bare "cover": "which towns do you cover?")
    ("insurance", r"\b(seguro|seguros|apolice|insurance|insured|coverage|liability cover)\b"),
    # (not the fine's own bounds: "o valor mínimo e máximo da multa", "the maximum fine" ask the fine)
    ("limit", r"\b(?!(limite|maximo|maxima|minimo|minima|maximum|minimum)( (e|ou|and|or) (minim|maxim)\w*)?( (valor|amount))?"
              r"( (da|de|do|das|dos|of the|of a|of))? (multa|multas|coima|coimas|fines?|penalt(y|ies)|penalidade|penalidades)\b)"
              r"(limite|maximo|maxima|(?<!salario )(?<!salarios )minimo|minima|decibeis|decibel|db|barulho|ruido|volume|tamanho|metragem|"
              r"largura|altura|comprimento|profundidade|capacidade|lotacao|metros quadrados|m2|area maxima|noise|loud|how big|"
              r"how (deep|wide|tall|high)|"
              r"size|maximum|minimum|capacity|square met(er|re)s)\b"),
    # ("tenho que pagar a multa enquanto isso?", "do I have to pay the fine meanwhile?" ask whether it is due, not
    # how much: the defence's record answers it — the fine's amount would be read from the story's offence)
    ("fine", r"\b((?<!pagar a )(?<!pagar essa )(?<!pay the )(?<!pay my )(?<!pay a )(?:multa|fine)|multas|multad[oa]|coima|coimas|penalidade|penalidades|punicao|sancao|infracao|(?<!vale a )pena|(?<!vale a )penas|"
             r"fines|fined|penalty|penalties|sanction|"
             # "what happens to an operator who…", "o que acontece se eu…": the sanction
             r"what happens (to|if)|o que acontece (se|com quem|a quem|quando)|"
             # "…and what if I miss it?", "e se eu perder o prazo?": what befalls a deadline missed
             r"what if (i|we|you|he|she|they) (miss|don'?t|do not|can'?t|cannot|never)|(e )?se (eu )?perder o prazo|"
             # ... or after it: "e se não pagar, o que acontece?", "and if I don't, what happens?"
             r"(se|if|si) .{1,60}\b(o que acontece|what happens|que pasa)(?=\s*\??\s*$))\b"),
))


# Kinds asked by a whole phrase ("qual lei…", "quem fiscaliza"): their words are no cue words to strip — they say
# which record ("fiscaliza" or "aplica a coima") — nor kind words elsewhere ("processo", "auto", "rules", "covers").
_WHOLE_PHRASE_KINDS = frozenset(("law", "enforcement"))


# Concepts that, when the question names them, the record must name too: a fine "for selling without a
# licence" is a fine for carrying on the activity without one — not for enlarging a structure without
# authorisation, nor for selling to a third party, even if those records say "sem autorização" or
# "vender". (question pattern, record pattern)
_NO_LICENCE = (r"(licenca|autorizacao|alvara|permissao|licenciamento|licen[cs]e|permit|authori[sz]ation)")
_QUALIFIER = r"((?!(my|his|her|your|our|their|meu|minha|seu|sua|mi|tu|su)\b)[a-z]+[ -]){0,2}"
REQUIRED_CONCEPTS: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(q), re.compile(r)) for q, r in (
        # ("without being licensed", "with no permit", "while not licensed", "sin licencia")
        # (a qualifier between: "without a maritime-tourism licence", "sem a devida licença")
        (rf"\b(sem (a |o |um |uma |ter |possuir )?{_QUALIFIER}{_NO_LICENCE}|(without|with no) (a |the |any |being )?{_QUALIFIER}{_NO_LICENCE}|"
         r"unlicen[cs]ed|(not|never) (being )?(licen[cs]ed|authori[sz]ed)|nao licenciad|sem (estar|ser) (licenciad|autorizad)|"
         r"nao autorizad|sin (la |el |una |un )?(licencia|permiso|autorizacion|habilitacion))",
         rf"\b(exercer|exercicio|implantar|operar|operating|operate|instalar|funcionar|atividade|activity|"
         rf"comercio|comerciar|vender|selling|trading|carrying)\b.{{0,40}}\b(sem|without)\b.{{0,12}}{_NO_LICENCE}"),
    ))


# The defence against a notice, said to be decided against the citizen; and a question for the recourse.
_DEFENCE_WORD = r"(defesa|defence|defense|defensa)"
_DEFENCE_DECIDED = re.compile(
    r"\b(neg\w*|indefer\w*|rejeit\w*|recus\w*|nao aceit\w*|turned down|rejected|denied|refused|dismissed|rechaz\w*)\b"
    r".{0,40}\b" + _DEFENCE_WORD + r"\b|\b" + _DEFENCE_WORD + r"\b.{0,40}\b(negad\w*|indeferid\w*|rejeitad\w*|recusad\w*|"
    # ("quantos dias para a defesa? e se a negarem, posso recorrer?")
    r"(a |la )?(nega|negar|negam|negarem|negaram|negou|rejeita|rejeitar|rejeitam|rejeitarem|rejeitaram|indefere|indeferir|"
    r"indeferirem|indeferiram)|"
    r"rejected|denied|refused|dismissed|turned down|rechazad\w*|nao (foi )?aceit\w*)")
ASKS_RECOURSE = re.compile(r"\b(recorr\w*|recurso|appeal\w*|apelar|recurrir|reconsidera\w*|reconsideration)\b")


def _concepts(text: str, side: int) -> set[int]:
    folded = " " + re.sub(r"\s+", " ", fold(text)) + " "
    return {i for i, patterns in enumerate(REQUIRED_CONCEPTS) if patterns[side].search(folded)}


def without_cues(question: str, kinds: tuple[str, ...] | None = None) -> str:
    """The question (folded) with the words that asked for the kind blanked out: what is left says what
    it is about ("qual a multa por vender sem licença" → "… por vender sem licença")."""
    folded = chat_read(question)
    for kind, pattern in KINDS_ASKED:
        if kinds is None or kind in kinds:
            # (the words inside a match that the pattern does not spell out stay: see _pattern_words)
            folded = pattern.sub(lambda m: " " + " ".join(w for w in tokens(m.group(0)) if w not in _pattern_words(kind)) + " ",
                                 folded)
    return folded.strip()


def cue_words(question: str, kinds: tuple[str, ...] | None = None) -> set[str]:
    """The stems of the words that asked for the kind ("multa", "prazo", "quanto tempo") — of every kind,
    or only of `kinds`: they say what kind of answer is wanted, not which record ("duas multas no
    período de 1 ano" is not the fine for selling without a licence)."""
    folded = chat_read(question)
    words: set[str] = set()
    for kind, pattern in KINDS_ASKED:
        if (kinds is not None and kind not in kinds) or kind in _WHOLE_PHRASE_KINDS:
            # ("quem fiscaliza" and "quem aplica a coima" ask one kind, and their words say which record)
            continue
        for match in pattern.finditer(folded):
            words |= {stem(w) for w in tokens(match.group(0)) if w in _pattern_words(kind)}
    return words


@lru_cache(maxsize=None)
def _pattern_words(kind: str) -> frozenset[str]:
    """The words a kind's pattern spells out: a match may span words it does not ("how long is the permit
    to put tables on the sidewalk valid" — "tables" and "sidewalk" say what it is about)."""
    pattern = dict(KINDS_ASKED)[kind].pattern
    return frozenset(re.findall(r"[a-z]+", re.sub(r"\\[a-zA-Z]", " ", pattern)))


@lru_cache(maxsize=1)
def kind_stems() -> frozenset[str]:
    """The stems of every word that asks for a kind of answer ("multa", "penalidade", "prazo", "how long"),
    and the words every record of a kind may hold (GENERIC): they say what is asked, not about what."""
    # (not the words of "which law" and "who enforces": phrases whose words — "processo", "auto", "rules",
    # "covers", "issues" — say what a rule is about elsewhere)
    return frozenset(stem(w) for kind, _ in KINDS_ASKED if kind not in _WHOLE_PHRASE_KINDS
                     for w in _pattern_words(kind) if len(w) > 2) | GENERIC



# A kind word asked directly ("qual o prazo", "qual a multa", "what is the fine") names the answer wanted;
# elsewhere in the message the same word is context ("Fui multado, qual o prazo pra me defender?").
_ASKED_DIRECTLY = re.compile(r"(qual|quais|quanto|quanta|quantos|quantas|what|which|how much)"
                             r"( e| eh| sao| is|'s| are)?( a| o| as| os| the)?"
                             # "what's the minimum distance": a qualifier of the kind word, not a kind
                             r"( (minimo|minima|maximo|maxima|minimum|maximum|max|min))? $")


# A kind's own cue that is itself the question ("quanto tempo", "quem emite", "que horas", "how long").
_INTERROGATIVE = re.compile(r"(qual|quais|quanto|quanta|quantos|quantas|qtos|qnts|que |quem|como|onde|a quem|ate quando|"
                            r"what|which|how|who|where|when|com quant)")


# A question that asks a price ("quanto custa…", "how much does it cost", "qual o valor da taxa"): the
# rules' fee selection answers it (it knows the rows' conditions), not one record of another kind that
# shares its words ("quanto custa por m2…" is no limit).
_ASKS_PRICE = re.compile(r"\b(quanto (custa|pago|sai|fica|e a taxa|vou pagar|tenho que pagar)|qto custa|quanto cobra|"
                         r"(qual|quais) (e )?(o |a |os |as )?(preco|precos|taxa|taxas|valor d[ao] (taxa|licenca|alvara|autorizacao))\b|"
                         r"how much (does|do|will|would|is the (\w+ )?(fee|licen[cs]e|permit|tax)|are the fees)|what does it cost|"
                         r"what does (a|an|the) (\w+ )?(\w+ )?cost|"
                         r"what( i|')?s the (fee|price|cost)|what are the (fees|prices|costs)|"
                         r"(what|how much) (do|will|would|should) (i|we) (have to |need to )?pay\b|"
                         # a deposit's amount: "cobra algum depósito? de quanto?", "a deposit, how much can that be?"
                         r"(deposito|caucao|deposit)\b.{0,60}\b(de quanto|quanto|how much))")


# How people type the question words in a chat: "qnto tempo", "q horas", "vc", "fds". Read as the words
# they stand for before the kind cues look (the cues spell the words, not every shorthand of them).
_CHAT_WORDS = {
    "qnto": "quanto", "qnt": "quanto", "qto": "quanto", "qt": "quanto", "qnta": "quanta", "qta": "quanta",
    "qntos": "quantos", "qnts": "quantos", "qtos": "quantos", "qts": "quantos", "qntas": "quantas",
    "qtas": "quantas", "q": "que", "pq": "porque", "vc": "voce", "vcs": "voces", "tb": "tambem",
    "tbm": "tambem", "td": "tudo", "fds": "fim de semana", "hj": "hoje", "msm": "mesmo", "dps": "depois",
    "mto": "muito", "mt": "muito", "qdo": "quando", "qnd": "quando", "ngm": "ninguem", "agr": "agora",
    "hr": "hora", "hrs": "horas", "dnv": "de novo", "oq": "o que", "u": "you", "ur": "your", "wat": "what",
    "hw": "how", "pls": "please", "thx": "thanks",
    # (the Spanish spelling a Brazilian chat slips into: "se eu levar otra multa")
    "otra": "outra", "otro": "outro",
}
# (not "p", "c", "s", "r": "p/", "c/", "s/" are also the "s" of "what's" and the "R" of "R$")


# "Deixar de sinalizar", "deixou de pagar": "deixar de" is "to fail to", a negation, not "to leave"
# ("deixar a licença à vista"): the verb is dropped there, on both sides.
_DEIXAR = frozenset("deixar deixa deixe deixo deixou deixei deixam deixaram deixando".split())


def without_fail_to(words: list[str]) -> list[str]:
    return [w for i, w in enumerate(words) if not (w in _DEIXAR and i + 1 < len(words) and words[i + 1] == "de")]


# English contractions spelled out ("what's the fine" asks the fine as "what is the fine" does)
_CONTRACTIONS = tuple((re.compile(p), r) for p, r in (
    (r"\bcan't\b", "can not"), (r"\bwon't\b", "will not"), (r"n't\b", " not"), (r"'s\b", " is"),
    (r"'re\b", " are"), (r"'m\b", " am"), (r"'ll\b", " will"), (r"'ve\b", " have"), (r"'d\b", " would"),
    # a phrasal verb read as its one word ("turned down my defence" is not a closure's "shut down")
    (r"\bturn(ed|s|ing)? down\b", "reject"),
    # the working week named as a span ("durante a semana" is the weekdays' hours, not "during" a period)
    (r"\b(durante a|durante la|during the) semana\b", "dias uteis"), (r"\bduring the week\b", "on weekdays"),
    # "segundo a lei", "según la ley" (glossed) is "according to", no second fine
    (r"\bsegundo (?=(a|o|as|os) )", "conforme "),
    # a food named after an animal is no animal ("my hot-dog cart" is not the impounded animals' rule)
    # (and "cachorro-quente", the Spanish "pancho" glossed, is no "cachorro")
    (r"\bhot[ -]?dogs?\b", "hotdog"), (r"\bcachorros?[ -]quentes?\b", "hotdog")))


# (one message is read by every kind cue, the subject reading, the resolver and each candidate's phrase
# check: read once)
@lru_cache(maxsize=512)
def chat_read(question: str) -> str:
    """The question folded (no accents, lower case, single spaces, padded with one space) with chat
    shorthand spelled out and a mistyped question word read as the cue it is one keystroke from
    ("mutla" → "multa", "prazp" → "prazo"): the kind cues and the subject words read this."""
    folded = fold(question)
    for contraction, spelled in _CONTRACTIONS:
        folded = contraction.sub(spelled, folded)
    words = []
    for word in without_fail_to(WORD_RE.findall(folded)):
        spelled = _CHAT_WORDS.get(word)
        words.append(spelled if spelled is not None else _cue_typo(_undiminished(word)))
    # a clock time at night names the night ("o limite depois das 22h", "after 11 pm"): the law's periods
    # are named, not numbered ("período noturno, das 22h às 7h" shares "22h" with the evening's "19h às 22h")
    night = " a noite at night" if _AT_NIGHT.search(folded) else ""
    return " " + " ".join(words) + night + " "


# "depois das 22h", "a partir das 23 horas", "às 2h da manhã", "after 10 pm", "past 11", "después de las 23"
_AT_NIGHT = re.compile(r"\b(depois d[ao]s?|apos as|a partir d[ao]s?|as|after|past|at|from|despues de las|a las|desde las)\s+"
                       r"(2[2-3]|0?[0-4])\s*(h|hs|horas|:\d\d)\b|"
                       r"\b(after|past|at|from)\s+(10|11|1[0-1]:\d\d)\s*(pm|p\.m\.)")


# A diminutive a chat writes for the law's word ("mesinhas" = mesas, "barraquinha" = barraca, "cadeirinhas"):
# base, ending; "qu"/"gu" before -inh is the base's "c"/"g"
_DIMINUTIVE = re.compile(r"^(\w{3,}?)z?inh([oa])(s?)$")
# words of that shape that are no diminutive
_NOT_DIMINUTIVE = frozenset("farinha farinhas sardinha sardinhas galinha galinhas marinha cozinha cozinhas vizinho vizinhos vizinha "
                            "vizinhas caminho caminhos rainha bainha campainha andorinha ladainha espinho moinho adivinha "
                            "golfinho golfinhos".split())


@lru_cache(maxsize=4096)
def _undiminished(word: str) -> str:
    """The law's word a diminutive stands for, when the law does not write the diminutive itself ("carrinho",
    a cart, is the law's own word: never "carro")."""
    found = _DIMINUTIVE.match(word)
    if found is None or word in get_index().known_words() or word in _NOT_DIMINUTIVE:
        return word
    base, ending, plural = found.groups()
    bases = [base + ending + plural, base + ("o" if ending == "a" else "a") + plural, base + "e" + plural, base + plural]
    if base.endswith(("qu", "gu")):
        bases = [base[:-2] + base[-2].replace("q", "c") + e for e in (ending + plural, "o" + plural, "a" + plural)] + bases
    return next((b for b in bases if b in get_index().known_words()), word)


@lru_cache(maxsize=4096)
def _cue_typo(word: str) -> str:
    """The cue word a word not in the law's vocabulary is one edit (a swap counts one) away from; the
    word itself otherwise. Only words of five letters or more: at one edit, short words are other words."""
    if (len(word) < 5 or not word.isalpha() or word in _cue_vocabulary() or word in get_index().known_words()
            or is_english(word) or word in _NO_TYPOS):  # ("fixed" is no typo of "fined")
        return word
    near = [c for c in _cue_vocabulary() if abs(len(c) - len(word)) <= 1 and c[0] == word[0] and OSA.distance(word, c) <= 1]
    return near[0] if len(near) == 1 else word


# Everyday words the law never writes, one keystroke from a cue word: "perco a licença?" (I lose) is no "perto"
_NO_TYPOS = frozenset("perco perca percas percam".split())


@lru_cache(maxsize=1)
def _cue_vocabulary() -> frozenset[str]:
    """The Portuguese cue words a typo is read as: the law writes them ("multa", "prazo", "horario"). Not
    the English ones: "comer" and "chover" are one letter from "cover", and are no typos."""
    portuguese = lexicons()[0]
    return frozenset(w for kind, _ in KINDS_ASKED for w in _pattern_words(kind) if len(w) >= 5 and w in portuguese)


def asks_a_price(question: str) -> bool:
    return _ASKS_PRICE.search(chat_read(question)) is not None


def asked_directly(question: str) -> str | None:
    """The kind the question asks with its own question word ("qual o prazo…", "which authority…", "até
    que horas…"), or None when every kind cue is context."""
    found = _kinds_found(question)
    return found[0][-1] if found and not found[0][0] else None


def asked_sentences(question: str) -> str:
    """The sentences of a message that ask (the story before them left out), as written."""
    return " ".join(_sentences(question)[0])


def kinds_only_told(question: str) -> bool:
    """Whether every kind the message names is in its story, none in its question ("They might fine me while I'm
    away. If they can't hand me the notice, how am I notified?": the fine is told, the notification asked)."""
    found = _kinds_found(question)
    return bool(found) and bool(_sentences(question)[1]) and all(only_told for _, only_told, *_ in found)


def asked_kinds(question: str) -> list[str]:
    """The kinds a question asks for: one asked directly first, then the most specific ("quanto tempo
    tenho para pagar a multa" asks for a deadline, "com quanto tempo de antecedência" for a lead time)."""
    return [kind for *_, kind in _kinds_found(question)]


@lru_cache(maxsize=512)
def _kinds_found(question: str) -> tuple[tuple[bool, bool, int, str], ...]:
    folded = chat_read(question)
    # (a kind only the story before the question names comes after the question sentence's own: "O seguro
    # caducou e ainda não renovei. Que coima arrisco?" asks the fine, not the insurance)
    asked, story = _sentences(question)
    asking = chat_read(" ".join(asked)) if story else folded
    found = []
    for rank, (kind, pattern) in enumerate(KINDS_ASKED):
        match = pattern.search(folded)
        if match:
            # "vale por quanto tempo" is asked directly too: the question word is inside the kind's cue
            direct = (_ASKED_DIRECTLY.search(folded[: match.start()]) is not None
                      or _INTERROGATIVE.search(match.group(0)) is not None)
            # "What minimum liability insurance…": a bare minimum/maximum qualifies the kind word after it
            if kind == "limit" and _QUALIFIER.fullmatch(match.group(0)) and any(
                    p.search(folded, match.end()) for k, p in KINDS_ASKED if k != "limit"):
                direct = False
            found.append((not direct, pattern.search(asking) is None, rank, kind))
    return tuple(sorted(found))


_QUALIFIER = re.compile(r"minimo|minima|maximo|maxima|minimum|maximum|how big|tamanho")


@dataclass(frozen=True)
class Resolution:
    record: FactRecord
    kind: str
    score: float
    runner_up: FactRecord | None = None


_STEMS: dict[str, frozenset[str]] = {}


def _record_stems(record: FactRecord) -> frozenset[str]:
    # Stemmed once per record (records are fixed for the process), not once per question.
    stems = _STEMS.get(record.id)
    if stems is None:
        # A record of one or two activities is about them by name: "a autorização de mesas na calçada vale
        # quantos anos?" is the sidewalk tables' validity though its wording ("No máximo 3 anos") names
        # neither the tables nor the sidewalk.
        named = [n for a in catalogue() if a.id in record.activities and len(record.activities) <= 2
                 for names in a.names.values() for n in names]
        words = " ".join([*record.matched_texts(), *record.about, *named])
        # (less the stems of function words: English "for" is not Portuguese "fora")
        stems = _STEMS[record.id] = frozenset(stem(w) for w in without_fail_to(tokens(words)) if (len(w) > 2 or w.isdigit())
                                              and w not in FUNCTION_WORDS) - function_stems()
    return stems


_OWN_STEMS: dict[str, frozenset[str]] = {}


def _half(s: str, record: FactRecord, idf: dict[str, float] | None = None, rare_idf: float = 99.0) -> bool:
    """A word that counts half: a weak word, or an activity's name (common among the records) — except,
    in hours, a trade's name the record itself writes: hours are set per trade ("Shops and services:
    8:00–18:00" is the shops' hours; the pharmacies' rota only belongs to the shop-licence activity)."""
    if s in WEAK:
        return True
    if s not in activity_stems() or (idf or {}).get(s, 0.0) >= rare_idf:
        return False
    if record.kind != "hours":
        return True
    return s not in _own_stems(record)


def _own_stems(record: FactRecord) -> frozenset[str]:
    """The stems of what the record itself writes (its texts and phrases, not the names of its activities)."""
    own = _OWN_STEMS.get(record.id)
    if own is None:
        own = _OWN_STEMS[record.id] = frozenset(stem(w) for w in tokens(" ".join([*record.matched_texts(), *record.about])))
    return own


def _trade_names(record: FactRecord) -> frozenset[str]:
    """The activities' names that are weak evidence for this record: all of them — but for hours, which are set per
    trade, not the trade's name the record itself writes ("Parques de diversões, circos…: das 10h às 3h")."""
    return activity_stems() - _own_stems(record) if record.kind == "hours" else activity_stems()


@per_registry(maxsize=16)
def _idf(jurisdiction: str, day: date) -> dict[str, float]:
    records = [r for r in facts_of(jurisdiction, day) if r.kind != "law"]
    counts = Counter(s for r in records for s in _record_stems(r))
    total = len(records) or 1
    return {s: math.log(1 + total / c) for s, c in counts.items()}


def _counted(records: list[FactRecord]) -> int:
    """How many records the rarity of a word is measured against: not the norm's own record ("which law" sums
    up the whole subject — beach, equipment, vendors — and would make the words that tell one rule from another
    look common; see _idf)."""
    return sum(1 for r in records if r.kind != "law")


def resolve(question: str, jurisdiction: str, *, activity: str | None = None, day: date | None = None,
            kinds: list[str] | None = None, besides: frozenset[str] = frozenset()) -> Resolution | None:
    """The record that answers the question (None: none clearly does); `besides`: records already said that
    may not answer it (another question of the same message: "…the fruit? and the cooler?")."""
    day = day or date.today()
    return with_its_days(_resolve(question, jurisdiction, activity=activity, day=day, kinds=kinds, besides=besides),
                         facts_of(jurisdiction, day))


def _resolve(question: str, jurisdiction: str, *, activity: str | None, day: date,
             kinds: list[str] | None, besides: frozenset[str] = frozenset()) -> Resolution | None:
    asked = kinds if kinds is not None else asked_kinds(question)
    if not asked or (asks_a_price(question) and asked[0] not in ("fine", "deadline")):
        return None
    plan, cue, raw, content = _reading(question, asked)
    context = _context(question)
    idf = _idf(jurisdiction, day)
    records = facts_of(jurisdiction, day)
    # The kind asked first is the question; another kind named in it is context ("What's the fine for
    # running boat tours without insurance?" is not answered with the insurance amount).
    records = [r for r in records if _may_answer(r, question) and r.id not in besides]
    folded = fold(question)
    if _DEFENCE_DECIDED.search(folded) and ASKS_RECOURSE.search(folded):
        # "negaram minha defesa, dá pra recorrer?": the defence was made and decided — the next step, the
        # appeal, is asked (a citizen's "appeal" may otherwise mean the defence itself, or its decision)
        records = [r for r in records if not any("defesa" in phrase for phrase in r.about)]
    for kind in asked[:1]:
        # a length asked is a distance or a size alike ("até quantos metros do calçadão posso ocupar" is the
        # boardwalk's maximum width): the records stating metres of both kinds
        # (not the other way: "tamanho máximo do trailer" asks its area, not how far it stands from a corner)
        # ("por quantos dias podem autorizar o circo?" asks how long it may last: "how many days" is a
        # deadline's cue and a validity's, which counts as the neighbouring kind)
        candidates = [r for r in records if r.kind == kind
                      or (kind == "distance" and r.kind == "limit" and r.unit in _LENGTH_UNITS)
                      or (kind == "deadline" and r.kind == "validity")
                      # ("which authority imposes the fine?" asks an office the law names as enforcing it — not "quem
                      # emite a licença?" — and "quem fiscaliza as feiras?" an office whose record says it inspects them)
                      or (kind == "office" and r.kind == "enforcement" and "fine" in asked)
                      or (kind == "enforcement" and r.kind == "office")]
        if kind == "fine":
            # one offence's fine; a tier or a table is the rules' answer for the activity
            candidates = [r for r in candidates if r.about or "#written-" in r.id
                          or (r.extra.get("offences") == "0" and r.value is not None)]
        if not candidates:
            continue
        # Only the most specific kind asked that this place has records of: a deadline question
        # whose deadline we cannot tell apart is not answered with a fine.
        only_one = len(candidates) == 1  # e.g. the one office that issues every permit there
        # (a concept narrows only the fines: "seized because I rented without a licence, how long to get
        # them back?" asks the seized goods' deadline, whatever the offence)
        required = _concepts(question, 0) if kind == "fine" else set()
        if required:
            # (a record that says which questions it answers, and was asked one of them, is no offence's fine:
            # "multado por vender sem licença… e se eu não pagar?" asks what befalls an unpaid fine)
            candidates = [r for r in candidates if required <= _concepts(" ".join([*r.matched_texts(), *r.about]), 1)
                          or "asked_with" in r.extra]
            if not candidates:
                return None
        if activity is not None and kind == "fine":
            # a fine for a named activity is one the data ties to it (the rules' table otherwise) — or what befalls
            # any fine, which names no offence and no amount (a fine left unpaid goes to the debt register)
            candidates = [r for r in candidates if activity in r.activities
                          or (r.value is None and not r.about and not r.activities)]
            if not candidates:
                return None
        if activity is not None:
            # the activity asked about: its own records, and those of every activity (empty list)
            # (another activity's record is never the answer: a roaming vendor's rule is not a kiosk's)
            candidates = [r for r in candidates if not r.activities or activity in r.activities]
            if not candidates:
                return None
            # the activity's one record of the kind asked, and no other: its answer ("I sell food at the town
            # festival. How long can my licence be valid?" is the festival licence's 5 days before and after)
            # (not a fine nor who may apply: those hinge on the offence or the permit named, not on the kind alone)
            only_one = only_one or (kind not in ("fine", "holder") and len(candidates) == 1 and activity in candidates[0].activities)
        # a required concept shared counts as one distinctive word shared
        bonus = MIN_SCORE if required else 0.0
        # The question's own figures: one record holding them all, and no other, is the one asked about
        # ("entre 12 e 30 passageiros" is the 12-to-30 tier, not the up-to-12 one that shares "12").
        figures = {s for s in content if s.isdigit()}
        holding = [r for r in candidates if figures and figures <= _record_stems(r)]
        if len(holding) != 1:
            # "my boat takes 45 passengers": the tier whose range of people holds 45 ("more than 30 people")
            holding = _tiers_holding(question, candidates)
        # the activity asked about: its own record of the kind before one for every activity
        # ("barraca de ponto fixo… quanto deixar livre" is the stall's 1,20 m, not the pedestrian mall's)
        # (a size in metres answers a distance question only when clearly closer than every distance: a
        # neighbouring kind's score counts four fifths)
        # a record that lacks a word the question sentence itself says and another candidate holds gets
        # nothing from the story's words ("Qual o limite durante o dia. E de noite?" is not the day's limit)
        said = content - context
        refers_back = bool(context) and _REFERS_BACK.search(chat_read(" ".join(_sentences(question)[0]))) is not None
        # (a weak word names no subject: it does not make the story's subject a stranger's)
        held = {w for r in candidates for w in said & _record_stems(r)} - WEAK
        # (a record saying the word in the law's terms holds it: "buscar" is "retirar", "resgatar")
        siblings = _siblings(plan)
        # (the question says one of the record's own phrases: read once per candidate)
        # (a record that answers only the questions its `asked_with` says was asked one of them — in the question
        # sentence itself, not the story: it is pointed to)
        asking_folded = fold(asked_sentences(question))
        pointed = {r.id for r in candidates if ("asked_with" in r.extra and re.search(r.extra["asked_with"], asking_folded))
                   or _phrase_points(r, question, content, context, candidates)}
        scored = sorted((((_score(r, plan, idf, cue, raw, context,
                                  story=0.0 if not refers_back and any(not (siblings.get(w, frozenset()) & _record_stems(r))
                                                                       for w in held - _record_stems(r))
                                  # (a fine's offence is the story: "O seguro caducou. Que coima arrisco?"; so is
                                  # what a pronoun points back to: "Já há outra escola ali. A que distância dela?")
                                  else 1.0 if kind == "fine" or refers_back else 0.5)
                           * (1.0 if r.kind == kind else _NEIGHBOUR_KIND)
                           # (a kind asked as a figure — "what is the maximum sound level" — is answered by a
                           # record stating one before a rule of that kind without a figure)
                           * (_NEIGHBOUR_KIND if kind in _FIGURE_KINDS and r.value is None else 1.0)) + bonus
                          + (MIN_SCORE if activity is not None and activity in r.activities else 0.0)
                          + (2 * MIN_SCORE if len(holding) == 1 and r is holding[0] else 0.0)
                          # the office that issues the activity's own permit ("which department do I need
                          # authorization from?"), before one that only inspects it
                          + (2 * MIN_SCORE if kind == "office" and activity in r.activities and "#office-" in r.id else 0.0)
                          + (2 * MIN_SCORE if r.id in pointed else 0.0), r)
                         for r in candidates), key=lambda sr: (-sr[0], sr[1].id))
        if kind == "hours":
            # a trade's days are one answer (with_its_days gives them together): no rivals of each other
            scored = _best_day_per_trade(scored)
        best_score, best = scored[0]
        # one offence's fine left, sharing no word with the question, is another offence's ("caught selling socks
        # without a licence" is not the stage's fine, however alone it is in saying "without a licence") — a written
        # record, whose `about` names its subject (a rules offence is named by its text, which the concept matched)
        strange_fine = (kind == "fine" and "#written-" in best.id and not (content - WEAK) & _record_stems(best)
                        and best.id not in pointed and not says_a_phrase_of(best, chat_read(question)))
        only_one = only_one and not strange_fine
        if kind == "hours" and _day_not_held(question, best, candidates):
            return None
        if best.id in pointed and not any(r.id in pointed for _, r in scored[1:]):
            # the question says one of the record's own phrases ("até 12 pessoas"): that is the record
            return Resolution(best, best.kind, best_score, scored[1][1] if len(scored) > 1 else None)
        asking = _sentences(question)
        if asking[1] and len(pointed) == 1:
            # ... in the question sentence itself, when the best holds no word of that sentence it lacks ("fined for selling
            # outside my sector, and again… How many fines until they cancel it?" is the two-fines cassation, not
            # "trading outside the hours")
            (lone,) = [(sc, r) for sc, r in scored if r.id in pointed]
            asked_words = {stem(w) for w in tokens(chat_read(" ".join(asking[0])))} & content
            if (says_a_phrase_of(lone[1], chat_read(" ".join(asking[0])))
                    and not (asked_words - WEAK) & _record_stems(best) - _record_stems(lone[1])):
                return Resolution(lone[1], lone[1].kind, lone[0], best)
        rare_idf = math.log(1 + _counted(records) / _RARE_COUNT)
        if len(holding) == 1 and best is holding[0] and _covers(best, content, plan, cue, bool(required),
                                                               others=[r for _, r in scored[1:]], idf=idf, rare_idf=rare_idf, context=context):
            # the only record holding the question's own figures ("45 passengers" is the over-30 tier)
            return Resolution(best, best.kind, best_score, scored[1][1] if len(scored) > 1 else None)
        if not only_one and not _covers(best, content, plan, cue, bool(required), others=[r for _, r in scored[1:]],
                                        idf=idf, rare_idf=rare_idf, context=context):
            # The top score may come from words every record of an activity shares ("ponto de locação
            # náutica") or from one word the glossary stretched ("outdoor"); the record that holds the
            # question's telling words is the answer when it is the only one that does.
            covering = [(s, r) for s, r in scored[1:]
                        if _covers(r, content, plan, cue, bool(required), others=[o for _, o in scored if o is not r],
                                    idf=idf, rare_idf=rare_idf, context=context)]
            # (on its own words' score: the activity's bonus is no evidence here)
            if len(covering) == 1 and _score(covering[0][1], plan, idf, cue, raw, context) >= MIN_SCORE:
                return Resolution(covering[0][1], covering[0][1].kind, covering[0][0], best)
        if not only_one and not _covers(best, content, plan, cue, bool(required), others=[r for _, r in scored[1:]],
                                        idf=idf, rare_idf=rare_idf, context=context):
            tied = [r for r in candidates if activity is not None and activity in r.activities]
            rest = content - activity_stems()
            if not rest and len(tied) == 1:
                # the question names only the activity ("mesas na calçada vale quantos anos?"): the one
                # record of that kind tied to the activity is its answer
                return Resolution(tied[0], tied[0].kind, best_score)
            own = [r for r in tied if r.activities == (activity,)]
            if (len(own) == 1 and not any(w in _record_stems(r) for w in rest - _STREET - WEAK for r in candidates)
                    and own[0] is best):
                # ... and where, in words no record holds ("quero montar um trailer numa rua de Lajes. Qual o tamanho
                # máximo?"): the best, the activity's own record of that kind, answers it
                return Resolution(best, best.kind, best_score)
            # (where it stands is no word of what is asked: "um trailer … numa rua de Lajes. Qual o tamanho máximo?" is
            # the trailer's size, not the one rule of street trading that says "rua")
            holders = [r for r in tied if rest & _record_stems(r) - WEAK - _STREET]
            if len(holders) == 1 and not any(rest & _record_stems(holders[0]) & _record_stems(o) for o in tied if o is not holders[0]):
                # the activity named, and one word only one of its records holds ("distância entre uma mesa e
                # outra" → the distance between tables): the activity is the second word
                return Resolution(holders[0], holders[0].kind, best_score)
            if kind == "fine" and (not (rest - _ANY_BREACH) or (
                    # ... or an amount asked where no offence has its own: the law's one range is every offence's
                    # ("vendi fora do setor: de quanto a quanto pode ser a multa?" in Pontal, art. 38)
                    _ASKS_AMOUNT.search(chat_read(" ".join(_sentences(question)[0])))
                    and not any(r.value is not None and r.extra.get("offences") != "0" for r in candidates))):
                # "how much is the fine for breaking the rules?" names no offence: the one fine the law
                # sets as a range for any breach, where it sets only one (Pontal: R$ 300 to 12.000, art. 38)
                general = [r for r in candidates if r.extra.get("offences") == "0" and r.value is not None
                           and "#penalty-" in r.id and "asked_with" not in r.extra]
                if len(general) == 1:
                    return Resolution(general[0], "fine", best_score)
            return None
        second = scored[1] if len(scored) > 1 else None
        if (not only_one and second is not None and second[0] >= MIN_SCORE and not (content & _record_stems(best) - WEAK)
                and not (_stand_ins(plan, idf) - cue) & _record_stems(best)
                and content & _record_stems(second[1]) - WEAK - activity_stems()):
            # the best holds only the glossary's synonyms, the runner-up one of the citizen's own words ("a forró
            # show on a square": the event licence says "show", the shop's promotional event only "event", "public"…)
            # (a stand-in for a word no record writes is the citizen's word: "à vista" is "visível")
            best_score, best = second
            second = scored[2] if len(scored) > 2 else None
        elif (second is not None and second[0] >= _CLOSE * best_score and best.id not in pointed
              and (content & _record_stems(best)) - WEAK < (held_by_second := (content & _record_stems(second[1])) - WEAK)
              and ((content & _record_stems(best)) - WEAK or len(held_by_second - activity_stems()) >= 2)):
            # a close runner-up holding every citizen's word the best holds and more: the best's lead came from the
            # glossary's stand-ins ("collect my goods from the municipal depot" is the seized goods' 30 days, not the
            # impounded animal's 7, which shares only "collect"; "meu cavalo foi recolhido… quantos dias pra buscar?" the
            # animal's, which holds two of them, not the perishables' that the glossary's "retirar" led to)
            (best_score, best), second = second, scored[0]
        # a runner-up that does not hold the question's words is no rival, however its length scores
        # (only for a record holding two of the question's own words: one word shared is no lead)
        unrivalled = second is not None and len((content - activity_stems()) & _record_stems(best)) >= 2 and not _covers(second[1], content, plan, cue, bool(required),
                                                        others=[r for _, r in scored if r is not second[1]],
                                                        idf=idf, rare_idf=rare_idf, context=context)
        if (not only_one and second is not None and second[0] > 0
                and not (content & _record_stems(best))
                # (a stand-in of the citizen's word that leads to it and not to the rival is a lead: "à vista")
                # (a rival holding only stand-ins the best holds too is none: "local" of "local visível" is every
                # place's word; "appeal" is "defesa" for one record and "recurso" for another: both lead)
                and (not (stand := _stand_ins(plan, idf) - cue) & _record_stems(best)
                     or (stand & _record_stems(second[1])) - _record_stems(best))
                and best.id not in pointed
                and not (activity is not None and activity in best.activities
                         and (activity not in second[1].activities or (kind == "office" and "#office-" in best.id)))):
            # only the glossary's words lead to it, and to a rival too ("appeal" is the defence and the
            # reconsideration): the question does not say which — the rules' answer lists both
            return None
        # a runner-up holding only some of the words the best holds, none of its own, is the best's narrower
        # neighbour: "retirar as mercadorias apreendidas" is the seized goods' 72 hours, not the perishables'
        # 24 — the question would say "perecível"
        dominated = second is not None and (content & _record_stems(second[1])) < (content & (_record_stems(best) - WEAK))
        alike = _alike(best, second[1], activity, bonus) if second is not None else 0.0
        if (only_one or (len(scored) == 1 and best_score >= MIN_SCORE and not strange_fine)
                or (best_score >= MIN_SCORE and second
                    and (unrivalled or dominated
                         or _clearly_better(best_score - alike, second[0] - alike, best, second[1])))):
            return Resolution(best, best.kind, best_score, second[1] if second else None)
        if best_score <= 0 and len({(r.value, r.unit) for _, r in scored}) == 1:
            return Resolution(best, best.kind, best_score)  # every candidate says the same figure
        narrower = _narrower_of_twins(scored, content)
        if narrower is not None and best_score >= MIN_SCORE:
            return Resolution(narrower, narrower.kind, best_score, best if narrower is not best else second[1])
        return None
    return None


# How close a runner-up's score is to the best's for the citizen's own words to decide between them
_CLOSE = 0.8


def _narrower_of_twins(scored: list[tuple[float, FactRecord]], content: set[str]) -> FactRecord | None:
    """Of two records tied on the question's words, the one that says nothing more: "multa grave" is the serious
    tier ("Infração grave"), not the very serious one that also says "gravíssima", "muito grave"."""
    if len(scored) < 2 or abs(scored[0][0] - scored[1][0]) > 1e-9:
        return None
    (_, a), (_, b) = scored[:2]
    if content & _record_stems(a) != content & _record_stems(b) or not content & _record_stems(a):
        return None
    if len(scored) > 2 and abs(scored[2][0] - scored[0][0]) <= 1e-9:
        return None
    # (their own figures aside: each tier states its own amounts)
    extra_a, extra_b = ({w for w in _record_stems(r) - content if not w.isdigit()} for r in (a, b))
    if extra_a < extra_b:
        return a
    if extra_b < extra_a:
        return b
    return None


# The day a projected hours record is for ("#hours-commerce_saturday").
_DAY_SUFFIX = re.compile(r"_(weekdays|saturday|sunday|sun_holidays|holidays)$")


def with_its_days(found: Resolution | None, records: list[FactRecord]) -> Resolution | None:
    """A trade's hours on one day answered with its other days ("comércio abre que horas? e no
    sábado?": weekdays, Saturday and Sunday, three short lines with their article)."""
    if found is None or found.record.kind != "hours":
        return found
    for record in days_together(records):
        if record.id != found.record.id and found.record.id.startswith(record.id + "_"):
            return Resolution(record, found.kind, found.score, found.runner_up)
    return found


# A day the question names, as the hours records' `days` say it.
_DAYS_NAMED = (("sun_holidays", re.compile(r"\b(sundays?|domingos?|feriados?|holidays?)\b")),
               ("sat", re.compile(r"\b(saturdays?|sabados?)\b")))


def _day_not_held(question: str, best: FactRecord, candidates: list[FactRecord]) -> bool:
    """A day asked that the best trade's hours do not state, and another trade's do ("clothes shop: can I open
    on Sundays?" in Lajes, where shops have weekday and Saturday hours and Sundays only by collective
    agreement): one trade's hours would not answer it — the rules' answer lists them all."""
    day = _DAY_SUFFIX.search(best.id) if "#hours-" in best.id else None
    if day is None:
        return False
    trade = best.id[: day.start()]
    folded = fold(question)
    for days, pattern in _DAYS_NAMED:
        if not pattern.search(folded):
            continue
        held = [r for r in candidates if r.extra.get("days") == days]
        if held and not any(r.id.startswith(trade + "_") for r in held):
            return True
    return False


def _best_day_per_trade(scored: list[tuple[float, FactRecord]]) -> list[tuple[float, FactRecord]]:
    seen: set[str] = set()
    kept = []
    for score, record in scored:
        day = _DAY_SUFFIX.search(record.id) if "#hours-" in record.id else None
        trade = record.id[: day.start()] if day else record.id
        if trade not in seen:
            seen.add(trade)
            kept.append((score, record))
    return kept


def days_together(records: list[FactRecord]) -> list[FactRecord]:
    """The hours records of one trade on its different days merged into one record each."""
    groups: dict[str, list[FactRecord]] = {}
    kept: list[FactRecord] = []
    for record in records:
        day = _DAY_SUFFIX.search(record.id) if record.kind == "hours" and "#hours-" in record.id else None
        if day is None:
            kept.append(record)
        else:
            groups.setdefault(record.id[: day.start()], []).append(record)
    for key, members in groups.items():
        kept.append(members[0] if len(members) == 1 else _merged(key, tuple(members)))
    return kept


def _merged(key: str, members: tuple[FactRecord, ...]) -> FactRecord:
    languages = dict.fromkeys(language for m in members for language in m.text)
    first = members[0]
    return FactRecord(id=key, jurisdiction=first.jurisdiction, norm=first.norm, kind="hours",
                      text={language: "; ".join(m.words(language).rstrip(".") for m in members) for language in languages},
                      cite=tuple(dict.fromkeys(c for m in members for c in m.cite)),
                      about=tuple(dict.fromkeys(a for m in members for a in m.about)),
                      activities=tuple(dict.fromkeys(a for m in members for a in m.activities)))


def _reading(question: str, asked: list[str]):  # noqa: ANN202 (QueryPlan, three sets of stems)
    """What resolve and retrieve read of a question: the search plan (typo corrections, glossary), the
    words that asked for the kind, the question's own stems, and what it is about."""
    plan = get_index().plan(question)
    # only the words that asked for the kind answered: "the fine … without insurance" names its offence
    cue = cue_words(question, tuple(asked[:1]))
    if asked:
        # ... and the glossary's translations of them ("hours" brings "horário", which the hours cue also
        # spells): they ask the kind in the other language, they do not say which record
        cue |= set(plan.added) & {stem(w) for w in _pattern_words(asked[0])}
    read = chat_read(question)
    raw = {stem(w) for w in tokens(read) if len(w) > 2 and w not in load_stopwords() and w not in _GENERIC_SPELLED}
    # what the question is about: its own words, less function words, the kind words and the place's
    # name. The search stop words are not used here: "ficar" in "circo pode ficar quantos dias" is what
    # is asked (not the deposit's refund deadline, which only shares "circo").
    # (numbers count: "até 12 pessoas" and "de 12 a 30" tell the insurance tiers apart)
    content = ({stem(w) for w in tokens(read) if (len(w) > 2 or w.isdigit()) and w not in FUNCTION_WORDS
                and w not in _GENERIC_SPELLED}
               - cue - _generic(asked[0] if asked else None) - place_stems() - function_stems())
    if asked and asked[0] == "hours":
        # opening and closing are what an hours question asks, not its subject ("a que horas fecham os comércios?"
        # is the shops' hours, not the rule for tables "after the shops have closed")
        content -= _OPENING
    return plan, cue, raw, content


_OPENING = frozenset(stem(w) for w in "abre abrem abrir aberto aberta abertos abertas abren abierto abierta abiertos "
                                      "fecha fecham fechar fechado fechada fechados cierra cierran cerrar cerrado cerrada "
                                      "open opens opening opened close closes closing closed".split())


# A sentence ends at ".", "!" or "?" followed by a word — not after "art.", "n." or "inc.", nor before a number.
_SENTENCE_END = re.compile(r"(?<!\bart\.)(?<!\barts\.)(?<!\bn\.)(?<!\binc\.)(?<!\bpar\.)(?<=[.!?])\s+(?=[^\d\s])",
                           re.IGNORECASE)


@lru_cache(maxsize=512)
def _sentences(question: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the sentences that ask, the story before them): every sentence that asks is the question ("tem de
    ter inscrição? o que tem de dizer?"); with none marked, the last one. One sentence: no story."""
    sentences: list[str] = []
    for part in (p for p in _SENTENCE_END.split(question.strip()) if tokens(p)):
        # "art. 21", "n. 5": a fragment of under three words belongs to the sentence before it
        if sentences and (len(tokens(part)) < 3 or len(tokens(sentences[-1])) < 3):
            sentences[-1] += " " + part
        else:
            sentences.append(part)
    if len(sentences) < 2:
        return tuple(sentences), ()
    asked = [p for p in sentences if p.rstrip().endswith("?")] or sentences[-1:]
    return tuple(asked), tuple(p for p in sentences if p not in asked)


# A second question inside a sentence: "e"/"and"/"y" (after an optional comma) before a question word
# ("onde se pede a licença e com quanta antecedência?"); read on the folded words.
# (not the "é" of the European "quem é que…", "o que é que…", written without its accent: one question)
_AND_ASKS = re.compile(# after a comma, "e se"/"and if": a condition that opens another question ("how many days for a
                       # defence, and if it goes against him, who does he appeal to?")
                       r"\s*,\s*(?:e|and|y)\s+(?=(?:se|if|si)\s)|"
                       r"\s*(?:,\s*)?\b(?<!quem )(?<!onde )(?<!como )(?<!qual )(?<!quando )(?<!o que )(?<!porque )"
                       r"(?:e|and|y)\s+(?=(?:qual|quais|quanto|quanta|quantos|quantas|quem|onde|quando|"
                       r"com quant\w*|em quant\w*|por quant\w*|de quant\w*|a partir|ate quando|ate que|a que|que|"
                       r"what|which|how|who|where|when|for how|from what|at what|"
                       # ... or before a question of what must be done: "how many days for the defence, and do I have
                       # to pay the fine meanwhile?", "…e tenho que pagar a multa enquanto isso?" — or may be done: "how
                       # big can the trailer be, and can I play music on it?" (a rule that forbids or allows it answers
                       # that part: actions/qa/fact_answer.py other_parts)
                       r"(?:do|does|is|are|will|would|should|must|can|may|am) (?:i|we|you|they|it|he|she|the)|"
                       r"(?:posso|podemos|da pra|da para) |"
                       r"(?:enquanto isso )?(?:eu )?(?:preciso|tenho que|tenho de|devo))\b)")


_AND_IF = re.compile(r"\s*(e|and|y)\s+(se|if|si)\s")


@dataclass(frozen=True)
class AskingPart:
    """One question of a message that asks several: its own words (`piece`), and the message restated
    with it as the question, and the sentences that ask nothing and the questions before it as its story
    (`restated`) — so that it is read with the subject the message tells ("Tenho um food truck numa praça.
    Quem pode pedir o alvará e por quanto tempo ele vale?": the validity is the food truck's)."""
    piece: str
    restated: str
    # the message with this question and the sentences that ask nothing, without the other questions (a
    # question that names its own subject: "…quantos dias para a defesa e quantos para pagar a multa?")
    alone: str = ""


@lru_cache(maxsize=512)  # (read by several readers of one message: the can-I check, the facts, the other parts)
def asking_parts(question: str) -> tuple[AskingPart, ...]:
    """The questions a message asks, in order, when it asks more than one (else empty): each sentence
    that ends in a question mark or asks with its own question word, split at "e"/"and" before a
    question word ("qual a altura das bandeiras e a que distância fica uma tenda da outra?"). Folded."""
    sentences: list[str] = []
    for part in (p for p in _SENTENCE_END.split(fold(question).strip()) if tokens(p)):
        # "art. 21": one sentence (as `_sentences` reads it); a short question after a question is its own
        # ("Vale por quanto tempo? Quem expede?")
        if sentences and not sentences[-1].rstrip().endswith("?") and (len(tokens(part)) < 3 or len(tokens(sentences[-1])) < 3):
            sentences[-1] += " " + part
        else:
            sentences.append(part)
    pieces: list[tuple[str, bool]] = []
    for n, sentence in enumerate(sentences):
        # (after a question, "and if …" asks another, question mark or not: "how many days for the defence?? and if
        # they cancel the licence can i ask for reconsideration and within what time")
        asks = sentence.rstrip().endswith("?") or (n > 0 and _AND_IF.match(sentence) is not None
                                                   and sentences[n - 1].rstrip().endswith("?"))
        for piece in (p.strip() for p in _AND_ASKS.split(sentence) if tokens(p)):
            pieces.append((piece, asks or asked_directly(piece) is not None))
    if sum(asks for _, asks in pieces) < 2:
        return ()
    # (a later question is no story of an earlier one: it asks something else, and its telling words would
    # pull the earlier one to its record — "quantos dias para a defesa? e se a negarem, posso recorrer?"; an
    # earlier one is the later one's story, which may name its subject only by a pronoun: "a", the defence)
    return tuple(AskingPart(piece, " ".join((p.rstrip(" ?.,;") + ("?" if j == i else ".")) for j, (p, asking) in enumerate(pieces)
                                            if j <= i or not asking),
                            " ".join((p.rstrip(" ?.,;") + ("?" if j == i else ".")) for j, (p, asking) in enumerate(pieces)
                                     if j == i or not asking))
                 for i, (piece, asks) in enumerate(pieces) if asks)


def _context(question: str) -> frozenset[str]:
    """The words only the sentences before the question itself say ("O Secretário negou minha defesa
    contra a multa. Posso recorrer ao prefeito?": the secretary and the defence are the story, the appeal
    to the mayor is asked). Empty for a one-sentence message."""
    asked, story = _sentences(question)
    # (read as the question's content is: chat spellings, typos of cue words and diminutives in the law's words)
    return frozenset({stem(w) for p in story for w in tokens(chat_read(p))} - {stem(w) for p in asked for w in tokens(chat_read(p))})


def _phrase_points(record: FactRecord, question: str, content: set[str], context: frozenset[str],
                   candidates: list[FactRecord]) -> bool:
    """The question says one of the record's own phrases — in the question sentence, or in the story
    before it when the question sentence names nothing this record lacks and another holds: "Tenho um barco
    que leva até 12 pessoas. Qual o seguro?" is the up-to-12 tier; "Qual o limite durante o dia. E de
    noite?" is not the day's limit, whose phrase only the earlier question says."""
    asked, story = _sentences(question)
    if not story:
        return says_a_phrase_of(record, chat_read(question))
    if says_a_phrase_of(record, chat_read(" ".join(asked))):
        return True
    if not says_a_phrase_of(record, chat_read(question)):
        return False
    if _REFERS_BACK.search(chat_read(" ".join(asked))):
        # the question sentence points back to the story's phrase: "Já há outra escola ali. A que distância dela posso
        # me instalar?" asks the distance from the other school, whatever record "instalar" also names
        return True
    missing = (content - context) - _record_stems(record)
    return not any(missing & _record_stems(o) for o in candidates if o is not record)


# A count of people in a question ("45 passageiros", "a boat for 10 people") and a tier's range of them in
# a record ("até 12 pessoas", "de 12 a 30 pessoas", "more than 30 people").
_PEOPLE = (r"(?:pessoas|passageiros|passageiro|tripulantes|lugares|turistas|clientes|people|passengers|persons|pax|seats|"
           r"tourists|customers|guests)")
_COUNT = re.compile(r"\b(\d+)\s+(?:\w+\s+)?" + _PEOPLE + r"\b")
_TIERS = (
    (re.compile(r"\b(?:de|entre|between|from)\s+(\d+)\s+(?:a|e|to|and)\s+(\d+)\s+" + _PEOPLE), lambda m: (int(m[1]), int(m[2]))),
    (re.compile(r"\b(\d+)\s+(?:a|to)\s+(\d+)\s+" + _PEOPLE), lambda m: (int(m[1]), int(m[2]))),
    (re.compile(r"\b(?:ate|up to|at most|no more than|no maximo)\s+(\d+)\s+" + _PEOPLE), lambda m: (0, int(m[1]))),
    (re.compile(r"\b(?:mais de|acima de|superior a|more than|over|above)\s+(\d+)\s+" + _PEOPLE),
     lambda m: (int(m[1]) + 1, math.inf)),
)


def _tiers_holding(question: str, candidates: list[FactRecord]) -> list[FactRecord]:
    """The one record whose range of people holds the count the question gives, when the records are tiers
    of such ranges; otherwise none."""
    counts = [int(n) for n in _COUNT.findall(fold(question))]
    if not counts:
        return []
    holding = []
    for record in candidates:
        text = fold(" ".join(record.matched_texts()))
        ranges = [make(m) for pattern, make in _TIERS for m in pattern.finditer(text)]
        if ranges and any(lo <= n <= hi for n in counts for lo, hi in ranges):
            holding.append(record)
    return holding if len(holding) == 1 else []


# A pronoun that points back to the story's subject ("a que distância dela?", "how far from it?").
_REFERS_BACK = re.compile(r"\b(dela|dele|delas|deles|nela|nele|from it|from them|of it|from her|from him|de ella|de ellas|"
                          r"de ellos)\b")
# An amount asked ("de quanto a quanto", "how much", "o valor mínimo e máximo").
_ASKS_AMOUNT = re.compile(r"\b(quanto|quanta|how much|valor|valores|value|values|amount|amounts|range|minimo|maximo|minimum|"
                          r"maximum|min|max|entre que|between what)\b")
# Words that name a breach of the rules in general, no offence in particular.
_ANY_BREACH = frozenset(stem(w) for w in """regra regras rule rules breaking break breach breaching infringing infringe
descumprir descumprimento desrespeitar violar violating violation infracao infracoes lei norma law norms street vending
vendor ambulante comercio""".split())


def _may_answer(record: FactRecord, question: str) -> bool:
    """A record that answers only questions naming its subject (`extra.asked_with`, a pattern on the folded
    question): the aggravating factors' percentage is not "the fine for breaking the rules"."""
    pattern = record.extra.get("asked_with")
    return pattern is None or re.search(pattern, fold(question)) is not None


def says_a_phrase_of(record: FactRecord, folded_question: str) -> bool:
    """The question contains one of the record's `about` phrases of two words or more, as a whole."""
    # (not a phrase that only names an activity: "food truck" says whose facts, not which one)
    return any(len(p.split()) >= 2 and f" {fold(p)} " in folded_question
               and not {stem(w) for w in tokens(p) if len(w) > 2} <= activity_stems() for p in record.about)


def _covers(record: FactRecord, content: set[str], plan, cue: set[str], concept: bool,  # noqa: ANN001
            others: list[FactRecord] = (), idf: dict[str, float] | None = None, rare_idf: float = 99.0,
            context: frozenset[str] = frozenset()) -> bool:
    """A record answers only if it shares two of the question's own words (all of them if it has only
    one: "qual o limite de barulho à noite?"), or one that no other candidate holds ("Can shops stay
    open later in December?": only one hours record speaks of December); words the glossary added and a
    required concept narrow the choice but are not evidence. "circo pode ficar quantos dias" shares
    "circo" with the circus deposit's refund deadline, but not "ficar": that record is not the answer."""
    if concept:
        # the question names the offence by a concept only this record's wording holds among the candidates
        # ("without any licence" is "exercer a atividade sem licença"): that is what it asks about
        return True
    stems = _record_stems(record) - (DAY_WORDS if record.unit in _DAY_UNITS else frozenset())
    shared = {s for s in content if s in stems}
    rare = {s for s in shared - WEAK if not s.isdigit() and (idf or {}).get(s, 0.0) >= rare_idf}
    held_elsewhere = {s for o in others for s in content & _record_stems(o)}
    # an activity's name is weak evidence: every fact of the activity may say it ("locação náutica") —
    # unless few records hold it ("som" of the sound car is also the loud music of a noise fine)
    own = sum(0.5 if _half(s, record, idf, rare_idf) else 1.0 for s in shared)
    # (the glossary's words for a question word no record writes stand for that word: "à vista" is "visível")
    stood = (_stand_ins(plan, idf or {}) - cue) & stems
    # (a record holding two words of the question sentence itself is judged by that sentence's telling word:
    # "A fiscalização apreendeu minhas coisas. Qual o prazo pra retirar antes que vendam?" asks about taking
    # them back, not about the inspection the story tells)
    pool = (shared | stood | held_elsewhere) - WEAK
    anchored = len(shared - context - WEAK) >= 2
    # (and so is a question sentence saying a rare word: "Recebi um auto. Quantos dias tenho pra apresentar a
    # defesa?" asks about the defence, whatever record says "recebimento")
    asked_rare = any((idf or {}).get(s, 0.0) >= rare_idf for s in pool - context)
    # (and so is a question sentence whose every own word the record holds: "I run a food trailer. Can I play
    # music? How big can the trailer be?" asks the trailer's size, whatever the story's music points to)
    sentence_held = bool(content - context) and (content - context) <= stems
    telling = max(pool - context if anchored or asked_rare or sentence_held else pool, key=lambda s: ((idf or {}).get(s, 0.0), s), default=None)
    if (telling is not None and telling not in stems and (idf or {}).get(telling, 0.0) >= rare_idf
            and (len(shared - _trade_names(record) - WEAK) < 2
                 or any(telling in _record_stems(o)
                        and len((content | cue) & _record_stems(o) - WEAK) >= max(2, len(shared - WEAK)) for o in others))):
        # the question's most telling word ("bandeiras", "December") is another record's, not this one's —
        # unless this one holds three of the question's own words and the other fewer words of the
        # question or of its kind ("deixar livre pro pedestre passar" is the free strip for pedestrians,
        # though only the awning's rule, which shares nothing else, says "passar"; "the maximum sound level
        # allowed outside during the day" is the day's noise limit, though the flyers' rule says "allowed")
        return False
    # (a rare word of the story only when the question sentence names nothing: "I run a food trailer… how big
    # can the trailer be?" is not about what "run" points to)
    if content - context:
        rare -= context
    if rare and others and not any(rare & _record_stems(o) for o in others):
        return True  # a word of the question few records hold, and no other candidate
    # one word the glossary brought ("defender" → "defesa") counts when the citizen's own words matched
    # nothing else: it stands for a word of theirs
    brought = 1 if any(s in stems for s in set(plan.added) - cue - _generic(record.kind, record.unit) - DAYS) and own < len(content) else 0
    # (what the question sentence itself asks counts: "Recebi uma multa da fiscalização. Qual o prazo pra
    # me defender?" asks with one word, "defender")
    # (the days are no subject: "shops on weekdays" names one thing, the shops)
    # ("O fiscal viu que a licença não estava à vista. Qual a multa por isso?": a question sentence that
    # names nothing asks about the story)
    asked = (content - context - DAYS) or (content - DAYS)
    # a word of the question no record of the place writes, said in the law's words by the glossary
    # ("à vista" for "visível"), is one of the citizen's words shared
    own += 1.0 if stood else 0.0
    return own + brought >= min(2, max(len(asked), 1))


@lru_cache(maxsize=1)
def function_stems() -> frozenset[str]:
    """The stems of the function words, less those a content word of the other language shares: English
    "some", "are", "for" stem like Portuguese "som", "área", "fora", and "pra", "com", "para" like
    "praia", "comida", "parada" — those function words are dropped by their own spelling instead (a
    question about "som alto" or "área máxima" keeps its subject)."""
    return frozenset(stem(w) for w in FUNCTION_WORDS) - SHARED_WITH_CONTENT


SHARED_WITH_CONTENT = frozenset({"som", "are", "for", "pra", "par", "com", "cant"})


@per_registry
def activity_stems() -> frozenset[str]:
    """The words of every activity's names: what a question is about, not which of its facts is asked
    ("altura da bandeira do ponto de locação náutica" shares "locação" and "náutica" with every fact of
    nautical rentals; "altura" and "bandeira" tell which)."""
    return frozenset(stem(w) for a in catalogue() for names in a.names.values() for n in names
                     for w in tokens(n) if len(w) > 2)


@lru_cache(maxsize=1)
def place_stems() -> frozenset[str]:
    from knowledge.jurisdictions import jurisdictions

    return frozenset(stem(w) for j in jurisdictions().values() for w in tokens(j.name) if len(w) > 2)


# Words that say little of which fact ("ficar", "outra": "a quantos metros uma tenda fica da outra" is
# about the tents): half a word, like an activity's name.
# The days say which of a trade's hours, not which trade ("pharmacies: duty rota on weekdays, Saturdays…"
# is not the shops' hours on weekdays): half a word, and no subject of their own.
DAYS = frozenset(stem(w) for w in "uteis util weekday weekdays sabado sabados domingo domingos feriado feriados saturday "
                                  "saturdays sunday sundays holiday holidays semana week".split())
# "antes", "depois" order a story in time ("retirar antes de doarem"), "two" counts ("two surf schools", "my two
# tents"): they name no subject either.
# ("stay", "quedarse" are English's and Spanish's "ficar": "can I stay open until 10pm" is not about the machines
# that "stay noisy")
WEAK = frozenset(stem(w) for w in "fica ficar ficam fique outra outro outras outros antes depois before after "
                                  "dois duas two dos stay stays staying remain remains quedar queda quedo quedarse "
                                  "quedarme".split()) | DAYS


_STREET = frozenset(stem(w) for w in "rua ruas street streets calle calles".split())


_NEIGHBOUR_KIND = 0.8
_FIGURE_KINDS = frozenset(("limit", "distance", "deadline", "validity", "lead_time", "insurance"))


_LENGTH_UNITS = frozenset({"m", "metros", "metres", "meters", "km", "cm"})


# A rare word: held by at most this many records of the jurisdiction.
_RARE_COUNT = 4


# What the question must share with a record, beyond the words that asked for its kind, when the place
# has several records of that kind: about one distinctive word ("defesa", "visível", "Enseada").
MIN_SCORE = 1.5


# Words that carry no subject: articles, prepositions, pronouns, question words, auxiliaries, and the verbs of
# permission ("are we allowed to open on Sundays?" asks the shops' hours, not the trades "allowed to work special hours").
FUNCTION_WORDS = frozenset("""
a o as os um uma uns umas de do da dos das em no na nos nas por pelo pela pra pro para com sem e ou que
qual quais quanto quanta quantos quantas qto qtos qnts quem onde como quando se eu meu minha meus minhas
voce vc voces nos ele ela eles elas isso isto esse essa este esta aqui ai la tem ter tenho temos ha and
pode posso podem podemos preciso precisa e eh sao ser esta estou the an of in on at for to is are be do
does did can could may might must should will would i my me we our you your it its this that there what
which how much many who when where why with without from by about any some
was were been being have has had having they them their theirs these those he him his she her hers us
am get gets got between into onto than then also just only very so if or but not no nor too up out over
under again once here both each few more most other such same own all whats doesnt dont isnt cant im ive
allow allowed allows permitted
oi ola opa hello hi hey hola buenas buenos obrigado obrigada gracias thanks please
pelos pelas sera serao serem podera poderao tenha tenham possa possam tera havera haver havendo estao porem
estar estava estavam estara estive esteve estiver estiverem estando estaba estaban
nao
""".split())


# Words every record of a kind may hold: they say how the answer is measured, not which record it is.
GENERIC = frozenset(stem(w) for w in (
    "tempo prazo prazos hora horas metro metros valor multa multas taxa ano anos mes meses "
    "time hour hours year years month months meter meters metre metres fine fines "
    # being fined is the story of every question after a fine ("fui autuado, qual o prazo pra defesa?")
    "autuado autuada autuados multado multada multados fined "
    # every permit rule speaks of the licence: it tells no record apart
    "licenca licencas autorizacao alvara permissao licence license permit authorisation authorization "
    # ... and of asking for it ("onde se pede a licença e com quanta antecedência?")
    "pedir pede pedem peco solicitar solicita requerer requer request apply ask "
    # the assistant's scope: "na praia" names no beach ("Praia de Leste" is told apart by "Leste")
    "praia praias beach beaches "
    # the norm's own name ("o Código de Posturas de Lajes", "the RAMT") says which law, not which fact
    "codigo posturas regulamento decreto lei ramt").split()) - {"mes", "tax"}
# ... of which these stem like content words ("mês" like "mesa", "taxa" like "táxi"): dropped by their
# own spelling instead
_GENERIC_SPELLED = frozenset("mes meses taxa taxas".split())
# "Dia" is the unit of a deadline ("quantos dias") but the day against the night of a noise limit or of
# opening hours ("o limite de barulho durante o dia"): generic only where the answer is counted in days.
DAY_WORDS = frozenset(stem(w) for w in "dia dias day days".split())
_COUNTED_IN_DAYS = frozenset(("deadline", "validity", "lead_time", "season"))


# How a length is bounded: every distance and limit says it ("a que distância mínima da esquina?" asks about the
# corner) — not a deadline's "prazo máximo" nor a fine's "valor mínimo e máximo", which tell those records apart
_BOUNDS = frozenset(stem(w) for w in "minimo minima minimos minimas maximo maxima maximos maximas minimum maximum".split())
_MEASURED = frozenset(("distance", "limit"))


def _generic(kind: str | None, unit: str | None = None) -> frozenset[str]:
    """(a record counted in days is one whatever its kind: "at most 7 days" holds "day" as its unit)"""
    words = GENERIC | _BOUNDS if kind in _MEASURED else GENERIC
    return words | DAY_WORDS if kind is None or kind in _COUNTED_IN_DAYS or unit in _DAY_UNITS else words


_DAY_UNITS = frozenset(("days", "working_days"))


def _score(record: FactRecord, plan, idf: dict[str, float], cue: set[str], raw: set[str],  # noqa: ANN001
           context: frozenset[str] = frozenset(), story: float = 0.5) -> float:
    stems = _record_stems(record)
    # the question's own words and their typo corrections ("defender" is not "depender")
    # (an activity's name counts half, as in _covers: every fact of the activity may say it; so does a
    # word only the sentences before the question say: "negou minha defesa. Posso recorrer ao prefeito?"
    # asks about the appeal)
    # (a word of the story that is an activity's name the record does not write counts half of the story's
    # weight: "abrimos uma loja. Qual horário nos dias úteis?" is the shops' hours, not any trade's)
    asked = sum(idf.get(s, 0.0) * (story if s in context else 1.0) * (0.5 if _half(s, record) else 1.0)
                # (the days choose among a trade's hours, which with_its_days gives together: not which trade)
                for s in (set(plan.asked) | raw) - cue - _generic(record.kind, record.unit) - DAYS if s in stems)
    # the glossary's words count half — whole when they stand for a word of the question no record of the
    # place writes ("não deixar a licença à vista": the law says "visível"; "à vista" is the citizen's word)
    stand_in = _stand_ins(plan, idf)
    extra = sum(idf.get(s, 0.0) * (_STAND_IN_WEIGHT if s in stand_in else 0.5)
                for s in set(plan.added) - cue - _generic(record.kind, record.unit) - DAYS if s in stems)
    # a long wording shares words by chance: normalised by length, as BM25 does (40 stems ≈ the typical
    # record in three languages)
    return (asked + extra) / math.sqrt(max(len(stems), 20) / 40)


# A glossary word standing in for a question word no record writes: more than a synonym of a word that
# matched (0.5), less than the citizen's own word (1.0) — at 1.0 the synonyms of a common verb ("pegar de
# volta" → retirar, devolver) lifted every rival alike and no record stood out (measured on the tuning sets).
_STAND_IN_WEIGHT = 0.65


def _stand_ins(plan, idf: dict[str, float]) -> frozenset[str]:  # noqa: ANN001
    """The stems the glossary adds for question words that no record of the place holds (their only way
    to a record)."""
    # (not the little words of the glossary's phrases — "a vista", "em vista", "fora" stem to "a", "em", "for" —
    # which name nothing and would make every record a stand-in's)
    return frozenset().union(*(concept for _, content, concept in _glossary_spans(_corrected(plan))
                               if any(s not in idf for s in content))) - _LITTLE_STEMS


_LITTLE_STEMS = frozenset(stem(w) for w in FUNCTION_WORDS)


def _siblings(plan) -> dict[str, frozenset[str]]:  # noqa: ANN001
    """Each question word's stem → the stems of the Portuguese words the glossary gives for it."""
    found: dict[str, frozenset[str]] = {}
    for span, _, concept in _glossary_spans(_corrected(plan)):
        for s in span:
            found[s] = found.get(s, frozenset()) | concept
    return found


def _corrected(plan) -> tuple[str, ...]:  # noqa: ANN001
    return tuple(plan.corrections.get(w, w) for w in plan.words)


@lru_cache(maxsize=512)
def _glossary_spans(words: tuple[str, ...]) -> tuple[tuple[frozenset[str], frozenset[str], frozenset[str]], ...]:
    """The question's words the glossary names concepts with (Glossary.spans), read once per question: per
    span, (its words' stems, the stems of its content words, the stems of the concepts' Portuguese words)."""
    glossary = load_glossary()
    return tuple((frozenset(stem(w) for w in span),
                  frozenset(stem(w) for w in span if len(w) > 2 and w not in FUNCTION_WORDS),
                  frozenset(stem(w) for name in names for w in glossary.portuguese(name)))
                 for span, names in glossary.spans(list(words)))


def _alike(a: FactRecord, b: FactRecord, activity: str | None, bonus: float) -> float:
    """The points two records both got for what they share, not for the question's words (the activity's
    bonus, a required concept's): no evidence of which is meant, so not part of how much better one is
    ("pusimos una tienda: ¿qué horario entre semana?" — every hours record of the shop licence has the bonus)."""
    return bonus + (MIN_SCORE if activity is not None and activity in a.activities and activity in b.activities else 0.0)


def _clearly_better(best: float, second: float, a: FactRecord, b: FactRecord) -> bool:
    if (a.value, a.unit, a.value_max) == (b.value, b.unit, b.value_max):
        return True  # the same figure either way
    return best >= second * 1.25 and best - second >= 0.5


# Kinds a record found without a kind cue may answer with. Fees are priced by the rules (the row
# depends on the applicant), documents are listed whole by them; the norm's own record ("which law") sums up
# every subject and answers only the question that asks which law.
_RETRIEVABLE = frozenset(("deadline", "validity", "lead_time", "office", "places", "distance", "hours", "holder",
                          "fine", "limit", "insurance", "obligation", "season", "enforcement"))


def retrieve(question: str, jurisdiction: str, *, activity: str | None = None, day: date | None = None) -> Resolution | None:
    """The one record a question is about when no kind cue decided it (or the kind asked had no clear
    record): every record of the place is scored on the question's own words, a record of a kind the
    question names counts one distinctive word more, and one is returned only when it shares two of the
    question's words and clearly outscores every record that states another figure. Used where the
    answer would otherwise be a passage of the law found by search."""
    day = day or date.today()
    return with_its_days(_retrieve(question, jurisdiction, activity=activity, day=day), facts_of(jurisdiction, day))


def _retrieve(question: str, jurisdiction: str, *, activity: str | None, day: date) -> Resolution | None:
    # a price asked here reached no rule (no activity): a fee record its words clearly match is the
    # answer ("adding a new boat to my licence (averbamento), what's the fee?"), no record of another kind
    price = asks_a_price(question)
    asked = asked_kinds(question)
    plan, cue, raw, content = _reading(question, asked)
    if not content:
        return None
    records = facts_of(jurisdiction, day)
    # (a fine asked for may be a tier's: "the fine for a serious infraction" is the serious tier's)
    candidates = [r for r in records if _may_answer(r, question) and (r.kind == "fee" if price else r.kind in _RETRIEVABLE)
                  and (r.kind != "fine" or r.about or "#written-" in r.id or "fine" in asked[:2])
                  and (activity is None or not r.activities or activity in r.activities)]
    if not candidates:
        return None
    idf = _idf(jurisdiction, day)
    required = _concepts(question, 0)
    if required:
        candidates = [r for r in candidates if required <= _concepts(" ".join([*r.matched_texts(), *r.about]), 1)]
        if not candidates:
            return None

    context = _context(question)

    def score(r: FactRecord) -> float:
        return (_score(r, plan, idf, cue, raw, context)
                + (MIN_SCORE if r.kind in asked[:2] else 0.0)
                + (2 * MIN_SCORE if _phrase_points(r, question, content, context, candidates) else 0.0))

    scored = sorted(((score(r), r) for r in candidates), key=lambda sr: (-sr[0], sr[1].id))
    best_score, best = scored[0]
    rivals = [(s, r) for s, r in scored[1:] if (r.value, r.unit, r.value_max) != (best.value, best.unit, best.value_max)
              or r.kind != best.kind]
    if best_score < 2 * MIN_SCORE:
        return None
    if not _covers(best, content, plan, cue, bool(required), others=[r for _, r in rivals[:5]], idf=idf,
                   rare_idf=math.log(1 + _counted(records) / _RARE_COUNT), context=context):
        return None
    if rivals and not (best_score >= rivals[0][0] * 1.25 and best_score - rivals[0][0] >= 0.5):
        return None
    story = (content & context) - WEAK
    if story and not story & _record_stems(best) and any(len(story & _record_stems(r)) >= 2 for _, r in rivals[:5]):
        # the question sentence's words point to it, but the story's subject is another record's ("I paid the
        # sidewalk tables' fee and gave up. Will I get the money back?" is no show ticket's refund)
        return None
    of_kind = [sc for sc, r in scored if r.kind in asked[:1]]
    if of_kind and best.kind not in asked[:2] and best_score < 1.5 * of_kind[0]:
        return None  # the kind the question asks for has a record nearly as close: not another kind's
    return Resolution(best, best.kind, best_score, rivals[0][1] if rivals else None)
