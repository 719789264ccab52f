"""Options shared by every test layer.

--soak: also run the long random runs marked ``@pytest.mark.soak`` (``python3 build.py test --soak``);
without it they are skipped.  Tests can also read ``request.config.getoption("soak")``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis checks properties, not speed: a loaded CI machine must not turn a slow example into a failure
# (its default 200 ms deadline did). Speed is measured in bench/.
settings.register_profile("dicehall", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dicehall")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", action="store_true", default=False, help="run the long soak tests too")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("soak"):
        return
    skip = pytest.mark.skip(reason="long soak run: only with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def a_game_to_come(monkeypatch: pytest.MonkeyPatch) -> str:
    """Every game is playable now; this makes Paradice one still to come again (no module), to test how the
    hub, the API, the CLI and saves treat a catalogued game that cannot be played yet. Returns its id."""
    from dicehall.core import registry

    catalogue = tuple(g.replace(module=None) if g.id == "paradice" else g for g in registry.CATALOGUE)
    monkeypatch.setattr(registry, "CATALOGUE", catalogue)
    return "paradice"


@pytest.fixture(autouse=True)
def failures_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the browser the app contains a game's failing step (Pace.contained: the game stops with a notice,
    the page goes on); under test a bug must fail the test instead. The browser tests run the real page."""
    from dicehall.app.pace import Pace

    monkeypatch.setattr(Pace, "contain_failures", False)
