// localStorage, for the worker. The worker reads a snapshot taken at start and keeps a mirror; its writes come
// back here in order. At the first one the browser refuses (quota), the rest of that epoch is dropped and the
// worker gets the store as it really is, so that nothing written on top of a refused write lands
// (web/storage.py).
import { run } from "./page.js";

export const PREFIX = "dicehall:";
const CURRENT = PREFIX + "current";
// The stored game is written only over the text this page last read or wrote there: another tab (or other
// code of the site) that wrote it in between keeps its write, and the worker is told at once, so that its
// app stops and keeps this tab's game aside (app/persistence.py) before it is stored nowhere. The storage
// event says the same, but later: a move made in between would otherwise be lost.
let knownCurrent = null;
export let conflicts = 0;                      // the stored game's writes refused so far (api.js: a call then fails)
export const CHANGED_ELSEWHERE = "the saved game was changed in another tab: this tab stopped, and its game is kept "
  + "as the previous game";
export function readStore() {                  // {available, writable, items: our keys, used: characters}
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
export function applyWrites(epoch, writes) {
  if (!writes || !writes.length || epoch <= refusedEpoch) return;
  for (let i = 0; i < writes.length; i++) {
    const [key, value] = writes[i];
    try {
      if (key === CURRENT) {
        const now = localStorage.getItem(CURRENT);
        if (now !== knownCurrent) {            // written elsewhere since: keep that, tell the worker
          conflicts++;                         // (and every later write of it too, until a take-over reads it)
          run.worker.postMessage({ t: "storage-changed", key, value: now });
          continue;
        }
      }
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
      if (key === CURRENT) knownCurrent = value;
    } catch (e) {
      refusedEpoch = epoch;
      const store = readStore(), old = store.items[key];
      const needed = store.used - (old === undefined ? 0 : key.length + old.length) + key.length + value.length;
      run.worker.postMessage({ t: "storage-refused", report: { epoch, key, reason: `storage is full (${(e && e.name) || e})`,
        dropped: writes.slice(i).map((w) => w[0]), items: store.items, used: store.used, needed } });
      return;
    }
  }
}
window.addEventListener("storage", (e) => {    // another tab wrote: the worker's compare-before-write sees it
  if (run.started && e.key && e.key.startsWith(PREFIX) && e.storageArea === window.localStorage)
    run.worker.postMessage({ t: "storage-changed", key: e.key, value: e.newValue });
});
