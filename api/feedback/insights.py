"""What the city learns from the answer log: thumbs-down, unanswered questions, questions per norm and
per topic, feedback per day — for /clerk/insights and its CSV export.

A clerk sees the answers about the municipalities they have a role in, plus the answers that name no
municipality (a "don't know" cites nothing, so it belongs to no town: every desk should see them).
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from collections.abc import Sequence

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from api.feedback.models import AnswerFeedback, AnswerRecord

__all__ = ["Insights", "Row", "export_csv", "insights"]

_LIST_LIMIT = 200


@dataclass(frozen=True)
class Row:
    answer: AnswerRecord
    feedback: AnswerFeedback | None


@dataclass
class Insights:
    total: int = 0
    ups: int = 0
    downs: int = 0
    unanswered_count: int = 0
    thumbs_down: list[Row] = field(default_factory=list)
    unanswered: list[Row] = field(default_factory=list)
    per_norm: list[tuple[str | None, int]] = field(default_factory=list)
    per_topic: list[tuple[str, int]] = field(default_factory=list)
    per_jurisdiction: list[tuple[str | None, int]] = field(default_factory=list)
    # (day, 👍, 👎, questions) for each of the last `days` days, oldest first
    per_day: list[tuple[date, int, int, int]] = field(default_factory=list)


def _rows(session: Session, jurisdictions: Sequence[str], since: datetime | None = None) -> list[Row]:
    query = (select(AnswerRecord, AnswerFeedback)
             .outerjoin(AnswerFeedback, AnswerFeedback.answer_id == AnswerRecord.id)
             .where(or_(AnswerRecord.jurisdiction.in_(list(jurisdictions)), AnswerRecord.jurisdiction.is_(None))))
    if since is not None:
        query = query.where(AnswerRecord.created_at >= since)
    return [Row(a, f) for a, f in session.execute(query.order_by(AnswerRecord.id.desc())).all()]


def insights(session: Session, *, jurisdictions: Sequence[str], today: date, days: int = 30,
             local_date=lambda moment: moment.date()) -> Insights:
    """Everything the page shows; `local_date` turns a stored UTC moment into the desk's calendar day."""
    rows = _rows(session, jurisdictions)
    out = Insights(total=len(rows))
    per_day: dict[date, list[int]] = {today - timedelta(days=n): [0, 0, 0] for n in range(days)}
    norms: Counter[str | None] = Counter()
    topics: Counter[str] = Counter()
    places: Counter[str | None] = Counter()
    for row in rows:
        answer, feedback = row.answer, row.feedback
        norms[answer.norm] += 1
        topics[answer.topic] += 1
        places[answer.jurisdiction] += 1
        day = local_date(answer.created_at)
        if day in per_day:
            per_day[day][2] += 1
        if feedback is not None:
            if feedback.rating > 0:
                out.ups += 1
            else:
                out.downs += 1
                if len(out.thumbs_down) < _LIST_LIMIT:
                    out.thumbs_down.append(row)
            fday = local_date(feedback.updated_at)
            if fday in per_day:
                per_day[fday][0 if feedback.rating > 0 else 1] += 1
        if answer.unanswered:
            out.unanswered_count += 1
            if len(out.unanswered) < _LIST_LIMIT:
                out.unanswered.append(row)
    out.per_norm = norms.most_common()
    out.per_topic = topics.most_common()
    out.per_jurisdiction = places.most_common()
    out.per_day = [(day, *per_day[day]) for day in sorted(per_day)]
    return out


CSV_COLUMNS = ["answered_at", "channel", "jurisdiction", "norm", "topic", "unanswered", "rating", "comment",
               "question", "answer", "citations"]


def export_csv(session: Session, *, jurisdictions: Sequence[str], moment=lambda m: m.isoformat()) -> str:
    """Every answer the clerk may see, with its feedback: one row each (no personal data is stored)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    for row in _rows(session, jurisdictions):
        a, f = row.answer, row.feedback
        writer.writerow([moment(a.created_at), a.channel, a.jurisdiction or "", a.norm or "", a.topic,
                         "yes" if a.unanswered else "no", "" if f is None else ("up" if f.rating > 0 else "down"),
                         (f.comment or "") if f else "", a.question, a.answer, " ".join(a.citations or [])])
    return buffer.getvalue()
