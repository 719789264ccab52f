"""The six Charidice dice: every face has a number and a colour, and the colours form a Latin square.

Each die shows each colour once, and each colour carries each number exactly once over the six dice,
so dice of one colour always show different numbers and equal numbers always have different colours.
The whole layout is this one table; everything else (the scene, the AI, the rules) reads it.
"""

from __future__ import annotations

# (id, French, English, #rrggbb, symbol): black and grey as the game has them, four colours of our own.
# Each colour has its own symbol, drawn on the face, so colour is never the only cue.
COLOURS: tuple[tuple[str, str, str, str, str], ...] = (
    ("black", "noir", "black", "#202124", "square"),
    ("grey", "gris", "grey", "#8d9196", "stripes"),
    ("red", "rouge", "red", "#d93025", "heart"),
    ("blue", "bleu", "blue", "#1a73e8", "drop"),
    ("green", "vert", "green", "#188038", "leaf"),
    ("yellow", "jaune", "yellow", "#f9ab00", "star"),
)
BLACK, GREY, RED, BLUE, GREEN, YELLOW = range(6)
DICE = 6

# LATIN[die][number - 1] -> colour index. Rows are the dice D1..D6, columns the numbers 1..6.
# Not a group table: a group table of order 6 has no transversal, so six dice of six colours could never
# show 1 to 6. This square has 24 transversals: the "rainbow straight" is possible, as players expect.
LATIN: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3, 4, 5),
    (2, 5, 1, 4, 3, 0),
    (5, 0, 3, 2, 1, 4),
    (3, 4, 5, 0, 2, 1),
    (4, 3, 0, 1, 5, 2),
    (1, 2, 4, 5, 0, 3),
)


def colour_of(die: int, number: int) -> int:
    """The colour index of ``die`` (0-5) showing ``number`` (1-6)."""
    return LATIN[die][number - 1]


def die_showing(colour: int, number: int) -> int:
    """The one die whose face ``number`` has ``colour``."""
    for die in range(DICE):
        if LATIN[die][number - 1] == colour:
            return die
    raise ValueError(f"no die shows colour {colour} with number {number}")  # impossible for a Latin square


def colour_name(colour: int, lang: str) -> str:
    entry = COLOURS[colour]
    return entry[1] if lang == "fr" else entry[2]
