"""Data functions of the permit feature: everything the routes (and the chat) do to the database.

Keyword-only, one unit of work each, committing what they change together with its audit event:
no change to a case exists without the line in the audit trail that says who made it.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import Select, and_, delete, func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from api.permits import access_codes
from api.permits.conversations import ConversationEraser, ConversationErasureFailed
from api.permits.errors import CaseNotFound, IdempotencyKeyReused, IdempotencyReplayRefused, NotAllowed, ReasonRequired
from api.permits.logs import get_logger
from api.permits.models import PERSONAL_COLUMNS, AuditEvent, ClerkNote, ConversationErasure, Preapplication
from api.permits.protocols import normalise_protocol, take_protocol_number
from api.permits.schemas import (
    NoteCreate,
    PreapplicationCitizenView,
    PreapplicationFilter,
    PreapplicationReceipt,
    StatusChange,
)
from api.permits.settings import ClerkAccount
from api.permits.workflow import CLOSED, REASON_REQUIRED, PreapplicationStatus, check_transition
from knowledge.permits.contract import PreapplicationCreate
from knowledge.jurisdictions import jurisdiction

__all__ = [
    "add_note",
    "audit_trail",
    "change_status",
    "citizen_view",
    "erase_by_citizen",
    "erase_by_clerk",
    "export_csv",
    "get_case_for_clerk",
    "list_cases",
    "purge_expired",
    "submit_preapplication",
    "wipe_conversations",
]

CITIZEN = "citizen"
RETENTION = "system:retention"
CONVERSATION_WIPER = "system:conversation-erasure"
# Compared against when the protocol does not exist, so that a miss costs as long as a wrong code.
_DUMMY_HASH = access_codes.hash_access_code("0000-0000-0000")


def _now() -> datetime:
    return datetime.now(UTC)


def _clerk_actor(clerk: ClerkAccount) -> str:
    return f"clerk:{clerk.username}"


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _request_fingerprint(payload: PreapplicationCreate) -> str:
    canonical = json.dumps(payload.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return _sha256(canonical)


def _audit(session: Session, case: Preapplication, *, actor: str, action: str, at: datetime,
           from_status: str | None = None, to_status: str | None = None, detail: str | None = None) -> None:
    case.audit_events.append(
        AuditEvent(at=at, actor=actor, action=action, from_status=from_status, to_status=to_status, detail=detail)
    )


# ---------------------------------------------------------------- citizens


def _receipt(case: Preapplication, access_code: str) -> PreapplicationReceipt:
    return PreapplicationReceipt(
        protocol=case.protocol,
        access_code=access_code,
        status=PreapplicationStatus(case.status),
        jurisdiction_id=case.jurisdiction_id,
        permit_kind=case.permit_kind,
        submitted_at=case.submitted_at,
    )


def _replay(case: Preapplication, *, request_hash: str, access_code: str) -> tuple[PreapplicationReceipt, bool]:
    if case.request_hash is None:
        raise IdempotencyReplayRefused("the pre-application sent with this Idempotency-Key has been erased")
    if case.request_hash != request_hash:
        raise IdempotencyKeyReused()
    if not access_codes.verify_access_code(access_code, case.access_code_hash):
        # Only if PERMITS_SECRET_KEY changed since: the code can no longer be derived.
        raise IdempotencyReplayRefused("this pre-application exists; its access code cannot be shown again")
    return _receipt(case, access_code), True


def _case_by_key(session: Session, key_hash: str) -> Preapplication | None:
    return session.scalars(select(Preapplication).where(Preapplication.idempotency_key_hash == key_hash)).first()


def submit_preapplication(
    session: Session,
    *,
    payload: PreapplicationCreate,
    idempotency_key: str | None,
    secret_key: str,
    now: datetime | None = None,
) -> tuple[PreapplicationReceipt, bool]:
    """Store a pre-application and give it its protocol, or answer a retry of one already stored.

    Returns the receipt and whether it replays an earlier submission. Same Idempotency-Key and same
    body: the first answer again, nothing new stored. Same key with another body: IdempotencyKeyReused.
    """
    now = now or _now()
    request_hash = _request_fingerprint(payload)
    key_hash = _sha256(idempotency_key) if idempotency_key else None
    code = access_codes.derive_access_code(secret_key, key_hash) if key_hash else access_codes.new_access_code()
    # Hashed before the transaction starts: on SQLite the transaction holds the write lock.
    code_hash = access_codes.hash_access_code(code)

    if key_hash is not None and (earlier := _case_by_key(session, key_hash)) is not None:
        return _replay(earlier, request_hash=request_hash, access_code=code)

    number = take_protocol_number(session, jurisdiction_id=payload.jurisdiction_id, now=now)
    case = Preapplication(
        protocol=str(number),
        jurisdiction_id=payload.jurisdiction_id,
        year=number.year,
        sequence=number.sequence,
        access_code_hash=code_hash,
        idempotency_key_hash=key_hash,
        request_hash=request_hash,
        permit_kind=payload.permit_kind,
        activity_id=payload.activity.id,
        activity_category=payload.activity.category,
        activity_description=payload.activity.description,
        place=payload.place.model_dump(mode="json"),
        period_start=payload.period.start,
        period_end=payload.period.end,
        channel=payload.channel,
        fee_estimate=payload.fee_estimate,
        citations=payload.citations,
        consent_given_at=payload.consent.given_at,
        consent_text_version=payload.consent.text_version,
        status=PreapplicationStatus.SUBMITTED,
        submitted_at=now,
        updated_at=now,
        applicant_name=payload.applicant.name,
        applicant_document_type=payload.applicant.document_type,
        applicant_document=payload.applicant.document_number,
        contact_phone=payload.contact.phone,
        contact_email=str(payload.contact.email) if payload.contact.email else None,
        conversation_id=payload.conversation_id,
        exemption_claims=[claim.model_dump(mode="json") for claim in payload.exemption_claims],
    )
    session.add(case)
    _audit(session, case, actor=CITIZEN, action="submitted", at=now, to_status=case.status,
           detail=f"channel {payload.channel}; consent text {payload.consent.text_version}")
    try:
        session.commit()
    except IntegrityError:
        # Two requests with one key at the same moment (PostgreSQL): the other one won; answer as it did.
        session.rollback()
        if key_hash is not None and (earlier := _case_by_key(session, key_hash)) is not None:
            return _replay(earlier, request_hash=request_hash, access_code=code)
        raise
    get_logger().info("preapplication_submitted", protocol=case.protocol, jurisdiction_id=case.jurisdiction_id,
                      permit_kind=case.permit_kind, channel=case.channel)
    return _receipt(case, code), False


def _case_for_citizen(session: Session, protocol: str, access_code: str) -> Preapplication:
    normalised = normalise_protocol(protocol)
    case = None
    if normalised is not None:
        case = session.scalars(select(Preapplication).where(Preapplication.protocol == normalised)).first()
    if case is None:
        access_codes.verify_access_code(access_code, _DUMMY_HASH)
        raise CaseNotFound()
    if not access_codes.verify_access_code(access_code, case.access_code_hash):
        raise CaseNotFound()
    return case


def citizen_view(session: Session, *, protocol: str, access_code: str) -> PreapplicationCitizenView:
    """The status of a case for its applicant: what a chat status query answers. CaseNotFound when
    the protocol does not exist or the code is wrong (the two are not told apart)."""
    case = _case_for_citizen(session, protocol, access_code)
    return PreapplicationCitizenView(
        protocol=case.protocol,
        jurisdiction_id=case.jurisdiction_id,
        permit_kind=case.permit_kind,
        activity_id=case.activity_id,
        period_start=case.period_start,
        period_end=case.period_end,
        status=PreapplicationStatus(case.status),
        status_reason=case.status_reason,
        submitted_at=case.submitted_at,
        updated_at=case.updated_at,
        personal_data_erased=case.erased_at is not None,
    )


def _erase(session: Session, case: Preapplication, *, actor: str, now: datetime) -> None:
    if case.conversation_id:
        # The conversation in Rasa's tracker store holds the same answers: queued in this transaction,
        # wiped by wipe_conversations once committed (and retried by it until done).
        case.conversation_erasures.append(
            ConversationErasure(conversation_id=case.conversation_id, requested_at=now, attempts=0))
    for column in PERSONAL_COLUMNS:
        setattr(case, column, None)
    for note in case.notes:
        note.text = None
    case.erased_at = now
    case.updated_at = now
    _audit(session, case, actor=actor, action="personal_data_erased", at=now,
           detail="applicant, contact, conversation id, exemption claims, activity description, note texts")


def erase_by_citizen(session: Session, *, protocol: str, access_code: str, now: datetime | None = None) -> Preapplication:
    """The applicant's right to erasure (LGPD art. 18 VI / RGPD art. 17) with protocol + code."""
    now = now or _now()
    case = _case_for_citizen(session, protocol, access_code)
    if case.erased_at is None:
        _erase(session, case, actor=CITIZEN, now=now)
        session.commit()
        get_logger().info("personal_data_erased", protocol=case.protocol, actor=CITIZEN)
    return case


def wipe_conversations(session: Session, *, eraser: ConversationEraser, preapplication_id: int | None = None,
                       now: datetime | None = None) -> tuple[list[str], list[str]]:
    """Wipe the queued conversations of erased cases from Rasa's tracker store (all, or one case's).

    Returns the protocols done and those still pending. A wipe that succeeds deletes its queue row
    (and with it the conversation id) and adds `conversation_erased` to the case's audit trail; one
    that fails stays queued with its attempt count and reason, and adds `conversation_erasure_failed`.
    The case's own erasure is already committed either way: Rasa being down never undoes it.
    Retry the pending ones with `python -m api.permits erase-conversations` (cron).
    """
    query = select(ConversationErasure).order_by(ConversationErasure.id)
    if preapplication_id is not None:
        query = query.where(ConversationErasure.preapplication_id == preapplication_id)
    done: list[str] = []
    pending: list[str] = []
    for item in list(session.scalars(query)):
        case = item.preapplication
        when = now or _now()
        try:
            deleted = eraser.erase(item.conversation_id)
        except Exception as exc:  # whatever it is, the case's erasure stands and the wipe stays queued
            reason = exc.reason if isinstance(exc, ConversationErasureFailed) else f"unexpected {type(exc).__name__}"
            item.attempts += 1
            item.last_attempt_at = when
            item.last_error = reason
            _audit(session, case, actor=CONVERSATION_WIPER, action="conversation_erasure_failed", at=when,
                   detail=f"attempt {item.attempts}: {reason}; queued for `python -m api.permits erase-conversations`")
            session.commit()
            get_logger().warning("conversation_erasure_failed", protocol=case.protocol, attempts=item.attempts,
                                 reason=reason)
            pending.append(case.protocol)
            continue
        session.execute(delete(ConversationErasure).where(ConversationErasure.id == item.id))
        _audit(session, case, actor=CONVERSATION_WIPER, action="conversation_erased", at=when,
               detail=f"Rasa tracker store: {deleted} event(s) deleted")
        session.commit()
        session.expire(case, ["conversation_erasures"])
        get_logger().info("conversation_erased", protocol=case.protocol, events=deleted)
        done.append(case.protocol)
    return done, pending


# ---------------------------------------------------------------- clerks


def _clerk_scope(clerk: ClerkAccount, filters: PreapplicationFilter) -> Select[tuple[Preapplication]]:
    if filters.jurisdiction_id is not None and clerk.role_in(filters.jurisdiction_id) is None:
        raise NotAllowed(f"no role in {filters.jurisdiction_id}")
    jurisdictions = [filters.jurisdiction_id] if filters.jurisdiction_id else clerk.jurisdictions
    query = select(Preapplication).where(Preapplication.jurisdiction_id.in_(jurisdictions))
    if filters.status is not None:
        query = query.where(Preapplication.status == filters.status)
    if filters.permit_kind is not None:
        query = query.where(Preapplication.permit_kind == filters.permit_kind)
    if filters.submitted_from is not None or filters.submitted_to is not None:
        # The days are the municipality's own (the desk shows local times): 5 December in Pontal
        # starts at 03:00 UTC, in Lisbon at 00:00 UTC.
        query = query.where(or_(*(_received_between(j, filters.submitted_from, filters.submitted_to)
                                  for j in jurisdictions)))
    return query


def _received_between(jurisdiction_id: str, first: date | None, last: date | None):
    record = jurisdiction(jurisdiction_id)
    zone = record.zone if record else UTC
    condition = [Preapplication.jurisdiction_id == jurisdiction_id]
    if first is not None:
        condition.append(Preapplication.submitted_at >= datetime.combine(first, time(), zone).astimezone(UTC))
    if last is not None:
        condition.append(Preapplication.submitted_at < datetime.combine(last + timedelta(days=1), time(), zone).astimezone(UTC))
    return and_(*condition)


def _order(sort: str) -> tuple:
    """The ORDER BY of a sort key ("-submitted_at": newest first); the id breaks ties so pages are stable."""
    column = getattr(Preapplication, sort.removeprefix("-"))
    if sort.startswith("-"):
        return column.desc(), Preapplication.id.desc()
    return column.asc(), Preapplication.id.asc()


def list_cases(session: Session, *, clerk: ClerkAccount, filters: PreapplicationFilter) -> tuple[list[Preapplication], int]:
    """One page of the cases the clerk may see, in the filter's order (newest first by default), and how many match in all."""
    query = _clerk_scope(clerk, filters)
    count = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    page = (
        query.options(selectinload(Preapplication.notes))
        .order_by(*_order(filters.sort))
        .offset(filters.offset)
        .limit(filters.limit)
    )
    return list(session.scalars(page)), count


def get_case_for_clerk(session: Session, *, clerk: ClerkAccount, protocol: str) -> Preapplication:
    """The case, if the clerk has a role in its municipality; CaseNotFound otherwise (no leak)."""
    normalised = normalise_protocol(protocol)
    case = None
    if normalised is not None:
        case = session.scalars(
            select(Preapplication)
            .where(Preapplication.protocol == normalised)
            .options(selectinload(Preapplication.notes), selectinload(Preapplication.audit_events))
        ).first()
    if case is None or clerk.role_in(case.jurisdiction_id) is None:
        raise CaseNotFound()
    return case


def _case_to_change(session: Session, clerk: ClerkAccount, protocol: str) -> Preapplication:
    case = get_case_for_clerk(session, clerk=clerk, protocol=protocol)
    if clerk.role_in(case.jurisdiction_id) != "reviewer":
        raise NotAllowed(f"{clerk.username} may only read the cases of {case.jurisdiction_id}")
    return case


def change_status(session: Session, *, clerk: ClerkAccount, protocol: str, change: StatusChange,
                  now: datetime | None = None) -> Preapplication:
    now = now or _now()
    case = _case_to_change(session, clerk, protocol)
    current = PreapplicationStatus(case.status)
    check_transition(current, change.status)
    reason = (change.reason or "").strip() or None
    if change.status in REASON_REQUIRED and reason is None:
        raise ReasonRequired(change.status)
    case.status = change.status
    case.status_reason = reason
    case.updated_at = now
    if change.status in CLOSED:
        case.closed_at = now
    _audit(session, case, actor=_clerk_actor(clerk), action="status_changed", at=now,
           from_status=current, to_status=change.status, detail=reason)
    session.commit()
    get_logger().info("preapplication_status_changed", protocol=case.protocol, actor=_clerk_actor(clerk),
                      from_status=str(current), to_status=str(change.status))
    return case


def add_note(session: Session, *, clerk: ClerkAccount, protocol: str, note: NoteCreate,
             now: datetime | None = None) -> ClerkNote:
    now = now or _now()
    case = _case_to_change(session, clerk, protocol)
    if case.erased_at is not None:
        raise NotAllowed("the personal data of this case was erased; notes are closed")
    created = ClerkNote(author=clerk.username, created_at=now, text=note.text)
    case.notes.append(created)
    case.updated_at = now
    session.flush()
    # The note's text may name the applicant: the audit says that a note was added, not what it says.
    _audit(session, case, actor=_clerk_actor(clerk), action="note_added", at=now, detail=f"note #{created.id}")
    session.commit()
    return created


def audit_trail(session: Session, *, clerk: ClerkAccount, protocol: str) -> list[AuditEvent]:
    case = get_case_for_clerk(session, clerk=clerk, protocol=protocol)
    return list(case.audit_events)


def erase_by_clerk(session: Session, *, clerk: ClerkAccount, protocol: str, now: datetime | None = None) -> Preapplication:
    """Erasure on the applicant's request made at the office (identity checked by the clerk)."""
    now = now or _now()
    case = _case_to_change(session, clerk, protocol)
    if case.erased_at is None:
        _erase(session, case, actor=_clerk_actor(clerk), now=now)
        session.commit()
        get_logger().info("personal_data_erased", protocol=case.protocol, actor=_clerk_actor(clerk))
    return case


CSV_COLUMNS = (
    "protocol", "jurisdiction_id", "status", "status_reason", "permit_kind", "activity_id", "activity_category",
    "place", "period_start", "period_end", "channel", "submitted_at", "updated_at", "closed_at",
    "applicant_name", "applicant_document_type", "applicant_document", "contact_phone", "contact_email",
    "exemption_claims", "fee_estimate", "erased_at",
)


def _csv_cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (dict, list)):
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    else:
        text = str(value)
    # A spreadsheet would run a cell starting like a formula (CSV injection); make it plain text.
    # Leading blanks do not protect it: some spreadsheets trim them first. A spreadsheet that splits
    # on the other delimiter (";" in pt-BR/pt-PT, "," in en) starts a cell after each one: neutralised too.
    text = _FORMULA_AFTER_DELIMITER.sub(r"\1'\2", text)
    return "'" + text if text.lstrip(" ")[:1] in ("=", "+", "-", "@", "\t", "\r") else text


_FORMULA_AFTER_DELIMITER = re.compile(r"([;,]\s*)([=+\-@\t\r])")


def export_csv(session: Session, *, clerk: ClerkAccount, filters: PreapplicationFilter,
               header: Sequence[str] | None = None, row: Callable[[Preapplication], Sequence[object]] | None = None) -> str:
    """Every case matching the filter (all pages), one row each, oldest first. `header` and `row` name
    the columns and cells (the clerk desk's words, api/clerk_desk/export.py); by default the stored
    fields as they are."""
    query = _clerk_scope(clerk, filters).order_by(Preapplication.submitted_at, Preapplication.id)
    buffer = io.StringIO()
    # Every cell quoted: a spreadsheet in a ";" locale (pt-BR, pt-PT) splits unquoted cells on ";",
    # so "Maria;=cmd" would open a new cell starting with "=" after the neutralised one.
    writer = csv.writer(buffer, quoting=csv.QUOTE_ALL)
    writer.writerow([_csv_cell(name) for name in header] if header is not None else CSV_COLUMNS)
    rows = 0
    for case in session.scalars(query):
        cells = row(case) if row is not None else [getattr(case, column) for column in CSV_COLUMNS]
        writer.writerow([_csv_cell(cell) for cell in cells])
        rows += 1
    get_logger().info("preapplications_exported", actor=_clerk_actor(clerk), rows=rows,
                      jurisdictions=[filters.jurisdiction_id] if filters.jurisdiction_id else clerk.jurisdictions)
    return buffer.getvalue()


# ---------------------------------------------------------------- retention


def purge_expired(session: Session, *, retention_days: int, now: datetime | None = None,
                  dry_run: bool = False) -> list[str]:
    """Anonymise the closed cases (approved, rejected) closed more than `retention_days` ago.

    Returns their protocols. The case skeleton and the audit trail stay, with a line saying so.
    """
    now = now or _now()
    cutoff = now - timedelta(days=retention_days)
    query = (
        select(Preapplication)
        .where(Preapplication.status.in_([str(status) for status in CLOSED]))
        .where(Preapplication.closed_at < cutoff)
        .where(Preapplication.erased_at.is_(None))
        .options(selectinload(Preapplication.notes))
        .order_by(Preapplication.id)
    )
    cases: Iterable[Preapplication] = list(session.scalars(query))
    protocols = [case.protocol for case in cases]
    if dry_run:
        return protocols
    for case in cases:
        _erase(session, case, actor=RETENTION, now=now)
    session.commit()
    get_logger().info("retention_purge", anonymised=len(protocols), retention_days=retention_days)
    return protocols
