// An error stops the page, and the page says so. During the boot the loading screen shows it, over the hub,
// with a Reload button, and window.dicehall.ready rejects; later a dialog shows it, and the calls waiting
// reject: Dismiss lets the worker resume, Reload starts again.
import { $, T, run, loop } from "./page.js";
import { stopCreep } from "./progress.js";
import { STOPPED, oneLine, rejectPending, rejectReady } from "./api.js";

export function fail(err) {
  console.error(err);
  const text = String((err && (err.message || err)) || err);
  if (run.booting) {                          // boot failed: say so on the loading screen
    stopCreep();
    run.booting = false; run.broken = true;
    $("loading").classList.remove("early");   // the whole page says so, over the hub
    $("ld-msg").textContent = T.failed;
    $("ld-detail").textContent = text;
    $("ld-retry").hidden = false;
    $("ld-retry").onclick = () => location.reload();
    rejectReady(err instanceof Error ? err : new Error(text));
    return;
  }
  run.broken = true;
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
      box.remove(); run.broken = false; run.waiting = false; run.worker.postMessage({ t: "resume" }); loop(); };
    document.body.append(box);
  }
  box.querySelector("pre").textContent = text;
}
// An event handler that does nothing before the first frame or once stopped, and stops the page on an error.
export function guarded(fn) {
  return (...args) => { if (run.broken || !run.started) return; try { return fn(...args); } catch (e) { fail(e); } };
}
