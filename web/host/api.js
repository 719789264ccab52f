// The page API, window.dicehall (docs/page-api.md). The synchronous members answer from the latest values the
// worker sent (with every frame and every answer in which they changed): a call never waits for the worker,
// and a resolved play() has brought the values that follow it. The Promise members wait for ready; the worker
// then plays the computer turns at full speed before it answers.
import { VERSION, run } from "./page.js";
import { CHANGED_ELSEWHERE, applyWrites, conflicts } from "./storage.js";

let resolveReady, rejectReady;
const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
ready.catch(() => {});                        // reported on the page; callers still see the rejection
export { resolveReady, rejectReady };
export const oneLine = (e) => String((e && e.message) || e).trim().split("\n").pop().slice(0, 300);
export const STOPPED = "dicehall stopped after an internal error: dismiss the message, or reload the page";
function json(value) {                        // undefined, a Symbol or a function: "null"; cycles, BigInt: refused
  try { const s = JSON.stringify(value); return s === undefined ? "null" : s; }
  catch (e) { throw new Error(`not a JSON value (${oneLine(e)})`); }
}
const values = {};                            // the page-API values the worker sent, as JSON text
function sync(member) {                       // synchronous members: null before ready, one-line errors after
  return () => {
    if (!run.started || values[member] === undefined) return null;
    const r = JSON.parse(values[member]);       // kept as JSON text: parsed only when asked, a copy each time
    if (r && r.error) throw new Error(r.error);
    return r;
  };
}
const pending = new Map();
let nextCall = 1;
async function call(member, ...args) {
  await ready;
  if (run.broken) throw new Error(STOPPED);
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, conflicts });
    run.worker.postMessage({ t: "call", id, member, args });
  });
}
export function rejectPending(message) {      // the page stopped: no call is left waiting for ever
  for (const p of pending.values()) p.reject(new Error(message));
  pending.clear();
}
export function keep(sync) {                  // what came with a frame or an answer: writes, page-API values
  applyWrites(sync.epoch, sync.writes);
  if (sync.api) Object.assign(values, sync.api);
}
export function answer(m) {
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
  speed: (value) => (run.started ? call("api_speed", json(value)).then((r) => r.speed) : null),
  rematch: async () => call("api_rematch"),
  hint: async () => call("api_hint").then((r) => r.action),   // the expert's action for the human to move, or null
  // the replay viewer: a Promise of {ok, plies}, then of {ok, ply}; the game in progress is never touched
  replay: async (save) => call("api_replay", json(save)),
  replayTo: async (ply) => call("api_replay_to", json(ply)),
  // this page's URL carrying the game on screen in its fragment: "replay" (read-only) or "play" (by link)
  link: (kind) => {
    if (!run.started || values.packed === undefined) return null;
    if (kind !== "replay" && kind !== "play") throw new Error(`link is "replay" or "play", not ${JSON.stringify(kind)}`);
    const packed = JSON.parse(values.packed);
    if (packed && packed.error) throw new Error(packed.error);   // one line, never "[object Object]"
    if (!packed) return null;
    const page = new URL(location.href);         // the sender's ?lang= stays here: a link opens in the
    page.hash = ""; page.searchParams.delete("lang");   // receiver's own language (as app/links.py)
    return `${page.href.replace(/#$/, "")}#${kind}=${packed}`;
  },
};
