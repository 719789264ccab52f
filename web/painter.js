// dicehall painter: a display list (docs/page-api.md, "Display-list ops") painted onto a 2D canvas context.
// Used in the worker on an OffscreenCanvas handed over by the page, or, where a browser cannot hand a
// canvas to a worker, on the page itself. Every number an op gives is checked, so no list stops it.

// Static layers ("layer" ops): pictures painted once into offscreen canvases and then only copied. A screen
// sends a layer's content once and then names it by its key, so the content of the MAX_LAYERS layers used last
// is kept. Their pixels (a board's layer: about 4 MB at devicePixelRatio 1, nine times that at 3) are kept
// only while the layer is drawn: one left out of IDLE_PAINTS pictures in a row (a game no longer on screen)
// gives them back at once, and is painted again from its content if it comes back. Left to the garbage
// collector, the layers of the games before piled up in the worker, whose heap is small and rarely collected
// (docs/performance.md, "Memory over a long session"). What was drawn from a layer stays drawn.
const MAX_LAYERS = 6;
const IDLE_PAINTS = 120;
const blank = (w, h) => {
  if (typeof OffscreenCanvas === "function") return new OffscreenCanvas(w, h);
  const c = document.createElement("canvas"); c.width = w; c.height = h; return c;
};
const release = (L) => { if (L && L.canvas) { L.canvas.width = 0; L.canvas.height = 0; L.canvas = null; } };

export function createPainter(ctx) {
  const layers = new Map();   // key -> {canvas (null: given back), ops, w, h, res, dpr, drawn}, least recently used first
  let dpr = 1, painted = 0;
  function layer(key, w, h, res, ops) {
    let L = layers.get(key);
    if (ops || (L && (L.dpr !== dpr || !L.canvas))) {   // new content, the screen's resolution changed, or given back
      const content = ops || L.ops;
      const c = blank(Math.max(1, Math.round(w * res * dpr)), Math.max(1, Math.round(h * res * dpr)));
      paintOps(c.getContext("2d"), content, res * dpr, layer);
      release(layers.get(key));
      L = { canvas: c, ops: content, w, h, res, dpr, drawn: painted };
    }
    if (!L) return undefined;
    L.drawn = painted;
    layers.delete(key); layers.set(key, L);
    while (layers.size > MAX_LAYERS) {
      const oldest = layers.keys().next().value;
      release(layers.get(oldest)); layers.delete(oldest);
    }
    return L;
  }
  return {
    paint(ops, scale) {
      dpr = scale; painted++;
      paintOps(ctx, ops, scale, layer);
      for (const L of layers.values()) if (painted - L.drawn >= IDLE_PAINTS) release(L);
    },
    canvas: ctx.canvas,
  };
}

// An op with a non-finite number is skipped, sizes below zero count as zero, a rounded rectangle's radius
// is at most half its shorter side and an arc's radius at least zero (roundRect and arc throw otherwise).
const finite = (op, from, to) => { for (let i = from; i <= to; i++) if (!Number.isFinite(op[i])) return false; return true; };
const size = (v) => (v > 0 ? v : 0);
function paintOps(ctx, ops, scale, layer) {
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.globalAlpha = 1; ctx.shadowColor = "transparent"; ctx.setLineDash([]);
  const stroke = (c, w) => {                   // no width: 1; a width of zero or less (or not a number): none
    if (w === undefined || w === null) w = 1;
    if (c && w > 0 && Number.isFinite(w)) { ctx.strokeStyle = c; ctx.lineWidth = w; ctx.stroke(); }
  };
  const fill = (c) => { if (c) { ctx.fillStyle = c; ctx.fill(); } };
  for (const op of ops) {
    switch (op[0]) {
      case "clear": ctx.save(); ctx.setTransform(1, 0, 0, 1, 0, 0); ctx.fillStyle = op[1];
        ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height); ctx.restore(); break;
      case "rect": if (!finite(op, 1, 4)) break;
        ctx.fillStyle = op[5]; ctx.fillRect(op[1], op[2], size(op[3]), size(op[4])); break;
      case "rrect": { if (!finite(op, 1, 4)) break;
        const w = size(op[3]), h = size(op[4]), r = Number.isFinite(op[5]) ? Math.max(0, Math.min(op[5], w / 2, h / 2)) : 0;
        ctx.beginPath();
        if (ctx.roundRect) ctx.roundRect(op[1], op[2], w, h, r); else ctx.rect(op[1], op[2], w, h);
        fill(op[6]); stroke(op[7], op[8]); break; }
      case "circle": if (!finite(op, 1, 3)) break;
        ctx.beginPath(); ctx.arc(op[1], op[2], size(op[3]), 0, 2 * Math.PI); fill(op[4]); stroke(op[5], op[6]); break;
      case "line": if (!finite(op, 1, 4)) break;
        ctx.beginPath(); ctx.moveTo(op[1], op[2]); ctx.lineTo(op[3], op[4]); stroke(op[5], op[6]); break;
      case "poly": { const p = op[1]; if (!Array.isArray(p) || p.length < 2 || !finite(p, 0, p.length - 1)) break;
        ctx.beginPath(); ctx.moveTo(p[0], p[1]);
        for (let i = 2; i + 1 < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
        ctx.closePath(); fill(op[2]); stroke(op[3], op[4]); break; }
      case "text": if (!finite(op, 1, 2)) break;
        ctx.font = op[4]; ctx.fillStyle = op[5]; ctx.textAlign = op[6] || "left";
        ctx.textBaseline = op[7] || "alphabetic";
        if (op[8]) ctx.fillText(op[3], op[1], op[2], op[8]); else ctx.fillText(op[3], op[1], op[2]); break;
      case "save": ctx.save(); break;
      case "restore": ctx.restore(); break;
      case "alpha": ctx.globalAlpha = op[1]; break;
      case "translate": ctx.translate(op[1], op[2]); break;
      case "rotate": ctx.rotate(op[1]); break;
      case "scale": ctx.scale(op[1], op[2]); break;
      case "clip": ctx.beginPath();
        if (finite(op, 1, 4)) ctx.rect(op[1], op[2], size(op[3]), size(op[4]));   // bad numbers: clip to nothing
        ctx.clip(); break;
      case "shadow": ctx.shadowColor = op[1]; ctx.shadowBlur = op[2] * scale;    // shadows ignore the transform
        ctx.shadowOffsetX = (op[3] || 0) * scale; ctx.shadowOffsetY = (op[4] || 0) * scale; break;
      case "dash": ctx.setLineDash(op[1] || []); break;
      case "layer": { if (!finite(op, 2, 4) || !(op[4] > 0)) break;
        const L = layer(op[1], size(op[2]), size(op[3]), op[4], op[5]);
        if (L) ctx.drawImage(L.canvas, 0, 0, op[2], op[3]); break; }
      default: break;                          // unknown ops are ignored (forward compatible)
    }
  }
}

