"""/clerk/tickets: the citizens' questions sent from the chat ("Enviar minha pergunta"), answered here;
the reply goes back on the citizen's channel (api/handoff/delivery.py). Behind the clerk login.

    GET  /clerk/tickets                 list (?status=open|answered|delivered)
    GET  /clerk/tickets/{id}            one ticket, with the reply form (reviewers)
    POST /clerk/tickets/{id}/reply      reply (form, anti-forgery token) → delivered, address erased
"""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Query, Request, status
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from api.channels.errors import ChannelError
from api.channels.runtime import feedback_of
from api.deps import PermitSettingsDep, SessionDep
from api.routes.desk_pages import Words, clerk_of, desk_for, render
from api.handoff.delivery import deliver
from api.handoff.desk import REPLY_LIMIT

pages = APIRouter(prefix="/clerk", include_in_schema=False)
SECTION = "/clerk/tickets"


def _to(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=status.HTTP_303_SEE_OTHER)


@pages.get("/tickets", response_class=HTMLResponse)
def tickets_page(request: Request, settings: PermitSettingsDep, session: SessionDep,
                 status_filter: Annotated[str | None, Query(alias="status", pattern="^(open|answered|delivered)$")] = None
                 ) -> Response:
    logged_in = clerk_of(request, settings)
    if logged_in is None:
        return _to("/clerk")
    clerk, _ = logged_in
    _, desk = feedback_of(request.app)
    tickets = desk.list(session, jurisdictions=list(clerk.roles), status=status_filter)
    counts = desk.counts(session, jurisdictions=list(clerk.roles))
    return render(request, "clerk/tickets.html", clerk=clerk, section=SECTION, tickets=tickets, counts=counts,
                  status_filter=status_filter)


def _ticket_page(request: Request, clerk, token: str, ticket, *, error: str | None = None, status_code: int = 200):
    from api.routes.clerk import form_token

    return render(request, "clerk/ticket.html", clerk=clerk, section=SECTION, ticket=ticket,
                  form_token=form_token(token), reply_limit=REPLY_LIMIT, status_code=status_code,
                  error=Words(desk_for(clerk).language).t(error) if error else None,
                  can_reply=clerk.role_in(ticket.jurisdiction) == "reviewer")


@pages.get("/tickets/{ticket_id}", response_class=HTMLResponse)
def ticket_page(ticket_id: int, request: Request, settings: PermitSettingsDep, session: SessionDep) -> Response:
    logged_in = clerk_of(request, settings)
    if logged_in is None:
        return _to("/clerk")
    clerk, token = logged_in
    _, desk = feedback_of(request.app)
    ticket = desk.get(session, ticket_id, jurisdictions=list(clerk.roles))
    if ticket is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "no such ticket")
    return _ticket_page(request, clerk, token, ticket)


@pages.post("/tickets/{ticket_id}/reply")
async def reply_to_ticket(ticket_id: int, request: Request, settings: PermitSettingsDep, session: SessionDep,
                          reply: Annotated[str, Form(min_length=1, max_length=REPLY_LIMIT)],
                          csrf_token: Annotated[str, Form()]) -> Response:
    from api.routes.clerk import form_token

    logged_in = clerk_of(request, settings)
    if logged_in is None:
        return _to("/clerk")
    clerk, token = logged_in
    if not hmac.compare_digest(form_token(token), csrf_token):
        return HTMLResponse(desk_for(clerk).t("form_expired"), status_code=status.HTTP_403_FORBIDDEN)
    _, desk = feedback_of(request.app)
    ticket = desk.get(session, ticket_id, jurisdictions=list(clerk.roles))
    if ticket is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "no such ticket")
    if clerk.role_in(ticket.jurisdiction) != "reviewer":
        raise HTTPException(status.HTTP_403_FORBIDDEN, "only a reviewer of this municipality may reply")
    if ticket.status == "delivered":
        return _ticket_page(request, clerk, token, ticket, error="already_delivered", status_code=status.HTTP_409_CONFLICT)
    if not reply.strip():
        return _ticket_page(request, clerk, token, ticket, error="write_reply",
                            status_code=status.HTTP_422_UNPROCESSABLE_ENTITY)
    desk.answer(session, ticket, clerk=clerk.username, reply=reply)
    session.commit()
    try:
        how = await deliver(request.app, ticket)
    except ChannelError as exc:  # kept as answered: the clerk sees why and can send again
        desk.delivery_failed(session, ticket, error=str(exc))
        session.commit()
        return _to(f"/clerk/tickets/{ticket_id}")
    if how is not None:  # the widget's reply waits until the widget fetches it
        desk.delivered(session, ticket, how=how)
        session.commit()
    return _to(f"/clerk/tickets/{ticket_id}")
