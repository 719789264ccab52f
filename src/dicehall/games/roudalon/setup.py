"""What the setup dialog needs to offer a Roudalon match: seat colours, the table size and the parties."""

from __future__ import annotations

from dicehall.ui.forms import ChoiceField, Shortcut

# (id, #rrggbb, French name, English name): six seat colours, dark enough to be read as text on the
# light theme and far from the gold of the pot's units.
COLOURS: tuple[tuple[str, str, str, str], ...] = (
    ("red", "#c62828", "Rouge", "Red"),
    ("blue", "#1565c0", "Bleu", "Blue"),
    ("green", "#2e7d32", "Vert", "Green"),
    ("purple", "#7b1fa2", "Violet", "Purple"),
    ("teal", "#00838f", "Sarcelle", "Teal"),
    ("brown", "#6d4c41", "Brun", "Brown"),
)
DEFAULT_COLOURS: tuple[str, ...] = ("red", "blue", "green", "purple", "teal", "brown")
DEFAULT_PLAYERS = 4  # one human and three computer players: the table the game is made for

OPTION_FIELDS: tuple[ChoiceField, ...] = (
    ChoiceField(
        key="parties",
        label=("Nombre de parties", "Number of games"),
        choices=(("players", "Autant que de joueurs", "As many as players"),)
        + tuple((str(n), f"{n} partie" + ("s" if n > 1 else ""), f"{n} game" + ("s" if n > 1 else ""))
                for n in range(1, 9)),
        default="players",
        help=(
            "Chaque partie commence par un tirage au sort (2 dés) ; le plus grand gain net total gagne.",
            "Each game opens with a throw-off (2 dice); the highest total net wins.",
        ),
    ),
)

SHORTCUTS: tuple[Shortcut, ...] = ()
