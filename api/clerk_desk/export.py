"""The clerks' CSV export in the desk's words (issue 14): a spreadsheet row names things as the desk
page does — the municipality, the permit and the activity by their names from the rules data, the
status and the channel in the desk's language, the licensed point by beach and number, the fee
estimate as "name: amount per …" — never the internal ids (`pontal_summer_season_authorization`).

The header is the desk's too. Column order and meaning are those of `COLUMNS`; the repository
(api/permits/repository.py) selects the cases and makes every cell safe for a spreadsheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.clerk_desk import Desk

__all__ = ["COLUMNS", "header", "row"]

# (column id, desk text key for its header) — the column ids are the stored fields'.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("protocol", "col_protocol"), ("jurisdiction_id", "col_jurisdiction"), ("status", "col_status"),
    ("status_reason", "csv.status_reason"), ("permit_kind", "permit"), ("activity_id", "csv.activity"),
    ("activity_category", "csv.activity_category"), ("place", "place"), ("period_start", "csv.period_start"),
    ("period_end", "csv.period_end"), ("channel", "csv.channel"), ("submitted_at", "col_submitted"),
    ("updated_at", "csv.updated_at"), ("closed_at", "csv.closed_at"), ("applicant_name", "col_applicant"),
    ("applicant_document_type", "csv.document_type"), ("applicant_document", "csv.document"),
    ("contact_phone", "csv.phone"), ("contact_email", "csv.email"), ("exemption_claims", "exemption_claims"),
    ("fee_estimate", "fee_estimate"), ("erased_at", "csv.erased_at"),
)


def header(desk: Desk) -> list[str]:
    return [desk.t(key) for _, key in COLUMNS]


def row(desk: Desk, case: Any) -> list[object]:
    """One case's cells, named in the desk's language (a value the rules data no longer knows is kept as
    stored). Moments are ISO 8601 with the municipality's offset, so a spreadsheet sorts them."""
    named = {
        "jurisdiction_id": desk.jurisdiction_name(case.jurisdiction_id),
        "status": desk.status(case.status),
        "permit_kind": desk.permit_name(case.permit_kind),
        "activity_id": desk.activity_name(case.activity_id) if case.activity_id else None,
        "place": _place(desk, case),
        "channel": desk.channel(case.channel),
        "applicant_document_type": desk.document_type(case.applicant_document_type)
        if case.applicant_document_type else None,
        "exemption_claims": "; ".join(
            desk.exemption_name(case.permit_kind, c.get("kind") or "") + (f": {c['detail']}" if c.get("detail") else "")
            for c in case.exemption_claims or [] if isinstance(c, dict)) or None,
        "fee_estimate": _fees(desk, case),
    }
    local = {name: desk.iso_time(getattr(case, name)) if getattr(case, name) else None
             for name in ("submitted_at", "updated_at", "closed_at", "erased_at")}
    values = {**named, **local}
    return [values[column] if column in values else getattr(case, column) for column, _ in COLUMNS]


def _place(desk: Desk, case: Any) -> str | None:
    place = case.place if isinstance(case.place, dict) else {}
    parts: Sequence[str] = [p for p in (place.get("description"),
                                        desk.point_name(case.jurisdiction_id, place["point_id"])
                                        if place.get("point_id") else None) if p]
    return " — ".join(parts) or None


def _fees(desk: Desk, case: Any) -> str | None:
    table = desk.fee_table(case.fee_estimate, case.permit_kind)
    if table is None or not table.readable:
        return None
    lines = []
    for fee in table.rows:
        amount = fee.total or fee.amount or (desk.t("fee_deferred", target=fee.deferred_to) if fee.deferred_to else "")
        per = f" {fee.per}" if fee.per and not fee.total else ""
        lines.append(f"{fee.name}: {amount}{per}" + (f" ({fee.discount})" if fee.discount else ""))
    return "; ".join(lines) or None
