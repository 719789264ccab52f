"""What every part of the shell shares (``Shell``): the page (its language, size and last kind of input, the
screen shown and what is in front of it), the stored settings and statistics, and what a frame hands the page
besides the picture. The parts of the shell (app/game_flow.py, app/pace.py, …) each own their own state and
read this one; app/app.py makes it and hands it to each of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall import __version__
from dicehall.app.documents import repair_settings, repair_stats
from dicehall.app.persistence import SETTINGS, STATS, Persistence, Problem
from dicehall.app.setup_form import spec
from dicehall.app.texts import TEXTS
from dicehall.core import registry
from dicehall.core.errors import UnknownGameError
from dicehall.core.spec import ChoiceField, ToggleField
from dicehall.ui.i18n import LANGS, pick_lang

if TYPE_CHECKING:
    from dicehall.app.parts import GameScreen
    from dicehall.app.session import Session
    from dicehall.app.storage import Storage
    from dicehall.ui.scene import SceneContext


class Shell:
    def __init__(self, storage: Storage, config: dict[str, Any]) -> None:
        self.persist = Persistence(storage)
        # Ownership of the storage between tabs (host.js, Web Locks): "owner", or "guest" when another tab
        # of the site holds it; a guest shows only the offer to play here, and writes nothing.
        self.guest = config.get("owner") is False
        self.persist.read_only = self.guest
        self.settings = self.persist.load_object(SETTINGS, repair_settings)
        self.stats = self.persist.load_object(STATS, repair_stats)
        self.params = {k: str(v) for k, v in (config.get("params") or {}).items()}
        self.embedded = bool(config.get("embedded"))
        self.embed = self.params.get("embed") == "1"
        self.version = str(config.get("version") or __version__)  # the build's (the page's), else the package's
        # The last input was a finger: the screens leave out the keyboard's hints. At first, the page's guess
        # (a touch screen and no mouse); then a key or a mouse press says False, a touch True.
        self.touch = bool(config.get("touch"))
        stored = self.settings.get("lang")
        self.lang: str = (
            self.params["lang"]
            if self.params.get("lang") in LANGS
            else (stored if isinstance(stored, str) and stored in LANGS else pick_lang(config.get("lang")))
        )
        self.width = float(config.get("width") or 800)
        self.height = float(config.get("height") or 600)
        self.page_url = str(config.get("url") or "")  # this page's address, for links (app.links)
        self.screen = "hub"  # "hub", "setup", "game" or "replay"
        self.dialog: str | None = "other-tab" if self.guest else None  # the dialog in front of the screen
        self.menu_open = False
        self.update_ready = False  # a new version of the site is waiting (the service worker said so)
        self.last_frame: float | None = None  # the last frame's time (ms); None: the next one counts no time
        # What the next frame hands the page besides the picture (App.frame).
        self.dom_dirty = True  # the HTML changed: the frame sends it again
        self.said: list[str] = []  # lines for the live region
        self.posts: list[dict[str, Any]] = []  # messages for the embedding page
        self.download: dict[str, str] | None = None  # a save file for the page to hand over
        self.clear_fragment = False  # the page's #replay=/#play= fragment is done with (app.link_flow)

    def hand_over(self, out: dict[str, Any]) -> None:
        """What this frame hands the page besides the picture and the HTML, each taken once."""
        if self.said:
            out["say"], self.said = self.said, []
        if self.posts:
            out["post"], self.posts = self.posts, []
        if self.download is not None:
            out["download"], self.download = self.download, None
        if self.clear_fragment:
            out["fragment"], self.clear_fragment = "", False

    def t(self, key: str, **fields: object) -> str:
        return TEXTS.t(self.lang, key, **fields)

    def changed(self) -> None:
        """Something the HTML shows changed: the next frame sends it again."""
        self.dom_dirty = True

    def show(self, screen: str) -> None:
        """``screen`` in front, with no dialog and the menu closed."""
        self.screen, self.dialog, self.menu_open = screen, None, False

    def post(self, message: dict[str, Any]) -> None:
        """A message for the page that embeds this one (only when embedded)."""
        if self.embedded:
            self.posts.append(message)

    def notice(self, what: str, detail: str = "", key: str = "") -> None:
        """A notice over the screen (a ``Problem``: its text key in app/texts.py, its detail)."""
        self.persist.problems.append(Problem(what, detail, key))
        self.changed()

    def storage_refused(self, key: str, reason: str, dropped: list[str]) -> None:
        """The browser refused a write after the fact (see Persistence.write_refused): say so."""
        self.persist.write_refused(key, reason, dropped)
        self.changed()

    @staticmethod
    def playable(game_id: str) -> bool:
        try:
            return registry.info(game_id).available
        except UnknownGameError:
            return False

    def save_settings(self) -> None:
        self.persist.store_object(SETTINGS, self.settings)

    @property
    def sound_on(self) -> bool:
        """The game's sounds are on (the settings' "sound", on unless the player muted them)."""
        return self.settings.get("sound", True) is not False

    def speed(self) -> str:
        """The pace chosen in the settings (a stored value we do not know: normal)."""
        from dicehall.ui.scene import SPEED_ORDER

        speed = self.settings.get("speed", "normal")
        return speed if speed in SPEED_ORDER else "normal"

    def display_settings(self, game_id: str) -> dict[str, Any]:
        """A game's Display choices as its screen reads them (and the pace)."""
        display = self.settings.setdefault("display", {}).setdefault(game_id, {})
        fields = spec(game_id).display_fields
        values: dict[str, Any] = {}
        for f in fields:  # a toggle (ToggleField), or a choice (ChoiceField: a value it offers, else its default)
            if isinstance(f, ChoiceField):
                chosen = display.get(f.key)
                values[f.key] = chosen if any(chosen == c[0] for c in f.choices) else f.default
            else:
                values[f.key] = bool(display.get(f.key, f.default))
        for f in fields:  # a toggle that needs another one is off while that one is
            if isinstance(f, ToggleField) and f.requires and not values.get(f.requires, True):
                values[f.key] = False
        values["speed"] = self.settings.get("speed", "normal")
        return values

    def make_scene(self, session: Session) -> GameScreen:
        """The game's screen for ``session``, sized for the page (built before the session is shown, so a
        session that cannot be shown never replaces the one in place)."""
        scene = spec(session.game.id).make_scene(session, self._scene_context(session))
        scene.resize(self.width, self.height)
        return scene

    def _scene_context(self, session: Session) -> SceneContext:
        from dicehall.ui.forms import seat_colours  # lazy: the hub does not need them
        from dicehall.ui.scene import SceneContext

        game_id = session.game.id
        declared = spec(game_id)
        chosen = [s.extra.get("colour") for s in session.seats]
        colours = seat_colours(declared.colours, declared.default_colours, chosen, len(session.seats))
        return SceneContext(lang=self.lang, settings=self.display_settings(game_id), colours=colours, touch=self.touch)
