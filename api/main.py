"""The FastAPI application: health, and (per feature) norms, search, rules, permits and channels."""

from fastapi import FastAPI

from api.map_tiles import get_map_settings
from api.openapi_errors import install as declare_errors
from api.routes import ROUTERS
from api.security.app import install as install_guards


def create_app() -> FastAPI:
    app = FastAPI(
        title="Beach & Street Assistant API",
        description="Rules for using the beach and the street, from the law, with citations; "
        "permit pre-applications for municipal clerks.",
        version="0.1.0",
        # Swagger UI and ReDoc are served from the API's own files (api/routes/docs.py), not a CDN.
        docs_url=None,
        redoc_url=None,
    )
    for router in ROUTERS:
        app.include_router(router)
    # Body size, per-IP rate limit and security headers in front of every route (api/security/).
    install_guards(app)
    # Every status each operation can answer, in /openapi.json, errors with one shape (api/openapi_errors.py).
    declare_errors(app)
    get_map_settings()  # a wrong MAP_TILES_URL stops the start, rather than failing every page's CSP
    return app


app = create_app()
