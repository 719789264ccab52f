// What every part of the page's host shares: the page's elements and words, the worker and its state, and the
// frame clock. The host is the page's thread: it starts the Web Worker that runs Python (web/worker.js:
// Pyodide, the rules, the computer players, the screens), paints the display lists it sends, forwards input,
// holds localStorage for it and exposes window.dicehall from the values it sends. Protocol: docs/page-api.md
// ("Host protocol"). Its parts, each a module of web/host/ that the build fingerprints: boot.js (the entry),
// progress, protocol, api, storage, ownership, dom, layout, input, update and errors.
export const $ = (id) => document.getElementById(id);
export const meta = (name) => document.querySelector(`meta[name="${name}"]`).content;
export const abs = (rel) => new URL(rel, document.baseURI).href;
export const params = new URLSearchParams(location.search);
const FR = /^fr/i.test(params.get("lang") || navigator.language || "fr");
export const T = FR
  ? { runtime: "Chargement de Python…", app: "Chargement des jeux…", start: "Démarrage…",
      failed: "Le chargement a échoué.", error: "Erreur interne", reload: "Recharger", close: "Fermer",
      old: "Ce navigateur ne sait pas exécuter WebAssembly." }
  : { runtime: "Loading Python…", app: "Loading the games…", start: "Starting…",
      failed: "Loading failed.", error: "Internal error", reload: "Reload", close: "Dismiss",
      old: "This browser cannot run WebAssembly." };
export const VERSION = meta("dicehall-version");
export const canvas = $("board"), stage = $("stage"), ui = $("ui"), live = $("live");
// The worker paints the board itself on the canvas handed over to it; a browser that cannot hand a canvas
// to a worker paints here what the worker sends (web/painter.js either way).
export const handOver = typeof canvas.transferControlToOffscreen === "function";
// The hub index.html shows while Python loads: a game chosen there meanwhile ({chosen, cmd}), a language ({lang}).
export const early = window.dicehallEarly || null;
export const bench = window.__dicehallBench;   // set before load by bench/ only: frame timings, Python eval

// The worker and what the parts know of it. At most one frame asked of the worker at a time (waiting): a busy
// worker drops frames, never input.
export const run = {
  worker: null,
  started: false,                              // the first frame is on the page
  broken: false,                               // stopped by an error, until dismissed
  booting: true,                               // until the first frame (an error then fails the boot)
  waiting: false,                              // a frame asked of the worker and not yet back
  dpr: window.devicePixelRatio || 1, cssW: 0, cssH: 0,
  painter: null,                               // the page's own painter, without a handed-over canvas
  keys: { game: false, ctrl: [], wheel: false },   // what the page keeps from the browser (App._page_keys)
};

// An input event for the worker; true when the page keeps it from the browser (a game's own).
export const send = (ev) => { run.worker.postMessage({ t: "input", event: ev }); return run.keys.game; };

export function loop() {
  requestAnimationFrame(function frame(t) {
    if (run.broken) return;
    if (!run.waiting) { run.waiting = true; run.worker.postMessage({ t: "frame", now: t }); }
    requestAnimationFrame(frame);
  });
}
