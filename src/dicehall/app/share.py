"""Sharing a game by link: the dialog that shows the link (copy it, hand it to the system's share sheet, or
take the file instead when it is too long), and the card of a game by link waiting for another device."""

from __future__ import annotations

from dicehall.app.links import MAX_SHARED
from dicehall.ui.html import attrs, button, escape
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "title_replay": ("Partager cette partie", "Share this game"),
        "title_play": ("Envoyer votre coup", "Send your move"),
        "about_replay": (
            "Ce lien contient toute la partie : il l'ouvre en lecture seule dans le visionneur, sur "
            "n'importe quel appareil. Rien n'est envoyé à un serveur.",
            "This link holds the whole game: it opens it read-only in the replay viewer, on any device. "
            "Nothing is sent to a server.",
        ),
        "about_play": (
            "Envoyez ce lien à {name} : il ouvre la partie sur son appareil, avec votre coup, pour qu'il "
            "joue le sien et vous renvoie un lien. Rien n'est envoyé à un serveur.",
            "Send this link to {name}: it opens the game on their device, with your move, so that they play "
            "theirs and send you a link back. Nothing is sent to a server.",
        ),
        "too_long": (
            "Ce lien fait {n} caractères : trop long pour bien des messageries. Envoyez plutôt le fichier "
            "de la partie (Télécharger), qui s'ouvre avec « Ouvrir une partie… ».",
            "This link is {n} characters long: too long for many messengers. Send the game's file instead "
            '(Download), which opens with "Open a save file…".',
        ),
        "length": ("{n} caractères", "{n} characters"),
        "copy": ("Copier le lien", "Copy the link"),
        "copied": ("Lien copié ✓", "Link copied ✓"),
        "share": ("Partager…", "Share…"),
        "download": ("Télécharger le fichier", "Download the file"),
        "close": ("Fermer", "Close"),
        "share_item": ("Partager la partie (lien)…", "Share this game (link)…"),
        "waiting": ("Au tour de {name}, sur son appareil.", "{name}'s turn, on their device."),
        "waiting_help": (
            "Envoyez-lui la partie par lien ; quand {name} vous renverra le sien, ouvrez-le ici.",
            "Send them the game by link; when {name} sends theirs back, open it here.",
        ),
        "send": ("Envoyer votre coup…", "Send your move…"),
        "send_final": ("Envoyer la fin de la partie…", "Send the end of the game…"),
        "fork_title": ("Deux versions de cette partie", "Two versions of this game"),
        "fork_about": (
            "Ce lien et la partie de cet appareil se séparent au coup {n} : chacun y a joué autre chose. "
            "Une seule version peut continuer ; l'autre est enregistrée dans un fichier (elle s'ouvre avec "
            "«\u00a0Ouvrir une partie…\u00a0»), rien n'est perdu.",
            "This link and the game on this device part ways at entry {n}: each played something else there. "
            "Only one version can go on; the other is saved to a file (it opens with “Open a save file…”), "
            "so nothing is lost.",
        ),
        "fork_keep": ("Garder la partie de cet appareil", "Keep this device's game"),
        "fork_take": ("Continuer celle du lien", "Go on with the link's game"),
    }
)


def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


def fork_dialog(lang: str, at: int) -> str:
    """A link whose history parts from this device's at entry ``at``: which version goes on (the other is
    saved to a file)."""
    from dicehall.app.screens import dialog as framed

    actions = button(t(lang, "fork_keep"), "link-fork", "keep", cls="btn", id="fork-keep") + button(
        t(lang, "fork_take"), "link-fork", "take", cls="btn", id="fork-take"
    )
    return framed(t(lang, "fork_title"), f"<p>{escape(t(lang, 'fork_about', n=at))}</p>", lang, actions)


def dialog(lang: str, kind: str, url: str, name: str, copied: bool) -> str:
    """The share dialog for a link of ``kind`` ("replay" or "play", then to ``name``)."""
    from dicehall.app.screens import dialog as framed

    long = len(url) > MAX_SHARED
    about = t(lang, "about_play", name=name) if kind == "play" else t(lang, "about_replay")
    parts = [f"<p>{escape(about)}</p>"]
    if long:
        parts.append(f'<p class="banner warn" role="status">{escape(t(lang, "too_long", n=f"{len(url):,}"))}</p>')
    parts.append(
        f'<p class="share-url" id="share-url" tabindex="0">{escape(url)}</p>'
        f'<p class="share-length"><small>{escape(t(lang, "length", n=f"{len(url):,}"))}</small></p>'
    )
    copy = button(
        t(lang, "copied" if copied else "copy"),
        "host:copy",
        cls="btn" + ("" if long else " primary"),
        id="share-copy",
        data_copy="share-url",
        data_copied="link-copied",
        aria_live="polite",
        data_autofocus=True,
    )
    share = (
        f'<button type="button"{attrs(class_="btn needs-share", data_cmd="host:share", data_share="share-url", id="share-native")}>'
        f"{escape(t(lang, 'share'))}</button>"
    )
    download = button(
        t(lang, "download"), "download", cls="btn" + (" primary" if long else " ghost"), id="share-download"
    )
    title = t(lang, "title_play" if kind == "play" else "title_replay")
    return framed(title, "".join(parts), lang, extra_actions=copy + share + download)


def waiting_card(lang: str, name: str) -> str:
    """Under the board of a game by link whose turn is on another device: say so, and offer the link."""
    return (
        f'<section class="link-wait" id="link-wait" role="status"><p><strong>{escape(t(lang, "waiting", name=name))}'
        f"</strong> {escape(t(lang, 'waiting_help', name=name))}</p>"
        f"{button(t(lang, 'send'), 'share', 'play', cls='btn primary', id='link-send', data_autofocus=True)}"
        f"</section>"
    )
