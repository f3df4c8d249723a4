// folio loader: what the page shows while the book loads, as one declared state machine. Every state,
// the <html> classes it shows (folio.css styles them), the timers it owns and the states it may go to are
// in STATES below; nothing else sets those classes or starts those timers. folio.loader.state names the
// state, folio.loader.history the way the page came (tests read both).
//
// The text is never held hostage by the book: the page's HTML text (#text) is shown, with a short notice
// in the page's flow (#fault: covers nothing, can be dismissed), whenever a download fails or stalls, the
// program cannot start, or it stops. A book that arrives after a stall takes over only if the reader has
// not started reading the text; otherwise the notice offers it.
(function () {
  "use strict";
  var folio = window.folio, assets = window.FOLIO_ASSETS;
  var html = document.documentElement;
  var canvas = document.getElementById("book");
  var fault = document.getElementById("fault");
  var textEl = document.getElementById("text");

  // The classes the states show; "proof-on" is the early page's own (proof.js adds it when its faces are
  // in), taken away only when the book cannot run at all.
  var CLASSES = ["canvas-loading", "canvas-handover", "canvas-on", "no-canvas"];
  var STATES = {
    // the desk and loading bar, until the early page's faces are in
    desk: { show: ["canvas-loading"], timers: ["stall"], to: ["proof", "starting", "text", "failed", "static"] },
    // the early page: the book's first page set in the HTML (proof.js)
    proof: { show: ["canvas-loading"], timers: ["stall"], to: ["starting", "text", "failed", "static"] },
    // the book starting, its canvas invisible over the desk or the early page (start.js)
    starting: { show: ["canvas-loading", "canvas-handover"], timers: ["stall"], to: ["text", "book", "failed", "static"] },
    // the text, with a notice: the book was too slow (it may still come)
    text: { show: ["no-canvas"], timers: [], to: ["takeover", "offered", "book", "failed", "static"] },
    // the text, and a notice offering the book, which came while the reader was reading
    offered: { show: ["no-canvas"], timers: [], to: ["takeover", "book", "failed"] },
    // the book starting, its canvas invisible over the text
    takeover: { show: ["no-canvas", "canvas-handover"], timers: [], to: ["book", "failed"] },
    book: { show: ["canvas-on"], timers: [], to: ["failed"] }, // the book
    failed: { show: ["no-canvas"], timers: [], to: [] }, // the text, and a notice saying what failed
    static: { show: ["no-canvas"], timers: [], to: [] }, // the text: this browser cannot run the book
  };

  var timers = {}; // name -> timeout id, while a state that owns the timer lasts
  var textShown;
  var loader = (folio.loader = {
    states: STATES,
    state: null,
    history: [], // [{state, at (ms since the page's start)}]
    refused: [], // transitions asked for that STATES does not allow: none, ever (tests check)
    reading: false, // the reader has scrolled, clicked, typed or selected in the text
    drawn: false, // the book drew its route's whole first view (start.js)
    // Resolves when the text takes the place of what was shown (text, failed): the early page will not
    // be painted now, and the book's files need not wait for it.
    textShown: new Promise(function (resolve) { textShown = resolve; }),
    failed: function () { return loader.state === "failed" || loader.state === "static"; },
    is: function () { return Array.prototype.indexOf.call(arguments, loader.state) >= 0; },
    // Moves to state `to` if the current state may go there; returns whether it moved.
    go: function (to) {
      var from = loader.state;
      if (from !== null && STATES[from].to.indexOf(to) < 0) {
        loader.refused.push(from + " -> " + to);
        console.warn("folio: the loader does not go from " + from + " to " + to);
        return false;
      }
      loader.state = to;
      loader.history.push({ state: to, at: Math.round(performance.now()) });
      folio.mark("state-" + to);
      var next = STATES[to];
      Object.keys(timers).forEach(function (name) {
        if (next.timers.indexOf(name) < 0) { clearTimeout(timers[name]); delete timers[name]; }
      });
      CLASSES.forEach(function (c) { html.classList.toggle(c, next.show.indexOf(c) >= 0); });
      if (to === "static") html.classList.remove("proof-on");
      if (to === "text" || to === "failed") { watchReading(); textShown(); }
      if (to === "book" || to === "takeover") fault.hidden = true;
      if (to === "book") folio.emit("shown");
      return true;
    },
    // Sets the state's timer `name` (one of its STATES[..].timers), replacing the one it had.
    timer: function (name, fn, ms) {
      if (STATES[loader.state].timers.indexOf(name) < 0) return;
      clearTimeout(timers[name]);
      timers[name] = setTimeout(function () { delete timers[name]; fn(); }, ms);
    },
    notice: notice,
    fail: fail,
    failWith: function (e) { fail(e && e.kind === "start" ? "start" : "download", String(e && e.message || e)); },
    showTextWhileLoading: showTextWhileLoading,
    checkStall: checkStall,
  });

  // Without WebGL2 or wasm the HTML text stays as it is: readable, styled, complete. Only the cheap test
  // here: the book's WebGL2 context is made once the early page is on screen and the book's files are in
  // (start.js), since the first context of a page is slow to make and the early page's paint must not wait.
  function capable() {
    return typeof WebAssembly === "object" && !!canvas && typeof WebGL2RenderingContext === "function";
  }
  if (!assets || !capable()) {
    loader.go("static");
    return;
  }
  // The book may still come after the text is shown (a late book takes over or is offered), so the
  // scripts after this one prepare for it whenever this is set, whatever the page shows now.
  folio.bookCanRun = true;

  // Each step of the book's start-up is a task of its own: the main thread is never held for long, so
  // the page stays responsive while the book starts (each step is short; Lighthouse's Total Blocking Time
  // counts every task over 50 ms). A message, not setTimeout: no 4 ms clamp between steps.
  loader.nextTask = (function () {
    var queue = [], channel = new MessageChannel();
    channel.port1.onmessage = function () { var fn = queue.shift(); if (fn) fn(); };
    return function (fn) { queue.push(fn); channel.port2.postMessage(0); };
  })();

  // How long the desk and loading bar may stand in for the text while downloads are still running; once
  // the proof is up, how long the downloads may go without a byte arriving (checkStall).
  var STALL_MS = (loader.STALL_MS = 3000);
  // folio.css shows the text by itself this long after it applies (#text's folio-reveal animation, after
  // --reveal: both from src/core/site/proof.h's kTextRevealSeconds).
  var REVEAL_MS = assets.revealMs;
  // The text is shown by then if the book has not drawn, unless the proof is up and its files are
  // still arriving (checkStall).
  var GIVE_UP_MS = 10000;
  var MESSAGES = (loader.MESSAGES = {
    download: folio.word("notice_download"),
    start: folio.word("notice_start"),
    stopped: folio.word("notice_stopped"),
    waiting: folio.word("notice_waiting"),
    arrived: folio.word("notice_arrived"),
  });
  var bootAt = performance.now();

  // The CSS reveals the text by itself after a moment (REVEAL_MS) when no script runs; if this script came
  // later than that, the reader already has the text: keep it, and treat the book as late. Earlier it
  // cannot have shown: no need to ask (the style of the whole page, in the task before the first paint).
  if (performance.now() >= REVEAL_MS && getComputedStyle(textEl).visibility === "visible") {
    loader.go("text");
    notice(MESSAGES.waiting, "status");
  } else {
    loader.go("desk"); // at once: the text never flashes before the book
    loader.timer("stall", checkStall, STALL_MS);
  }

  // When the text takes the place of what is shown. Before the proof is up the reader has only the desk:
  // from STALL_MS on, the text comes unless a download is flowing (a byte in the last second), and by
  // twice STALL_MS whatever the downloads do. Once the proof is up the reader has the page, and a slow
  // link is not a stall: the text comes when no byte has arrived for STALL_MS while a download is running,
  // or at GIVE_UP_MS unless bytes are still arriving, or when the reader asks for more than the proof holds
  // (proof.js). On a 400 kbit/s link the book's files take 8 s: a rule on time alone replaced the proof
  // the reader was reading with the plain text, then with the book.
  // A download starting or ending counts as news (downloads.js): a new one gets its own quiet time.
  function checkStall() {
    if (loader.drawn || !loader.is("desk", "proof", "starting")) return;
    var downloads = folio.downloads;
    var now = performance.now(), proofUp = html.classList.contains("proof-on");
    var quiet = proofUp ? STALL_MS : 1000, limit = proofUp ? Infinity : 2 * STALL_MS;
    var recent = now - downloads.lastByte < quiet;
    if (downloads.pending > 0 && (!recent || now - bootAt >= limit)) return showTextWhileLoading();
    if (now - bootAt >= GIVE_UP_MS && !(proofUp && recent)) return showTextWhileLoading();
    var next = now - bootAt < GIVE_UP_MS ? bootAt + GIVE_UP_MS - now : Infinity;
    if (recent) next = Math.min(next, downloads.lastByte + quiet - now);
    if (downloads.pending > 0) next = Math.min(next, bootAt + limit - now);
    loader.timer("stall", checkStall, Math.max(50, next));
  }
  folio.on("downloadStarted", function () { if (performance.now() - bootAt >= STALL_MS) checkStall(); });

  // The text with a notice above it; the book, if it comes, is offered or takes over (start.js).
  // which: the proof's line to keep in place (proof.js: place).
  function showTextWhileLoading(which) {
    if (loader.drawn || !loader.is("desk", "proof", "starting")) return;
    var place = folio.proof ? folio.proof.place(which) : null;
    notice(MESSAGES.waiting, "status");
    loader.go("text");
    if (folio.proof) folio.proof.keepPlace(place);
  }

  // Any failure: the text, and one sentence a visitor can act on. Details go to the console only.
  function fail(kind, detail) {
    if (loader.failed()) return;
    var message = MESSAGES[kind] || MESSAGES.download;
    folio.error = message + (detail ? " (" + detail + ")" : "");
    console.warn("folio: " + (detail || kind));
    var place = folio.proof ? folio.proof.place() : null;
    notice(message, "alert");
    loader.go("failed");
    if (folio.proof) folio.proof.keepPlace(place);
  }

  // Once the reader scrolls, clicks, types or selects in the text, the book no longer replaces it by
  // itself: that would move what they are reading.
  var watching = false;
  function watchReading() {
    if (watching) return;
    watching = true;
    var reading = function () { loader.reading = true; };
    ["scroll", "wheel", "keydown", "pointerdown", "touchstart"].forEach(function (type) {
      window.addEventListener(type, reading, { passive: true, once: true });
    });
  }

  // The notice: in the page's flow above the text (it covers nothing), dismissable, with at most one
  // action. role: "status" for news, "alert" for failures.
  function notice(message, role, action) {
    fault.textContent = "";
    fault.setAttribute("role", role);
    var p = document.createElement("p");
    p.textContent = message;
    fault.appendChild(p);
    if (action) {
      var act = document.createElement("button");
      act.type = "button";
      act.className = "act";
      act.textContent = action.label;
      act.addEventListener("click", action.run);
      fault.appendChild(act);
    }
    var close = document.createElement("button");
    close.type = "button";
    close.className = "dismiss";
    close.setAttribute("aria-label", folio.word("dismiss"));
    close.textContent = "\u00d7";
    close.addEventListener("click", function () { fault.hidden = true; });
    fault.appendChild(close);
    fault.hidden = false;
  }
})();
