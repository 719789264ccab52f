"""HTML for the screens and dialogs of the shell: hub, setup, toolbar and menu, rules, statistics, options.

Pure functions of what they are given; the classes they use are defined in web/styles.css.
"""

from __future__ import annotations

from typing import Any

from dicehall.app.persistence import Problem
from dicehall.app.setup_form import SetupForm, option_fields, spec
from dicehall.app.texts import TEXTS
from dicehall.core import registry
from dicehall.ui.html import attrs, button, escape, select


def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


def lang_switch(lang: str) -> str:
    return (
        '<div class="lang-switch" role="group" aria-label="Langue / Language">'
        + "".join(
            button(
                code.upper(),
                "lang",
                code,
                cls="btn ghost" + (" selected" if code == lang else ""),
                aria_pressed="true" if code == lang else "false",
                lang=code,
            )
            for code in ("fr", "en")
        )
        + "</div>"
    )


def banners(lang: str, problems: list[Problem], update_ready: bool, docked: bool = False) -> str:
    """The notices. ``docked``: on a game, they take their place under the toolbar and the board starts below
    them (the page measures it), so that a notice never covers the game; elsewhere they float over the page."""
    out = []
    for i, p in enumerate(problems):
        kind = "warn" if p.what.startswith("storage") else "info" if p.what.endswith("_done") else "error"
        text = t(lang, p.what, detail=p.detail, where=p.key) if p.detail or p.key else t(lang, p.what)
        out.append(
            f'<div class="banner {kind}" role="alert"><span>{escape(text)}</span>'
            f"{button(t(lang, 'dismiss'), 'dismiss', i, cls='btn ghost')}</div>"
        )
    if update_ready:
        out.append(
            f'<div class="banner info" role="status"><span>{escape(t(lang, "update_ready"))}</span>'
            f"{button(t(lang, 'reload'), 'host:update', cls='btn primary')}</div>"
        )
    cls = "banners docked" if docked else "banners"
    return f'<div class="{cls}">{"".join(out)}</div>' if out else ""


def hub(
    lang: str, resume: tuple[Any, ...] | None, previous: bool = False, linked: str = "", lessons: Any = None
) -> str:
    """``resume``: (game id, turn) or (game id, turn, round) for games played in rounds. ``previous``: a
    replaced game is kept and can be brought back. ``linked``: the games by link in progress
    (app.link_games.section), shown before the cards. Each card shows a miniature of the game's board
    (``hub_art``), its players, Play, Learn to play and its rules; the game in progress has a card of its own
    first. ``lessons``: per game, "open" or "done" (app.tutorial_flow)."""
    from dicehall.app.challenge import hub_button as challenge_button
    from dicehall.app.hub_art import miniature
    from dicehall.app.tutorial_flow import hub_button as learn_button

    cards = []
    for info in registry.CATALOGUE:
        players = (
            t(lang, "players_fixed", n=info.min_players)
            if info.min_players == info.max_players
            else t(lang, "players_range", lo=info.min_players, hi=info.max_players)
        )
        name = info.title(lang)
        title, art = escape(name), miniature(info.id, escape(t(lang, "board_of", game=name)))
        blurb = escape(info.blurb_in(lang))
        if info.available:
            rules = button(
                t(lang, "rules"),
                "rules",
                info.id,
                cls="btn ghost",
                id=f"rules-{info.id}",
                aria_label=t(lang, "rules_of", game=name),
            )
            action = button(t(lang, "play"), "open", info.id, cls="btn primary", id=f"play-{info.id}")
            action += challenge_button(lang, info.id)  # the challenge of the day (app.challenge)
            action += learn_button(lang, info.id, (lessons or {}).get(info.id))  # Learn to play (app.tutorial_flow)
            cards.append(
                f'<article class="game-card" data-game="{info.id}">{art}<h2>{title}</h2>'
                f'<p>{blurb}</p><p class="chip">{players}</p>'
                f'<div class="card-actions">{action}{rules}</div></article>'
            )
        else:
            cards.append(
                f'<article class="game-card soon" data-game="{info.id}" aria-disabled="true">'
                f'{art}<h2>{title}</h2><p>{blurb}</p><p class="chip">{players}</p>'
                f'<span class="badge">{escape(t(lang, "coming_soon"))}</span></article>'
            )
    resume_html = ""
    if resume:
        game_id, turn, rnd = (resume + (None,))[:3]
        name = registry.info(game_id).title(lang)
        label = (
            t(lang, "resume_of_round", game=name, round=rnd)
            if rnd is not None
            else t(lang, "resume_of", game=name, turn=turn)
        )
        resume_html = (
            f'<section class="resume-card" aria-label="{escape(t(lang, "in_progress"))}">'
            f"{miniature(game_id, escape(t(lang, 'board_of', game=name)))}"
            f'<div><p class="chip">{escape(t(lang, "in_progress"))}</p><h2>{escape(name)}</h2>'
            f"{button(label, 'resume', cls='btn primary', id='resume')}</div></section>"
        )
    return (
        '<main class="screen hub">'
        f'<header class="hub-header"><h1>{t(lang, "hall")}</h1>{lang_switch(lang)}</header>'
        f'<p class="tagline">{escape(t(lang, "tagline"))}</p>{resume_html}{linked}'
        f'<section class="game-grid">{"".join(cards)}</section>'
        f"<footer>{button(t(lang, 'statistics'), 'dialog', 'stats', cls='btn ghost')}"
        f"{button(t(lang, 'previous_game'), 'previous', cls='btn ghost', id='previous-game') if previous else ''}"
        f"{button(t(lang, 'open_file'), 'host:open-file', cls='btn ghost', id='hub-open-file')}"
        f"{button(t(lang, 'about'), 'dialog', 'about', cls='btn ghost', id='hub-about')}"
        "</footer></main>"
    )


def setup(lang: str, form: SetupForm, error: str | None, can_resume: bool, embed: bool, lessons: Any = None) -> str:
    info = registry.info(form.game)
    declared = spec(form.game)
    side_names = declared.seat_labels
    rows = []
    for i, seat in enumerate(form.seats):
        label = side_names[i][0 if lang == "fr" else 1] if side_names else t(lang, "seat", n=i + 1)
        kinds = [("human", t(lang, "human")), ("ai", t(lang, "computer")), ("remote", t(lang, "remote_human"))]
        levels = [(lv.id, lv.label_in(lang)) for lv in declared.levels]
        # The colour is an SVG disc's fill, not a style attribute, which the Content-Security-Policy blocks. The
        # swatches are one radio group: one Tab stop (the chosen colour), the arrows choose inside it (host.js).
        swatches = "".join(
            f'<button type="button"{attrs(class_="swatch" + (" selected" if cid == seat["colour"] else ""), id=f"seat-colour-{i}-{cid}", role="radio", tabindex="0" if cid == seat["colour"] else "-1", data_cmd=f"seat-colour:{i}", data_arg=cid, title=fr if lang == "fr" else en, aria_label=fr if lang == "fr" else en, aria_checked="true" if cid == seat["colour"] else "false")}>'
            f'<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">'
            f'<circle cx="16" cy="16" r="16"{attrs(fill=hexa)}/></svg>'
            f"{'✓' if cid == seat['colour'] else ''}</button>"
            for cid, hexa, fr, en in declared.colours
        )
        level = (
            f"<label>{escape(t(lang, 'level'))} "
            f"{select(f'seat-level:{i}', levels, seat['level'], id=f'seat-level-{i}')}</label>"
            if seat["kind"] == "ai"
            else ""
        )
        remove = ""
        if form.can_remove(i):
            who = seat["name"].strip() or label
            remove = button(
                "×",
                f"remove-seat:{i}",
                cls="btn ghost icon seat-remove",
                id=f"seat-remove-{i}",
                title=t(lang, "remove_player", name=who),
                aria_label=t(lang, "remove_player", name=who),
            )
        rows.append(
            f'<fieldset class="seat-row" data-seat="{i}"><legend>{escape(label)}</legend>{remove}'
            f'<label>{escape(t(lang, "name"))} <input type="text" maxlength="40"'
            f"{attrs(id=f'seat-name-{i}', value=seat['name'], data_cmd=f'seat-name:{i}')}></label>"
            f"<label>{escape(t(lang, 'kind'))} {select(f'seat-kind:{i}', kinds, seat['kind'], id=f'seat-kind-{i}')}</label>"
            f'{level}<div class="swatches" role="radiogroup" aria-label="{escape(t(lang, "colour"))}">{swatches}</div>'
            "</fieldset>"
        )
    fields = []
    for f in option_fields(form.game):
        fields.append(_choice_row(lang, f, "option", form.options[f.key]))
    add = ""
    if info.min_players != info.max_players:
        count = t(lang, "players_count", n=len(form.seats), lo=info.min_players, hi=info.max_players)
        add_button = button("+ " + t(lang, "add_player"), "add-seat", cls="btn", id="add-seat") if form.can_add else ""
        add = f'<div class="form-row seat-count"><span class="chip" id="seat-count">{escape(count)}</span>{add_button}</div>'
    error_html = f'<p class="banner error" role="alert">{escape(error)}</p>' if error else ""
    resume = button(t(lang, "resume"), "resume", cls="btn", id="resume") if can_resume else ""
    demo = button(t(lang, "demo"), "demo", cls="btn", id="demo") if declared.demo else ""
    from dicehall.app.challenge import hub_button  # the challenge of the day: also here for an embedded page

    demo += hub_button(lang, form.game)
    from dicehall.app.tutorial_flow import hub_button as learn_button  # Learn to play

    demo += learn_button(lang, form.game, (lessons or {}).get(form.game))
    cancel = "" if embed else button(t(lang, "cancel"), "hub", cls="btn ghost")
    return (
        f'<main class="screen setup"><form class="dialog" aria-labelledby="setup-title">'
        f'<div class="dialog-head"><h1 class="dialog-title" id="setup-title">'
        f"{escape(t(lang, 'setup_title', game=info.title(lang)))}</h1>{lang_switch(lang)}</div>"
        f"<h2>{escape(t(lang, 'players'))}</h2>{''.join(rows)}{add}"
        f"<h2>{escape(t(lang, 'options'))}</h2>{''.join(fields)}{error_html}"
        f'<div class="dialog-actions">{cancel}{resume}{demo}'
        f"{button(t(lang, 'start'), 'start', cls='btn primary', id='start')}</div>"
        "</form></main>"
    )


MENU_SECTIONS = ("game", "views", "stats", "options")  # the game menu's sections, in this order


def toolbar(
    lang: str,
    title: str,
    can_undo: bool,
    can_redo: bool,
    menu_open: bool,
    embed: bool,
    status: str,
    play: str = "",
    game_items: tuple[tuple[Any, ...], ...] = (),
    previous: bool = False,
    extra: str = "",
    pace: str = "",
    pace_items: tuple[tuple[str, str, Any], ...] = (),
    sound: bool | None = None,
    min_playable: tuple[tuple[float, float], ...] = (),
) -> str:
    """``play``: "running" or "paused" for a game in progress (offers pause or resume, and abandon), else
    "". ``game_items``: the game's own menu entries as (label, command, argument) or (label, command,
    argument, section), section "views" (the default), "stats" or "game" (after the shell's own entries: the
    result, the save files). ``previous``: a replaced game is kept and the menu can bring it back. ``extra``:
    HTML after the title (the end panel's Result button once it is put aside). ``sound``: the sounds are on
    (None: no sound control). ``min_playable``: the smallest boards the game can be played on
    (``SceneBase.min_playable``), for the notice of a screen too small (``too_small``).

    The menu is grouped in sections with headings (game, views, statistics, options and help); a long one
    scrolls inside the window, with a visible scroll bar and a shadow at the edge that has more. It holds
    every control of the toolbar too: on a narrow screen the page folds the toolbar's controls that do not
    fit (web/host.js, ``fitToolbar``), and they stay one tap away there (the language, the sound and the
    move log included).

    While the game is paused, the pause card (``pause_card``) comes with the toolbar."""
    item = lambda label, cmd, arg=None, **kw: button(label, cmd, arg, cls="btn ghost", role="menuitem", **kw)  # noqa: E731
    sections: dict[str, list[str]] = {name: [] for name in MENU_SECTIONS}
    game = sections["game"]
    game.append(item(t(lang, "new_game"), "new-game"))
    if previous:
        game.append(item(t(lang, "previous_game"), "previous", id="menu-previous"))
    if play:
        game.append(
            item(t(lang, "pause"), "pause", id="menu-pause")
            if play == "running"
            else item(t(lang, "resume_play"), "resume-play", id="menu-resume")
        )
        game.append(item(t(lang, "abandon"), "abandon", id="menu-abandon"))
    game.append(item(t(lang, "undo"), "undo", disabled=not can_undo))
    game.append(item(t(lang, "redo"), "redo", disabled=not can_redo))
    for label, cmd, arg in pace_items:  # the pace: the next speed, to my turn or finish the game
        game.append(item(label, cmd, arg, id=f"menu-{cmd}"))
    # the move log's drawer (a narrow page: styles.css hides the entry where the log is a column beside the board)
    game.append(button(t(lang, "log_item"), "log", "toggle", cls="btn ghost menu-log", role="menuitem", id="menu-log"))
    if not embed:
        game.append(item(t(lang, "back_to_hub"), "hub"))
    for label, cmd, arg, *rest in game_items:
        section = rest[0] if rest and rest[0] in ("game", "views", "stats") else "views"
        sections[section].append(item(label, cmd, arg))
    sections["stats"].append(item(t(lang, "statistics"), "dialog", "stats", id="menu-record"))
    other = "en" if lang == "fr" else "fr"
    options = [item(t(lang, "display"), "dialog", "options")]
    if sound is not None:
        options.append(
            item(t(lang, "sound_off_item" if sound else "sound_on_item"), "sound", "toggle", id="menu-sound")
        )
    options += [
        item(t(lang, "lang_other"), "lang", other, id="menu-lang"),
        item(t(lang, "rules"), "dialog", "rules"),
        item(t(lang, "about"), "dialog", "about", id="menu-about"),
    ]
    sections["options"] += options
    groups = "".join(
        f'<div class="menu-section" role="group" aria-labelledby="menu-h-{name}">'
        f'<p class="menu-heading" id="menu-h-{name}" role="presentation">{escape(t(lang, f"menu_{name}"))}</p>'
        f"{''.join(entries)}</div>"
        for name, entries in sections.items()
        if entries
    )
    menu = f'<div class="menu" role="menu" id="game-menu">{groups}</div>' if menu_open else ""
    undo = button(
        "↶",
        "undo",
        cls="btn ghost icon",
        title=t(lang, "undo"),
        aria_label=t(lang, "undo"),
        disabled=not can_undo,
        id="undo",
    )
    status_chip = f'<span class="chip status">{escape(status)}</span>' if status else ""
    if play in ("running", "paused"):  # pause, or resume, before undo
        icon, cmd, cls = ("", "pause", " pause-icon") if play == "running" else ("▶", "resume-play", "")
        label = t(lang, cmd.replace("-", "_"))
        undo = button(icon, cmd, cls="btn ghost icon" + cls, title=label, aria_label=label, id=cmd) + undo
    menu_attrs = attrs(
        class_="btn ghost",
        data_cmd="menu",
        id="menu-button",
        aria_label=t(lang, "menu"),
        aria_expanded="true" if menu_open else "false",
        aria_controls="game-menu",
    )
    # the word "Menu" hides on a phone (.toolbar .label), the icon stays
    menu_button = f'<button type="button"{menu_attrs}>☰<span class="label"> {escape(t(lang, "menu"))}</span></button>'

    return (
        f'<nav class="toolbar">{menu_button}<span class="title">{escape(title)}</span>{status_chip}'
        f'{extra}<span class="spacer"></span>{pace}{undo}{lang_switch(lang)}</nav>{menu}'
        + (pause_card(lang) if play == "paused" else "")
        + (too_small(lang, title, min_playable) if min_playable else "")
    )


def pause_card(lang: str) -> str:
    """The card of a paused game, at the foot of the board: it says so, and resumes (its button has the focus,
    so Enter resumes too). The board stays visible, dimmed, above it: the game's views still open."""
    resume = button(
        "▶ " + t(lang, "resume_play"), "resume-play", cls="btn primary", id="pause-resume", data_autofocus=True
    )
    return (
        f'<section class="pause-card" id="pause-card" aria-labelledby="pause-title">'
        f'<div><h2 id="pause-title">{escape(t(lang, "paused"))}</h2>'
        f"<p>{escape(t(lang, 'paused_note'))}</p></div>{resume}</section>"
    )


def too_small(lang: str, game_title: str, sizes: tuple[tuple[float, float], ...]) -> str:
    """The notice shown instead of a board too small to play: the game's smallest playable boards
    (``SceneBase.min_playable``, CSS px) ride in ``data-min``; the page shows the notice while the board's
    area holds none of them (web/host.js, ``fitBoard``), with the advice that helps there (turn the device,
    when the board fits the other way round, else enlarge or zoom out), full screen (turned, where the
    browser can) and the board anyway."""
    data = ";".join(f"{w:g}x{h:g}" for w, h in sizes)
    actions = (
        button(t(lang, "small_turn"), "host:turn", cls="btn primary needs-turn", id="small-turn")
        + button(t(lang, "small_full"), "host:full-screen", cls="btn needs-full", id="small-full")
        + button(t(lang, "small_anyway"), "host:small-anyway", cls="btn ghost", id="small-anyway")
    )
    return (
        f'<section class="too-small" id="too-small" role="alert" hidden data-min="{data}" '
        f'aria-labelledby="too-small-title"><h2 id="too-small-title">'
        f"{escape(t(lang, 'small_title', game=game_title))}</h2><p>{escape(t(lang, 'small_body'))}</p>"
        f'<p class="small-rotate">{escape(t(lang, "small_rotate"))}</p>'
        f'<p class="small-zoom small-desk">{escape(t(lang, "small_zoom"))}</p>'
        f'<p class="small-zoom small-touch">{escape(t(lang, "small_zoom_touch"))}</p>'
        f'<div class="dialog-actions">{actions}</div></section>'
    )


def _chevrons(n: int) -> str:
    step = 6
    x0 = 12 - (n - 1) * step / 2 - 3
    return "".join(f'<path d="M{x0 + i * step:g} 6l6 6-6 6"/>' for i in range(n))


# The pace's icons, drawn (a font may lack the media symbols): one, two or three chevrons for slow, normal and
# fast, a lightning bolt for instant; "to my turn" / "finish the game" is a skip-forward sign.
_SVG = (
    '<svg class="pace-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" '
    'fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">'
)
SPEED_ICONS = {
    "slow": _SVG + _chevrons(1) + "</svg>",
    "normal": _SVG + _chevrons(2) + "</svg>",
    "fast": _SVG + _chevrons(3) + "</svg>",
    "instant": _SVG + '<path d="M13 3L6 13h5l-1 8 7-10h-5z" fill="currentColor"/></svg>',
}
SKIP_ICON = _SVG + '<path d="M4 6l7 6-7 6zM11 6l7 6-7 6z" fill="currentColor"/><path d="M20 6v12"/></svg>'


def pace_controls(lang: str, speed: str, skip: str | None, enabled: bool, touch: bool = False) -> str:
    """The toolbar's pace controls: the speed (a button cycling slow, normal, fast, instant, showing the
    current one), then "to my turn" (``skip`` "turn": in a game against the computer, ``enabled`` while
    computers are to play) or "finish the game" (``skip`` "game": no human can act any more). On a phone
    the words hide and the icons stay, with their labels for screen readers. ``touch``: no key reminder
    (K) in their titles."""
    name = t(lang, f"speed_{speed}")
    label = t(lang, "speed_button", speed=name)
    speed_attrs = attrs(
        class_=f"btn ghost pace-speed speed-{speed}",
        data_cmd="speed",
        data_arg="next",
        id="speed-button",
        title=label,
        aria_label=label,
    )
    out = (
        f'<button type="button"{speed_attrs}>{SPEED_ICONS.get(speed, SPEED_ICONS["normal"])}'
        f'<span class="label"> {escape(name)}</span></button>'
    )
    if skip:
        key = "skip" if skip == "turn" else "finish"
        words = t(lang, key)
        title = words if touch else t(lang, f"{key}_key")
        skip_attrs = attrs(
            class_=f"btn ghost pace-skip {key}",
            data_cmd=key,
            id=key,
            title=title,
            aria_label=words,
            aria_keyshortcuts="K",
            disabled=not enabled,
        )
        out += f'<button type="button"{skip_attrs}>{SKIP_ICON}<span class="label"> {escape(words)}</span></button>'
    return out


def dialog(title: str, body: str, lang: str, extra_actions: str = "", wide: bool = False) -> str:
    cls = "dialog wide" if wide else "dialog"
    return (
        f'<div class="backdrop"><section class="{cls}" role="dialog" aria-modal="true" '
        f'aria-labelledby="dialog-title"><div class="dialog-head"><h1 class="dialog-title" id="dialog-title">'
        f"{escape(title)}</h1>{button('×', 'close', cls='btn ghost icon', aria_label=t(lang, 'close'), id='dialog-close')}"
        f'</div><div class="dialog-body">{body}</div><div class="dialog-actions">{extra_actions}'
        f"{button(t(lang, 'close'), 'close', cls='btn primary')}</div></section></div>"
    )


def rules(lang: str, game_title: str, html_body: str) -> str:
    return dialog(
        f"{t(lang, 'rules')} — {game_title}", f'<article class="rules">{html_body}</article>', lang, wide=True
    )


def stats(lang: str, data: dict[str, Any], after: str = "") -> str:
    """The record: games played, won, lost and tied per game, then ``after`` (the recent games' list)."""
    rows = []
    for info in registry.CATALOGUE:
        entry = data.get(info.id)
        if not isinstance(entry, dict) or not entry.get("played"):
            continue
        cells = "".join(f"<td>{int(entry.get(k, 0))}</td>" for k in ("played", "won", "lost", "tied"))
        rows.append(f'<tr><th scope="row">{escape(info.title(lang))}</th>{cells}</tr>')
    if not rows:
        body = f"<p>{escape(t(lang, 'no_stats'))}</p>"
    else:
        head = "".join(f'<th scope="col">{escape(t(lang, k))}</th>' for k in ("game", "played", "won", "lost", "tied"))
        body = (
            f'<table class="stats-table" id="stats-table"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table><p><small>{escape(t(lang, 'stats_note'))}</small></p>"
        )
    from dicehall.app.challenge import stats_section  # the challenges of the day, per game

    return dialog(t(lang, "stats_title"), body + stats_section(lang, data) + after, lang)


def about(lang: str, version: str) -> str:
    """The About box (Shift+F1, or the menu): the version and what dicehall is."""
    body = (
        f'<p class="about-version" id="about-version"><strong>dicehall</strong> — '
        f"{escape(t(lang, 'about_version', version=version))}</p>"
        f"<p>{escape(t(lang, 'about_body'))}</p><p><small>{escape(t(lang, 'about_keys'))}</small></p>"
    )
    return dialog(t(lang, "about_title"), body, lang)


def _choice_row(lang: str, field: Any, cmd: str, value: str, before_help: str = "") -> str:
    """A form's row choosing one of a field's ``choices`` (a new game's option, a Display choice): its label,
    its list (command ``cmd:key``), its help."""
    choices = [(v, fr if lang == "fr" else en) for v, fr, en in field.choices]
    help_text = f"{before_help}<small>{escape(field.help[0 if lang == 'fr' else 1])}</small>" if field.help else ""
    return (
        f'<div class="form-row"><label>{escape(field.label[0 if lang == "fr" else 1])} '
        f"{select(f'{cmd}:{field.key}', choices, value, id=f'{cmd}-{field.key}')}</label>{help_text}</div>"
    )


def options(lang: str, game_id: str | None, display: dict[str, Any], speed: str) -> str:
    rows = []
    if game_id:
        for f in spec(game_id).display_fields:
            if hasattr(f, "choices"):  # a choice (ChoiceField): a list
                rows.append(_choice_row(lang, f, "display", str(display.get(f.key, f.default)), " "))
                continue
            checked = bool(display.get(f.key, f.default))
            enabled = not f.requires or bool(display.get(f.requires, True))
            help_text = f" <small>{escape(f.help[0 if lang == 'fr' else 1])}</small>" if f.help else ""
            rows.append(
                f'<div class="form-row"><label><input type="checkbox"'
                f"{attrs(id=f'display-{f.key}', data_cmd=f'display:{f.key}', checked=checked, disabled=not enabled)}>"
                f" {escape(f.label[0 if lang == 'fr' else 1])}</label>{help_text}</div>"
            )
    speeds = [(s, t(lang, f"speed_{s}")) for s in ("slow", "normal", "fast", "instant")]
    rows.append(
        f'<div class="form-row"><label>{escape(t(lang, "speed"))} '
        f"{select('speed', speeds, speed, id='speed')}</label></div>"
    )
    rows.append(f'<div class="form-row"><span>{escape(t(lang, "language"))}</span> {lang_switch(lang)}</div>')
    return dialog(t(lang, "display"), "".join(rows), lang)


def confirm(lang: str, question: str, yes_cmd: str) -> str:
    """A yes/no question before something that loses the game in progress."""
    actions = button(t(lang, "no"), "close", cls="btn ghost") + button(
        t(lang, "yes"), yes_cmd, cls="btn danger", id="confirm-yes"
    )
    return (
        '<div class="backdrop"><section class="dialog" role="alertdialog" aria-modal="true">'
        f'<p>{escape(t(lang, question))}</p><div class="dialog-actions">{actions}</div></section></div>'
    )


def other_tab(lang: str, lost: bool) -> str:
    """Another tab of the site owns the games (``lost``: it took them from this one): the only action is
    to play here, which the host carries out (it takes the ownership, then the app reads the storage)."""
    title, body = ("other_tab_lost", "other_tab_lost_body") if lost else ("other_tab_title", "other_tab_body")
    action = button(t(lang, "play_here"), "host:take-over", cls="btn primary", id="play-here")
    return (
        '<div class="backdrop"><section class="dialog" role="alertdialog" aria-modal="true" '
        'aria-labelledby="other-tab-title" id="other-tab">'
        f'<h1 class="dialog-title" id="other-tab-title">{escape(t(lang, title))}</h1>'
        f'<p>{escape(t(lang, body))}</p><div class="dialog-actions">{action}</div></section></div>'
    )
