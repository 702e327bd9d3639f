"""The FastAPI application: health, and (per feature) norms, search, rules, permits and channels."""

from fastapi import FastAPI

from api.routes import ROUTERS


def create_app() -> FastAPI:
    app = FastAPI(
        title="Beach & Street Assistant API",
        description="Rules for using the beach and the street, from the law, with citations; "
        "permit pre-applications for municipal clerks.",
        version="0.1.0",
    )
    for router in ROUTERS:
        app.include_router(router)
    return app


app = create_app()
