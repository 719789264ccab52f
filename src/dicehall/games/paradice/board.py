"""The Paradice board as data: the 13×13 layout of 81 cells, the six players' routes, the four ladder
pairs, the 26 dice events (two copies each) and their gains. It is the original program's board, and the
tests check it against the counts and the gains table of the help page.

Coordinates are (x, y) = (column, row), 0..12, origin top-left, North = y - 1. A cell is stored as the
index ``y * 13 + x``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

SIZE = 13

# J jackpot, B bis repetita, R relance, L ladder (échelle), T tirelire, S start (départ), E dice event.
LAYOUT = (
    "JEEREELEEBEEJ",  # y=0
    "E.....E.....E",  # y=1
    "E.....T.....R",  # y=2
    "B.....E.....E",  # y=3
    "E.....EEEETEL",  # y=4
    "E.....ESE...E",  # y=5
    "LETELELEL...B",  # y=6
    "E...E...E...E",  # y=7
    "E...E...LETEE",  # y=8
    "R...E...E...E",  # y=9
    "E...T...T...R",  # y=10
    "E...E...E...E",  # y=11
    "JEBEEERELEBEJ",  # y=12
)
JACKPOT, BIS, RELANCE, LADDER, TIRELIRE, START, EVENT = "J", "B", "R", "L", "T", "S", "E"


def cell(x: int, y: int) -> int:
    return y * SIZE + x


def xy(index: int) -> tuple[int, int]:
    return index % SIZE, index // SIZE


CELLS: tuple[int, ...] = tuple(cell(x, y) for y in range(SIZE) for x in range(SIZE) if LAYOUT[y][x] != ".")
KIND: dict[int, str] = {c: LAYOUT[c // SIZE][c % SIZE] for c in CELLS}
START_CELL = cell(7, 5)

# Orientation -> (border cell, inner cell): landing on one jumps to the other. The orientation is the
# direction of the jump from the inner cell to the border cell.
LADDERS: dict[str, tuple[int, int]] = {
    "N": (cell(6, 0), cell(4, 6)),
    "E": (cell(12, 4), cell(8, 6)),
    "S": (cell(8, 12), cell(6, 6)),
    "W": (cell(0, 6), cell(8, 8)),
}
LADDER_OF: dict[int, str] = {c: o for o, pair in LADDERS.items() for c in pair}
JUMP: dict[int, int] = {a: b for a, b in LADDERS.values()} | {b: a for a, b in LADDERS.values()}

# --- routes ---------------------------------------------------------------------------------------
# Per player, the directions a pawn may take when LEAVING each cell. ^ > v < one direction; | N/S,
# - E/W, L N/E, J N/W, r S/E, 7 S/W a choice; + all four (the start only).
GLYPHS = {
    "^": "N",
    ">": "E",
    "v": "S",
    "<": "W",
    "|": "NS",
    "-": "EW",
    "L": "NE",
    "J": "NW",
    "r": "SE",
    "7": "SW",
    "+": "NESW",
    ".": "",
}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
ROUTE_GRIDS: tuple[tuple[str, ...], ...] = (
    (  # Myrtille
        "v<<<<<->>>>>v",
        "v.....^.....v",
        "v.....^.....v",
        "v.....^.....v",
        "v.....|<<<<<<",
        "v.....v+^...^",
        ">>>>r>>>|...^",
        "^...v...v...^",
        "^...v...>>>>|",
        "^...v...^...v",
        "^...v...^...v",
        "^...v...^...v",
        "^<<<->>>^<<<<",
    ),
    (  # Framboise
        ">>>>>>v<<<<<<",
        "^.....v.....^",
        "^.....v.....^",
        "^.....v.....^",
        "^.....v<->>>^",
        "^.....v+^...^",
        "|<<<<<->|...^",
        "v...^...v...^",
        "v...^...v<<<J",
        "v...^...v...^",
        "v...^...v...^",
        "v...^...v...^",
        ">>>>^<<<->>>^",
    ),
    (  # Orange
        ">>>>>>>>>>>>v",
        "^.....^.....v",
        "^.....^.....v",
        "^.....^.....v",
        "^.....|<<<<<<",
        "^.....v+^...^",
        "L>>>v<->|...^",
        "^...v...v...^",
        "^...v...>>>>|",
        "^...v...^...v",
        "^...v...^...v",
        "^...v...^...v",
        "^<<<->>>^<<<<",
    ),
    (  # Fraise
        ">>>>>>v<<<<<<",
        "^.....v.....^",
        "^.....v.....^",
        "^.....v.....^",
        "^.....v<->>>^",
        "^.....v+^...^",
        "^<<<<<->|...^",
        "^...^...v...^",
        "^...^...v<<<J",
        "^...^...v...^",
        "^...^...v...^",
        "^...^...v...^",
        "^<<<J<<<->>>^",
    ),
    (  # Citron
        ">>>>>>v<<<<<<",
        "^.....v.....^",
        "^.....v.....^",
        "^.....v.....^",
        "^.....v<<<<<J",
        "^.....v+^...^",
        "^<<<7<->|...^",
        "^...v...v...^",
        "^...v...>>>>|",
        "^...v...^...v",
        "^...v...^...v",
        "^...v...^...v",
        "^<<<->>>^<<<<",
    ),
    (  # Kiwi
        ">>>>>>v<<<<<<",
        "^.....v.....^",
        "^.....v.....^",
        "^.....v.....^",
        "^.....v<->>>^",
        "^.....v+^...^",
        "^<<<7<->^...^",
        "^...v...^...^",
        "^...v...|<<<J",
        "^...v...v...^",
        "^...v...v...^",
        "^...v...v...^",
        "^<<<->>>>>>>^",
    ),
)


def _route(grid: tuple[str, ...]) -> dict[int, str]:
    return {cell(x, y): GLYPHS[grid[y][x]] for y in range(SIZE) for x in range(SIZE) if grid[y][x] != "."}


# ROUTES[player][cell] = the directions ("N", "NS", ...) that player may take leaving that cell.
ROUTES: tuple[dict[int, str], ...] = tuple(_route(grid) for grid in ROUTE_GRIDS)


def neighbour(index: int, direction: str) -> int:
    dx, dy = STEP[direction]
    x, y = xy(index)
    return cell(x + dx, y + dy)


# --- dice events ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventDef:
    """One of the 26 dice events: what the owner of a copy receives on each opponent roll.

    family: "sum" | "product" | "difference" | "ratio" | "count" | "even" | "odd";
    fixed: the gain is ``amount`` when the measure equals ``target``; otherwise ``amount`` × measure.
    """

    code: str  # the original's name (Somme, De3, Produit12, ...)
    family: str
    amount: int
    target: int | None  # fixed events: the value the measure must equal
    face: int | None = None  # "count" events: the face counted
    copies: tuple[int, int] = (0, 0)  # the two cells, in the original's column-first order

    @property
    def fixed(self) -> bool:
        return self.target is not None

    @property
    def family_group(self) -> str:
        """The family as the event viewer names and orders it: "result" (the sum, product, difference or
        ratio of the dice), "count" (of a face) or "parity" (the even or odd dice)."""
        return {"count": "count", "even": "parity", "odd": "parity"}.get(self.family, "result")

    def gain(self, a: int, b: int) -> int:
        value = MEASURES[self.family](a, b, self.face)
        if self.target is None:
            return self.amount * value
        return self.amount if value == self.target else 0


def _ratio(a: int, b: int) -> int:
    hi, lo = max(a, b), min(a, b)
    return hi // lo if hi % lo == 0 else 0


MEASURES: dict[str, Callable[[int, int, int | None], int]] = {
    "sum": lambda a, b, _f: a + b,
    "product": lambda a, b, _f: a * b,
    "difference": lambda a, b, _f: abs(a - b),
    "ratio": lambda a, b, _f: _ratio(a, b),
    "count": lambda a, b, f: (a == f) + (b == f),
    "even": lambda a, b, _f: (a % 2 == 0) + (b % 2 == 0),
    "odd": lambda a, b, _f: (a % 2 == 1) + (b % 2 == 1),
}


def _copies(first: tuple[int, int], second: tuple[int, int]) -> tuple[int, int]:
    a, b = sorted((first, second))  # column-first: x, then y
    return cell(*a), cell(*b)


# The original's order (the selling dialog and the event viewer follow it).
EVENTS: tuple[EventDef, ...] = (
    EventDef("Somme", "sum", 70, None, copies=_copies((6, 1), (7, 6))),
    EventDef("Produit", "product", 40, None, copies=_copies((11, 4), (6, 5))),
    EventDef("Ecart", "difference", 252, None, copies=_copies((7, 4), (8, 11))),
    EventDef("Rapport", "ratio", 294, None, copies=_copies((8, 5), (1, 6))),
    EventDef("De1", "count", 1470, None, 1, _copies((6, 3), (12, 8))),
    EventDef("De2", "count", 1470, None, 2, _copies((0, 4), (4, 9))),
    EventDef("De3", "count", 1470, None, 3, _copies((10, 0), (3, 6))),
    EventDef("De4", "count", 1470, None, 4, _copies((9, 8), (4, 12))),
    EventDef("De5", "count", 1470, None, 5, _copies((9, 4), (0, 10))),
    EventDef("De6", "count", 1470, None, 6, _copies((8, 0), (8, 9))),
    EventDef("Pair", "even", 490, None, copies=_copies((4, 8), (11, 8))),
    EventDef("Impair", "odd", 490, None, copies=_copies((8, 4), (4, 11))),
    EventDef("Somme5", "sum", 4410, 5, copies=_copies((12, 9), (3, 12))),
    EventDef("Somme6", "sum", 3528, 6, copies=_copies((4, 0), (12, 3))),
    EventDef("Somme7", "sum", 2940, 7, copies=_copies((11, 0), (0, 11))),
    EventDef("Somme8", "sum", 3528, 8, copies=_copies((0, 1), (7, 12))),
    EventDef("Somme9", "sum", 4410, 9, copies=_copies((6, 4), (0, 8))),
    EventDef("Produit4", "product", 5880, 4, copies=_copies((1, 0), (4, 7))),
    EventDef("Produit6", "product", 4410, 6, copies=_copies((0, 5), (9, 12))),
    EventDef("Produit12", "product", 4410, 12, copies=_copies((12, 7), (1, 12))),
    EventDef("Ecart0", "difference", 2940, 0, copies=_copies((2, 0), (12, 1))),
    EventDef("Ecart1", "difference", 1764, 1, copies=_copies((0, 2), (8, 7))),
    EventDef("Ecart2", "difference", 2205, 2, copies=_copies((7, 0), (5, 12))),
    EventDef("Ecart3", "difference", 2940, 3, copies=_copies((0, 7), (12, 11))),
    EventDef("Rapport2", "ratio", 2940, 2, copies=_copies((12, 5), (11, 12))),
    EventDef("Rapport3", "ratio", 4410, 3, copies=_copies((5, 0), (5, 6))),
)

# The 52 event cells as copies: COPY_CELLS[2 * event + copy]; COPY_OF[cell] = that index.
COPY_CELLS: tuple[int, ...] = tuple(c for e in EVENTS for c in e.copies)
COPY_OF: dict[int, int] = {c: i for i, c in enumerate(COPY_CELLS)}

# GAINS[event][(a - 1) * 6 + (b - 1)]: the gain of one copy for the dice (a, b).
GAINS: tuple[tuple[int, ...], ...] = tuple(
    tuple(e.gain(a, b) for a in range(1, 7) for b in range(1, 7)) for e in EVENTS
)
# The 21 distinct rolls in the help page's order: (1,1), (1,2) ... (1,6), (2,2) ... (6,6).
ROLLS_21: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))

STARTING_BALANCE = 100_000
PRICE_PER_PLAYER = 1250  # an event costs 1 250 × the number of players (2 500 to 7 500)


def price(players: int) -> int:
    return PRICE_PER_PLAYER * players
