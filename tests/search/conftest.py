import pytest

from knowledge.corpus import load_corpus
from knowledge.search import get_index


@pytest.fixture(scope="session")
def corpus():
    return load_corpus()


@pytest.fixture(scope="session")
def index():
    return get_index()
