"""Dés & Marchands' declaration (``SPEC``): 2 to 4 players, the three computer levels, the options schema
(the board size, the round limit, the three extensions and the "bonus once" variant) and the pawn colours of the
new-game form. Imports no rules."""

from __future__ import annotations

from dicehall.core.options import Integer, OptionsSchema, on_off, players
from dicehall.core.spec import STANDARD_LEVELS, GameSpec

SIZES = (50, 51, 30)  # 30: the quick board (same density of special cells, see board.py)
MIN_PLAYERS, MAX_PLAYERS = 2, 4

SCHEMA = OptionsSchema(
    "Dés & Marchands",
    (
        players(MIN_PLAYERS, MAX_PLAYERS, 2),
        Integer(
            key="size",
            default=50,  # 51: the variant with a true centre; 30: the quick board
            minimum=min(SIZES),
            maximum=max(SIZES),
            allowed=SIZES,
            message="the board is 50, 51 or 30 cells wide, got {value}",
            label=("Plateau", "Board"),
            # The lengths, in rounds, of 2-player games of computers (the games of `python -m dicehall simulate
            # marchands --seed len`): on 30 × 30, 100 games for each pair of the normal and expert levels, the
            # middle half last 24 to 60 rounds (medians 36 to 44); on 50 × 50, 60 games expert against normal,
            # 39 to 86 (median 66). A game is short when a player reaches the end cell early, long when the
            # leader keeps farming: a range says it better than one figure. docs/rules/marchands.*.md.
            form=(
                ("50", "50 × 50", "50 × 50"),
                ("51", "51 × 51 (vrai centre)", "51 × 51 (true centre)"),
                ("30", "30 × 30 (rapide, 25 à 60 tours)", "30 × 30 (quick, 25 to 60 rounds)"),
            ),
            help=(
                (
                    "La case d'arrivée est au centre ; 51 × 51 a un centre unique ; 30 × 30 est une partie rapide "
                    "(le plus souvent 25 à 60 tours, au lieu de 40 à 85), avec 5 cases bonus et 5 marchands."
                ),
                (
                    "The end cell is in the centre; 51 × 51 has a single centre cell; 30 × 30 is a quick game "
                    "(mostly 25 to 60 rounds, instead of 40 to 85), with 5 bonus and 5 merchant cells."
                ),
            ),
        ),
        Integer(
            key="round_limit",
            default=None,  # the game also ends after this many rounds
            minimum=1,
            maximum=1000,
            none="none",
            message="round_limit must be 1 to 1000 rounds or none, got {value}",
            label=("Limite de tours", "Round limit"),
            form=(
                ("none", "Aucune", "None"),
                ("50", "50 tours", "50 rounds"),
                ("100", "100 tours", "100 rounds"),
                ("200", "200 tours", "200 rounds"),
            ),
            help=(
                "La partie s'arrête aussi après ce nombre de tours : le plus riche gagne.",
                "The game also ends after this many rounds: the richest player wins.",
            ),
        ),
        on_off(
            "portals",
            ("Portails", "Portals"),
            (
                "Des cases jumelles : arriver sur l'une mène à l'autre.",
                "Twin cells: arriving on one takes you to the other.",
            ),
        ),
        on_off(
            "multipliers",
            ("Faces multiplicatrices", "Multiplier faces"),
            (
                "Les marchands vendent des faces ×2 (5 pièces) et ×3 (8 pièces).",
                "Merchants sell ×2 (5 coins) and ×3 (8 coins) faces.",
            ),
        ),
        on_off(
            "replay_bonus",
            ("Bonus « rejouer »", '"Play again" bonus'),
            (
                "Une case bonus peut aussi offrir de relancer aussitôt.",
                "A bonus cell may also offer to roll again at once.",
            ),
        ),
        # a variant of the rules (the text: a bonus cell acts at every arrival), not an extension
        on_off(
            "bonus_once",
            ("Bonus une fois par joueur", "Bonus once per player"),
            (
                "Une case bonus ne sert qu'une fois à chaque joueur ; il y revient ensuite pour rien.",
                "A bonus cell serves each player once; arriving there again does nothing.",
            ),
        ),
    ),
)
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

SPEC = GameSpec(
    "marchands",
    "Dés & Marchands",
    "Dice & Merchants",
    MIN_PLAYERS,
    MAX_PLAYERS,
    "dicehall.games.marchands.game",
    scene="dicehall.games.marchands.scene",
    log_lines="dicehall.games.marchands.log_lines",
    summary="dicehall.games.marchands.summary",
    hint="dicehall.games.marchands.hint",
    challenge="dicehall.games.marchands.challenge",
    review="dicehall.games.marchands.review",
    tutorial="dicehall.games.marchands.tutorial",
    levels=STANDARD_LEVELS,
    options=SCHEMA,
    default_players=2,  # one human and one computer player
    colours=COLOURS,
    default_colours=DEFAULT_COLOURS,
    blurb=(
        "Un plateau de 50×50, des dés à personnaliser chez les marchands.",
        "A 50×50 board, dice to customise at the merchants.",
    ),
    sounds="dicehall.games.marchands.sounds",
    art="dicehall.games.marchands.art",
)
