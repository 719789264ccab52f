"""The checks every game's options share (core.options)."""

import pytest

from dicehall.core.options import form_flag, form_number, is_int, options_object


def test_an_options_object_is_a_dict_of_known_keys():
    assert options_object(None, "Pig", ("target",)) == {}
    assert options_object({"target": 3}, "Pig", ("target",)) == {"target": 3}
    with pytest.raises(ValueError, match=r"Pig options must be an object, got \[1\]"):
        options_object([1], "Pig", ("target",))
    with pytest.raises(ValueError, match=r'unknown Pig option\(s\) \["speed"\]; known: target, players'):
        options_object({"speed": 1}, "Pig", ("target", "players"))


def test_values_from_the_setup_form():
    assert is_int(3) and not is_int(True) and not is_int("3")
    assert form_number("12") == 12 and form_number("-1") == "-1" and form_number(None) is None
    assert form_flag("on") is True and form_flag("off") is False and form_flag("yes") == "yes"
