"""Every text shown exists in French and English. A module declares its texts as
``TEXTS = Texts({"key": ("français", "English"), ...})`` and reads them with ``TEXTS.t(lang, key, **fields)``.
"""

from __future__ import annotations

import re

LANGS = ("fr", "en")


def pick_lang(preferred: str | None) -> str:
    """French for any ``fr*`` browser language, else English."""
    return "fr" if (preferred or "").lower().startswith("fr") else "en"


class Texts:
    def __init__(self, table: dict[str, tuple[str, str]]) -> None:
        for key, pair in table.items():
            if len(pair) != 2 or not all(isinstance(s, str) and s for s in pair):
                raise ValueError(f"text {key!r} needs a French and an English version")
        self.table = table

    def t(self, lang: str, key: str, **fields: object) -> str:
        fr, en = self.table[key]
        text = fr if lang == "fr" else en
        if lang == "fr":  # "partie de {game}" with Indecix is "partie d'Indecix": elide for any name
            for name, value in fields.items():
                marker = f"de {{{name}}}"
                if isinstance(value, str) and marker in text:
                    text = text.replace(marker, de_name(value).replace("{", "{{").replace("}", "}}"))
        text = text.format(**fields) if fields else text
        return french_quotes(text) if lang == "fr" else text

    def keyed(self, lang: str, key: str, touch: bool, **fields: object) -> str:
        """Text ``key``, or on a touch screen its version without keys (``key``_touch) when it has one, else
        the text without its bracketed key hints (``without_keys``)."""
        if not touch:
            return self.t(lang, key, **fields)
        if f"{key}_touch" in self.table:
            return self.t(lang, f"{key}_touch", **fields)
        return without_keys(self.t(lang, key, **fields))

    def __contains__(self, key: str) -> bool:
        return key in self.table


_KEY_HINT = re.compile(r"\s+\[[^\[\]\s]{1,12}\](?=$|[\s.,;:!?)])")  # " [T]" at a word's end, not "[Y]es"


def without_keys(text: str) -> str:
    """``text`` without its key hints in brackets: "Throw 1 die [T]" → "Throw 1 die" (for a touch screen)."""
    return _KEY_HINT.sub("", text)


def french_quotes(text: str) -> str:
    """« » held to their words by no-break spaces, so that a line never starts with » or ends with «."""
    return text.replace("« ", "«\u00a0").replace(" »", "\u00a0»")


def number(lang: str, value: float) -> str:
    """A number in the language's own grouping: "262 395" and "87,5" in French (a narrow no-break space
    between the thousands), "262,395" and "87.5" in English; a minus sign, not a hyphen."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = f"{abs(value):,}"
    if lang == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return ("−" if value < 0 else "") + text


def plural(lang: str, n: int, one: str, many: str) -> str:
    """French counts 0 and 1 as singular, English only 1."""
    singular = n <= 1 if lang == "fr" else n == 1
    return one if singular else many


def join_names(names: list[str], and_word: str) -> str:
    """ "A", "A and B", "A, B and C": ``and_word`` is the language's "and"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {and_word} " + names[-1]


def de_name(name: str) -> str:
    """French "de" before a name, elided before a vowel or a mute h ("d'Orange", "de Kiwi"), contracted with
    an article ("du Roudalon")."""
    if name.startswith("Le "):  # de + le contract: "la partie du Roudalon"
        return f"du {name[3:]}"
    if name.startswith("Les "):
        return f"des {name[4:]}"
    return f"d'{name}" if name[:1].lower() in "aeiouyhàâéèêëîïôöûü" else f"de {name}"
