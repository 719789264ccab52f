"""The Paradice board data against the help page and the original program: 81 cells and their counts,
the ladder pairs, the six routes (reachable, one-way into nothing, every cell landable), no bis repetita
loop a player cannot leave, and the 26 events' gains against the help page's table (26 × 21 rolls).

Each check is a function of the data it checks, so that a mutated copy shows it can fail.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from dicehall.games.paradice import board
from dicehall.games.paradice.board import (
    CELLS,
    COPY_CELLS,
    EVENTS,
    GAINS,
    JUMP,
    KIND,
    LADDERS,
    LAYOUT,
    ROLLS_21,
    ROUTE_GRIDS,
    ROUTES,
    SIZE,
    START_CELL,
    cell,
    neighbour,
    price,
    xy,
)

# --- the help page's gains table ----------------------------------------------------------------------------
# "Définition des événements de dés": one row per event, one column per roll in the order (1,1), (1,2) …
# (1,6), (2,2) … (6,6); blanks are 0. Transcribed from the help page. Its plain-text copy (the seed) lost
# some blank cells, which moves a value one column over in a few rows, and it lost the "Nb de 6" row
# altogether (the labels below it slid up one row): SEED_ROWS keeps what that copy shows, and the test
# checks that it is, in order, part of this table.
TABLE: dict[str, tuple[int, ...]] = {
    #            (1,1) 1,2  1,3   1,4   1,5   1,6  (2,2) 2,3  2,4   2,5   2,6  (3,3) 3,4  3,5  3,6 (4,4) 4,5  4,6 (5,5) 5,6 (6,6)
    "Somme":     (140, 210, 280, 350, 420, 490, 280, 350, 420, 490, 560, 420, 490, 560, 630, 560, 630, 700, 700, 770, 840),
    "Produit":   (40, 80, 120, 160, 200, 240, 160, 240, 320, 400, 480, 360, 480, 600, 720, 640, 800, 960, 1000, 1200, 1440),
    "Ecart":     (0, 252, 504, 756, 1008, 1260, 0, 252, 504, 756, 1008, 0, 252, 504, 756, 0, 252, 504, 0, 252, 0),
    "Rapport":   (294, 588, 882, 1176, 1470, 1764, 294, 0, 588, 0, 882, 294, 0, 0, 588, 294, 0, 0, 294, 0, 294),
    "De1":       (2940, 1470, 1470, 1470, 1470, 1470, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    "De2":       (0, 1470, 0, 0, 0, 0, 2940, 1470, 1470, 1470, 1470, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    "De3":       (0, 0, 1470, 0, 0, 0, 0, 1470, 0, 0, 0, 2940, 1470, 1470, 1470, 0, 0, 0, 0, 0, 0),
    "De4":       (0, 0, 0, 1470, 0, 0, 0, 0, 1470, 0, 0, 0, 1470, 0, 0, 2940, 1470, 1470, 0, 0, 0),
    "De5":       (0, 0, 0, 0, 1470, 0, 0, 0, 0, 1470, 0, 0, 0, 1470, 0, 0, 1470, 0, 2940, 1470, 0),
    "De6":       (0, 0, 0, 0, 0, 1470, 0, 0, 0, 0, 1470, 0, 0, 0, 1470, 0, 0, 1470, 0, 1470, 2940),
    "Pair":      (0, 490, 0, 490, 0, 490, 980, 490, 980, 490, 980, 0, 490, 0, 490, 980, 490, 980, 0, 490, 980),
    "Impair":    (980, 490, 980, 490, 980, 490, 0, 490, 0, 490, 0, 980, 490, 980, 490, 0, 490, 0, 980, 490, 0),
    "Somme5":    (0, 0, 0, 4410, 0, 0, 0, 4410, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    "Somme6":    (0, 0, 0, 0, 3528, 0, 0, 0, 3528, 0, 0, 3528, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    "Somme7":    (0, 0, 0, 0, 0, 2940, 0, 0, 0, 2940, 0, 0, 2940, 0, 0, 0, 0, 0, 0, 0, 0),
    "Somme8":    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3528, 0, 0, 3528, 0, 3528, 0, 0, 0, 0, 0),
    "Somme9":    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4410, 0, 4410, 0, 0, 0, 0),
    "Produit4":  (0, 0, 0, 5880, 0, 0, 5880, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    "Produit6":  (0, 0, 0, 0, 0, 4410, 0, 4410, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    "Produit12": (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4410, 0, 4410, 0, 0, 0, 0, 0, 0, 0, 0),
    "Ecart0":    (2940, 0, 0, 0, 0, 0, 2940, 0, 0, 0, 0, 2940, 0, 0, 0, 2940, 0, 0, 2940, 0, 2940),
    "Ecart1":    (0, 1764, 0, 0, 0, 0, 0, 1764, 0, 0, 0, 0, 1764, 0, 0, 0, 1764, 0, 0, 1764, 0),
    "Ecart2":    (0, 0, 2205, 0, 0, 0, 0, 0, 2205, 0, 0, 0, 0, 2205, 0, 0, 0, 2205, 0, 0, 0),
    "Ecart3":    (0, 0, 0, 2940, 0, 0, 0, 0, 0, 2940, 0, 0, 0, 0, 2940, 0, 0, 0, 0, 0, 0),
    "Rapport2":  (0, 2940, 0, 0, 0, 0, 0, 0, 2940, 0, 0, 0, 0, 0, 2940, 0, 0, 0, 0, 0, 0),
    "Rapport3":  (0, 0, 4410, 0, 0, 0, 0, 0, 0, 0, 4410, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
}  # fmt: skip
# The non-blank cells of each row as the seed's plain text shows them, left to right ("Nb de 6" is missing).
SEED_ROWS: dict[str, tuple[int, ...]] = {
    "Somme": TABLE["Somme"],
    "Produit": TABLE["Produit"],
    "Ecart": (252, 504, 756, 1008, 1260, 252, 504, 756, 1008, 252, 504, 756, 252, 504, 252),
    "Rapport": (294, 588, 882, 1176, 1470, 1764, 294, 588, 882, 294, 588, 294, 294, 294),
    "De1": (2940, 1470, 1470, 1470, 1470, 1470),
    "De2": (1470, 2940, 1470, 1470, 1470, 1470),
    "De3": (1470, 1470, 2940, 1470, 1470, 1470),
    "De4": (1470, 1470, 1470, 2940, 1470, 1470),
    "De5": (1470, 1470, 1470, 1470, 2940),
    "Pair": (490, 490, 490, 980, 490, 980, 490, 980, 490, 490, 980, 490, 980, 490, 980),
    "Impair": (980, 490, 980, 490, 980, 490, 490, 490, 980, 490, 980, 490, 490, 980, 490),
    "Somme5": (4410, 4410),
    "Somme6": (3528, 3528, 3528),
    "Somme7": (2940, 2940, 2940),
    "Somme8": (3528, 3528, 3528),
    "Somme9": (4410, 4410),
    "Produit4": (5880, 5880),
    "Produit6": (4410, 4410),
    "Produit12": (4410, 4410),
    "Ecart0": (2940, 2940, 2940, 2940, 2940, 2940),
    "Ecart1": (1764, 1764, 1764, 1764, 1764),
    "Ecart2": (2205, 2205, 2205, 2205),
    "Ecart3": (2940, 2940, 2940),
    "Rapport2": (2940, 2940, 2940),
    "Rapport3": (4410, 4410),
}
# The help page's example of the event viewer: "Ecart des dés", die 1 in rows, die 2 in columns.
ECART_GRID = (
    (0, 252, 504, 756, 1008, 1260),
    (252, 0, 252, 504, 756, 1008),
    (504, 252, 0, 252, 504, 756),
    (756, 504, 252, 0, 252, 504),
    (1008, 756, 504, 252, 0, 252),
    (1260, 1008, 756, 504, 252, 0),
)


def is_subsequence(part: tuple[int, ...], whole: tuple[int, ...]) -> bool:
    it = iter(whole)
    return all(any(v == w for w in it) for v in part)


def table_mismatches(gains: tuple[tuple[int, ...], ...]) -> list[tuple[str, tuple[int, int], int, int]]:
    """(event, roll, table, gains) for every cell of the help page's table that ``gains`` does not match."""
    out = []
    for e, event in enumerate(EVENTS):
        for j, (a, b) in enumerate(ROLLS_21):
            for x, y in ((a, b), (b, a)):  # the table lists a roll once: both orders pay the same
                got = gains[e][(x - 1) * 6 + y - 1]
                if got != TABLE[event.code][j]:
                    out.append((event.code, (x, y), TABLE[event.code][j], got))
    return out


def test_the_gains_match_the_help_pages_table():
    assert list(TABLE) == [e.code for e in EVENTS] and all(len(row) == 21 for row in TABLE.values())
    assert len(ROLLS_21) == 21 and ROLLS_21[:7] == ((1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2))
    assert table_mismatches(GAINS) == []
    for e, event in enumerate(EVENTS):  # gain() itself, not only the precomputed table
        assert tuple(event.gain(a, b) for a, b in ROLLS_21) == TABLE[event.code]


def test_the_table_contains_what_the_seeds_text_shows():
    for code, row in SEED_ROWS.items():
        assert is_subsequence(row, tuple(v for v in TABLE[code] if v)), code
    assert set(TABLE) - set(SEED_ROWS) == {"De6"}  # its row follows the other "Nb de k" rows' pattern
    for k in range(1, 7):
        assert TABLE[f"De{k}"] == tuple(1470 * ((a == k) + (b == k)) for a, b in ROLLS_21)
    ecart = EVENTS[[e.code for e in EVENTS].index("Ecart")]
    assert tuple(tuple(ecart.gain(a, b) for b in range(1, 7)) for a in range(1, 7)) == ECART_GRID


def test_the_gains_check_can_fail():
    mutated = [list(row) for row in GAINS]
    mutated[22][(1 - 1) * 6 + 3 - 1] = 2204  # Ecart2 on (1, 3)
    assert table_mismatches(tuple(tuple(r) for r in mutated)) == [("Ecart2", (1, 3), 2205, 2204)]
    assert not is_subsequence((1470, 2940), (2940, 1470))


def mean_gain(row: tuple[int, ...]) -> Fraction:
    return Fraction(sum(row), 36)


def test_every_event_pays_490_per_roll_on_average():
    for e, event in enumerate(EVENTS):
        assert mean_gain(GAINS[e]) == 490, event.code
    # the table, each of its rolls weighted by how many of the 36 it stands for
    for code, row in TABLE.items():
        assert sum(Fraction(v * (1 if a == b else 2), 36) for v, (a, b) in zip(row, ROLLS_21, strict=True)) == 490
    assert mean_gain(GAINS[0][:-1] + (GAINS[0][-1] + 36,)) == 491


def test_twelve_variable_and_fourteen_fixed_events():
    assert len(EVENTS) == 26
    assert sum(not e.fixed for e in EVENTS) == 12 and sum(e.fixed for e in EVENTS) == 14


def test_prices():
    assert [price(n) for n in range(2, 7)] == [2500, 3750, 5000, 6250, 7500]
    assert board.STARTING_BALANCE == 100_000


# --- the cells ----------------------------------------------------------------------------------------------
def on_border(c: int) -> bool:
    x, y = xy(c)
    return x in (0, SIZE - 1) or y in (0, SIZE - 1)


def layout_problems(layout: tuple[str, ...]) -> list[str]:
    """What is wrong with a layout against the help page's list of cells."""
    problems = []
    cells = {(x, y): ch for y, row in enumerate(layout) for x, ch in enumerate(row) if ch != "."}
    kinds = Counter(cells.values())
    if len(cells) != 81:
        problems.append(f"{len(cells)} cells")
    if kinds != Counter(E=52, J=4, B=5, R=5, L=8, T=6, S=1):
        problems.append(f"counts {dict(kinds)}")
    border = lambda x, y: x in (0, 12) or y in (0, 12)  # noqa: E731
    if {c for c, k in cells.items() if k == "J"} != {(0, 0), (12, 0), (0, 12), (12, 12)}:
        problems.append("jackpots not in the corners")
    if not all(border(*c) for c, k in cells.items() if k in "BR"):
        problems.append("a bis repetita or relance off the border")
    if any(border(*c) for c, k in cells.items() if k == "T"):
        problems.append("a tirelire on the border")
    return problems


def test_81_cells_with_the_help_pages_counts():
    assert len(CELLS) == 81 and len(LAYOUT) == SIZE and all(len(r) == SIZE for r in LAYOUT)
    assert layout_problems(LAYOUT) == []
    assert KIND[START_CELL] == "S" and xy(START_CELL) == (7, 5)
    assert sorted(COPY_CELLS) == sorted(c for c in CELLS if KIND[c] == "E") and len(set(COPY_CELLS)) == 52
    assert sum(on_border(c) for c in CELLS) == 48


def test_the_layout_check_can_fail():
    moved = list(LAYOUT)
    moved[0] = "EJ" + moved[0][2:]  # a jackpot one cell off its corner
    assert layout_problems(tuple(moved)) == ["jackpots not in the corners"]
    extra = list(LAYOUT)
    extra[1] = "EE" + extra[1][2:]
    assert layout_problems(tuple(extra))[:2] == [
        "82 cells",
        "counts {'J': 4, 'E': 53, 'R': 5, 'L': 8, 'B': 5, 'T': 6, 'S': 1}",
    ]


def degree(c: int) -> int:
    x, y = xy(c)
    return sum((x + dx, y + dy) in {xy(d) for d in CELLS} for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)))


def test_ladders_pair_a_border_crossing_with_an_inner_crossing():
    assert {o: (xy(a), xy(b)) for o, (a, b) in LADDERS.items()} == {
        "N": ((6, 0), (4, 6)),
        "E": ((12, 4), (8, 6)),
        "S": ((8, 12), (6, 6)),
        "W": ((0, 6), (8, 8)),
    }
    assert set(JUMP) == {c for c in CELLS if KIND[c] == "L"} and len(JUMP) == 8
    for border, inner in LADDERS.values():
        assert JUMP[border] == inner and JUMP[inner] == border
        assert on_border(border) and not on_border(inner)
        assert degree(border) == degree(inner) == 3  # at crossings
    # the orientation is the direction of the jump from the inner ladder to the border one
    for o, (border, inner) in LADDERS.items():
        (bx, by), (ix, iy) = xy(border), xy(inner)
        assert {"N": by < iy, "S": by > iy, "E": bx > ix, "W": bx < ix}[o]


def test_the_start_is_the_only_four_way_crossing():
    assert [c for c in CELLS if degree(c) == 4] == [START_CELL]


def test_each_tirelire_on_its_own_cross_path():
    tirelires = [xy(c) for c in CELLS if KIND[c] == "T"]
    assert sorted(tirelires) == sorted([(6, 2), (10, 4), (2, 6), (10, 8), (4, 10), (8, 10)])
    assert all(degree(cell(*t)) == 2 for t in tirelires)


# --- the routes ---------------------------------------------------------------------------------------------
def reach(routes: dict[int, str], source: int) -> set[int]:
    seen, todo = {source}, [source]
    while todo:
        here = todo.pop()
        for d in routes[here]:
            n = neighbour(here, d)
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def ends_after(routes: dict[int, str], source: int, steps: int) -> set[int]:
    """The cells a pawn can stop on after ``steps`` cells from ``source`` (any choices)."""
    cur = {source}
    for _ in range(steps):
        cur = {neighbour(c, d) for c in cur for d in routes[c]}
    return cur


def route_problems(routes: dict[int, str]) -> list[str]:
    problems = []
    if set(routes) != set(CELLS):
        problems.append("the route does not cover exactly the cells")
    for c, dirs in routes.items():
        for d in dirs:
            if neighbour(c, d) not in KIND or not 0 <= xy(c)[0] + {"E": 1, "W": -1}.get(d, 0) < SIZE:
                problems.append(f"an arrow off the path at {xy(c)}")
    if problems:
        return problems
    if any(START_CELL in {neighbour(c, d) for d in dirs} for c, dirs in routes.items()):
        problems.append("an arrow into the start")
    if sorted(routes[START_CELL]) != sorted("NESW"):
        problems.append("the start does not open all four ways")
    if any(not dirs for dirs in routes.values()):
        problems.append("a dead end")
    if any(len(dirs) > 2 for c, dirs in routes.items() if c != START_CELL):
        problems.append("more than a two-way choice")
    if reach(routes, START_CELL) != set(CELLS):
        problems.append("a cell out of reach from the start")
    return problems


def landable(routes: dict[int, str]) -> set[int]:
    """Every cell a pawn can land on from the start, with totals 2 to 12, bis repetita and ladders."""
    landed, ends, todo = set(), {START_CELL}, [START_CELL]
    while todo:
        here = todo.pop()
        for total in range(2, 13):
            queue, seen = list(ends_after(routes, here, total)), set()
            while queue:
                c = queue.pop()
                if c in seen:
                    continue
                seen.add(c)
                landed.add(c)
                if KIND[c] == "B":
                    queue.extend(ends_after(routes, c, total))
                elif JUMP.get(c, c) not in ends:
                    ends.add(JUMP.get(c, c))
                    todo.append(JUMP.get(c, c))
    return landed


@pytest.mark.parametrize("seat", range(6))
def test_each_route_leaves_the_start_reaches_and_lands_on_every_cell(seat):
    routes = ROUTES[seat]
    assert route_problems(routes) == []
    assert landable(routes) == set(CELLS) - {START_CELL}  # every cell but the start, never re-entered
    assert sum(len(d) == 2 for d in routes.values()) == 6  # six two-way crossings each


def test_the_six_routes_differ():
    others = [c for c in CELLS if c != START_CELL]
    for i in range(6):
        for j in range(i + 1, 6):
            assert sum(ROUTES[i][c] != ROUTES[j][c] for c in others) >= 11


def test_the_route_checks_can_fail():
    into_start = dict(ROUTES[0])
    into_start[cell(7, 6)] = "N"
    assert route_problems(into_start) == ["an arrow into the start", "a cell out of reach from the start"]
    off_path = dict(ROUTES[0])
    off_path[cell(6, 2)] = "E"
    assert route_problems(off_path) == ["an arrow off the path at (6, 2)"]
    grid = [list(row) for row in ROUTE_GRIDS[0]]
    grid[1][6] = "v"  # Myrtille's climb to the top border turned back: (6, 1) and (6, 2) send to each other
    mutated = board._route(tuple("".join(r) for r in grid))
    assert route_problems(mutated) == ["a cell out of reach from the start"]


# --- bis repetita -------------------------------------------------------------------------------------------
def bis_traps(routes: dict[int, str], kind: dict[int, str] = KIND) -> list[tuple[tuple[int, int], int]]:
    """(bis cell, total) from which no choice of directions ever ends the chain of bis repetita moves.

    A state is a bis cell with the total to travel again; the player escapes if some choice lands off a
    bis cell, or on a bis state that escapes (a fixed point: the player picks the way out at every step).
    """
    states = [(c, t) for c in sorted(kind) if kind[c] == "B" for t in range(2, 13)]
    landings = {(c, t): ends_after(routes, c, t) for c, t in states}
    escapes = {s for s, ends in landings.items() if any(kind[e] != "B" for e in ends)}
    grew = True
    while grew:
        grew = False
        for (c, t), ends in landings.items():
            if (c, t) not in escapes and any((e, t) in escapes for e in ends):
                escapes.add((c, t))
                grew = True
    return [(xy(c), t) for c, t in states if (c, t) not in escapes]


def forced_loops(routes: dict[int, str], kind: dict[int, str] = KIND) -> list[tuple[tuple[int, int], int]]:
    """(bis cell, total) whose chain, following forced moves only, comes back to a bis cell it left (it
    stops at the first choice: bis_traps shows that some choice then leads out)."""
    loops = []
    for start in sorted(c for c in kind if kind[c] == "B"):
        for total in range(2, 13):
            c, seen = start, set()
            while kind[c] == "B" and c not in seen:
                seen.add(c)
                for _ in range(total):
                    if len(routes[c]) != 1:
                        break
                    c = neighbour(c, routes[c])
                else:
                    continue
                break
            if kind[c] == "B" and c in seen:
                loops.append((xy(start), total))
    return loops


@pytest.mark.parametrize("seat", range(6))
def test_no_bis_repetita_chain_that_cannot_end(seat):
    assert bis_traps(ROUTES[seat]) == []
    assert forced_loops(ROUTES[seat]) == []


def test_the_bis_checks_can_fail():
    """The outer ring alone, travelled clockwise, with a bis repetita every 4 cells: a total of 4 (or 8, 12)
    goes from one to the next for ever."""
    ring: dict[int, str] = {}
    for i in range(12):
        ring[cell(i, 0)], ring[cell(12, i)], ring[cell(12 - i, 12)], ring[cell(0, 12 - i)] = "E", "S", "W", "N"
    order = [c for c in sorted(ring, key=_clockwise)]
    kind = {c: "B" if i % 4 == 0 else "E" for i, c in enumerate(order)}
    assert ((0, 0), 4) in bis_traps(ring, kind) and ((0, 0), 4) in forced_loops(ring, kind)
    assert ((0, 0), 5) not in bis_traps(ring, kind) + forced_loops(ring, kind)


def _clockwise(c: int) -> int:
    x, y = xy(c)
    if y == 0:
        return x
    if x == 12:
        return 12 + y
    if y == 12:
        return 24 + 12 - x
    return 36 + 12 - y


# --- the rules pages ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_rules_pages_print_the_gains_table(lang):
    """docs/rules/paradice.*.md end with the help page's table, which must be this one."""
    import pathlib

    page = pathlib.Path(__file__).resolve().parents[3] / "docs" / "rules" / f"paradice.{lang}.md"
    rows = {}
    for line in page.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] in TABLE:
            rows[cells[0]] = tuple(int(c) if c else 0 for c in cells[1:])
    assert rows == TABLE
