"""The period a permit covers, as its law sets it: the dates a request may ask for and the end that
follows from a start.

Pontal's summer authorisation lasts one season (art. 9 § 1: 1 December to 31 March, across the new
year); a licence of N months or years ends the day before the same date N months later; Lajes'
licence year ends on 31 December; an amusement's licence asks its end and may not exceed its days;
Igarapava's stalls are requested some time before they start (art. 108). The pre-application form
asks and checks the dates with these rules; the API stores what they give.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from knowledge.rules.models import Decision, Period, Season
from knowledge.rules.queries import PermitRequirements
from knowledge.rules.temporal import in_season

__all__ = ["PeriodRule", "next_season", "period_rule", "season_window"]


@dataclass(frozen=True)
class PeriodRule:
    """How the period of the permit is asked and checked.

    season: both dates inside one season (Pontal, art. 9 § 1). validity: the end follows from the
    start (a licence of N months or years; Lajes' licence ends on 31 December). max_days: the end
    is asked and the period may not be longer (amusements). lead_time: how long before the start the
    request must be made (Igarapava's stalls, art. 108). event: the start is the event's date."""

    season: Season | None = None
    validity: Period | None = None
    calendar_year: bool = False
    max_days: int | None = None
    lead_time: Period | None = None
    event: bool = False

    @property
    def asks_end(self) -> bool:
        return self.validity is None and not self.calendar_year

    def end_for(self, start: date) -> date | None:
        if self.calendar_year:
            return date(start.year, 12, 31)
        if self.validity is None:
            return None
        months = self.validity.value * (12 if self.validity.unit == "years" else 1)
        return _add_months(start, months) - timedelta(days=1)


def _add_months(day: date, months: int) -> date:
    year, month = divmod(day.month - 1 + months, 12)
    year, month = day.year + year, month + 1
    for d in (day.day, 30, 29, 28):
        try:
            return date(year, month, d)
        except ValueError:
            continue
    raise ValueError(day)  # pragma: no cover - day 28 always exists


def period_rule(req: PermitRequirements, decision: Decision) -> PeriodRule:
    """The period rule of a permit for an applicant's decision (the season comes with the decision:
    Pontal's season applies to the summer authorisation only)."""
    validity = req.permit.validity
    fields = {f.fact for f in req.fields}
    season = decision.season
    if season is not None:
        return PeriodRule(season=season, lead_time=req.permit.lead_time)
    if validity is not None and validity.code == "licence_year":
        return PeriodRule(calendar_year=True, lead_time=req.permit.lead_time)
    if validity is not None and validity.unit in ("months", "years"):
        return PeriodRule(validity=validity, lead_time=req.permit.lead_time)
    max_days = validity.value if validity is not None and validity.unit == "days" else None
    return PeriodRule(max_days=max_days, lead_time=req.permit.lead_time, event="event_date" in fields)


def _md(text: str) -> tuple[int, int]:
    month, day = (int(x) for x in text.split("-"))
    return month, day


def season_window(season: Season, day: date) -> tuple[date, date] | None:
    """The season (start, end) that contains `day`, or None if the day is out of season."""
    if not in_season(season.start, season.end, day):
        return None
    (start_m, start_d), (end_m, end_d) = _md(season.start), _md(season.end)
    if (end_m, end_d) >= (start_m, start_d):
        return date(day.year, start_m, start_d), date(day.year, end_m, end_d)
    # a season across the new year (1 Dec – 31 Mar): the day is in its first or its second year
    if (day.month, day.day) >= (start_m, start_d):
        return date(day.year, start_m, start_d), date(day.year + 1, end_m, end_d)
    return date(day.year - 1, start_m, start_d), date(day.year, end_m, end_d)


def next_season(season: Season, today: date) -> tuple[date, date]:
    """The season a request made today can still use: the current one from today, else the next."""
    current = season_window(season, today)
    if current is not None:
        return today, current[1]
    start_m, start_d = _md(season.start)
    start = date(today.year, start_m, start_d)
    if start < today:
        start = date(today.year + 1, start_m, start_d)
    window = season_window(season, start)
    assert window is not None
    return window
