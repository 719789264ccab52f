"""The board: its size, the end cell, the scattered special cells (and portal pairs), and the seeded
placement of specials and starting cells (Manhattan distance 6 to 9 between every pair of players).

A cell kind's ``count`` is given for the 50 × 50 board of the rules (and kept as it is on 51 × 51). The
quick 30 × 30 board gets the same density, rounded to the nearest: 15 bonus cells on 2,500 cells make
5.4 on 900, so 5 bonus and 5 merchant cells, and 1 portal pair for 4 (1.44). The starting cells stay 6 to
9 apart on every board: that distance decides how soon the players meet and rob each other, not how long
the way to the centre is (closer starts would put every player within one roll of another from the first
turn), and 4 pawns find room for it anywhere on 30 × 30."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from dicehall.games.marchands import cells
from dicehall.games.marchands.options import MarchandsOptions

Cell = tuple[int, int]
START_MIN, START_MAX = 6, 9  # Manhattan distance between every pair of starting cells
LAYOUTS = 4096  # distinct seeded layouts a game can be dealt
BASE_CELLS = 50 * 50  # the board the kinds' counts are given for


@dataclass(frozen=True, slots=True)
class Board:
    size: int
    kinds: tuple[str, ...] = field(repr=False)  # cell kind id per cell, index y * size + x
    portals: tuple[tuple[Cell, Cell], ...] = ()

    @property
    def end(self) -> Cell:
        """The centre: (24, 24) on 50×50 (there is no single centre), (25, 25) on 51×51."""
        c = (self.size - 1) // 2
        return (c, c)

    def kind(self, cell: Cell) -> str:
        return self.kinds[cell[1] * self.size + cell[0]]

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def cells_of(self, kind: str) -> tuple[Cell, ...]:
        n = self.size
        return tuple((i % n, i // n) for i, k in enumerate(self.kinds) if k == kind)

    def twin(self, cell: Cell) -> Cell:
        for a, b in self.portals:
            if cell == a:
                return b
            if cell == b:
                return a
        raise ValueError(f"{cell} is not a portal")

    @classmethod
    def blank(cls, size: int) -> Board:
        """Every cell normal but the end cell (scenario tests place their own specials with ``with_cells``)."""
        kinds = ["normal"] * (size * size)
        c = (size - 1) // 2
        kinds[c * size + c] = "end"
        return cls(size, tuple(kinds))

    def with_cells(self, kind: str, *where: Cell) -> Board:
        kinds = list(self.kinds)
        for x, y in where:
            kinds[y * self.size + x] = kind
        portals = self.portals + (tuple(zip(where[::2], where[1::2], strict=True)) if kind == "portal" else ())
        return Board(self.size, tuple(kinds), portals)


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def scaled_count(count: int, size: int) -> int:
    """A kind's count (cells or pairs, given for 50 × 50) on a board ``size`` wide: the same on the 50 × 50 and
    51 × 51 boards of the rules; on a smaller board the same density, rounded to the nearest, at least one
    when the kind is placed at all."""
    if size >= 50 or count == 0:
        return count
    return max(1, round(count * size * size / BASE_CELLS))


def deal(options: MarchandsOptions, number: int) -> tuple[Board, tuple[Cell, ...], tuple[int, ...]]:
    """The board, the players' starting cells and the seat order of layout ``number`` (0 .. LAYOUTS-1)."""
    rng = random.Random(f"marchands/{options.size}/{options.players}/{sorted(options.dealt)}/{number}")
    board = Board.blank(options.size)
    free = [(x, y) for y in range(options.size) for x in range(options.size)]
    free.remove(board.end)
    for kind in cells.KINDS:
        if not kind.placed:
            continue
        count = scaled_count(kind.count(options), options.size) * (2 if kind.paired else 1)
        if count == 0:
            continue  # (a draw of none takes nothing from the generator)
        chosen = rng.sample(free, count)
        taken = set(chosen)
        free = [c for c in free if c not in taken]
        board = board.with_cells(kind.id, *chosen)
    starts = _starts(rng, free, options.players, board)
    order = list(range(options.players))
    rng.shuffle(order)
    return board, starts, tuple(order)


# The offsets 6 to 9 (Manhattan) away, x then y ascending: the cells a second start may take round the first.
_RING = tuple(
    (dx, dy)
    for dx in range(-START_MAX, START_MAX + 1)
    for dy in range(-START_MAX, START_MAX + 1)
    if START_MIN <= abs(dx) + abs(dy) <= START_MAX
)


def _starts(rng: random.Random, normal: list[Cell], players: int, board: Board) -> tuple[Cell, ...]:
    """Random normal cells (``normal``: all of them, in board order) 6 to 9 apart (Manhattan) from each
    other; drawn again from scratch when the last ones have no room (rare, near an edge)."""
    n, kinds = board.size, board.kinds

    def is_normal(c: Cell) -> bool:  # c in normal
        return 0 <= c[0] < n and 0 <= c[1] < n and kinds[c[1] * n + c[0]] == "normal"

    while True:
        starts = [rng.choice(normal)]
        while len(starts) < players:
            x0, y0 = starts[0]
            ring = [(x0 + dx, y0 + dy) for dx, dy in _RING]  # 6 to 9 from the first start, in board order
            options = [
                c for c in ring if is_normal(c) and all(START_MIN <= manhattan(c, s) <= START_MAX for s in starts[1:])
            ]
            if not options:
                break
            starts.append(rng.choice(options))
        if len(starts) == players:
            return tuple(starts)
