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
from dataclasses import replace
from pathlib import Path
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Query, Request, status
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from sqlalchemy.orm import Session

from api.deps import ConversationEraserDep, CurrentClerk, PermitSettingsDep, SessionDep
from api.permits import repository
from api.permits.errors import CaseNotFound, InvalidTransition, NotAllowed, PermitError, ReasonRequired
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
from api.clerk_desk import Desk
from api.clerk_desk import export as desk_export
from api.security.lockout import clerk_lockout
from knowledge.jurisdictions import jurisdiction, jurisdiction_ids

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


def _export(session: Session, clerk: ClerkAccount, filters: PreapplicationFilter) -> Response:
    """The desk's CSV (its "Exportar CSV" button), in the desk's words: names for ids, the header in the
    language of the municipality filtered on, else the clerk's first one (api/clerk_desk/export.py)."""
    shown = [filters.jurisdiction_id] if filters.jurisdiction_id else [j for j in jurisdiction_ids() if clerk.role_in(j)]
    desk = Desk.for_jurisdictions(shown)
    with permit_errors():
        return _csv_response(repository.export_csv(
            session, clerk=clerk, filters=filters, header=desk_export.header(desk),
            row=lambda case: desk_export.row(replace(desk, zone=jurisdiction(case.jurisdiction_id).zone)
                                             if jurisdiction(case.jurisdiction_id) else desk, case)))


@router.get("/preapplications.csv", response_class=Response)
def export_preapplications(clerk: CurrentClerk, session: SessionDep, filters: Filters) -> Response:
    """Every matching case (offset and limit are ignored), with the applicant's contact data. For
    programs: the stored ids and fields as columns (the desk's "Exportar CSV" names them, /clerk/export.csv)."""
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

# The desk's sections, in the order of its navigation: (endpoint path, text key). Another section
# (tickets, insights) adds a row here and a template extending clerk/base.html.
SECTIONS: list[tuple[str, str]] = [("/clerk", "nav_cases"), ("/clerk/tickets", "nav_tickets"),
                                    ("/clerk/insights", "nav_insights")]
# The list's sortable columns: the text key of the header → the filter's sort key.
SORTABLE = {"col_protocol": "protocol", "col_period": "period_start", "col_submitted": "submitted_at",
            "col_status": "status"}
_LANGUAGES = ("pt-BR", "pt-PT", "en")


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


def _login_desk(request: Request) -> Desk:
    """Before a clerk is known the page cannot speak a jurisdiction's language: ?lang=, else the
    browser's first desk language, else pt-BR (four of the five places)."""
    wanted = [request.query_params.get("lang") or ""]
    wanted += [part.split(";")[0].strip() for part in (request.headers.get("accept-language") or "").split(",")]
    for tag in wanted:
        for language in _LANGUAGES:
            if tag.lower() == language.lower() or (language == "en" and tag.lower().startswith("en")):
                return replace(Desk.for_jurisdiction(None), language=language)
        if tag.lower().startswith("pt"):
            break
    return Desk.for_jurisdiction(None)


def _page(request: Request, template: str, desk: Desk, context: dict, status_code: int = 200) -> HTMLResponse:
    return templates.TemplateResponse(
        request, template, {"desk": desk, "sections": SECTIONS, **context}, status_code=status_code)


def _login_page(request: Request, *, error: str | None = None, status_code: int = 200) -> HTMLResponse:
    desk = _login_desk(request)
    return _page(request, "clerk/login.html", desk,
                 {"clerk": None, "error": desk.t(error) if error else None, "section": None}, status_code)


def _to(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=status.HTTP_303_SEE_OTHER)


def _list_url(filters: PreapplicationFilter, **changes: object) -> str:
    """/clerk with the list's filters, some changed (a sort header, a page link): only what differs
    from the defaults, so a link reads as what it does."""
    values = filters.model_dump(mode="json") | changes
    defaults = PreapplicationFilter().model_dump(mode="json")
    query = {k: v for k, v in values.items() if v not in (None, "") and v != defaults.get(k)}
    return "/clerk" + (f"?{urlencode(query)}" if query else "")


def _sort_links(desk: Desk, filters: PreapplicationFilter) -> dict[str, dict[str, str | None]]:
    """Each sortable header: its link (a first click sorts ascending, then it flips) and aria-sort."""
    out: dict[str, dict[str, str | None]] = {}
    for key, column in SORTABLE.items():
        current = filters.sort.removeprefix("-") == column
        descending = filters.sort.startswith("-")
        following = (column if descending else f"-{column}") if current else column
        out[key] = {
            "href": _list_url(filters, sort=following, offset=0),
            "aria_sort": ("descending" if descending else "ascending") if current else None,
            "label": desk.t("sort_by", column=desk.t(key).lower()),
        }
    return out


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
    mine = [j for j in jurisdiction_ids() if clerk.role_in(j)]
    shown = [filters.jurisdiction_id] if filters.jurisdiction_id else mine
    desk = Desk.for_jurisdictions(shown)
    zones = {jurisdiction(j).time_zone for j in shown if jurisdiction(j)}
    return _page(request, "clerk/list.html", desk, {
        "clerk": clerk,
        "section": "/clerk",
        "cases": cases,
        "count": count,
        "filters": filters,
        "statuses": list(PreapplicationStatus),
        "jurisdictions": desk.jurisdiction_options(mine),
        "permits": desk.permit_options(shown),
        "sorting": _sort_links(desk, filters),
        # The same orders as a control of the filter form: a phone has no column headers to click.
        "sort_options": [(f"{sign}{column}", f"{desk.t(key)} ({desk.t('sorted_desc' if sign else 'sorted_asc')})")
                         for key, column in SORTABLE.items() for sign in ("-", "")],
        "previous_url": _list_url(filters, offset=max(filters.offset - filters.limit, 0)) if filters.offset > 0 else None,
        "next_url": _list_url(filters, offset=filters.offset + filters.limit)
        if count > filters.offset + filters.limit else None,
        "export_url": "/clerk/export.csv" + _list_url(filters, offset=0).removeprefix("/clerk"),
        # Each row's times in its own municipality's zone; the caption names the zone when there is one.
        "row_desk": {j: replace(desk, zone=jurisdiction(j).zone) for j in mine if jurisdiction(j)},
        "zone_caption": desk.t("times_in", zone=replace(desk, zone=jurisdiction(shown[0]).zone).zone_name)
        if len(zones) == 1 and jurisdiction(shown[0]) else desk.t("times_in_each"),
        "form_token": form_token(token),
    })


@pages.post("/login")
def clerk_login(request: Request, settings: PermitSettingsDep, token: Annotated[str, Form(max_length=512)]) -> Response:
    lockout, address = clerk_lockout(request)  # back-off on repeated wrong tokens
    lockout.guard(address)
    if settings.authenticate(token.strip()) is None:
        lockout.failure(address)
        return _login_page(request, error="invalid_token", status_code=status.HTTP_401_UNAUTHORIZED)
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


def _error_text(desk: Desk, exc: PermitError) -> str:
    """Why a decision was refused, in the desk's words (the API says it in English for developers)."""
    if isinstance(exc, InvalidTransition):
        allowed = ", ".join(desk.status(s) for s in exc.allowed) or desk.t("error_closed")
        return desk.t("error_transition", current=desk.status(exc.current), requested=desk.status(exc.requested),
                      allowed=allowed)
    if isinstance(exc, ReasonRequired):
        return desk.t("error_reason")
    if isinstance(exc, NotAllowed):
        return desk.t("error_not_allowed")
    return desk.t("error_other")


def _detail_page(request: Request, clerk: ClerkAccount, token: str, case: Preapplication, *,
                 error: str | None = None, status_code: int = 200) -> HTMLResponse:
    desk = Desk.for_jurisdiction(case.jurisdiction_id)
    return _page(request, "clerk/detail.html", desk, {
        "clerk": clerk,
        "section": "/clerk",
        "case": case,
        "fees": desk.fee_table(case.fee_estimate, case.permit_kind),
        "next_statuses": sorted(TRANSITIONS[PreapplicationStatus(case.status)]),
        "can_decide": clerk.role_in(case.jurisdiction_id) == "reviewer",
        "form_token": form_token(token),
        "error": error,
    }, status_code)


@pages.get("/cases/{protocol}", response_class=HTMLResponse)
def clerk_case(protocol: str, request: Request, settings: PermitSettingsDep, session: SessionDep) -> Response:
    logged_in = _session_clerk(request, settings)
    if logged_in is None:
        return _to("/clerk")
    clerk, token = logged_in
    try:
        case = repository.get_case_for_clerk(session, clerk=clerk, protocol=protocol)
    except CaseNotFound:  # another municipality's case looks the same: nothing leaks
        desk = Desk.for_jurisdictions([j for j in jurisdiction_ids() if clerk.role_in(j)])
        return _page(request, "clerk/not_found.html", desk, {"clerk": clerk, "section": "/clerk"},
                     status.HTTP_404_NOT_FOUND)
    return _detail_page(request, clerk, token, case)


def _page_action(request: Request, settings: PermitSettings, session: Session, protocol: str,
                 submitted_form_token: str, action: Callable[[ClerkAccount], object]) -> Response:
    """Shared frame of the page's forms: session, anti-forgery check, the action, then the case again."""
    logged_in = _session_clerk(request, settings)
    if logged_in is None:
        return _to("/clerk")
    clerk, token = logged_in
    if not _form_ok(token, submitted_form_token):
        return HTMLResponse(Desk.for_jurisdictions(clerk.jurisdictions).t("form_expired"),
                            status_code=status.HTTP_403_FORBIDDEN)
    try:
        action(clerk)
    except PermitError as exc:
        http = as_http_error(exc)
        if http.status_code == status.HTTP_404_NOT_FOUND:
            raise http from None
        session.rollback()
        case = repository.get_case_for_clerk(session, clerk=clerk, protocol=protocol)
        message = _error_text(Desk.for_jurisdiction(case.jurisdiction_id), exc)
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
    eraser: ConversationEraserDep, csrf_token: Annotated[str, Form()],
    confirm: Annotated[str, Form()] = "",
) -> Response:
    # The page's checkbox ("cannot be undone") is required in the form and checked here too: the
    # site's CSP allows no inline script, so no confirm() dialog could stand in for it.
    if confirm != "yes":
        logged_in = _session_clerk(request, settings)
        if logged_in is None:
            return _to("/clerk")
        with permit_errors():
            case = repository.get_case_for_clerk(session, clerk=logged_in[0], protocol=protocol)
        desk = Desk.for_jurisdiction(case.jurisdiction_id)
        return _detail_page(request, logged_in[0], logged_in[1], case, error=desk.t("error_confirm_erase"),
                            status_code=status.HTTP_422_UNPROCESSABLE_ENTITY)

    def erase(clerk: ClerkAccount) -> None:
        case = repository.erase_by_clerk(session, clerk=clerk, protocol=protocol)
        repository.wipe_conversations(session, eraser=eraser, preapplication_id=case.id)  # a failure is in the audit trail

    return _page_action(request, settings, session, protocol, csrf_token, erase)


@pages.get("/export.csv", response_class=Response)
def clerk_export(request: Request, settings: PermitSettingsDep, session: SessionDep, filters: Filters) -> Response:
    logged_in = _session_clerk(request, settings)
    if logged_in is None:
        return _to("/clerk")
    return _export(session, logged_in[0], filters)
