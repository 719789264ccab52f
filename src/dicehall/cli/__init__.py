"""``python -m dicehall``: list the games, replay a save, simulate computer games (see docs/architecture.md).

    python -m dicehall games
    python -m dicehall replay SAVE.json          # or - for standard input
    python -m dicehall simulate indecix --games 100 --seed 1 --ai expert,random

Exit status: 0 on success, 1 for a save that cannot be read, 2 for bad arguments or an unplayable game.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from dicehall.cli.simulate import LEVELS, simulate
from dicehall.core import registry, save
from dicehall.core.errors import SaveFormatError, UnknownGameError
from dicehall.core.protocol import NodeKind


def cmd_games(args: argparse.Namespace) -> int:
    """One JSON line per game of the catalogue, the games still to come included (available false)."""
    for entry in registry.CATALOGUE:
        print(json.dumps(entry.to_json()))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a save through the checked rules and print the final view (and the outcome if over)."""
    name = "standard input" if args.save == "-" else args.save
    try:
        if args.save == "-":
            text = sys.stdin.read()
        else:
            with open(args.save, encoding="utf-8") as file:
                text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        return _fail(f"cannot read {name}: {getattr(error, 'strerror', None) or error}")
    try:
        match = save.loads(text).match
    except SaveFormatError as error:
        return _fail(f"{name} is not a valid save: {error}")
    out = dict(match.state.view())
    outcome = match.state.outcome()
    if match.state.kind is NodeKind.TERMINAL and outcome is not None and "outcome" not in out:
        out["outcome"] = {
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "tie": outcome.tie,
        }
    print(json.dumps(out))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Computer-against-computer games; prints a JSON summary (wins, ties, lengths, scores, speed)."""
    error = args.parser.error
    try:
        game = registry.load(args.game)
    except UnknownGameError as unknown:
        error(str(unknown))
    options, players = _options(args, game, error)
    levels = args.ai.split(",")
    for level in levels:
        if level not in LEVELS:
            error(f"--ai: unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if len(levels) == 1:
        levels *= players
    elif len(levels) != players:
        error(f"--ai lists {len(levels)} levels for {players} seats")
    summary = simulate(game, options, levels, games=args.games, seed=args.seed)
    print(json.dumps(summary))
    return 0


def _options(args: argparse.Namespace, game: registry.GameDef, error: Any) -> tuple[Any, int]:
    """The game's options from ``--options`` and ``--players``, and the number of seats they give."""
    try:
        data = json.loads(args.options)
    except ValueError as bad:
        error(f"--options is not JSON: {bad}")
    if not isinstance(data, dict):
        error("--options must be a JSON object")
    tries = [data]
    if args.players is not None and data.get("players", args.players) == args.players:
        tries.append({**data, "players": args.players})  # for games whose options count the players
    problem = ""
    for candidate in tries:
        try:
            options = game.options_from_json(dict(candidate))
        except (TypeError, ValueError) as bad:
            problem = str(bad)
            continue
        players = game.num_players(options)
        if args.players in (None, players):
            return options, players
        problem = f"these options seat {players} players"
    if args.players is not None:
        info = registry.info(game.id)
        error(
            f"{game.id} cannot be played by {args.players} players ({info.min_players} to "
            f"{info.max_players}; {problem})"
        )
    error(f"bad --options for {game.id}: {problem}")
    raise AssertionError("unreachable")  # parser.error exits


def _fail(message: str) -> int:
    print(f"dicehall: {' '.join(message.split())}", file=sys.stderr)
    return 1


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


_positive.__name__ = "positive integer"  # argparse names the type in its message


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m dicehall", description="Five French dice games.")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list the games as JSON lines")
    games.set_defaults(run=cmd_games)

    replay = commands.add_parser("replay", help="replay a save and print its final view as JSON")
    replay.add_argument("save", metavar="SAVE.json", help="the save file, or - for standard input")
    replay.set_defaults(run=cmd_replay)

    sim = commands.add_parser("simulate", help="play computer-against-computer games, print a summary")
    sim.add_argument("game", metavar="GAME", help="a game id (see: games)")
    sim.add_argument("--games", type=_positive, default=100, metavar="N", help="how many games (100)")
    sim.add_argument("--seed", default="0", metavar="S", help="seed of the dice and the agents (0)")
    sim.add_argument("--players", type=_positive, metavar="P", help="number of seats (the game's default)")
    sim.add_argument(
        "--ai",
        default="normal",
        metavar="LEVEL",
        help=f"{', '.join(LEVELS)}, or one per seat separated by commas (normal)",
    )
    sim.add_argument("--options", default="{}", metavar="JSON", help="game options as a JSON object")
    sim.set_defaults(run=cmd_simulate, parser=sim)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.run(args)
