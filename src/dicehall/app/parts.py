"""What the parts of ``App`` mixed into it (app/viewer_flow.py, app/link_flow.py) read and set on it, declared
for the type checker: App (app/app.py) sets the attributes and defines the methods; and what the shell reads
and calls on a game's screen (``GameScreen``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from dicehall.app.move_log import MoveLog
    from dicehall.app.persistence import Persistence
    from dicehall.app.replay import ReplayViewer
    from dicehall.app.session import Session
    from dicehall.core.save import SavedGame
    from dicehall.ui.canvas import DisplayList
    from dicehall.ui.scene import Choice, InputEvent


class GameScreen(Protocol):
    """What the shell reads and calls on a game's screen (the scene ``spec.make_scene`` builds: a
    ``ui.scene.SceneBase``). Optional members it looks up with ``getattr``: ``command(name, arg)`` (the
    ``scene:`` commands), ``log_held_from()`` (the move log waits for a die), ``takes_wheel`` and ``scale``."""

    dirty: bool
    end_panel: bool

    def resize(self, width: float, height: float) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, dl: DisplayList, width: float, height: float) -> None: ...
    def on_input(self, event: InputEvent) -> bool: ...
    def ready(self) -> bool: ...
    def instant(self) -> bool: ...
    def human_dice(self) -> bool: ...
    def humans_in_play(self) -> bool: ...
    def take_announcements(self) -> list[str]: ...
    def prompt(self) -> str: ...
    def choices(self) -> list[Choice]: ...
    def choose(self, index: int) -> bool: ...
    def set_fast(self, fast: bool) -> None: ...
    def set_lang(self, lang: str) -> None: ...
    def set_settings(self, settings: dict[str, Any]) -> None: ...
    def set_touch(self, touch: bool) -> None: ...


class AppParts:
    lang: str
    screen: str
    dialog: str | None
    menu_open: bool
    session: Session | None
    scene: GameScreen | None
    persist: Persistence
    settings: dict[str, Any]
    page_url: str
    width: float
    height: float
    update_ready: bool
    log_open: bool
    log_more: int
    viewer: ReplayViewer | None
    _move_log: MoveLog | None
    _viewer_shown: tuple[Any, ...]
    _say: list[str]
    _download: dict[str, str] | None
    _end_shown: bool
    _dom_dirty: bool
    _share: dict[str, Any] | None
    _fresh: tuple[Session, int] | None
    _pending_link: Session | None
    _fork: dict[str, Any] | None
    _link_viewer: object | None
    _clear_fragment: bool

    @property
    def sound_on(self) -> bool:  # App's: the settings' "sound"
        raise NotImplementedError

    t: Callable[..., str]
    command: Callable[[str, Any], None]
    _touch: Callable[[], None]
    _speed: Callable[[], str]
    _start: Callable[[Session], None]
    _attach: Callable[..., None]
    _make_scene: Callable[[Session], GameScreen]
    _save_settings: Callable[[], None]
    _dialog_dom: Callable[[], str]
    _file_refused: Callable[..., bool]
    _api_refusal: Callable[[], dict[str, Any] | None]
    _open_viewer: Callable[[SavedGame, str], None]
