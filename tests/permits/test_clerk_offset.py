"""A clerk's list refuses an offset no database can hold with a 422 naming the field, not a server error
(found by schemathesis: offset=2**63 made SQLite raise OverflowError)."""

from api.permits.schemas import PreapplicationFilter

import pytest
from pydantic import ValidationError


def test_an_offset_beyond_any_database_integer_is_a_validation_error():
    assert PreapplicationFilter(offset=2**31 - 1).offset == 2**31 - 1
    with pytest.raises(ValidationError, match="offset"):
        PreapplicationFilter(offset=2**63)
