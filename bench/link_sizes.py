#!/usr/bin/env python3
"""How long the links of finished games are (docs/links.md): the packed save in a ``#replay=`` fragment.

    .venv/bin/python bench/link_sizes.py [--games 20] [--seed links]

Each game is played to its end by computer seats (level normal, the default options and seat count of the
setup, and the largest table too), and its save packed as a link carries it (dicehall.core.packed). Prints,
per game and table, the entries in the log, the save's JSON size, the fragment's length (min, median, max)
and how many go over the 8,000 characters at which the share dialog recommends the file.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from dicehall.app.links import MAX_SHARED, fragment  # noqa: E402
from dicehall.app.session import Session  # noqa: E402
from dicehall.core import registry  # noqa: E402
from dicehall.core.save import Seat  # noqa: E402

TABLES = {  # game: [(label, seats, options)]
    "paradice": [("4 players", 4, {"players": 4}), ("6 players", 6, {"players": 6})],
    "indecix": [("Blitz", 2, {})],
    "charidice": [("3 players", 3, {}), ("4 players", 4, {"players": 4})],
    "roudalon": [("4 players", 4, {}), ("6 players", 6, {"players": 6})],
    "marchands": [("2 players, 50×50", 2, {}), ("4 players, 50×50", 4, {"players": 4})],
}


def measure(game_id: str, seats: int, options: dict, games: int, seed: str) -> dict:
    game = registry.load(game_id)
    sizes, plies, jsons = [], [], []
    for n in range(games):
        session = Session.new(
            game,
            game.options_from_json(dict(options)),
            [Seat(name=f"P{i + 1}", kind="ai", level="normal") for i in range(seats)],
            f"{seed}/{n}",
        )
        session.run_until_human()
        document = session.saved().to_json()
        sizes.append(len(fragment("replay", document)))
        plies.append(len(document["log"]))
        jsons.append(len(json.dumps(document, separators=(",", ":"))))
    return {
        "entries": statistics.median(plies),
        "json": statistics.median(jsons),
        "min": min(sizes),
        "median": statistics.median(sizes),
        "max": max(sizes),
        "over": sum(s > MAX_SHARED for s in sizes),
        "games": games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="links")
    args = parser.parse_args()
    print("| game, table | entries (median) | save JSON (median) | link fragment: min / median / max | over 8,000 |")
    print("|---|---:|---:|---:|---:|")
    for game_id, tables in TABLES.items():
        for label, seats, options in tables:
            r = measure(game_id, seats, options, args.games, args.seed)
            print(
                f"| {registry.info(game_id).title_en}, {label} | {r['entries']:,.0f} | {r['json']:,.0f} | "
                f"{r['min']:,} / {r['median']:,.0f} / {r['max']:,} | {r['over']} of {r['games']} |"
            )


if __name__ == "__main__":
    main()
