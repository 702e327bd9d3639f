"""The life of a pre-application: which status may follow which, and when a reason is owed.

    submitted ──> under_review ──> approved | rejected      (closed)
                       │   ▲
                       ▼   │
                    needs_info ──> rejected                 (the citizen never answered)

A decision that affects the citizen (asking for more, approving, rejecting) must say why: the reason
is what the citizen reads when they ask the chat for their case's status.
"""

from __future__ import annotations

from enum import StrEnum

from api.permits.errors import InvalidTransition

__all__ = ["CLOSED", "PreapplicationStatus", "REASON_REQUIRED", "TRANSITIONS", "check_transition"]


class PreapplicationStatus(StrEnum):
    SUBMITTED = "submitted"
    UNDER_REVIEW = "under_review"
    NEEDS_INFO = "needs_info"
    APPROVED = "approved"
    REJECTED = "rejected"


S = PreapplicationStatus
TRANSITIONS: dict[PreapplicationStatus, frozenset[PreapplicationStatus]] = {
    S.SUBMITTED: frozenset({S.UNDER_REVIEW}),
    S.UNDER_REVIEW: frozenset({S.NEEDS_INFO, S.APPROVED, S.REJECTED}),
    S.NEEDS_INFO: frozenset({S.UNDER_REVIEW, S.REJECTED}),
    S.APPROVED: frozenset(),
    S.REJECTED: frozenset(),
}
REASON_REQUIRED = frozenset({S.NEEDS_INFO, S.APPROVED, S.REJECTED})
CLOSED = frozenset({S.APPROVED, S.REJECTED})


def check_transition(current: PreapplicationStatus, requested: PreapplicationStatus) -> None:
    if requested not in TRANSITIONS[current]:
        raise InvalidTransition(current, requested, sorted(TRANSITIONS[current]))
