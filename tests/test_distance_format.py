"""One distance format wherever a distance to a point is shown (issue 14: "1409 m" stood beside
"1,4 km"): the bot's text (actions/common/distance.py), the Telegram/WhatsApp lists
(api/channels/formatting.py) and the widget's list (widget.js formatDistance, run in Node's Intl) give
the same words for the same distance.

The rule: under 1 km, metres rounded to 10 m; from 1 km, km with one decimal; the reader's number
format; a no-break space before the unit.
"""

import json
import re
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest

from actions.common import distance as bot
from api.channels import formatting as channels

WIDGET = Path(__file__).resolve().parents[1] / "api" / "static" / "widget" / "widget.js"

TABLE = [
    (0, "pt-BR", "0 m"),
    (4.4, "pt-BR", "0 m"),  # standing on the point
    (5, "en", "10 m"),
    (87.4, "pt-BR", "90 m"),
    (611.2, "pt-PT", "610 m"),
    (994.9, "pt-BR", "990 m"),
    (995, "pt-BR", "1,0 km"),  # rounds up to 1000 m: said in km
    (1049, "en", "1.0 km"),
    (1050, "pt-BR", "1,1 km"),
    (1409, "pt-BR", "1,4 km"),  # the "1409 m"
    (1409, "en", "1.4 km"),
    (12500, "pt-PT", "12,5 km"),
]


@pytest.mark.parametrize(("metres", "language", "expected"), TABLE)
def test_the_bot_and_the_channels_write_a_distance_alike(metres, language, expected):
    assert bot.format_distance(metres, language) == expected.replace(" ", "\u00a0")
    assert channels.format_distance(metres, language) == expected.replace(" ", "\u00a0")


def _widget_function(name: str) -> str:
    source = WIDGET.read_text(encoding="utf-8")
    found = re.search(rf"  function {name}\(meters, language\) \{{\n.*?\n  \}}\n", source, re.S)
    assert found, f"widget.js has no {name}(meters, language)"
    return found.group(0)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (Debian's nodejs)")
def test_the_widget_writes_a_distance_as_the_bot_does():
    script = (_widget_function("formatDistance") + _widget_function("formatMetres")
              + f"const table = {json.dumps([[m, lang] for m, lang, _ in TABLE])};\n"
              + "console.log(JSON.stringify({d: table.map(([m, l]) => formatDistance(m, l)),"
              + " r: [formatMetres(20, 'pt-BR'), formatMetres(1.5, 'pt-BR'), formatMetres(20, 'en')]}));")
    out = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout)
    assert out["d"] == [expected.replace(" ", "\u00a0") for _, _, expected in TABLE]
    # a radius is the law's figure, never rounded to 10 m
    assert out["r"] == ["20\u00a0m", "1,5\u00a0m", "20\u00a0m"]


def test_a_radius_is_written_as_the_law_states_it():
    assert bot.format_metres(Decimal("20"), "pt-BR") == "20\u00a0m"
    assert bot.format_metres(Decimal("1.50"), "pt-BR") == "1,50\u00a0m"
    assert channels.format_metres(15.0, "en") == "15\u00a0m"  # not "20 m", as a distance would round it
