"""The three articles an answer links are the ones holding what it states: a fine's range is cited by the
article that sets it, not by the one that only lists the kinds of penalty (checked against the seed text)."""

from pathlib import Path

from actions.qa.answer import ActionAnswer

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
PONTAL = " ".join((NORMS / "003_f62ddfeb97083b18.txt").read_text(encoding="utf-8").split())


def test_the_fine_range_is_cited_by_the_article_that_sets_it(run):
    # Lei 1.902/2018 art. 38: "A multa será fixada entre os valores de R$ 300,00 (trezentos reais) a R$ 12.000,00"
    assert "Art. 38 A multa será fixada entre os valores de R$ 300,00 (trezentos reais) a R$ 12.000,00" in PONTAL
    slots = {"municipality": "br-pr-pontal-do-parana", "jurisdiction": "br-pr-pontal-do-parana", "language": "en"}
    text = run(ActionAnswer(), "How big are the fines for breaking the street vendor rules in Pontal do Paraná?", "ask_fine",
               [{"entity": "activity", "value": "street vendor"}], slots).text
    assert "R$ 300.00 to R$ 12,000.00" in text
    sources = text.split("Source:")[-1]
    assert "lei-1902-2018/art-38)" in sources, sources


def test_a_cart_said_not_to_be_used_is_no_cart(run):
    # Lei 1.902/2018 Anexo VI: selling food on the sand "sem veículo ou com veículo sem tração motora" is the sand
    # row (2,00 UFM a year); "sem carrinho, só no isopor" names no cart, no vehicle vendor
    assert "Produtos alimentícios (sem veículo ou com veículo sem tração motora - período anual ou fração quadrimestral 2,00 1,00" in PONTAL
    slots = {"municipality": "br-pr-pontal-do-parana", "jurisdiction": "br-pr-pontal-do-parana", "language": "pt-BR"}
    first = run(ActionAnswer(), "qnto custa a taxa pra vender salgado na areia em pontal do parana? sem carrinho, so no isopor",
                "ask_fee", [{"entity": "product", "value": "salgado"}, {"entity": "vehicle", "value": "carrinho"}],
                slots).text.split("\n")[0]
    assert first.startswith("2,00") and "faixa de areia" in first, first


def test_a_vehicle_said_not_to_be_used_is_taken_out():
    from actions.qa.subject import without_a_vehicle

    assert "carrinho" not in without_a_vehicle("sem carrinho, só no isopor")
    assert "cart" not in without_a_vehicle("just walking with a cooler, no cart")
    assert "carrito" not in without_a_vehicle("sin carrito a motor")
    assert "carrinho" in without_a_vehicle("vendo com meu carrinho de lanche")
