"""The API's routers. Each feature adds its module here, one line each."""

from api.routes import health
from api.routes import telegram, whatsapp, widget
from api.routes import clerk, preapplications
from api.routes import faq, norms, search
from api.routes import rules
from api.routes import feedback, insights, tickets
from api.routes import docs, pages

ROUTERS = [
    health.router,
    widget.router,
    telegram.router,
    whatsapp.router,
    preapplications.router,
    clerk.router,
    clerk.pages,
    norms.router,
    search.router,
    faq.router,
    rules.router,
    feedback.router,
    insights.pages,
    tickets.pages,
    docs.router,
    pages.router,
]
