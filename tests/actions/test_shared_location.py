"""A shared location is answered by where the citizen stands (issue 14): the point they are inside, or
the nearest points with one distance format — never Bertioga's 22 points again.

Points from Decreto 4.510/2024 arts. 14–15 (knowledge/rules/data/br-sp-bertioga): Enseada 01 is at
-23.8517, -46.1338 with a 20 m radius.
"""

import re

import pytest

from actions.qa.location import ActionShareLocation

ENSEADA_01 = (-23.8517, -46.1338)
NEAR_ENSEADA_01 = (-23.8560, -46.1300)  # about 611 m from Enseada 01


def share(run, lat, lon, slots=None):
    return run(ActionShareLocation(), "/share_location", "share_location",
               [{"entity": "latitude", "value": lat}, {"entity": "longitude", "value": lon}], slots=slots)


def features(message) -> list:
    return ((message.get("custom") or {}).get("places") or {}).get("features", [])


def test_inside_a_point_names_that_point_and_its_radius(run):
    result = share(run, *ENSEADA_01)
    first = result.messages[0]["text"]
    assert first.startswith("Você está em Bertioga (SP), dentro do ponto licenciado Praia da Enseada 01")
    assert "raio de 20\u00a0m" in first
    assert "não está dentro" not in first


def test_outside_the_nearest_point_first_with_its_distance_in_one_format(run):
    result = share(run, *NEAR_ENSEADA_01)
    text = result.text
    assert "mas não está dentro de nenhum ponto licenciado. O mais próximo: Praia da Enseada 01" in text
    assert "a 610 m (raio de 20 m)" in text  # 611 m, to 10 m
    assert "a 1,1 km" in text  # Enseada 02, 1106 m: km with one decimal, never "1106 m"
    assert not re.search(r"\b\d{4} m\b", text)
    assert len(features(result.messages[0])) == 3


def test_english_reader_gets_the_english_number_format(run):
    result = share(run, *NEAR_ENSEADA_01, slots={"language": "en"})
    assert "The nearest: Praia da Enseada (Enseada beach) 01" in result.text and "610 m away" in result.text
    assert "1.1 km" in result.text


@pytest.mark.parametrize("where", [ENSEADA_01, NEAR_ENSEADA_01])
def test_the_question_that_asked_for_the_location_is_answered_without_the_whole_list(run, where):
    """"posso alugar SUP aqui?" → the location: the answer for this place, not the 22 points again."""
    result = share(run, *where, slots={"current_activity": "sup", "topic": "permission"})
    assert len(result.messages) >= 2
    answer = result.messages[1]["text"]
    assert "stand up paddle" in answer
    assert "Somente nos pontos licenciados" not in answer and "11 pontos" not in answer
    assert all(len(features(m)) <= 3 for m in result.messages)  # the map: the nearest three, never 22
    assert sum(len(features(m)) for m in result.messages) == 3


def test_a_where_question_is_answered_by_the_nearest_points_alone(run):
    result = share(run, *NEAR_ENSEADA_01, slots={"current_activity": "sup", "topic": "places"})
    assert len(result.messages) == 1
    assert "O mais próximo: Praia da Enseada 01" in result.text
