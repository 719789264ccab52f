"""A game declares itself once (core.spec.GameSpec): adding a computer level or an option to one game is a
change of that game's declaration only. Proved with the toy game: a Pig whose declaration adds a fourth
level ("master") and a new option ("hog") reaches the registry, the save checks, the new-game form, the
page API's sessions, the command line and the rules page's options table, with no change anywhere else,
while the real games keep their three levels."""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from dicehall import cli
from dicehall.ai import ExpectimaxAgent
from dicehall.app import screens
from dicehall.app.rules_pages import with_options_table
from dicehall.app.setup_form import SetupForm, option_fields, session_from_request
from dicehall.core import registry, save
from dicehall.core.errors import InvalidOptionsError, SaveFormatError
from dicehall.core.options import Choice, Integer, OptionsSchema, on_off, players
from dicehall.core.spec import STANDARD_LEVELS, GameSpec, Level

from . import toygame

# --- the toy game's folder: its options schema, its options, its rules' entry and its declaration -------
SCHEMA = OptionsSchema(
    "Pig",
    (
        players(2, 4, 2),
        Integer(
            key="target",
            default=20,
            minimum=1,
            maximum=1000,
            label=("Objectif", "Target"),
            form=(("20", "20 points", "20 points"), ("50", "50 points", "50 points")),
        ),
        on_off("hog", ("Cochon glouton", "Greedy hog"), ("Un 6 se rejoue.", "A 6 is rolled again.")),
        Choice(key="dice", values=("one", "two"), default="one", label=("Dés", "Dice")),  # JSON only: no form
    ),
)


@dataclass(frozen=True, slots=True)
class HogOptions(toygame.PigOptions):
    hog: bool = False
    dice: str = "one"

    def __post_init__(self) -> None:
        SCHEMA.check(self)


def make_agent(level: str, seat: int, rng: random.Random) -> Any:
    if level == "master":
        return ExpectimaxAgent(toygame.evaluate, 3, rng)
    return toygame.make_agent(level, seat, rng)


GAME = dataclasses.replace(
    toygame.GAME,
    options_from_json=lambda data: HogOptions(**SCHEMA.from_json(data)),
    options_to_json=SCHEMA.to_json,
    make_agent=make_agent,
)

SPEC = GameSpec(
    "pig",
    "Cochon",
    "Pig",
    2,
    4,
    __name__,
    levels=(*STANDARD_LEVELS, Level("master", ("Maître", "Master"))),
    options=SCHEMA,
    colours=(
        ("pink", "#d81b60", "Rose", "Pink"),
        ("brown", "#6d4c41", "Brun", "Brown"),
        ("teal", "#00838f", "Sarcelle", "Teal"),
        ("blue", "#1565c0", "Bleu", "Blue"),
    ),
    default_colours=("pink", "brown"),
)


@pytest.fixture(autouse=True)
def _declared(monkeypatch: pytest.MonkeyPatch) -> None:
    catalogue = tuple(g for g in registry.CATALOGUE if g.id != "pig") + (SPEC,)
    monkeypatch.setattr(registry, "CATALOGUE", catalogue)


# --- the platform follows -------------------------------------------------------------------------------
def test_the_registry_has_the_games_levels_and_only_its_own():
    assert registry.info("pig").level_ids == ("easy", "normal", "expert", "master")
    assert registry.load("pig") is GAME
    for other in registry.CATALOGUE:
        if other.id != "pig":
            assert other.level_ids == ("easy", "normal", "expert"), other.id


def seats(*levels: str) -> list[dict[str, Any]]:
    return [{"name": f"S{i}", "kind": "ai", "level": level} for i, level in enumerate(levels)]


def test_a_save_may_seat_a_level_its_game_offers_and_no_other():
    document = {
        "format": save.FORMAT,
        "game": "pig",
        "rules_version": 1,
        "options": {"hog": True},
        "seats": seats("master", "easy"),
        "seed": "s",
        "log": [],
    }
    loaded = save.from_json(document)
    assert [s.level for s in loaded.seats] == ["master", "easy"] and loaded.match.options.hog is True
    assert save.from_json(json.loads(loaded.dumps())).seats[0].level == "master"
    indecix = {**document, "game": "indecix", "options": {}}
    with pytest.raises(SaveFormatError, match='seat 0: level must be one of easy, normal, expert, got "master"'):
        save.from_json(indecix)


def test_the_options_come_from_and_go_to_json_through_the_schema_with_named_errors():
    options = GAME.options_from_json({"players": 3, "target": "50", "hog": "on"})  # the form's text too
    assert options == HogOptions(players=3, target=50, hog=True, dice="one")
    assert GAME.options_to_json(options) == {"players": 3, "target": 50, "hog": True, "dice": "one"}
    assert GAME.options_from_json({}) == HogOptions()
    for bad, message in (
        ({"hog": 1}, "hog must be true or false, got 1"),
        ({"dice": "three"}, 'Pig dice must be one of one, two, got "three"'),
        ({"target": 0}, "Pig target must be 1 to 1000, got 0"),
        ({"players": 5}, "Pig is for 2 to 4 players, got 5"),
        ({"pigs": 1}, r'unknown Pig option\(s\) \["pigs"\]'),
    ):
        with pytest.raises(InvalidOptionsError, match=message):
            GAME.options_from_json(bad)
    with pytest.raises(ValueError, match="hog must be true or false"):  # a ValueError, as always
        HogOptions(hog="yes")  # type: ignore[arg-type]


def level_select(html: str) -> str:
    """The level list of the form's second seat (a computer)."""
    start = html.index('id="seat-level-1"')
    return html[start : html.index("</select>", start)]


def test_the_new_game_form_offers_the_games_levels_and_options():
    form = SetupForm.default("pig", "en")
    assert form.options == {"target": "20", "hog": "off"}  # "dice" is an option of the JSON only
    assert [f.key for f in option_fields("pig")] == ["target", "hog"]
    html = screens.setup("en", form, None, False, False)
    assert 'value="master">Master<' in level_select(html) and "Greedy hog" in html
    assert 'value="master">Maître<' in level_select(screens.setup("fr", form, None, False, False))
    other = screens.setup("en", SetupForm.default("indecix", "en"), None, False, False)
    assert 'value="master"' not in level_select(other) and "Greedy hog" not in other
    form.merge({"seats": seats("master", "master"), "options": {"hog": "on"}})
    assert [s["level"] for s in form.seats] == ["master", "master"] and form.options["hog"] == "on"
    indecix = SetupForm.default("indecix", "en")
    indecix.merge({"seats": seats("master", "master")})
    assert [s["level"] for s in indecix.seats] == ["normal", "normal"]  # not a level Indecix offers


def test_a_session_seats_the_new_level_and_plays_it():
    session = session_from_request(
        "pig", {"seats": [{"kind": "human"}, {"kind": "ai", "level": "master"}], "hog": "on", "target": 50}, "en"
    )
    assert session.match.options == HogOptions(players=2, target=50, hog=True)
    assert session.seats[1].level == "master"
    with pytest.raises(SaveFormatError, match='level must be one of easy, normal, expert, got "master"'):
        session_from_request("indecix", {"seats": [{"kind": "human"}, {"kind": "ai", "level": "master"}]}, "en")


def test_the_command_line_simulates_the_new_level_of_that_game_only(capsys: pytest.CaptureFixture[str]):
    code = cli.main(["simulate", "pig", "--games", "2", "--ai", "master,easy", "--options", '{"target": 10}'])
    out = capsys.readouterr().out
    assert code == 0 and json.loads(out)["ai"] == ["master", "easy"]
    with pytest.raises(SystemExit) as refused:
        cli.main(["simulate", "indecix", "--games", "1", "--ai", "master"])
    assert refused.value.code == 2
    assert 'unknown level "master"; levels: easy, normal, expert, random' in capsys.readouterr().err


def test_the_rules_page_table_lists_the_options_from_the_schema():
    page = with_options_table("# Pig\n\nText.\n\n## The computer levels\n\n- Easy\n", "pig", "en")
    table = page[page.index("## Table of options") : page.index("## The computer levels")]
    for field in SCHEMA.fields:
        assert f"| {field.label[1]} | {field.key} |" in table
    assert "| Greedy hog | hog | true, false | false (No) |" in table
    assert "| Cochon glouton | hog | true, false | false (Non) |" in with_options_table("# Pig\n", "pig", "fr")


# --- the five games -------------------------------------------------------------------------------------
REAL = tuple(spec.id for spec in registry.CATALOGUE)  # the games of the hall (no test-only game)


@pytest.mark.parametrize("game_id", REAL)
def test_each_games_make_agent_plays_every_level_its_spec_offers(game_id: str):
    declared = registry.info(game_id)
    game = registry.load(game_id)
    state = game.initial(game.options_from_json({}))
    for level in declared.levels:
        assert game.make_agent(level.id, 0, random.Random(1)) is not None, level.id
        assert level.label[0] and level.label[1]
    with pytest.raises(ValueError):
        game.make_agent("godlike", 0, random.Random(1))
    assert state is not None


@pytest.mark.parametrize("game_id", REAL)
def test_each_games_declaration_matches_its_rules(game_id: str):
    declared = registry.info(game_id)
    game = registry.load(game_id)
    assert declared.module == f"dicehall.games.{game_id}.game" and game.id == game_id
    defaults = game.options_from_json({})
    assert game.options_to_json(defaults) == {
        k: declared.options[k].encode(v) for k, v in declared.options.defaults().items()
    }
    players = game.num_players(defaults)
    assert declared.min_players <= players <= declared.max_players
    assert set(declared.default_colours) <= {c[0] for c in declared.colours}
    for field in option_fields(game_id):  # every value the form offers is accepted
        for value, _fr, _en in field.choices:
            game.options_from_json({field.key: value})


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", REAL)
def test_each_rules_page_shows_the_table_of_its_options(game_id: str, lang: str):
    from dicehall.app.rules_pages import rules_html
    from dicehall.ui.html import escape  # (French quotes held to their words)

    page = rules_html(game_id, lang)
    table = page[page.index("<table", page.index("options</h3>" if lang == "en" else "des options</h3>")) :]
    table = table[: table.index("</table>")]
    for field in registry.info(game_id).options.fields:
        assert f"<td>{field.key}</td>" in table
        assert f"<td>{escape(field.label_in(lang))}</td>" in table
    levels = "Les niveaux de l&#x27;ordinateur" if lang == "fr" else "The computer levels"
    assert page.index("<table", page.index("options</h3>" if lang == "en" else "des options</h3>")) < page.index(levels)


def test_the_hub_reads_the_declarations_and_imports_no_rules_nor_ui_forms():
    """The hub builds its cards from the specs: it imports them (and their empty packages) and each game's
    miniature (its ``art``, drawn with ui.miniature), nothing else of any game, no options dataclass, and no
    UI module beyond what it imported before (ui.html, ui.i18n)."""
    import subprocess
    import sys

    code = (
        "import sys; from dicehall.app.app import App; from dicehall.app.storage import MemoryStorage; "
        "App(MemoryStorage(), {'lang': 'fr', 'params': {}}).frame(0); "
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('dicehall.games', 'dicehall.ui')))))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    imported = set(result.stdout.split())
    games = {f"dicehall.games.{g}" for g in REAL} | {f"dicehall.games.{g}.spec" for g in REAL}
    games |= {spec.art for spec in registry.CATALOGUE if spec.art is not None}
    ui = {"dicehall.ui", "dicehall.ui.html", "dicehall.ui.i18n", "dicehall.ui.miniature"}
    assert imported == {"dicehall.games"} | ui | games
