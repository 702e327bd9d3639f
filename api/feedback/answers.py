"""The answer log and citizens' feedback: what every channel's relay records, and what the insights read.

`AnswerLog.record` is called by the relay (api/channels/relay.py) after each bot answer to a citizen's
own words (button payloads are not questions); it returns the answer's public id, which the channel
puts on its 👍/👎 buttons. `AnswerLog.rate` stores the verdict, checking that it comes from the same
conversation (the keyed hash), so nobody can rate answers given to others.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.feedback.models import AnswerFeedback, AnswerRecord
from api.log_redaction import redact_text

if TYPE_CHECKING:
    from api.channels.bot_messages import BotMessage

__all__ = ["COMMENT_LIMIT", "AnswerLog", "answer_traits", "conversation_hash", "masked"]

QUESTION_LIMIT = 2000
ANSWER_LIMIT = 4000
# "What was wrong?" is optional and short: a sentence or two, never a document.
COMMENT_LIMIT = 500

Rating = Literal[1, -1]


def masked(text: str, limit: int) -> str:
    """`text` without personal data (the log masking: e-mails, CPF/CNPJ, phones, NIFs), bounded."""
    return redact_text(text.strip())[:limit]


def conversation_hash(secret: str, sender: str) -> str:
    """A keyed hash of the conversation: groups its answers without storing who it is."""
    return hmac.new(secret.encode(), b"conversation:" + sender.encode(), hashlib.sha256).hexdigest()


def answer_traits(replies: list[BotMessage]) -> dict[str, object]:
    """What the answer tells about itself: citations (article ids), jurisdiction, norm, topic, whether
    it is a "don't know", and whether it is worth recording at all.

    The bot marks no answer as unanswered; its "don't know" answers are told by their own words (the
    catalogue's search.nothing, search.no_figure, and the NLU fallback's search.unsure, which quotes the
    closest passages and asks to rephrase): `_DONT_KNOW`. An answer from a record carries `fact`, a
    rules answer its citations, the contact answer `contact`.

    Recorded (and offered 👍/👎) are the answers about the law and the "don't know"s — never the
    pre-application form's turns (its question and summary echo the applicant's name and address,
    which the masking does not catch: they carry the form's choice or cancel buttons) nor chit-chat.
    """
    citations: list[str] = []
    fact_kind = None
    contact = places = form = False
    for reply in replies:
        for citation in reply.citations:
            if citation.unit_id not in citations:
                citations.append(citation.unit_id)
        custom = reply.custom or {}
        if isinstance(custom.get("fact"), dict):
            fact_kind = fact_kind or str(custom["fact"].get("kind") or "fact")
        contact = contact or isinstance(custom.get("contact"), dict)
        places = places or bool(reply.places)
        form = form or any(b.payload.startswith(_FORM_PAYLOADS) for b in reply.buttons)
    text = "\n".join(r.text or "" for r in replies).lower()
    dont_know = any(words in text for words in _DONT_KNOW)
    jurisdiction = citations[0].split("/", 1)[0] if citations else None
    if contact:
        topic = "contact"
    elif dont_know:
        topic = "unanswered"
    elif fact_kind:
        topic = fact_kind[:32]
    elif places:
        topic = "places"
    else:
        topic = "rules"
    return {
        "citations": citations,
        "jurisdiction": jurisdiction,
        "norm": _norm_of(citations[0]) if citations else None,
        "topic": topic,
        "unanswered": dont_know,
        "recorded": not form and (dont_know or bool(citations or fact_kind or contact or places)),
    }


# The pre-application form's buttons (actions/permits): a choice of the form, or leaving it.
_FORM_PAYLOADS = ('/inform{"choice"', "/cancel")
# The bot's "don't know" answers, in its four languages (actions/common/i18n: search.nothing,
# search.no_figure, search.unsure).
_DONT_KNOW = ("could you rephrase", "pode reformular", "não encontrei nada", "i found nothing", "no encontré nada",
              "não encontrei esse número", "não encontrei esse valor", "couldn't find that figure", "no encontré ese valor")


def _norm_of(unit_id: str) -> str:
    parts = unit_id.split("/")
    return "/".join(parts[:2])


class AnswerLog:
    def __init__(self, session_factory: Callable[[], Session], secret: str, *,
                 clock: Callable[[], datetime] = lambda: datetime.now(tz=UTC)) -> None:
        self._sessions = session_factory
        self._secret = secret
        self._clock = clock

    def conversation(self, sender: str) -> str:
        return conversation_hash(self._secret, sender)

    def record(self, *, channel: str, sender: str, question: str, replies: list[BotMessage],
               language: str | None) -> str | None:
        """The answer's public id, or None when it is not recorded (see `answer_traits`)."""
        traits = answer_traits(replies)
        if not traits["recorded"]:
            return None
        public_id = secrets.token_urlsafe(12)
        with self._sessions() as session, session.begin():
            session.add(AnswerRecord(
                public_id=public_id,
                channel=channel[:16],
                conversation_hash=self.conversation(sender),
                question=masked(question, QUESTION_LIMIT),
                answer=masked("\n".join(r.text or "" for r in replies), ANSWER_LIMIT),
                citations=traits["citations"],
                jurisdiction=traits["jurisdiction"],
                norm=traits["norm"],
                topic=traits["topic"],
                unanswered=traits["unanswered"],
                language=language,
                created_at=self._clock(),
            ))
        return public_id

    def rate(self, *, sender: str, answer_id: str, rating: Rating, comment: str | None = None) -> bool:
        """Store (or change) the verdict on one of this conversation's answers; False if it is not one."""
        now = self._clock()
        with self._sessions() as session, session.begin():
            answer = session.scalars(select(AnswerRecord).where(AnswerRecord.public_id == answer_id)).first()
            if answer is None or not hmac.compare_digest(answer.conversation_hash, self.conversation(sender)):
                return False
            feedback = session.scalars(select(AnswerFeedback).where(AnswerFeedback.answer_id == answer.id)).first()
            text = masked(comment, COMMENT_LIMIT) if comment and comment.strip() else None
            if feedback is None:
                session.add(AnswerFeedback(answer_id=answer.id, rating=rating, comment=text,
                                           created_at=now, updated_at=now))
            else:
                feedback.rating = rating
                feedback.comment = text if text is not None else (feedback.comment if rating == -1 else None)
                feedback.updated_at = now
        return True

    def latest_question(self, sender: str) -> tuple[str, str | None] | None:
        """The conversation's last question that was not the request for a person: (question,
        jurisdiction) — what a handoff sends to the office."""
        with self._sessions() as session:
            rows = session.scalars(
                select(AnswerRecord).where(AnswerRecord.conversation_hash == self.conversation(sender))
                .order_by(AnswerRecord.id.desc()).limit(20)
            ).all()
        for row in rows:
            if row.topic != "contact":
                return row.question, row.jurisdiction
        return None
