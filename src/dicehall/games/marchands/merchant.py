"""The merchant's transactions, their prices and the safeguards: at most one per visit; no transaction
may leave a player without a die, without a direction face or without a power face, nor in debt."""

from __future__ import annotations

from typing import Any

from dicehall.games.marchands import faces
from dicehall.games.marchands.actions import Buy, Replace, Sell

Dice = tuple[tuple[str, ...], ...]
NEW_DIE_FACES = (2, 4, 6, 8)


def price(dice: Dice, action: Any) -> int:
    """Coins the player pays (negative: receives)."""
    if isinstance(action, Sell):
        return -len(dice[action.die])
    if isinstance(action, Buy):
        return action.faces
    if isinstance(action, Replace):
        return faces.kind_of(action.token).price(action.token)
    raise TypeError(f"not a merchant transaction: {action!r}")


def after(dice: Dice, action: Any) -> Dice:
    """The player's dice after the transaction."""
    if isinstance(action, Sell):
        return dice[: action.die] + dice[action.die + 1 :]
    if isinstance(action, Buy):
        return dice + (("1",) * action.faces,)
    die = list(dice[action.die])
    die[action.face] = action.token
    return dice[: action.die] + (tuple(die),) + dice[action.die + 1 :]


def refusal(dice: Dice, coins: int, action: Any, on: frozenset[str]) -> str | None:
    """Why the merchant refuses this transaction, or None: "coins" (not enough), "no_die", "no_direction",
    "no_power" (the safeguards), "unknown" (no such die, face or face kind for sale), "same" (a face
    replaced by itself)."""
    if isinstance(action, (Sell, Replace)) and not 0 <= action.die < len(dice):
        return "unknown"
    if isinstance(action, Buy) and action.faces not in NEW_DIE_FACES:
        return "unknown"
    if isinstance(action, Replace):
        if not 0 <= action.face < len(dice[action.die]) or action.token not in faces.faces_for_sale(on):
            return "unknown"
        if dice[action.die][action.face] == action.token:
            return "same"
    if price(dice, action) > coins:
        return "coins"
    new = after(dice, action)
    if not new:
        return "no_die"
    if not faces.has_kind(new, "direction"):
        return "no_direction"
    if not faces.has_kind(new, "power"):
        return "no_power"
    return None


def candidates(dice: Dice, on: frozenset[str]) -> tuple[Any, ...]:
    """Every transaction the merchant offers (refused or not), in the dialog's order."""
    out: list[Any] = [Sell(d) for d in range(len(dice))]
    out += [Buy(k) for k in NEW_DIE_FACES]
    for_sale = faces.faces_for_sale(on)
    out += [Replace(d, f, t) for d, die in enumerate(dice) for f in range(len(die)) for t in for_sale if t != die[f]]
    return tuple(out)


def allowed(dice: Dice, coins: int, on: frozenset[str]) -> tuple[Any, ...]:
    return tuple(a for a in candidates(dice, on) if refusal(dice, coins, a, on) is None)
