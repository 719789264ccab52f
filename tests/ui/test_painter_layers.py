"""web/painter.js's static layers give their pixels back when they are no longer drawn.

A layer is an offscreen canvas as large as what it holds (a board: about 4 MB). The painter keeps the content
of six; a layer it replaces or pushes out, or one left out of 120 pictures in a row, is shrunk to nothing at
once, not left to the garbage collector: in the worker, whose heap is small and rarely collected, the layers
of the games before piled up over a long session (docs/performance.md, "Memory over a long session"). A layer
given back is painted again from its content when it is drawn again. Run with Node on a stand-in canvas
(skipped without Node).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")

SCRIPT = """
const made = [];
const context = (canvas) => new Proxy({ canvas }, {
  get: (target, key) => (key in target ? target[key] : () => {}),
  set: (target, key, value) => { target[key] = value; return true; },
});
globalThis.OffscreenCanvas = class {
  constructor(width, height) { this.width = width; this.height = height; made.push(this); }
  getContext() { return context(this); }
};
const { createPainter } = await import(process.argv[1]);
const painter = createPainter(context({ width: 800, height: 600 }));
const layer = (key, colour) => ["layer", key, 400, 300, 1, [["rect", 0, 0, 400, 300, colour]]];
const live = () => made.filter((c) => c.width > 0 || c.height > 0).length;
const out = {};
for (let i = 0; i < 20; i++) painter.paint([layer("board-" + i, "#123456")], 1);
out.afterTwenty = [made.length, live()];
painter.paint([layer("board-19", "#654321")], 1);          // new content for a layer kept
out.afterReplace = [made.length, live()];
painter.paint([["layer", "board-19", 400, 300, 1]], 2);    // the same content at another resolution
out.afterResolution = [made.length, live()];
painter.paint([["layer", "board-19", 400, 300, 1]], 2);    // drawn again: nothing made
out.again = [made.length, live()];
for (let i = 0; i < 119; i++) painter.paint([["rect", 0, 0, 10, 10, "#fff"]], 2);   // another screen
out.idle = [made.length, live()];
painter.paint([["rect", 0, 0, 10, 10, "#fff"]], 2);
out.longIdle = [made.length, live()];
painter.paint([["layer", "board-19", 400, 300, 1]], 2);    // back: painted again from the content kept
out.back = [made.length, live(), made.at(-1).width];
painter.paint([["layer", "board-0", 400, 300, 1]], 2);     // long gone, content too: nothing drawn
out.gone = [made.length, live()];
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="no Node to run web/painter.js")
def test_a_layer_replaced_pushed_out_or_left_out_gives_its_pixels_back():
    painter = (ROOT / "web" / "painter.js").resolve().as_uri()
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT, painter], capture_output=True, text=True, timeout=60, check=True
    )
    out = json.loads(result.stdout)
    assert out["afterTwenty"] == [20, 6]  # six layers kept, the fourteen pushed out hold nothing
    assert out["afterReplace"] == [21, 6]  # the replaced picture is given back
    assert out["afterResolution"] == [22, 6]
    assert out["again"] == [22, 6]
    assert out["idle"] == [22, 1]  # the last one drawn, left out of 119 pictures: kept; the others given back
    assert out["longIdle"] == [22, 0]  # left out of 120
    assert out["back"] == [23, 1, 800]
    assert out["gone"] == [23, 1]
