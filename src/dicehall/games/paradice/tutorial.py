"""Learn to play Paradice (core/tutorial.py): four turns of a game well under way, three players.

The prelude is the first 38 rounds of a game at three (rule 1), the history of the position the lesson opens
on: you (Myrtille) have 17,527 and 12 events, Framboise 111,381 and 16, Orange only 2,751 and 3; the jackpot
holds 74,591. Then, with the dice fixed by situation: you roll 7, take the East at a crossing, pay the owners
and buy the free event you land on. Framboise moves; Orange cannot pay even by selling all and is eliminated.
You roll 7 again, take the South, and land on a tirelire: your gains go to the jackpot. Framboise moves. You
roll 8, take the South, a bis repetita sends you 8 cells further, you cannot pay and sell an event. Framboise
moves. You roll 6, take the South and land on a jackpot corner.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.tutorial import Roll, Step, Tutorial
from dicehall.games.paradice.actions import BUY, GO, Buy, Decline, Dice, Go, Sell

# The prelude, one token per log entry: "ab" the dice (a, b); "<seat>N|E|S|W" a direction, "<seat>+" buy,
# "<seat>-" decline, "<seat>s<x><y>" sell the event on cell (x, y) (hexadecimal digits).
PRELUDE_TEXT = (
    "63 0N 0S 0S 0+ 44 1W 1E 1S 24 2E 2S 65 0N 0+ 65 1E 1W 1+ 61 41 0S 0+ 55 1E 1+ 46 2S 2+ 42 0N 0N 0+ "
    "54 1N 52 2+ 34 0W 0+ 44 1S 1E 1N 1+ 46 2N 2+ 24 0+ 45 1+ 62 2N 35 0E 44 1E 1N 1E 21 2+ 12 0+ 56 51 "
    "2+ 36 0N 32 1S 1+ 53 2N 2+ 43 0S 0S 0+ 25 1+ 24 62 42 1N 1+ 51 46 0S 0+ 65 45 2S 2W 2+ 33 44 1N 1+ "
    "62 2W 32 25 1+ 43 2E 2+ 46 0S 61 62 2+ 15 0S 41 1W 46 2W 54 0S 0+ 21 13 2N 2+ 21 12 26 34 0S 53 1N "
    "1+ 45 2S 2E 34 22 33 31 53 0N 0N 33 1E 1S 46 2S 2E 2N 63 0W 44 1W 1+ 35 2N 56 0E 26 24 14 31 1S 15 "
    "2N 2N 53 0S 64 63 14 61 21 12 43 1N 33 2N 2S 65 0N 23 1+ 43 14 0N 64 1W 46 2S 55 0W 0E 42 25 34 0S "
    "16 1E 34 2N 26 0N 24 1N 11 61 0S 0N 0+ 36 64 2N 2+ 64 0N 0E 42 1N 14 46 0N 0E 26 15 2S 2s48 56 0S 0N "
    "42 33 2S 2sc1 2s70 2s4b 26 0N 0W 21 1E 53 2N 2s94 2s10 51 35 1N 1W 1E 36 2s16 2sb0 2s74 "
)


def _entry(token: str) -> tuple[int | str, Any]:
    if token[0] in "123456" and len(token) == 2 and token[1] in "123456":
        return "chance", Dice(int(token[0]), int(token[1]))
    seat, what = int(token[0]), token[1:]
    if what == "+":
        return seat, Buy()
    if what == "-":
        return seat, Decline()
    if what[0] == "s":
        return seat, Sell(int(what[1], 16), int(what[2], 16))
    return seat, Go(what)


PRELUDE = tuple(_entry(token) for token in PRELUDE_TEXT.split())

DICE = {
    "round 39/seat 0/roll 1": Dice(1, 6),
    "round 39/seat 1/roll 1": Dice(1, 2),
    "round 39/seat 2/roll 1": Dice(1, 4),
    "round 40/seat 0/roll 1": Dice(3, 4),
    "round 40/seat 1/roll 1": Dice(1, 1),
    "round 41/seat 0/roll 1": Dice(2, 6),
    "round 41/seat 1/roll 1": Dice(1, 1),
    "round 42/seat 0/roll 1": Dice(1, 5),
}
SOLD = Sell(6, 1)

TEXTS: dict[str, tuple[str, str]] = {
    "intro": (
        "Paradice : achetez des événements de dés, puis encaissez leurs gains à chaque lancer des "
        "adversaires. Le dernier joueur en jeu gagne. Vous êtes Myrtille ; la partie, à trois, en est au "
        "39e tour. Voici votre pion.",
        "Paradice: buy dice events, then collect their gains on every roll of your opponents. The last "
        "player in the game wins. You are Myrtille; the game, for three, is at round 39. Here is your pawn.",
    ),
    "scores": (
        "Les scores : le solde de chacun et son rang. Vous avez 17 527, Framboise 111 381, Orange 2 751 seulement.",
        "The scores: each player's balance and place. You have 17,527, Framboise 111,381, Orange only 2,751.",
    ),
    "jackpot": (
        "Le jackpot : 74 591. Les événements qui sont au jackpot (damier ciel et pourpre) le nourrissent, "
        "comme les tirelires. Qui s'arrête sur un coin jackpot l'emporte en entier.",
        "The jackpot: 74,591. The events it owns (sky and purple checks) feed it, and so do the tirelires. "
        "Whoever stops on a jackpot corner wins all of it.",
    ),
    "events": (
        "La liste des 26 événements de dés (deux exemplaires chacun) et de leurs propriétaires ; les messages, "
        "à côté, racontent chaque tour.",
        "The list of the 26 dice events (two copies each) and their owners; the messages, beside it, tell each turn.",
    ),
    "roll": (
        "À vous : vos dés tournent. Arrêtez-les (Espace, ou touchez-les). Votre pion avancera de leur somme "
        "sur votre parcours : chaque joueur a le sien (touches 1 à 6 pour les voir).",
        "Your turn: your dice spin. Stop them (Space, or tap them). Your pawn will move their sum along your "
        "route: each player has their own (keys 1 to 6 show them).",
    ),
    "crossing": (
        "1 + 6 = 7. Un croisement, et il reste une case : choisissez la direction avec les flèches. Prenez l'Est.",
        "1 + 6 = 7. A crossing, with one cell left to go: choose the direction with the arrows. Take the East.",
    ),
    "crossing_no": (
        "Pas cette fois : prenez l'Est, parce qu'un événement libre vous y attend.",
        "Not this time: take the East, because a free event awaits you there.",
    ),
    "buy": (
        "Après chaque lancer, on paie les propriétaires des événements que ces dés font gagner : 11 050, dont "
        "5 380 à Framboise, 2 730 à Orange, 2 940 au jackpot. Cet événement, Rapport3, est libre : "
        "achetez-le 3 750.",
        "After every roll you pay the owners of the events these dice make win: 11,050, of which 5,380 to "
        "Framboise, 2,730 to Orange, 2,940 to the jackpot. This event, Rapport3, is free: buy it for 3,750.",
    ),
    "buy_no": (
        "Pas cette fois : achetez-le, parce qu'à chaque 1-3 ou 2-6 des autres il vous rapportera 4 410.",
        "Not this time: buy it, because each 1-3 or 2-6 your opponents roll will bring you 4,410.",
    ),
    "eliminated": (
        "Orange devait 22 286, dont 12 656 pour vous. Même en revendant ses 3 événements, il n'avait pas de "
        "quoi payer : il est éliminé. Ses créanciers sont payés en entier.",
        "Orange owed 22,286, 12,656 of it to you. Even selling back his 3 events he could not pay: he is "
        "eliminated. His creditors are paid in full.",
    ),
    "roll2": ("Framboise a joué. À vous : arrêtez les dés.", "Framboise has played. Your turn: stop the dice."),
    "crossing2": (
        "3 + 4 = 7. Un autre croisement : prenez le Sud.",
        "3 + 4 = 7. Another crossing: take the South.",
    ),
    "crossing2_no": (
        "Pas cette fois : prenez le Sud, parce que la leçon vous y mène.",
        "Not this time: take the South, because the lesson leads you there.",
    ),
    "tirelire": (
        "Une tirelire : tout ce que vous deviez aux propriétaires, 10 858, est allé au jackpot.",
        "A tirelire: everything you owed the owners, 10,858, went to the jackpot.",
    ),
    "roll3": ("Framboise a joué. Arrêtez les dés.", "Framboise has played. Stop the dice."),
    "crossing3": ("2 + 6 = 8. Prenez le Sud.", "2 + 6 = 8. Take the South."),
    "sell": (
        "Bis repetita : vous avez avancé encore de 8, avant de payer, jusqu'à la tirelire. Il faut 9 878 au "
        "jackpot et vous avez 8 963 : revendez un événement au prix d'achat. Vendez Somme, en haut.",
        "Bis repetita: you moved 8 more, before paying, back to the tirelire. You owe the jackpot 9,878 and "
        "have 8,963: sell an event back at its price. Sell Somme, at the top.",
    ),
    "sell_no": (
        "Pas cette fois : vendez Somme, en haut, parce que la leçon vend celui-là ; en partie, vous choisissez.",
        "Not this time: sell Somme, at the top, because the lesson sells that one; in a game, you choose.",
    ),
    "sold": (
        "Vendu 3 750 : l'événement est de nouveau libre, et vous avez payé. Qui ne peut pas payer même en "
        "vendant tout est éliminé, comme Orange.",
        "Sold for 3,750: the event is free again, and you have paid. Whoever cannot pay even by selling "
        "everything is eliminated, as Orange was.",
    ),
    "roll4": ("Framboise a joué. Arrêtez les dés.", "Framboise has played. Stop the dice."),
    "crossing4": ("1 + 5 = 6. Prenez le Sud, vers le coin.", "1 + 5 = 6. Take the South, towards the corner."),
    "jackpot_won": (
        "Un coin jackpot : après avoir payé Framboise, vous remportez les 105 701 du jackpot. Vous voilà à 108 374.",
        "A jackpot corner: after paying Framboise, you win the jackpot's 105,701. You now have 108,374.",
    ),
    "end": (
        "Vous savez jouer à Paradice : lancer, choisir sa route, acheter, payer, vendre. À vous de jouer une "
        "vraie partie !",
        "You know Paradice: roll, choose your way, buy, pay, sell. Now play a real game!",
    ),
}

TUTORIAL = Tutorial(
    game="paradice",
    options={"players": 3, "rules": 1},
    levels=("normal", "normal"),
    seed="tutorial/paradice",
    prelude=PRELUDE,
    dice=DICE,
    texts=TEXTS,
    steps=(
        Step("intro", "pawn:0"),
        Step("scores", "scores"),
        Step("jackpot", "jackpot"),
        Step("events", "events"),
        Step("roll", "dice", Roll("round 39/seat 0/roll 1")),
        Step("crossing", "arrows", GO["E"], refusal="crossing_no"),
        Step("buy", "offer", BUY, refusal="buy_no"),
        Step("eliminated", "scores", before=((1, GO["N"]),), settle=True),
        Step("roll2", "dice", Roll("round 40/seat 0/roll 1")),
        Step("crossing2", "arrows", GO["S"], refusal="crossing2_no"),
        Step("tirelire", "pawn:0"),
        Step("roll3", "dice", Roll("round 41/seat 0/roll 1"), before=((1, GO["E"]),)),
        Step("crossing3", "arrows", GO["S"], refusal="crossing2_no"),
        Step("sell", "cell:6,1", SOLD, refusal="sell_no"),
        Step("sold", "messages"),
        Step("roll4", "dice", Roll("round 42/seat 0/roll 1")),
        Step("crossing4", "arrows", GO["S"], refusal="crossing2_no"),
        Step("jackpot_won", "jackpot"),
        Step("end"),
    ),
)
