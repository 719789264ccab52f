"""``python -m dicehall``: list the games, replay a save, review it, simulate computer games (see
docs/architecture.md).

    python -m dicehall games
    python -m dicehall replay SAVE.json          # or - for standard input
    python -m dicehall review SAVE.json [--json]
    python -m dicehall simulate indecix --games 100 --seed 1 --ai expert,random

Exit status: 0 on success, 1 for a save that cannot be read, 2 for bad arguments or an unplayable game,
130 when interrupted (Ctrl-C). Every error is one line on standard error, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from dicehall.cli import review as review_cli
from dicehall.cli.simulate import RANDOM, simulate
from dicehall.core import limits, registry, review, save
from dicehall.core.errors import DicehallError, UnknownGameError
from dicehall.core.protocol import NodeKind

OK, BAD_SAVE, BAD_ARGUMENTS, INTERRUPTED = 0, 1, 2, 130
MAX_GAMES = 100_000  # --games: a Paradice game takes ~0.1 s, so this is already hours
MAX_PLAYERS = 100  # --players: well above any game's seats; the game then says what it accepts
MAX_OPTIONS_CHARS = 10_000  # --options: the longest real options object is under 200 characters
MAX_MESSAGE_CHARS = 400  # an error line quotes the input at most this long


def cmd_games(args: argparse.Namespace) -> int:
    """One JSON line per game of the catalogue, the games still to come included (available false)."""
    for entry in registry.CATALOGUE:
        print(json.dumps(entry.to_json()))
    return OK


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a save through the checked rules and print the final view (and the outcome if over)."""
    saved = _read_save(args.save)
    if isinstance(saved, int):
        return saved
    match = saved.match
    out = dict(match.state.view())
    outcome = match.state.outcome()
    if match.state.kind is NodeKind.TERMINAL and outcome is not None and "outcome" not in out:
        out["outcome"] = {
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "tie": outcome.tie,
        }
    print(json.dumps(out))
    return OK


def cmd_review(args: argparse.Namespace) -> int:
    """The game review of a save (finished or not): its JSON with ``--json``, else a short text."""
    saved = _read_save(args.save)
    if isinstance(saved, int):
        return saved
    try:
        data = review.review(saved.match, names=review_cli.names_of(saved))
    except ValueError as error:
        return _fail(str(error), BAD_SAVE)
    print(json.dumps(data, ensure_ascii=False) if args.json else review_cli.text(saved, data))
    return OK


def _read_save(path: str) -> save.SavedGame | int:
    """The save at ``path`` (``-``: standard input), or the exit status after a one-line error.

    The file is read as bytes and handed to ``save.loads``, the reader of every path (the page's file
    picker, ``load()``, links): the same saves are accepted, with the same messages."""
    name = "standard input" if path == "-" else path
    most = 4 * limits.MAX_DOCUMENT_CHARS + len(save.UTF8_BOM) + 1  # bytes: a bigger file is not read whole
    try:
        source: str | bytes
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", None)  # (a test's StringIO has none: its text is read)
            source = stdin.read(most) if stdin is not None else sys.stdin.read(limits.MAX_DOCUMENT_CHARS + 2)
        else:
            with open(path, "rb") as file:
                source = file.read(most)
    except OSError as error:
        return _fail(f"cannot read {name}: {error.strerror or error}", BAD_SAVE)
    try:
        return save.loads(source)
    except (DicehallError, ValueError) as error:
        return _fail(f"{name} is not a valid save: {error}", BAD_SAVE)
    except RecursionError:
        return _fail(f"{name} is not a valid save: it nests too deeply", BAD_SAVE)
    except MemoryError:
        return _fail(f"{name} is not a valid save: it is too large to load", BAD_SAVE)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Computer-against-computer games; prints a JSON summary (wins, ties, lengths, scores, speed)."""
    error = args.parser.error
    try:
        args.seed.encode("utf-8")
    except UnicodeEncodeError:  # bytes that are not UTF-8 (Python gives them as lone surrogates)
        error("--seed must be text (UTF-8), not raw bytes or a lone surrogate")
    if len(args.seed) > limits.MAX_TEXT_CHARS:
        error(f"--seed is {len(args.seed):,} characters long (at most {limits.MAX_TEXT_CHARS})")
    try:
        game = registry.load(args.game)
    except UnknownGameError as unknown:
        error(str(unknown))
    options, players = _options(args, game, error)
    known = (*registry.info(game.id).level_ids, RANDOM)  # the levels this game offers
    levels = (args.ai or ("normal" if "normal" in known else known[0])).split(",")
    for level in levels:
        if level not in known:
            error(f"--ai: unknown level {limits.quote(level)}; levels: {', '.join(known)}")
    if len(levels) == 1:
        levels *= players
    elif len(levels) != players:
        error(f"--ai lists {len(levels)} levels for {players} seats")
    try:
        summary = simulate(game, options, levels, games=args.games, seed=args.seed)
    except (DicehallError, ValueError, RuntimeError, MemoryError) as failed:  # RecursionError: a RuntimeError
        # the rules or the agents went wrong with these options: the game cannot be played this way
        kind = type(failed).__name__
        return _fail(f"{game.id} cannot be simulated with these arguments ({kind}: {failed})", BAD_ARGUMENTS)
    print(json.dumps(summary))
    return OK


def _options(args: argparse.Namespace, game: registry.GameDef, error: Callable[[str], NoReturn]) -> tuple[Any, int]:
    """The game's options from ``--options`` and ``--players``, and the number of seats they give."""
    try:
        data = limits.loads(args.options, "--options", MAX_OPTIONS_CHARS)
        limits.check_value(data, "--options")
    except limits.DocumentLimitError as bad:
        error(str(bad))
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


def _one_line(message: str) -> str:
    line = " ".join(message.split())
    return line if len(line) <= MAX_MESSAGE_CHARS else line[: MAX_MESSAGE_CHARS - 3] + "..."


def _fail(message: str, code: int) -> int:
    print(f"dicehall: {_one_line(message)}", file=sys.stderr)
    return code


def _count(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        digits = text.strip().removeprefix("-").removeprefix("+")
        if digits.isdecimal() and len(digits) > 18:  # int() would refuse past 4,300 digits anyway
            too_long = f"a number of {len(digits):,} digits"
            raise argparse.ArgumentTypeError(f"{too_long} is not from {low} to {high:,}")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{limits.quote(text[:40])} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high:,}")
        return value

    return parse


class Parser(argparse.ArgumentParser):
    """An argparse parser whose usage errors are one line (``dicehall: …; see … --help``) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(BAD_ARGUMENTS, f"dicehall: {_one_line(message)} (see: {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    top = Parser(
        prog="python -m dicehall",
        description="Five French dice games.",
        epilog="Exit status: 0 success, 1 a save that cannot be read, 2 bad arguments or an "
        "unplayable game, 130 interrupted.",
    )
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list the games as JSON lines")
    games.set_defaults(run=cmd_games)

    replay = commands.add_parser("replay", help="replay a save and print its final view as JSON")
    replay.add_argument("save", metavar="SAVE.json", help="the save file, or - for standard input")
    replay.set_defaults(run=cmd_replay)

    rev = commands.add_parser("review", help="review a save: what each decision cost, what the dice gave")
    rev.add_argument("save", metavar="SAVE.json", help="the save file, or - for standard input")
    rev.add_argument("--json", action="store_true", help="print the review as JSON (the page API's review())")
    rev.set_defaults(run=cmd_review)

    sim = commands.add_parser("simulate", help="play computer-against-computer games, print a summary")
    sim.add_argument("game", metavar="GAME", help="a game id (see: games)")
    sim.add_argument(
        "--games", type=_count(1, MAX_GAMES), default=100, metavar="N", help=f"how many games, 1 to {MAX_GAMES:,} (100)"
    )
    sim.add_argument(
        "--seed",
        default="0",
        metavar="S",
        help=f"seed of the dice and the agents, up to {limits.MAX_TEXT_CHARS} characters (0)",
    )
    sim.add_argument(
        "--players",
        type=_count(1, MAX_PLAYERS),
        metavar="P",
        help="number of seats (the game's default; each game says how many it takes)",
    )
    sim.add_argument(
        "--ai",
        default=None,
        metavar="LEVEL",
        help=f"one of the game's levels (easy, normal, expert) or {RANDOM}, or one per seat separated by "
        "commas (normal)",
    )
    sim.add_argument(
        "--options",
        default="{}",
        metavar="JSON",
        help=f"game options as a JSON object (at most {MAX_OPTIONS_CHARS:,} characters)",
    )
    sim.set_defaults(run=cmd_simulate, parser=sim)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (argparse's own usage errors exit 2 directly)."""
    try:
        args = parser().parse_args(argv)
        return args.run(args)
    except KeyboardInterrupt:
        print("dicehall: interrupted", file=sys.stderr)
        return INTERRUPTED
