"""Rewrite the golden playthroughs (tests/golden/*.txt) after an intended change of the rules, the dice
or the notation. Run from anywhere: ``python tests/golden/regenerate.py [--fresh] [NAME ...]``.

Recorded decisions are kept while they are still legal (``--fresh`` plays every game anew with the
agents). Review the diff: if replays changed, the game's ``rules_version`` must be bumped (and an
``upgrade`` step given to its old saves when they need one), see docs/architecture.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1] / "src")]

from playthrough import CASES, parse, play, render  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="only these cases (file names without .txt)")
    ap.add_argument("--fresh", action="store_true", help="play every game anew, ignoring the recorded decisions")
    args = ap.parse_args(argv)
    known = {case.name for case in CASES}
    unknown = [name for name in args.names if name not in known]
    if unknown:
        ap.error(f"unknown cases {unknown}; known: {sorted(known)}")
    for case in CASES:
        if args.names and case.name not in args.names:
            continue
        old = case.path.read_text(encoding="utf-8") if case.path.exists() else None
        match = play(case, None if args.fresh else old)
        text = render(case, match)
        if text == old:
            print(f"{case.name}: unchanged")
            continue
        case.path.write_text(text, encoding="utf-8")
        note = ""
        if old is not None and parse(old)[0].get("rules_version") == str(match.game.rules_version):
            note = (
                f"; rules_version is still {match.game.rules_version}: bump it if the same log now replays "
                "differently (not for a change of the notation alone)"
            )
        print(f"{case.name}: written, {match.ply} plies, {len(text) // 1024} kB{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
