"""The Le Roudalon screen without a browser: the throw-off, stakes by click and key, throws with their
chances, alliances proposed to and by a human, the messages that say why an action is not possible, the
units flying to the pot and back, whole computer matches drawn at desktop and phone sizes in both
languages up to the end banner, and the setup dialog through the app."""

from __future__ import annotations

from typing import Any

import pytest

from dicehall.app.session import Session
from dicehall.core import registry
from dicehall.core.save import Seat
from dicehall.games.roudalon import texts as tx
from dicehall.games.roudalon.actions import ACCEPT, CLOSE, PROPOSE, REFUSE, STAKES, THROWS, Face
from dicehall.games.roudalon.options import RoudalonOptions
from dicehall.games.roudalon.scene import make_scene
from dicehall.ui.canvas import DisplayList
from dicehall.ui.scene import InputEvent, SceneContext

from .conftest import SceneDriver, ScriptedAgent, mismatched_texts, out_of_bounds

NAMES = ("Lena", "Marko", "Zoé", "Hugo", "Ana", "Théo")
DESKTOP, PHONE = (1200, 800), (390, 844)


class Scripted(ScriptedAgent):
    """A computer that stakes ``stake`` when it may, proposes when ``propose`` and answers ``accept``;
    otherwise it plays the first legal action (a throw of one die in an alliance)."""

    def __init__(self, stake: int = 1, propose: bool = False, accept: bool = True, throw: int | None = None):
        self.stake, self.propose, self.accept, self.throw = stake, propose, accept, throw

    def choose(self) -> Any:
        st = self.state
        legal = st.legal_actions()
        if ACCEPT in legal:
            return ACCEPT if self.accept else REFUSE
        if CLOSE in legal:
            return CLOSE
        if self.propose and PROPOSE in legal:
            return PROPOSE
        if self.throw is not None and THROWS[self.throw - 1] in legal:
            return THROWS[self.throw - 1]
        stake = STAKES[min(self.stake, st.stake_room) - 1] if st.stake_room else None
        return stake if stake in legal else legal[0]


class H(SceneDriver):
    def __init__(
        self,
        humans: tuple[bool, ...] = (True, False, False, False),
        lang: str = "fr",
        size: tuple[float, float] = DESKTOP,
        parties: int | None = 1,
        agents: dict | None = None,
        level: str = "easy",
        dead_party: str = "void",
    ) -> None:
        seats = [Seat(NAMES[i]) if human else Seat(NAMES[i], "ai", level) for i, human in enumerate(humans)]
        opts = RoudalonOptions(players=len(humans), parties=parties, dead_party=dead_party)
        self.session = Session.new(registry.load("roudalon"), opts, seats, "scene-seed")
        for seat, agent in (agents or {}).items():
            self.session._agents[seat] = agent
        colours = ("#c62828", "#1565c0", "#2e7d32", "#7b1fa2", "#00838f", "#6d4c41")[: len(humans)]
        self.scene = make_scene(self.session, SceneContext(lang=lang, colours=colours))
        self.width, self.height = size
        self.scene.resize(*size)

    def roll(self, *faces: int, settle: bool = True) -> None:
        for f in faces:
            self.session.force(Face(f))
        if settle:
            self.settle()

    def throwoff(self, starter: int) -> None:
        """Everyone throws 2 and ``starter`` throws 12."""
        for p in self.state.contenders:
            self.roll(6, 6) if p == starter else self.roll(1, 1)
        assert self.state.phase == "turn" and self.state.active == starter

    def pump(self) -> None:
        """Computer decisions until a human must decide or dice must be thrown."""
        while self.session.busy and self.state.kind.name != "CHANCE":
            self.session.advance(1.0)
            self.settle(0.5)

    def key(self, key: str) -> bool:
        return self.scene.on_input(InputEvent("key", key=key))

    def click_control(self, target: tuple) -> bool:
        c = self.scene.control(target)
        assert c is not None, (target, [c.target for c in self.scene.controls()])
        return self.click(c.rect.cx, c.rect.cy)


def test_every_text_has_both_languages():
    assert not mismatched_texts(tx.TEXTS)


def test_the_spec_offers_six_colours_and_the_parties():
    from dicehall.app.setup_form import option_fields
    from dicehall.games.roudalon.spec import SPEC

    assert len(SPEC.colours) == 6 and len({c[1] for c in SPEC.colours}) == 6
    assert SPEC.default_players == 4 and SPEC.shortcuts == ()
    field = option_fields("roudalon")[0]
    assert field.key == "parties" and field.default == "players"
    values = [v for v, _, _ in field.choices]
    assert values == ["players"] + [str(n) for n in range(1, 9)]
    for v in values:  # the options accept every value the form sends
        assert RoudalonOptions.from_json({"players": 4, "parties": v}).party_count == (4 if v == "players" else int(v))


# --- the throw-off and the first turn --------------------------------------------------------------------
def test_the_throw_off_shows_each_round_and_ties_throw_again():
    h = H()
    assert h.state.phase == "throwoff"
    assert not h.scene.ready()  # the dice tumble before the first lands
    assert "Tirage au sort" in h.screen()
    h.roll(5, 4, 6, 3)  # Lena 9, Marko 9
    h.roll(2, 2, 1, 3)  # Zoé 4, Hugo 4
    screen = h.screen()
    assert "Tirage 1 : Lena 9, Marko 9, Zoé 4, Hugo 4 — égalité, ils relancent" in screen
    assert h.state.contenders == (0, 1)
    h.roll(1, 2, 6, 6)
    assert h.state.active == 1
    screen = h.screen()
    assert "Tirage 2 : Lena 3, Marko 12" in screen and "Marko commence (12)." in screen
    said = " ".join(h.scene.take_announcements())
    assert "égalité" in said and "Marko commence (12)." in said


def test_first_turn_must_stake_said_and_throw_refused_with_a_reason():
    h = H()
    h.throwoff(0)
    screen = h.screen()
    assert "Lena, misez (1–6)." in screen
    assert "Premier tour de la partie : il faut miser." in screen
    n = len(h.log)
    assert h.key("t")  # refused, with the reason
    assert len(h.log) == n
    assert "Premier tour de la partie : il faut miser." in " ".join(h.scene.take_announcements())
    assert not h.scene.control(("throw", 1)).enabled and not h.scene.control(("propose",)).enabled


def test_a_human_stakes_with_a_click_and_another_with_a_key():
    h = H(humans=(True, True, False, False))
    h.throwoff(0)
    assert h.click_control(("stake", 3))
    assert h.log[-1].action == STAKES[2] and h.log[-1].by == 0
    assert not h.scene.ready()  # the units fly to the pot
    assert h.scene.flights and h.scene.flights[0].count == 3 and h.scene.flights[0].to_pot
    h.settle()
    assert h.scene.ready() and h.state.active == 1
    assert "Lena mise 3 : le pot est à 3." in h.screen()
    assert h.key("5")
    assert h.log[-1].action == STAKES[4] and h.log[-1].by == 1
    assert h.state.pot == 8 and h.state.held[:2] == (2, 2)
    said = " ".join(h.scene.take_announcements())
    assert "Lena mise 3 : le pot est à 3." in said and "Marko mise 5 : le pot est à 8." in said
    assert "Marko, misez (1–6) ou lancez. Un seul dé en main" in said  # his turn said with what he may do


def _to_second_turn(h: H, stake: int = 1) -> None:
    """Lena (seat 0, human) starts and stakes ``stake``, the scripted computers stake, back to Lena."""
    h.throwoff(0)
    h.key(str(stake))
    h.settle()
    h.pump()
    assert h.state.active == 0 and h.state.phase == "turn" and h.session.human_to_move


def test_a_human_throws_with_a_key_and_sees_the_exact_chances():
    agents = {p: Scripted(stake=2) for p in (1, 2, 3)}
    h = H(agents=agents)
    _to_second_turn(h, 1)  # pot 1 + 2 + 2 + 2 = 7
    assert h.state.pot == 7
    one, two = h.scene.control(("throw", 1)), h.scene.control(("throw", 2))
    assert one.enabled and two.enabled
    assert one.sub == "0 % · sans espoir" and one.hopeless  # one die cannot make 7
    assert two.sub == "1/6 · 16,7 %" and not two.hopeless  # 6 ways in 36
    screen = h.screen()
    assert "Le pot est à 7 : un dé ne peut pas l'atteindre." in screen
    assert "Lancer 2 dés [D]" in screen and "Alliance avec Marko [A]" in screen
    assert h.key("d")
    assert h.log[-1].action == THROWS[1] and h.log[-1].by == 0
    assert "Les dés roulent…" in h.screen()
    assert not h.scene.ready()
    h.roll(3, 4, settle=False)
    h.scene.update(0.05)
    screen = h.screen()
    assert "Lena fait 7 : pile le pot ! Il ramasse 7 UM." in screen
    assert [f.count for f in h.scene.flights if not f.to_pot] == [7]  # the pot flies to Lena
    h.settle()
    assert h.state.phase == "over"
    assert "Lena gagne avec +6 !" in h.screen()


def test_a_missed_throw_loses_the_dice_and_then_the_human_must_stake():
    agents = {p: Scripted(stake=6) for p in (1, 2, 3)}
    h = H(agents=agents)
    _to_second_turn(h, 6)  # pot 24: even two dice cannot reach it
    screen = h.screen()
    assert "Le pot est à 24 : même deux dés ne peuvent pas l'atteindre." in screen
    assert h.scene.control(("throw", 2)).sub == "0 % · sans espoir"
    h.key("d")
    h.roll(6, 6)
    assert h.state.held[0] == 0
    assert "Lena fait 12 : en dessous du pot (24). Il perd 2 dés." in h.screen()
    h.pump()
    assert h.state.active == 0
    screen = h.screen()
    assert "Vous n'avez aucun dé : misez pour en obtenir un." in screen
    n = len(h.log)
    assert h.key("t") and len(h.log) == n
    assert "Vous n'avez aucun dé" in " ".join(h.scene.take_announcements())
    assert not h.scene.control(("propose",)).enabled


# --- alliances -----------------------------------------------------------------------------------------------
def test_a_proposal_to_the_human_is_answered_by_click_then_he_closes_and_the_chain_throws():
    # Hugo (seat 3, computer) is on Lena's right: he proposes to her
    agents = {1: Scripted(stake=1), 2: Scripted(stake=1), 3: Scripted(stake=1, propose=True)}
    h = H(agents=agents)
    h.throwoff(3)
    h.pump()  # Hugo stakes 1 (the first turn must be a stake), then Lena
    h.key("2")
    h.settle()
    h.pump()
    st = h.state
    assert st.phase == "answer" and st.asked == 0 and st.chain == (3,)
    screen = h.screen()
    assert "Hugo vous propose une alliance, Lena : oui ou non ?" in screen
    assert "Hugo propose une alliance à Lena." in screen
    yes = h.scene.control(("yes",))
    assert yes.enabled and yes.sub.startswith("chance de l'alliance : ")
    assert h.click_control(("yes",))
    assert h.log[-1].action == ACCEPT and h.log[-1].by == 0
    st = h.state
    assert st.phase == "extend" and st.chain == (3, 0)
    assert "Lena, proposez à Marko de rejoindre l'alliance, ou lancez." in h.screen()
    assert h.scene.control(("propose",)).label == "Proposer à Marko [A]"
    assert h.key("c")
    assert h.log[-1].action == CLOSE
    h.pump()  # Hugo throws first (one die)
    h.roll(2)
    assert h.state.phase == "chain" and h.state.to_move == 0
    screen = h.screen()
    assert "Σ 2 / 5" in screen and "il manque 3" in screen
    assert h.key("t")
    h.roll(6)
    screen = h.screen()
    assert "L'alliance dépasse le pot (8 > 5) : Lena, le premier à dépasser, perd 1 dé." in screen
    assert h.state.held[0] == 1 and h.state.held[3] == 2


def test_the_human_proposes_and_a_computer_answers():
    agents = {1: Scripted(stake=1, accept=True), 2: Scripted(stake=1), 3: Scripted(stake=2)}
    h = H(agents=agents)
    _to_second_turn(h, 1)  # pot 1 + 1 + 1 + 2 = 5
    propose = h.scene.control(("propose",))
    assert propose.enabled and propose.label == "Alliance avec Marko [A]"
    assert propose.sub.startswith("chance de l'alliance : ")
    assert h.key("a")
    assert h.log[-1].action == PROPOSE and h.state.asked == 1
    assert not h.scene.ready()  # the proposal stays on screen before Marko answers
    h.settle()
    h.session.advance(1.0)
    assert h.log[-1].action == ACCEPT and h.log[-1].by == 1
    h.settle()
    h.pump()  # Marko closes the chain (Scripted)
    assert h.state.phase == "chain" and h.state.to_move == 0
    assert "Marko accepte l'alliance." in " ".join(h.scene.take_announcements())
    h.key("t")
    h.roll(2)
    h.pump()
    h.roll(3, settle=False)
    screen = h.screen()
    assert "L'alliance fait 5 : pile le pot ! Partage : Lena 2, Marko 3." in screen
    assert sorted((f.seat, f.count) for f in h.scene.flights if not f.to_pot) == [(0, 2), (1, 3)]


def test_a_refused_proposal_says_why_no_alliance():
    agents = {1: Scripted(stake=1, accept=False), 2: Scripted(stake=1), 3: Scripted(stake=2)}
    h = H(agents=agents, lang="en")
    _to_second_turn(h, 1)
    h.key("a")
    h.settle()
    h.pump()
    assert h.state.phase == "turn" and h.state.refused and h.state.active == 0
    screen = h.screen()
    assert "Marko said no: stake or throw alone." in screen
    assert "Marko says no to the alliance." in screen
    assert not h.scene.control(("propose",)).enabled


def test_left_neighbour_without_a_die_means_no_alliance():
    agents = {1: Scripted(stake=6, throw=2), 2: Scripted(stake=6), 3: Scripted(stake=6)}
    h = H(agents=agents)
    h.throwoff(1)
    h.pump()
    h.key("6")  # Lena stakes
    h.settle()
    h.pump()  # Zoé, Hugo stake; Marko throws two dice at 24
    h.roll(1, 1)
    h.pump()
    assert h.state.held[1] == 0
    h.pump()
    assert h.state.active == 0 and h.state.phase == "turn"
    assert "Marko, votre voisin de gauche, n'a pas de dé : pas d'alliance." in h.screen()
    assert h.key("a")  # refused with that reason
    assert h.state.phase == "turn"


def test_the_ceiling_forbids_stakes_and_a_player_with_no_die_passes():
    """A dead party played on (option "play_on", the saves of rules 1)."""
    h = H(
        humans=(True, False, False),
        agents={1: Scripted(stake=6, throw=2), 2: Scripted(stake=6, throw=2)},
        dead_party="play_on",
    )
    h.throwoff(0)
    # fill the pot to its ceiling (36) by the rules, without the screen
    while h.state.pot < 36 or h.state.active != 0 or h.state.held[0]:
        st = h.state
        if st.kind.name == "CHANCE":
            h.session.force(Face(1))
        elif h.session.human_to_move:
            legal = st.legal_actions()
            choice = STAKES[min(6, st.stake_room) - 1] if st.stake_room and st.held[0] else legal[0]
            if st.held[0] and st.stake_room == 0 or (st.held[0] == 2 and st.pot >= 24):
                choice = THROWS[st.held[0] - 1]
            h.session.submit(choice if choice in legal else legal[0])
        else:
            h.session.advance(1.0)
        assert h.state.phase != "over"
    h.settle()
    screen = h.screen()
    assert "Aucun dé et pot au plafond : vous passez (et récupérez un dé)." in screen
    assert "Passer [P]" in screen
    assert h.key("p")
    assert type(h.log[-1].action).__name__ == "Pass"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "fr",
            "Le pot a atteint son plafond (36) : personne ne peut plus miser, et seul un 6 sur chacun des 6 dés de "
            "la table pourrait le faire. Partie nulle : les mises sont rendues.",
        ),
        (
            "en",
            "The pot has reached its ceiling (36): nobody can stake any more, and only a 6 on every one of the "
            "table's 6 dice could make it. Void game: the stakes are refunded.",
        ),
    ],
)
def test_a_dead_party_ends_void_at_once_and_the_screen_says_why(lang, said):
    h = H(humans=(True, False, False), agents={1: Scripted(stake=6), 2: Scripted(stake=6)}, lang=lang, parties=2)
    h.throwoff(0)
    while h.state.party == 1:  # everyone stakes 6: the sixth stake takes the pot to its ceiling, 36
        if h.session.human_to_move:
            assert h.key("6")
        h.settle()
        h.pump()
    assert h.state.standings == ((0, 0, 0),) and h.state.last.result == "dead"
    assert h.state.phase == "throwoff" and len(h.log) == 6 + 6
    assert said in " ".join(h.scene.take_announcements())
    assert said in h.screen()
    h.scene.set_lang("fr" if lang == "en" else "en")  # said again in the other language
    other = "Partie nulle : les mises sont rendues." if lang == "en" else "Void game: the stakes are refunded."
    assert other in h.screen()
    for w, hh in (DESKTOP, PHONE):
        assert not out_of_bounds(h.draw(w, hh), w, hh)


# --- speed, fast mode, languages --------------------------------------------------------------------------------
def test_fast_mode_finishes_animations_and_computers_are_spaced():
    h = H(humans=(True, False, False, False), agents={p: Scripted() for p in (1, 2, 3)})
    h.throwoff(1)
    h.session.advance(1.0)  # Marko stakes
    assert not h.scene.ready()
    h.scene.update(0.3)
    assert not h.scene.ready()
    h.scene.set_fast(True)
    assert h.scene.ready() and not h.scene.flights
    h.session.advance(1.0)
    h.draw()
    h.scene.set_fast(False)
    assert h.scene.ready()  # nothing running
    h.session.advance(1.0)
    assert not h.scene.ready()  # a computer's stake is seen before the next decision


def test_language_switch_redraws_the_same_events_in_english():
    h = H(humans=(True, True, False, False))
    h.throwoff(0)
    h.key("2")
    h.settle()
    h.scene.set_lang("en")
    screen = h.screen()
    assert "Lena stakes 2: the pot is 2." in screen
    assert "Game 1/1 · round 1/40" in screen
    assert "Marko, stake (1–6) or throw." in screen


# --- whole matches, both sizes, nothing off the canvas ---------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_computer_match_plays_through_the_scene_at_both_sizes_and_languages(players):
    h = H(humans=(False,) * players, parties=3, level="normal")
    frames = h.play_through((DESKTOP, PHONE), 3, lambda steps: "en" if steps % 2 else "fr")
    h.settle(4.0)
    h.scene.set_lang("fr")
    assert frames > 10
    for w, hh in (DESKTOP, PHONE):
        dl = h.draw(w, hh)
        assert not out_of_bounds(dl, w, hh)
    screen = h.screen()
    assert "Match terminé" in screen and "1er" in screen
    winners = h.state.outcome().winners
    assert ("Égalité" in screen) == (len(winners) > 1)
    said = " ".join(h.scene.take_announcements())
    assert ("Fin de la partie 3" in said or "End of game 3" in said) and any(
        w in said for w in ("gagne avec", "Égalité", "wins with", "Tie:")
    )


def test_a_tie_is_ranked_together_on_the_end_banner():
    agents = {p: Scripted(stake=1) for p in (1, 2, 3)}
    h = H(humans=(True, False, False, False), agents=agents, lang="en")
    _to_second_turn(h, 1)  # pot 4: Lena throws 4 with two dice and wins 4 - 1 = +3; the others -1
    h.key("d")
    h.roll(1, 3)
    h.settle(4)
    screen = h.screen()
    assert "Lena wins with +3!" in screen
    assert "1st Lena: +3" in screen and "2nd Marko: −1" in screen and "2nd Zoé: −1" in screen
    assert "2nd Hugo: −1" in screen


# --- the app: setup dialog and a started game -----------------------------------------------------------------
def test_the_app_opens_roudalon_with_four_seats_and_starts_a_drawable_game():
    from dicehall.app.app import App
    from dicehall.app.storage import MemoryStorage

    app = App(MemoryStorage(), {"lang": "fr-FR", "params": {}, "width": 1000, "height": 700, "embedded": True})
    app.input({"type": "cmd", "cmd": "open", "arg": "roudalon"})
    dom = app.render_dom()
    assert [s["kind"] for s in app.form.seats] == ["human", "ai", "ai", "ai"]
    assert [s["colour"] for s in app.form.seats] == ["red", "blue", "green", "purple"]
    assert "Nombre de parties" in dom and "Autant que de joueurs" in dom
    app.input({"type": "cmd", "cmd": "start"})
    assert app.session is not None and app.session.game.id == "roudalon"
    assert app.session.state.options.party_count == 4
    dl = DisplayList()
    app.scene.draw(dl, 1000, 700)
    assert "Partie 1/4 · tirage au sort" in " ".join(dl.texts())


def test_every_text_the_scene_names_exists():
    import re
    from pathlib import Path

    import dicehall.games.roudalon as pkg

    root = Path(pkg.__file__).parent
    used = set()
    for path in root.glob("scene*.py"):
        source = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'tx\.t\([^,()]+, "([a-z_0-9]+)"', source))
        used |= set(re.findall(r'"((?:ev|why|prompt|ai)_[a-z_]+)"', source))
    used |= {"throw1", "throw2", "rank_1", "rank_2", "rank_3", "um_one", "um_many", "die_one", "die_many"}
    assert len(used) > 40
    missing = sorted(k for k in used if k not in tx.TEXTS)
    assert not missing, missing


def test_arrow_keys_focus_the_enabled_controls_and_hover_highlights():
    h = H(humans=(True, True, False, False))
    h.throwoff(0)
    assert h.key("ArrowRight")
    assert h.scene.shown_focus() == ("stake", 1)  # first turn: only the stakes are enabled
    assert h.key("ArrowLeft") and h.scene.shown_focus() == ("stake", 6)
    rings = [op for op in h.draw().ops if op[0] == "rrect" and op[7] == "#1f6feb"]
    assert len(rings) == 1
    assert h.key("Enter")
    assert h.log[-1].action == STAKES[5] and h.log[-1].by == 0
    h.settle()
    c = h.scene.control(("throw", 1))
    plain = h.draw().ops
    assert not h.scene.on_input(InputEvent("pointermove", c.rect.cx, c.rect.cy))
    assert h.scene.hover == ("throw", 1)
    assert h.draw().ops != plain  # lighter, with a darker edge, under the pointer
    h.scene.on_input(InputEvent("pointercancel"))
    assert h.scene.hover is None


@pytest.mark.parametrize("size", [(360, 640), (768, 1024), (800, 600), (1280, 800), DESKTOP, PHONE])
def test_nothing_is_drawn_off_the_canvas_in_an_alliance_and_at_the_end(size):
    w, hh = size
    agents = {1: Scripted(stake=1), 2: Scripted(stake=1), 3: Scripted(stake=1, propose=True)}
    for players in (4, 6):
        h = H(humans=(True,) + (False,) * (players - 1), agents=agents, size=size, lang="en")
        h.throwoff(players - 1 if players == 4 else 3)
        h.pump()
        for lang in ("fr", "en"):
            h.scene.set_lang(lang)
            dl = h.draw()
            assert not out_of_bounds(dl, w, hh), (size, players, lang, out_of_bounds(dl, w, hh)[:3])
    h.scene.set_fast(True)
    while not h.session.over:
        st = h.state
        if h.session.human_to_move:
            legal = st.legal_actions()
            h.session.submit(THROWS[0] if THROWS[0] in legal else legal[0])
        else:
            h.session.advance(1.0)
    h.scene.set_fast(False)
    h.settle(2)
    for lang in ("fr", "en"):
        h.scene.set_lang(lang)
        dl = h.draw()
        assert not out_of_bounds(dl, w, hh), (size, lang, out_of_bounds(dl, w, hh)[:3])


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (640, 360), (800, 600), (1280, 800)])
def test_the_ceiling_is_said_whole_in_the_pot_or_on_the_party_line(size):
    for players in (4, 6):
        h = H(humans=(True,) + (False,) * (players - 1), size=size)
        h.throwoff(1)
        h.pump()
        for lang in ("fr", "en"):
            h.scene.set_lang(lang)
            ceiling = tx.t(lang, "ceiling", n=h.state.options.pot_ceiling)
            texts = h.draw().texts()
            assert any(ceiling in t for t in texts), (size, players, lang, [t for t in texts if "…" in t])
