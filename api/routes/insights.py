"""/clerk/insights: what the city learns — thumbs-down and unanswered questions, questions per norm and
per topic, feedback per day (server-drawn SVG charts), and the CSV export. Behind the clerk login.

    GET /clerk/insights        the page (pt-BR, the desk's language; times in the desk's time zone)
    GET /clerk/insights.csv    every answer the clerk may see, with its feedback
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from api.deps import PermitSettingsDep, SessionDep
from api.feedback.charts import bars, daily_columns
from api.feedback.desk_pages import clerk_of, desk_zone, jurisdiction_label, local, local_day, norm_label, topic_label
from api.feedback.insights import export_csv, insights

pages = APIRouter(prefix="/clerk", include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).resolve().parent.parent / "templates")


@pages.get("/insights", response_class=HTMLResponse)
def insights_page(request: Request, settings: PermitSettingsDep, session: SessionDep) -> Response:
    logged_in = clerk_of(request, settings)
    if logged_in is None:
        return RedirectResponse("/clerk", status_code=303)
    clerk, _ = logged_in
    zone = desk_zone(clerk)
    from datetime import datetime

    today = datetime.now(zone).date()
    data = insights(session, jurisdictions=list(clerk.roles), today=today, local_date=lambda m: local_day(m, zone))
    charts = {
        "per_day": daily_columns(data.per_day, title="Perguntas e avaliações por dia (últimos 30 dias)",
                                 legend=("Perguntas", "👍 Ajudou", "👎 Errada")),
        "per_norm": bars([(norm_label(n), c) for n, c in data.per_norm], title="Perguntas por norma citada"),
        "per_topic": bars([(topic_label(t), c) for t, c in data.per_topic], title="Perguntas por assunto"),
    }
    return templates.TemplateResponse(request, "clerk/insights.html", {
        "clerk": clerk, "data": data, "charts": charts, "local": lambda m: local(m, zone),
        "norm_label": norm_label, "topic_label": topic_label, "jurisdiction_label": jurisdiction_label,
    })


@pages.get("/insights.csv", response_class=Response)
def insights_csv(request: Request, settings: PermitSettingsDep, session: SessionDep) -> Response:
    logged_in = clerk_of(request, settings)
    if logged_in is None:
        return RedirectResponse("/clerk", status_code=303)
    clerk, _ = logged_in
    body = export_csv(session, jurisdictions=list(clerk.roles))
    return Response(content=body, media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": 'attachment; filename="insights.csv"', "Cache-Control": "no-store"})
