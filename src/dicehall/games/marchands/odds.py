"""Dés & Marchands' exact odds of a player's dice, for the computer players: the distribution of a roll
(``roll_table``: the set of directions rolled and the reach, convolved die by die), the chance of arriving on
a cell (``reach_chance``), the mobility (normal level) and coverage (expert) of a set of dice, and the turns
they need to arrive on a cell (``race_turns``). Every table depends only on the dice, in a canonical order,
and is cached. Nothing here assumes a board size, nor reads a board.
"""

from __future__ import annotations

from functools import lru_cache

from dicehall.games.marchands import faces

Dice = tuple[tuple[str, ...], ...]
Cell = tuple[int, int]

BITS = {"N": 1, "E": 2, "S": 4, "W": 8}
# (req mask, dx, dy, diagonal) for the 8 lines a move can follow (y grows southwards)
LINES = (
    (1, 0, -1, False),
    (2, 1, 0, False),
    (4, 0, 1, False),
    (8, -1, 0, False),
    (3, 1, -1, True),
    (6, 1, 1, True),
    (12, -1, 1, True),
    (9, -1, -1, True),
)

DIRW = 1.0  # normal level: the mobility of one more distinct direction rolled
COVER_R = 8  # coverage: the cells within this many steps (half as many diagonally) a roll may reach
# The race to a cell (``race_turns``) is exact over the rolls within RACE_W columns and rows of it,
# extrapolated beyond, and counts RACE_CAP turns at most.
RACE_W, RACE_CAP = 12, 100.0


# Entries kept per cache: a game meets a few dozen sets of dice; more only makes the garbage collector's
# full passes (which walk every cached table) longer.
CACHE = 2048


@lru_cache(maxsize=CACHE)
def canon(dice: Dice) -> Dice:
    """The dice in a canonical order (faces sorted in each die, dice sorted): what a roll can give depends
    on nothing else, so the tables below are computed once for every order of the same dice."""
    return tuple(sorted(tuple(sorted(die)) for die in dice))


@lru_cache(maxsize=4096)
def _face(token: str) -> tuple[int, int, int]:
    roll = faces.roll_sum((token,))
    return sum(BITS[d] for d in roll.directions if d in BITS), roll.power, roll.factor


def roll_table(dice: Dice) -> tuple[tuple[int, int, float], ...]:
    return _roll_table(canon(dice))


@lru_cache(maxsize=CACHE)
def _roll_table(dice: Dice) -> tuple[tuple[int, int, float], ...]:
    """(direction mask, reach, chance) of every distinct roll of ``dice``; mask 0 and reach 0: no move."""
    dist: dict[tuple[int, int, int], float] = {(0, 0, 1): 1.0}
    for die in dice:
        per: dict[tuple[int, int, int], float] = {}
        for token in die:
            key = _face(token)
            per[key] = per.get(key, 0.0) + 1.0 / len(die)
        new: dict[tuple[int, int, int], float] = {}
        for (m, p, f), q in dist.items():
            for (m2, p2, f2), q2 in per.items():
                k = (m | m2, p + p2, f * f2)
                new[k] = new.get(k, 0.0) + q * q2
        dist = new
    out: dict[tuple[int, int], float] = {}
    for (m, p, f), q in dist.items():
        r = p * f
        pair = (m, r) if m and r > 0 else (0, 0)
        out[pair] = out.get(pair, 0.0) + q
    return tuple((m, r, q) for (m, r), q in sorted(out.items()))


def survival(dice: Dice) -> dict[int, tuple[float, ...]]:
    return _survival(canon(dice))


@lru_cache(maxsize=CACHE)
def _survival(dice: Dice) -> dict[int, tuple[float, ...]]:
    """For each line's direction mask: S[k] = the chance that a roll allows k steps along that line."""
    table = roll_table(dice)
    top = max((r for _, r, _ in table), default=0)
    out = {}
    for req, _, _, diag in LINES:
        s = [0.0] * (top + 2)
        for m, r, q in table:
            if m & req == req:
                steps = r // 2 if diag else r
                s[steps] += q
        for k in range(len(s) - 2, -1, -1):
            s[k] += s[k + 1]
        out[req] = tuple(s)
    return out


def reach_chance(dice: Dice, frm: Cell, to: Cell) -> float:
    """The chance that the next roll of ``dice`` lets a pawn on ``frm`` arrive on ``to``."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if dx == 0 and dy == 0:
        return 0.0
    if dx == 0:
        req, k = (1 if dy < 0 else 4), abs(dy)
    elif dy == 0:
        req, k = (2 if dx > 0 else 8), abs(dx)
    elif abs(dx) == abs(dy):
        req, k = (2 if dx > 0 else 8) | (1 if dy < 0 else 4), abs(dx)
    else:
        return 0.0
    s = survival(dice)[req]
    return s[k] if k < len(s) else 0.0


def mobility(dice: Dice) -> float:
    return _mobility(canon(dice))


@lru_cache(maxsize=CACHE)
def _mobility(dice: Dice) -> float:
    """Expected reach plus ``DIRW`` per distinct direction rolled (a roll without a move counts 0)."""
    return sum(q * (r + DIRW * bin(m).count("1")) for m, r, q in roll_table(dice) if m)


def coverage(dice: Dice) -> float:
    return _coverage(canon(dice))


@lru_cache(maxsize=CACHE)
def _coverage(dice: Dice) -> float:
    """The expected number of cells within ``COVER_R`` steps (straight, or half as many diagonally) that the
    next roll lets the pawn arrive on: what bonus farming, robbing and reaching the end cell need. A second
    direction die, even of two faces, doubles it; a power face adds to it only as far as ``COVER_R``."""
    total = 0.0
    for req, s in survival(dice).items():
        steps = COVER_R // 2 if req in (3, 6, 12, 9) else COVER_R
        total += sum(s[1 : steps + 1])
    return total


def can_move(dice: Dice) -> bool:
    return _can_move(canon(dice))


@lru_cache(maxsize=CACHE)
def _can_move(dice: Dice) -> bool:
    """Some roll of ``dice`` moves the pawn (a rolled direction and a power together)."""
    return any(m for m, _, _ in roll_table(dice))


def directions(dice: Dice) -> int:
    """The directions on ``dice``, as a mask of ``BITS``."""
    return _directions(canon(dice))


@lru_cache(maxsize=CACHE)
def _directions(dice: Dice) -> int:
    mask = 0
    for die in dice:
        for token in die:
            mask |= _face(token)[0]
    return mask


def mean_reach(dice: Dice) -> float:
    return _mean_reach(canon(dice))


@lru_cache(maxsize=CACHE)
def _mean_reach(dice: Dice) -> float:
    return sum(q * r for m, r, q in roll_table(dice) if m)


def race_turns(dice: Dice, frm: Cell, end: Cell) -> float:
    """The expected number of turns ``dice`` need to arrive on ``end`` from ``frm``, moving only nearer
    (straight or diagonally) and staying put on a roll that brings nothing nearer: exact within ``RACE_W``
    columns and rows of ``end`` (``_race``), beyond at the pace of that square's corner. Moving only nearer
    never leaves the board: its edges need not be read."""
    dx, dy = end[0] - frm[0], end[1] - frm[1]
    xbit = 2 if dx > 0 else 8
    ybit = 4 if dy > 0 else 1
    table = _race(canon(dice), xbit, ybit)
    ax, ay = abs(dx), abs(dy)
    w = RACE_W
    if ax <= w and ay <= w:
        return table[ax][ay]
    corner = table[w][w]
    extra = max(0, ax - w) + max(0, ay - w)
    return table[min(ax, w)][min(ay, w)] + extra * corner / (2 * w)


@lru_cache(maxsize=CACHE)
def _race(dice: Dice, xbit: int, ybit: int) -> tuple[tuple[float, ...], ...]:
    """T[ax][ay], the expected turns to arrive ``ax`` cells toward ``xbit`` and ``ay`` toward ``ybit`` away
    (at most ``RACE_CAP``): cells by increasing distance, each roll's best arrival nearer (or staying), and the
    rolls worth taking chosen best first (staying on the others)."""
    w = RACE_W
    big = RACE_CAP
    rolls: dict[int, list[tuple[int, float]]] = {}
    for m, r, q in roll_table(dice):
        if m and m & (xbit | ybit):
            rolls.setdefault(m & (xbit | ybit), []).append((r, q))
    top = max((r for group in rolls.values() for r, _ in group), default=0)
    t = [[0.0] * (w + 1) for _ in range(w + 1)]
    for total in range(1, 2 * w + 1):
        for ax in range(max(0, total - w), min(w, total) + 1):
            ay = total - ax
            options: list[tuple[float, float]] = []
            for m, group in rolls.items():
                best = [big] * (top + 1)  # best[r]: the lowest turns left after a move of reach r
                for r in range(1, top + 1):
                    b = best[r - 1]
                    if m & xbit and r <= ax and t[ax - r][ay] < b:
                        b = t[ax - r][ay]
                    if m & ybit and r <= ay and t[ax][ay - r] < b:
                        b = t[ax][ay - r]
                    k = r // 2
                    if m == xbit | ybit and k and r % 2 == 0 and k <= ax and k <= ay and t[ax - k][ay - k] < b:
                        b = t[ax - k][ay - k]
                    best[r] = b
                for r, q in group:
                    if best[r] < big:
                        options.append((best[r], q))
            options.sort()
            value, num, den = big, 1.0, 0.0
            for b, q in options:
                if b >= value:
                    break
                num += q * b
                den += q
                value = min(big, num / den)
            t[ax][ay] = value
    return tuple(tuple(row) for row in t)
