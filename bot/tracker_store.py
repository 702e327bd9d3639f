"""Rasa's SQL tracker store with sessions bounded in turns, so that a turn's cost stays flat (issue 17).

Every turn Rasa reads the latest session's events from the tracker store, replays them into a tracker,
featurises the whole session for its policies (`DialogueStateTracker.past_states` walks every prior
state) and sends the whole tracker to the action server. With 24-hour sessions (bot/domain/session.yml)
a long conversation made each of these grow with its length: 117 ms at turn 1, 523 ms at turn 150.

`SQLTrackerStore.retrieve` already reads only the latest session (from its last `session_started`
event). So when a session has `session_turns` user turns and the bot is listening again, this store
closes it as Rasa itself does when a session expires with `carry_over_slots_to_new_session`:
`action_session_start`, `session_started`, the slots that hold a value, then `action_listen` — plus the
open loop (`active_loop`), which Rasa's own session start would drop, so an open pre-application keeps
its form, its answers and its next question. Nothing is deleted: `retrieve_full_tracker` (Rasa's
GET /conversations/{id}/tracker, erasure) still sees every event.

Why nothing else changes: our actions read slots, never earlier events; the policies
(MemoizationPolicy, RulePolicy, config.yml) decide from the last few turns, the slots and the active
loop, which the new session holds as they were. No rule depends on `conversation_start`.

Loaded from bot/endpoints.yml and bot/endpoints.production.yml (`type: bot.tracker_store.
RollingSessionSQLTrackerStore`; the project root is on PYTHONPATH, scripts/serve.sh).
"""

from __future__ import annotations

from typing import Any, List, Optional

from rasa.shared.core.constants import ACTION_LISTEN_NAME, ACTION_SESSION_START_NAME
from rasa.shared.core.domain import Domain
from rasa.shared.core.events import ActionExecuted, ActiveLoop, Event, SessionStarted, SlotSet, UserUttered
from rasa.shared.core.trackers import DialogueStateTracker
from rasa.core.tracker_store import SQLTrackerStore

__all__ = ["RollingSessionSQLTrackerStore", "session_full", "rollover_events"]

# Measured on the 2-core machine (README, "Flat cost per turn"): a 12-turn session costs at its end
# about what turn 5 costs; fewer turns only add session starts.
DEFAULT_SESSION_TURNS = 12


def user_turns_in_session(tracker: DialogueStateTracker) -> int:
    """User messages since the tracker's latest `session_started` (the session the store reads)."""
    turns = 0
    for event in reversed(tracker.events):
        if isinstance(event, SessionStarted):
            break
        if isinstance(event, UserUttered):
            turns += 1
    return turns


def session_full(tracker: DialogueStateTracker, session_turns: int) -> bool:
    """The session has its turns and the bot waits for the next message (a turn is never cut)."""
    if not tracker.events:
        return False
    last = tracker.events[-1]
    listening = isinstance(last, ActionExecuted) and last.action_name == ACTION_LISTEN_NAME
    return listening and user_turns_in_session(tracker) >= session_turns


def rollover_events(tracker: DialogueStateTracker) -> List[Event]:
    """A new session holding the conversation's state: Rasa's session start with its slots carried
    over, and the open loop (a pre-application in progress) still open."""
    events: List[Event] = [ActionExecuted(ACTION_SESSION_START_NAME), SessionStarted()]
    events += [SlotSet(slot.name, slot.value) for slot in tracker.slots.values()
               if slot.value != slot.initial_value]
    if tracker.active_loop_name:
        events.append(ActiveLoop(tracker.active_loop_name))
    events.append(ActionExecuted(ACTION_LISTEN_NAME))
    return events


class RollingSessionSQLTrackerStore(SQLTrackerStore):
    """`SQLTrackerStore` (same tables, SQLite or PostgreSQL) that starts a new session every
    `session_turns` user turns, so the tracker a turn reads, featurises and sends stays short."""

    def __init__(self, domain: Optional[Domain] = None, session_turns: int = DEFAULT_SESSION_TURNS,
                 **kwargs: Any) -> None:
        super().__init__(domain=domain, **kwargs)
        self.session_turns = int(session_turns)
        if self.session_turns < 1:
            raise ValueError(f"session_turns must be at least 1, not {session_turns!r}")

    async def save(self, tracker: DialogueStateTracker) -> None:
        # The store's `_additional_events` appends what lies beyond the stored session: the turn's
        # events, then these, written in one transaction; the next `retrieve` starts at them.
        if session_full(tracker, self.session_turns):
            for event in rollover_events(tracker):
                tracker.update(event)
        await super().save(tracker)
