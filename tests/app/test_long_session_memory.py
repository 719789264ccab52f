"""A long session stays the size of one game: the page plays game after game (a player who leaves dicehall
open, a demonstration that loops) and nothing of the earlier games is kept.

In the browser Python's heap lives in the wasm memory, which grows and never shrinks: a cache that fills
over hundreds of games is memory the tab never gives back (docs/performance.md, "Memory over a long
session", measured by bench/memory.py). Here, under CPython: the package's caches are bounded, and games
played one after another through the worker's boundary leave the number of live objects flat.
"""

from __future__ import annotations

import functools
import gc
import importlib
import json
import pkgutil
import random
import tracemalloc

import dicehall
from dicehall.games.charidice import scoring
from dicehall.games.paradice import ai_eval
from dicehall.games.paradice.board import ROUTES
from dicehall.web.bridge import start

# Unbounded on purpose: one entry per game and language at most.
FINITE = {"dicehall.app.hub_art.miniature", "dicehall.app.rules_pages.rules_html"}


def test_every_cache_of_the_package_has_a_bound():
    for info in pkgutil.walk_packages(dicehall.__path__, "dicehall."):
        importlib.import_module(info.name)
    caches = {
        f"{o.__module__}.{o.__qualname__}": o.cache_parameters()["maxsize"]
        for o in gc.get_objects()
        if isinstance(o, functools._lru_cache_wrapper) and str(getattr(o, "__module__", "")).startswith("dicehall.")
    }
    assert "dicehall.games.charidice.scoring._analyse" in caches
    unbounded = sorted(name for name, size in caches.items() if size is None and name not in FINITE)
    assert unbounded == []


def test_charidice_keeps_the_markings_of_a_game_not_of_a_session():
    rng = random.Random(7)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(1100):  # some twenty games' rolls: each one's 63 markings are analysed
            scoring.valid_masks(tuple(rng.randint(1, 6) for _ in range(6)), False)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert scoring._analyse.cache_info().currsize <= scoring.ANALYSE_CACHE
    assert scoring.valid_masks.cache_info().currsize <= scoring.MASKS_CACHE
    assert grown < 3 * 2**20  # 65,536 markings were 20 MB here


def test_paradice_route_caches_stay_bounded_over_every_move():
    for seat, route in enumerate(ROUTES):
        for start_cell in route:  # the cells a pawn of this seat can stand on
            for total in range(2, 13):
                ai_eval.finals(seat, start_cell, total, total)
                ai_eval.finals(seat, start_cell, total - 1, total)
    assert ai_eval.finals.cache_info().currsize <= ai_eval.ROUTE_CACHE
    assert ai_eval.stops.cache_info().currsize <= ai_eval.ROUTE_CACHE


SHORT = {  # the five games, kept short
    "paradice": ({"round_limit": 3}, 4),
    "indecix": ({"mode": "blitz"}, 2),
    "charidice": ({}, 3),
    "roudalon": ({}, 4),
    "marchands": ({"round_limit": 5}, 2),
}


def test_games_played_one_after_another_leave_the_live_objects_flat():
    config = {"lang": "en", "params": {}, "width": 1100, "height": 760, "embedded": False, "owner": True}
    bridge = start(json.dumps(config), json.dumps({"available": True, "writable": True, "items": {}, "used": 0}))
    now = 0.0

    def play(i: int) -> None:
        nonlocal now
        game = list(SHORT)[i % len(SHORT)]
        options, seats = SHORT[game]
        request = {"seats": [{"kind": "ai", "level": "normal"}] * seats, "seed": f"long-{i}", **options}
        assert json.loads(bridge.api_new_game(game, json.dumps(request))) == {"ok": True}
        while bridge.api_busy():  # as the worker does: full speed, frames in between
            assert bridge.api_advance(0.05) == ""
            now += 16.0
            bridge.tick(now, False)
        bridge.sync()
        now += 16.0
        bridge.tick(now, True)

    def live() -> int:
        gc.collect()
        return len(gc.get_objects())

    for i in range(10):  # every game twice: its modules imported, its caches warm
        play(i)
    warm = live()
    for i in range(10, 20):
        play(i)
    assert live() - warm < 500  # each Charidice game added some 3,300 markings before
