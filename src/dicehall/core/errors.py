"""The errors the engine raises. Each message names the offending input so a user can act on it."""


class DicehallError(Exception):
    """Base class of every error the engine raises on purpose."""


class InvalidActionError(DicehallError, ValueError):
    """The JSON of an action or outcome is not well formed (unknown type, missing or bad field)."""


class IllegalActionError(DicehallError, ValueError):
    """A well-formed action that the rules do not allow in this position."""


class SaveFormatError(DicehallError, ValueError):
    """A save that cannot be read: not JSON, another format, an unknown game, a newer version, a bad entry.

    ``kind`` says why, for a caller that chooses its words (the page's notice for a file): ``"not_utf8"``
    (bytes that are not UTF-8 text), ``"too_large"`` (over the size or nesting limit), ``"not_json"``,
    ``"not_unicode"`` (a lone surrogate), ``"not_ours"`` (not an object, or another format), ``"newer"``
    (a newer ``rules_version``), ``"edited"`` (log entry ``entry`` refused) or ``"other"`` (the message
    says what: bad options, a bad seat, an unknown game…)."""

    KINDS = ("not_utf8", "too_large", "not_json", "not_unicode", "not_ours", "newer", "edited", "other")

    def __init__(self, message: str, kind: str = "other", entry: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind if kind in self.KINDS else "other"
        self.entry = entry


class UnknownGameError(DicehallError, KeyError):
    """No registered game has this id."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0]) if self.args else "unknown game"


class InvalidOptionsError(DicehallError, ValueError):
    """A game's options that its schema refuses: not an object, an unknown key, a value of the wrong type or
    out of range (core.options.OptionsSchema). A ValueError, as every bad option always was."""
