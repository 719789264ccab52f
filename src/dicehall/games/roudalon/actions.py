"""Le Roudalon actions and the die outcome, with their tagged JSON form."""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.core.codec import Codec

CODEC = Codec()


@CODEC.register("face")
@dataclass(frozen=True, slots=True)
class Face:
    """Chance outcome: the next die in the air lands on ``face`` (1-6)."""

    face: int


@CODEC.register("stake")
@dataclass(frozen=True, slots=True)
class Stake:
    """Put ``amount`` units (1-6) into the pot; at the end of the turn the player holds one more die."""

    amount: int


@CODEC.register("throw")
@dataclass(frozen=True, slots=True)
class Throw:
    """Throw ``dice`` (1 or 2) of the held dice at the pot: alone on one's turn, or as an alliance member."""

    dice: int


@CODEC.register("propose")
@dataclass(frozen=True, slots=True)
class Propose:
    """Propose an alliance to the player on the left (the active player, or the newest member)."""


@CODEC.register("accept")
@dataclass(frozen=True, slots=True)
class Accept:
    """Answer "oui" to a proposal: join the alliance."""


@CODEC.register("refuse")
@dataclass(frozen=True, slots=True)
class Refuse:
    """Answer "non" to a proposal."""


@CODEC.register("close")
@dataclass(frozen=True, slots=True)
class Close:
    """The newest member does not extend the alliance: the members throw."""


@CODEC.register("pass")
@dataclass(frozen=True, slots=True)
class Pass:
    """No die and no stake possible (the pot is at its ceiling): the turn passes, and a die comes back."""


FACES = tuple(Face(f) for f in range(1, 7))
STAKES = tuple(Stake(a) for a in range(1, 7))  # STAKES[a - 1]
THROWS = (Throw(1), Throw(2))  # THROWS[k - 1]
PROPOSE = Propose()
ACCEPT = Accept()
REFUSE = Refuse()
CLOSE = Close()
PASS = Pass()
