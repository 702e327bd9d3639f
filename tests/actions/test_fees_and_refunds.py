"""Fee questions as citizens ask them: renting boards named by the verb, a fee the norm leaves to the tax
code (said so, without a fine's quote), the first of two questions asking the price, and money given back
(a deposit's refund), each checked against the seed text."""

from pathlib import Path

from actions.qa.answer import ActionAnswer
from actions.qa.subject import activity_in_text
from knowledge.facts import resolve

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
BERTIOGA = " ".join((NORMS / "000_ed8a310b9ec690b5.txt").read_text(encoding="utf-8").split())
LAJES = " ".join((NORMS / "004_509c367244b32730.txt").read_text(encoding="utf-8").split())


def _slots(jurisdiction: str, language: str) -> dict:
    return {"municipality": jurisdiction, "jurisdiction": jurisdiction, "language": language}


def test_renting_boards_named_by_the_verb_is_board_rental():
    assert activity_in_text("quanto custa a licença pra alugar prancha em bertioga?") == "surf_school"
    assert activity_in_text("how much is the licence fee to rent out surfboards and bodyboards?") == "surf_school"
    assert activity_in_text("¿Cuánto sale alquilar tablas en Bertioga?") == "surf_school"


def test_a_fee_the_decree_leaves_to_the_tax_code_is_said_so_without_a_fine_s_quote(run):
    # Bertioga art. 3: "mediante o recolhimento das taxas … previstas no Código Tributário do Município"
    assert "Código Tributário" in BERTIOGA
    text = run(ActionAnswer(), "how much is the licence fee in bertioga to rent out surfboards and bodyboards on the "
               "beach? is it in ufib or reais", "ask_fee", [], _slots("br-sp-bertioga", "en")).text
    assert "the norm sets no figure; it refers to Bertioga's municipal tax code" in text and "art. 3" in text
    # (art. 21's "multa de 250 UFIB" holds a figure, not a price: no quote of it)
    assert "multa" not in text and "250" not in text


def test_a_price_asked_first_decides_the_topic_when_nlu_is_unsure(run):
    # Lajes art. 152 § 2º: a monthly Taxa de Uso de Área Pública, valued by LC 428/2005 (the tax code)
    assert "pagamento mensal da Taxa de Uso de Área Pública" in LAJES
    text = run(ActionAnswer(), "i own a little restaurant in lajes (rn) and want to put tables on the sidewalk. how much "
               "is the monthly fee, and how much sidewalk do i have to leave free for people walking?", "nlu_fallback",
               [{"entity": "activity", "value": "sidewalk_tables"}], _slots("br-rn-lajes", "en")).text
    assert text.startswith("Public Area Use Fee (monthly, by location): the norm sets no figure; it refers to LC 428/2005")


def test_money_back_is_a_refund_not_seized_goods_fetched_back():
    # Lajes art. 141: the deposit is returned within 10 days of the site inspection
    assert "a restituição deverá ocorrer no prazo máximo de 10 (dez) dias" in LAJES
    found = resolve("we are a small travelling circus coming to lajes in july. the prefeitura wants a cash deposit to "
                    "set up on the square. do we get that money back and how fast?", "br-rn-lajes")
    assert found is not None and found.record.id.endswith("#written-amusement-deposit-refund")
    assert found.record.value == "10"


def test_a_quote_for_a_price_speaks_of_a_price_not_of_a_fine():
    from actions.qa.search import _speaks_of_a_price

    assert _speaks_of_a_price("11.20.00 Faixa de Areia, produtos alimentícios 2,00 UFM")  # a fee table's row
    assert _speaks_of_a_price("mediante o recolhimento das taxas previstas no Código Tributário")
    assert not _speaks_of_a_price("II - multa de 250 (duzentos e cinquenta) UFIB’s: a) dificultar a ação da fiscalização")


def test_an_activity_named_in_the_plural_is_that_activity():
    # ("passeio de barco", "aluguel de caiaque", "surf lesson" are catalogue names; citizens say them in the plural)
    assert activity_in_text("faço passeios de barco em pontal") == "boat_tour"
    assert activity_in_text("aluguel de caiaques na praia") == "kayak"
    assert activity_in_text("what are the normal opening hours for shops in igarapava?") == "business_licence"
    assert activity_in_text("bom dia, tudo bem?") is None


def test_each_part_of_a_message_is_read_with_the_activity_it_names(run):
    # Pontal Lei 1.902/2018 art. 13 V: street vending 8h–20h (a), occasional craft trade 10h–24h (b)
    text = run(ActionAnswer(), "Que horas o ambulante pode trabalhar em Pontal do Paraná? E quem vende artesanato pode ficar "
               "até mais tarde?", "ask_hours", [{"entity": "activity", "value": "crafts"}],
               _slots("br-pr-pontal-do-parana", "pt-BR")).text
    first, second = text.split("\n")[:2]
    assert "8h às 20h" in first and "10h às 24h" in second


def test_a_can_i_without_a_price_that_nlu_heard_as_a_fee_is_a_yes_or_no(run):
    # Pontal Lei 1.902/2018 art. 9 § 7º (Lei 2367/2022): up to 80% of the ice-cream places for companies, at least
    # 20% for independent vendors
    text = run(ActionAnswer(), "we're an ice cream company from curitiba. can we put our own sellers on the sand in pontal "
               "do parana during the summer, or is it only for independent vendors?", "ask_fee",
               [{"entity": "activity", "value": "ice_cream"}], _slots("br-pr-pontal-do-parana", "en")).text
    assert "80%" in text and "UFM" not in text.split("\n")[0]


def test_inflatables_and_fun_parks_are_the_amusement_activity():
    # Igarapava LC 57/2018 art. 44 and 47: "a armação de circos, barracas e tobogãs, tanques aquáticos…" (as printed by the
    # OCR: "tobogéas", "tobogas"); an inflatable slide is one of them
    assert activity_in_text("Pra armar um tobogã inflável numa praça de Igarapava") == "amusement_park"
    assert activity_in_text("we have a small travelling fun park (water slide, inflatable pool)") == "amusement_park"


def test_a_deposit_asked_how_much_is_its_range(run):
    # Igarapava LC 57/2018 art. 47: "um depósito em dinheiro de um valor entre 5 UFM e 20 UFM" (OCR: "depésito")
    # may be asked for circuses, stalls and slides
    igarapava = " ".join((NORMS / "001_54008c3fc0458259.txt").read_text(encoding="utf-8").split())
    assert "em dinheiro de um valor entre 5 UFM e 20 UFM" in igarapava
    text = run(ActionAnswer(), "vamo armar um circo na praca do bairro em igarapava. a prefeitura cobra algum deposito? de quanto?",
               "ask_obligations", [{"entity": "activity", "value": "amusement_park"}],
               _slots("br-sp-igarapava", "pt-BR")).text
    assert text.startswith("5 UFM a 20 UFM — Depósito-caução") and "art. 47" in text
