// The loading screen's bar. Until 80 % it is the bytes of the runtime received: the page fetches the wasm, the
// standard library and our zip itself and counts them as they arrive (decompressed, against the sizes the build
// wrote into the page); the worker takes the archives from the page instead of fetching them again. Then the
// bar eases on while the runtime starts (no measure there).
import { $, early, meta, run } from "./page.js";

let shown = 0.03, creep = null;
export function progress(frac, msg) {
  shown = Math.max(shown, frac);
  $("ld-fill").style.width = `${Math.round(shown * 100)}%`;
  if (msg && !(early && early.chosen)) $("ld-msg").textContent = msg;   // else it says the game is starting
}
export function creepTo(limit) {              // loadPyodide has no progress events: ease towards a limit
  clearInterval(creep);
  creep = setInterval(() => progress(shown + (limit - shown) * 0.08), 120);
}
export function stopCreep() { clearInterval(creep); }
const SIZES = JSON.parse(meta("dicehall-sizes"));
let TOTAL = SIZES.wasm + SIZES.stdlib + SIZES.app, received = 0;
// On a return visit the worker fetches the wasm itself, through the service worker (boot.js): not counted here.
export function wasmNotCounted() { TOTAL = SIZES.stdlib + SIZES.app; }
function counted(n) {
  received += n;
  progress(0.06 + 0.74 * Math.min(1, received / TOTAL));
  if (received >= TOTAL) creepTo(0.84);
}
export async function streamWasm(url) {       // to the worker as it arrives, counted
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  const type = (r.headers.get("Content-Type") || "").split(";")[0].trim();
  if (type !== "application/wasm") throw new Error(`${url} is served as "${type}", not application/wasm (docs/hosting.md)`);
  const reader = r.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    counted(value.length);
    run.worker.postMessage({ t: "wasm-chunk", chunk: value }, value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? [value.buffer] : []);
  }
  run.worker.postMessage({ t: "wasm-end" });
}
export async function fetchCounted(url) {     // the whole body, counted as it arrives
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
