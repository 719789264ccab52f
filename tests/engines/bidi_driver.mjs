// The engine tests' driver for Firefox (WebDriver BiDi) and Chromium (DevTools protocol), through npm's
// puppeteer-core: one browser per process, commands as JSON lines on standard input, one answer a line on
// standard output ({id, value} or {id, error}). tests/engines/drivers.py starts it and speaks to it.
//
//   node bidi_driver.mjs firefox /usr/bin/firefox-esr
//   node bidi_driver.mjs chrome /usr/bin/chromium --headless --no-sandbox ...
//
// puppeteer-core downloads no browser; the executable is always given.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [kind, executablePath, ...args] = process.argv.slice(2);

// Firefox: nothing of its own on the network (updates, telemetry, remote settings, captive portal...);
// puppeteer's own preferences already turn most of it off, these close the rest.
const FIREFOX_PREFS = {
  "app.update.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "toolkit.telemetry.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "services.settings.server": "http://127.0.0.1:9/",
  "dom.serviceWorkers.testing.enabled": true,
};

const browser = await puppeteer.launch({
  browser: kind,
  executablePath,
  headless: true,
  args,
  protocol: kind === "firefox" ? "webDriverBiDi" : undefined,
  extraPrefsFirefox: kind === "firefox" ? FIREFOX_PREFS : undefined,
  defaultViewport: { width: 1100, height: 760 },
  protocolTimeout: 240_000,
});

const contexts = new Map(), pages = new Map();
let next = 0;

const ops = {
  async version() { return browser.version(); },
  async newContext() { const id = ++next; contexts.set(id, await browser.createBrowserContext()); return id; },
  async closeContext({ context }) { const c = contexts.get(context); contexts.delete(context); if (c) await c.close(); return null; },
  async newPage({ context }) {
    const page = await contexts.get(context).newPage();
    page.setDefaultTimeout(120_000);
    page.setDefaultNavigationTimeout(120_000);
    const id = ++next; pages.set(id, page); return id;
  },
  async closePage({ page }) { const p = pages.get(page); pages.delete(page); if (p) await p.close(); return null; },
  async goto({ page, url }) { await pages.get(page).goto(url, { waitUntil: "load" }); return null; },
  async reload({ page }) { await pages.get(page).reload({ waitUntil: "load" }); return null; },
  async evaluate({ page, code }) { return pages.get(page).evaluate(code); },
  async click({ page, selector }) { await pages.get(page).click(selector); return null; },
  async clickAt({ page, selector, x, y }) {
    const p = pages.get(page), box = await (await p.$(selector)).boundingBox();
    await p.mouse.click(box.x + x, box.y + y); return null;
  },
  async press({ page, key }) { await pages.get(page).keyboard.press(key); return null; },
  async bringToFront({ page }) { await pages.get(page).bringToFront(); return null; },
};

const reply = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");
reply({ id: 0, value: await browser.version() });   // ready
const lines = createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on("line", (line) => {
  const { id, op, ...rest } = JSON.parse(line);
  queue = queue.then(async () => {
    try { reply({ id, value: (await ops[op](rest)) ?? null }); }
    catch (e) { reply({ id, error: String((e && e.message) || e).split("\n")[0] }); }
  });
});
lines.on("close", async () => { await queue; await browser.close(); process.exit(0); });
