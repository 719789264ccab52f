"""The first real game through the core: conformance, and the command line end to end."""

from __future__ import annotations

import json
import random

import pytest

from dicehall.core import registry
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.save import SavedGame, Seat
from dicehall.core.testing import check_game

from .test_cli import command

indecix = registry.load("indecix")


@pytest.mark.parametrize("options", [None, {"mode": "master"}, {"suite_scoring": "original"}])
def test_indecix_keeps_the_protocol(options):
    check_game(indecix, options, games=6, seed="indecix")


def random_game(seed: str) -> Match:
    match, rng = Match(indecix, indecix.options_from_json({}), seed), random.Random(seed)
    while match.state.kind is not NodeKind.TERMINAL:
        if match.state.kind is NodeKind.CHANCE:
            match.roll()
        else:
            match.submit(rng.choice(list(match.state.legal_actions())))
    return match


def test_replay_of_a_save_written_by_the_match(tmp_path):
    match = random_game("e2e")
    path = tmp_path / "indecix.json"
    path.write_text(SavedGame(match, [Seat("Ana"), Seat("Bot", "ai", "easy")]).dumps(), encoding="utf-8")
    done = command("replay", str(path))
    assert done.returncode == 0, done.stderr
    view = json.loads(done.stdout)
    outcome = match.state.outcome()
    assert view.pop("outcome") == {
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "tie": outcome.tie,
    }
    assert view == json.loads(json.dumps(match.state.view()))


def test_replay_names_the_bad_entry_of_an_indecix_save(tmp_path):
    data = SavedGame(random_game("bad"), [Seat("A"), Seat("B")]).to_json()
    data["log"][5], data["log"][6] = data["log"][6], data["log"][5]  # two entries out of order
    done = command("replay", "-", stdin=json.dumps(data))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("dicehall: standard input is not a valid save: log entry 5 (")


def _agents_ready() -> bool:
    try:
        return indecix.make_agent("easy", 0, random.Random(0)) is not None
    except Exception:  # noqa: BLE001 - the AI is being written
        return False


@pytest.mark.skipif(not _agents_ready(), reason="the Indecix computer players are not written yet")
def test_simulate_indecix():
    done = command("simulate", "indecix", "--games", "2", "--seed", "1", "--ai", "easy")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["game"] == "indecix" and summary["games"] == 2 and summary["players"] == 2
    assert sum(summary["wins"]) == pytest.approx(2) and summary["mean_decisions"] > 0
