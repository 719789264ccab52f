// Where things go once new HTML is in #ui: the board below the toolbar and above what sits under it, the move
// log beside or over the board, the toolbar folded to fit, and the notice of a board too small to play.
import { $, stage, ui } from "./page.js";

export function setVar(el, name, value) {     // a custom property, written only when it changes
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}
// Under the board: the replay viewer's controls, or the choices' bar while the keyboard is in it (app/choices.py):
// the board is laid out above them, never under them.
export function footHeight() {
  const foot = ui.querySelector(".replay-bar");
  const bar = ui.querySelector(".choices:focus-within");
  return foot ? foot.offsetHeight : bar ? bar.offsetHeight + 16 : 0;
}
export function stageFoot() { setVar(stage, "--stage-bottom", `${footHeight()}px`); }

// The toolbar at every size (app/screens.py, styles.css): a game's menu holds every control of its toolbar, so
// what does not fit folds into it, least needed first, after the buttons' words (.compact: icons only); the title
// is read whole and gives way (.squeezed) only once nothing is left to fold. Widths are read once, before anything
// folds. The replay viewer's toolbar has no menu: its controls stay; its chip folds, its title gives way, then
// goes if that lets the result of the game show (at the last position), else the result folds.
const FOLDS = [".status", ".lang-switch", "#sound-toggle", "#speed-button", "#move-log-toggle", "#hint-button",
  ".pace-skip", "#pause, #resume-play", "#undo", "#end-show", null];     // null: the title gives way
function fitViewerBar(bar, over) {
  const fold = (sel, on = true) => { for (const el of bar.querySelectorAll(sel)) el.classList.toggle("folded", on); };
  fold(".replay-chip");
  if (over() <= 0) return;
  bar.classList.add("squeezed");
  if (over() <= 0 || !bar.querySelector(".replay-result")) return;
  fold(".toolbar > .title");
  if (over() <= 0) return;
  fold(".toolbar > .title", false);
  fold(".replay-result");
}
let toolbarFit = null;                         // the last fold: {key, classes of the bar, indices of what folded}
export function fitToolbar() {
  const bar = ui.querySelector(".toolbar");
  if (!bar) return;
  // The same toolbar at the same width folds the same way: its fold is put back without measuring (most new
  // HTML after a move changes the prompt and the move log, not the toolbar).
  if (bar.classList.contains("fitted")) {        // measured again (a resize): from its own markup
    bar.classList.remove("fitted", "compact", "squeezed");
    for (const el of bar.querySelectorAll(".folded")) el.classList.remove("folded");
  }
  const key = `${ui.clientWidth}|${document.fonts ? document.fonts.status : ""}|${bar.outerHTML}`;
  const all = () => [...bar.querySelectorAll("*")];
  if (toolbarFit && toolbarFit.key === key) {
    const els = all();
    bar.classList.add("fitted", ...toolbarFit.classes);
    for (const i of toolbarFit.folded) if (els[i]) els[i].classList.add("folded");
    return;
  }
  foldToolbar(bar);
  const els = all();
  toolbarFit = { key, classes: ["compact", "squeezed"].filter((c) => bar.classList.contains(c)),
    folded: els.flatMap((el, i) => (el.classList.contains("folded") ? [i] : [])) };
  bar.classList.add("fitted");
}
function foldToolbar(bar) {
  bar.classList.remove("compact", "squeezed");
  for (const el of bar.querySelectorAll(".folded")) el.classList.remove("folded");
  const over = () => bar.scrollWidth - bar.clientWidth;
  if (over() <= 0) return;
  bar.classList.add("compact");
  if (!bar.querySelector("#menu-button")) { fitViewerBar(bar, over); return; }
  let excess = over();
  const steps = FOLDS;
  const gap = parseFloat(getComputedStyle(bar).columnGap) || 0;
  const widths = new Map();
  for (const step of steps) if (step) for (const el of bar.querySelectorAll(step)) widths.set(el, el.offsetWidth);
  for (const step of steps) {
    if (excess <= 0) return;
    if (step === null) { bar.classList.add("squeezed"); excess = over(); continue; }
    for (const el of bar.querySelectorAll(step)) {
      if (!widths.get(el)) continue;                // not shown at this size anyway
      el.classList.add("folded");
      excess -= widths.get(el) + gap;
    }
  }
}

// A board too small to play (app/screens.py, too_small): the notice shows while the board's area holds none of the
// game's playable sizes, unless the player chose to see the board anyway; it advises turning the device when the
// board would fit the other way round (and offers it, full screen, where the browser can), else a larger window.
let smallAnyway = false;
const canTurn = !!(screen.orientation && screen.orientation.lock) && matchMedia("(hover: none) and (pointer: coarse)").matches;
document.documentElement.classList.toggle("can-turn", canTurn && !!document.fullscreenEnabled);
document.documentElement.classList.toggle("can-full", !!document.fullscreenEnabled);
export function fitBoard() {
  const note = $("too-small");
  if (!note) return;
  const sizes = (note.dataset.min || "").split(";").map((s) => s.split("x").map(Number));
  const holds = (w, h) => sizes.some(([mw, mh]) => w >= mw && h >= mh);
  const w = stage.clientWidth, h = stage.clientHeight;
  const fits = holds(w, h);
  if (fits) smallAnyway = false;                  // (it may come back, smaller again)
  const turned = holds(window.innerHeight - (window.innerWidth - w), window.innerWidth - (window.innerHeight - h));
  note.dataset.fit = turned ? "rotate" : "zoom";
  note.hidden = fits || smallAnyway;
}
export function showSmallAnyway() { smallAnyway = true; fitBoard(); }
export async function turnScreen() {
  const want = window.innerWidth < window.innerHeight ? "landscape" : "portrait";
  try { await document.documentElement.requestFullscreen(); await screen.orientation.lock(want); } catch (e) { /* as it is */ }
}
addEventListener("resize", () => requestAnimationFrame(() => { fitToolbar(); fitBoard(); }));

// The move log (app/move_log.py): on a wide page a column beside the board, which then takes the rest of the
// width (--stage-right); on a narrow one a drawer over the board (styles.css says which: --log-docked).
const LOG_SIDE = matchMedia("(min-width: 900px)");
export const atEnd = (e) => !e || e.scrollTop + e.clientHeight >= e.scrollHeight - 8;
export function logWidth() {                  // the move log's width when it is a column beside the board, else 0
  const log = ui.querySelector(".move-log");
  const side = !!log && getComputedStyle(log).getPropertyValue("--log-docked").trim() === "1";
  return side ? log.offsetWidth : 0;
}
export function setLog(top, right, follow) {
  const app = $("app"), list = $("move-log-list");
  setVar(app, "--log-top", `${top}px`);
  setVar(app, "--stage-right", `${right}px`);
  if (list && follow) list.scrollTop = list.scrollHeight;     // newest at the bottom, in view
}
LOG_SIDE.addEventListener("change", () => setLog(parseFloat(stage.style.getPropertyValue("--stage-top")) || 0, logWidth(), true));

// The coach of a lesson (app/tutorial_flow.py): the lit rect over the board (data-rect, in the board's CSS px;
// its shadow dims the rest) and the bubble beside it, never over it nor over the control to press, inside the
// page: below, above, right or left of it, else at the foot or the top of the page, the first place where it
// covers none of them, else the one where it covers least.
export function placeCoach() {
  const coach = $("coach"), bubble = $("coach-bubble"), hole = $("coach-hole");
  if (!coach || !bubble) return;
  const r = (coach.dataset.rect || "").split(",").map(Number);
  if (!hole || r.length !== 4 || r.some(isNaN)) { bubble.classList.remove("placed"); return; }
  const box = stage.getBoundingClientRect(), pad = 4, gap = 10, m = 8;
  const x = box.left + r[0] - pad, y = box.top + r[1] - pad, w = r[2] + 2 * pad, h = r[3] + 2 * pad;
  Object.assign(hole.style, { left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
  bubble.classList.add("placed");
  const bw = bubble.offsetWidth, bh = bubble.offsetHeight;
  const top = Math.max(0, box.top), W = innerWidth, H = innerHeight;
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
  const spots = [[x + w / 2 - bw / 2, y + h + gap], [x + w / 2 - bw / 2, y - bh - gap],
    [x + w + gap, y + h / 2 - bh / 2], [x - bw - gap, y + h / 2 - bh / 2], [(W - bw) / 2, H - bh], [(W - bw) / 2, top]]
    .map(([bx, by]) => [clamp(bx, m, W - bw - m), clamp(by, top + m, H - bh - m)]);
  // what the bubble must leave clear: the lit rect, and the control the step's move presses (data-press)
  const p = (coach.dataset.press || "").split(",").map(Number);
  // (a lit rect of most of the page, a phone's dialog, is left clear where the control to press is)
  const large = w * h > 0.4 * W * H && p.length === 4;
  const clear = (large ? [] : [[x, y, w, h]]).concat(p.length === 4 ? [[box.left + p[0], box.top + p[1], p[2], p[3]]] : []);
  const overlap = ([bx, by]) => clear.reduce((sum, [cx, cy, cw, ch]) => sum
    + Math.max(0, Math.min(bx + bw, cx + cw) - Math.max(bx, cx)) * Math.max(0, Math.min(by + bh, cy + ch) - Math.max(by, cy)), 0);
  const [bx, by] = spots.reduce((best, s) => (overlap(s) < overlap(best) ? s : best));
  Object.assign(bubble.style, { left: `${bx}px`, top: `${by}px` });
}
addEventListener("resize", () => requestAnimationFrame(placeCoach));
