"""bot/tracker_store.py on a real SQLite tracker store, run in .venv-rasa (where Rasa lives).

The session closes after `session_turns` user turns and only once the bot listens again; the new
session carries the slots with a value and the open form; Rasa's `retrieve` then reads only it, while
the full conversation keeps every event.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RASA_PYTHON = ROOT / ".venv-rasa" / "bin" / "python"

SCRIPT = r"""
import asyncio, json, sys
from rasa.shared.core.domain import Domain
from rasa.shared.core.events import ActionExecuted, ActiveLoop, SessionStarted, SlotSet, UserUttered
from rasa.shared.core.trackers import DialogueStateTracker
from bot.tracker_store import RollingSessionSQLTrackerStore

domain = Domain.load("bot/domain")

async def main():
    store = RollingSessionSQLTrackerStore(domain=domain, dialect="sqlite", db=sys.argv[1], session_turns=2)
    tracker = DialogueStateTracker("web-1", domain.slots)
    for event in (ActionExecuted("action_session_start"), SessionStarted(), ActionExecuted("action_listen")):
        tracker.update(event)
    await store.save(tracker)
    seen = []
    for turn in range(1, 6):
        tracker = await store.retrieve("web-1")
        seen.append({"turn": turn, "events": len(tracker.events), "loop": tracker.active_loop_name,
                     "slots": {k: v for k, v in tracker.current_slot_values().items() if v is not None}})
        tracker.update(UserUttered(f"message {turn}", {"name": "inform"}))
        if turn == 1:
            tracker.update(SlotSet("municipality", "br-pr-pontal-do-parana"))
            tracker.update(ActiveLoop("preapplication_form"))
            tracker.update(SlotSet("requested_slot", "pa_answer"))
        if turn == 2:
            # A save in the middle of a turn (the bot not listening yet) never closes the session.
            tracker.update(ActionExecuted("preapplication_form"))
            await store.save(tracker)
            seen.append({"mid_turn_sessions": sum(isinstance(e, SessionStarted)
                                                  for e in (await store.retrieve_full_tracker("web-1")).events)})
        tracker.update(ActionExecuted("preapplication_form"))
        tracker.update(ActionExecuted("action_listen"))
        await store.save(tracker)
    full = await store.retrieve_full_tracker("web-1")
    seen.append({"sessions": sum(isinstance(e, SessionStarted) for e in full.events),
                 "user_messages": sum(isinstance(e, UserUttered) for e in full.events)})
    print(json.dumps(seen))

asyncio.run(main())
"""


@pytest.fixture(scope="module")
def story(tmp_path_factory) -> list[dict]:
    if not RASA_PYTHON.exists():
        pytest.fail(f"{RASA_PYTHON} is missing: `make install` first")
    db = tmp_path_factory.mktemp("tracker-store") / "rasa.db"
    done = subprocess.run([str(RASA_PYTHON), "-c", SCRIPT, str(db)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                            "RASA_TELEMETRY_ENABLED": "false", "TF_CPP_MIN_LOG_LEVEL": "2"})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_session_closes_after_its_turns_and_carries_the_open_form(story):
    turns = {row["turn"]: row for row in story if "turn" in row}
    # Turns 1 and 2 in the first session; turn 3 reads a new session holding only the state.
    assert turns[2]["events"] > turns[3]["events"]
    assert turns[3]["loop"] == "preapplication_form"
    assert turns[3]["slots"]["municipality"] == "br-pr-pontal-do-parana"
    assert turns[3]["slots"]["requested_slot"] == "pa_answer"
    assert turns[5]["loop"] == "preapplication_form" and turns[5]["events"] == turns[3]["events"]


def test_a_turn_is_never_cut(story):
    mid = next(row for row in story if "mid_turn_sessions" in row)
    assert mid["mid_turn_sessions"] == 1


def test_the_full_conversation_keeps_every_message(story):
    end = story[-1]
    assert end["user_messages"] == 5
    assert end["sessions"] == 3  # the first, then after turns 2 and 4
