"""Return visits start from a snapshot of the started Python (web/snapshot.js): made once the page is idle after
a normal start, restored on the next visits, and whatever goes wrong with it (a corrupt, truncated or foreign
entry, a restore that throws, storage short or refusing the write) costs nothing but a normal start, with
nothing shown to the player. The snapshot API is private to the pinned Pyodide: these tests are the check at
each upgrade."""

from __future__ import annotations

import json

import pytest

from .conftest import BOOT_TIMEOUT_MS, api, wait_ready

MAKE_TIMEOUT_MS = 240_000  # 3 s of idle page, then Python started a second time in a worker of its own
BENCH_HOOK = "window.__dicehallBench = {frames: []};"  # Python run in the worker (bench/ and test_trust_wedges too)
INDECIX = {"seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]}
# The stored entry, read and rewritten by the page (same origin): web/snapshot.js's cache, entry and header.
ENTRY_JS = """
const CACHE = 'python-snapshot', MAGIC = 0x31534844;
async function entryRequest() {
  const cache = await caches.open(CACHE);
  return (await cache.keys()).find((r) => r.url.endsWith('/snapshot.bin')) || null;
}
async function readEntry() {
  const req = await entryRequest();
  if (!req) return null;
  const bytes = new Uint8Array(await (await (await caches.open(CACHE)).match(req)).arrayBuffer());
  const length = new DataView(bytes.buffer).getUint32(4, true);
  return { req, meta: JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length))), body: bytes.subarray(8 + length) };
}
async function writeEntry(url, meta, body) {
  const text = new TextEncoder().encode(JSON.stringify(meta)), head = new DataView(new ArrayBuffer(8));
  head.setUint32(0, MAGIC, true); head.setUint32(4, text.length, true);
  await (await caches.open(CACHE)).put(url, new Response(new Blob([head, text, body])));
}
const gzip = async (bytes, way) => new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(way)).arrayBuffer());
"""


def marks(page) -> list[str]:
    return page.evaluate(
        "() => performance.getEntriesByType('mark').map((e) => e.name).filter((n) => n.startsWith('dicehall:'))"
    )


def visit(page, url: str) -> list[str]:
    page.goto(url)
    wait_ready(page)
    return marks(page)


def wait_mark(page, name: str, timeout: int = MAKE_TIMEOUT_MS) -> None:
    page.wait_for_function(f"() => performance.getEntriesByName('dicehall:{name}').length > 0", timeout=timeout)


def stored_key(page) -> str | None:
    return page.evaluate(f"async () => {{ {ENTRY_JS} const e = await readEntry(); return e && e.meta.key; }}")


def python(page, code: str):
    return page.evaluate("(code) => window.__dicehallBench.py(code)", code)


def play_to_the_end(page) -> dict:
    for _ in range(300):
        state = api(page, "state()")
        if state["over"]:
            return state
        api(page, f"play({json.dumps(state['legal'][0])})")
    raise AssertionError("the game did not end")


def test_return_visits_start_from_the_snapshot(context, page, server):
    """The first visit makes the snapshot once idle; the next two start from it, each with its own randomness
    (Python's `random` reseeded, a new game's seed drawn anew), and a game is played there to its end."""
    page.add_init_script(BENCH_HOOK)
    first = visit(page, server.url + "?lang=en")
    assert "dicehall:restored" not in first
    wait_mark(page, "snapshot-stored")
    key = stored_key(page)
    assert key and key.startswith(page.evaluate("window.dicehall.version") + " pyodide ")

    drawn = []
    for n in range(2):
        assert "dicehall:restored" in visit(page, server.url + "?lang=en")
        assert api(page, "state()")["screen"] == ("hub" if n == 0 else "game")  # then the game in progress
        api(page, f"newGame('indecix', {json.dumps(INDECIX)})")
        drawn.append((python(page, "import random; random.random()"), api(page, "save()")["seed"]))
    assert drawn[0][0] != drawn[1][0], "two restores drew the same random numbers"
    assert drawn[0][1] != drawn[1][1], "two restores drew the same new-game seed"

    state = play_to_the_end(page)
    assert state["game"] == "indecix" and state["scores"]
    assert not page.errors, page.errors
    assert stored_key(page) == key  # restored, not made again


@pytest.fixture(scope="module")
def made_entry(browser, server):
    """A snapshot made by this build (JSON of its header and its body in base64), for the tests to seed."""
    ctx = browser.new_context()
    ctx.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        page = ctx.new_page()
        visit(page, server.url)
        wait_mark(page, "snapshot-stored")
        return page.evaluate(f"""async () => {{ {ENTRY_JS}
          const e = await readEntry();
          let text = ''; for (const b of e.body) text += String.fromCharCode(b);
          return {{ meta: e.meta, body: btoa(text) }};
        }}""")
    finally:
        ctx.close()


# How each bad entry is made from a good one, in the page: bytes flipped inside the compressed memory; the end cut
# off; another build's key; a memory that decompresses whole but is no Pyodide snapshot (its magic number
# changed), so that the restore itself throws once the runtime is instantiated.
SPOIL = {
    "corrupt": "body = body.slice(); for (let i = 0; i < 64; i++) body[(body.length >> 1) + i] ^= 0x5a;",
    "truncated": "body = body.subarray(0, body.length >> 1);",
    "foreign": "meta.key = '0.0.1+0ther ' + meta.key.split(' ').slice(1).join(' ');",
    "throws": """const memory = await gzip(body, new DecompressionStream('gzip'));
      memory[0] ^= 0xff;
      body = await gzip(memory, new CompressionStream('gzip')); meta.stored = body.length;""",
}


def seed(page, server, entry: dict, spoil: str = "") -> None:
    """Put `entry` (spoilt by the JavaScript `spoil`) where web/snapshot.js looks, before the app's first visit."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # no 404 logged for the browser's ask
    page.goto(server.url + "manifest.webmanifest")  # the origin, without the app
    page.evaluate(
        f"""async (entry) => {{ {ENTRY_JS}
          let meta = entry.meta, body = Uint8Array.from(atob(entry.body), (c) => c.charCodeAt(0));
          {spoil}
          await writeEntry(new URL('web/snapshot.bin', location.href).href, meta, body);
        }}""",
        entry,
    )


@pytest.mark.parametrize("kind", list(SPOIL))
def test_a_bad_snapshot_means_a_normal_start_and_is_replaced(context, page, server, made_entry, kind):
    seed(page, server, made_entry, SPOIL[kind])
    seen = visit(page, server.url + "?lang=en")
    assert "dicehall:restored" not in seen
    assert api(page, "state()")["screen"] == "hub"
    assert not page.query_selector(".banner, #fatal")
    wait_mark(page, "snapshot-stored")  # a new one, for this build
    assert stored_key(page) == made_entry["meta"]["key"]
    api(page, f"newGame('indecix', {json.dumps(INDECIX)})")
    assert api(page, "state()")["game"] == "indecix"
    assert not page.errors, page.errors


def test_an_engine_whose_restores_fail_twice_is_not_asked_again_for_the_build(context, page, server, made_entry):
    """Two restores that throw (as in an engine that cannot restore): the second visit makes no new snapshot."""
    seed(page, server, made_entry, SPOIL["throws"])
    assert "dicehall:restored" not in visit(page, server.url + "?lang=en")
    wait_mark(page, "snapshot-stored")  # the first failure only costs a try
    seed(page, server, made_entry, SPOIL["throws"])
    seen = visit(page, server.url + "?lang=en")
    assert "dicehall:restored" not in seen
    wait_mark(page, "snapshot-given-up", BOOT_TIMEOUT_MS)
    page.wait_for_timeout(5000)  # idle past the 3 s after which it would be made
    assert "dicehall:snapshot-making" not in marks(page)
    assert stored_key(page) is None
    assert not page.errors, page.errors


def test_a_good_seeded_snapshot_is_restored(context, page, server, made_entry):
    """The seeding above is sound: the same entry unspoilt is restored (so the test above fails for its spoils)."""
    seed(page, server, made_entry)
    assert "dicehall:restored" in visit(page, server.url + "?lang=en")
    assert not page.errors, page.errors


def game_worker(page):
    page.wait_for_function("() => performance.getEntriesByName('dicehall:ready').length > 0")
    return next(w for w in page.workers if "/web/worker-" in w.url)


def test_storage_refusing_the_snapshot_changes_nothing_visible(context, page, server):
    """The write is refused (quota): no message, the game goes on, nothing stored; the next visit makes one."""
    visit(page, server.url + "?lang=en")
    game_worker(page).evaluate(
        "() => { Cache.prototype.put = () => Promise.reject(new DOMException('full', 'QuotaExceededError')); }"
    )
    wait_mark(page, "snapshot-failed")
    assert "dicehall:snapshot-stored" not in marks(page)
    assert stored_key(page) is None
    assert not page.query_selector(".banner, #fatal")
    api(page, f"newGame('indecix', {json.dumps(INDECIX)})")
    assert api(page, "state()")["game"] == "indecix"
    assert not page.errors, page.errors
    # A refusal is not held against the snapshot: the next visit (a normal start) makes one.
    assert "dicehall:restored" not in visit(page, server.url + "?lang=en")
    wait_mark(page, "snapshot-stored")


def test_no_snapshot_is_made_when_storage_is_short(context, page, server):
    """The browser says the origin's quota is nearly used: no snapshot is made, and nothing is said."""
    visit(page, server.url + "?lang=en")
    game_worker(page).evaluate(
        "() => { StorageManager.prototype.estimate = async () => ({ quota: 100e6, usage: 60e6 }); }"
    )
    wait_mark(page, "snapshot-skipped")
    assert "dicehall:snapshot-making" not in marks(page)
    assert stored_key(page) is None
    assert not page.query_selector(".banner, #fatal")
    assert not page.errors, page.errors


def test_a_full_local_storage_gives_the_snapshots_room_first(context, page, server, made_entry):
    """The page's store refuses a write (quota): the snapshot is deleted, and the app says what it says anyway."""
    seed(page, server, made_entry)
    visit(page, server.url + "?lang=en")
    api(page, f"newGame('indecix', {json.dumps(INDECIX)})")
    page.evaluate("""() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key === 'dicehall:previous') throw new DOMException('full', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    }""")
    api(page, "newGame('charidice', {seed: 'refused'})")
    page.wait_for_function(f"async () => {{ {ENTRY_JS} return (await entryRequest()) === null; }}")
    assert "could not be put aside" in page.inner_text("#ui")
