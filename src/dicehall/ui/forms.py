"""The seats' colours of a game's table. (The setup dialog's and Display dialog's fields, and the shortcuts,
are declared with each game: core.spec.)"""

from __future__ import annotations


def seat_colours(
    colours: tuple[tuple[str, str, str, str], ...], defaults: tuple[str, ...], ids: list[str | None], seats: int
) -> tuple[str, ...]:
    """Each seat's colour as #rrggbb from a game's (id, hex, fr, en) table; a missing or unknown id
    falls back to that seat's default colour."""
    palette = {cid: hexa for cid, hexa, _fr, _en in colours}
    return tuple(
        palette.get(ids[seat] if seat < len(ids) else "", palette[defaults[seat % len(defaults)]])  # type: ignore[arg-type]
        for seat in range(seats)
    )
