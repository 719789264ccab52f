// dicehall host: the page's thread. Starts the Web Worker that runs Python (web/worker.js: Pyodide, the
// rules, the computer players, the screens), paints the display lists it sends, forwards input, holds
// localStorage for it and exposes window.dicehall from the values it sends. Protocol: docs/page-api.md
// ("Host protocol"). At most one frame asked of the worker at a time: a busy worker drops frames, never input.
const $ = (id) => document.getElementById(id);
const meta = (name) => document.querySelector(`meta[name="${name}"]`).content;
const abs = (rel) => new URL(rel, document.baseURI).href;
const params = new URLSearchParams(location.search);
const FR = /^fr/i.test(params.get("lang") || navigator.language || "fr");
const T = FR
  ? { runtime: "Chargement de Python…", app: "Chargement des jeux…", start: "Démarrage…",
      failed: "Le chargement a échoué.", error: "Erreur interne", reload: "Recharger", close: "Fermer",
      old: "Ce navigateur ne sait pas exécuter WebAssembly." }
  : { runtime: "Loading Python…", app: "Loading the games…", start: "Starting…",
      failed: "Loading failed.", error: "Internal error", reload: "Reload", close: "Dismiss",
      old: "This browser cannot run WebAssembly." };
const VERSION = meta("dicehall-version");
const canvas = $("board"), stage = $("stage"), ui = $("ui"), live = $("live");
// The worker paints the board itself on the canvas handed over to it; a browser that cannot hand a canvas
// to a worker paints here what the worker sends (web/painter.js either way).
const handOver = typeof canvas.transferControlToOffscreen === "function";
let painter = null;                            // the page's own painter, without a handed-over canvas
let worker = null, started = false, broken = false, booting = true, dpr = window.devicePixelRatio || 1;
let cssW = 0, cssH = 0, lastDraw = null, swReg = null;
let keys = { game: false, ctrl: [], wheel: false };
let sound = null;                              // web/sound.js: plays the worker's sound cues (out.sound)
import(abs(meta("dicehall-sound"))).then((m) => { sound = m; }, () => {});
const SIDE_WINDOW_MS = 20;                     // a side action open to a human stays open this long at full speed   // what the page keeps from the browser (App._page_keys)

// ---------------------------------------------------------------------------- loading screen
let shown = 0.03, creep = null;
// The hub index.html shows while Python loads: a game chosen there meanwhile ({chosen, cmd}), a language ({lang}).
const early = window.dicehallEarly || null;
function progress(frac, msg) {
  shown = Math.max(shown, frac);
  $("ld-fill").style.width = `${Math.round(shown * 100)}%`;
  if (msg && !(early && early.chosen)) $("ld-msg").textContent = msg;   // else it says the game is starting
}
function creepTo(limit) {                     // loadPyodide has no progress events: ease towards a limit
  clearInterval(creep);
  creep = setInterval(() => progress(shown + (limit - shown) * 0.08), 120);
}
// Until 80 % the bar is the bytes of the runtime received: the page fetches the wasm, the standard library
// and our zip itself and counts them as they arrive (decompressed, against the sizes build.py wrote into
// the page); the worker takes the archives from the page instead of fetching them again. Then the bar eases
// on while the runtime starts (no measure there).
const SIZES = JSON.parse(meta("dicehall-sizes")), TOTAL = SIZES.wasm + SIZES.stdlib + SIZES.app;
let received = 0;
function counted(n) {
  received += n;
  progress(0.06 + 0.74 * Math.min(1, received / TOTAL));
  if (received >= TOTAL) creepTo(0.84);
}
async function streamWasm(url) {              // to the worker as it arrives, counted
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  const type = (r.headers.get("Content-Type") || "").split(";")[0].trim();
  if (type !== "application/wasm") throw new Error(`${url} is served as "${type}", not application/wasm (docs/hosting.md)`);
  const reader = r.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    counted(value.length);
    worker.postMessage({ t: "wasm-chunk", chunk: value }, value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? [value.buffer] : []);
  }
  worker.postMessage({ t: "wasm-end" });
}
async function fetchCounted(url) {            // the whole body, counted as it arrives
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  const reader = r.body.getReader(), parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value); size += value.length; counted(value.length);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) { all.set(part, at); at += part.length; }
  return all.buffer;
}

// ---------------------------------------------------------------------------- errors
function fail(err) {
  console.error(err);
  const text = String((err && (err.message || err)) || err);
  if (booting) {                              // boot failed: say so on the loading screen
    clearInterval(creep);
    booting = false; broken = true;
    $("loading").classList.remove("early");   // the whole page says so, over the hub
    $("ld-msg").textContent = T.failed;
    $("ld-detail").textContent = text;
    $("ld-retry").hidden = false;
    $("ld-retry").onclick = () => location.reload();
    rejectReady(err instanceof Error ? err : new Error(text));
    return;
  }
  broken = true;
  rejectPending(`${STOPPED} (${oneLine(text)})`);
  let box = $("fatal");
  if (!box) {
    box = document.createElement("div");
    box.id = "fatal"; box.className = "fatal"; box.setAttribute("role", "alertdialog");
    box.innerHTML = `<div class="dialog"><h2 class="dialog-title"></h2><pre></pre><div class="form-row">
      <button class="btn primary" type="button" data-act="reload"></button>
      <button class="btn ghost" type="button" data-act="close"></button></div></div>`;
    box.querySelector("h2").textContent = T.error;
    box.querySelector('[data-act="reload"]').textContent = T.reload;
    box.querySelector('[data-act="close"]').textContent = T.close;
    box.querySelector('[data-act="reload"]').onclick = () => location.reload();
    box.querySelector('[data-act="close"]').onclick = () => {
      box.remove(); broken = false; waiting = false; worker.postMessage({ t: "resume" }); loop(); };
    document.body.append(box);
  }
  box.querySelector("pre").textContent = text;
}
function guarded(fn) {
  return (...args) => { if (broken || !started) return; try { return fn(...args); } catch (e) { fail(e); } };
}

// ---------------------------------------------------------------------------- page API
let resolveReady, rejectReady;
const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
ready.catch(() => {});                        // reported on the page; callers still see the rejection
const oneLine = (e) => String((e && e.message) || e).trim().split("\n").pop().slice(0, 300);
function json(value) {                        // undefined, a Symbol or a function: "null"; cycles, BigInt: refused
  try { const s = JSON.stringify(value); return s === undefined ? "null" : s; }
  catch (e) { throw new Error(`not a JSON value (${oneLine(e)})`); }
}
// The synchronous members answer from the latest values the worker sent (with every frame and every
// answer in which they changed): a call never waits for the worker, and a resolved play() has brought
// the values that follow it.
const api = {};
function sync(member) {                       // synchronous members: null before ready, one-line errors after
  return () => {
    if (!started || api[member] === undefined) return null;
    const r = JSON.parse(api[member]);          // kept as JSON text: parsed only when asked, a copy each time
    if (r && r.error) throw new Error(r.error);
    return r;
  };
}
const pending = new Map();
let nextCall = 1;
async function call(member, ...args) {        // Promise members: wait for ready; the worker then plays the
  await ready;                                // computer turns at full speed before it answers
  if (broken) throw new Error(STOPPED);
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, conflicts });
    worker.postMessage({ t: "call", id, member, args });
  });
}
const STOPPED = "dicehall stopped after an internal error: dismiss the message, or reload the page";
function rejectPending(message) {             // the page stopped: no call is left waiting for ever
  for (const p of pending.values()) p.reject(new Error(message));
  pending.clear();
}
function answer(m) {
  const p = pending.get(m.id);
  pending.delete(m.id);
  if (m.sync) keep(m.sync);
  if (!p) return;
  if (m.error) { p.reject(new Error(m.error)); return; }
  if (conflicts > p.conflicts) { p.reject(new Error(CHANGED_ELSEWHERE)); return; }
  let r;
  try { r = JSON.parse(m.r); } catch (e) { p.reject(new Error(oneLine(e))); return; }
  if (r && r.error) p.reject(new Error(r.error)); else p.resolve(r);
}
window.dicehall = {
  ready, version: VERSION,
  games: sync("games"),
  state: sync("state"),
  save: sync("save"),
  log: sync("log"),
  newGame: async (id, options) => call("api_new_game", String(id), json(options === undefined ? {} : options)),
  play: async (action) => call("api_play", json(action)),
  load: async (save) => call("api_load", json(save)),
  // the pace: null before ready (nothing set), then a Promise of the pace set, or rejected (a bad value)
  speed: (value) => (started ? call("api_speed", json(value)).then((r) => r.speed) : null),
  rematch: async () => call("api_rematch"),
  hint: async () => call("api_hint").then((r) => r.action),   // the expert's action for the human to move, or null
  // the replay viewer: a Promise of {ok, plies}, then of {ok, ply}; the game in progress is never touched
  replay: async (save) => call("api_replay", json(save)),
  replayTo: async (ply) => call("api_replay_to", json(ply)),
  // this page's URL carrying the game on screen in its fragment: "replay" (read-only) or "play" (by link)
  link: (kind) => {
    if (!started || api.packed === undefined) return null;
    if (kind !== "replay" && kind !== "play") throw new Error(`link is "replay" or "play", not ${JSON.stringify(kind)}`);
    const packed = JSON.parse(api.packed);
    if (packed && packed.error) throw new Error(packed.error);   // one line, never "[object Object]"
    if (!packed) return null;
    const page = new URL(location.href);         // the sender's ?lang= stays here: a link opens in the
    page.hash = ""; page.searchParams.delete("lang");   // receiver's own language (as app/links.py)
    return `${page.href.replace(/#$/, "")}#${kind}=${packed}`;
  },
};

// ---------------------------------------------------------------------------- service worker
const swUpdateReady = guarded(() => send({ type: "sw", state: "update-ready" }));   // Python shows a banner
function registerServiceWorker() {          // after boot: precaching then reuses the HTTP cache
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register("sw.js", { scope: "./" }).then((reg) => {
    swReg = reg;
    if (reg.waiting && navigator.serviceWorker.controller) swUpdateReady();
    reg.addEventListener("updatefound", () => {
      const w = reg.installing;
      w && w.addEventListener("statechange", () => {
        if (w.state === "installed" && navigator.serviceWorker.controller) swUpdateReady();
      });
    });
  }).catch((e) => console.warn("dicehall: service worker not registered", e));
}
function hostCommand(cmd, el) {
  if (cmd === "host:reload") location.reload();
  if (cmd === "host:copy" && el) copyText(el);
  if (cmd === "host:share" && el) shareLink(el);
  if (cmd === "host:take-over") takeOver();
  if (cmd === "host:open-file") picker.click();
  if (cmd === "host:turn") turnScreen();
  if (cmd === "host:full-screen") document.documentElement.requestFullscreen?.().catch(() => {});
  if (cmd === "host:small-anyway") { smallAnyway = true; fitBoard(); }
  if (el && el.closest(".menu")) send({ type: "cmd", cmd: "close", arg: null });   // an entry done: the menu closes
  if (cmd === "host:update" && swReg && swReg.waiting) {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    swReg.waiting.postMessage({ type: "SKIP_WAITING" });
  }
}

// "Copy" (the challenge's result line): the text of the element named by data-copy goes to the clipboard,
// then the worker is told so that the button says "Copied". Without the Clipboard API (an http page), the
// text is selected and copied the old way.
function copyText(el) {
  const source = document.getElementById(el.dataset.copy || "");
  if (!source) return;
  const text = source.textContent;
  const done = () => send({ type: "cmd", cmd: el.dataset.copied || "challenge-copied", arg: null });
  const fallback = () => {
    const range = document.createRange();
    range.selectNodeContents(source);
    const sel = getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    if (document.execCommand("copy")) done();
  };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
  else fallback();
}

// Links (app/links.py): "Share…" hands the link to the system's share sheet where the browser has one (the
// button shows only then: .can-share); a link opened in this tab later (only the fragment changes, no
// reload) goes to the worker, which opens it as at start.
document.documentElement.classList.toggle("can-share", typeof navigator.share === "function");
function shareLink(el) {
  const source = document.getElementById(el.dataset.share || "");
  if (source && navigator.share) navigator.share({ url: source.textContent, title: document.title }).catch(() => {});
}
window.addEventListener("hashchange", guarded(() => {
  if (started && location.hash) send({ type: "link", hash: location.hash });
}));

// ---------------------------------------------------------------------------- save files
// "Download this game": the worker sends the save's text and a name; the page hands it over as a file.
// "Open a save file…" (a file picker) or a .json file dropped on the page: its text goes to the worker,
// which measures it and loads it as load(save) does, or refuses it with a notice (nothing changes).
const MAX_FILE_BYTES = 16_000_000;            // 4,000,000 characters (core/limits.py) of UTF-8 at most
function saveFile(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url; a.download = name; a.hidden = true;
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
const picker = document.createElement("input");
picker.type = "file"; picker.accept = ".json,application/json"; picker.id = "open-file"; picker.hidden = true;
document.body.append(picker);
function openFile(file) {
  if (!file || !started || broken) return;
  const hand = (text) => worker.postMessage({ t: "open-file", name: file.name, text, size: file.size });
  if (file.size > MAX_FILE_BYTES) { hand(null); return; }
  file.text().then(hand, () => hand(null));
}
picker.addEventListener("change", () => { openFile(picker.files[0]); picker.value = ""; });
const withFiles = (e) => e.dataTransfer && [...e.dataTransfer.types].includes("Files");
window.addEventListener("dragover", (e) => {
  if (!withFiles(e)) return;
  e.preventDefault(); e.dataTransfer.dropEffect = "copy"; document.body.classList.add("dropping");
});
window.addEventListener("dragleave", (e) => { if (!e.relatedTarget) document.body.classList.remove("dropping"); });
window.addEventListener("drop", (e) => {
  if (!withFiles(e)) return;
  e.preventDefault(); document.body.classList.remove("dropping");
  openFile(e.dataTransfer.files[0]);
});

// ---------------------------------------------------------------------------- one tab owns the games
// Two tabs writing the same localStorage would overwrite each other's game. The tab holding the Web Lock
// "dicehall:owner" plays; another one starts as a guest that only offers to play here. Taking over
// steals the lock: the other tab's request then rejects and it stops (its Python app writes nothing more).
// Without Web Locks (old browsers, insecure origins) every tab plays, and Python's compare-before-write
// check on the stored game catches a write from another tab instead.
const OWNER_LOCK = "dicehall:owner";
const LOCK_WAIT_MS = 2000;                     // a reloaded page may wait a moment for its old self to let go
// The lock is asked for with ifAvailable, again every 200 ms within LOCK_WAIT_MS, never left waiting under a
// timer's AbortSignal: in WebKit a page's first request can take over 2 s to be answered (seen under load),
// so the timer raced the grant and a tab alone took itself for a guest; and with no waiting request to
// abort, nothing but an answer of the browser's settles the boot's wait (docs/browsers.md).
function holdOwnership(steal) {               // resolves true (owner), false (another tab owns it), null (no locks)
  if (!navigator.locks) return Promise.resolve(null);
  const since = performance.now();
  return new Promise((resolve) => {
    const ask = () => {
      let granted = false;
      navigator.locks.request(OWNER_LOCK, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
        if (!lock) {                          // another tab holds it (or its old self, letting go)
          if (performance.now() - since < LOCK_WAIT_MS) setTimeout(ask, 200); else resolve(false);
          return null;
        }
        granted = true; resolve(true);
        return new Promise(() => {});         // held for the life of the page
      }).catch((e) => {
        if (!granted) resolve(false);
        else if (e && e.name === "AbortError") guarded(() => send({ type: "owner", state: "lost" }))();  // stolen
      });
    };
    ask();
  });
}
async function takeOver() {
  await holdOwnership(true);
  if (!started || broken) return;
  worker.postMessage({ t: "take-over", store: readStore(), width: cssW, height: cssH, dpr, now: performance.now() });
}

// ---------------------------------------------------------------------------- storage, for the worker
// The worker reads a snapshot taken at start and keeps a mirror; its writes come back here in order. At
// the first one the browser refuses (quota), the rest of that epoch is dropped and the worker gets the
// store as it really is, so that nothing written on top of a refused write lands (web/storage.py).
const PREFIX = "dicehall:", CURRENT = PREFIX + "current";
// The stored game is written only over the text this page last read or wrote there: another tab (or other
// code of the site) that wrote it in between keeps its write, and the worker is told at once, so that its
// app stops and keeps this tab's game aside (app/persistence.py) before it is stored nowhere. The storage
// event says the same, but later: a move made in between would otherwise be lost.
let knownCurrent = null, conflicts = 0;
const CHANGED_ELSEWHERE = "the saved game was changed in another tab: this tab stopped, and its game is kept "
  + "as the previous game";
function readStore() {                         // {available, writable, items: our keys, used: characters}
  const store = { available: false, writable: false, items: {}, used: 0 };
  let ls;
  try { ls = window.localStorage; knownCurrent = ls.getItem(CURRENT); store.available = true; } catch (e) { return store; }
  try { ls.setItem(PREFIX + "probe", "1"); ls.removeItem(PREFIX + "probe"); store.writable = true; } catch (e) { /* full */ }
  for (let i = 0; i < ls.length; i++) {
    const k = ls.key(i), v = ls.getItem(k) || "";
    store.used += k.length + v.length;
    if (k.startsWith(PREFIX)) store.items[k] = v;
  }
  return store;
}
let refusedEpoch = -1;                         // writes of this epoch or an earlier one are dropped
function applyWrites(epoch, writes) {
  if (!writes || !writes.length || epoch <= refusedEpoch) return;
  for (let i = 0; i < writes.length; i++) {
    const [key, value] = writes[i];
    try {
      if (key === CURRENT) {
        const now = localStorage.getItem(CURRENT);
        if (now !== knownCurrent) {            // written elsewhere since: keep that, tell the worker
          conflicts++;                         // (and every later write of it too, until a take-over reads it)
          worker.postMessage({ t: "storage-changed", key, value: now });
          continue;
        }
      }
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
      if (key === CURRENT) knownCurrent = value;
    } catch (e) {
      refusedEpoch = epoch;
      const store = readStore(), old = store.items[key];
      const needed = store.used - (old === undefined ? 0 : key.length + old.length) + key.length + value.length;
      worker.postMessage({ t: "storage-refused", report: { epoch, key, reason: `storage is full (${(e && e.name) || e})`,
        dropped: writes.slice(i).map((w) => w[0]), items: store.items, used: store.used, needed } });
      return;
    }
  }
}
window.addEventListener("storage", (e) => {    // another tab wrote: the worker's compare-before-write sees it
  if (started && e.key && e.key.startsWith(PREFIX) && e.storageArea === window.localStorage)
    worker.postMessage({ t: "storage-changed", key: e.key, value: e.newValue });
});
function keep(sync) {                          // what came with a frame or an answer: writes, page-API values
  applyWrites(sync.epoch, sync.writes);
  if (sync.api) Object.assign(api, sync.api);
}

// ---------------------------------------------------------------------------- frame output
let shownDom = null;                           // the HTML now in #ui: the same again changes nothing
// While a button of #ui is pressed, new HTML waits for the release (and the click that follows it): a button
// drawn again between the press and the release would lose the click (the replay viewer's bar changes at
// every step, a toolbar while the computers play).
let pressed = false, waitingDom = null;
ui.addEventListener("pointerdown", () => { pressed = true; });
addEventListener("pointerup", () => release(), true);
addEventListener("pointercancel", () => release(), true);
function release() {
  if (!pressed) return;
  pressed = false;
  setTimeout(() => { if (waitingDom !== null) { const html = waitingDom; waitingDom = null; setDom(html); } }, 0);
}
function setDom(html) {
  if (pressed) { waitingDom = html; return; }
  if (html === shownDom) return;
  shownDom = html;
  const active = document.activeElement;
  const focusId = active && ui.contains(active) ? active.id : "";
  const field = active && /^(INPUT|TEXTAREA)$/.test(active.tagName) ? active : null;
  const inChoices = !!(focusId && active.closest(".choices"));
  const autofocused = ui.querySelector("[data-autofocus]")?.id;   // what asked for the focus last time
  const follow = atEnd($("move-log-list"));   // the move log was showing its newest line: it keeps doing so
  const scrolls = [...ui.querySelectorAll("[id]")].filter((e) => e.scrollTop > 0).map((e) => [e.id, e.scrollTop]);
  ui.innerHTML = html;
  for (const [id, top] of scrolls) { const e = document.getElementById(id); if (e && ui.contains(e)) e.scrollTop = top; }
  // The board starts below the toolbar. Measured in the next animation frame, where the browser lays
  // the new HTML out anyway: reading it now would add that layout to this task (a long one on a phone).
  // Every measure is read before anything is written, and a value is written only when it changed: a write
  // between two reads lays the page out again (two layouts a frame were the long tasks on a phone).
  requestAnimationFrame(() => {
    const bar = ui.querySelector(".toolbar"), dock = ui.querySelector(".banners.docked");   // notices never cover the board
    const top = dock ? dock.offsetTop + dock.offsetHeight : bar ? bar.offsetHeight : 0;
    const foot = footHeight(), logRight = logWidth();
    setVar(stage, "--stage-top", `${top}px`);
    setVar(stage, "--stage-bottom", `${foot}px`);
    setLog(top, logRight, follow);
    setVar(ui, "--board-top", `${top}px`);                    // where the end panel starts (styles.css)
    fitToolbar();
    fitBoard();
  });
  const again = focusId && document.getElementById(focusId);
  if (again && ui.contains(again)) {
    if (field && again.tagName === field.tagName && again.type === field.type && again.type !== "checkbox") {
      again.value = field.value;               // do not lose what is being typed
      try { again.setSelectionRange(field.selectionStart, field.selectionEnd); } catch (e) { /* not text */ }
    }
    again.focus({ preventScroll: true });
  }
  // The keyboard stays in the choices (app/choices.py): on their first button when its own is gone or when
  // they come back after a computer's turn, else on the group itself.
  const box = inChoices && document.getElementById("choices");
  if (box && (!again || again === box)) (box.querySelector(".choice") || box).focus({ preventScroll: true });
  // An element that comes with data-autofocus takes the focus once (the end panel's first button, the
  // Result button when the panel is put aside).
  const auto = ui.querySelector("[data-autofocus]");
  if (auto && auto.id !== autofocused && !field) auto.focus({ preventScroll: true });
}
// Under the board: the replay viewer's controls, or the choices' bar while the keyboard is in it (app/choices.py):
// the board is laid out above them, never under them.
function footHeight() {
  const foot = ui.querySelector(".replay-bar");
  const bar = ui.querySelector(".choices:focus-within");
  return foot ? foot.offsetHeight : bar ? bar.offsetHeight + 16 : 0;
}
function stageFoot() { setVar(stage, "--stage-bottom", `${footHeight()}px`); }
function setVar(el, name, value) {             // a custom property, written only when it changes
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}
// The choice the keyboard is on is shown on the board itself (SceneBase.focus_choice; -1: none).
function choiceFocus() {
  const a = document.activeElement, c = a && ui.contains(a) && a.closest(".choices") ? a.closest(".choice") : null;
  if (worker && started && !broken) worker.postMessage({ t: "input", event: { type: "choice-focus", index: c ? Number(c.dataset.arg) : -1 } });
  stageFoot();
}
ui.addEventListener("focusin", () => requestAnimationFrame(choiceFocus));
ui.addEventListener("focusout", () => requestAnimationFrame(choiceFocus));
// The toolbar at every size (app/screens.py, styles.css): a game's menu holds every control of its toolbar, so
// what does not fit folds into it, least needed first, after the buttons' words (.compact: icons only); the title
// is read whole and gives way (.squeezed) only once nothing is left to fold. Widths are read once, before anything
// folds. The replay viewer's toolbar has no menu: its controls stay; its chip folds, its title gives way, then
// goes if that lets the result of the game show (at the last position), else the result folds.
const FOLDS = [".status", ".lang-switch", "#sound-toggle", "#speed-button", "#move-log-toggle", "#hint-button",
  ".pace-skip", "#pause, #resume-play", "#undo", "#end-show", null];     // null: the title gives way
function fitViewerBar(bar, over) {
  const fold = (sel, on = true) => { for (const el of bar.querySelectorAll(sel)) el.classList.toggle("folded", on); };
  fold(".replay-chip");
  if (over() <= 0) return;
  bar.classList.add("squeezed");
  if (over() <= 0 || !bar.querySelector(".replay-result")) return;
  fold(".toolbar > .title");
  if (over() <= 0) return;
  fold(".toolbar > .title", false);
  fold(".replay-result");
}
let toolbarFit = null;                         // the last fold: {key, classes of the bar, indices of what folded}
function fitToolbar() {
  const bar = ui.querySelector(".toolbar");
  if (!bar) return;
  // The same toolbar at the same width folds the same way: its fold is put back without measuring (most new
  // HTML after a move changes the prompt and the move log, not the toolbar).
  if (bar.classList.contains("fitted")) {        // measured again (a resize): from its own markup
    bar.classList.remove("fitted", "compact", "squeezed");
    for (const el of bar.querySelectorAll(".folded")) el.classList.remove("folded");
  }
  const key = `${ui.clientWidth}|${document.fonts ? document.fonts.status : ""}|${bar.outerHTML}`;
  const all = () => [...bar.querySelectorAll("*")];
  if (toolbarFit && toolbarFit.key === key) {
    const els = all();
    bar.classList.add("fitted", ...toolbarFit.classes);
    for (const i of toolbarFit.folded) if (els[i]) els[i].classList.add("folded");
    return;
  }
  foldToolbar(bar);
  const els = all();
  toolbarFit = { key, classes: ["compact", "squeezed"].filter((c) => bar.classList.contains(c)),
    folded: els.flatMap((el, i) => (el.classList.contains("folded") ? [i] : [])) };
  bar.classList.add("fitted");
}
function foldToolbar(bar) {
  bar.classList.remove("compact", "squeezed");
  for (const el of bar.querySelectorAll(".folded")) el.classList.remove("folded");
  const over = () => bar.scrollWidth - bar.clientWidth;
  if (over() <= 0) return;
  bar.classList.add("compact");
  if (!bar.querySelector("#menu-button")) { fitViewerBar(bar, over); return; }
  let excess = over();
  const steps = FOLDS;
  const gap = parseFloat(getComputedStyle(bar).columnGap) || 0;
  const widths = new Map();
  for (const step of steps) if (step) for (const el of bar.querySelectorAll(step)) widths.set(el, el.offsetWidth);
  for (const step of steps) {
    if (excess <= 0) return;
    if (step === null) { bar.classList.add("squeezed"); excess = over(); continue; }
    for (const el of bar.querySelectorAll(step)) {
      if (!widths.get(el)) continue;                // not shown at this size anyway
      el.classList.add("folded");
      excess -= widths.get(el) + gap;
    }
  }
}
// A board too small to play (app/screens.py, too_small): the notice shows while the board's area holds none of the
// game's playable sizes, unless the player chose to see the board anyway; it advises turning the device when the
// board would fit the other way round (and offers it, full screen, where the browser can), else a larger window.
let smallAnyway = false;
const canTurn = !!(screen.orientation && screen.orientation.lock) && matchMedia("(hover: none) and (pointer: coarse)").matches;
document.documentElement.classList.toggle("can-turn", canTurn && !!document.fullscreenEnabled);
document.documentElement.classList.toggle("can-full", !!document.fullscreenEnabled);
function fitBoard() {
  const note = $("too-small");
  if (!note) return;
  const sizes = (note.dataset.min || "").split(";").map((s) => s.split("x").map(Number));
  const holds = (w, h) => sizes.some(([mw, mh]) => w >= mw && h >= mh);
  const w = stage.clientWidth, h = stage.clientHeight;
  const fits = holds(w, h);
  if (fits) smallAnyway = false;                  // (it may come back, smaller again)
  const turned = holds(window.innerHeight - (window.innerWidth - w), window.innerWidth - (window.innerHeight - h));
  note.dataset.fit = turned ? "rotate" : "zoom";
  note.hidden = fits || smallAnyway;
}
async function turnScreen() {
  const want = window.innerWidth < window.innerHeight ? "landscape" : "portrait";
  try { await document.documentElement.requestFullscreen(); await screen.orientation.lock(want); } catch (e) { /* as it is */ }
}
addEventListener("resize", () => requestAnimationFrame(() => { fitToolbar(); fitBoard(); }));
// The move log (app/move_log.py): on a wide page a column beside the board, which then takes the rest of the
// width (--stage-right); on a narrow one a drawer over the board (styles.css says which: --log-docked).
const LOG_SIDE = matchMedia("(min-width: 900px)");
const atEnd = (e) => !e || e.scrollTop + e.clientHeight >= e.scrollHeight - 8;
function logWidth() {                         // the move log's width when it is a column beside the board, else 0
  const log = ui.querySelector(".move-log");
  const side = !!log && getComputedStyle(log).getPropertyValue("--log-docked").trim() === "1";
  return side ? log.offsetWidth : 0;
}
function setLog(top, right, follow) {
  const app = $("app"), list = $("move-log-list");
  setVar(app, "--log-top", `${top}px`);
  setVar(app, "--stage-right", `${right}px`);
  if (list && follow) list.scrollTop = list.scrollHeight;     // newest at the bottom, in view
}
LOG_SIDE.addEventListener("change", () => setLog(parseFloat(stage.style.getPropertyValue("--stage-top")) || 0, logWidth(), true));
function apply(out) {
  if (out.keys) keys = out.keys;
  if (out.canvas !== undefined) stage.classList.toggle("off", !out.canvas);
  if (out.dom !== undefined) setDom(out.dom);
  if (out.draw && painter) { lastDraw = out.draw; painter.paint(out.draw, dpr); }
  if (out.title) document.title = out.title;
  if (out.lang) {
    document.documentElement.lang = out.lang;
    canvas.setAttribute("aria-label", out.lang === "fr" ? "Plateau de jeu" : "Game board");
  }
  if (out.download) saveFile(out.download.name, out.download.text);
  // A link done with (app/link_flow.py): the address forgets its fragment, without a hashchange or a reload,
  // so that the same link opened again opens again.
  if (out.fragment === "" && location.hash) history.replaceState(history.state, "", location.href.split("#")[0]);
  if (out.sound && sound) sound.play(out.sound);
  for (const text of out.say || []) {
    const p = document.createElement("p"); p.textContent = text; live.append(p);
    while (live.childElementCount > 6) live.firstElementChild.remove();
  }
  if (window.parent !== window) for (const msg of out.post || []) window.parent.postMessage(msg, "*");
}
const bench = window.__dicehallBench;          // set before load by bench/ only: frame timings, Python eval
let waiting = false;                           // a frame asked of the worker and not yet back
function loop() {
  requestAnimationFrame(function frame(t) {
    if (broken) return;
    if (!waiting) { waiting = true; worker.postMessage({ t: "frame", now: t }); }
    requestAnimationFrame(frame);
  });
}
function frameOut(m) {                         // a frame's output: keep, then paint
  if (!m.extra) waiting = false;               // the answer to the frame asked for (not one sent at once on input)
  const t1 = performance.now(), r = m.r;          // (parsed and checked: fromWorkerOk)
  keep(r);
  apply(r.out);
  // [start (the worker's clock, as Python's), Python ms, page ms, chars, painted at (the page's clock), drew]
  const t2 = performance.now(), painted = m.paintedAt ? m.paintedAt - performance.timeOrigin : t2;
  if (bench) bench.frames.push([m.t0 ?? t1, m.ms || 0, t2 - t1, m.chars || m.s.length, Math.max(painted, t2),
                                m.drew || r.out.draw || r.out.dom ? 1 : 0]);
}

// ---------------------------------------------------------------------------- input
// The worker answers later, so what the page keeps from the browser is decided here, from what the worker
// said of the screen (keys): on a game, pointers over the board, keys without a modifier (but Tab and the
// browser's F5, F11, F12), the Ctrl/Cmd shortcuts it listed and, if the screen zooms with it, the wheel.
const send = (ev) => { worker.postMessage({ t: "input", event: ev }); return keys.game; };
const BROWSER_KEYS = new Set(["Tab", "F5", "F11", "F12"]);
function gameKey(e) {
  if (!keys.game || e.altKey || BROWSER_KEYS.has(e.key)) return false;
  if (!e.ctrlKey && !e.metaKey) return true;
  return keys.ctrl.includes((e.shiftKey ? "shift+" : "") + e.key.toLowerCase());
}
function pointer(e) {
  const r = canvas.getBoundingClientRect();
  if (e.type === "pointerdown") { canvas.focus({ preventScroll: true }); canvas.setPointerCapture?.(e.pointerId); }
  if (send({ type: e.type, x: e.clientX - r.left, y: e.clientY - r.top, button: e.button, pointer: e.pointerType,
             id: e.pointerId }))
    e.preventDefault();
}
for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) canvas.addEventListener(type, guarded(pointer));
canvas.addEventListener("wheel", guarded((e) => {
  const r = canvas.getBoundingClientRect(), k = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? cssH : 1;
  send({ type: "wheel", x: e.clientX - r.left, y: e.clientY - r.top, dy: e.deltaY * k });
  if (keys.game && keys.wheel) e.preventDefault();
}), { passive: false });
const CHOICE_STEP = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };
function moveInChoices(box, step) {              // the arrows, Home and End move between the choices
  const all = [...box.querySelectorAll(".choice")];
  if (!all.length) return;
  const i = all.indexOf(document.activeElement);
  const next = step === -Infinity ? 0 : step === Infinity ? all.length - 1
    : i < 0 ? 0 : Math.min(all.length - 1, Math.max(0, i + step));
  all[next].focus({ preventScroll: true });
  all[next].scrollIntoView({ block: "nearest", inline: "nearest" });   // within the bar, which may scroll
}
const RADIO_STEP = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
function moveInRadios(group, current, step) {  // a radio group (the setup's colours): the arrows choose
  const all = [...group.querySelectorAll('[role="radio"]')];
  const next = all[(all.indexOf(current) + step + all.length) % all.length];
  if (next) { next.focus({ preventScroll: true }); next.click(); }
}
window.addEventListener("keydown", guarded((e) => {
  const t = e.target, tag = t && t.tagName;
  const radios = t && t.getAttribute && t.getAttribute("role") === "radio" && t.closest('[role="radiogroup"]');
  if (radios && e.key in RADIO_STEP && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    moveInRadios(radios, t, RADIO_STEP[e.key]);
    return;
  }
  const box = t && t.closest && t.closest(".choices");
  if (box && e.key in CHOICE_STEP && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    moveInChoices(box, CHOICE_STEP[e.key]);
    return;
  }
  if (e.key !== "Escape" && (/^(INPUT|SELECT|TEXTAREA)$/.test(tag) || (t && t.isContentEditable))) return;
  // Enter/Space on a focused button or link activate it natively (its data-cmd click), except Space on the
  // toolbar: Space is the games' roll key, and must never undo or pause by accident (Enter still activates).
  const onButton = t && t.closest && t.closest("button, a, [data-cmd]");
  const toolbarSpace = e.key === " " && onButton && onButton.closest(".toolbar");
  if ((e.key === "Enter" || e.key === " ") && onButton && !toolbarSpace) return;
  if (toolbarSpace) e.preventDefault();       // and the button's own activation with it
  send({ type: "key", key: e.key, code: e.code, ctrl: e.ctrlKey, shift: e.shiftKey, alt: e.altKey, meta: e.metaKey });
  if (gameKey(e) && !(t && ui.contains(t) && t.closest(".dialog, .menu"))) e.preventDefault();
}));
const isField = (el) => /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName);
function command(el, arg) {
  const cmd = el.dataset.cmd;
  if (cmd.startsWith("host:")) hostCommand(cmd, el); else send({ type: "cmd", cmd, arg });
}
ui.addEventListener("click", guarded((e) => {
  const el = e.target.closest("[data-cmd]");
  if (!el || !ui.contains(el) || isField(el)) return;    // fields report through "change"
  e.preventDefault();
  command(el, el.dataset.arg);
  // A click with the mouse or a finger hands the keys back to the game; a button pressed from the keyboard
  // (detail 0) keeps the focus where the player put it.
  if (e.detail > 0 && el.closest(".toolbar, .menu") && !stage.classList.contains("off")) canvas.focus({ preventScroll: true });
}));
ui.addEventListener("change", guarded((e) => {
  const el = e.target;
  if (!isField(el) || !el.dataset.cmd) return;
  command(el, el.type === "checkbox" ? (el.checked ? "1" : "0") : el.value);
}));
ui.addEventListener("submit", (e) => e.preventDefault());  // Enter in a form field submits nothing (no inline onsubmit: CSP)

// ---------------------------------------------------------------------------- size
function resize() {
  dpr = window.devicePixelRatio || 1;
  cssW = stage.clientWidth; cssH = stage.clientHeight;
  if (!handOver) { canvas.width = Math.max(1, Math.round(cssW * dpr)); canvas.height = Math.max(1, Math.round(cssH * dpr)); }
  if (!started || broken) return;
  worker.postMessage({ t: "resize", width: cssW, height: cssH, dpr });   // the worker resizes a handed-over canvas
  try { if (lastDraw && painter) painter.paint(lastDraw, dpr); } catch (e) { fail(e); }   // the old picture meanwhile
}
new ResizeObserver(resize).observe(stage);
(function watchDpr() {
  matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`).addEventListener("change", () => { resize(); watchDpr(); }, { once: true });
})();

// ---------------------------------------------------------------------------- boot
// What the worker may send, and the shape of each message (docs/page-api.md, "Host protocol"). A message that
// breaks it (other code of the same origin dispatching on the worker, or a bug) is refused with a console
// warning: it never reaches the storage, the page API or the screen, and never stops the page.
const isNum = (v) => typeof v === "number" && Number.isFinite(v);
const isStr = (v) => typeof v === "string";
const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const optional = (v, test) => v === undefined || test(v);
const writeOk = (w) => Array.isArray(w) && w.length === 2 && isStr(w[0]) && w[0].startsWith(PREFIX)
  && (w[1] === null || isStr(w[1]));
const syncOk = (x) => isObj(x) && optional(x.epoch, isNum)
  && optional(x.writes, (ws) => Array.isArray(ws) && ws.every(writeOk))
  && optional(x.api, (a) => isObj(a) && Object.values(a).every(isStr));
const outOk = (o) => isObj(o) && optional(o.dom, isStr) && optional(o.draw, Array.isArray)
  && optional(o.title, isStr) && optional(o.lang, isStr) && optional(o.canvas, (v) => typeof v === "boolean")
  && optional(o.say, (v) => Array.isArray(v) && v.every(isStr)) && optional(o.post, Array.isArray)
  && optional(o.keys, (k) => isObj(k) && Array.isArray(k.ctrl))
  && optional(o.download, (d) => isObj(d) && isStr(d.name) && isStr(d.text)) && optional(o.fragment, isStr);
function parsed(text, test) {                  // JSON text of the expected shape, else undefined
  if (!isStr(text)) return undefined;
  try { const v = JSON.parse(text); return test(v) ? v : undefined; } catch (e) { return undefined; }
}
const FROM_WORKER = {
  out: (m) => {
    const r = isObj(m.r) ? m.r : parsed(m.s, isObj);
    if (!syncOk(r) || !outOk(r.out)) return false;
    m.r = r;
    return true;
  },
  reply: (m) => {
    if (!Number.isInteger(m.id) || !(isStr(m.error) || isStr(m.r))) return false;
    if (m.s === undefined) return true;
    m.sync = parsed(m.s, syncOk);
    return m.sync !== undefined;
  },
  sync: (m) => isNum(m.ack) && (m.sync = parsed(m.s, syncOk)) !== undefined,
  stage: (m) => isStr(m.name),
  trimmed: (m) => isStr(m.name),
  "boot-failed": (m) => isStr(m.message),
  error: (m) => isStr(m.message),
  py: (m) => !!bench,
};
function fromWorkerOk(m) {
  const shape = isObj(m) && isStr(m.t) && Object.hasOwn(FROM_WORKER, m.t) ? FROM_WORKER[m.t] : null;
  if (shape && shape(m)) return true;
  console.warn("dicehall: a message that breaks the host protocol was ignored", isObj(m) ? String(m.t).slice(0, 40) : typeof m);
  return false;
}
function fromWorker(e) {
  const m = e.data;
  if (!fromWorkerOk(m)) return;
  const t0 = bench ? performance.now() : 0;
  if (bench) queueMicrotask(() => { const d = performance.now() - t0; if (d > 16) (bench.slow ||= []).push([m.t, Math.round(d), (m.s || "").length]); });
  try {
    switch (m.t) {
      case "out": if (m.first) firstFrame(m); else if (!broken) frameOut(m); break;
      case "reply": answer(m); break;
      case "sync": keep(m.sync);                // a side action opened: give a caller polling state() with
        setTimeout(() => worker.postMessage({ t: "ack", n: m.ack }), SIDE_WINDOW_MS); break;   // timers or frames its turn
      case "stage": performance.mark(`dicehall:${m.name}`);            // stage marks, read by bench/load.py
        if (m.name === "pyodide") { progress(0.85, T.app); creepTo(0.95); }
        if (m.name === "imported") progress(0.9, T.start);
        break;
      case "trimmed": console.error(`dicehall: the standard module ${m.name} is not in this build `
        + "(build.py STDLIB_EXTRA, docs/performance.md)"); break;
      case "boot-failed": fail(new Error(m.message)); break;
      case "error": fail(new Error(m.message)); break;
      case "py": bench && bench.answers.get(m.id)?.(m.r); break;
      default: break;
    }
  } catch (err) { fail(err); }
}
function fnv(text) {                           // FNV-1a over UTF-16 code units, as build.py static_hub
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return h.toString(16);
}
function firstFrame(m) {                       // the first picture before the loading screen goes
  started = true;
  // Python's hub is the one already on the page (index.html): not parsed and laid out a second time; nor
  // when a command chosen there comes next (its screen replaces the page's hub at the next frame).
  const dom = m.r && m.r.out && m.r.out.dom;
  if (early && !early.lang && typeof dom === "string"
      && (early.cmd || (early.hash && !early.chosen && fnv(dom) === early.hash))) shownDom = dom;
  frameOut(m);
  if (early) {                                 // what was chosen on the page's hub while Python loaded
    early.done = true;
    if (early.lang) send({ type: "cmd", cmd: "lang", arg: early.lang });
    if (early.cmd) send({ type: "cmd", cmd: early.cmd[0], arg: early.cmd[1] });
  }
  worker.postMessage({ t: "resize", width: cssW, height: cssH, dpr });   // in case it changed since the start
  performance.mark("dicehall:frame");
  clearInterval(creep); progress(1);
  booting = false;
  $("loading").classList.add("done");
  setTimeout(() => $("loading").remove(), 300);
  performance.mark("dicehall:ready");
  resolveReady();
  loop();
  registerServiceWorker();
}
if (bench) {                                   // bench/: Python evaluated in the worker, answered as a Promise
  let n = 0;
  bench.answers = new Map();
  bench.py = (code) => new Promise((res) => { const id = ++n; bench.answers.set(id, (r) => { bench.answers.delete(id); res(r); });
    worker.postMessage({ t: "py", id, code }); });
}
async function boot() {
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") throw new Error(T.old);
  const base = abs(meta("dicehall-pyodide")), appUrl = meta("dicehall-app");
  worker = new Worker(meta("dicehall-worker"), { type: "module", name: "dicehall" });
  worker.onmessage = fromWorker;
  worker.onerror = (e) => { e.preventDefault(); fail(new Error(e.message || "the worker could not start")); };
  // The runtime's wasm: fetched here (its bytes counted for the bar) and handed to the worker chunk by chunk
  // as it arrives; the worker compiles it meanwhile. Compiled here, it left a task of 70-220 ms on the page
  // when its compilation completed (docs/performance.md); Chrome's cache of compiled code for pages made
  // warm visits no faster than the worker's compilation, measured with the precompiled standard library.
  const stdlib = abs(meta("dicehall-stdlib"));
  worker.postMessage({ t: "boot", base, lock: JSON.parse(meta("dicehall-lock")), painter: abs(meta("dicehall-painter")),
    stdlib, streamed: true });
  streamWasm(base + "pyodide.asm.wasm").catch(fail);      // the page says so; the worker waits no more
  fetchCounted(stdlib).then((buffer) => worker.postMessage({ t: "stdlib", buffer }, [buffer])).catch(fail);
  fetchCounted(appUrl).then((buffer) => worker.postMessage({ t: "zip", buffer }, [buffer])).catch(fail);
  progress(0.06, T.runtime);
  const owner = await holdOwnership(false);    // null: no Web Locks here; settled while the runtime loads
  resize();
  // touch: a touch screen and no mouse, so no keyboard hints at first (then the last input decides)
  const touch = matchMedia("(hover: none) and (pointer: coarse)").matches;
  const config = { lang: navigator.language, params: Object.fromEntries(params), width: cssW,
    url: location.href.split("#")[0], link: location.hash,          // a link carries a game in the fragment
    height: cssH, dpr, embedded: window.parent !== window, version: VERSION, owner, bench: !!bench, touch };
  const start = { t: "start", config, store: readStore(), now: performance.now(), origin: performance.timeOrigin };
  if (handOver) {
    start.canvas = canvas.transferControlToOffscreen();
    worker.postMessage(start, [start.canvas]);
  } else {
    const { createPainter } = await import(abs(meta("dicehall-painter")));
    painter = createPainter(canvas.getContext("2d"));
    worker.postMessage(start);
  }
}
// The first layout of form controls and of each text size looks up fonts (12-25 ms for a setup screen here):
// a setup screen (index.html's font-primer, written by build.py) is laid out once, hidden, while Python
// loads, so that the setup chosen early, or the first one, goes in without that cost.
function primeFonts() {
  const primer = document.getElementById("font-primer");
  if (!primer) return;
  const box = document.createElement("div");
  box.className = "font-primer";
  box.setAttribute("aria-hidden", "true");
  box.innerHTML = primer.textContent;            // build.py html_data: text until now
  ui.appendChild(box);
  void box.offsetHeight;                       // the layout: fonts found and cached
  box.remove();
}
// The boot starts once the first paint is on the screen (the hub is in the page; index.html's afterPaint), so
// that the worker, the fetches and the wasm's compilation do not delay it; at once in a tab opened in the
// background, which does not paint.
const afterPaint = window.dicehallAfterPaint || ((fn) => requestAnimationFrame(() => setTimeout(fn, 0)));
if (window.dicehallCannotRun) { /* no origin of its own: index.html says why, and nothing starts */ }
else if (document.visibilityState === "hidden") boot().catch(fail);
else afterPaint(() => { boot().catch(fail); setTimeout(primeFonts, 0); });
