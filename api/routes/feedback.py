"""Citizens' feedback from the website widget, and the office's replies to its handoff tickets.

POST /api/v1/feedback        {"sender", "answer_id", "rating": "up"|"down", "comment"?}  → 204
GET  /api/v1/chat/replies    ?sender=…  → {"replies": [{"number", "text"}]}  (each handed over once)

Telegram and WhatsApp send the same verdicts through their bridges (inline / reply buttons). The
sender is the widget's random conversation id: a verdict counts only for an answer given to that
conversation (the answer log keeps a keyed hash of it, never the id itself).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from api.channels.catalog import get_catalog, normalize_language
from api.channels.rasa_client import sender_id
from api.channels.runtime import WidgetSettingsDep, feedback_of
from api.feedback.answers import COMMENT_LIMIT
from api.routes.widget import _cors_headers

router = APIRouter(tags=["feedback"])

_SENDER = r"^[A-Za-z0-9_-]{8,64}$"


class FeedbackCreate(BaseModel):
    sender: Annotated[str, Field(pattern=_SENDER)]
    answer_id: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{8,32}$")]
    rating: Literal["up", "down"]
    # "What was wrong?" — optional, short, stored without personal data (masked).
    comment: Annotated[str | None, Field(max_length=COMMENT_LIMIT)] = None


class OfficeReply(BaseModel):
    number: int
    text: str


class OfficeReplies(BaseModel):
    replies: list[OfficeReply]


@router.options("/api/v1/feedback", include_in_schema=False)
async def feedback_preflight(request: Request, settings: WidgetSettingsDep) -> Response:
    return Response(status_code=204, headers=_cors_headers(request, settings))


@router.post("/api/v1/feedback", status_code=204, responses={
    404: {"description": "no such answer in this conversation"}})
async def give_feedback(body: FeedbackCreate, request: Request, settings: WidgetSettingsDep) -> Response:
    """👍 or 👎 on one of the widget conversation's answers; a later verdict replaces the earlier one."""
    answers, _ = feedback_of(request.app)
    stored = await asyncio.to_thread(answers.rate, sender=sender_id("web", body.sender), answer_id=body.answer_id,
                                     rating=1 if body.rating == "up" else -1, comment=body.comment)
    headers = _cors_headers(request, settings)
    if not stored:
        return JSONResponse({"error": "not_found", "message": "no such answer in this conversation"},
                            status_code=404, headers=headers)
    return Response(status_code=204, headers=headers)


@router.get("/api/v1/chat/replies", response_model=OfficeReplies)
async def office_replies(request: Request, settings: WidgetSettingsDep,
                         sender: Annotated[str, Query(pattern=_SENDER)],
                         language: Annotated[str | None, Query(max_length=16)] = None) -> JSONResponse:
    """The office's answers to this conversation's handoff tickets, each handed over once (then the
    ticket is delivered and its address erased)."""
    _, desk = feedback_of(request.app)
    tickets = await asyncio.to_thread(desk.replies_for, sender_id("web", sender))
    catalog = get_catalog()
    replies = [OfficeReply(number=t.id, text=catalog.text("handoff.reply", normalize_language(language) or t.language,
                                                          number=t.id, reply=t.reply or ""))
               for t in tickets]
    return JSONResponse(OfficeReplies(replies=replies).model_dump(), headers=_cors_headers(request, settings))
