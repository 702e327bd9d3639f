"""Values cached from the rule data follow the registry in use: a test's `using_registry` block sees
its own data, and the project's answers are the same before and after it."""

from datetime import date

from knowledge.rules.registry import Registry, per_registry, registry, using_registry
from actions.permits.plan import requirements
from actions.qa.subject import activity_names

DAY = date(2026, 12, 10)


class _Renamed(Registry):
    """The project's data with one activity renamed, as another data directory would be."""

    def __init__(self) -> None:
        super().__init__()
        sup = self.catalogue.activities["sup"]
        names = {lang: ["prancha de teste"] for lang in sup.names}
        self.catalogue.activities["sup"] = sup.model_copy(update={"names": names})


def test_a_cached_value_is_computed_once_per_registry():
    calls = []

    @per_registry
    def norms_count() -> int:
        calls.append(1)
        return len(registry().norms)

    assert norms_count() == norms_count()
    other = Registry()
    with using_registry(other):
        assert norms_count() == len(other.norms)
    assert len(calls) == 2


def test_the_catalogue_names_follow_the_registry_in_use():
    assert "prancha de teste" not in activity_names()
    with using_registry(_Renamed()):
        assert activity_names()["prancha de teste"] == "sup"
    assert "prancha de teste" not in activity_names()
    assert activity_names()["stand up paddle"] == "sup"


def test_permit_requirements_are_cached_per_registry():
    kind = "bertioga_nautical_rental_licence"
    default = requirements(kind, DAY)
    other = Registry()
    with using_registry(other):
        assert requirements(kind, DAY) is not default
        assert requirements(kind, DAY) == default
    assert requirements(kind, DAY) is default
