"""A citizen's text echoed in the pre-application summary never becomes a link on any channel."""

import re

from actions.permits.questions import inert
from api.channels.formatting import _LINK as CHANNEL_LINKS  # the pattern the Telegram/WhatsApp rendering uses

# The widget's own pattern (api/static/widget/widget.js: LINK_RE), the same in Python syntax.
WIDGET_LINKS = re.compile(r"\[([^\]\n]+)\]\(([^)\s]+)\)|(https?://[^\s<>()\[\]]*[^\s<>()\[\].,;:!?'\"])")


def test_a_markdown_link_or_a_url_typed_by_a_citizen_is_not_a_link_in_the_summary():
    for typed in ("[Pague via PIX](https://evil.example)", "Maria https://evil.example/pix", "[x](http://a.b)"):
        shown = inert(typed)
        assert not WIDGET_LINKS.search(shown) and not CHANNEL_LINKS.search(shown), shown
        assert shown.replace("\u200b", "") == typed  # the citizen sees what they typed


def test_ordinary_answers_are_unchanged():
    assert inert("Maria Aparecida (Bar da Praia)") == "Maria Aparecida (Bar da Praia)"
