"""The Le Roudalon screen without a browser: a party over before the human here has acted (a pot of 1 hit at
once) and a void party at the ceiling each get a card saying what happened before the next one starts; an
alliance with no chance at all is drawn greyed and says so."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from dicehall.app.session import Session
from dicehall.core import registry
from dicehall.core.save import Seat
from dicehall.games.roudalon.actions import ACCEPT, CLOSE, PROPOSE, STAKES, THROWS, Face
from dicehall.games.roudalon.options import RoudalonOptions
from dicehall.games.roudalon.scene import make_scene
from dicehall.ui.canvas import DisplayList
from dicehall.ui.scene import InputEvent, SceneContext

NAMES = ("Lena", "Marko", "Florian", "Zoé")


class Agent:
    """A computer that decides at once: a stake of ``stake`` on the party's first turn (or always with
    ``stake`` 6), else a throw of one die; it accepts and closes alliances."""

    def __init__(self, stake: int = 1, always: bool = False) -> None:
        self.stake, self.always = stake, always

    def start(self, state: Any) -> None:
        self.state = state

    def think(self, budget: float) -> bool:
        return True

    def choose(self) -> Any:
        st = self.state
        legal = st.legal_actions()
        for action in (ACCEPT, CLOSE):
            if action in legal:
                return action
        stake = STAKES[min(self.stake, st.stake_room) - 1] if st.stake_room else None
        if stake in legal and (st.turns == 0 or self.always):
            return stake
        return THROWS[0] if THROWS[0] in legal else legal[0]


def _harness(human: int, lang: str, agents: dict[int, Agent], parties: int = 2):
    seats = [Seat(NAMES[i]) if i == human else Seat(NAMES[i], "ai", "easy") for i in range(len(agents) + 1)]
    session = Session.new(registry.load("roudalon"), RoudalonOptions(players=len(seats), parties=parties), seats, "c")
    for seat, agent in agents.items():
        session._agents[seat] = agent
    scene = make_scene(session, SceneContext(lang=lang, colours=("#c62828", "#1565c0", "#2e7d32", "#7b1fa2")))
    scene.resize(1280, 800)
    return session, scene


def _settle(scene, seconds: float = 0.5) -> None:
    for _ in range(int(seconds / 0.05)):
        scene.update(0.05)


def _throwoff(session, scene, starter: int) -> None:
    for p in session.state.contenders:
        for f in (6, 6) if p == starter else (1, 1):
            session.force(Face(f))
    _settle(scene)


def _pump(session, scene) -> None:
    while session.busy and session.state.kind.name != "CHANCE":
        session.advance(1.0)
        _settle(scene, 0.3)


def _screen(scene) -> str:
    dl = DisplayList()
    scene.draw(dl, 1280, 800)
    return " ".join(dl.texts())


@pytest.mark.parametrize(
    ("lang", "title", "before", "next_"),
    [
        ("fr", "Fin de la partie 1", "Elle s'est jouée avant votre tour.", "La partie 2 commence."),
        ("en", "End of game 1", "It was over before your turn.", "Game 2 starts."),
    ],
)
def test_a_party_over_before_the_human_acts_gets_a_card_before_the_next_one(lang, title, before, next_):
    session, scene = _harness(3, lang, {0: Agent(), 1: Agent(), 2: Agent()})
    _throwoff(session, scene, 0)
    _pump(session, scene)  # Lena stakes 1: the pot is 1; Marko throws one die
    assert session.state.pot == 1 and session.state.phase == "roll"
    session.force(Face(1))  # a 1: the pot is hit at once, Zoé never played
    scene.update(0.05)
    assert session.state.party == 2
    _settle(scene, 1.5)  # the hit is seen, then the card
    screen = _screen(scene)
    assert title in screen and before in screen and next_ in screen
    assert not scene.ready()  # the next party waits for the card
    _settle(scene, 4.0)
    assert scene.ready() and next_ not in _screen(scene)


@pytest.mark.parametrize(("lang", "title"), [("fr", "Partie 1 nulle"), ("en", "Game 1 is void")])
def test_a_void_party_at_the_ceiling_gets_its_card(lang, title):
    session, scene = _harness(0, lang, {1: Agent(6, True), 2: Agent(6, True)})
    _throwoff(session, scene, 0)
    while session.state.party == 1:  # everyone stakes 6: the sixth stake takes the pot to its ceiling, 36
        if session.human_to_move:
            assert scene.on_input(InputEvent("key", key="6"))
        _settle(scene)
        _pump(session, scene)
        if session.state.party == 2:
            break
    assert session.state.last.result == "dead"
    _settle(scene, 1.0)  # the last stake is seen, then the card
    screen = _screen(scene)
    assert title in screen
    assert ("les mises sont rendues" if lang == "fr" else "the stakes are refunded") in screen


def test_a_party_the_human_played_in_gets_no_card():
    session, scene = _harness(1, "en", {0: Agent(), 2: Agent()})
    _throwoff(session, scene, 0)
    _pump(session, scene)
    assert session.human_to_move and session.state.pot == 1
    _settle(scene)
    assert scene.on_input(InputEvent("key", key="t"))  # Marko, the human, throws one die
    session.force(Face(1))
    _settle(scene, 2.0)
    assert session.state.party == 2 and scene.party_card is None


def test_an_alliance_with_no_chance_is_greyed_and_says_so():
    session, scene = _harness(0, "en", {1: Agent(), 2: Agent(), 3: Agent()})
    _throwoff(session, scene, 0)
    st = session.state
    # a pot of 39: Lena, the newest member of Zoé's alliance, may close it (two members, four dice: no
    # chance) or ask Marko (three members, six dice: none either)
    pos = replace(st, phase="extend", turns=9, pot=39, held=(2, 2, 1, 2), chain=(3, 0), active=3)
    session.match._states[-1] = pos  # (the scene reads the session's state)
    assert PROPOSE in session.legal() and CLOSE in session.legal()
    controls = {c.target: c for c in scene.controls()}
    for target in (("close",), ("propose",)):
        assert controls[target].hopeless and controls[target].sub == "alliance's chance: 0% · hopeless"
    scene.set_lang("fr")
    controls = {c.target: c for c in scene.controls()}
    assert controls[("close",)].sub == "chance de l'alliance : 0 % · sans espoir"
