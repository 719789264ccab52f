"""What a marking is worth: its option, validity, points, bonus and the gift it leaves for the neighbour.

Pure functions of the six dice values and the chosen dice, shared by the rules, the AI and the scene
(which shows all of it live while the player selects).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from dicehall.games.charidice.dice import LATIN

SAME, DIFFERENT = "same", "different"
# Option A (one colour): bonus by the number of dice, (not a run, a run). Six of one colour are always a run.
SAME_BONUS = {4: (15, 25), 5: (0, 40), 6: (50, 50)}
# Option B (different colours): bonus when every marked die shows the same number.
DIFFERENT_BONUS = {4: 15, 5: 30, 6: 60}
# Why a selection cannot be marked (a key of the game's texts).
EMPTY, TOO_FEW_SAME, MIXED = "empty", "too_few_same", "mixed"


def gift_value(value: int) -> int:
    """A given 5 or 6 counts double for the receiver."""
    return value * 2 if value >= 5 else value


def is_run(values: list[int]) -> bool:
    """Consecutive numbers, no wrap (values are distinct here: one colour never repeats a number)."""
    ordered = sorted(values)
    return all(b == a + 1 for a, b in zip(ordered, ordered[1:]))


@dataclass(frozen=True, slots=True)
class Marking:
    dice: tuple[int, ...]
    option: str | None  # SAME | DIFFERENT | None (nothing marked, or not a valid marking)
    problem: str | None  # None when valid (EMPTY is valid when the zero-marking variant is on)
    points: int  # the marked dice's numbers
    bonus: int
    run: bool
    same_number: bool  # option B with every die showing one number (4+ dice earn its bonus)
    gift: int  # the unmarked dice, 5 and 6 doubled

    @property
    def valid(self) -> bool:
        return self.problem is None

    @property
    def total(self) -> int:
        return self.points + self.bonus


def analyse(values: tuple[int, ...], dice: tuple[int, ...]) -> Marking:
    """The marking of ``dice`` (indices) when the six dice show ``values``. Empty is reported as EMPTY."""
    return _analyse(values, tuple(sorted(dice)))


# The caches hold what one game looks at again (a roll's 63 markings, about 60 rolls a game): kept across
# games, they filled towards 65,536 markings, some 14 MB of the wasm memory, which a page never gives
# back (docs/performance.md, "Memory over a long session").
ANALYSE_CACHE = 4096
MASKS_CACHE = 1024


@lru_cache(maxsize=ANALYSE_CACHE)
def _analyse(values: tuple[int, ...], dice: tuple[int, ...]) -> Marking:
    marked = [values[i] for i in dice]
    gift = sum(gift_value(values[i]) for i in range(6) if i not in dice)
    points = sum(marked)
    if not dice:
        return Marking(dice, None, EMPTY, 0, 0, False, False, gift)
    colours = [LATIN[i][values[i] - 1] for i in dice]
    if len(set(colours)) == len(colours):  # pairwise different colours (a single die is one)
        same_number = len(set(marked)) == 1
        bonus = DIFFERENT_BONUS.get(len(dice), 0) if same_number else 0
        return Marking(dice, DIFFERENT, None, points, bonus, False, same_number, gift)
    if len(set(colours)) == 1:
        if len(dice) < 4:
            return Marking(dice, SAME, TOO_FEW_SAME, points, 0, False, False, gift)
        run = is_run(marked)
        return Marking(dice, SAME, None, points, SAME_BONUS[len(dice)][run], run, False, gift)
    return Marking(dice, None, MIXED, points, 0, False, False, gift)


@lru_cache(maxsize=MASKS_CACHE)
def valid_masks(values: tuple[int, ...], zero_allowed: bool = False) -> tuple[int, ...]:
    """Every bit mask of dice that may be marked on ``values`` (mask 0 only with the variant)."""
    out = [0] if zero_allowed else []
    for mask in range(1, 64):
        dice = tuple(i for i in range(6) if mask >> i & 1)
        if _analyse(values, dice).problem is None:
            out.append(mask)
    return tuple(out)
