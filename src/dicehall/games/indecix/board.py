"""The grid's precomputed tables and the two rules used in every hot loop: captures and suite checks.

Cells are indices ``i = y * 6 + x``. A cell holds 0 when empty, else ``face | owner << 3``
(so ``v & 7`` is the face, ``v >> 3`` the owner). Each line keeps a bit mask of the faces it holds
(bit ``f`` for face f): a die may go where neither its row's nor its column's mask has its bit, and
since faces in a line are distinct, a line is full exactly when its mask is FULL.
Lines are numbered 0-5 for rows (by y) and 6-11 for columns (6 + x).
"""

from __future__ import annotations

SIZE = 6
CELLS = 36
FULL = 0b1111110  # faces 1..6 all present
EMPTY_GRID = (0,) * CELLS
EMPTY_MASKS = (0,) * 12

ROW = tuple(i // SIZE for i in range(CELLS))
COL = tuple(SIZE + i % SIZE for i in range(CELLS))
LINE_CELLS = tuple(tuple(range(y * SIZE, y * SIZE + SIZE)) for y in range(SIZE)) + tuple(
    tuple(range(x, CELLS, SIZE)) for x in range(SIZE)
)
# A die of an edge line sits at an end of every perpendicular line: it can be a borne, never captured,
# so a suite on an edge line can never be broken.
EDGE_LINES = frozenset((0, SIZE - 1, SIZE, 2 * SIZE - 1))


def _ray(i: int, dx: int, dy: int) -> tuple[int, ...]:
    x, y, out = i % SIZE + dx, i // SIZE + dy, []
    while 0 <= x < SIZE and 0 <= y < SIZE:
        out.append(y * SIZE + x)
        x, y = x + dx, y + dy
    return tuple(out)


# For each cell, its four rays outward: West and East along the row, North and South along the column.
RAYS = tuple(
    tuple(r for r in (_ray(i, -1, 0), _ray(i, 1, 0), _ray(i, 0, -1), _ray(i, 0, 1)) if len(r) >= 2)
    for i in range(CELLS)
)
# Rays shorter than 2 can never capture (the adjacent die is never a borne), so they are left out.


def captures(grid: tuple[int, ...], i: int, face: int) -> list[int]:
    """Cells captured by a die of ``face`` placed on empty cell ``i`` (each direction independently).

    In one direction, take the run of dice up to the first empty cell or the edge; a die of the run at
    distance k >= 2 is a valid borne when every die before it has a face strictly between ``face`` and
    the borne's face. The farthest valid borne wins and the dice before it are captured.
    Walking outward: once the placed face lies inside the range of the dice passed, no farther borne
    can be valid, so the walk stops.
    """
    out: list[int] = []
    for ray in RAYS[i]:
        v = grid[ray[0]]
        if not v:
            continue
        lo = hi = v & 7
        best = 0
        for k in range(1, len(ray)):
            v = grid[ray[k]]
            if not v:
                break
            b = v & 7
            if face < lo:
                if b > hi:
                    best = k
            elif face > hi:
                if b < lo:
                    best = k
            else:
                break
            if b < lo:
                lo = b
            elif b > hi:
                hi = b
        if best:
            out.extend(ray[:best])
    return out


def suite_points(face: int, clean: bool, original: bool) -> int:
    """The rule text: the faces of the line without the placed die (21 - face, the faces being 1-6 once
    each); the original 1.2: all six faces (21). Doubled when the six dice are the placer's colour."""
    base = 21 if original else 21 - face
    return base * 2 if clean else base


def line_clean(grid: tuple[int, ...], line: int, owner: int) -> bool:
    for j in LINE_CELLS[line]:
        if grid[j] >> 3 != owner:
            return False
    return True
