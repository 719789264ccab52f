// Input, forwarded to the worker: the pointer and the wheel on the board, the keys, the buttons and fields of
// #ui, a link opened in this tab, a save file opened or dropped; and the page's own commands (host:…).
// The worker answers later, so what the page keeps from the browser is decided here, from what the worker
// said of the screen (run.keys): on a game, pointers over the board, keys without a modifier (but Tab and the
// browser's F5, F11, F12), the Ctrl/Cmd shortcuts it listed and, if the screen zooms with it, the wheel.
import { canvas, run, send, stage, ui } from "./page.js";
import { guarded } from "./errors.js";
import { showSmallAnyway, stageFoot, turnScreen } from "./layout.js";
import { takeOver } from "./ownership.js";
import { applyUpdate } from "./update.js";

const BROWSER_KEYS = new Set(["Tab", "F5", "F11", "F12"]);
function gameKey(e) {
  if (!run.keys.game || e.altKey || BROWSER_KEYS.has(e.key)) return false;
  if (!e.ctrlKey && !e.metaKey) return true;
  return run.keys.ctrl.includes((e.shiftKey ? "shift+" : "") + e.key.toLowerCase());
}
function pointer(e) {
  const r = canvas.getBoundingClientRect();
  if (e.type === "pointerdown") { canvas.focus({ preventScroll: true }); canvas.setPointerCapture?.(e.pointerId); }
  if (send({ type: e.type, x: e.clientX - r.left, y: e.clientY - r.top, button: e.button, pointer: e.pointerType,
             id: e.pointerId }))
    e.preventDefault();
}
for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) canvas.addEventListener(type, guarded(pointer));
canvas.addEventListener("wheel", guarded((e) => {
  const r = canvas.getBoundingClientRect(), k = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? run.cssH : 1;
  send({ type: "wheel", x: e.clientX - r.left, y: e.clientY - r.top, dy: e.deltaY * k });
  if (run.keys.game && run.keys.wheel) e.preventDefault();
}), { passive: false });

// The choices (app/choices.py): the arrows, Home and End move between them, and the choice the keyboard is on
// is shown on the board itself (SceneBase.focus_choice; -1: none).
const CHOICE_STEP = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };
function moveInChoices(box, step) {
  const all = [...box.querySelectorAll(".choice")];
  if (!all.length) return;
  const i = all.indexOf(document.activeElement);
  const next = step === -Infinity ? 0 : step === Infinity ? all.length - 1
    : i < 0 ? 0 : Math.min(all.length - 1, Math.max(0, i + step));
  all[next].focus({ preventScroll: true });
  all[next].scrollIntoView({ block: "nearest", inline: "nearest" });   // within the bar, which may scroll
}
function choiceFocus() {
  const a = document.activeElement, c = a && ui.contains(a) && a.closest(".choices") ? a.closest(".choice") : null;
  if (run.worker && run.started && !run.broken) run.worker.postMessage({ t: "input", event: { type: "choice-focus", index: c ? Number(c.dataset.arg) : -1 } });
  stageFoot();
}
ui.addEventListener("focusin", () => requestAnimationFrame(choiceFocus));
ui.addEventListener("focusout", () => requestAnimationFrame(choiceFocus));
const RADIO_STEP = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
function moveInRadios(group, current, step) {  // a radio group (the setup's colours): the arrows choose
  const all = [...group.querySelectorAll('[role="radio"]')];
  const next = all[(all.indexOf(current) + step + all.length) % all.length];
  if (next) { next.focus({ preventScroll: true }); next.click(); }
}
window.addEventListener("keydown", guarded((e) => {
  const t = e.target, tag = t && t.tagName;
  const radios = t && t.getAttribute && t.getAttribute("role") === "radio" && t.closest('[role="radiogroup"]');
  if (radios && e.key in RADIO_STEP && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    moveInRadios(radios, t, RADIO_STEP[e.key]);
    return;
  }
  const box = t && t.closest && t.closest(".choices");
  if (box && e.key in CHOICE_STEP && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    moveInChoices(box, CHOICE_STEP[e.key]);
    return;
  }
  if (e.key !== "Escape" && (/^(INPUT|SELECT|TEXTAREA)$/.test(tag) || (t && t.isContentEditable))) return;
  // Enter/Space on a focused button or link activate it natively (its data-cmd click), except Space on the
  // toolbar: Space is the games' roll key, and must never undo or pause by accident (Enter still activates).
  const onButton = t && t.closest && t.closest("button, a, [data-cmd]");
  const toolbarSpace = e.key === " " && onButton && onButton.closest(".toolbar");
  if ((e.key === "Enter" || e.key === " ") && onButton && !toolbarSpace) return;
  if (toolbarSpace) e.preventDefault();       // and the button's own activation with it
  send({ type: "key", key: e.key, code: e.code, ctrl: e.ctrlKey, shift: e.shiftKey, alt: e.altKey, meta: e.metaKey });
  if (gameKey(e) && !(t && ui.contains(t) && t.closest(".dialog, .menu"))) e.preventDefault();
}));

// The buttons and fields of #ui: a data-cmd goes to the worker, a host: command stays in the page.
const isField = (el) => /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName);
function command(el, arg) {
  const cmd = el.dataset.cmd;
  if (cmd.startsWith("host:")) hostCommand(cmd, el); else send({ type: "cmd", cmd, arg });
}
ui.addEventListener("click", guarded((e) => {
  const el = e.target.closest("[data-cmd]");
  if (!el || !ui.contains(el) || isField(el)) return;    // fields report through "change"
  e.preventDefault();
  command(el, el.dataset.arg);
  // A click with the mouse or a finger hands the keys back to the game; a button pressed from the keyboard
  // (detail 0) keeps the focus where the player put it.
  if (e.detail > 0 && el.closest(".toolbar, .menu") && !stage.classList.contains("off")) canvas.focus({ preventScroll: true });
}));
ui.addEventListener("change", guarded((e) => {
  const el = e.target;
  if (!isField(el) || !el.dataset.cmd) return;
  command(el, el.type === "checkbox" ? (el.checked ? "1" : "0") : el.value);
}));
ui.addEventListener("submit", (e) => e.preventDefault());  // Enter in a form field submits nothing (no inline onsubmit: CSP)
function hostCommand(cmd, el) {
  if (cmd === "host:reload") location.reload();
  if (cmd === "host:copy" && el) copyText(el);
  if (cmd === "host:share" && el) shareLink(el);
  if (cmd === "host:take-over") takeOver();
  if (cmd === "host:open-file") picker.click();
  if (cmd === "host:turn") turnScreen();
  if (cmd === "host:full-screen") document.documentElement.requestFullscreen?.().catch(() => {});
  if (cmd === "host:small-anyway") showSmallAnyway();
  if (el && el.closest(".menu")) send({ type: "cmd", cmd: "close", arg: null });   // an entry done: the menu closes
  if (cmd === "host:update") applyUpdate();
}

// "Copy" (the challenge's result line): the text of the element named by data-copy goes to the clipboard,
// then the worker is told so that the button says "Copied". Without the Clipboard API (an http page), the
// text is selected and copied the old way.
function copyText(el) {
  const source = document.getElementById(el.dataset.copy || "");
  if (!source) return;
  const text = source.textContent;
  const done = () => send({ type: "cmd", cmd: el.dataset.copied || "challenge-copied", arg: null });
  const fallback = () => {
    const range = document.createRange();
    range.selectNodeContents(source);
    const sel = getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    if (document.execCommand("copy")) done();
  };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
  else fallback();
}

// Links (app/links.py): "Share…" hands the link to the system's share sheet where the browser has one (the
// button shows only then: .can-share); a link opened in this tab later (only the fragment changes, no
// reload) goes to the worker, which opens it as at start.
document.documentElement.classList.toggle("can-share", typeof navigator.share === "function");
function shareLink(el) {
  const source = document.getElementById(el.dataset.share || "");
  if (source && navigator.share) navigator.share({ url: source.textContent, title: document.title }).catch(() => {});
}
window.addEventListener("hashchange", guarded(() => {
  if (run.started && location.hash) send({ type: "link", hash: location.hash });
}));

// "Open a save file…" (a file picker) or a .json file dropped on the page: its text goes to the worker, which
// measures it and loads it as load(save) does, or refuses it with a notice (nothing changes).
const MAX_FILE_BYTES = 16_000_000;            // 4,000,000 characters (core/limits.py) of UTF-8 at most
const picker = document.createElement("input");
picker.type = "file"; picker.accept = ".json,application/json"; picker.id = "open-file"; picker.hidden = true;
document.body.append(picker);
function openFile(file) {
  if (!file || !run.started || run.broken) return;
  const hand = (text) => run.worker.postMessage({ t: "open-file", name: file.name, text, size: file.size });
  if (file.size > MAX_FILE_BYTES) { hand(null); return; }
  file.text().then(hand, () => hand(null));
}
picker.addEventListener("change", () => { openFile(picker.files[0]); picker.value = ""; });
const withFiles = (e) => e.dataTransfer && [...e.dataTransfer.types].includes("Files");
window.addEventListener("dragover", (e) => {
  if (!withFiles(e)) return;
  e.preventDefault(); e.dataTransfer.dropEffect = "copy"; document.body.classList.add("dropping");
});
window.addEventListener("dragleave", (e) => { if (!e.relatedTarget) document.body.classList.remove("dropping"); });
window.addEventListener("drop", (e) => {
  if (!withFiles(e)) return;
  e.preventDefault(); document.body.classList.remove("dropping");
  openFile(e.dataTransfer.files[0]);
});
