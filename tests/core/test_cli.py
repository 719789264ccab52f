"""``python -m dicehall``: games, replay and simulate, in process against the toy game and as a command;
every error is one line on standard error with the documented exit status (1 a bad save, 2 bad arguments,
130 Ctrl-C)."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from dicehall import cli
from dicehall.cli import main
from dicehall.core import limits, registry, save
from dicehall.core.errors import SaveFormatError
from dicehall.cli.simulate import simulate
from dicehall.core.match import Match
from dicehall.core.protocol import Outcome
from dicehall.core.save import SavedGame, Seat

from .toygame import GAME, Die, Hold, PigOptions, PigState, Roll

SRC = Path(__file__).resolve().parents[2] / "src"
HALL = [spec.id for spec in registry.CATALOGUE]  # the games of the hall (the toy Pig is added per test)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit:  # argparse
        code = exit.code
    out, err = capsys.readouterr()
    return code, out, err


def command(
    *argv: str | bytes,
    stdin: str = "",
    python: tuple[str, ...] = ("-m", "dicehall"),
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, *python, *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


# --- games ---------------------------------------------------------------------------------------
def test_games_lists_the_catalogue_as_json_lines(capsys):
    code, out, _ = run(capsys, "games")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [g["id"] for g in lines] == [*HALL, "pig"]
    for game in lines:
        assert set(game) == {"id", "title", "min_players", "max_players", "available"}
        assert set(game["title"]) == {"fr", "en"}
    by_id = {g["id"]: g for g in lines}
    assert by_id["paradice"] == {
        "id": "paradice",
        "title": {"fr": "Paradice", "en": "Paradice"},
        "min_players": 2,
        "max_players": 6,
        "available": True,
    }
    assert all(g["available"] for g in lines)


def test_games_as_a_command():
    done = command("games")
    assert done.returncode == 0 and done.stderr == ""
    ids = [json.loads(line)["id"] for line in done.stdout.splitlines()]
    assert ids == HALL


def one_line(err: str) -> bool:
    """A single error line of the command, and no traceback."""
    return err.startswith("dicehall: ") and err.count("\n") == 1 and err.endswith("\n") and "Traceback" not in err


def test_no_command_is_a_usage_error_in_one_line(capsys):
    code, out, err = run(capsys)
    assert code == 2 and out == "" and one_line(err)
    assert err == "dicehall: the following arguments are required: COMMAND (see: python -m dicehall --help)\n"
    code, _, err = run(capsys, "simulate")
    assert code == 2 and one_line(err) and "required: GAME" in err and "simulate --help" in err
    code, _, err = run(capsys, "chess")
    assert code == 2 and one_line(err) and "invalid choice: 'chess'" in err


def test_help_states_the_bounds_and_the_exit_statuses(capsys):
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0 and "1 to 100,000" in " ".join(out.split())
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "1 a save that cannot be read, 2 bad arguments" in " ".join(out.split())


# --- replay --------------------------------------------------------------------------------------
def finished_save() -> SavedGame:
    match = Match(GAME, PigOptions(target=10), "r")
    for step in (Roll(), Die(6), Roll(), Die(5), Hold()):
        if isinstance(step, Die):
            match.force(step)
        else:
            match.submit(step)
    return SavedGame(match, [Seat("A"), Seat("B", "ai", "easy")])


def test_replay_prints_the_final_view_and_the_outcome(capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(finished_save().dumps(), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    assert json.loads(out) == {
        "phase": "terminal",
        "to_move": None,
        "banked": [11, 0],
        "turn_total": 0,
        "target": 10,
        "outcome": {"winners": [0], "scores": [11.0, 0.0], "tie": False},
    }


def test_replay_of_a_game_in_progress_has_no_outcome(capsys, tmp_path):
    game = finished_save()
    game.match.undo(0)
    path = tmp_path / "game.json"
    path.write_text(game.dumps(), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and json.loads(out) == game.match.state.view() and "outcome" not in json.loads(out)


def test_replay_reads_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(finished_save().dumps()))
    code, out, _ = run(capsys, "replay", "-")
    assert code == 0 and json.loads(out)["banked"] == [11, 0]


def test_replay_refuses_a_bad_entry_in_one_line(capsys, tmp_path):
    data = finished_save().to_json()
    data["log"][3] = {"by": "chance", "do": {"type": "die", "face": 0}}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"dicehall: {path} is not a valid save: log entry 3 (")
    assert "a die shows 1 to 6, not 0" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "is not a valid save: the save is not valid JSON"),
        ("[]", "is not a valid save: the save must be a JSON object"),
        ('{"format": "dicehall.save/1", "game": "paradice", "rules_version": 1}', "coming soon"),
    ],
)
def test_replay_refuses_invalid_saves(capsys, tmp_path, content, message, a_game_to_come):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and message in err and err.count("\n") == 1


def test_replay_refuses_unreadable_files(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 1 and err == f"dicehall: cannot read {tmp_path / 'missing.json'}: No such file or directory\n"
    code, _, err = run(capsys, "replay", str(tmp_path))
    assert code == 1 and err.startswith(f"dicehall: cannot read {tmp_path}: ")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{")
    code, _, err = run(capsys, "replay", str(binary))
    assert code == 1 and err == f"dicehall: {binary} is not a valid save: the file is not UTF-8 text\n"


def test_replay_as_a_command_with_standard_input():
    """The command has only the real catalogue: the toy game is unknown there."""
    done = command("replay", "-", stdin=finished_save().dumps())
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        "dicehall: standard input is not a valid save: the save is for a game this version "
        'cannot play: unknown game "pig"; games: paradice, indecix, charidice, roudalon, '
        "marchands\n"
    )


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_replay_refuses_a_deeply_nested_save_in_one_line(capsys, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text(deep(5000), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == "" and one_line(err)
    assert err.startswith(f"dicehall: {path} is not a valid save: the save nests 5000 levels deep")
    inside = finished_save().to_json()
    inside["seats"][0]["note"] = json.loads(deep(40))  # deep inside an otherwise good save
    path.write_text(json.dumps(inside), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and one_line(err) and "is not a valid save: the save nests" in err


def test_replay_of_a_deep_save_as_a_command():
    done = command("replay", "-", stdin=deep(5000))
    assert done.returncode == 1 and done.stdout == "" and one_line(done.stderr), done.stderr
    assert "nests 5000 levels deep" in done.stderr


def test_replay_refuses_a_save_too_large_without_reading_it_whole(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_DOCUMENT_CHARS", 1000)
    path = tmp_path / "big.json"
    path.write_text(" " * 5000 + "{}", encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == "" and one_line(err)
    assert err == f"dicehall: {path} is not a valid save: the save is too large (more than 1,000 characters)\n"
    path.write_text(" " * 3000 + "{}", encoding="utf-8")  # read whole (at most 4 bytes a character), then measured
    code, out, err = run(capsys, "replay", str(path))
    assert err == f"dicehall: {path} is not a valid save: the save is too large (3,002 characters, at most 1,000)\n"


@pytest.mark.parametrize(
    ("raised", "message"),
    [
        (SaveFormatError("log entry 2 is refused"), "is not a valid save: log entry 2 is refused"),
        (limits.DocumentLimitError("the save is too large"), "is not a valid save: the save is too large"),
        (ValueError("bad\nvalue"), "is not a valid save: bad value"),
        (RecursionError("maximum recursion depth exceeded"), "is not a valid save: it nests too deeply"),
        (MemoryError(), "is not a valid save: it is too large to load"),
    ],
)
def test_whatever_loading_a_save_raises_is_one_line_and_status_1(capsys, tmp_path, monkeypatch, raised, message):
    def failing(text):
        raise raised

    monkeypatch.setattr(save, "loads", failing)
    path = tmp_path / "game.json"
    path.write_text(finished_save().dumps(), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == "" and one_line(err) and message in err, err


# --- simulate ------------------------------------------------------------------------------------
def summary(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, "simulate", "pig", *argv)
    assert code == 0, err
    return json.loads(out)


def test_simulate_summary(capsys):
    result = summary(capsys, "--games", "30", "--seed", "9", "--ai", "normal,random")
    assert set(result) == {
        "game",
        "games",
        "players",
        "ai",
        "seed",
        "options",
        "wins",
        "ties",
        "mean_actions",
        "mean_decisions",
        "mean_scores",
        "seconds",
        "games_per_second",
    }
    assert result["game"] == "pig" and result["games"] == 30 and result["players"] == 2
    assert result["ai"] == ["normal", "random"] and result["options"] == {"players": 2, "target": 20}
    assert sum(result["wins"]) == pytest.approx(30) and result["ties"] == 0
    assert result["mean_actions"] > result["mean_decisions"] > 1
    assert max(result["mean_scores"]) >= 10 and len(result["mean_scores"]) == 2
    assert result["games_per_second"] > 0


def test_simulate_is_reproducible(capsys):
    first = summary(capsys, "--games", "10", "--seed", "abc", "--ai", "expert,easy")
    again = summary(capsys, "--games", "10", "--seed", "abc", "--ai", "expert,easy")
    other = summary(capsys, "--games", "10", "--seed", "abd", "--ai", "expert,easy")
    strip = {"seconds", "games_per_second", "seed"}
    assert {k: v for k, v in first.items() if k not in strip} == {k: v for k, v in again.items() if k not in strip}
    assert first["mean_actions"] != other["mean_actions"]


def test_simulate_players_and_options(capsys):
    result = summary(capsys, "--games", "5", "--players", "3", "--ai", "easy", "--options", '{"target": 10}')
    assert result["players"] == 3 and result["ai"] == ["easy"] * 3
    assert result["options"] == {"players": 3, "target": 10} and len(result["wins"]) == 3
    assert summary(capsys, "--games", "2", "--options", '{"players": 4}')["players"] == 4
    assert summary(capsys, "--games", "2", "--players", "4", "--options", '{"players": 4}')["players"] == 4


@dataclass(frozen=True, slots=True)
class EveryoneWins(PigState):
    def outcome(self):
        outcome = PigState.outcome(self)
        return outcome and Outcome(tuple(range(self.num_players)), outcome.scores)


def test_ties_are_shared():
    tying = dataclasses.replace(GAME, initial=EveryoneWins.initial)
    result = simulate(tying, PigOptions(players=4), ["random"] * 4, games=6, seed="t")
    assert result["ties"] == 6 and result["wins"] == [1.5] * 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["chess"], 'unknown game "chess"'),
        (["paradice"], "Paradice is coming soon"),
        (["pig", "--games", "0"], "argument --games: 0 is not from 1 to 100,000"),
        (["pig", "--games", "100001"], "argument --games: 100001 is not from 1 to 100,000"),
        (["pig", "--games", "-3"], "argument --games: -3 is not from 1 to 100,000"),
        (["pig", "--games", "many"], 'argument --games: "many" is not a whole number'),
        (["pig", "--games", "1e3"], 'argument --games: "1e3" is not a whole number'),
        (["pig", "--games", "9" * 5000], "--games: a number of 5,000 digits is not from 1 to 100,000"),
        (["pig", "--players", "0"], "argument --players: 0 is not from 1 to 100"),
        (["pig", "--players", "101"], "argument --players: 101 is not from 1 to 100"),
        (["pig", "--players", "two"], 'argument --players: "two" is not a whole number'),
        (["pig", "--players", "100"], r"pig cannot be played by 100 players \(2 to 4"),
        (["pig", "--ai", "godlike"], '--ai: unknown level "godlike"; levels: easy, normal, expert, random'),
        (["pig", "--ai", "easy,normal,expert"], "--ai lists 3 levels for 2 seats"),
        (
            ["pig", "--players", "7"],
            r"pig cannot be played by 7 players \(2 to 4; players must be 2 to 4, got 7\)",
        ),
        (["pig", "--players", "3", "--options", '{"players": 2}'], "pig cannot be played by 3 players"),
        (["pig", "--options", "{target: 3}"], "--options is not JSON"),
        (["pig", "--options", "[3]"], "--options must be a JSON object"),
        (["pig", "--options", '{"speed": 1}'], r'bad --options for pig: unknown option\(s\) \["speed"\]'),
    ],
)
def test_simulate_bad_arguments(capsys, argv, message, a_game_to_come):
    code, out, err = run(capsys, "simulate", *argv)
    assert code == 2 and out == "" and one_line(err), err
    assert re.search(message, err), err


def test_nested_options_are_bad_arguments(capsys):
    code, out, err = run(capsys, "simulate", "pig", "--options", deep(5000))
    assert code == 2 and out == "" and one_line(err)
    assert err.startswith("dicehall: --options nests 5000 levels deep (at most 32)")
    code, _, err = run(capsys, "simulate", "pig", "--options", '{"target": %s}' % deep(40))
    assert code == 2 and one_line(err) and "--options nests 41 levels deep" in err
    code, _, err = run(capsys, "simulate", "pig", "--options", '{"target": [[[[3]]]]}')
    assert code == 2 and one_line(err) and "bad --options for pig" in err


def test_nested_options_as_a_command():
    done = command("simulate", "indecix", "--games", "1", "--options", deep(5000))
    assert done.returncode == 2 and done.stdout == "" and one_line(done.stderr), done.stderr


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ('{"target": "%s"}' % ("x" * 300), "--options holds a text of 300 characters"),
        ('{"target": %s}' % ("1" * 20_000), "--options is too large"),
        ('{"target": 1e999}', "bad --options for pig"),
        ('{"target": NaN}', "bad --options for pig"),
        ('{"target": null, "players": []}', "bad --options for pig"),
        ('{"target": 10, "target": {}}', "bad --options for pig"),
        ("", "--options is not JSON"),
    ],
)
def test_odd_options_are_bad_arguments_in_one_line(capsys, options, message):
    code, out, err = run(capsys, "simulate", "pig", "--games", "1", "--options", options)
    assert code == 2 and out == "" and one_line(err) and message in err, err
    assert len(err) < 500  # the line quotes the input, cut


def test_a_seed_that_is_not_text_is_refused(capsys):
    bytes_ff = "\udcff"  # the byte 0xff as Python decodes it from argv
    code, out, err = run(capsys, "simulate", "pig", "--games", "1", "--seed", bytes_ff)
    assert (
        code == 2
        and out == ""
        and one_line(err)
        and "--seed must be text (UTF-8), not raw bytes or a lone surrogate" in err
    )
    code, _, err = run(capsys, "simulate", "pig", "--games", "1", "--seed", "s" * 201)
    assert code == 2 and one_line(err) and "--seed is 201 characters long (at most 200)" in err
    assert summary(capsys, "--games", "1", "--seed", "dé 🎲")["seed"] == "dé 🎲"


@pytest.mark.skipif(os.name != "posix", reason="raw bytes in argv are a POSIX thing")
def test_a_seed_of_raw_bytes_as_a_command():
    done = command("simulate", "indecix", "--games", "1", "--seed", os.fsencode("\udcff"))  # b"\xff"
    assert done.returncode == 2 and done.stdout == "" and one_line(done.stderr), done.stderr
    assert "--seed must be text" in done.stderr


def test_the_largest_number_of_games_is_accepted():
    args = cli.parser().parse_args(["simulate", "pig", "--games", "100000", "--players", "100"])
    assert args.games == cli.MAX_GAMES == 100_000 and args.players == 100


def test_a_simulation_that_fails_is_one_line_and_status_2(capsys, monkeypatch):
    def failing(*args, **kwargs):
        raise RuntimeError("game 3 did not end within 1000000 actions")

    monkeypatch.setattr(cli, "simulate", failing)
    code, out, err = run(capsys, "simulate", "pig", "--games", "5")
    assert code == 2 and out == "" and one_line(err)
    assert err == (
        "dicehall: pig cannot be simulated with these arguments (RuntimeError: game 3 did not end "
        "within 1000000 actions)\n"
    )


# --- Ctrl-C -------------------------------------------------------------------------------------------
def interrupt(*args, **kwargs):
    raise KeyboardInterrupt


class Interrupted:
    """Standard input, or a catalogue entry, that is being read when Ctrl-C is pressed."""

    read = to_json = staticmethod(interrupt)


@pytest.mark.parametrize("argv", [["simulate", "pig", "--games", "3"], ["replay", "-"], ["games"]])
def test_ctrl_c_is_a_quiet_exit_130(capsys, monkeypatch, argv):
    monkeypatch.setattr(cli, "simulate", interrupt)
    monkeypatch.setattr(sys, "stdin", Interrupted())
    if argv == ["games"]:
        monkeypatch.setattr(cli.registry, "CATALOGUE", (Interrupted(),))
    code, out, err = run(capsys, *argv)
    assert code == 130 and out == "" and err == "dicehall: interrupted\n"


def test_ctrl_c_as_a_command():
    """A real SIGINT in the middle of a simulation: status 130, one line, no traceback."""
    script = (
        "import os, signal, time, dicehall.cli as cli\n"
        "def simulate(*a, **k):\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    time.sleep(30)\n"
        "cli.simulate = simulate\n"
        "raise SystemExit(cli.main(['simulate', 'indecix', '--games', '1']))\n"
    )
    done = command(python=("-c", script))
    assert done.returncode == 130 and done.stdout == "" and done.stderr == "dicehall: interrupted\n"
