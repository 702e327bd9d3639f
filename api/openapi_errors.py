"""Every status an operation can answer is in /openapi.json, each error with one shape: `Error`.

The guards answer before any route (api/security/: 413 body too large, 429 rate limited), FastAPI
answers 422 to a request its parameters or body refuse, and the routes raise their own (permit
errors, clerk authentication). Rather than repeating them on every decorator, `install(app)` adds
them to the generated document: per operation, the guards' statuses, 422 where there is something
to validate, and the statuses of the operation's area (table below); every 4xx/5xx answer is
described by the `Error` schema, which is what all of them send (`{"detail": ...}` from
HTTPException and validation, `{"error", "detail"|"message", "retry_after"}` from the guards and
the chat). tests/security/test_openapi_schemathesis.py holds the API to this document.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

__all__ = ["ERROR_SCHEMA", "install"]

ERROR_SCHEMA: dict[str, Any] = {
    "title": "Error",
    "type": "object",
    "description": "Every error answer: `detail` (a text, or the list of validation errors), or `error` "
                   "(a code such as rate_limited) with `detail` or a `message` for the citizen.",
    "properties": {
        "error": {"type": "string"},
        "detail": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "object"}}]},
        "message": {"type": "string"},
        "retry_after": {"type": "integer", "minimum": 0},
    },
}
_REF = {"$ref": "#/components/schemas/Error"}

_DESCRIPTIONS = {
    400: "the request cannot be handled as sent",
    401: "no valid clerk token (Authorization: Bearer)",
    403: "not allowed: no role in this municipality, a wrong access code or signature",
    404: "no such resource (or not one of this clerk's municipalities)",
    409: "the case's state does not allow it (a status transition, a replayed submission)",
    413: "the body is over MAX_BODY_BYTES, or a chat message over MAX_MESSAGE_CHARS",
    422: "a parameter or the body is not valid",
    429: "too many requests from this address or conversation, or wrong clerk tokens: see Retry-After",
    503: "a part the answer needs is down",
}
# Statuses raised by the routes of an area (path prefix), on top of the guards' and 422.
_AREAS: list[tuple[str, tuple[int, ...]]] = [
    ("/api/v1/clerk", (401, 403, 404, 409)),
    ("/api/v1/preapplications", (400, 403, 404, 409)),
    ("/api/v1/norms/", (404,)),
    ("/api/v1/rules/permits/", (404,)),
    ("/api/v1/chat", (503,)),
]
# Never rate limited (api/security/middleware.py).
_NOT_LIMITED = ("/healthz", "/telegram/webhook", "/whatsapp/webhook")


def _statuses(path: str, operation: dict[str, Any]) -> set[int]:
    codes: set[int] = set()
    if not path.startswith(_NOT_LIMITED):
        codes.add(429)
    if "requestBody" in operation:
        codes |= {413, 422}
    if operation.get("parameters"):
        codes.add(422)
    for prefix, area in _AREAS:
        if path.startswith(prefix):
            codes |= set(area)
    return codes


def _complete(schema: dict[str, Any]) -> dict[str, Any]:
    schema.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    for path, item in schema.get("paths", {}).items():
        for method, operation in item.items():
            if method not in {"get", "put", "post", "delete", "patch", "head", "options"}:
                continue
            responses = operation.setdefault("responses", {})
            for code in _statuses(path, operation):
                responses.setdefault(str(code), {"description": _DESCRIPTIONS.get(code, "error")})
            for code, response in responses.items():
                if code[0] in "45" and not (path == "/healthz" and code == "503"):
                    response["content"] = {"application/json": {"schema": _REF}}
            if path == "/healthz":  # the report of each part, also when one is down
                responses.setdefault("503", {"description": "a part is down: the same report"})
                responses["503"]["content"] = responses.get("200", {}).get("content", {})
    return schema


def install(app: FastAPI) -> None:
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = _complete(generate())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
