"""Le Roudalon's declaration (``SPEC``): 3 to 6 players (4 or 6, 3 and 5 as variants), the three computer
levels, the options schema and the seat colours of the new-game form. Imports no rules."""

from __future__ import annotations

from dicehall.core.options import Choice, Integer, OptionsSchema, players
from dicehall.core.spec import STANDARD_LEVELS, GameSpec

MIN_PLAYERS, MAX_PLAYERS = 3, 6
MAX_PARTIES = 12
# A party is dead once its pot has reached the ceiling: nobody can stake any more and only a 6 on every die
# of the table, thrown by one alliance of the whole table, could make it. "void": it ends void at once (the
# rulings); "play_on": it goes on, in hopeless throws and passes, until a hit or the round limit (rules 1,
# kept for the saves it wrote).
DEAD_PARTY = ("void", "play_on")

SCHEMA = OptionsSchema(
    "Le Roudalon",
    (
        players(MIN_PLAYERS, MAX_PLAYERS, 4),
        Integer(
            key="parties",
            default=None,  # None: as many parties as players
            minimum=1,
            maximum=MAX_PARTIES,
            none="players",
            none_in_json=True,
            message='{game} parties must be {minimum} to {maximum} (or "players"), got {value}',
            label=("Nombre de parties", "Number of games"),
            form=(("players", "Autant que de joueurs", "As many as players"),)
            + tuple(
                (str(n), f"{n} partie" + ("s" if n > 1 else ""), f"{n} game" + ("s" if n > 1 else ""))
                for n in range(1, 9)
            ),
            help=(
                "Chaque partie commence par un tirage au sort (2 dés) ; le plus grand gain net total gagne.",
                "Each game opens with a throw-off (2 dice); the highest total net wins.",
            ),
        ),
        Choice(  # not in the new-game form: "play_on" is kept for the saves of rules 1 (see ``upgrade``)
            key="dead_party",
            values=DEAD_PARTY,
            default="void",
            label=("Partie morte", "Dead party"),
        ),
    ),
)
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

SPEC = GameSpec(
    "roudalon",
    "Le Roudalon",
    "Le Roudalon",
    MIN_PLAYERS,
    MAX_PLAYERS,
    "dicehall.games.roudalon.game",
    scene="dicehall.games.roudalon.scene",
    log_lines="dicehall.games.roudalon.log_lines",
    summary="dicehall.games.roudalon.summary",
    hint="dicehall.games.roudalon.hint",
    challenge="dicehall.games.roudalon.challenge",
    review="dicehall.games.roudalon.review",
    tutorial="dicehall.games.roudalon.tutorial",
    levels=STANDARD_LEVELS,
    options=SCHEMA,
    default_players=4,  # one human and three computer players: the table the game is made for
    colours=COLOURS,
    default_colours=DEFAULT_COLOURS,
    blurb=(
        "Misez dans le pot commun et atteignez-le exactement, seul ou allié.",
        "Stake into the common pot and hit it exactly, alone or allied.",
    ),
    sounds="dicehall.games.roudalon.sounds",
    art="dicehall.games.roudalon.art",
)
