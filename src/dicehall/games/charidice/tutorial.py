"""Learn to play Charidice (core/tutorial.py): two rounds at a table of three, you first.

Round 1: your first roll shows three red dice (3, 1, 4); you keep them and roll the other three again,
which brings two more reds (5, 6) and a black 5. You stop and mark the red 3-4-5-6, a run of four (18 + 25),
as the rules' Lena does, rather than all five reds (1-3-4-5-6 is no run, no bonus); the 1 and the 5 you
leave go to your left neighbour, the 5 counting double (11). The computer on your left marks four blacks.
Before the computer on your right rolls, you claim la grande donation: his gift of a 6 and a 2 (12 + 2)
is doubled to 28. Round 2: three 4s, kept; the second roll brings a fourth; you stop and mark the four 4s
of four colours (16 + 15) and give the 2 and the 5 (12).
"""

from __future__ import annotations

from dicehall.core.tutorial import Step, Tutorial
from dicehall.games.charidice.actions import CLAIM, ROLL_ALL, STOP, Face, Mark, Roll


def _roll(round: int, seat: int, roll: int, faces: tuple[int | None, ...]) -> dict[str, Face]:
    """The dice of one roll, by die (None: that die is not thrown in this roll)."""
    return {
        f"round {round}/seat {seat}/roll {roll}/die {die + 1}": Face(face)
        for die, face in enumerate(faces)
        if face is not None
    }


DICE = {
    # you, round 1: reds 3, 1, 4 (dice 1-3), then dice 4-6 again: red 5, red 6, black 5
    **_roll(1, 0, 1, (3, 1, 4, 2, 2, 6)),
    **_roll(1, 0, 2, (None, None, None, 5, 6, 5)),
    # the computer on your left: four blacks (1, 6, 2, 4)
    **_roll(1, 1, 1, (1, 6, 2, 4, 2, 3)),
    # the computer on your right: greys 3, 5, 6, 4 (a run), a yellow 6 and a red 2 for you
    **_roll(1, 2, 1, (6, 3, 5, 6, 4, 2)),
    # you, round 2: 4s on dice 1-3, then a black 4 on die 4
    **_roll(2, 0, 1, (4, 4, 4, 1, 3, 6)),
    **_roll(2, 0, 2, (None, None, None, 4, 2, 5)),
}

KEEP_THREE = Roll((3, 4, 5))  # roll dice 4-6 again, keep 1-3
RED_RUN = Mark((0, 2, 3, 4))  # red 3, 4, 5, 6
FOUR_FOURS = Mark((0, 1, 2, 3))

TEXTS: dict[str, tuple[str, str]] = {
    "intro": (
        "Charidice se joue en 7 manches. À votre tour, vous lancez six dés de couleur, marquez une "
        "combinaison et donnez les dés que vous ne marquez pas à votre voisin de gauche. Le plus de points "
        "gagne. Chaque couleur a aussi son symbole.",
        "Charidice is played in 7 rounds. On your turn you roll six colour dice, mark a combination and give "
        "the dice you do not mark to your left neighbour. The most points wins. Each colour has its symbol too.",
    ),
    "roll": (
        "Lancez les six dés.",
        "Roll the six dice.",
    ),
    "roll_no": (
        "Pas cette fois : lancez les six dés, parce que le premier lancer les lance tous.",
        "Not this time: roll all six, because the first roll throws them all.",
    ),
    "keep": (
        "Trois rouges : 3, 1 et 4. Vous pouvez relancer les dés de votre choix deux fois. Gardez les trois "
        "rouges : choisissez les trois autres dés, puis relancez-les.",
        "Three reds: 3, 1 and 4. You may roll any dice again, twice. Keep the three reds: pick the other "
        "three dice, then roll them again.",
    ),
    "keep_no": (
        "Pas cette fois : relancez les trois dés qui ne sont pas rouges, parce que la leçon vise une "
        "combinaison de rouges.",
        "Not this time: roll the three dice that are not red again, because the lesson aims at a red combination.",
    ),
    "stop": (
        "Cinq rouges ! Vous pourriez relancer une dernière fois, mais arrêtez-vous ici : appuyez sur Stop.",
        "Five reds! You could roll once more, but stop here: press Stop.",
    ),
    "stop_no": (
        "Pas cette fois : arrêtez-vous, parce que vos rouges valent déjà un beau bonus.",
        "Not this time: stop, because your reds are already worth a fine bonus.",
    ),
    "colour": (
        "A) Même couleur : 4 à 6 dés d'une couleur. 4 dés valent 15 de bonus, 25 en suite ; une suite de 5, "
        "40. Marquez les rouges 3-4-5-6 : une suite de quatre.",
        "A) One colour: 4 to 6 dice of a colour. 4 dice earn a 15 bonus, 25 as a run; a run of 5, 40. Mark "
        "the red 3-4-5-6: a run of four.",
    ),
    "colour_no": (
        "Pas cette fois : marquez seulement les rouges 3, 4, 5 et 6, parce qu'avec le 1 il n'y a plus de "
        "suite, et plus de bonus.",
        "Not this time: mark only the red 3, 4, 5 and 6, because with the 1 there is no run any more, and no bonus.",
    ),
    "gift": (
        "18 points et 25 de bonus. Le 1 et le 5 que vous n'avez pas marqués vont à votre voisin de gauche : "
        "un 5 ou un 6 donné compte double, soit 1 + 10 = 11 points pour lui, notés aussi dans votre colonne "
        "« donnés ».",
        "18 points and a 25 bonus. The 1 and the 5 you did not mark go to your left neighbour: a 5 or a 6 "
        "given counts double, so 1 + 10 = 11 points for them, also written in your “given” column.",
    ),
    "claim": (
        "Votre voisin de gauche a marqué quatre noirs. C'est au joueur à votre droite : avant son 3e lancer, "
        "vous pouvez réclamer la grande donation, une fois par partie. Ce qu'il vous donnera comptera double. "
        "Réclamez-la.",
        "Your left neighbour marked four blacks. Now the player on your right plays: before his 3rd roll you "
        "may claim la grande donation, once a game. What he gives you will count double. Claim it.",
    ),
    "claimed": (
        "Il vous a donné un 6 et un 2 : 12 + 2 = 14, doublés par la grande donation : 28 points, dans votre "
        "colonne « reçus ».",
        "He gave you a 6 and a 2: 12 + 2 = 14, doubled by la grande donation: 28 points, in your “received” column.",
    ),
    "round2": (
        "Manche 2, à vous. Lancez les six dés.",
        "Round 2, your turn. Roll the six dice.",
    ),
    "keep4": (
        "Trois 4, de trois couleurs. Gardez-les et relancez les trois autres dés.",
        "Three 4s, of three colours. Keep them and roll the other three dice again.",
    ),
    "keep4_no": (
        "Pas cette fois : relancez les trois dés qui ne montrent pas 4, parce que la leçon vise quatre 4.",
        "Not this time: roll the three dice that do not show a 4, because the lesson aims at four 4s.",
    ),
    "stop4": (
        "Un quatrième 4. Arrêtez-vous : Stop.",
        "A fourth 4. Stop here: Stop.",
    ),
    "number": (
        "B) Couleurs différentes : 1 à 6 dés, tous de couleurs différentes. Bonus si tous montrent le même "
        "chiffre : 15 pour quatre, 30 pour cinq, 60 pour six. Marquez les quatre 4.",
        "B) Different colours: 1 to 6 dice, all of different colours. A bonus when they all show one number: "
        "15 for four, 30 for five, 60 for six. Mark the four 4s.",
    ),
    "number_no": (
        "Pas cette fois : marquez les quatre 4, parce que seuls les dés marqués comptent pour le bonus.",
        "Not this time: mark the four 4s, because only the dice you mark count for the bonus.",
    ),
    "number_done": (
        "16 points et 15 de bonus. Le 2 et le 5 partent à gauche : 2 + 10 = 12.",
        "16 points and a 15 bonus. The 2 and the 5 go left: 2 + 10 = 12.",
    ),
    "generosity": (
        "À la fin de la 7e manche, qui a le plus donné reçoit le bonus de générosité : 20 points, 30 s'il a "
        "donné plus de 60. Heureux sont les joueurs généreux !",
        "After round 7, whoever gave the most gets the generosity bonus: 20 points, 30 above 60 given. Happy "
        "are the generous players!",
    ),
    "end": (
        "Vous savez jouer à Charidice : lancer, garder, marquer une couleur ou un chiffre, donner. À vous de "
        "jouer une vraie partie !",
        "You know Charidice: roll, keep, mark a colour or a number, give. Now play a real game!",
    ),
}

LEFT_TURN = ((1, ROLL_ALL), (1, STOP), (1, Mark((0, 1, 2, 3))))  # four blacks: 1, 6, 2, 4
RIGHT_TURN = ((2, ROLL_ALL), (2, STOP), (2, Mark((1, 2, 3, 4))))  # the grey run 3-6

TUTORIAL = Tutorial(
    game="charidice",
    options={"players": 3},
    levels=("normal", "normal"),
    seed="tutorial/charidice",
    dice=DICE,
    texts=TEXTS,
    steps=(
        Step("intro", "dice"),
        Step("roll", "button:primary", ROLL_ALL, refusal="roll_no"),
        Step("keep", "dice", KEEP_THREE, refusal="keep_no"),
        Step("stop", "button:secondary", STOP, refusal="stop_no"),
        Step("colour", "dice", RED_RUN, refusal="colour_no"),
        Step("gift", "sheet:0"),
        Step("claim", "claim", CLAIM, before=LEFT_TURN),
        Step("claimed", "sheet:0", before=RIGHT_TURN),
        Step("round2", "button:primary", ROLL_ALL, refusal="roll_no"),
        Step("keep4", "dice", KEEP_THREE, refusal="keep4_no"),
        Step("stop4", "button:secondary", STOP, refusal="stop_no"),
        Step("number", "dice", FOUR_FOURS, refusal="number_no"),
        Step("number_done", "sheet:0"),
        Step("generosity", "sheet:0"),
        Step("end"),
    ),
)
