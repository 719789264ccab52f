"""Learn to play Le Roudalon (core/tutorial.py): the rules page's alliance, then a party that dies.

Four players, as the rules' example: you (Amélie's place), then Bruno, Chloé and Damien on your left, four
parties. Party 1: you win the throw-off and stake 3; the others stake 2, 2 and 1 (a pot of 8, two dice each).
You propose an alliance to Bruno, who says yes and asks Chloé, who says yes and closes it. You throw one
die: 3; Bruno throws one: 5. The pot of 8 is shared 3 and 5. Party 2: you start again and stake 1, the
others 2 each (a pot of 7); alone with both dice you throw 3 + 5 = 8, over: you lose both. The others stake
6 each; without a die you must stake (6); they stake 6, 6 and 5: the pot reaches its ceiling of 48, the
party is dead and void. Party 3's throw-off begins.
"""

from __future__ import annotations

from dicehall.core.tutorial import LAND, Step, Tutorial
from dicehall.games.roudalon.actions import ACCEPT, CLOSE, PROPOSE, STAKES, THROWS, Face

ONE, TWO = THROWS


def _throwoff(party: int, faces: tuple[tuple[int, int], ...]) -> dict[str, Face]:
    """The throw-off's dice, two per seat: the first seat's total the highest (no tie to throw again)."""
    return {
        f"party {party}/throw-off 1/seat {seat}/die {die + 1}": Face(face)
        for seat, pair in enumerate(faces)
        for die, face in enumerate(pair)
    }


DICE = {
    **_throwoff(1, ((6, 5), (4, 3), (2, 5), (1, 6))),
    "party 1/turn 5/seat 0/die 1": Face(3),
    "party 1/turn 5/seat 1/die 1": Face(5),
    **_throwoff(2, ((5, 5), (3, 3), (6, 2), (4, 1))),
    "party 2/turn 5/seat 0/die 1": Face(3),
    "party 2/turn 5/seat 0/die 2": Face(5),
}


def stake(amount: int) -> object:
    return STAKES[amount - 1]


TEXTS: dict[str, tuple[str, str]] = {
    "intro": (
        "Le Roudalon : chacun mise à son tour dans le pot, au centre, puis tente de faire exactement le pot "
        "aux dés, seul ou allié à ses voisins de gauche. But : ramasser plus qu'on n'a misé.",
        "Le Roudalon: each in turn stakes into the pot, in the middle, then tries to make exactly the pot with "
        "dice, alone or allied with their left neighbours. The aim: collect more than you staked.",
    ),
    "throwoff": (
        "Chaque partie s'ouvre sur un tirage : tout le monde lance deux dés, le plus grand total commence. "
        "Votre 11 l'emporte : vous commencez, puis on joue vers la gauche. Chacun n'a qu'un dé en main.",
        "Each game opens with a throw-off: everyone rolls two dice, the highest total starts. Your 11 wins: "
        "you start, then play goes left. Each has only one die in hand.",
    ),
    "stake": (
        "Au premier tour, le pot est vide : il faut miser, de 1 à 6. Misez 3. À la fin du tour, vous "
        "récupérez votre second dé.",
        "On the first turn the pot is empty: you must stake, 1 to 6. Stake 3. At the end of the turn you get "
        "your second die back.",
    ),
    "stake_no": (
        "Pas cette fois : misez 3, parce que la leçon suit l'exemple des règles.",
        "Not this time: stake 3, because the lesson follows the rules' example.",
    ),
    "pot": (
        "Bruno a misé 2, Chloé 2, Damien 1 : le pot est à 8, et chacun a deux dés. Lancer, c'est viser le "
        "pot exactement avec un ou deux de ses dés : qui tombe juste le ramasse ; sinon, il perd les dés "
        "lancés.",
        "Bruno staked 2, Chloé 2, Damien 1: the pot is 8, and everyone holds two dice. To throw is to aim at "
        "exactly the pot with one or two of your dice: hit it and you collect it; miss and you lose the dice "
        "thrown.",
    ),
    "propose": (
        "Seul, faire 8 avec deux dés, c'est 5 chances sur 36. Avant de lancer, vous pouvez proposer une "
        "alliance à votre voisin de gauche. Proposez-la à Bruno.",
        "Alone, making 8 with two dice is 5 chances in 36. Before throwing you may propose an alliance to "
        "your left neighbour. Propose it to Bruno.",
    ),
    "propose_no": (
        "Pas cette fois : proposez l'alliance, parce que c'est elle que la leçon montre.",
        "Not this time: propose the alliance, because that is what the lesson shows.",
    ),
    "alliance": (
        "Bruno a dit oui et l'a proposée à Chloé, qui a dit oui puis l'a fermée. Les membres lancent dans "
        "l'ordre, en ajoutant leurs points : vous d'abord. Lancez un dé.",
        "Bruno said yes and asked Chloé, who said yes and closed it. The members throw in order, adding up "
        "their points: you first. Throw one die.",
    ),
    "alliance_no": (
        "Pas cette fois : lancez un seul dé, parce que vos alliés complèteront après vous.",
        "Not this time: throw a single die, because your allies will add theirs after you.",
    ),
    "shared": (
        "3, puis Bruno fait 5 : 8, le pot ! Chacun ramasse les points de ses propres dés : vous 3, Bruno 5. "
        "Chloé n'a pas lancé : rien. Soldes de la partie : vous 3 − 3 = 0, Bruno +3, Chloé −2, Damien −1.",
        "3, then Bruno makes 5: 8, the pot! Each collects the points of their own dice: you 3, Bruno 5. Chloé "
        "did not throw: nothing. The game's balances: you 3 − 3 = 0, Bruno +3, Chloé −2, Damien −1.",
    ),
    "failed": (
        "Si l'alliance avait raté, le premier à dépasser le pot, ou le dernier s'il restait en dessous, "
        "aurait perdu ses dés lancés, et lui seul.",
        "Had the alliance missed, the first to go over the pot, or the last one if it stayed under, would "
        "have lost the dice thrown, and nobody else.",
    ),
    "party2": (
        "Partie 2 : un pot vide, un dé chacun. Vous recommencez : misez 1.",
        "Game 2: an empty pot, one die each. You start again: stake 1.",
    ),
    "party2_no": (
        "Pas cette fois : misez 1, parce que la leçon veut un petit pot.",
        "Not this time: stake 1, because the lesson wants a small pot.",
    ),
    "alone": (
        "Le pot est à 7. Tentez-le seul, avec vos deux dés : il faut faire 7 tout juste.",
        "The pot is 7. Try it alone, with both your dice: you need exactly 7.",
    ),
    "alone_no": (
        "Pas cette fois : lancez vos deux dés, parce que la leçon montre un lancer seul.",
        "Not this time: throw both your dice, because the lesson shows a throw alone.",
    ),
    "over": (
        "3 + 5 = 8 : au-dessus du pot. Vous perdez les deux dés lancés, qui retournent dans votre réserve. "
        "Une mise en rend un, un seul par tour.",
        "3 + 5 = 8: over the pot. You lose both dice thrown; they go back to your reserve. A stake gives one "
        "back, one a turn.",
    ),
    "must_stake": (
        "Les autres ont misé 6 chacun : 25. Sans dé en main, vous devez miser. Misez 6.",
        "The others staked 6 each: 25. With no die in hand you must stake. Stake 6.",
    ),
    "must_stake_no": (
        "Pas cette fois : misez 6, parce que la leçon pousse le pot vers son plafond.",
        "Not this time: stake 6, because the lesson pushes the pot to its ceiling.",
    ),
    "void": (
        "Le pot a atteint son plafond, 12 × 4 joueurs = 48 : plus personne ne peut miser, et seul un 6 sur "
        "chaque dé de la table le ferait. La partie est morte, donc nulle : les mises sont rendues, chacun a "
        "0 pour cette partie.",
        "The pot has reached its ceiling, 12 × 4 players = 48: nobody can stake any more, and only a 6 on "
        "every die at the table would make it. The game is dead, so void: the stakes go back, everyone's "
        "balance is 0 for it.",
    ),
    "match": (
        "Le match compte ici 4 parties, une par joueur. Le classement additionne les soldes des parties : "
        "le plus grand total gagne.",
        "This match has 4 games, one per player. The standings add up the games' balances: the highest total wins.",
    ),
    "end": (
        "Vous savez jouer au Roudalon : miser, lancer juste, s'allier, partager. À vous de jouer un vrai match !",
        "You know Le Roudalon: stake, throw exactly, ally, share. Now play a real match!",
    ),
}

TUTORIAL = Tutorial(
    game="roudalon",
    options={"players": 4, "parties": 4},
    levels=("normal", "normal", "normal"),
    seed="tutorial/roudalon",
    dice=DICE,
    texts=TEXTS,
    names=(("Bruno", "Bruno"), ("Chloé", "Chloé"), ("Damien", "Damien")),
    steps=(
        Step("intro", "pot"),
        Step("throwoff", "seat:0", settle=True),
        Step("stake", "stakes", stake(3), refusal="stake_no"),
        Step("pot", "pot", before=((1, stake(2)), (2, stake(2)), (3, stake(1)))),
        Step("propose", "alliance", PROPOSE, refusal="propose_no"),
        Step(
            "alliance",
            "throw:1",
            ONE,
            refusal="alliance_no",
            before=((1, ACCEPT), (1, PROPOSE), (2, ACCEPT), (2, CLOSE)),
        ),
        Step("shared", "standings", before=((1, ONE), LAND)),
        Step("failed", "seat:1"),
        Step("party2", "stakes", stake(1), refusal="party2_no"),
        Step("alone", "throw:2", TWO, refusal="alone_no", before=((1, stake(2)), (2, stake(2)), (3, stake(2)))),
        Step("over", "seat:0", before=(LAND, LAND)),
        Step(
            "must_stake",
            "stakes",
            stake(6),
            refusal="must_stake_no",
            before=((1, stake(6)), (2, stake(6)), (3, stake(6))),
        ),
        Step("void", "pot", before=((1, stake(6)), (2, stake(6)), (3, stake(5)))),
        Step("match", "standings"),
        Step("end"),
    ),
)
