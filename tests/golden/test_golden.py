"""The golden playthroughs: each file, replayed through today's rules and dice, renders exactly as
recorded. A failure shows the first differences; if the change is intended, run
``python tests/golden/regenerate.py``, review the diff, and bump the game's ``rules_version`` when the
replays changed (docs/architecture.md, "Golden playthroughs")."""

from __future__ import annotations

import pytest
from playthrough import CASES, Case, diff, render, replay


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_replay_matches_the_file(case: Case) -> None:
    assert case.path.exists(), f"{case.path.name} is missing: run python tests/golden/regenerate.py {case.name}"
    recorded = case.path.read_text(encoding="utf-8")
    match = replay(case, recorded)
    assert match.state.outcome() is not None, f"{case.name}: the recorded game does not reach its end"
    replayed = render(case, match)
    if replayed != recorded:
        pytest.fail(
            f"{case.name} no longer replays as recorded:\n{diff(recorded, replayed, case.path.name)}", pytrace=False
        )


def test_every_game_has_a_playthrough() -> None:
    from dicehall.core.registry import CATALOGUE

    games = {case.game for case in CASES}
    assert {spec.id for spec in CATALOGUE} <= games


def test_files_stay_small() -> None:
    for case in CASES:
        if case.path.exists():
            assert case.path.stat().st_size < 200_000, f"{case.path.name}: choose shorter options"
