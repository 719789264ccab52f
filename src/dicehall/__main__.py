"""``python -m dicehall``: the command line (games, replay, simulate). See dicehall.cli."""

from dicehall.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
