"""Small helpers to build the HTML parts of the interface (menus, dialogs, forms, rules pages).

Everything inserted is escaped; clickable elements carry ``data-cmd`` (and ``data-arg``), which the host
turns into ``{"type": "cmd", "cmd": ..., "arg": ...}`` events for the app.
"""

from __future__ import annotations

import html
import re


def escape(text: str, quote: bool = True) -> str:
    """``text`` as HTML, with French quotation marks held to their words by no-break spaces (a line never
    starts with » nor ends with «)."""
    return html.escape(text, quote).replace("« ", "«\u00a0").replace(" »", "\u00a0»")


def attrs(**values: object) -> str:
    """``attrs(data_cmd="start", disabled=True)`` → `` data-cmd="start" disabled``; None/False are left out."""
    out = []
    for name, value in values.items():
        name = name.rstrip("_").replace("_", "-")
        if value is None or value is False:
            continue
        out.append(f" {name}" if value is True else f' {name}="{escape(str(value))}"')
    return "".join(out)


def button(label: str, cmd: str, arg: object = None, cls: str = "btn", **extra: object) -> str:
    return f'<button type="button"{attrs(class_=cls, data_cmd=cmd, data_arg=arg, **extra)}>{escape(label)}</button>'


def select(cmd: str, options: list[tuple[str, str]], selected: str, **extra: object) -> str:
    items = "".join(
        f"<option{attrs(value=value, selected=value == selected)}>{escape(label)}</option>" for value, label in options
    )
    return f"<select{attrs(data_cmd=cmd, **extra)}>{items}</select>"


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?!\w)")


def _inline(text: str) -> str:
    return _ITALIC.sub(r"<em>\1</em>", _BOLD.sub(r"<strong>\1</strong>", escape(text)))


def markdown(text: str) -> str:
    """The subset the rules pages use: ``#``/``##``/``###`` headings, paragraphs, ``-`` lists, ``|`` tables,
    **bold** and *italic*."""
    out: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []
    rows: list[list[str]] = []

    def flush() -> None:
        if paragraph:
            out.append(f"<p>{_inline(' '.join(paragraph))}</p>")
            paragraph.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
            items.clear()
        if rows:
            head, *body = [r for r in rows if not all(set(c) <= set("-: ") for c in r)]
            out.append(
                '<table class="stats-table"><thead><tr>'
                + "".join(f"<th>{_inline(c)}</th>" for c in head)
                + "</tr></thead><tbody>"
                + "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in body)
                + "</tbody></table>"
            )
            rows.clear()

    for line in text.splitlines():
        stripped = line.strip()
        heading = re.match(r"(#{1,3})\s+(.*)", stripped)
        if not stripped:
            flush()
        elif heading:
            flush()
            level = len(heading.group(1)) + 1  # the page title is the dialog's h1
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif stripped.startswith(("- ", "* ")):
            if paragraph:
                flush()
            items.append(stripped[2:])
        elif stripped.startswith("|"):
            if paragraph or items:
                flush()
            rows.append([c.strip() for c in stripped.strip("|").split("|")])
        elif items and line.startswith(("  ", "\t")):
            items[-1] += " " + stripped
        else:
            if items or rows:
                flush()
            paragraph.append(stripped)
    flush()
    return "\n".join(out)
