"""Every core test sees the toy game registered as "pig" next to the real catalogue."""

from __future__ import annotations

import pytest

from dicehall.core import registry

from . import toygame


@pytest.fixture(autouse=True)
def _register_pig(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "CATALOGUE", (*registry.CATALOGUE, toygame.SPEC))


@pytest.fixture
def pig() -> registry.GameDef:
    return toygame.GAME
