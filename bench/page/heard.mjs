// What a page tells a benchmark as it loads, heard as console messages from an init script.
//
// Not page.waitForFunction: that injects Playwright's own script (330 KB) into the page as it loads, a
// 40 ms task on its main thread in the middle of what is measured (seen in a trace of a cold load).
// A console message costs the page a few microseconds.
//
//   await listen(page, ["first-frame"]);    // before page.goto
//   const t = await heard(page, "first-frame");
//
// What can be told, each with its time from navigation start (ms):
//   first-frame  boot.js's promise (window.folio.ready) resolved: the book's first drawn frame;
//   fcp          the first contentful paint (Paint Timing);
//   book-shown   boot.js's mark "folio:book-shown" (an observer of every mark: 2-6 ms of a load, so
//                only when asked for).
const PROBE = (whats) => {
  const tell = (what, t) => console.debug("bench:" + what + " " + t);
  if (whats.includes("first-frame")) {
    let value;
    Object.defineProperty(window, "folio", {
      configurable: true, enumerable: true,
      get() { return value; },
      set(v) { value = v; if (v && v.ready) v.ready.then(() => tell("first-frame", performance.now())); },
    });
  }
  const types = [whats.includes("fcp") && "paint", whats.includes("book-shown") && "mark"].filter(Boolean);
  if (types.length) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name === "first-contentful-paint") tell("fcp", e.startTime);
        if (e.name === "folio:book-shown") tell("book-shown", e.startTime);
      }
    }).observe({ entryTypes: types });
  }
};

export function listen(page, whats) {
  return page.addInitScript(PROBE, whats);
}

// Resolves with the time the page told; listen first, and ask before the navigation, so nothing is missed.
export function heard(page, what, timeout = 60000) {
  return page.waitForEvent("console", { predicate: (m) => m.text().startsWith("bench:" + what + " "), timeout })
    .then((m) => Number(m.text().split(" ")[1]));
}
