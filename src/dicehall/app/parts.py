"""What the parts of ``App`` mixed into it (app/viewer_flow.py, app/link_flow.py) read and set on it, declared
for the type checker: App (app/app.py) sets the attributes and defines the methods."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dicehall.app.persistence import Persistence
    from dicehall.app.replay import ReplayViewer
    from dicehall.app.session import Session
    from dicehall.core.save import SavedGame


class AppParts:
    lang: str
    screen: str
    dialog: str | None
    menu_open: bool
    session: Session | None
    scene: Any
    persist: Persistence
    settings: dict[str, Any]
    page_url: str
    width: float
    height: float
    update_ready: bool
    sound_on: bool
    log_open: bool
    log_more: int
    viewer: ReplayViewer | None
    _move_log: Any
    _viewer_shown: tuple[Any, ...]
    _say: list[str]
    _download: dict[str, str] | None
    _end_shown: bool
    _dom_dirty: bool
    _share: dict[str, Any] | None
    _fresh: tuple[Any, int] | None
    _pending_link: Session | None

    t: Callable[..., str]
    command: Callable[[str, Any], None]
    _touch: Callable[[], None]
    _speed: Callable[[], str]
    _start: Callable[[Session], None]
    _attach: Callable[..., None]
    _make_scene: Callable[[Session], Any]
    _save_settings: Callable[[], None]
    _dialog_dom: Callable[[], str]
    _file_refused: Callable[..., bool]
    _api_refusal: Callable[[], dict[str, Any] | None]
    _open_viewer: Callable[[SavedGame, str], None]
