"""/docs (Swagger UI) and /redoc from assets the API serves itself (api/static/docs/, vendored from npm).

FastAPI's defaults load both from a CDN, so the pages were blank wherever the internet is not reachable;
this is FastAPI's self-hosting recipe: the app is created with ``docs_url=None, redoc_url=None`` and
these routes serve the same pages with local script, style and favicon URLs (no Google fonts).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import FileResponse, HTMLResponse

__all__ = ["router", "DOCS_STATIC"]

DOCS_STATIC = Path(__file__).resolve().parents[1] / "static" / "docs"
_PREFIX = "/static/docs"
_TITLE = "Beach & Street Assistant API"
_TYPES = {".js": "text/javascript", ".css": "text/css", ".png": "image/png", ".svg": "image/svg+xml"}

router = APIRouter(include_in_schema=False)


def _openapi_url(request: Request) -> str:
    return request.app.openapi_url or "/openapi.json"


@router.get("/docs", response_class=HTMLResponse)
def swagger_ui(request: Request) -> HTMLResponse:
    return get_swagger_ui_html(
        openapi_url=_openapi_url(request),
        title=f"{_TITLE} – Swagger UI",
        oauth2_redirect_url="/docs/oauth2-redirect",
        swagger_js_url=f"{_PREFIX}/swagger-ui/swagger-ui-bundle.js",
        swagger_css_url=f"{_PREFIX}/swagger-ui/swagger-ui.css",
        swagger_favicon_url=f"{_PREFIX}/swagger-ui/favicon-32x32.png",
        # Never ask validator.swagger.io about our spec (a third-party request, failing offline).
        swagger_ui_parameters={"validatorUrl": None},
    )


@router.get("/docs/oauth2-redirect", response_class=HTMLResponse)
def swagger_ui_redirect() -> HTMLResponse:
    return get_swagger_ui_oauth2_redirect_html()


@router.get("/redoc", response_class=HTMLResponse)
def redoc(request: Request) -> HTMLResponse:
    return get_redoc_html(
        openapi_url=_openapi_url(request),
        title=f"{_TITLE} – ReDoc",
        redoc_js_url=f"{_PREFIX}/redoc/redoc.standalone.js",
        redoc_favicon_url=f"{_PREFIX}/swagger-ui/favicon-32x32.png",
        with_google_fonts=False,
    )


@router.get(_PREFIX + "/{folder}/{name}")
def docs_asset(folder: str, name: str) -> FileResponse:
    path = (DOCS_STATIC / folder / name).resolve()
    if path.parent.parent != DOCS_STATIC.resolve() or path.suffix not in _TYPES or not path.is_file():
        raise HTTPException(status_code=404)
    return FileResponse(path, media_type=_TYPES[path.suffix], headers={"Cache-Control": "public, max-age=86400"})
