"""The move log of the game in progress: its lines, computed entry by entry and kept per language, and the
panel that shows them (a side column on a wide page, a drawer on a phone; web/styles.css ``.move-log``).

The lines come from the match's log replayed through the rules (each game's ``log_lines`` module, reached
when a game is opened, never at the hub's start), not from what the screen animated: they are complete after
a reload and need no screen. Each entry's lines are computed once per language; a new entry costs its own
lines only, an undo drops the lines of the entries it took back.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from dicehall.core import registry
from dicehall.ui.i18n import Texts
from dicehall.ui.move_log import LogContext, entry_lines

TEXTS = Texts(
    {
        "log_title": ("Journal des coups", "Move log"),
        "log_open": ("Ouvrir le journal des coups", "Open the move log"),
        "log_close": ("Fermer le journal des coups", "Close the move log"),
        "log_more": ("Voir les coups précédents ({n} lignes)", "Show earlier moves ({n} lines)"),
        "log_empty": ("Aucun coup joué pour l'instant.", "No move played yet."),
        "plain_heading": ("Coups", "Moves"),
        "plain_chance": ("Dés : {action}", "Dice: {action}"),
        "plain_move": ("{name} : {action}", "{name}: {action}"),
    }
)

FIRST_LINES = 80  # the panel shows the last groups holding about this many lines...
MORE_LINES = 200  # ...and this many more at each "show earlier"


class _States:
    """The match's states by ply, read in place (``states[k]``: after ``k`` entries)."""

    def __init__(self, match: Any) -> None:
        self.match = match

    def __getitem__(self, ply: int) -> Any:
        return self.match.state_at(ply)

    def __len__(self) -> int:
        return self.match.ply + 1


class PlainLines:
    """The lines of a game whose spec names no ``log_lines``: each entry as its action's JSON (the save's
    words), under one heading; plain, but the log is complete and every screen that shows it works."""

    def __init__(self, codec: Any) -> None:
        self.codec = codec

    def entry_lines(self, ctx: LogContext, _states: Any, log: Any, i: int) -> list[tuple[int, str]]:
        entry = log[i]
        action = json.dumps(self.codec.to_json(entry.action), ensure_ascii=False, separators=(",", ":"))
        if entry.by == "chance":
            return [(i, TEXTS.t(ctx.lang, "plain_chance", action=action))]
        return [(i, TEXTS.t(ctx.lang, "plain_move", name=ctx.player_name(entry.by), action=action))]

    def heading(self, ctx: LogContext, _state: Any) -> str:
        return TEXTS.t(ctx.lang, "plain_heading")


class MoveLog:
    """The lines of one session's match."""

    def __init__(self, session: Any) -> None:
        self.session = session
        module = registry.info(session.game.id).part("log_lines")  # the game's lines (its spec names them)
        self.module: Any = module if module is not None else PlainLines(session.game.codec)
        # per language: the log entries already described, and each one's lines [(ply, text)]
        self._per: dict[str, tuple[list[Any], list[list[tuple[int, str]]]]] = {}
        self._json: dict[str, list[str]] = {}  # per language: each entry's lines as JSON objects, joined by ","
        self._headings: dict[tuple[str, int], str] = {}
        self._html: tuple[Any, str] | None = None

    def names(self, lang: str) -> list[str]:
        default = getattr(self.module, "default_name", None)
        return [
            seat.name or (default(lang, p) if default else f"J{p + 1}") for p, seat in enumerate(self.session.seats)
        ]

    def per_entry(self, lang: str) -> list[list[tuple[int, str]]]:
        """Each log entry's lines, brought up to date with the match (new entries described, undone ones
        dropped)."""
        match = self.session.match
        log = match.log
        seen, per = self._per.setdefault(lang, ([], []))
        keep = min(len(seen), len(log))
        if keep and seen[keep - 1] is not log[keep - 1]:  # an undo, or another line of play: find where
            keep = next((k for k in range(keep) if seen[k] is not log[k]), keep)
        if keep < len(seen):
            del seen[keep:], per[keep:]
            del self._json.setdefault(lang, [])[keep:]
            self._headings = {key: h for key, h in self._headings.items() if key[1] < keep}
        if len(log) > keep:
            names, states = self.names(lang), _States(match)
            for i in range(keep, len(log)):
                per.append(entry_lines(self.module, lang, names, states, log, i))
                seen.append(log[i])
        return per

    def json_text(self, lang: str) -> str:
        """``lines`` as the page API's JSON text ``[{"ply", "by", "text"}, ...]``, each entry's part made once:
        a long game's log is sent with every step, and costs only its new entries."""
        per = self.per_entry(lang)
        parts = self._json.setdefault(lang, [])
        log = self.session.match.log
        del parts[len(per) :]
        for i in range(len(parts), len(per)):
            parts.append(
                ",".join(
                    json.dumps({"ply": ply, "by": log[ply].by, "text": text}, ensure_ascii=False, separators=(",", ":"))
                    for ply, text in per[i]
                )
            )
        return "[" + ",".join(part for part in parts if part) + "]"

    def lines(self, lang: str, upto: int | None = None) -> list[tuple[int, Any, str]]:
        """Every line, oldest first: (ply, by, text); ``upto``: only those of the entries before that ply."""
        log = self.session.match.log
        return [(ply, log[ply].by, text) for lines in self.per_entry(lang)[:upto] for ply, text in lines]

    def heading(self, lang: str, ply: int) -> str:
        key = (lang, ply)
        if key not in self._headings:
            ctx = LogContext(lang, self.names(lang))
            self._headings[key] = self.module.heading(ctx, self.session.match.state_at(ply))
        return self._headings[key]

    def groups(self, lang: str) -> list[tuple[str, list[tuple[int, Any, str]]]]:
        """The lines grouped under their round's or turn's heading, oldest first."""
        out: list[tuple[str, list[tuple[int, Any, str]]]] = []
        for line in self.lines(lang):
            title = self.heading(lang, line[0])
            if out and out[-1][0] == title:
                out[-1][1].append(line)
            else:
                out.append((title, [line]))
        return out

    def panel(self, lang: str, more: int, open_: bool, upto: int | None = None, fresh: int | None = None) -> str:
        """The panel's HTML: the last groups (about FIRST_LINES lines, MORE_LINES more per ``more``), with
        "show earlier" when some are left out; ``upto``: the entries before that ply only (the screen has
        not shown the others yet); ``fresh``: the lines from that ply on are new (received by link) and
        marked so. Made again only when what it shows changed."""
        key = (
            lang,
            self.session.match.ply,
            self.session.match.log[-1] if self.session.match.log else None,
            more,
            open_,
            upto,
            fresh,
        )
        if self._html is not None and self._html[0] == key:
            return self._html[1]
        lines = self.lines(lang, upto)
        budget = FIRST_LINES + MORE_LINES * more
        groups: list[tuple[str, list[tuple[int, Any, str]]]] = []  # the newest first, walking back from the end
        end = len(lines)
        while end > 0:
            title = self.heading(lang, lines[end - 1][0])
            start = end - 1
            while start > 0 and self.heading(lang, lines[start - 1][0]) == title:
                start -= 1
            if len(groups) >= 2 and len(lines) - start > budget:
                break
            groups.append((title, lines[start:end]))
            end = start
        groups.reverse()
        parts = []
        if end > 0:  # the older lines are left out: "show earlier" brings MORE_LINES more
            parts.append(
                f'<button type="button" class="btn ghost move-log-more" data-cmd="log-more" id="move-log-more">'
                f"{escape(TEXTS.t(lang, 'log_more', n=end))}</button>"
            )
        for title, shown in groups:
            items = "".join(
                f'<li data-ply="{ply}" class="{"chance" if by == "chance" else f"seat-{by}"}'
                f'{" fresh" if fresh is not None and ply >= fresh else ""}">{escape(text)}</li>'
                for ply, by, text in shown
            )
            parts.append(f'<section class="move-log-group"><h3>{escape(title)}</h3><ol>{items}</ol></section>')
        if not groups:
            parts.append(f'<p class="move-log-empty">{escape(TEXTS.t(lang, "log_empty"))}</p>')
        close = (
            f'<button type="button" class="btn ghost icon move-log-close" data-cmd="log" data-arg="close" '
            f'id="move-log-close" aria-label="{escape(TEXTS.t(lang, "log_close"))}" '
            f'title="{escape(TEXTS.t(lang, "log_close"))}">×</button>'
        )
        html = (
            f'<aside class="move-log{" open" if open_ else ""}" id="move-log" aria-labelledby="move-log-title">'
            f'<div class="move-log-head"><h2 id="move-log-title">{escape(TEXTS.t(lang, "log_title"))}</h2>'
            f'{close}</div><div class="move-log-list" id="move-log-list" tabindex="0" '
            f'aria-labelledby="move-log-title">{"".join(parts)}</div></aside>'
        )
        self._html = (key, html)
        return html


def toggle_button(lang: str, open_: bool) -> str:
    """The toolbar's button that opens the log as a drawer (shown on a narrow page only)."""
    label = escape(TEXTS.t(lang, "log_close" if open_ else "log_open"))
    icon = (
        '<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">'
        '<path d="M3 5h1.5M8 5h9M3 10h1.5M8 10h9M3 15h1.5M8 15h9" fill="none" stroke="currentColor" '
        'stroke-width="2.2" stroke-linecap="round"/></svg>'
    )  # a list: small room in a phone's toolbar
    return (
        f'<button type="button" class="btn ghost icon move-log-toggle" data-cmd="log" data-arg="toggle" '
        f'id="move-log-toggle" aria-controls="move-log" aria-expanded="{"true" if open_ else "false"}" '
        f'aria-label="{label}" title="{label}">{icon}</button>'
    )
