// What the worker may send, and the shape of each message (docs/page-api.md, "Host protocol"). A message that
// breaks it (other code of the same origin dispatching on the worker, or a bug) is refused with a console
// warning: it never reaches the storage, the page API or the screen, and never stops the page.
import { bench } from "./page.js";
import { PREFIX } from "./storage.js";

const isNum = (v) => typeof v === "number" && Number.isFinite(v);
const isStr = (v) => typeof v === "string";
const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const optional = (v, test) => v === undefined || test(v);
const writeOk = (w) => Array.isArray(w) && w.length === 2 && isStr(w[0]) && w[0].startsWith(PREFIX)
  && (w[1] === null || isStr(w[1]));
const syncOk = (x) => isObj(x) && optional(x.epoch, isNum)
  && optional(x.writes, (ws) => Array.isArray(ws) && ws.every(writeOk))
  && optional(x.api, (a) => isObj(a) && Object.values(a).every(isStr));
const outOk = (o) => isObj(o) && optional(o.dom, isStr) && optional(o.draw, Array.isArray)
  && optional(o.title, isStr) && optional(o.lang, isStr) && optional(o.canvas, (v) => typeof v === "boolean")
  && optional(o.say, (v) => Array.isArray(v) && v.every(isStr)) && optional(o.post, Array.isArray)
  && optional(o.keys, (k) => isObj(k) && Array.isArray(k.ctrl))
  && optional(o.download, (d) => isObj(d) && isStr(d.name) && isStr(d.text)) && optional(o.fragment, isStr);
function parsed(text, test) {                  // JSON text of the expected shape, else undefined
  if (!isStr(text)) return undefined;
  try { const v = JSON.parse(text); return test(v) ? v : undefined; } catch (e) { return undefined; }
}
const FROM_WORKER = {
  out: (m) => {
    const r = isObj(m.r) ? m.r : parsed(m.s, isObj);
    if (!syncOk(r) || !outOk(r.out)) return false;
    m.r = r;
    return true;
  },
  reply: (m) => {
    if (!Number.isInteger(m.id) || !(isStr(m.error) || isStr(m.r))) return false;
    if (m.s === undefined) return true;
    m.sync = parsed(m.s, syncOk);
    return m.sync !== undefined;
  },
  sync: (m) => isNum(m.ack) && (m.sync = parsed(m.s, syncOk)) !== undefined,
  stage: (m) => isStr(m.name),
  trimmed: (m) => isStr(m.name),
  "boot-failed": (m) => isStr(m.message),
  error: (m) => isStr(m.message),
  py: (m) => !!bench,
};
// True when `m` has the shape of its kind (its JSON parsed on the way: m.r of "out", m.sync of the others).
export function fromWorkerOk(m) {
  const shape = isObj(m) && isStr(m.t) && Object.hasOwn(FROM_WORKER, m.t) ? FROM_WORKER[m.t] : null;
  if (shape && shape(m)) return true;
  console.warn("dicehall: a message that breaks the host protocol was ignored", isObj(m) ? String(m.t).slice(0, 40) : typeof m);
  return false;
}
