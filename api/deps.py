"""Dependency aliases shared by the routes (full-stack-fastapi-template style)."""

from typing import Annotated

from fastapi import Depends

from api.settings import Settings, get_settings

__all__ = ["SettingsDep"]

SettingsDep = Annotated[Settings, Depends(get_settings)]
