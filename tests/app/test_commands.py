"""The shell's command tables (each part's ``COMMANDS``, merged in ``dicehall.app.app.COMMANDS``): every command
the screens emit (a button's or a field's ``data-cmd``, a copy button's ``data-copied``, a game's menu entries
and shortcuts) has a handler, and every handler is reached by something the screens emit, under CPython."""

from __future__ import annotations

import html
import itertools
import random
import re
from pathlib import Path

import pytest

from dicehall.app.app import COMMANDS, PART_COMMANDS, App
from dicehall.app.setup_form import spec
from dicehall.app.storage import MemoryStorage
from dicehall.core import registry

SRC = Path(__file__).resolve().parents[2] / "src" / "dicehall"
HOST_JS = sorted((Path(__file__).resolve().parents[2] / "web" / "host").glob("*.js"))  # the page's host
EMITTED = re.compile(r'data-(?:cmd|copied)="([^"]*)"')
# The page's own: web/host/input.js reports a copy done with the button's data-copied, else "challenge-copied".
SENT_BY_THE_PAGE = {"challenge-copied"}


def name_of(cmd: str) -> str:
    return cmd.partition(":")[0]


def emitted(dom: str) -> set[str]:
    return {html.unescape(cmd) for cmd in EMITTED.findall(dom)}


def make_app(storage: MemoryStorage) -> App:
    config = {"lang": "en", "params": {"lang": "en"}, "width": 1280, "height": 800}
    return App(storage, config)


def drive(app: App) -> None:
    while app.api.busy():
        app.api.advance(1.0)


CLOCK = itertools.count(1)  # the page's clock, in seconds: each frame a second later (animations end)


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(1000.0 * next(CLOCK))


class Tour:
    """The screens of the shell, each in the states that show its buttons; what they emit."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}  # command → where it was seen first

    def look(self, app: App, where: str) -> str:
        dom = app.render_dom()
        for cmd in emitted(dom):
            self.seen.setdefault(cmd, where)
        return dom

    def dialogs(self, app: App, where: str) -> None:
        for dialog in ("rules", "stats", "options", "about"):
            app.command("dialog", dialog)
            self.look(app, f"{where}, dialog {dialog}")
            app.command("close", None)
        for dialog in ("confirm-new", "confirm-abandon", "confirm-link", "confirm-demo", "link-fork"):
            app.shell.dialog = dialog
            self.look(app, f"{where}, dialog {dialog}")
        app.shell.dialog = None


@pytest.fixture(scope="module")
def tour() -> Tour:
    tour = Tour()
    for info in registry.CATALOGUE:  # the games' own commands: menu entries and shortcuts (games/*/spec.py)
        for _label, cmd, *_rest in info.menu_items:
            tour.seen.setdefault(cmd, f"{info.id}'s menu")
        for shortcut in spec(info.id).shortcuts:
            tour.seen.setdefault(shortcut.cmd, f"{info.id}'s shortcuts")

    storage = MemoryStorage()
    app = make_app(storage)
    tour.look(app, "the hub")
    tour.dialogs(app, "the hub")
    app.api.open_file("notes.txt", "not a save")  # a problem banner
    assert app.shell.persist.problems
    tour.look(app, "the hub with a banner")

    app.command("tutorial", "indecix")  # a lesson (app.tutorial_flow): its bubble, then its end
    frames(app)
    tour.look(app, "a lesson")
    app.command("tutorial-skip", None)
    frames(app)
    tour.look(app, "a lesson skipped")
    app.command("tutorial-leave", None)

    for info in registry.CATALOGUE:  # each game's new-game form, with as many seats as it takes
        app.command("open", info.id)
        tour.look(app, f"{info.id}'s form")
        app.command("add-seat", None)
        tour.look(app, f"{info.id}'s form, a seat added")
        tour.dialogs(app, f"{info.id}'s form")

    for game, extra in (
        ("indecix", {}),
        ("charidice", {}),
        ("roudalon", {"parties": 2}),
        ("marchands", {"size": 30}),
        ("paradice", {"round_limit": 20}),
    ):
        count = spec(game).min_players
        seats = [{"kind": "human", "name": "Léa"}] + [{"kind": "ai", "level": "easy"} for _ in range(count - 1)]
        assert app.api.new_game(game, {"seats": seats, "seed": "commands", **extra}) == {"ok": True}
        drive(app)
        frames(app)
        where = f"{game} in progress"
        tour.look(app, where)
        app.command("menu", None)
        tour.look(app, f"{where}, its menu")
        app.command("menu", None)
        tour.dialogs(app, where)
        app.command("share", "replay")
        tour.look(app, f"{where}, the share dialog")
        app.command("close", None)
        app.command("hint", None)
        for _ in range(50):
            frames(app, 1)
            if "hint-close" in tour.look(app, f"{where}, a hint"):
                break
        app.command("hint-close", None)
        app.command("pause", None)
        tour.look(app, f"{where}, paused")
        app.command("resume-play", None)
        app.command("hub", None)
        tour.look(app, f"the hub, {game} in progress")
        app.command("resume", None)

        rng = random.Random(1)  # to the end: the end panel, then the replay viewer
        while not app.api.state()["over"]:
            assert app.api.play(rng.choice(app.api.state()["legal"])) == {"ok": True}
            drive(app)
        frames(app)
        tour.look(app, f"{game} over")
        app.command("end-aside", None)
        app.command("menu", None)
        tour.look(app, f"{game} over, the panel put aside")
        app.command("end-replay", None)
        tour.look(app, f"{game}'s replay")
        app.command("replay-close", None)

    app.command("dialog", "stats")  # the recent games, to watch or download
    tour.look(app, "the win record with recent games")
    app.command("close", None)

    app.command("open", "paradice")  # a demonstration: no human, so the toolbar offers to finish the game
    app.command("demo", None)
    frames(app)
    tour.look(app, "a demonstration")
    app.command("menu", None)
    tour.look(app, "a demonstration, its menu")

    assert app.api.new_game("indecix", {"seats": [{"kind": "human"}, {"kind": "remote"}], "seed": "x"}) == {"ok": True}
    app.command("share", "play")
    tour.look(app, "the share dialog of a game by link")
    app.command("hub", None)
    tour.look(app, "the hub with a game by link and a previous game")
    return tour


def test_every_command_the_screens_emit_has_a_handler(tour: Tour) -> None:
    unhandled = {
        cmd: where for cmd, where in tour.seen.items() if not cmd.startswith("host:") and name_of(cmd) not in COMMANDS
    }
    assert not unhandled, f"commands with no handler in COMMANDS (app/app.py): {unhandled}"


def test_every_handler_is_reached_by_something_the_screens_emit(tour: Tour) -> None:
    reached = {name_of(cmd) for cmd in tour.seen} | SENT_BY_THE_PAGE
    assert not set(COMMANDS) - reached, f"handlers nothing emits: {sorted(set(COMMANDS) - reached)}"
    page = "".join(p.read_text(encoding="utf-8") for p in HOST_JS)
    assert all(f'"{cmd}"' in page for cmd in SENT_BY_THE_PAGE)


def test_the_tables_name_each_handler_after_its_command_and_hold_them_all() -> None:
    """``"end-rematch"`` is handled by ``EndFlow._cmd_end_rematch`` (app/end_flow.py's table): grep finds one from
    the other; each part's table holds its handlers only, and all of them (no ``_cmd_`` method of a part is left
    out); no name is in two tables."""
    app = make_app(MemoryStorage())
    assert sum(len(table) for table in PART_COMMANDS.values()) == len(COMMANDS)
    for part, table in PART_COMMANDS.items():
        owner = type(getattr(app, part)) if part else App
        for cmd, handler in table.items():
            assert re.fullmatch(r"[a-z]+(-[a-z]+)*", cmd), cmd
            assert handler.__name__ == "_cmd_" + cmd.replace("-", "_"), (cmd, handler.__name__)
            assert handler is getattr(owner, handler.__name__), (part, cmd)
            assert COMMANDS[cmd] == (part, handler)
        methods = {name for name in dir(owner) if name.startswith("_cmd_")}
        assert methods == {handler.__name__ for handler in table.values()}, owner.__name__


def test_the_html_builders_literal_commands_have_handlers() -> None:
    """The ``data-cmd`` written as literals in the HTML builders (app/*.py, ui/*.py), including those no
    screen of the tour above shows, name a handler or a host command."""
    literal = re.compile(r"""data(?:-|_)cmd=f?\\?["']([a-z-]+)["':{]""")
    found = {}
    for path in [*SRC.glob("app/*.py"), *SRC.glob("ui/*.py")]:
        for cmd in literal.findall(path.read_text(encoding="utf-8")):
            found.setdefault(cmd, path.name)
    assert {"log-more", "replay-to", "seat-colour", "display"} <= set(found)
    assert not {cmd: where for cmd, where in found.items() if cmd not in COMMANDS and cmd != "host"}


def test_an_unknown_command_changes_nothing() -> None:
    app = make_app(MemoryStorage())
    app.frame(0)
    for cmd in ("no-such-command", "_cmd_hub", "__init__", "command", "", ":", "host:reload"):
        app.command(cmd, None)
        assert app.frame(1).get("dom") is None and app.shell.screen == "hub"
