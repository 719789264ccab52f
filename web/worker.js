// dicehall worker: Python off the page's thread. Pyodide, the rules, the computer players and the
// screens' logic run here; the page (host.js) paints what we send, forwards input, holds localStorage
// and answers the page API. Messages: docs/page-api.md, "Host protocol". One Python call per message,
// strings only across the Python boundary. The same script, started by this worker under the name
// "dicehall-snapshot", is the snapshot maker (makeSnapshot, below).
// web/snapshot.js (Python snapshots) is imported beside Pyodide's loader, not before this script runs: a static
// import would hold the loader's requests back by one round trip.
const snapshotModule = import("./snapshot.js");
let snapshot = null;

let py = null, bridge = null, broken = false, benchMode = false;
let painter = null, dpr = 1, lastDraw = null;   // the board, when the page handed its canvas over
let pageOrigin = performance.timeOrigin;          // frames are timed on the page's clock
const pageNow = () => performance.timeOrigin + performance.now() - pageOrigin;
// A key, a press or a command is answered with a frame at once, not at the page's next animation frame:
// a key shows on the board one round trip sooner. Moves and the wheel wait for the next frame.
const AT_ONCE = new Set(["key", "pointerdown", "pointerup", "cmd"]);
const post = (message, transfer) => self.postMessage(message, transfer || []);
const oneLine = (e) => String((e && e.message) || e).trim().split("\n").pop().slice(0, 300);

// Both halves of the start arrive as messages: "boot" at once (where the runtime is), "start" once the
// page knows whether this tab owns the games and has read the store; "zip" whenever the page has it.
let gotZip, gotStart, gotStdlib, wasmChunks;
const zip = new Promise((res) => { gotZip = res; });
const stdlib = new Promise((res) => { gotStdlib = res; });
const start = new Promise((res) => { gotStart = res; });
// The runtime's wasm comes from the page in chunks as they arrive ("wasm-chunk", then "wasm-end"; the page
// counts them for its bar) and is compiled here while it arrives: compiling it on the page left a task of
// 70-220 ms there when the compilation completed (docs/performance.md).
const wasmBody = new ReadableStream({ start(controller) { wasmChunks = controller; } });

// What every start of Python here is given: where the runtime is, and Python's standard library and our zip
// as the page fetched them.
function runtimeOptions(m) {
  return { indexURL: m.base, packageBaseUrl: m.base, lockFileContents: m.lock, convertNullToNone: true,  // JS null: None
    stdLibURL: m.stdlib };                                 // only the standard modules we use (build.py)
}
// The standard library's guard reports an import of a module the build left out (a console error on the page).
// Installed through `js` so that a snapshot holds the hook by name (web/snapshot.js, REPORT_HOOK).
function reportTrimmed(py, report) {
  self[snapshot.REPORT_HOOK] = report;
  py.runPython(`import js, _dicehall_stdlib\n_dicehall_stdlib.install(js.${snapshot.REPORT_HOOK})`);
}

let key = "", wasm = null, restored = false, forgotten = null;
async function boot(m) {
  const warn = console.warn;                    // Pyodide only warns, then hangs, when the wasm cannot load
  let wasmFailed;
  const wasmFailure = new Promise((_, rej) => { wasmFailed = rej; });
  console.warn = (...a) => {
    if (String(a[0]).includes("wasm instantiation failed")) wasmFailed(new Error(`pyodide.asm.wasm: ${a[1] || a[0]}`));
    warn.apply(console, a);
  };
  try {
    // the page fetches these, counting their bytes
    if (m.stdlib) fromPage(m.stdlib, () => stdlib.then((buffer) => new Response(buffer)));
    wasm = m.streamed ? WebAssembly.compileStreaming(new Response(wasmBody, { headers: { "Content-Type": "application/wasm" } }))
      : WebAssembly.compileStreaming(fetch(m.base + "pyodide.asm.wasm"));
    useCompiled(m.base + "pyodide.asm.wasm", wasm);
    const loader = import(m.base + "pyodide.mjs");        // the loader and the runtime's JavaScript load
    import(m.base + "pyodide.asm.mjs").catch(() => {});   // at once, while the bytes arrive
    snapshot = await snapshotModule;
    key = snapshot.snapshotKey(m.version, m.base);
    const stored = snapshot.readSnapshot(key);  // read (and checked) while the runtime loads
    self[snapshot.REPORT_HOOK] = (name) => post({ t: "trimmed", name: String(name) });   // before a restore looks
    const { loadPyodide } = await loader;
    wasm.then(() => post({ t: "stage", name: "compiled" }), () => {});   // the page's mark dicehall:compiled
    const memory = await stored;
    if (memory) {
      post({ t: "stage", name: "snapshot-read" });   // read and decompressed: the page's mark dicehall:snapshot-read
      try {
        py = await Promise.race([wasmFailure, loadPyodide({ ...runtimeOptions(m), ...snapshot.restoreOptions(memory) })]);
        snapshot.afterRestore(py);
        restored = true;
      } catch (e) {                             // the normal start, as if there had been none
        py = null;
        console.warn("dicehall: the stored Python snapshot could not be restored; starting normally", oneLine(e));
        forgotten = snapshot.restoreFailed(key);
      }
    }
    if (!py) py = await Promise.race([wasmFailure, loadPyodide(runtimeOptions(m))]);
  } finally { console.warn = warn; }
  if (m.stdlib && !restored) reportTrimmed(py, self[snapshot.REPORT_HOOK]);
  post({ t: "stage", name: "pyodide" });
  if (restored) post({ t: "stage", name: "restored" });   // the page's mark dicehall:restored
  py.FS.mkdirTree("/app");
  py.FS.writeFile("/app/dicehall.zip", new Uint8Array(await zip));
  if (!restored) py.pyimport("sys").path.insert(0, "/app/dicehall.zip");
  const module = py.pyimport("dicehall.web.bridge");
  post({ t: "stage", name: "imported" });
  const s = await start;
  benchMode = !!s.config.bench;
  pageOrigin = s.origin || pageOrigin;
  if (s.canvas) {
    const { createPainter } = await import(m.painter);
    painter = createPainter(s.canvas.getContext("2d"));
    size(s.config.width, s.config.height, s.config.dpr);
  }
  bridge = module.start(JSON.stringify(s.config), JSON.stringify(s.store));
  module.destroy();
  if (benchMode) py.globals.set("_BRIDGE", bridge);   // for bench/: Python run here through "py" messages
  post({ t: "stage", name: "started" });
  bridge.resize(s.config.width, s.config.height, s.config.dpr);
  frame(s.now, true, true);
  if (restored) maker.warm = snapshot.warmUp(py);
  else maker.consider(m, s.storage);
}

// A frame: Python's output; with the canvas here, its picture is painted now and the rest goes to the page.
function frame(now, advance, first, extra) {     // extra: not asked for by the page's frame loop
  const t0 = performance.now(), s = bridge.tick(now, advance), ms = performance.now() - t0;
  maker.frame(ms, s.length);
  if (!painter) { post({ t: "out", s, ms, t0, first, extra }); return; }
  const r = JSON.parse(s), draw = r.out.draw;
  if (draw) { delete r.out.draw; lastDraw = draw; painter.paint(draw, dpr); }
  post({ t: "out", r, ms, t0, first, extra, chars: s.length, drew: !!draw,
         paintedAt: draw ? performance.timeOrigin + performance.now() : 0 });
}
function size(width, height, ratio) {           // a handed-over canvas is sized here; the old picture stays
  dpr = ratio || 1;
  painter.canvas.width = Math.max(1, Math.round(width * dpr));
  painter.canvas.height = Math.max(1, Math.round(height * dpr));
  if (lastDraw) painter.paint(lastDraw, dpr);
}

// The loader's fetch of `url` is answered with what the page fetched: `answer()`, a Response (each time: a
// restore that fails is followed by a normal start, which fetches it again).
function fromPage(url, answer) {
  const fetchIt = self.fetch;
  self.fetch = (input, init) => (String(input) === url ? answer() : fetchIt(input, init));
}
// The runtime's wasm is compiled once, here (`compiled`, a Promise of a WebAssembly.Module): the loader's fetch
// and streaming instantiation of it are answered with that module, so that a start after a failed restore, and
// the snapshot maker, compile nothing again.
function useCompiled(url, compiled) {
  const ours = new WeakSet(), instantiate = WebAssembly.instantiateStreaming;
  fromPage(url, () => {
    const standIn = new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
    ours.add(standIn);
    return Promise.resolve(standIn);
  });
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const r = await source;
    if (!ours.has(r)) return instantiate.call(WebAssembly, r, imports);
    const module = await compiled;
    return { instance: await WebAssembly.instantiate(module, imports), module };
  };
}

// The snapshot maker: once Python has started without a snapshot and the page has been idle for a while (no
// computer turn, no animation: frames that draw nothing and take no time; not hidden: frames arrive), a worker
// of its own starts Python again from the same bytes and compiled runtime, imports the app and makes the snapshot
// (web/snapshot.js), which is stored from here. Nothing of it runs on the page's thread, and only the storing
// here; it is stopped as soon as something moves on the screen (a computer turn, an animation: it would take a
// core from the game), and tried again at the next idle moment.
const IDLE_MS = 3000, QUIET_MS = 5, QUIET_CHARS = 512, MAX_TRIES = 3;
const MAKER = "dicehall-snapshot";
const maker = {
  wanted: false, tries: 0, worker: null, stopped: null, quietSince: 0, m: null, storage: null, done: null,
  warm: null,                                   // after a restore: a slice of warming a quiet frame (snapshot.warmUp)
  async consider(m, storage) {
    if (typeof Worker === "undefined") return;
    this.m = m;
    this.storage = storage;                     // the page's estimate, where this worker cannot ask
    await forgotten;                            // a snapshot that failed is deleted (and counted) first
    const wanted = await snapshot.wanted(key);
    this.wanted = wanted === "make";
    if (wanted === "given up") post({ t: "stage", name: "snapshot-given-up" });   // this engine, this build
  },
  frame(ms, chars) {                            // every frame: idle long enough to start, or busy: stop
    const still = chars < QUIET_CHARS && driving === 0, now = performance.now();
    if (!still && this.worker) this.stop();
    if (!still || ms >= QUIET_MS) { this.quietSince = 0; return; }
    if (this.warm && !this.warm()) this.warm = null;
    if (!this.quietSince) this.quietSince = now;
    if (this.wanted && !this.done && this.tries < MAX_TRIES && now - this.quietSince >= IDLE_MS) {
      this.done = snapshot.oneAtATime(() => this.make()).finally(() => { this.done = null; });
    }
  },
  async make() {                                // resolves once made and stored, failed or stopped
    this.tries++;
    if (!(await snapshot.roomFor(this.storage))) {   // storage is short: never made (again this visit)
      this.wanted = false;
      post({ t: "stage", name: "snapshot-skipped" });
      return;
    }
    const m = this.m, w = this.worker = new Worker(self.location.href, { type: "module", name: MAKER });
    const made = new Promise((resolve) => {
      w.onmessage = (e) => { if (e.data && e.data.t !== "trimmed") resolve(e.data); };   // trimmed: reported already
      w.onerror = (e) => { e.preventDefault(); resolve({ t: "failed", message: e.message }); };
      this.stopped = () => resolve({ t: "stopped" });
    });
    post({ t: "stage", name: "snapshot-making" });
    const [lib, app, module] = await Promise.all([stdlib, zip, wasm]);
    if (this.worker !== w) return;
    w.postMessage({ t: "make", m: { base: m.base, lock: m.lock, stdlib: m.stdlib }, key, lib, app, module });
    const r = await made;
    this.stop();
    if (r.t === "stopped") { post({ t: "stage", name: "snapshot-stopped" }); return; }
    this.wanted = false;                        // made or failed: not again in this visit
    try {
      if (r.t !== "made") throw new Error(r.message);
      await snapshot.store(r.entry);
      post({ t: "stage", name: "snapshot-stored" });
    } catch (e) {                               // a refused write (quota) counts apart: no fault of the snapshot's
      if (e && e.name === "QuotaExceededError") snapshot.refused(key); else snapshot.makeFailed(key);
      post({ t: "stage", name: "snapshot-failed" });
    }
  },
  stop() {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.stopped();
  },
  forget() { this.wanted = false; this.stop(); snapshot.forget(); },   // storage is full
};

// In the snapshot maker: Python started for a snapshot, from what the game's worker hands over; the app imported
// as it is at every start, and nothing else run.
async function makeSnapshot({ m, key: k, lib, app, module }) {
  snapshot = await snapshotModule;
  fromPage(m.stdlib, () => Promise.resolve(new Response(lib)));
  useCompiled(m.base + "pyodide.asm.wasm", Promise.resolve(module));
  const { loadPyodide } = await import(m.base + "pyodide.mjs");
  const python = await loadPyodide({ ...runtimeOptions(m), ...snapshot.makerOptions() });
  reportTrimmed(python, (name) => post({ t: "trimmed", name: String(name) }));
  python.FS.mkdirTree("/app");
  python.FS.writeFile("/app/dicehall.zip", new Uint8Array(app));
  python.pyimport("sys").path.insert(0, "/app/dicehall.zip");
  python.pyimport("dicehall.web.bridge");
  return snapshot.make(python, k);
}

// A yield to the message queue without setTimeout's 4 ms clamp: a port's message, raced by a timer. In WebKit
// the port's message waits for the page's thread, so a busy page held every slice back by up to its frame
// (docs/browsers.md, "Python in WebKit"); the timer then answers first. A port answering late is a no-op.
const channel = new MessageChannel(), waiting = [];
channel.port1.onmessage = () => waiting.shift()();
const yieldNow = () => new Promise((res) => {
  const timer = setTimeout(res, 0);
  waiting.push(() => { clearTimeout(timer); res(); });
  channel.port2.postMessage(0);
});

// Every Promise member answers: whatever raises while it runs (a bug in a game's step, a broken runtime)
// rejects it with one line, and the page stays usable (docs/page-api.md).
async function call(m) {                         // a Promise member of the page API
  let r, error = "";
  try {
    if (m.member === "api_hint") while (bridge.api_hint_think(0.008)) await yieldNow();   // the expert, in slices
    r = bridge[m.member](...m.args);
    const failed = (() => { try { const v = JSON.parse(r); return !!(v && v.error); } catch (e) { return true; } })();
    // then computer turns and dice at full speed, ~8 ms slices between which frames and input still run;
    // a side action opening to a human (a claim) waits until the page has seen it and could answer
    let side = -1;
    driving++;
    try {
      while (!failed && !SETTINGS_ONLY.has(m.member) && bridge.api_busy()) {
        if (broken) { error = STOPPED; break; }
        const open = bridge.side_open();
        if (open >= 0 && open !== side) { side = open; await shown(); continue; }
        error = bridge.api_advance(0.008);       // "" or the line a failed step gives
        if (error) break;
        await yieldNow();
      }
    } finally { driving--; }
  } catch (e) { error = oneLine(e); }
  let s;
  try { s = bridge.sync(); } catch (e) { s = undefined; }   // what the page keeps, if it can still be said
  post(error ? { t: "reply", id: m.id, error, s } : { t: "reply", id: m.id, r, s });
}
const STOPPED = "dicehall stopped after an internal error: dismiss the message, or reload the page";
let driving = 0;                                 // calls playing the game: frames then only draw
const SETTINGS_ONLY = new Set(["api_speed", "api_hint"]);   // calls that do not play: the game goes on at its pace
const acks = new Map();
let nextAck = 1;
function shown() {                               // send what the page keeps, wait for its "ack"
  const n = nextAck++;
  return new Promise((res) => { acks.set(n, res); post({ t: "sync", s: bridge.sync(), ack: n }); });
}

// What the page may send, and the shape of each message (docs/page-api.md, "Host protocol"): a message that
// breaks it (sent by other code of the same origin, or a bug) is refused quietly with a console warning, never
// half-applied and never turned into an internal error.
const API_MEMBERS = new Set(["api_new_game", "api_play", "api_load", "api_speed", "api_rematch", "api_hint",
  "api_replay", "api_replay_to"]);
const isNum = (v) => typeof v === "number" && Number.isFinite(v);
const isStr = (v) => typeof v === "string";
const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isSize = (m) => isNum(m.width) && isNum(m.height) && (m.dpr === undefined || isNum(m.dpr));
const SHAPES = {
  boot: (m) => !booted && isStr(m.base) && isStr(m.painter) && isStr(m.version),
  zip: (m) => m.buffer instanceof ArrayBuffer,
  stdlib: (m) => m.buffer instanceof ArrayBuffer,
  "wasm-chunk": (m) => !wasmClosed && m.chunk instanceof Uint8Array,
  "wasm-end": () => !wasmClosed,
  start: (m) => isObj(m.config) && isObj(m.store) && isNum(m.now),
  resume: () => true,
  ack: (m) => isNum(m.n),
  frame: (m) => isNum(m.now),
  input: (m) => isObj(m.event) && isStr(m.event.type),
  resize: isSize,
  call: (m) => Number.isInteger(m.id) && API_MEMBERS.has(m.member) && Array.isArray(m.args)
    && m.args.every((a) => isStr(a)),
  "open-file": (m) => isStr(m.name) && (m.text === null || isStr(m.text)) && (m.size === undefined || isNum(m.size)),
  "storage-refused": (m) => isObj(m.report) && isNum(m.report.epoch) && isStr(m.report.key) && isObj(m.report.items)
    && isNum(m.report.used) && isNum(m.report.needed) && (m.report.dropped === undefined || Array.isArray(m.report.dropped)),
  "storage-changed": (m) => isStr(m.key) && (m.value === null || isStr(m.value)),
  "take-over": (m) => isObj(m.store) && isObj(m.store.items) && isNum(m.store.used) && isSize(m) && isNum(m.now),
  py: (m) => benchMode && isStr(m.code),
};
let booted = false, wasmClosed = false;
function wellFormed(m) {
  const shape = isObj(m) && isStr(m.t) && Object.hasOwn(SHAPES, m.t) ? SHAPES[m.t] : null;
  if (shape && shape(m)) return true;
  console.warn("dicehall: a message that breaks the host protocol was ignored", isObj(m) ? String(m.t).slice(0, 40) : typeof m);
  if (isObj(m) && m.t === "call" && Number.isInteger(m.id))   // a caller waits: it gets a refusal, not silence
    post({ t: "reply", id: m.id, error: "the call breaks the host protocol" });
  return false;
}

function handle(m) {
  if (!wellFormed(m)) return;
  switch (m.t) {
    case "boot": booted = true;
      boot(m).catch((e) => { broken = true; post({ t: "boot-failed", message: String((e && e.message) || e) }); }); return;
    case "zip": gotZip(m.buffer); return;
    case "stdlib": gotStdlib(m.buffer); return;
    case "wasm-chunk": wasmChunks.enqueue(m.chunk); return;
    case "wasm-end": wasmClosed = true; wasmChunks.close(); return;
    case "start": gotStart(m); return;
    case "resume": broken = false; return;       // the page dismissed an error: go on
    case "ack": acks.get(m.n)?.(); acks.delete(m.n); return;
  }
  if (m.t === "call" && (!bridge || broken)) {   // never left without an answer
    post({ t: "reply", id: m.id, error: bridge ? STOPPED : "dicehall is still starting" });
    return;
  }
  if (!bridge || broken) return;
  switch (m.t) {
    case "frame": frame(m.now, driving === 0, false); break;
    case "input": bridge.input(JSON.stringify(m.event));
      if (AT_ONCE.has(m.event.type)) frame(pageNow(), driving === 0, false, true);
      break;
    case "resize": if (painter) size(m.width, m.height, m.dpr);
      bridge.resize(m.width, m.height, m.dpr); break;
    case "call": call(m).catch(report); break;
    case "open-file": bridge.open_file(String(m.name), m.text, m.size || 0); frame(pageNow(), driving === 0, false, true); break;
    case "storage-refused": maker.forget(); bridge.storage_refused(JSON.stringify(m.report)); break;
    case "storage-changed": bridge.storage_changed(m.key, m.value); break;
    case "take-over": bridge.take_over(JSON.stringify(m.store)); bridge.resize(m.width, m.height, m.dpr);
      frame(m.now, true, false); break;
    case "py": if (benchMode) post({ t: "py", id: m.id, r: String(py.runPython(m.code)) }); break;   // bench/ only
    default: break;
  }
}
function report(e) {
  broken = true;                                 // until the page says go on: no half-applied messages
  post({ t: "error", message: String((e && e.message) || e) });
}
if (self.name === MAKER) {
  self.onmessage = (e) => {
    if (!e.data || e.data.t !== "make") return;
    makeSnapshot(e.data).then((entry) => post({ t: "made", entry }), (err) => post({ t: "failed", message: oneLine(err) }));
  };
} else self.onmessage = (e) => { try { handle(e.data); } catch (err) { report(err); } };
