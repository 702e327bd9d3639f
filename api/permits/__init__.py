"""Permit pre-applications: what the chat turns a conversation into, and what a clerk decides.

The HTTP surface is in api/routes/preapplications.py (citizens) and api/routes/clerk.py (clerks);
the data functions in `repository`; configuration in `settings` (api/permits/README.md).

For a chat status query made in-process (the action server runs in the same virtualenv):

    from api.permits import check_status
    view = check_status("PON-2026-000123", "7K2M-9QXD-4T0B")   # None: unknown protocol or wrong code
"""

from __future__ import annotations

from api.permits.errors import CaseNotFound
from api.permits.schemas import PreapplicationCitizenView, PreapplicationCreate, PreapplicationReceipt
from api.permits.settings import PermitSettings, get_permit_settings

__all__ = [
    "PreapplicationCitizenView",
    "PreapplicationCreate",
    "PreapplicationReceipt",
    "check_status",
]


def check_status(protocol: str, access_code: str, *, settings: PermitSettings | None = None) -> PreapplicationCitizenView | None:
    """The citizen view of a case, as GET /api/v1/preapplications/{protocol} gives it."""
    from api.db import get_session_factory
    from api.permits.repository import citizen_view

    settings = settings or get_permit_settings()
    factory = get_session_factory(settings.resolved_database_url, busy_timeout=settings.sqlite_busy_timeout)
    with factory() as session:
        try:
            return citizen_view(session, protocol=protocol, access_code=access_code)
        except CaseNotFound:
            return None
