"""The errors the engine raises. Each message names the offending input so a user can act on it."""


class DicehallError(Exception):
    """Base class of every error the engine raises on purpose."""


class InvalidActionError(DicehallError, ValueError):
    """The JSON of an action or outcome is not well formed (unknown type, missing or bad field)."""


class IllegalActionError(DicehallError, ValueError):
    """A well-formed action that the rules do not allow in this position."""


class SaveFormatError(DicehallError, ValueError):
    """A save that cannot be read: not JSON, another format, an unknown game, a newer version, a bad entry."""


class UnknownGameError(DicehallError, KeyError):
    """No registered game has this id."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0]) if self.args else "unknown game"


class InvalidOptionsError(DicehallError, ValueError):
    """A game's options that its schema refuses: not an object, an unknown key, a value of the wrong type or
    out of range (core.options.OptionsSchema). A ValueError, as every bad option always was."""
