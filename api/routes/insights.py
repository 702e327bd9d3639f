"""/clerk/insights: what the city learns — thumbs-down and unanswered questions, questions per norm and
per topic, feedback per day (server-drawn SVG charts), and the CSV export. Behind the clerk login, in
the desk's language and time zone (api/clerk_desk).

    GET /clerk/insights        the page
    GET /clerk/insights.csv    every answer the clerk may see, with its feedback
"""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from api.deps import PermitSettingsDep, SessionDep
from api.feedback.charts import bars, daily_columns
from api.routes.desk_pages import Words, clerk_of, desk_for, render
from api.feedback.insights import export_csv, insights

pages = APIRouter(prefix="/clerk", include_in_schema=False)
SECTION = "/clerk/insights"


@pages.get("/insights", response_class=HTMLResponse)
def insights_page(request: Request, settings: PermitSettingsDep, session: SessionDep) -> Response:
    logged_in = clerk_of(request, settings)
    if logged_in is None:
        return RedirectResponse("/clerk", status_code=303)
    clerk, _ = logged_in
    desk = desk_for(clerk)
    w = Words(desk.language)
    data = insights(session, jurisdictions=list(clerk.roles), today=datetime.now(desk.zone).date(),
                    local_date=lambda moment: desk.local(moment).date())
    charts = {
        "per_day": daily_columns(data.per_day, title=w.t("over_time_chart"),
                                 legend=(w.t("legend_asked"), w.t("ups"), w.t("downs")),
                                 day_label=lambda day: desk.day(day)[:5]),
        "per_norm": bars([(w.norm(n), c) for n, c in data.per_norm], title=w.t("per_norm_chart")),
        "per_topic": bars([(w.topic(t), c) for t, c in data.per_topic], title=w.t("per_topic")),
    }
    return render(request, "clerk/insights.html", clerk=clerk, section=SECTION, data=data, charts=charts)


@pages.get("/insights.csv", response_class=Response)
def insights_csv(request: Request, settings: PermitSettingsDep, session: SessionDep) -> Response:
    logged_in = clerk_of(request, settings)
    if logged_in is None:
        return RedirectResponse("/clerk", status_code=303)
    clerk, _ = logged_in
    body = export_csv(session, jurisdictions=list(clerk.roles))
    return Response(content=body, media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": 'attachment; filename="insights.csv"', "Cache-Control": "no-store"})
