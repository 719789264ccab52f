// One tab owns the games. Two tabs writing the same localStorage would overwrite each other's game. The tab
// holding the Web Lock "dicehall:owner" plays; another one starts as a guest that only offers to play here.
// Taking over steals the lock: the other tab's request then rejects and it stops (its Python app writes
// nothing more). Without Web Locks (old browsers, insecure origins) every tab plays, and Python's
// compare-before-write check on the stored game catches a write from another tab instead.
import { run, send } from "./page.js";
import { readStore } from "./storage.js";
import { guarded } from "./errors.js";

const OWNER_LOCK = "dicehall:owner";
const LOCK_WAIT_MS = 2000;                     // a reloaded page may wait a moment for its old self to let go
// The lock is asked for with ifAvailable, again every 200 ms within LOCK_WAIT_MS, never left waiting under a
// timer's AbortSignal: in WebKit a page's first request can take over 2 s to be answered (seen under load),
// so the timer raced the grant and a tab alone took itself for a guest; and with no waiting request to
// abort, nothing but an answer of the browser's settles the boot's wait (docs/browsers.md).
export function holdOwnership(steal) {        // resolves true (owner), false (another tab owns it), null (no locks)
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
export async function takeOver() {
  await holdOwnership(true);
  if (!run.started || run.broken) return;
  run.worker.postMessage({ t: "take-over", store: readStore(), width: run.cssW, height: run.cssH, dpr: run.dpr,
    now: performance.now() });
}
