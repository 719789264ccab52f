"""Learn to play Indecix (core/tutorial.py): a game well under way, you (Left) against the computer.

The prelude lays 20 dice, none capturing, on this grid (turn 21, Left to play):

    L2 .. .. R4 .. L1
    R5 .. R1 .. L6 ..
    R6 L5 R3 .. .. ..       <- the rules page's example: 6, 5 and 3 left of D3
    .. R1 .. .. L2 L6
    .. .. L4 R3 .. R2
    L1 R2 L6 R5 L3 ..       <- an edge row one die short of a run: F6 takes a 4

Then the learner stops a 2 (D2 or D3) and captures the 5 and the 3 from D3 (11 points); after it, every free
square has a 2 in its row or its column. The computer plays B1. The learner's 4 completes the last row on F6
(a run of 17 points). The computer plays C4. The learner's next 2 has no square: not played, OK. The
computer plays E3, and the learner places the last die anywhere.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.tutorial import ANY, Roll, Step, Tutorial
from dicehall.games.indecix.actions import PASS, Face, Place

PRELUDE_DICE = (
    (3, (4, 5)), (2, (5, 4)), (6, (2, 5)), (5, (3, 5)), (6, (5, 3)), (3, (3, 4)), (1, (5, 0)),
    (4, (3, 0)), (2, (4, 3)), (3, (2, 2)), (6, (4, 1)), (1, (2, 1)), (1, (0, 5)), (2, (1, 5)),
    (4, (2, 4)), (6, (0, 2)), (5, (1, 2)), (1, (1, 3)), (2, (0, 0)), (5, (0, 1)),
)  # fmt: skip
# (face, cell) turn after turn from turn 1, Left first; the order that captures nothing.
PRELUDE = tuple(
    entry
    for turn, (face, cell) in enumerate(PRELUDE_DICE)
    for entry in (("chance", Face(face)), (turn % 2, Place(cell)))
)

CAPTURE = Place((3, 2))  # D3: the 2 captures the 3 and the 5, the 6 is the borne
RUN = Place((5, 5))  # F6: the 4 completes the last row
DICE = {
    "turn 21/seat 0": Face(2),
    "turn 22/seat 1": Face(3),
    "turn 23/seat 0": Face(4),
    "turn 24/seat 1": Face(5),
    "turn 25/seat 0": Face(2),
    "turn 26/seat 1": Face(1),
    "turn 27/seat 0": Face(3),
}


def comment(before: Any, action: Any, after: Any) -> tuple[str, dict[str, Any]]:
    """What the learner's own placement did: a capture, a run, or neither."""
    last = after.last
    if last.captured:
        return "free_capture", {"n": len(last.captured), "points": last.capture_points}
    if last.suites_formed:
        return "free_run", {"points": sum(s.points for s in last.suites_formed)}
    return "free_quiet", {}


TEXTS: dict[str, tuple[str, str]] = {
    "intro": (
        "Indecix se joue à deux sur une grille de 6 × 6. Chacun a 18 dés à poser, un par tour ; après 36 tours, "
        "le plus de points gagne. Vous êtes Gauche, en bleu. La partie est déjà avancée : 20 dés sont posés.",
        "Indecix is played by two on a 6 × 6 grid. Each has 18 dice to place, one a turn; after 36 turns the most "
        "points wins. You are Left, in blue. The game is well under way: 20 dice are down.",
    ),
    "roll": (
        "À votre tour, votre dé tourne au-dessus du bouton. Appuyez sur STOP (ou Espace) pour l'arrêter.",
        "On your turn your die spins above the button. Press STOP (or Space) to stop it.",
    ),
    "rule": (
        "Vous avez un 2. Il va sur une case libre, mais jamais sur une ligne ni une colonne qui a déjà un 2, "
        "de quelque couleur qu'il soit, comme au Sudoku. Il ne reste que deux cases, encadrées : D2 et D3.",
        "You rolled a 2. It goes on a free square, but never in a row or a column that already holds a 2, of "
        "either colour, as in Sudoku. Only two squares are left, framed: D2 and D3.",
    ),
    "capture": (
        "Capture : à gauche de D3 se suivent 3, 5 et 6. Posez votre 2 en D3 : le 3 et le 5 sont entre 2 et 6, "
        "donc le 6 sert de borne et les deux dés entre eux sont pris.",
        "Capture: left of D3 lie a 3, a 5 and a 6. Put your 2 on D3: the 3 and the 5 are between 2 and 6, so "
        "the 6 is a borne and both dice between are taken.",
    ),
    "capture_no": (
        "Pas cette fois : posez le 2 en D3, parce que c'est la case qui capture.",
        "Not this time: put the 2 on D3, because that is the square that captures.",
    ),
    "captured": (
        "11 points ! Un dé adverse pris rapporte le double de sa face (le 3 rouge : 6), un des vôtres sa face "
        "(le 5 : 5). La borne reste. On ne saute jamais une case vide, et un dé voisin n'est jamais une borne.",
        "11 points! A die of your opponent's scores twice its face (the red 3: 6), one of yours its face (the "
        "5: 5). The borne stays. A capture never jumps an empty square, and a neighbouring die is never a borne.",
    ),
    "panel": (
        "Les dés pris rejoignent votre côté de la grille, avec leur nombre et leurs points, sous vos dés "
        "restant à jouer.",
        "The dice you take go to your side of the grid, with their number and their points, under your dice "
        "still to play.",
    ),
    "roll_again": (
        "L'ordinateur a posé un 3 en B1. À vous : STOP.",
        "The computer put a 3 on B1. Your turn: STOP.",
    ),
    "run": (
        "Un 4 : il complète la dernière ligne en F6. Une ligne ou une colonne remplie est une suite. Posez-le en F6.",
        "A 4: on F6 it completes the last row. A full row or column is a run. Put it on F6.",
    ),
    "run_no": (
        "Pas cette fois : posez le 4 en F6, parce que c'est lui qui remplit la ligne.",
        "Not this time: put the 4 on F6, because it fills the row.",
    ),
    "run_done": (
        "Une suite rapporte la somme des faces sans le dé posé : 21 − 4 = 17 points, le double si les six dés "
        "sont à vous. Au bord, elle ne peut plus être brisée ; à l'intérieur, une capture qui lui ôte un dé "
        "lui fait perdre ses points.",
        "A run scores the sum of its faces without the die placed: 21 − 4 = 17 points, twice that if all six "
        "dice are yours. On an edge it can never be broken; inside, a capture that takes one of its dice "
        "takes its points too.",
    ),
    "roll_third": (
        "L'ordinateur a posé un 5 en C4. À vous : STOP.",
        "The computer put a 5 on C4. Your turn: STOP.",
    ),
    "stuck": (
        "Encore un 2, mais chaque case libre a déjà un 2 sur sa ligne ou sa colonne : il ne peut aller nulle "
        "part. Il est « non joué » et rapporte 1 point à l'adversaire. Appuyez sur OK.",
        "A 2 again, but every free square already has a 2 in its row or column: it cannot go anywhere. It is "
        "“not played” and scores 1 point for your opponent. Press OK.",
    ),
    "roll_last": (
        "L'ordinateur a posé un 1 en E3. À vous : STOP.",
        "The computer put a 1 on E3. Your turn: STOP.",
    ),
    "free": (
        "À vous de choisir : posez ce 3 sur la case permise de votre choix. Avec les aides, chaque case "
        "encadrée montre les points qu'elle capturerait.",
        "Your choice: put this 3 on any square allowed. With the aids on, each framed square shows the points "
        "it would capture.",
    ),
    "free_capture": (
        "Bien joué : {n} dé(s) pris pour {points} points.",
        "Well played: {n} dice taken for {points} points.",
    ),
    "free_run": (
        "Une suite de plus : {points} points.",
        "Another run: {points} points.",
    ),
    "free_quiet": (
        "Posé. Rien à prendre ici : ce dé pourra servir de borne plus tard, ou être pris.",
        "Placed. Nothing to take here: this die may be a borne later, or be taken.",
    ),
    "scores": (
        "Votre score, en haut : captures, suites encore complètes et dés non joués de l'adversaire (1 point "
        "chacun). Il se joue jusqu'au 36e tour.",
        "Your score, at the top: captures, runs still complete and your opponent's dice not played (1 point "
        "each). Play goes on to turn 36.",
    ),
    "modes": (
        "Ici, en Blitz, on lance le dé ; en Master, pas de hasard : chacun a trois jetons de chaque face et "
        "choisit celui qu'il pose.",
        "This is Blitz: the die is rolled. In Master there is no chance: each player has three tokens of each "
        "face and chooses the one to place.",
    ),
    "end": (
        "Vous connaissez Indecix : poser, capturer, compléter des suites. À vous de jouer une vraie partie !",
        "You know Indecix: place, capture, complete runs. Now play a real game!",
    ),
}

TUTORIAL = Tutorial(
    game="indecix",
    options={"mode": "blitz", "suite_scoring": "text"},
    levels=("normal",),
    seed="tutorial/indecix",
    prelude=PRELUDE,
    dice=DICE,
    texts=TEXTS,
    steps=(
        Step("intro", "grid"),
        Step("roll", "button", Roll("turn 21/seat 0")),
        Step("rule", "grid"),
        Step("capture", "cell:3,2", CAPTURE, refusal="capture_no"),
        Step("captured", "score:0"),
        Step("panel", "panel:0"),
        Step("roll_again", "button", Roll("turn 23/seat 0"), before=((1, Place((1, 0))),)),
        Step("run", "cell:5,5", RUN, refusal="run_no"),
        Step("run_done", "row:5"),
        Step("roll_third", "button", Roll("turn 25/seat 0"), before=((1, Place((2, 3))),)),
        Step("stuck", "button", PASS),
        Step("roll_last", "button", Roll("turn 27/seat 0"), before=((1, Place((4, 2))),)),
        Step("free", "grid", ANY, comment=comment),
        Step("scores", "score:0"),
        Step("modes", "die"),
        Step("end"),
    ),
)
