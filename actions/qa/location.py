"""action_share_location: where is "here"? Municipality, inside a licensed point or not, nearest points.

A shared location is answered by where the citizen stands: the point they are inside, or the nearest
ones with their distances — never the whole list of a town's points again (issue 14: after sharing a
location the 22 points of Bertioga were repeated). The question that asked for the location ("posso
alugar SUP aqui?") is then answered for this place, without its list of points.
"""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.qa.answer import answer_question
from actions.common.citations import group_citations
from actions.common.conversation import Turn
from actions.common.distance import format_distance, format_metres
from actions.qa.decision_view import point_feature, point_name
from actions.qa.subject import covered_jurisdictions, jurisdiction_name
from knowledge.rules import municipality_at, nearest_points

__all__ = ["ActionShareLocation", "describe_location"]


class ActionShareLocation(Action):
    def name(self) -> str:
        return "action_share_location"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        lat, lon = _coordinate(turn, "latitude"), _coordinate(turn, "longitude")
        if lat is None or lon is None or not (-90 <= lat <= 90 and -180 <= lon <= 180):
            turn.say("location.invalid", custom={"request_location": True})
            return turn.events
        jurisdiction = describe_location(turn, lat, lon)
        if jurisdiction is None:
            turn.say("location.not_covered", covered=[jurisdiction_name(j) for j in covered_jurisdictions()])
            return turn.events
        # The location usually answers "can I … here?": answer that question for this place now. A
        # "where?" question is answered by the nearest points just said.
        asked_where = tracker.get_slot("topic") == "places"
        if (tracker.get_slot("current_activity") or tracker.get_slot("activity")) and not asked_where:
            answer_question(turn, located=(jurisdiction, lat, lon))
        return turn.events


def describe_location(turn: Turn, lat: float, lon: float) -> str | None:
    """Say where (lat, lon) is: the municipality, whether it is inside a licensed point, the nearest
    points with their distances and articles, and a map. Returns the jurisdiction, or None (nothing
    said) outside every covered place."""
    jurisdiction = municipality_at(lat, lon)
    if jurisdiction is None:
        return None
    turn.set_slot("municipality", jurisdiction)
    turn.set_slot("jurisdiction", jurisdiction)
    points = nearest_points(lat, lon, limit=3, jurisdiction=jurisdiction)
    nearest = [
        {"name": point_name(p.point, turn.language), "distance": format_distance(p.distance_m, turn.language),
         "radius": format_metres(p.point.radius_m, turn.language), "inside": p.inside}
        for p in points
    ]
    inside = next((n for n in nearest if n["inside"]), None)
    if inside is not None:  # the point they stand in is the answer; the map still shows the others
        shown = [p for p in points if p.inside][:1]
    else:
        shown = points
    text = turn.text("location.answer", municipality=jurisdiction_name(jurisdiction), nearest=nearest, inside=inside)
    groups = group_citations(c for p in shown for c in p.point.citations)
    if groups:
        text += "\n" + turn.text("answer.sources", groups=groups)
    custom = {"places": {"type": "FeatureCollection", "features": [
                  point_feature(p.point, turn.language, distance_m=round(p.distance_m), inside=p.inside)
                  for p in points]},
              "citations": [dict(link) for g in groups for link in g["links"]]} if points else None
    turn.dispatcher.utter_message(text=text, json_message=custom)
    return jurisdiction


def _coordinate(turn: Turn, name: str) -> float | None:
    value = turn.entity(name)
    if value is None:
        value = turn.tracker.get_slot(name)
    try:
        return float(value)
    except (TypeError, ValueError):
        return None
