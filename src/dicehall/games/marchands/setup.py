"""What the setup dialog needs to offer a Dés & Marchands match: seat colours, the board size (50, 51 or
the quick 30), the round limit and the three extensions (portals, multiplier faces, the replay bonus)."""

from __future__ import annotations

from dicehall.ui.forms import ChoiceField, Shortcut

# (id, #rrggbb, French name, English name): six pawn colours, dark enough to be read as text on the light
# theme and distinct from the board's bonus (green), merchant (gold) and portal (violet) cells.
COLOURS: tuple[tuple[str, str, str, str], ...] = (
    ("red", "#c62828", "Rouge", "Red"),
    ("blue", "#1565c0", "Bleu", "Blue"),
    ("orange", "#e65100", "Orange", "Orange"),
    ("black", "#37474f", "Ardoise", "Slate"),
    ("pink", "#ad1457", "Rose", "Pink"),
    ("teal", "#00838f", "Sarcelle", "Teal"),
)
DEFAULT_COLOURS: tuple[str, ...] = ("red", "blue", "orange", "black", "pink", "teal")
DEFAULT_PLAYERS = 2  # one human and one computer player

_ON_OFF = (("off", "Non", "No"), ("on", "Oui", "Yes"))

OPTION_FIELDS: tuple[ChoiceField, ...] = (
    ChoiceField(
        key="size",
        label=("Plateau", "Board"),
        # The quick board's length: the median of 200 games of two computers (normal or expert), 41 rounds
        # (50 × 50: 64 to 68), `python -m dicehall simulate marchands --options '{"size": 30}'`.
        choices=(("50", "50 × 50", "50 × 50"), ("51", "51 × 51 (vrai centre)", "51 × 51 (true centre)"),
                 ("30", "30 × 30 (rapide, ~40 tours)", "30 × 30 (quick, ~40 rounds)")),
        default="50",
        help=("La case d'arrivée est au centre ; 51 × 51 a un centre unique ; 30 × 30 est une partie rapide "
              "(~40 tours au lieu de ~65), avec 5 cases bonus et 5 marchands.",
              "The end cell is in the centre; 51 × 51 has a single centre cell; 30 × 30 is a quick game "
              "(~40 rounds instead of ~65), with 5 bonus and 5 merchant cells."),
    ),
    ChoiceField(
        key="round_limit",
        label=("Limite de tours", "Round limit"),
        choices=(("none", "Aucune", "None"), ("50", "50 tours", "50 rounds"), ("100", "100 tours", "100 rounds"),
                 ("200", "200 tours", "200 rounds")),
        default="none",
        help=("La partie s'arrête aussi après ce nombre de tours : le plus riche gagne.",
              "The game also ends after this many rounds: the richest player wins."),
    ),
    ChoiceField(
        key="portals",
        label=("Portails", "Portals"),
        choices=_ON_OFF,
        default="off",
        help=("Des cases jumelles : arriver sur l'une mène à l'autre.",
              "Twin cells: arriving on one takes you to the other."),
    ),
    ChoiceField(
        key="multipliers",
        label=("Faces multiplicatrices", "Multiplier faces"),
        choices=_ON_OFF,
        default="off",
        help=("Les marchands vendent des faces ×2 (5 pièces) et ×3 (8 pièces).",
              "Merchants sell ×2 (5 coins) and ×3 (8 coins) faces."),
    ),
    ChoiceField(
        key="replay_bonus",
        label=("Bonus « rejouer »", "\"Play again\" bonus"),
        choices=_ON_OFF,
        default="off",
        help=("Une case bonus peut aussi offrir de relancer aussitôt.",
              "A bonus cell may also offer to roll again at once."),
    ),
)

SHORTCUTS: tuple[Shortcut, ...] = ()
