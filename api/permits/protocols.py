"""Protocol numbers: "PON-2026-000123" — municipality prefix, year, sequence of that municipality
and year, with no gaps and no duplicates however many submissions arrive at once.

The sequence comes from a counter row per (municipality, year), read with SELECT ... FOR UPDATE in
the same transaction that stores the pre-application: concurrent submissions queue on that row
(PostgreSQL row lock; on SQLite the whole write transaction is already serialised by BEGIN
IMMEDIATE, see api.db), and a submission that fails rolls its number back with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.permits.models import ProtocolCounter
from knowledge.jurisdictions import by_prefix, jurisdiction

__all__ = ["ProtocolNumber", "format_protocol", "normalise_protocol", "take_protocol_number"]

_SHAPE = re.compile(r"([A-Z]{3})-(\d{4})-(\d{6,})")


@dataclass(frozen=True)
class ProtocolNumber:
    jurisdiction_id: str
    year: int
    sequence: int

    def __str__(self) -> str:
        return format_protocol(self.jurisdiction_id, self.year, self.sequence)


def format_protocol(jurisdiction_id: str, year: int, sequence: int) -> str:
    return f"{jurisdiction(jurisdiction_id).protocol_prefix}-{year:04d}-{sequence:06d}"


def normalise_protocol(text: str) -> str | None:
    """"pon-2026-000123 " -> "PON-2026-000123"; None if it cannot be one of ours."""
    candidate = text.strip().upper()
    match = _SHAPE.fullmatch(candidate)
    if match is None or by_prefix(match.group(1)) is None:
        return None
    return candidate


def _ensure_counter(session: Session, jurisdiction_id: str, year: int) -> None:
    values = {"jurisdiction_id": jurisdiction_id, "year": year, "last_sequence": 0}
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        session.execute(postgresql.insert(ProtocolCounter).values(values).on_conflict_do_nothing())
    elif dialect == "sqlite":
        session.execute(sqlite.insert(ProtocolCounter).values(values).on_conflict_do_nothing())
    else:  # any other backend: the primary key refuses a second row
        try:
            with session.begin_nested():
                session.execute(ProtocolCounter.__table__.insert().values(values))
        except IntegrityError:
            pass


def take_protocol_number(session: Session, *, jurisdiction_id: str, now: datetime) -> ProtocolNumber:
    """The next number of this municipality, for the year it is there now. Call inside the
    transaction that stores the case; the counter row stays locked until that transaction ends."""
    year = now.astimezone(jurisdiction(jurisdiction_id).zone).year
    _ensure_counter(session, jurisdiction_id, year)
    where = (ProtocolCounter.jurisdiction_id == jurisdiction_id, ProtocolCounter.year == year)
    last = session.execute(select(ProtocolCounter.last_sequence).where(*where).with_for_update()).scalar_one()
    session.execute(update(ProtocolCounter).where(*where).values(last_sequence=last + 1))
    return ProtocolNumber(jurisdiction_id, year, last + 1)
