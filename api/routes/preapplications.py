"""Citizens' side of permit pre-applications: submit (from the chat), follow, erase.

    POST   /api/v1/preapplications                          submit; Idempotency-Key makes retries safe
    GET    /api/v1/preapplications/{protocol}               status, with X-Access-Code
    DELETE /api/v1/preapplications/{protocol}/personal-data erase my personal data, with X-Access-Code

The access code travels in a header, never in the URL, so it cannot end up in an access log.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI, Header, HTTPException, Response, status
from starlette.concurrency import run_in_threadpool

from api.db import get_engine
from api.deps import ConversationEraserDep, PermitSettingsDep, SessionDep
from api.permits import repository
from api.permits.http import permit_errors
from api.permits.schemas import ErasureReceipt, PreapplicationCitizenView, PreapplicationReceipt
from api.permits.settings import get_permit_settings
from knowledge.permits.contract import PreapplicationCreate
from api.security.app import limit_public_submissions
from api.security.conversation_signature import HEADER as SIGNATURE_HEADER, signature_is_valid
from api.security.settings import SecuritySettingsDep


@asynccontextmanager
async def migrate_on_start(app: FastAPI) -> AsyncIterator[None]:
    """Bring the permit tables to the latest migration before the first request is served."""
    settings = app.dependency_overrides.get(get_permit_settings, get_permit_settings)()
    await run_in_threadpool(get_engine, settings.resolved_database_url, busy_timeout=settings.sqlite_busy_timeout)
    yield


router = APIRouter(prefix="/api/v1/preapplications", tags=["preapplications"], lifespan=migrate_on_start)

IdempotencyKey = Annotated[
    str | None,
    Header(
        min_length=16,
        max_length=255,
        description="A fresh random value (a UUID) per pre-application; send the same one when retrying",
    ),
]
AccessCode = Annotated[str, Header(alias="X-Access-Code", min_length=4, max_length=40)]
ConversationSignature = Annotated[
    str | None,
    Header(alias=SIGNATURE_HEADER, max_length=128,
           description="Only the assistant's action server can name the conversation (api/security/conversation_signature.py)"),
]


@router.post("", status_code=status.HTTP_201_CREATED, response_model=PreapplicationReceipt,
             dependencies=[Depends(limit_public_submissions)],
             responses={403: {"description": "conversation_id without a valid X-Conversation-Signature"},
                        429: {"description": "too many unsigned submissions from this address (Retry-After)"}})
def submit_preapplication(
    payload: PreapplicationCreate,
    session: SessionDep,
    settings: PermitSettingsDep,
    security: SecuritySettingsDep,
    response: Response,
    idempotency_key: IdempotencyKey = None,
    conversation_signature: ConversationSignature = None,
) -> PreapplicationReceipt:
    """Store a pre-application made with the applicant's consent; answer its protocol and access code.

    A retry with the same Idempotency-Key and body gets the same answer (and the header
    `Idempotent-Replayed: true`); the same key with another body is refused with 422. A
    `conversation_id` is accepted only with the action server's `X-Conversation-Signature`
    (an erasure wipes that conversation): without it, 403.
    """
    claimed = payload.conversation_id is not None or conversation_signature is not None
    if claimed and not signature_is_valid(payload.conversation_id or "", conversation_signature,
                                          security.conversation_signing_key.get_secret_value()):
        raise HTTPException(status.HTTP_403_FORBIDDEN,
                            "conversation_id is set by the assistant only (X-Conversation-Signature)")
    with permit_errors():
        receipt, replayed = repository.submit_preapplication(
            session, payload=payload, idempotency_key=idempotency_key, secret_key=settings.permits_secret_key
        )
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return receipt


@router.get("/{protocol}", response_model=PreapplicationCitizenView)
def read_preapplication(protocol: str, access_code: AccessCode, session: SessionDep) -> PreapplicationCitizenView:
    """The status of a pre-application for its applicant (what the chat's status query shows)."""
    with permit_errors():
        return repository.citizen_view(session, protocol=protocol, access_code=access_code)


@router.delete("/{protocol}/personal-data", response_model=ErasureReceipt)
def erase_my_personal_data(protocol: str, access_code: AccessCode, session: SessionDep,
                           eraser: ConversationEraserDep) -> ErasureReceipt:
    """Erase the applicant's personal data, here and in the chat's conversation (Rasa's tracker
    store); the case number, its status and its history remain."""
    with permit_errors():
        case = repository.erase_by_citizen(session, protocol=protocol, access_code=access_code)
    _, pending = repository.wipe_conversations(session, eraser=eraser, preapplication_id=case.id)
    return ErasureReceipt(protocol=case.protocol, erased_at=case.erased_at, conversation_erasure_pending=bool(pending))
