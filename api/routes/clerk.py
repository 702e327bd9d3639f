"""Municipal clerks' side: the JSON API (bearer token) and a small server-rendered page (/clerk).

JSON API, `Authorization: Bearer <token>`; a clerk sees only the municipalities they have a role in
(a case of another municipality answers 404, as if it did not exist):

    GET    /api/v1/clerk/me
    GET    /api/v1/clerk/preapplications                       list, filter, paginate
    GET    /api/v1/clerk/preapplications.csv                   the same filter, as CSV
    GET    /api/v1/clerk/preapplications/{protocol}
    POST   /api/v1/clerk/preapplications/{protocol}/status     {status, reason}   reviewer
    POST   /api/v1/clerk/preapplications/{protocol}/notes      {text}             reviewer
    GET    /api/v1/clerk/preapplications/{protocol}/audit
    DELETE /api/v1/clerk/preapplications/{protocol}/personal-data                 reviewer

The page logs in with the token typed into a form and keeps it in an HttpOnly, SameSite=Strict
cookie scoped to /clerk; every form that changes something also carries a token derived from the
clerk's own token (double submit), so another site cannot post on the clerk's behalf.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Form, Query, Request, status
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from sqlalchemy.orm import Session

from api.deps import ConversationEraserDep, CurrentClerk, PermitSettingsDep, SessionDep
from api.permits import repository
from api.permits.errors import PermitError
from api.permits.http import as_http_error, permit_errors
from api.permits.models import Preapplication
from api.permits.schemas import (
    AuditEventPublic,
    ErasureReceipt,
    NoteCreate,
    NotePublic,
    PreapplicationFilter,
    PreapplicationPublic,
    PreapplicationsPublic,
    StatusChange,
)
from api.permits.settings import ClerkAccount, PermitSettings
from api.permits.workflow import TRANSITIONS, PreapplicationStatus
from knowledge.jurisdictions import jurisdiction_ids
from api.security.lockout import clerk_lockout

# ---------------------------------------------------------------- JSON API

router = APIRouter(prefix="/api/v1/clerk", tags=["clerk"])
Filters = Annotated[PreapplicationFilter, Query()]


@router.get("/me")
def who_am_i(clerk: CurrentClerk) -> dict[str, object]:
    return {"username": clerk.username, "roles": dict(clerk.roles)}


@router.get("/preapplications", response_model=PreapplicationsPublic)
def list_preapplications(clerk: CurrentClerk, session: SessionDep, filters: Filters) -> PreapplicationsPublic:
    with permit_errors():
        cases, count = repository.list_cases(session, clerk=clerk, filters=filters)
    return PreapplicationsPublic(data=[PreapplicationPublic.model_validate(case) for case in cases], count=count)


def _csv_response(body: str) -> Response:
    return Response(
        content=body,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="preapplications.csv"', "Cache-Control": "no-store"},
    )


@router.get("/preapplications.csv", response_class=Response)
def export_preapplications(clerk: CurrentClerk, session: SessionDep, filters: Filters) -> Response:
    """Every matching case (offset and limit are ignored), with the applicant's contact data."""
    with permit_errors():
        return _csv_response(repository.export_csv(session, clerk=clerk, filters=filters))


@router.get("/preapplications/{protocol}", response_model=PreapplicationPublic)
def read_preapplication(protocol: str, clerk: CurrentClerk, session: SessionDep) -> PreapplicationPublic:
    with permit_errors():
        return PreapplicationPublic.model_validate(repository.get_case_for_clerk(session, clerk=clerk, protocol=protocol))


@router.post("/preapplications/{protocol}/status", response_model=PreapplicationPublic)
def change_status(protocol: str, change: StatusChange, clerk: CurrentClerk, session: SessionDep) -> PreapplicationPublic:
    with permit_errors():
        case = repository.change_status(session, clerk=clerk, protocol=protocol, change=change)
    return PreapplicationPublic.model_validate(case)


@router.post("/preapplications/{protocol}/notes", status_code=status.HTTP_201_CREATED, response_model=NotePublic)
def add_note(protocol: str, note: NoteCreate, clerk: CurrentClerk, session: SessionDep) -> NotePublic:
    with permit_errors():
        return NotePublic.model_validate(repository.add_note(session, clerk=clerk, protocol=protocol, note=note))


@router.get("/preapplications/{protocol}/audit", response_model=list[AuditEventPublic])
def read_audit_trail(protocol: str, clerk: CurrentClerk, session: SessionDep) -> list[AuditEventPublic]:
    with permit_errors():
        events = repository.audit_trail(session, clerk=clerk, protocol=protocol)
    return [AuditEventPublic.model_validate(event) for event in events]


@router.delete("/preapplications/{protocol}/personal-data", response_model=ErasureReceipt)
def erase_personal_data(protocol: str, clerk: CurrentClerk, session: SessionDep,
                        eraser: ConversationEraserDep) -> ErasureReceipt:
    with permit_errors():
        case = repository.erase_by_clerk(session, clerk=clerk, protocol=protocol)
    _, pending = repository.wipe_conversations(session, eraser=eraser, preapplication_id=case.id)
    return ErasureReceipt(protocol=case.protocol, erased_at=case.erased_at, conversation_erasure_pending=bool(pending))


# ---------------------------------------------------------------- page

pages = APIRouter(prefix="/clerk", include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).resolve().parent.parent / "templates")

COOKIE = "clerk_session"
_COOKIE_PATH = "/clerk"
_COOKIE_MAX_AGE = 8 * 3600  # a working day

STATUS_LABELS = {
    "submitted": "Recebido",
    "under_review": "Em análise",
    "needs_info": "Pendente de informação",
    "approved": "Deferido",
    "rejected": "Indeferido",
}


def form_token(clerk_token: str) -> str:
    """The anti-forgery value of a clerk's forms: another site can read neither cookie nor page."""
    return hmac.new(clerk_token.encode(), b"clerk-page-form", hashlib.sha256).hexdigest()


def _session_clerk(request: Request, settings: PermitSettings) -> tuple[ClerkAccount, str] | None:
    token = request.cookies.get(COOKIE)
    if not token:
        return None
    account = settings.authenticate(token)
    return (account, token) if account else None


def _form_ok(token: str, submitted: str) -> bool:
    return hmac.compare_digest(form_token(token), submitted)


def _login_page(request: Request, *, error: str | None = None, status_code: int = 200) -> HTMLResponse:
    return templates.TemplateResponse(request, "clerk/login.html", {"error": error}, status_code=status_code)


def _to(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=status.HTTP_303_SEE_OTHER)


@pages.get("", response_class=HTMLResponse)
def clerk_home(request: Request, settings: PermitSettingsDep, session: SessionDep, filters: Filters) -> Response:
    logged_in = _session_clerk(request, settings)
    if logged_in is None:
        return _login_page(request)
    clerk, token = logged_in
    try:
        cases, count = repository.list_cases(session, clerk=clerk, filters=filters)
    except PermitError as exc:
        raise as_http_error(exc) from None
    return templates.TemplateResponse(
        request,
        "clerk/list.html",
        {
            "clerk": clerk,
            "cases": cases,
            "count": count,
            "filters": filters,
            "statuses": list(PreapplicationStatus),
            "labels": STATUS_LABELS,
            "jurisdictions": [j for j in jurisdiction_ids() if clerk.role_in(j)],
            "form_token": form_token(token),
        },
    )


@pages.post("/login")
def clerk_login(request: Request, settings: PermitSettingsDep, token: Annotated[str, Form(max_length=512)]) -> Response:
    lockout, address = clerk_lockout(request)  # back-off on repeated wrong tokens
    lockout.guard(address)
    if settings.authenticate(token.strip()) is None:
        lockout.failure(address)
        return _login_page(request, error="Token inválido.", status_code=status.HTTP_401_UNAUTHORIZED)
    lockout.success(address)
    response = _to("/clerk")
    response.set_cookie(
        COOKIE,
        token.strip(),
        max_age=_COOKIE_MAX_AGE,
        path=_COOKIE_PATH,
        httponly=True,
        samesite="strict",
        secure=settings.environment != "local",
    )
    return response


@pages.post("/logout")
def clerk_logout() -> Response:
    response = _to("/clerk")
    response.delete_cookie(COOKIE, path=_COOKIE_PATH)
    return response


def _detail_page(request: Request, clerk: ClerkAccount, token: str, case: Preapplication, *,
                 error: str | None = None, status_code: int = 200) -> HTMLResponse:
    return templates.TemplateResponse(
        request,
        "clerk/detail.html",
        {
            "clerk": clerk,
            "case": case,
            "labels": STATUS_LABELS,
            "next_statuses": sorted(TRANSITIONS[PreapplicationStatus(case.status)]),
            "can_decide": clerk.role_in(case.jurisdiction_id) == "reviewer",
            "form_token": form_token(token),
            "error": error,
        },
        status_code=status_code,
    )


@pages.get("/cases/{protocol}", response_class=HTMLResponse)
def clerk_case(protocol: str, request: Request, settings: PermitSettingsDep, session: SessionDep) -> Response:
    logged_in = _session_clerk(request, settings)
    if logged_in is None:
        return _to("/clerk")
    clerk, token = logged_in
    with permit_errors():
        case = repository.get_case_for_clerk(session, clerk=clerk, protocol=protocol)
    return _detail_page(request, clerk, token, case)


def _page_action(request: Request, settings: PermitSettings, session: Session, protocol: str,
                 submitted_form_token: str, action: Callable[[ClerkAccount], object]) -> Response:
    """Shared frame of the page's forms: session, anti-forgery check, the action, then the case again."""
    logged_in = _session_clerk(request, settings)
    if logged_in is None:
        return _to("/clerk")
    clerk, token = logged_in
    if not _form_ok(token, submitted_form_token):
        return HTMLResponse("Formulário expirado ou de outra origem.", status_code=status.HTTP_403_FORBIDDEN)
    try:
        action(clerk)
    except PermitError as exc:
        http = as_http_error(exc)
        if http.status_code == status.HTTP_404_NOT_FOUND:
            raise http from None
        message = http.detail if isinstance(http.detail, str) else "; ".join(item["msg"] for item in http.detail)
        session.rollback()
        case = repository.get_case_for_clerk(session, clerk=clerk, protocol=protocol)
        return _detail_page(request, clerk, token, case, error=message, status_code=http.status_code)
    return _to(f"/clerk/cases/{protocol}")


@pages.post("/cases/{protocol}/status")
def clerk_decide(
    protocol: str,
    request: Request,
    settings: PermitSettingsDep,
    session: SessionDep,
    new_status: Annotated[PreapplicationStatus, Form(alias="status")],
    csrf_token: Annotated[str, Form()],
    reason: Annotated[str, Form(max_length=2000)] = "",
) -> Response:
    change = StatusChange(status=new_status, reason=reason or None)
    return _page_action(
        request, settings, session, protocol, csrf_token,
        lambda clerk: repository.change_status(session, clerk=clerk, protocol=protocol, change=change),
    )


@pages.post("/cases/{protocol}/notes")
def clerk_note(
    protocol: str,
    request: Request,
    settings: PermitSettingsDep,
    session: SessionDep,
    text: Annotated[str, Form(min_length=1, max_length=2000)],
    csrf_token: Annotated[str, Form()],
) -> Response:
    return _page_action(
        request, settings, session, protocol, csrf_token,
        lambda clerk: repository.add_note(session, clerk=clerk, protocol=protocol, note=NoteCreate(text=text)),
    )


@pages.post("/cases/{protocol}/erase")
def clerk_erase(
    protocol: str, request: Request, settings: PermitSettingsDep, session: SessionDep,
    eraser: ConversationEraserDep, csrf_token: Annotated[str, Form()]
) -> Response:
    def erase(clerk: ClerkAccount) -> None:
        case = repository.erase_by_clerk(session, clerk=clerk, protocol=protocol)
        repository.wipe_conversations(session, eraser=eraser, preapplication_id=case.id)  # a failure is in the audit trail

    return _page_action(request, settings, session, protocol, csrf_token, erase)


@pages.get("/export.csv", response_class=Response)
def clerk_export(request: Request, settings: PermitSettingsDep, session: SessionDep, filters: Filters) -> Response:
    logged_in = _session_clerk(request, settings)
    if logged_in is None:
        return _to("/clerk")
    with permit_errors():
        return _csv_response(repository.export_csv(session, clerk=logged_in[0], filters=filters))
