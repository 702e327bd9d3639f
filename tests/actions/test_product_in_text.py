"""A product said with a selling word makes the question a vendor's, even when NLU tagged no product
(actions/qa/facts.py products_in_text, used by action_answer's subject reading)."""

import pytest

from actions.qa.facts import product_kind, products_in_text


@pytest.mark.parametrize("text,products,kind", [
    ("quem autoriza vender lanche na rua em lajes rn?", ["lanche"], "food"),
    ("I want to sell ice cream on the beach", ["ice cream"], "food"),
    ("posso vender óculos de sol na areia?", ["oculos de sol"], "other"),
])
def test_a_product_on_sale_is_read_from_the_words(text, products, kind):
    assert products_in_text(text) == products
    assert product_kind(products) == kind


@pytest.mark.parametrize("text", ["a água do mar está boa para surf?", "quanto custa o cachorro quente?"])
def test_without_a_selling_word_no_product_is_read(text):
    assert products_in_text(text) == []


@pytest.mark.parametrize("text,street", [
    ("Who authorizes selling things on the street in Igarapava?", True),
    ("quem autoriza vender na rua em lajes?", True),
    ("quem autoriza alugar pranchas na praia?", False),
    ("a rua do meu bar fecha à noite?", False),
])
def test_selling_in_the_street_is_street_trade_whatever_is_sold(text, street):
    from actions.qa.facts import sells_in_the_street

    assert sells_in_the_street(text) is street
