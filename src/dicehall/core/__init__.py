"""The engine protocol every game speaks: pure Python, no I/O, no clock, no global random generator."""

from dicehall.core.errors import (
    IllegalActionError,
    InvalidActionError,
    SaveFormatError,
    UnknownGameError,
)
from dicehall.core.protocol import NodeKind, Outcome, State, step

__all__ = [
    "IllegalActionError",
    "InvalidActionError",
    "NodeKind",
    "Outcome",
    "SaveFormatError",
    "State",
    "UnknownGameError",
    "step",
]
