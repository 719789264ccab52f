"""Return visits from a snapshot of the started Python (web/snapshot.js), in each engine: the first visit makes it
once idle, the next one starts from it, and a game is played there to its end. The failures and their handling
are tested in Chromium (tests/browser/test_snapshot.py); here, that each engine restores at all."""

from __future__ import annotations

import json

from .conftest import open_tab

MARKS = "return performance.getEntriesByType('mark').map((e) => e.name).filter((n) => n.startsWith('dicehall:'));"
MADE = "['stored', 'failed', 'skipped', 'given-up'].some((n) => performance.getEntriesByName('dicehall:snapshot-' + n).length)"
GAME = {"seed": "snapshot", "seats": [{"kind": "ai", "level": "easy"}] * 2}


def test_the_next_visit_starts_from_the_snapshot(engine, site, tab):
    s = site()
    open_tab(engine, s.url + "?lang=en", tab)
    assert "dicehall:restored" not in tab.run(MARKS)
    tab.wait(MADE, 600)  # 3 s of idle page, then Python started again in a worker of its own (slow in WebKit)
    made = tab.run(MARKS)
    assert "dicehall:snapshot-stored" in made, (engine.name, made)

    tab.reload()  # the next visit
    tab.wait_ready()
    tab.wait("!document.getElementById('loading')", 60)
    seen = tab.run(MARKS)
    assert "dicehall:restored" in seen, (engine.name, seen)
    assert tab.api("state()")["screen"] == "hub"
    tab.api(f"newGame('indecix', {json.dumps(GAME)})")
    state = tab.api("state()")
    assert state["game"] == "indecix" and state["over"] is True, (engine.name, state["to_move"])
