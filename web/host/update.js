// The service worker (web/sw.js), registered after the boot: precaching then reuses the HTTP cache. A new
// version installs beside this one and waits; Python shows a banner, and the page moves to it only when the
// player asks (host:update).
import { send } from "./page.js";
import { guarded } from "./errors.js";

let swReg = null;
const swUpdateReady = guarded(() => send({ type: "sw", state: "update-ready" }));   // Python shows a banner
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register("sw.js", { scope: "./" }).then((reg) => {
    swReg = reg;
    if (reg.waiting && navigator.serviceWorker.controller) swUpdateReady();
    reg.addEventListener("updatefound", () => {
      const w = reg.installing;
      w && w.addEventListener("statechange", () => {
        if (w.state === "installed" && navigator.serviceWorker.controller) swUpdateReady();
      });
    });
  }).catch((e) => console.warn("dicehall: service worker not registered", e));
}
export function applyUpdate() {                // the waiting version takes over, then the page reloads
  if (!swReg || !swReg.waiting) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  swReg.waiting.postMessage({ type: "SKIP_WAITING" });
}
