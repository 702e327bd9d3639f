"""Permit pre-applications: what the chat turns a conversation into, and what a clerk decides.

The HTTP surface is in api/routes/preapplications.py (citizens) and api/routes/clerk.py (clerks);
the data functions in `repository`; configuration in `settings` (api/permits/README.md). The body a
submission carries is the contract in knowledge/permits/contract.py, shared with the chat. The chat
asks for a case's status over HTTP like any client (actions/permits/client.py), never in-process.
"""
