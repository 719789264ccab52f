"""Bonus of our design (option "replay_bonus"): roll again at once — a second move in the same turn.

It is the example that the bonus list is open: this module and its line in ``ACTIONS`` are all it took.
"""

from __future__ import annotations

from typing import Any

from dicehall.games.marchands import bonuses


class Replay(bonuses.BonusAction):
    id = "replay"
    option = "replay_bonus"
    label = ("Rejouer", "Play again")
    help = ("Relancez vos dés tout de suite et bougez encore.", "Roll your dice again at once and move again.")

    def apply(self, state: Any, player: int) -> Any:
        return state.again()
