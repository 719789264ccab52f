// dicehall sound: the page plays the cues the worker decides (out.sound, src/dicehall/app/sounds.py),
// each synthesised at run time with Web Audio: no file to download. Cues: "dice" (a rattle of noise bursts,
// then the landing click), "land", "coins", "capture", "gift", "end". Nothing is played before the
// player's first press or key (the AudioContext is made at the first cue after it, and resumed by a press),
// nor while the page is hidden; a cue that cannot be played at once is dropped, never queued. Muting is the
// worker's: it sends no cue.
// Test hook: with window.__dicehallSoundTest set before load, window.__dicehallSoundLog lists the cues played.
const VOLUME = 0.22;                           // the master gain: modest
const AC = window.AudioContext || window.webkitAudioContext;
const testing = !!window.__dicehallSoundTest;
if (testing) window.__dicehallSoundLog = [];

let ctx = null, master = null, noise = null, pressed = false, broken = false;

// Starting the audio output blocks the page: 50-190 ms for a browser's first AudioContext here. So it starts
// with the first cue after a press, not at the press: the press (which opens a setup or a game) answers at
// once, the board goes on moving meanwhile (the worker paints it), and a player with the sound off never
// pays it. A press resumes a context the browser suspended.
function unlock() {                            // on a gesture: browsers start audio only after one
  pressed = true;
  try { if (ctx && ctx.state === "suspended") ctx.resume(); } catch (e) { /* silent until the next press */ }
}
function make() {
  try {
    ctx = new AC();
    master = ctx.createGain();
    master.gain.value = VOLUME;
    master.connect(ctx.destination);
    noise = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.5), ctx.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    if (ctx.state === "suspended") ctx.resume();
  } catch (e) { ctx = null; broken = true; }   // no audio here: the games stay silent
}
for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, unlock, { capture: true, passive: true });

// A gain envelope: up to `peak` in `attack` seconds from `at`, then down to silence over `decay`.
function envelope(at, peak, attack, decay) {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(peak, at + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, at + attack + decay);
  g.connect(master);
  return g;
}
function tone(at, freq, peak, decay, type = "sine", glideTo = 0) {
  const o = ctx.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(freq, at);
  if (glideTo) o.frequency.exponentialRampToValueAtTime(glideTo, at + decay);
  o.connect(envelope(at, peak, 0.005, decay));
  o.start(at); o.stop(at + decay + 0.05);
}
function burst(at, length, centre, peak) {    // a band of noise: a die knocking
  const src = ctx.createBufferSource();
  src.buffer = noise;
  const band = ctx.createBiquadFilter();
  band.type = "bandpass"; band.frequency.value = centre; band.Q.value = 1.5;
  src.connect(band); band.connect(envelope(at, peak, 0.002, length));
  src.start(at, Math.random() * 0.4, length + 0.05);
}
function land(at) {
  burst(at, 0.03, 3000, 0.9);
  tone(at, 190, 0.5, 0.06, "sine", 90);
}

const CUES = {
  dice(at) {
    const n = 5 + Math.floor(Math.random() * 3);
    for (let i = 0; i < n; i++) burst(at + i * 0.045 + Math.random() * 0.02, 0.025, 1800 + Math.random() * 2400, 0.5);
    land(at + n * 0.045 + 0.05);
  },
  land,
  coins(at) { tone(at, 1319, 0.35, 0.35, "triangle"); tone(at + 0.07, 1976, 0.3, 0.45, "triangle"); },
  capture(at) { burst(at, 0.04, 1200, 0.7); tone(at, 330, 0.6, 0.18, "triangle", 110); },
  gift(at) { [523, 659, 784].forEach((f, i) => tone(at + i * 0.08, f, 0.3, 0.3, "triangle")); },
  end(at) { [262, 330, 392, 523].forEach((f, i) => tone(at + i * 0.03, f, 0.22, 1.2, "triangle")); },
};

// Play a frame's cues (at most one is sent a frame; the first one known is played).
export function play(cues) {
  if (!AC || broken || !pressed || document.hidden) return;
  const cue = (cues || []).find((c) => Object.hasOwn(CUES, c));
  if (!cue) return;
  const fresh = !ctx;
  if (fresh) make();
  if (!ctx || (ctx.state !== "running" && !fresh)) return;   // a fresh context plays once it has started
  try { CUES[cue](ctx.currentTime + 0.01); } catch (e) { return; }
  if (testing) window.__dicehallSoundLog.push(cue);
}
