"""Errors of the permit feature. The routes turn each into one HTTP status:

    PermitError                  base class
    ├── CaseNotFound             404  no such protocol, a wrong access code, or a case of another
    │                                 municipality (all three look alike, so nothing leaks)
    ├── NotAllowed               403  the clerk's role does not allow this (viewer deciding, a
    │                                 filter on a municipality they have no role in)
    ├── IdempotencyKeyReused     422  the Idempotency-Key was used before with another body
    ├── IdempotencyReplayRefused 409  the earlier submission with that key can no longer be shown
    ├── ReasonRequired           422  a decision that affects the citizen needs a reason
    └── InvalidTransition        409  that status cannot follow the current one (api.permits.workflow)
"""

from __future__ import annotations

__all__ = [
    "CaseNotFound",
    "IdempotencyKeyReused",
    "IdempotencyReplayRefused",
    "InvalidTransition",
    "NotAllowed",
    "PermitError",
    "ReasonRequired",
]


class PermitError(Exception):
    pass


class CaseNotFound(PermitError):
    def __init__(self) -> None:
        super().__init__("no pre-application with this protocol and access code")


class NotAllowed(PermitError):
    pass


class IdempotencyKeyReused(PermitError):
    def __init__(self) -> None:
        super().__init__("this Idempotency-Key was already used for a different pre-application")


class IdempotencyReplayRefused(PermitError):
    pass


class ReasonRequired(PermitError):
    def __init__(self, status: str) -> None:
        super().__init__(f"a reason is required to set the status {status}")



class InvalidTransition(PermitError):
    def __init__(self, current: str, requested: str, allowed: list[str]) -> None:
        self.current, self.requested, self.allowed = current, requested, allowed
        allowed_text = ", ".join(allowed) or "none (the case is closed)"
        super().__init__(f"cannot go from {current} to {requested}; allowed next: {allowed_text}")
