"""What a pre-application will cost, as its permit's law reads for the applicant's answers: the fee
rows of the chosen category (Pontal Anexo VI), a square-metre fee multiplied by the area asked, and
the exemptions that apply. The clerk receives this estimate with the request; the chat shows it in
the summary. Figures stay in the law's unit (UFM, UFIB, UR …); no conversion is invented here.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import Any

from knowledge.rules.models import Amount, Decision, Exemption, Fee, Note, _Public
from knowledge.rules.queries import PermitRequirements

__all__ = ["EstimateLine", "FeeEstimate", "fee_estimate"]

# Charged later, not when the permit is requested: a replacement badge (a share of the licence fee)
# and a change endorsed on an existing licence.
_LATER = ("second_badge", "averbamento")


class EstimateLine(_Public):
    fee: Fee
    area_m2: Decimal | None = None  # the area asked, for a fee per square metre
    total: Amount | None = None  # the fee times the area, in the fee's unit


class FeeEstimate(_Public):
    permit_kind: str
    category: str | None
    computed_on: date
    lines: list[EstimateLine]
    exemptions: list[Exemption]
    notes: list[Note]


def fee_estimate(req: PermitRequirements, decision: Decision, answers: Mapping[str, Any], *,
                 exemption_claimed: bool) -> FeeEstimate:
    """The fees of `req`'s permit for `answers` (facts by name: fee_category, occupied_area_m2 …),
    with the exemptions the decision grants when the applicant claims one. The decision was evaluated
    on the same answers, so a row whose conditions fail (a deck's row for tables and chairs, Pontal
    art. 17) is already out of it; the category picks among the rows left."""
    category = answers.get("fee_category")
    category_fees = {f.id for c in req.fee_categories if c.category == category for f in c.fees}
    area = answers.get("occupied_area_m2")
    lines = []
    for f in decision.fees:
        if category and f.category and f.id not in category_fees:
            continue
        if f.percent_of_licence_fee is not None or f.applies in _LATER:
            continue
        line = EstimateLine(fee=f)
        if f.amount and f.per and f.per.startswith("m2") and area:
            size = Decimal(str(area))
            total = (f.amount.value * size).quantize(f.amount.value)
            line = EstimateLine(fee=f, area_m2=size, total=Amount(value=total, unit=f.amount.unit))
        lines.append(line)
    exemptions = [e for e in decision.exemptions if e.applies] if exemption_claimed else []
    return FeeEstimate(permit_kind=req.permit.kind, category=category, computed_on=req.on, lines=lines,
                       exemptions=exemptions, notes=list(req.not_covered))

