"""``python -m dicehall``: the command line (games, replay, simulate). See dicehall.cli."""

import sys

try:
    from dicehall.cli import main
except KeyboardInterrupt:  # Ctrl-C while the modules load: as quiet as during a command
    print("dicehall: interrupted", file=sys.stderr)
    raise SystemExit(130) from None

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
