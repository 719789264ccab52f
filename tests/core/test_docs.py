"""The worked example of docs/save-format.md loads, and its edited form is refused as the page says."""

from __future__ import annotations

import json
import re
from pathlib import Path

from dicehall.core import save

DOC = Path(__file__).resolve().parents[2] / "docs" / "save-format.md"


def example() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## A worked example") :]
    return re.search(r"```json\n(.*?)```", section, re.DOTALL)[1]


def test_the_worked_example_loads():
    loaded = save.loads(example())
    assert loaded.match.ply == 5 and loaded.match.state.to_move == 0
    assert loaded.seats[0].extra == {"colour": "#c0392b"}
    assert json.loads(loaded.dumps()) == json.loads(example())


def test_the_worked_example_refusal():
    data = json.loads(example())
    data["log"][3]["by"] = 0
    text = DOC.read_text(encoding="utf-8")
    quoted = re.search(r"If entry 3 read .*?\n`(log entry 3 .*?)`\.", text, re.DOTALL)[1]
    try:
        save.from_json(data)
    except save.SaveFormatError as error:
        assert str(error) == quoted
    else:
        raise AssertionError("the edited example was accepted")
