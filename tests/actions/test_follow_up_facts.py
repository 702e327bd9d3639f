"""A follow-up ("e de noite?", "and for a company?") is answered as the question it continues, with the
figure of the law for what it changes."""

from pathlib import Path

from actions.qa.answer import ActionAnswer

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
LAJES = " ".join((NORMS / "004_509c367244b32730.txt").read_text(encoding="utf-8").split())
RAMT = " ".join((NORMS / "002_55a9ddd3b6cc6096.txt").read_text(encoding="utf-8").split())


def test_a_noise_limit_at_night_after_the_day_s(run):
    # Lajes LC 489/2009 art. 88: 70 dB(A) by day, 60 dB(A) at night (outdoors)
    slots = {"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes", "topic": "limit"}
    text = run(ActionAnswer(), "e de noite?", "inform", [], slots,
               before=["Qual o limite de barulho durante o dia em Lajes?"]).text
    assert "60 dB" in text and "art. 88" in text and "70 dB" not in text.split("\n")[0]
    assert "noturno: 60 dB (A)" in LAJES


def test_the_company_s_fine_after_the_fine(run):
    # RAMT (Decreto-Lei 269/2003) art. 38: for legal persons the limits of the fines are doubled
    assert "pessoas colectivas" in RAMT
    slots = {"municipality": "pt", "jurisdiction": "pt", "topic": "fine", "language": "en"}
    text = run(ActionAnswer(), "and if it's a company doing it?", "inform", [], slots,
               before=["What's the fine in Portugal for running tourist boat trips without a licence?"]).text
    assert "doubl" in text.lower() or "2" in text
    assert "Artigo 38" in text or "art. 38" in text.lower()
