// The worker's output on the page: the HTML of #ui (the focus, the typing and the scrolling kept across it),
// the drawing when the page paints the board itself, the title, the language, a file to download, a sound, the
// words for screen readers and the messages to an embedding page; and the board's size, for the worker.
import { abs, bench, canvas, handOver, live, meta, run, stage, ui, $ } from "./page.js";
import { keep } from "./api.js";
import { fail } from "./errors.js";
import { atEnd, fitBoard, fitToolbar, footHeight, logWidth, placeCoach, setLog, setVar } from "./layout.js";

let sound = null;                              // web/sound.js: plays the worker's sound cues (out.sound)
import(abs(meta("dicehall-sound"))).then((m) => { sound = m; }, () => {});
let lastDraw = null;                           // the last drawing, painted again on a resize meanwhile

let shownDom = null;                           // the HTML now in #ui: the same again changes nothing
// Python's first screen is the one index.html already shows: not parsed and laid out a second time.
export function alreadyShown(html) { shownDom = html; }
// While a button of #ui is pressed, new HTML waits for the release (and the click that follows it): a button
// drawn again between the press and the release would lose the click (the replay viewer's bar changes at
// every step, a toolbar while the computers play).
let pressed = false, waitingDom = null;
ui.addEventListener("pointerdown", () => { pressed = true; });
addEventListener("pointerup", () => release(), true);
addEventListener("pointercancel", () => release(), true);
function release() {
  if (!pressed) return;
  pressed = false;
  setTimeout(() => { if (waitingDom !== null) { const html = waitingDom; waitingDom = null; setDom(html); } }, 0);
}
function setDom(html) {
  if (pressed) { waitingDom = html; return; }
  if (html === shownDom) return;
  shownDom = html;
  const active = document.activeElement;
  const focusId = active && ui.contains(active) ? active.id : "";
  const field = active && /^(INPUT|TEXTAREA)$/.test(active.tagName) ? active : null;
  const inChoices = !!(focusId && active.closest(".choices"));
  const autofocused = ui.querySelector("[data-autofocus]")?.id;   // what asked for the focus last time
  const follow = atEnd($("move-log-list"));   // the move log was showing its newest line: it keeps doing so
  const scrolls = [...ui.querySelectorAll("[id]")].filter((e) => e.scrollTop > 0).map((e) => [e.id, e.scrollTop]);
  ui.innerHTML = html;
  for (const [id, top] of scrolls) { const e = document.getElementById(id); if (e && ui.contains(e)) e.scrollTop = top; }
  // The board starts below the toolbar. Measured in the next animation frame, where the browser lays
  // the new HTML out anyway: reading it now would add that layout to this task (a long one on a phone).
  // Every measure is read before anything is written, and a value is written only when it changed: a write
  // between two reads lays the page out again (two layouts a frame were the long tasks on a phone).
  requestAnimationFrame(() => {
    const bar = ui.querySelector(".toolbar"), dock = ui.querySelector(".banners.docked");   // notices never cover the board
    const top = dock ? dock.offsetTop + dock.offsetHeight : bar ? bar.offsetHeight : 0;
    const foot = footHeight(), logRight = logWidth();
    setVar(stage, "--stage-top", `${top}px`);
    setVar(stage, "--stage-bottom", `${foot}px`);
    setLog(top, logRight, follow);
    setVar(ui, "--board-top", `${top}px`);                    // where the end panel starts (styles.css)
    fitToolbar();
    fitBoard();
    placeCoach();
  });
  const again = focusId && document.getElementById(focusId);
  if (again && ui.contains(again)) {
    if (field && again.tagName === field.tagName && again.type === field.type && again.type !== "checkbox") {
      again.value = field.value;               // do not lose what is being typed
      try { again.setSelectionRange(field.selectionStart, field.selectionEnd); } catch (e) { /* not text */ }
    }
    again.focus({ preventScroll: true });
  }
  // The keyboard stays in the choices (app/choices.py): on their first button when its own is gone or when
  // they come back after a computer's turn, else on the group itself.
  const box = inChoices && document.getElementById("choices");
  if (box && (!again || again === box)) (box.querySelector(".choice") || box).focus({ preventScroll: true });
  // An element that comes with data-autofocus takes the focus once (the end panel's first button, the
  // Result button when the panel is put aside).
  const auto = ui.querySelector("[data-autofocus]");
  if (auto && auto.id !== autofocused && !field) auto.focus({ preventScroll: true });
  // A lesson's step that awaits a move sends the keyboard to the control that plays it (app/tutorial_flow.py).
  const coach = $("coach");
  if (coach && coach.dataset.focusTo && coach.dataset.step !== coachStep && !field) {
    document.getElementById(coach.dataset.focusTo)?.focus({ preventScroll: true });
  }
  coachStep = coach ? coach.dataset.step : null;
}
let coachStep = null;                          // the lesson's step whose control had the focus last

// "Download this game": the worker sends the save's text and a name; the page hands it over as a file.
function saveFile(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url; a.download = name; a.hidden = true;
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
function apply(out) {
  if (out.keys) run.keys = out.keys;
  if (out.canvas !== undefined) stage.classList.toggle("off", !out.canvas);
  if (out.dom !== undefined) setDom(out.dom);
  if (out.draw && run.painter) { lastDraw = out.draw; run.painter.paint(out.draw, run.dpr); }
  if (out.title) document.title = out.title;
  if (out.lang) {
    document.documentElement.lang = out.lang;
    canvas.setAttribute("aria-label", out.lang === "fr" ? "Plateau de jeu" : "Game board");
  }
  if (out.download) saveFile(out.download.name, out.download.text);
  // A link done with (app/link_flow.py): the address forgets its fragment, without a hashchange or a reload,
  // so that the same link opened again opens again.
  if (out.fragment === "" && location.hash) history.replaceState(history.state, "", location.href.split("#")[0]);
  if (out.sound && sound) sound.play(out.sound);
  for (const text of out.say || []) {
    const p = document.createElement("p"); p.textContent = text; live.append(p);
    while (live.childElementCount > 6) live.firstElementChild.remove();
  }
  if (window.parent !== window) for (const msg of out.post || []) window.parent.postMessage(msg, "*");
}
export function frameOut(m) {                  // a frame's output: keep, then paint
  if (!m.extra) run.waiting = false;           // the answer to the frame asked for (not one sent at once on input)
  const t1 = performance.now(), r = m.r;          // (parsed and checked: protocol.js)
  keep(r);
  apply(r.out);
  // [start (the worker's clock, as Python's), Python ms, page ms, chars, painted at (the page's clock), drew]
  const t2 = performance.now(), painted = m.paintedAt ? m.paintedAt - performance.timeOrigin : t2;
  if (bench) bench.frames.push([m.t0 ?? t1, m.ms || 0, t2 - t1, m.chars || m.s.length, Math.max(painted, t2),
                                m.drew || r.out.draw || r.out.dom ? 1 : 0]);
}

// The board's size in CSS pixels and the device pixel ratio, for the worker (which resizes a handed-over canvas).
export function resize() {
  run.dpr = window.devicePixelRatio || 1;
  run.cssW = stage.clientWidth; run.cssH = stage.clientHeight;
  if (!handOver) { canvas.width = Math.max(1, Math.round(run.cssW * run.dpr)); canvas.height = Math.max(1, Math.round(run.cssH * run.dpr)); }
  if (!run.started || run.broken) return;
  run.worker.postMessage({ t: "resize", width: run.cssW, height: run.cssH, dpr: run.dpr });
  try { if (lastDraw && run.painter) run.painter.paint(lastDraw, run.dpr); } catch (e) { fail(e); }   // the old picture meanwhile
}
new ResizeObserver(resize).observe(stage);
(function watchDpr() {
  matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`).addEventListener("change", () => { resize(); watchDpr(); }, { once: true });
})();
