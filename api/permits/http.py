"""How the permit errors (api.permits.errors) read over HTTP; one place for every route."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import HTTPException, status

from api.permits.errors import (
    CaseNotFound,
    IdempotencyKeyReused,
    IdempotencyReplayRefused,
    InvalidTransition,
    NotAllowed,
    PermitError,
    ReasonRequired,
)

__all__ = ["as_http_error", "permit_errors"]

_STATUS: dict[type[PermitError], int] = {
    CaseNotFound: status.HTTP_404_NOT_FOUND,
    NotAllowed: status.HTTP_403_FORBIDDEN,
    IdempotencyKeyReused: status.HTTP_422_UNPROCESSABLE_CONTENT,
    IdempotencyReplayRefused: status.HTTP_409_CONFLICT,
    ReasonRequired: status.HTTP_422_UNPROCESSABLE_CONTENT,
    InvalidTransition: status.HTTP_409_CONFLICT,
}


def as_http_error(exc: PermitError) -> HTTPException:
    code = _STATUS.get(type(exc), status.HTTP_400_BAD_REQUEST)
    detail: object = str(exc)
    if isinstance(exc, ReasonRequired):
        # Shaped like FastAPI's own 422, so a client handles both the same way.
        detail = [{"loc": ["body", "reason"], "msg": str(exc), "type": "reason_required"}]
    elif isinstance(exc, IdempotencyKeyReused):
        detail = [{"loc": ["header", "idempotency-key"], "msg": str(exc), "type": "idempotency_key_reused"}]
    return HTTPException(status_code=code, detail=detail)


@contextmanager
def permit_errors() -> Iterator[None]:
    try:
        yield
    except PermitError as exc:
        raise as_http_error(exc) from None
