"""Learn to play Dés & Marchands (core/tutorial.py): three turns on the quick board, you against the computer.

Board layout 3863 of the 30 × 30 board, two players, you first: your pawn at (8, 20), a merchant two cells
south at (8, 22), bonus cells at (8, 23) and (7, 23), the computer at (11, 24). In the prelude (round 1) you
rolled South and 2, went to the merchant and bought a die of two faces, both power 1 (your 2 coins); the
computer went West 4 to (7, 24).

Round 2: you roll South, 3 and 1 (reach 4), step one cell south onto the bonus and take 5 coins; the
computer steps north onto the other bonus and takes 5 too (7). Round 3: you roll North and go back to the
merchant, where you replace a face of your small die by East (1 coin); the computer goes East 2 to (9, 23),
diagonally next to you. Round 4: South, 2 and East: two perpendicular directions, a diagonal at half the
power (1 cell). You move south-east onto the computer and take half its coins (3 of 7).
"""

from __future__ import annotations

from dicehall.core.tutorial import Step, Tutorial
from dicehall.games.marchands.actions import ROLL, Bonus, Buy, Layout, Move, Replace, Side

LAYOUT = 3863
N, E, S, W = range(4)  # the sides of the direction die (N, E, S, W)


def power(value: int) -> Side:
    """The side of the starting power die (1, 2, 3, 4) showing ``value``."""
    return Side(value - 1)


PRELUDE = (
    ("chance", Layout(LAYOUT)),
    (0, ROLL),
    ("chance", Side(S)),
    ("chance", power(2)),
    (0, Move((8, 22))),
    (0, Buy(2)),
    (1, ROLL),
    ("chance", Side(W)),
    ("chance", power(4)),
    (1, Move((7, 24))),
)
DICE = {
    "round 2/seat 0/die 1": Side(S),
    "round 2/seat 0/die 2": power(3),
    "round 2/seat 0/die 3": Side(0),
    "round 2/seat 1/die 1": Side(N),
    "round 2/seat 1/die 2": power(1),
    "round 3/seat 0/die 1": Side(N),
    "round 3/seat 0/die 2": power(1),
    "round 3/seat 0/die 3": Side(1),
    "round 3/seat 1/die 1": Side(E),
    "round 3/seat 1/die 2": power(2),
    "round 4/seat 0/die 1": Side(S),
    "round 4/seat 0/die 2": power(2),
    "round 4/seat 0/die 3": Side(0),  # the face bought: East
}
BONUS_CELL = Move((8, 23))
MERCHANT_CELL = Move((8, 22))
EAST_FACE = Replace(2, 0, "E")  # the small die's first face becomes East
ROBBED = Move((9, 23))

TEXTS: dict[str, tuple[str, str]] = {
    "intro": (
        "Dés & Marchands : chacun à son tour lance tous ses dés et déplace son pion. La partie s'arrête dès "
        "qu'un joueur atteint la case d'arrivée, au centre. Voici votre pion.",
        "Dés & Marchands: in turn, each player rolls all their dice and moves their pawn. The game stops as "
        "soon as a player reaches the end cell, in the centre. Here is your pawn.",
    ),
    "dice": (
        "Vos dés : un dé de direction (N, E, S, O), un dé de puissance (1 à 4), et un petit dé à deux faces "
        "de puissance 1, acheté au marchand au tour précédent. Les puissances tirées s'additionnent.",
        "Your dice: a direction die (N, E, S, W), a power die (1 to 4), and a small die of two faces of power "
        "1, bought from the merchant last turn. The powers rolled add up.",
    ),
    "roll": ("Lancez vos dés.", "Roll your dice."),
    "move": (
        "Sud, 3 et 1 : vous pouvez aller de 0 à 4 cases vers le Sud. Allez sur la case bonus, juste en dessous.",
        "South, 3 and 1: you may go 0 to 4 cells south. Go to the bonus cell just below.",
    ),
    "move_no": (
        "Pas cette fois : allez sur la case bonus, une case au Sud, parce que la leçon y montre le bonus.",
        "Not this time: go to the bonus cell one cell south, because the lesson shows the bonus there.",
    ),
    "bonus": (
        "Une case bonus : recevez 5 pièces, ou faites perdre 2 pièces à chaque autre joueur, ou rien. "
        "Prenez les 5 pièces.",
        "A bonus cell: take 5 coins, or make every other player lose 2 coins, or nothing. Take the 5 coins.",
    ),
    "bonus_no": (
        "Pas cette fois : prenez les 5 pièces, parce que vous en aurez besoin chez le marchand.",
        "Not this time: take the 5 coins, because you will need them at the merchant.",
    ),
    "roll_again": (
        "L'ordinateur est allé sur l'autre case bonus et a pris 5 pièces. À vous : lancez.",
        "The computer went to the other bonus cell and took 5 coins. Your turn: roll.",
    ),
    "merchant": (
        "Nord, 1 et 1 : revenez au marchand, une case au Nord. Arriver sur un pion ou une case spéciale, "
        "c'est là que tout se passe ; une distance de 0 ne déclenche rien.",
        "North, 1 and 1: go back to the merchant, one cell north. Arriving on a pawn or a special cell is "
        "where things happen; a distance of 0 triggers nothing.",
    ),
    "merchant_no": (
        "Pas cette fois : allez au marchand, une case au Nord, parce que la leçon y achète une face.",
        "Not this time: go to the merchant one cell north, because the lesson buys a face there.",
    ),
    "trade": (
        "Chez le marchand, une transaction par visite : vendre un dé, en acheter un, ou remplacer une face "
        "(une direction coûte 1 pièce, une puissance sa valeur). Remplacez la première face de votre petit dé "
        "par Est.",
        "At the merchant, one transaction a visit: sell a die, buy one, or replace a face (a direction costs 1 "
        "coin, a power its value). Replace the first face of your small die by East.",
    ),
    "trade_no": (
        "Pas cette fois : remplacez la première face du petit dé par Est, parce qu'une seconde direction "
        "ouvre les diagonales.",
        "Not this time: replace the first face of the small die by East, because a second direction opens "
        "the diagonals.",
    ),
    "roll_third": (
        "L'ordinateur est venu en (9, 23), en diagonale de vous, avec ses 7 pièces. Lancez.",
        "The computer came to (9, 23), diagonally next to you, with its 7 coins. Roll.",
    ),
    "diagonal": (
        "Sud et Est, deux directions perpendiculaires : en plus du Sud et de l'Est, la diagonale Sud-Est, qui "
        "coûte double (puissance 2, soit 1 case). Allez sur le pion de l'ordinateur.",
        "South and East, two perpendicular directions: besides south and east, the south-east diagonal, at "
        "twice the cost (power 2, so 1 cell). Go onto the computer's pawn.",
    ),
    "diagonal_no": (
        "Pas cette fois : allez en diagonale sur le pion de l'ordinateur, parce que la leçon montre le vol.",
        "Not this time: go diagonally onto the computer's pawn, because the lesson shows robbing.",
    ),
    "robbed": (
        "Arriver sur un joueur, c'est lui voler la moitié de ses pièces, arrondie en dessous : 3 de ses 7. "
        "Il pourra vous le rendre.",
        "Arriving on a player robs them of half their coins, rounded down: 3 of their 7. They may pay you back.",
    ),
    "end_cell": (
        "La case d'arrivée est au centre. Quand quelqu'un l'atteint, la partie s'arrête, et le plus riche "
        "gagne, pas forcément celui qui arrive. À égalité de pièces, la plus grande puissance ; encore à "
        "égalité, personne.",
        "The end cell is in the centre. When anyone reaches it the game stops, and the richest wins, not "
        "necessarily whoever arrives. Equal coins: the most power; still equal: nobody.",
    ),
    "end": (
        "Vous savez jouer à Dés & Marchands : se déplacer, profiter des bonus, améliorer ses dés, détrousser. "
        "À vous de jouer une vraie partie !",
        "You know Dés & Marchands: move, use the bonuses, improve your dice, rob. Now play a real game!",
    ),
}

TUTORIAL = Tutorial(
    game="marchands",
    options={"players": 2, "size": 30},
    levels=("normal",),
    seed="tutorial/marchands",
    prelude=PRELUDE,
    dice=DICE,
    texts=TEXTS,
    steps=(
        Step("intro", "pawn:0"),
        Step("dice", "dice:0"),
        Step("roll", "button:roll", ROLL),
        Step("move", "cell:8,23", BONUS_CELL, refusal="move_no"),
        Step("bonus", "dialog", Bonus("coins"), refusal="bonus_no"),
        Step("roll_again", "button:roll", ROLL, before=((1, ROLL), (1, Move((7, 23))), (1, Bonus("coins")))),
        Step("merchant", "cell:8,22", MERCHANT_CELL, refusal="merchant_no"),
        Step("trade", "dialog", EAST_FACE, refusal="trade_no"),
        Step("roll_third", "button:roll", ROLL, before=((1, ROLL), (1, Move((9, 23))))),
        Step("diagonal", "cell:9,23", ROBBED, refusal="diagonal_no"),
        Step("robbed", "players"),
        Step("end_cell", "end"),
        Step("end"),
    ),
)
