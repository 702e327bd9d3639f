"""Dependency aliases shared by the routes (full-stack-fastapi-template style)."""

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, HTTPException, Request, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.orm import Session

from api.db import session_scope
from api.permits.conversations import ConversationEraser, RasaConversationEraser
from api.permits.settings import ClerkAccount, PermitSettings, get_permit_settings
from api.security.lockout import clerk_lockout
from api.settings import Settings, get_settings

__all__ = [
    "ConversationEraserDep",
    "CurrentClerk",
    "PermitSettingsDep",
    "SessionDep",
    "SettingsDep",
    "get_conversation_eraser",
    "get_current_clerk",
    "get_db",
]

SettingsDep = Annotated[Settings, Depends(get_settings)]

# ---------------------------------------------------------------- permits
PermitSettingsDep = Annotated[PermitSettings, Depends(get_permit_settings)]


def get_db(settings: PermitSettingsDep) -> Iterator[Session]:
    yield from session_scope(settings.resolved_database_url, busy_timeout=settings.sqlite_busy_timeout)


SessionDep = Annotated[Session, Depends(get_db)]


def get_conversation_eraser(settings: PermitSettingsDep, core: SettingsDep) -> ConversationEraser:
    """Wipes an erased case's conversation from Rasa's tracker store (api/permits/conversations.py)."""
    return RasaConversationEraser(tracker_db_url=settings.resolved_rasa_tracker_url, rasa_url=core.rasa_url,
                                  busy_timeout=settings.sqlite_busy_timeout, rasa_params=core.rasa_api_params)


def _erasing_tickets_too(eraser: Annotated[ConversationEraser, Depends(get_conversation_eraser)],
                         session: SessionDep, settings: PermitSettingsDep) -> ConversationEraser:
    """The handoff tickets of a wiped conversation lose their channel address too (issue 14)."""
    from api.handoff.erasure import TicketAddressesToo

    return TicketAddressesToo(eraser, session, settings.permits_secret_key)


ConversationEraserDep = Annotated[ConversationEraser, Depends(_erasing_tickets_too)]

_bearer = HTTPBearer(auto_error=False, description="A clerk's token (CLERK_ACCOUNTS)")


def get_current_clerk(
    settings: PermitSettingsDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    request: Request,
) -> ClerkAccount:
    lockout, address = clerk_lockout(request)  # back-off on repeated wrong tokens (api/security/lockout.py)
    lockout.guard(address)
    account = settings.authenticate(credentials.credentials) if credentials else None
    if credentials is not None and account is None:
        lockout.failure(address)
    elif account is not None:
        lockout.success(address)
    if account is None:
        raise HTTPException(
            status_code=status.HTTP_401_UNAUTHORIZED,
            detail="a valid clerk token is required (Authorization: Bearer ...)",
            headers={"WWW-Authenticate": "Bearer"},
        )
    return account


CurrentClerk = Annotated[ClerkAccount, Depends(get_current_clerk)]
