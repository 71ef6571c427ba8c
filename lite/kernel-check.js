// cardlab: say on the page, within seconds, when Python (Pyodide) cannot be loaded.
//
// The kernel fetches Pyodide when the first notebook opens; when that fails (a network that
// blocks the address, no connection), JupyterLite leaves the first cell at [*] and writes the
// error to the browser console only. This script (added to every page by lite/build.py, which
// fills in PYODIDE_URL) asks for the same file at once and, if it cannot be had, puts a notice
// at the top of the page, above JupyterLab rather than over its menu bar: the app's shell
// (#main, placed over the whole page) is moved down below the notice until it is closed.
(function () {
  "use strict";
  const PYODIDE_URL = __PYODIDE_URL__;
  const SECONDS = 8;
  // A relative PYODIDE_URL is relative to the site's root, where this script is.
  const root = document.currentScript
    ? document.currentScript.src
    : new URL("../", document.baseURI).href;
  const url = new URL(PYODIDE_URL, root);

  function notice(reason) {
    const box = document.createElement("div");
    box.id = "cardlab-kernel-notice";
    box.setAttribute("role", "alert");
    box.style.cssText =
      "position:fixed;top:0;left:0;right:0;z-index:100000;padding:0.8em 1.2em;" +
      "background:#fff3cd;color:#3d2c00;border-bottom:3px solid #b58100;" +
      "font:15px/1.4 system-ui,sans-serif;overflow-wrap:anywhere"; // the address wraps too
    box.textContent =
      "Python cannot start on this page: " + reason + " (" + url.href + "). " +
      "The lessons here need it to run. This network may block that address: ask for it " +
      "to be allowed, use a copy of this site that carries Python itself, or open the " +
      "lessons on Binder. ";
    const close = document.createElement("button");
    close.textContent = "Close";
    box.appendChild(close);
    document.body.appendChild(box);
    const room = makeRoom(box);
    close.onclick = () => {
      room.disconnect();
      box.remove();
    };
  }

  // Keep the app's shell below the notice, whatever the notice's height (it wraps on a narrow
  // screen), the shell there now or later; JupyterLab lays itself out again on "resize".
  function makeRoom(box) {
    const style = document.createElement("style");
    document.head.appendChild(style);
    const fit = (height) => {
      style.textContent = height ? "body > #main { top: " + height + "px !important; }" : "";
      window.dispatchEvent(new Event("resize"));
    };
    const observer = new ResizeObserver(() => fit(box.offsetHeight));
    observer.observe(box);
    return {
      disconnect() {
        observer.disconnect();
        fit(0);
        style.remove();
      },
    };
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SECONDS * 1000);
  // no-cors: a CDN answers with an opaque response, which is enough to know it is reachable.
  fetch(url, { method: "GET", mode: "no-cors", cache: "no-store", signal: controller.signal })
    .then((response) => {
      if (response.type !== "opaque" && !response.ok) {
        notice("its file answered " + response.status);
      }
    })
    .catch((error) => {
      notice(
        error.name === "AbortError"
          ? "its file did not arrive within " + SECONDS + " seconds"
          : "its file cannot be fetched"
      );
    })
    .finally(() => clearTimeout(timer));
})();
