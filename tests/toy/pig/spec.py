"""Pig's declaration: only what a game must say, plus its hub line. Imports no rules."""

from __future__ import annotations

from dicehall.core.spec import GameSpec

SPEC = GameSpec(
    "pig",
    "Cochon",
    "Pig",
    2,
    4,
    "toy.pig.game",
    "toy.pig.scene",
    blurb=("Un dé, relancer ou encaisser : le premier à 20 gagne.", "One die, roll or bank: first to 20 wins."),
)
