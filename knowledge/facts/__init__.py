"""Facts as the unit of answer: every figure, deadline, office, place count, distance or hour a citizen
can ask about, as an addressable record with its value, unit, wording and citation.

    from knowledge.facts import facts_of, resolve
    records = facts_of("br-sp-bertioga")
    found = resolve("quanto tempo tenho pra me defender de uma multa?", "br-sp-bertioga")
    found.record.kind, found.record.value, found.record.unit   # "deadline", "30", "working_days"
    found.record.cite                                          # ("br-sp-bertioga/decreto-4510-2024/art-22",)

The rules data (knowledge/rules/data) stays the source of what it models: records are projected from it
(periods, penalties and each offence, offices, fees, seasons, hours, distances, documents, permits'
validity and holders, areas and their points). `resolve` finds the record a question asks for, by the
kind of answer it wants (how long, how much, who, how many, how far, what time…) and the words it shares
with the record, accent- and typo-tolerant through the search analyser; None when no record fits.
`retrieve` finds one for a question no kind cue decided, where the answer would otherwise be a passage.
"""

from knowledge.facts.models import FactRecord
from knowledge.facts.projection import all_facts, facts_of
from knowledge.facts.resolve import KINDS_ASKED, Resolution, asked_kinds, chat_read, resolve, retrieve

__all__ = ["FactRecord", "Resolution", "KINDS_ASKED", "all_facts", "facts_of", "asked_kinds", "chat_read", "resolve", "retrieve"]
