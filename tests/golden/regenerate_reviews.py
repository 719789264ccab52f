"""Rewrite the golden reviews (tests/golden/*.review.txt) after an intended change of an evaluator (a model
fitted again, a threshold moved): ``python tests/golden/regenerate_reviews.py [NAME ...]``. Read the diff."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1] / "src")]

from playthrough import CASES  # noqa: E402
from review_playthrough import path_of, render  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="only these cases (the playthroughs' names)")
    args = ap.parse_args(argv)
    known = {case.name for case in CASES}
    unknown = [name for name in args.names if name not in known]
    if unknown:
        ap.error(f"unknown cases {unknown}; known: {sorted(known)}")
    for case in CASES:
        if args.names and case.name not in args.names:
            continue
        path = path_of(case)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        text = render(case)
        if text == old:
            print(f"{case.name}: unchanged")
            continue
        path.write_text(text, encoding="utf-8")
        print(f"{case.name}: written, {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
