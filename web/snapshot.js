// The started Python kept for the next visit: a memory snapshot of Pyodide with our app imported, made on the
// player's device, compressed and stored in the browser's Cache Storage, restored instead of starting Python
// (docs/performance.md, "Return visits from a snapshot"). Pyodide's snapshots are a private API of the pinned
// version (314.0.7: loadPyodide's _makeSnapshot, _loadSnapshot and pyodide.makeMemorySnapshot), so everything
// that touches them is here, and tests/browser/test_snapshot.py checks them at every upgrade.
//
// A snapshot is the wasm memory only: the file system (the standard library, our zip) is mounted again as on
// any start, and what Python held of JavaScript is found again by name (REPORT_HOOK, reached through `js`).
// Whatever goes wrong (nothing stored, a truncated, corrupt or foreign entry, a restore that throws, storage
// refusing the write) costs nothing but the normal start: the bad entry is deleted and a new one made later.
// An engine whose restores fail twice for a build is not asked again until the next build.

const CACHE = "python-snapshot";            // not "dicehall-…": the service worker deletes those of old versions
const ENTRY = "snapshot.bin", STATE = "snapshot-state.json";
const MAGIC = 0x31534844;                   // "DHS1", little-endian
const PAGE = 65536;                         // a wasm page: about half of them are zeros, left out
const MIN_FREE = 64 * 1024 * 1024;          // never made with less room than this left in the origin's quota
const GIVE_UP = 2;                          // failed restores (makings, refused writes) of one build before it stops
// The `js` attribute through which Python's stdlib guard (_dicehall_stdlib, buildtool/stdlib.py) reports an
// import the build left out: set on the worker's global before Python starts, so that a restored snapshot
// finds the new worker's function there under the same name.
export const REPORT_HOOK = "dicehallStdlibReport";

// A build's snapshots: the site's version (its Python, its runtime files) and Pyodide's.
export function snapshotKey(version, base) {
  const pyodide = (/pyodide\/([^/]+)\/?$/.exec(base) || [])[1] || base;
  return `${version} pyodide ${pyodide}`;
}

// Cache Storage: one entry, replaced whole (a put lands complete or not at all), readable as a Blob.
const url = (name) => new URL(name, self.location.href).href;
async function readEntry(name) {
  const hit = await (await caches.open(CACHE)).match(url(name));
  return hit ? hit.blob() : null;
}
async function writeEntry(name, blob) { await (await caches.open(CACHE)).put(url(name), new Response(blob)); }
async function deleteEntry(name) { try { await (await caches.open(CACHE)).delete(url(name)); } catch (e) { /* none */ } }

const FAILURES = ["restoreFailed", "makeFailed", "refused"];
async function readState(key) {             // how this build's snapshots fared: {key, restoreFailed, makeFailed, refused}
  const state = { key, restoreFailed: 0, makeFailed: 0, refused: 0 };
  try {
    const blob = await readEntry(STATE), stored = blob && JSON.parse(await blob.text());
    if (stored && stored.key === key) for (const what of FAILURES) state[what] = Number(stored[what]) || 0;
  } catch (e) { /* unreadable: a fresh start */ }
  return state;
}
async function count(key, what) {
  try {
    const state = await readState(key);
    state[what] += 1;
    await writeEntry(STATE, new Blob([JSON.stringify(state)]));
  } catch (e) { /* storage refused: the count starts again, which only costs a try */ }
}

// The stored snapshot of this build, decompressed (a Uint8Array for loadPyodide's _loadSnapshot), or null. An
// entry of another build, or one that does not read back whole (gzip's checksum and the recorded sizes), is
// deleted.
export async function readSnapshot(key) {
  let blob;
  try { blob = await readEntry(ENTRY); } catch (e) { return null; }
  if (!blob) return null;
  try {
    return await unpack(blob, key);
  } catch (e) {
    await deleteEntry(ENTRY);
    return null;
  }
}
async function unpack(blob, key) {
  const head = new DataView(await blob.slice(0, 8).arrayBuffer());
  if (head.byteLength < 8 || head.getUint32(0, true) !== MAGIC) throw new Error("not a snapshot");
  const length = head.getUint32(4, true);
  const meta = JSON.parse(await blob.slice(8, 8 + length).text());
  if (meta.key !== key) throw new Error("another build's snapshot");
  const body = blob.slice(8 + length);
  if (body.size !== meta.stored) throw new Error("truncated");
  const pages = new Uint8Array(await new Response(body.stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  const memory = new Uint8Array(meta.size);
  let at = 0;
  for (const [first, n] of meta.runs) {      // the runs of pages that are not all zeros, in order
    const start = first * PAGE, end = Math.min(meta.size, (first + n) * PAGE);
    if (at + end - start > pages.length) throw new Error("truncated pages");
    memory.set(pages.subarray(at, at + end - start), start);
    at += end - start;
  }
  if (at !== pages.length) throw new Error("pages left over");
  return memory;
}

// What loadPyodide is given: a restore, or a start that can be snapshotted (the snapshot maker only).
export const restoreOptions = (memory) => ({ _loadSnapshot: memory });
export const makerOptions = () => ({ _makeSnapshot: true });

// After a restore, what a snapshot cannot hold: fresh randomness (`random` was seeded when it was imported, and
// every restore would draw the same numbers). The stdlib guard's hook is found again by name (REPORT_HOOK).
// Throws if the snapshot is not what we made: the caller then starts the normal way.
export function afterRestore(py) {
  const ok = py.runPython("import random, sys\nrandom.seed()\n'dicehall.web.bridge' in sys.modules");
  if (ok !== true) throw new Error("the snapshot has no app in it");
}

// After a restore, the runtime's compiled code is cold: a normal start has run Python for a while before the
// first move (the wasm engine compiles a function when first called, and optimises the busy ones), a restore has
// run almost none, and a game's first computer move took about 1.4 times as long. warmUp(py) returns a step to call
// when the page is idle, a slice of about 10 ms a call, while it returns true: it compiles the sources of the app's
// largest modules (Python's parser and compiler, as a game's rules imported from source need them) and runs the
// interpreter's commonest work (calls, attributes, tuples, dicts, sorting, integers and floats).
const WARM_UP = `
def _warm_up():
    import sys, time
    sources = []
    for name, module in list(sys.modules.items()):
        loader = getattr(module, "__loader__", None)
        if name.startswith("dicehall.") and hasattr(loader, "get_source"):
            try:
                sources.append((loader.get_source(name) or "", name))
            except Exception:
                pass
    for source, name in sorted(sources, reverse=True)[:6]:
        compile(source, name, "exec")
        yield

    class Point:
        __slots__ = ("a", "b")

        def __init__(self, a, b):
            self.a, self.b = a, b

        def at(self, x):
            return self.a * x + self.b

    for _ in range(30):
        end, table = time.perf_counter() + 0.01, {}
        while time.perf_counter() < end:
            for i in range(200):
                row = (i, str(i), Point(i, i / 2).at(i), i // 3, i % 7)
                table[row[1]] = row
                sum(x for x in row if isinstance(x, int) and x > 2)
            sorted(table.values(), key=lambda r: (r[3], -r[0]))
        yield
_warm_up()
`;
export function warmUp(py) {
  const globals = py.toPy({}), steps = py.runPython(WARM_UP, { globals });
  globals.destroy();
  return () => {
    try {
      if (!steps.next().done) return true;
    } catch (e) { /* a warm-up that fails changes nothing */ }
    steps.destroy();
    return false;
  };
}

// A restore threw (or the app would not start from it): delete the snapshot, and count it against this build.
export async function restoreFailed(key) {
  await deleteEntry(ENTRY);
  await count(key, "restoreFailed");
}
export async function makeFailed(key) { await count(key, "makeFailed"); }
export async function refused(key) { await count(key, "refused"); }   // the write refused (QuotaExceededError)

// Whether a snapshot is to be made: "make" (none stored for this build), "stored", "given up" (this engine, for
// this build) or "unsupported". Deletes another build's snapshot on the way.
export async function wanted(key) {
  try {
    if (typeof caches === "undefined" || typeof CompressionStream === "undefined") return "unsupported";
    const state = await readState(key);
    if (FAILURES.some((what) => state[what] >= GIVE_UP)) return "given up";
    const blob = await readEntry(ENTRY);
    if (blob) {
      const head = new DataView(await blob.slice(0, 8).arrayBuffer());
      const meta = head.byteLength === 8 && head.getUint32(0, true) === MAGIC
        ? JSON.parse(await blob.slice(8, 8 + head.getUint32(4, true)).text()) : null;
      if (meta && meta.key === key) return "stored";
      await deleteEntry(ENTRY);
    }
    return "make";
  } catch (e) { return "unsupported"; }
}
// Whether the origin's quota leaves room to spare for one, asked at the moment of making it; where a worker cannot
// ask, what the page saw at its start (`seen`, {quota, usage}). Where neither can (WebKitGTK has no StorageManager),
// the write's refusal is the guard, and refusals are counted like failures.
export async function roomFor(seen) {
  try {
    const { quota, usage } = navigator.storage && navigator.storage.estimate ? await navigator.storage.estimate()
      : seen || { quota: Infinity, usage: 0 };
    return typeof quota === "number" && typeof usage === "number" && quota - usage >= MIN_FREE;
  } catch (e) { return false; }
}

// Storage is full (the page could not write its own store): the snapshot gives its room first.
export async function forget() { await deleteEntry(ENTRY); }

// In the snapshot maker (a worker of its own, worker.js): Python started with makerOptions() and the app imported.
// Returns the entry to store (a Blob: header, then the memory's non-zero pages, gzipped).
export async function make(py, key) {
  const memory = py.makeMemorySnapshot();
  const { runs, parts } = nonZeroPages(memory);
  const stored = await new Response(new Blob(parts).stream().pipeThrough(new CompressionStream("gzip"))).blob();
  const meta = new TextEncoder().encode(JSON.stringify({ key, size: memory.length, stored: stored.size, runs }));
  const head = new DataView(new ArrayBuffer(8));
  head.setUint32(0, MAGIC, true); head.setUint32(4, meta.length, true);
  return new Blob([head, meta, stored]);
}
// Stores what make() returned, replacing any other snapshot. A refusal (QuotaExceededError) is thrown.
export async function store(entry) { await writeEntry(ENTRY, entry); }
// One snapshot made at a time for the origin (other tabs): `making()` runs holding a Web Lock, or not at all (null)
// while another tab holds it.
export function oneAtATime(making) {
  if (!navigator.locks) return making();
  return navigator.locks.request("dicehall:snapshot", { ifAvailable: true }, (lock) => (lock ? making() : null));
}
function nonZeroPages(memory) {             // [[first page, count], ...] and the pages themselves
  const words = new BigUint64Array(memory.buffer, memory.byteOffset, memory.length >> 3);
  const runs = [], parts = [], pages = Math.ceil(memory.length / PAGE), perPage = PAGE >> 3;
  for (let p = 0; p < pages; p++) {
    let zero = (p + 1) * PAGE <= words.length * 8;   // a partial last page is kept as it is
    for (let i = p * perPage, end = i + perPage; zero && i < end; i++) if (words[i] !== 0n) zero = false;
    if (zero) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === p) last[1] += 1; else runs.push([p, 1]);
    parts.push(memory.subarray(p * PAGE, Math.min(memory.length, (p + 1) * PAGE)));
  }
  return { runs, parts };
}
