"""What comes in from outside as text: a byte order mark, bytes that are not UTF-8, text that is not valid
Unicode (a lone surrogate), and how refusals quote values (as JSON, never as Python)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from dicehall.core import limits, registry, save
from dicehall.core.codec import Codec
from dicehall.core.errors import DicehallError, SaveFormatError
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.save import SavedGame, Seat

from . import toygame
from .toygame import Die, Hold, PigOptions, Roll

# A value quoted the Python way in a message: None, True, False, or 'text' in single quotes (an apostrophe
# inside words, "player 1's turn", is English, not a quote).
PYTHON_LITERAL = re.compile(r"\b(None|True|False)\b|(?:^|[\s(\[{,:=])'[^']*'")


def python_free(message: str) -> bool:
    return PYTHON_LITERAL.search(message) is None


def pig_save() -> dict[str, Any]:
    match = Match(toygame.GAME, PigOptions(), "seed-1")
    for step in (Roll(), Die(6), Roll(), Die(2), Hold()):
        if isinstance(step, Die):
            match.force(step)
        else:
            match.submit(step)
    return SavedGame(match, [Seat("Léa", extra={"colour": "red"}), Seat("Bot", "ai", "expert")]).to_json()


# --- limits.loads: the byte order mark and text that is not valid Unicode --------------------------------
def test_one_leading_byte_order_mark_is_dropped():
    assert limits.loads('\ufeff{"a": 1}') == {"a": 1}
    assert limits.loads("\ufeff[]", "x", 2) == []  # measured without it
    with pytest.raises(ValueError):
        limits.loads('\ufeff\ufeff{"a": 1}')  # one, not any number
    with pytest.raises(ValueError):
        limits.loads('{"a": 1}\ufeff')  # at the start only (JSON itself refuses one elsewhere)
    assert limits.loads('{"a": "\ufeff"}') == {"a": "\ufeff"}  # inside a string it is text


@pytest.mark.parametrize(
    ("text", "place"),
    [
        (r'"\ud800"', "(a lone surrogate)"),
        (r'{"seed": "ab\udfff"}', "(a lone surrogate in seed)"),
        (r'{"seed": "ab\uDC00"}', "(a lone surrogate in seed)"),
        (r'{"seats": [{"name": "Ana"}, {"name": "\ud83c"}]}', "(a lone surrogate in seats[1].name)"),
        (r'{"log": [{"by": 0, "do": {"type": "\ude00go"}}]}', "(a lone surrogate in log[0].do.type)"),
        (r'{"seats": [{"x\ud800": 1}]}', "(a lone surrogate in a key of seats[0])"),
        (r'{"\ud800": 1}', "(a lone surrogate in a key)"),
        (r'{"options": {"a key": ["\ud800"]}}', '(a lone surrogate in options["a key"][0])'),
        ('{"seed": "ab\ud800"}', "(a lone surrogate in seed)"),  # the character itself in a Python string
        (r'{"seed": "\ude00\ud83c"}', "(a lone surrogate in seed)"),  # a pair the wrong way round
    ],
)
def test_a_lone_surrogate_is_refused_with_its_place(text, place):
    with pytest.raises(limits.NotUnicodeError) as refused:
        limits.loads(text, "the save")
    assert str(refused.value) == f"the save holds text that is not valid Unicode {place}"
    assert isinstance(refused.value, limits.DocumentLimitError) and isinstance(refused.value, ValueError)


def test_surrogate_pairs_and_escaped_backslashes_are_text():
    assert limits.loads(r'{"seed": "\ud83c\udfb2"}') == {"seed": "🎲"}
    assert limits.loads(r'{"seed": "\\ud800"}') == {"seed": "\\ud800"}  # a backslash, then "ud800"
    assert limits.loads('{"seed": "dé 🎲"}') == {"seed": "dé 🎲"}


def test_a_normal_document_is_not_walked(monkeypatch):
    def walked(*args: Any) -> None:
        raise AssertionError("walked")

    monkeypatch.setattr(limits, "check_unicode", walked)
    document = pig_save()
    for text in (json.dumps(document), json.dumps(document, ensure_ascii=False)):
        assert limits.loads(text) == document
    with pytest.raises(AssertionError, match="walked"):
        limits.loads(r'{"seed": "\ud800"}')


def test_check_value_refuses_a_lone_surrogate():
    with pytest.raises(limits.NotUnicodeError, match=r"seat 1 holds text that is not valid Unicode \(a lone"):
        limits.check_value({"note": ["a\ud800"]}, "seat 1")
    with pytest.raises(limits.NotUnicodeError):
        limits.check_value({"n\udc00": 1})
    limits.check_value({"note": "🎲 é"})


# --- limits.quote: values as a message shows them ---------------------------------------------------
@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (None, "null"),
        (True, "true"),
        (False, "false"),
        ("abc", '"abc"'),
        ("Léa", '"Léa"'),
        ("x\ud800", '"x\\ud800"'),
        (3, "3"),
        (2.5, "2.5"),
        ([1, "a"], '[1, "a"]'),
        ({"s": None}, '{"s": null}'),
        ([[[[[1]]]]], "a list of 1 item(s)"),
        ("x" * 100, '"' + "x" * 56 + "…"),
        (Die(3), "Die(face=3)"),
        (Hold(), "Hold()"),
    ],
)
def test_quote(value, shown):
    assert limits.quote(value) == shown
    assert python_free(shown)


def test_quote_shows_an_actions_tuples_as_the_rules_write_cells():
    from dicehall.games.indecix.actions import Place
    from dicehall.games.paradice.actions import Go

    assert limits.quote(Place((3, 0))) == "Place(cell=(3, 0))"
    assert limits.quote(Go("N")) == 'Go(direction="N")'


# --- save.loads: one reader, the reasons as kinds -----------------------------------------------------
GOOD = json.dumps(pig_save(), ensure_ascii=False)


def with_(**changes: Any) -> str:
    return json.dumps({**pig_save(), **changes}, ensure_ascii=False)


def edited() -> str:
    data = pig_save()
    data["log"][2] = {"by": 1, "do": {"type": "roll"}}
    return json.dumps(data)


@pytest.mark.parametrize(
    ("source", "kind", "message"),
    [
        (GOOD.encode("utf-8")[:-1] + b"\xff", "not_utf8", "the file is not UTF-8 text"),
        (GOOD.encode("latin-1"), "not_utf8", "the file is not UTF-8 text"),
        (GOOD.encode("utf-16"), "not_utf8", "the file is not UTF-8 text"),
        ("[" * 40 + "]" * 40, "too_large", "the save nests 40 levels deep (at most 32)"),
        (
            "{",
            "not_json",
            "the save is not valid JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))",
        ),
        ("", "not_json", "the save is not valid JSON (Expecting value: line 1 column 1 (char 0))"),
        (
            with_(seed="\ud800"),
            "not_unicode",
            "the save holds text that is not valid Unicode (a lone surrogate in seed)",
        ),
        ("[]", "not_ours", "the save must be a JSON object"),
        ('{"name": "x"}', "not_ours", 'not a dicehall save (format null, expected "dicehall.save/1")'),
        (
            with_(rules_version=2),
            "newer",
            "the save was made by a newer version of pig (rules 2, this version knows 1); update the page to load it",
        ),
        (
            edited(),
            "edited",
            'log entry 2 ({"by": 1, "do": {"type": "roll"}}) is refused: it is player 0\'s turn, not 1\'s',
        ),
        (with_(options=[2]), "other", "bad options: they must be a JSON object, got [2]"),
        (with_(options="fast"), "other", 'bad options: they must be a JSON object, got "fast"'),
        (with_(game=None), "other", "the save is for a game this version cannot play: unknown game null"),
        (
            with_(game="chess"),
            "other",
            'the save is for a game this version cannot play: unknown game "chess"; games: '
            "paradice, indecix, charidice, roudalon, marchands, pig",
        ),
        (with_(seed=None), "other", "seed must be a string or an integer, got null"),
    ],
)
def test_each_refusal_has_its_kind_and_one_line_without_python(source, kind, message):
    with pytest.raises(SaveFormatError) as refused:
        save.loads(source)
    assert (refused.value.kind, str(refused.value)) == (kind, message)
    assert refused.value.entry == (2 if kind == "edited" else None)
    assert "\n" not in message and python_free(message)


def test_the_bytes_of_a_save_with_or_without_a_byte_order_mark_are_read():
    for source in (GOOD, "\ufeff" + GOOD, GOOD.encode("utf-8"), b"\xef\xbb\xbf" + GOOD.encode("utf-8")):
        loaded = save.loads(source)
        assert loaded.seats[0].name == "Léa" and loaded.match.ply == 5


def test_text_a_browser_read_from_bytes_that_were_not_utf8_is_refused():
    """File.text() puts U+FFFD for each byte that is not UTF-8 (Python's "replace" does the same)."""
    latin = GOOD.encode("latin-1")
    shown = latin.decode("utf-8", "replace")
    assert "L\ufffda" in shown
    with pytest.raises(SaveFormatError) as refused:
        save.loads(shown, len(latin))
    assert refused.value.kind == "not_utf8" and str(refused.value) == "the file is not UTF-8 text"
    assert save.loads(shown).seats[0].name == "L\ufffda"  # size unknown: nothing to compare with
    # A save that really holds U+FFFD, read whole (with or without the byte order mark the browser drops)
    honest = with_(seed="\ufffd").encode("utf-8")
    assert save.loads(honest.decode("utf-8"), len(honest)).match.seed == "\ufffd"
    assert save.loads(honest.decode("utf-8"), len(honest) + 3).match.seed == "\ufffd"


def test_too_many_bytes_are_refused_before_they_are_decoded(monkeypatch):
    monkeypatch.setattr(limits, "MAX_DOCUMENT_CHARS", 10)
    with pytest.raises(SaveFormatError) as refused:
        save.loads(b" " * 44 + b"{}")
    assert refused.value.kind == "too_large"
    assert str(refused.value) == "the save is too large (more than 10 characters)"
    with pytest.raises(SaveFormatError) as refused:
        save.loads(b" " * 20 + b"{}")
    assert str(refused.value) == "the save is too large (22 characters, at most 10)"


# --- from_json: a Python caller's document -------------------------------------------------------------
@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda d: d.update(seed="7d\ud800"), "seed"),
        (lambda d: d["seats"][0].update(name="L\udc00a"), "seats[0].name"),
        (lambda d: d["seats"][1].update(name="\ud800"), "seats[1].name"),
    ],
)
def test_from_json_checks_the_seed_and_the_names_itself(change, place):
    data = pig_save()
    change(data)
    with pytest.raises(SaveFormatError) as refused:
        save.from_json(data)
    assert refused.value.kind == "not_unicode"
    assert str(refused.value) == f"the save holds text that is not valid Unicode (a lone surrogate in {place})"


def test_from_json_refuses_a_lone_surrogate_anywhere_else_in_one_line_of_valid_unicode():
    base = pig_save()
    changes = [
        {"format": "dicehall.save/\ud800"},
        {"game": "pig\ud800"},
        {"seats": [{**base["seats"][0], "colour": "red\ud800"}, base["seats"][1]]},
        {"seats": [{**base["seats"][0], "note\ud800": 1}, base["seats"][1]]},
        {"seats": [base["seats"][0], {**base["seats"][1], "level": "\ud800"}]},
        {"seats": [base["seats"][0], {**base["seats"][1], "kind": "\ud800"}]},
        {"options": {"target\ud800": 20}},
        {"challenge": "2026-11-\ud800"},
        {"log": [{"by": "chance\ud800", "do": {"type": "roll"}}]},
        {"log": [{"by": 0, "do": {"type": "roll\ud800"}}]},
    ]
    for change in changes:
        with pytest.raises(SaveFormatError) as refused:
            save.from_json({**base, **change})
        message = str(refused.value)
        message.encode("utf-8")  # escaped, never the character itself
        assert "\n" not in message and python_free(message), message


# --- the messages of the save, link, options and page-API paths quote values as JSON ---------------------
ODD_VALUES = (None, True, False, "x", "3", [1], {"a": None}, 2.5, -1)


def refusals() -> list[str]:
    """The refusals of every real game's options, seats and actions, for values of every JSON type."""
    out = []

    def catch(call: Any, *args: Any) -> None:
        try:
            call(*args)
        except (DicehallError, ValueError) as error:
            out.append(str(error))

    for spec in registry.CATALOGUE:
        if spec.module is None or spec.id == "pig":
            continue
        game = registry.load(spec.id)
        keys = [f.key for f in spec.options.fields]
        for key in keys:
            for value in ODD_VALUES:
                catch(game.options_from_json, {key: value})
        for value in ODD_VALUES:
            catch(game.options_from_json, value)
            catch(game.options_from_json, {"unknown": value})
            catch(Seat.from_json, value, 0, spec.level_ids)
            catch(Seat.from_json, {"kind": value}, 0, spec.level_ids)
            catch(Seat.from_json, {"kind": "ai", "level": value}, 0, spec.level_ids)
            catch(Seat.from_json, {"name": value}, 0, spec.level_ids)
            catch(Seat.from_json, {"colour": value}, 0, spec.level_ids)
        codec: Codec = game.codec
        for tag in codec.tags:
            for value in ODD_VALUES:
                catch(codec.from_json, value)
                catch(codec.from_json, {"type": value})
                catch(codec.from_json, {"type": tag, "odd": value})
        match = Match(game, game.options_from_json({}), "quote")
        for value in ODD_VALUES:
            catch(match.entry_from_json, {"by": value, "do": {"type": codec.tags[0]}})
            catch(match.entry_from_json, {"by": 0, "do": {"type": codec.tags[0]}, "when": value})
        for _ in range(12):  # a few entries in, every tag by every seat and the dice
            if match.state.kind is NodeKind.TERMINAL:
                break
            for tag in codec.tags:
                for by in (0, 1, "chance"):
                    trial = Match(game, match.options, "quote")
                    for entry in match.log:
                        trial.apply_entry(entry)
                    catch(lambda e: trial.apply_entry(trial.entry_from_json(e)), {"by": by, "do": {"type": tag}})
            steps = match.state.legal_actions() or [o for o, _ in match.state.chance_outcomes()]
            by = "chance" if match.state.kind is NodeKind.CHANCE else match.state.to_move
            for shape in {json.dumps(codec.to_json(step)) for step in steps}:  # each field, each odd value
                action = json.loads(shape)
                for name in action.keys() - {"type"}:
                    for value in ODD_VALUES:
                        catch(codec.from_json, {**action, name: value})
                    if isinstance(action[name], str):  # well formed, and refused by the rules
                        trial = Match(game, match.options, "quote")
                        for entry in match.log:
                            trial.apply_entry(entry)
                        entry_json = {"by": by, "do": {**action, name: "x"}}
                        catch(lambda e: trial.apply_entry(trial.entry_from_json(e)), entry_json)
            if match.state.kind is NodeKind.CHANCE:
                match.roll()
            else:
                match.submit(match.state.legal_actions()[0])
    for value in ODD_VALUES:
        data = {**pig_save()}
        for key in ("format", "game", "rules_version", "options", "seats", "seed", "log", "challenge"):
            catch(save.from_json, {**data, key: value})
    return out


def test_no_refusal_quotes_a_value_the_python_way():
    messages = refusals()
    assert len(messages) > 500
    python = sorted({m for m in messages if not python_free(m)})
    assert python == [], python[:20]


def test_what_the_python_check_catches():
    for message in ("got None", "got True", "unknown game 'chess'", "field(s) ['x']", "format 'x',"):
        assert not python_free(message), message
    for message in ("it is player 1's turn, not 0's", "another program's file", 'got "x"', "got null"):
        assert python_free(message), message
