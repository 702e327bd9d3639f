"""The API's routers. Each feature adds its module here, one line each."""

from api.routes import health

ROUTERS = [
    health.router,
]
