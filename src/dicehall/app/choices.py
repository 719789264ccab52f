"""The choices of a game's screen as real buttons: the way to play with Tab, Enter, Space and the arrows
alone, and with a screen reader.

The games draw their buttons, dice and cells on a canvas, which the keyboard cannot Tab to and a screen
reader cannot read. So the shell also shows, after the toolbar, a group of real buttons built from the
scene's ``choices()`` (``ui.scene.Choice``): one button per thing the player can do now, labelled in the
game's own words, a toggle saying whether it is pressed. Pressing one sends ``choose`` with its index, which
the scene handles exactly as a press on the canvas (``SceneBase.choose``). The group is hidden from sight
until the keyboard reaches it (it then shows as a bar at the foot of the board); screen readers always
have it. Its heading says what the screen asks, or whose turn it is."""

from __future__ import annotations

from collections.abc import Sequence

from dicehall.ui.html import attrs, escape
from dicehall.ui.i18n import Texts
from dicehall.ui.scene import Choice

TEXTS = Texts(
    {
        "choices": ("Vos choix", "Your choices"),
        "nothing": ("Rien à choisir pour l'instant.", "Nothing to choose for now."),
    }
)


def choice_bar(lang: str, prompt: str, choices: Sequence[Choice], hinted: frozenset[int] = frozenset()) -> str:
    """The group of buttons (ids ``choice-0``…, in the scene's order) under a heading: ``prompt``, or a
    line saying there is nothing to choose. The group itself takes the focus (``tabindex=-1``) while a
    computer plays, so that the keyboard stays in it. ``hinted``: the buttons that play the suggested move
    (app.hints), marked and described by the hint's card."""
    heading = prompt or TEXTS.t(lang, "nothing")
    buttons = "".join(_button(i, c, i in hinted) for i, c in enumerate(choices))
    return (
        f'<section class="choices" id="choices" tabindex="-1" aria-label="{escape(TEXTS.t(lang, "choices"))}">'
        f'<p class="choices-prompt">{escape(heading)}</p>'
        f'<div class="choices-list" role="group">{buttons}</div></section>'
    )


def _button(index: int, choice: Choice, hinted: bool = False) -> str:
    pressed = None if choice.pressed is None else ("true" if choice.pressed else "false")
    extra = attrs(
        class_="btn choice hinted" if hinted else "btn choice",
        id=f"choice-{index}",
        data_cmd="choose",
        data_arg=index,
        aria_pressed=pressed,
        aria_disabled="true" if not choice.enabled else None,
        aria_describedby="hint-what" if hinted else None,
    )
    return f'<button type="button"{extra}>{escape(choice.label)}</button>'


def snapshot(prompt: str, choices: Sequence[Choice]) -> tuple:
    """What the bar shows, to tell when it must be rendered again."""
    return (prompt, tuple((c.label, c.pressed, c.enabled) for c in choices))
