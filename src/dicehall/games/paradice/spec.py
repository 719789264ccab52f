"""Paradice's declaration (``SPEC``): 2 to 6 players (six in the original), the three computer levels, the
options schema (the original's rule options and our round limit), the fruits' names and colours, the
board font, the game menu's statistics and views, and the original program's keyboard shortcuts.
Imports no rules."""

from __future__ import annotations

from dicehall.core.options import Integer, OptionsSchema, players
from dicehall.core.spec import STANDARD_LEVELS, ChoiceField, GameSpec, Shortcut

MIN_PLAYERS, MAX_PLAYERS = 2, 6
# The original's "Règle" bits: where an event goes that nobody holds any more.
RULE_DECLINED = 1  # an event declined (or too dear) on landing goes to the jackpot (default)
RULE_SOLD = 2  # an event sold to pay goes to the jackpot
RULE_LIQUIDATED = 4  # the events of an eliminated player go to the jackpot


def _rules_label(bits: int, lang: int) -> str:
    names = (("refusés", "declined"), ("vendus", "sold"), ("liquidés", "liquidated"))
    parts = [names[i][lang] for i in range(3) if bits & (1 << i)]
    if not parts:
        return ("Aucun événement au jackpot", "No event goes to the jackpot")[lang]
    prefix = ("Au jackpot : ", "To the jackpot: ")[lang]
    return prefix + ", ".join(parts)


SCHEMA = OptionsSchema(
    "Paradice",
    (
        players(MIN_PLAYERS, MAX_PLAYERS, 6),  # as the original: six players
        Integer(
            key="rules",
            default=RULE_DECLINED,  # sum of the RULE_* bits, 0..7
            minimum=0,
            maximum=7,
            message="{game} rules are a sum of 1, 2 and 4 (0 to 7), got {value}",
            label=("Règle du jeu (cession au jackpot)", "Rule options (events given to the jackpot)"),
            form=tuple((str(bits), _rules_label(bits, 0), _rules_label(bits, 1)) for bits in (1, 3, 5, 7, 0, 2, 4, 6)),
            help=(
                (
                    "1 : un événement refusé va au jackpot ; 2 : un événement vendu pour payer aussi ; "
                    "4 : les événements d'un joueur éliminé aussi."
                ),
                (
                    "1: an event nobody buys goes to the jackpot; 2: so does one sold to pay; "
                    "4: so do the events of an eliminated player."
                ),
            ),
        ),
        Integer(
            key="round_limit",
            default=None,  # ours: after this many rounds the richest player wins
            minimum=1,
            maximum=999,
            none="none",
            message="round_limit must be 1 to 999 rounds or none, got {value}",
            label=("Limite de tours", "Round limit"),
            form=(("none", "Aucune (dernier joueur en jeu)", "None (last player standing)"),)
            + tuple(
                (str(n), f"{n} tours (le plus riche gagne)", f"{n} rounds (the richest wins)") for n in (20, 50, 100)
            ),
            help=(
                "Sans limite, la partie dure jusqu'à ce qu'il ne reste qu'un joueur.",
                "Without a limit the game goes on until one player is left.",
            ),
        ),
    ),
)

# (id, #rrggbb, French name, English name): the six fruits, in the original's turn order.
COLOURS: tuple[tuple[str, str, str, str], ...] = (
    ("myrtille", "#3949ab", "Myrtille", "Blueberry"),
    ("framboise", "#d81b60", "Framboise", "Raspberry"),
    ("orange", "#f57c00", "Orange", "Orange"),
    ("fraise", "#e53935", "Fraise", "Strawberry"),
    ("citron", "#c0a000", "Citron", "Lemon"),
    ("kiwi", "#689f38", "Kiwi", "Kiwi"),
)
DEFAULT_COLOURS: tuple[str, ...] = ("myrtille", "framboise", "orange", "fraise", "citron", "kiwi")
SEAT_NAMES: tuple[tuple[str, str], ...] = (
    ("Myrtille", "Myrtille"),
    ("Framboise", "Framboise"),
    ("Orange", "Orange"),
    ("Fraise", "Fraise"),
    ("Citron", "Citron"),
    ("Kiwi", "Kiwi"),
)
JACKPOT_COLOUR = "#7b1fa2"  # "pourpre": the jackpot's amount, curve and checkerboard
SKY_COLOUR = "#81d4fa"  # the other square of the jackpot's "ciel et pourpre" checkerboard


# The Display dialog: the board's font, as the original's font option (Ctrl+F passes to the next one).
DISPLAY_FIELDS: tuple[ChoiceField, ...] = (
    ChoiceField(
        key="font",
        label=("Police du plateau", "Board font"),
        choices=(("normal", "Normale", "Normal"), ("large", "Grande", "Large"), ("mono", "À chasse fixe", "Monospace")),
        default="normal",
        help=("Ctrl+F passe à la suivante.", "Ctrl+F: the next one."),
    ),
)

# The game menu's own entries: ((French, English), command, argument, section), section "stats" (the
# menu's statistics, with the all-time win record) or "views". An entry whose label names "{name}" is a
# seat's: its argument is the seat, and the app shows it once per seat in play.
MENU_ITEMS: tuple[tuple[tuple[str, str], str, object, str], ...] = (
    (("Bilan du tour", "Round balance"), "scene:stats", "turn", "stats"),
    (("Graphe d'évolution", "Evolution graph"), "scene:stats", "evolution", "stats"),
    (("Stats par événement", "Stats per event"), "scene:stats", "events", "stats"),
    (("Stats par tirage de dés", "Stats per dice roll"), "scene:stats", "rolls", "stats"),
    (("Crédits par joueur", "Credits per player"), "scene:stats", "credits", "stats"),
    (("Débits par joueur", "Debits per player"), "scene:stats", "debits", "stats"),
    (("Événements de dés…", "Dice events…"), "scene:events", None, "views"),
) + tuple((("Parcours de {name}", "{name}'s route"), "scene:route", seat, "views") for seat in range(6))

# The original's shortcuts. A browser keeps some for itself (Ctrl+N, Ctrl+T, and Ctrl+1…6 in most of
# them): the game menu offers the same views, and the board takes the plain keys 1–6 and E.
SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut("p", "pause"),
    Shortcut("r", "resume-play"),
    Shortcut("a", "abandon"),
    Shortcut("o", "demo"),
    Shortcut("i", "speed", "fast"),
    Shortcut("m", "speed", "normal"),
    Shortcut("l", "speed", "slow"),
    Shortcut("t", "scene:stats", "turn"),
    Shortcut("g", "scene:stats", "evolution"),
    Shortcut("v", "scene:stats", "events"),
    Shortcut("d", "scene:stats", "rolls"),
    Shortcut("j", "scene:stats", "credits"),
    Shortcut("j", "scene:stats", "debits", shift=True),
    Shortcut("c", "scene:percent", True),
    Shortcut("s", "scene:percent", False),
    Shortcut("e", "scene:events", None),
    Shortcut("f", "cycle:font"),
) + tuple(Shortcut(str(seat + 1), "scene:route", seat) for seat in range(6))

SPEC = GameSpec(
    "paradice",
    "Paradice",
    "Paradice",
    MIN_PLAYERS,
    MAX_PLAYERS,
    "dicehall.games.paradice.game",
    scene="dicehall.games.paradice.scene",
    log_lines="dicehall.games.paradice.log_lines",
    summary="dicehall.games.paradice.summary",
    hint="dicehall.games.paradice.hint",
    challenge="dicehall.games.paradice.challenge",
    tutorial="dicehall.games.paradice.tutorial",
    review="dicehall.games.paradice.review",
    levels=STANDARD_LEVELS,
    options=SCHEMA,
    default_players=6,  # as the original: six players, the first one human
    colours=COLOURS,
    default_colours=DEFAULT_COLOURS,
    seat_names=SEAT_NAMES,
    display_fields=DISPLAY_FIELDS,
    shortcuts=SHORTCUTS,
    menu_items=MENU_ITEMS,
    demo=True,  # the new-game form offers a demonstration: six computer players
    blurb=(
        "Un plateau de 81 cases, des événements de dés à acheter, un jackpot.",
        "A board of 81 cells, dice events to buy, a jackpot.",
    ),
    sounds="dicehall.games.paradice.sounds",
    art="dicehall.games.paradice.art",
    challenge_unit=("{score} en caisse", "{score} in the bank"),
)
