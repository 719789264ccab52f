// The page's host, its entry module: the boot (the worker started, the runtime and our zip fetched and handed
// to it, ownership settled, the first frame shown) and the worker's messages. web/host/page.js says what the
// other parts are.
import { $, T, VERSION, abs, bench, canvas, early, handOver, meta, params, run, send, loop, ui } from "./page.js";
import { creepTo, fetchCounted, progress, stopCreep, streamWasm, wasmNotCounted } from "./progress.js";
import { readStore } from "./storage.js";
import { answer, keep, resolveReady } from "./api.js";
import { fail } from "./errors.js";
import { alreadyShown, frameOut, resize } from "./dom.js";
import { holdOwnership } from "./ownership.js";
import { registerServiceWorker } from "./update.js";
import { fromWorkerOk } from "./protocol.js";
import "./input.js";

const SIDE_WINDOW_MS = 20;                     // a side action open to a human stays open this long at full speed

function fromWorker(e) {
  const m = e.data;
  if (!fromWorkerOk(m)) return;
  const t0 = bench ? performance.now() : 0;
  if (bench) queueMicrotask(() => { const d = performance.now() - t0; if (d > 16) (bench.slow ||= []).push([m.t, Math.round(d), (m.s || "").length]); });
  try {
    switch (m.t) {
      case "out": if (m.first) firstFrame(m); else if (!run.broken) frameOut(m); break;
      case "reply": answer(m); break;
      case "sync": keep(m.sync);                // a side action opened: give a caller polling state() with
        setTimeout(() => run.worker.postMessage({ t: "ack", n: m.ack }), SIDE_WINDOW_MS); break;   // timers or frames its turn
      case "stage": performance.mark(`dicehall:${m.name}`);            // stage marks, read by bench/load.py
        if (m.name === "pyodide") { progress(0.85, T.app); creepTo(0.95); }
        if (m.name === "imported") progress(0.9, T.start);
        break;
      case "trimmed": console.error(`dicehall: the standard module ${m.name} is not in this build `
        + "(buildtool/stdlib.py STDLIB_EXTRA, docs/performance.md)"); break;
      case "boot-failed": fail(new Error(m.message)); break;
      case "error": fail(new Error(m.message)); break;
      case "py": bench && bench.answers.get(m.id)?.(m.r); break;
      default: break;
    }
  } catch (err) { fail(err); }
}
function fnv(text) {                           // FNV-1a over UTF-16 code units, as buildtool/hub.py's static_hub
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return h.toString(16);
}
function firstFrame(m) {                       // the first picture before the loading screen goes
  run.started = true;
  // Python's hub is the one already on the page (index.html): not parsed and laid out a second time; nor
  // when a command chosen there comes next (its screen replaces the page's hub at the next frame).
  const dom = m.r && m.r.out && m.r.out.dom;
  if (early && !early.lang && typeof dom === "string"
      && (early.cmd || (early.hash && !early.chosen && fnv(dom) === early.hash))) alreadyShown(dom);
  frameOut(m);
  if (early) {                                 // what was chosen on the page's hub while Python loaded
    early.done = true;
    if (early.lang) send({ type: "cmd", cmd: "lang", arg: early.lang });
    if (early.cmd) send({ type: "cmd", cmd: early.cmd[0], arg: early.cmd[1] });
  }
  run.worker.postMessage({ t: "resize", width: run.cssW, height: run.cssH, dpr: run.dpr });   // in case it changed since the start
  performance.mark("dicehall:frame");
  stopCreep(); progress(1);
  run.booting = false;
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
    run.worker.postMessage({ t: "py", id, code }); });
}
async function boot() {
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") throw new Error(T.old);
  const base = abs(meta("dicehall-pyodide")), appUrl = meta("dicehall-app");
  const worker = run.worker = new Worker(meta("dicehall-worker"), { type: "module", name: "dicehall" });
  worker.onmessage = fromWorker;
  worker.onerror = (e) => { e.preventDefault(); fail(new Error(e.message || "the worker could not start")); };
  // The runtime's wasm, on a first visit: fetched here (its bytes counted for the bar) and handed to the worker
  // chunk by chunk as it arrives; the worker compiles it meanwhile. Compiled here, it left a task of 70-220 ms on
  // the page when its compilation completed (docs/performance.md). On a return visit (the service worker
  // answers): the worker compiles it from its URL, which the service worker serves from its cache, where
  // Chromium keeps the compiled code of the visits before (faster Python from the first move on).
  const stdlib = abs(meta("dicehall-stdlib")), streamed = !(navigator.serviceWorker && navigator.serviceWorker.controller);
  worker.postMessage({ t: "boot", base, lock: JSON.parse(meta("dicehall-lock")), painter: abs(meta("dicehall-painter")),
    stdlib, streamed, version: VERSION });   // the version names the build's Python snapshot (web/snapshot.js)
  if (streamed) streamWasm(base + "pyodide.asm.wasm").catch(fail);      // the page says so; the worker waits no more
  else wasmNotCounted();
  fetchCounted(stdlib).then((buffer) => worker.postMessage({ t: "stdlib", buffer }, [buffer])).catch(fail);
  fetchCounted(appUrl).then((buffer) => worker.postMessage({ t: "zip", buffer }, [buffer])).catch(fail);
  progress(0.06, T.runtime);
  // The origin's storage as the page sees it: where a worker cannot ask (WebKit), whether a Python snapshot has room.
  const storage = navigator.storage && navigator.storage.estimate
    ? navigator.storage.estimate().then(({ quota, usage }) => ({ quota, usage }), () => null) : null;
  const owner = await holdOwnership(false);    // null: no Web Locks here; settled while the runtime loads
  resize();
  // touch: a touch screen and no mouse, so no keyboard hints at first (then the last input decides)
  const touch = matchMedia("(hover: none) and (pointer: coarse)").matches;
  const config = { lang: navigator.language, params: Object.fromEntries(params), width: run.cssW,
    url: location.href.split("#")[0], link: location.hash,          // a link carries a game in the fragment
    height: run.cssH, dpr: run.dpr, embedded: window.parent !== window, version: VERSION, owner, bench: !!bench, touch };
  const start = { t: "start", config, store: readStore(), now: performance.now(), origin: performance.timeOrigin,
    storage: await storage };
  if (handOver) {
    start.canvas = canvas.transferControlToOffscreen();
    worker.postMessage(start, [start.canvas]);
  } else {
    const { createPainter } = await import(abs(meta("dicehall-painter")));
    run.painter = createPainter(canvas.getContext("2d"));
    worker.postMessage(start);
  }
}
// The first layout of form controls and of each text size looks up fonts (12-25 ms for a setup screen here):
// a setup screen (index.html's font-primer, written by the build) is laid out once, hidden, while Python
// loads, so that the setup chosen early, or the first one, goes in without that cost.
function primeFonts() {
  const primer = document.getElementById("font-primer");
  if (!primer) return;
  const box = document.createElement("div");
  box.className = "font-primer";
  box.setAttribute("aria-hidden", "true");
  box.innerHTML = primer.textContent;            // buildtool/hub.py html_data: text until now
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
