// folio boot: fetches the content and fonts, starts the renderer, and forwards the DOM events that
// html5.h does not cover. No inline script anywhere (the CSP forbids it); strings reach the wasm as data.
// window.FOLIO_ASSETS (hashed asset paths) is prepended to this file by `folio build`.
//
// The text is never held hostage by the book: the page's HTML text (#text) is shown, with a short
// notice in the page's flow (#fault: covers nothing, can be dismissed), whenever a download fails or
// stalls, the program cannot start, or it stops. A book that arrives after a stall takes over only if
// the reader has not started reading the text; otherwise the notice offers it.
(function () {
  "use strict";
  // The first view's steps as performance marks ("folio:…"; bench/firstview.mjs prints them): cheap,
  // and the way to see where the time to the first frame goes.
  function mark(name) { if (performance.mark) performance.mark("folio:" + name); }
  function timed(name, fn) {
    mark(name + ":start");
    try { return fn(); } finally { mark(name + ":end"); }
  }
  mark("boot");
  var html = document.documentElement;
  var assets = window.FOLIO_ASSETS;
  var wasm = window.folioWasm; // web/wasm.js: the wasm's memory, and the names of what crosses
  var canvas = document.getElementById("book");
  var fault = document.getElementById("fault");
  var textEl = document.getElementById("text");
  var firstFrame;
  var wordGap = 0; // folio.spaced
  var proofShown = Promise.resolve(); // the proof has been painted (or there is none): showProof
  var folio = (window.folio = {
    ready: new Promise(function (resolve) { firstFrame = resolve; }),
    // History has one home: a route the book opens (a link followed in the canvas: src/platform/web/main.cpp;
    // a search result: folio.go) is a new entry, and the entry left keeps its scroll; a chapter scrolled
    // into replaces the entry's address and scroll (url undefined: the scroll only).
    pushRoute: function (url, scrollLeft) {
      history.replaceState(Object.assign({}, history.state || {}, { scroll: scrollLeft }), "");
      history.pushState({ scroll: 0 }, "", url);
      folio.route = location.pathname;
      if (folio._routed) folio._routed(location.pathname);
    },
    replaceRoute: function (url, scroll) {
      history.replaceState(Object.assign({}, history.state || {}, { scroll: scroll }), "", url);
      folio.route = location.pathname;
    },
    // The book's own words in the site's language (src/core/words.h; the build hands the scripts' words
    // over in FOLIO_ASSETS.words), each {hole} filled from holes. A word missing shows as its key.
    word: function (key, holes) {
      var w = (assets && assets.words && assets.words[key]) || key;
      return w.replace(/\{(\w+)\}/g, function (m, k) { return holes && k in holes ? String(holes[k]) : m; });
    },
    framesDrawn: 0,
    route: location.pathname,
    error: null,
    // Whether two runs of a line, gap CSS px apart, set at glyph size CSS px, have a word space between them
    // (the layout keeps none: src/core/layout.h's kWordGap, handed over as --word-gap).
    spaced: function (gap, size) {
      wordGap = wordGap || parseFloat(getComputedStyle(html).getPropertyValue("--word-gap"));
      return gap > size * wordGap;
    },
    // What a selection copies, the early page's and the book's layer's alike: its runs in reading order,
    // each {text, block (what holds it: src/ui/text_layer.h's block_tag, "p", "h2", "pre", "td:0:1:2"...,
    // with an id to tell two blocks apart), top and left and right (px), size (px), href}. The runs of a line
    // are joined by a space where the layout left a word gap, lines by a space (code: a new line), blocks by
    // a blank line, table cells by a tab and rows by a new line; the HTML keeps the blocks, cells and links.
    copyOf: function (runs, asHtml) {
      var out = "", prev = null, href = null; // href: the link open in the HTML (a wrapped link's runs share it)
      var closeLink = function () { if (href !== null) out += "</a>"; href = null; };
      runs.forEach(function (r) {
        var sep = "", link = asHtml && r.href ? r.href : null;
        if (prev && prev.block === r.block && prev.id === r.id) {
          // A right-to-left line's runs come in logical order, each left of the one before.
          var gap = Math.max(r.left - prev.right, prev.left - r.right);
          sep = Math.abs(r.top - prev.top) < 1 ? (folio.spaced(gap, r.size) ? " " : "") : r.block === "pre" ? "\n" : " ";
        } else {
          closeLink();
          out += between(prev, r, asHtml);
        }
        if (link !== href) closeLink();
        out += asHtml ? escapeHtml(sep) : sep;
        if (link !== null && href === null) out += '<a href="' + escapeHtml((href = link)) + '">';
        out += asHtml ? escapeHtml(r.text) : r.text;
        prev = r;
      });
      closeLink();
      return out + between(prev, null, asHtml);
    },
    // complete: the route's first view is whole (an article's body is in): only then does the book take
    // the proof's place, so the page on screen never loses text it showed.
    _frameDrawn: function (n, complete) {
      folio.framesDrawn = n;
      if (!folio._started && complete !== 0) {
        folio._started = true;
        // Never before the proof has been painted: it is the page's first paint (and its LCP); the canvas
        // keeps this frame until then.
        mark("frame-drawn");
        proofShown.then(proofLetGo).then(function () {
          if (load.failed) return;
          var show = function () { mark("book-shown"); bookShown(); firstFrame(); };
          // The text took the proof's place while the book waited for its first view, and the reader is in it.
          if (load.textShown && load.reading && !html.classList.contains("canvas-handover")) return offerBook(show);
          show();
        });
      }
    },
  });

  //---- [SECTION] Copy: between two blocks of a selection (folio.copyOf) ----
  function escapeHtml(s) { return s.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
  // A block's element and, for a table cell, its place: "td:0:1:2" is {tag: "td", table: 0, row: 1}.
  function blockPlace(block) {
    var p = block.split(":");
    return { tag: p[0], table: p.length > 1 ? +p[1] : -1, row: +p[2] };
  }
  // What goes between the block a and the block b (null: the copy's start or end).
  function between(a, b, asHtml) {
    var pa = a && blockPlace(a.block), pb = b && blockPlace(b.block);
    var table = pa && pb && pa.table >= 0 && pa.table === pb.table, row = table && pa.row === pb.row;
    if (!asHtml) return !a || !b ? "" : row ? "\t" : table ? "\n" : "\n\n";
    var out = "";
    if (pa) out += "</" + pa.tag + ">" + (pa.table < 0 ? "\n" : row ? "" : table ? "</tr>\n" : "</tr></table>\n");
    if (pb) out += (pb.table < 0 ? "" : row ? "" : table ? "<tr>" : "<table><tr>") + "<" + pb.tag + ">";
    return out;
  }

  // Without WebGL2 or wasm the HTML text stays as it is: readable, styled, complete. Only the cheap test
  // here: the book's WebGL2 context is made once the proof is on screen and the book's files are in
  // (makeContext), since the first context of a page is slow to make (a channel to the GPU process) and
  // the proof's paint must not wait.
  var GL_ATTRIBUTES = { alpha: false, depth: false, stencil: false, antialias: false, premultipliedAlpha: false,
    preserveDrawingBuffer: false };
  function capable() {
    return typeof WebAssembly === "object" && !!canvas && typeof WebGL2RenderingContext === "function";
  }
  if (!assets || !capable()) {
    html.classList.add("no-canvas");
    return;
  }
  // The book may still come after the text is shown (a late book takes over or is offered), so the
  // scripts appended to this one prepare for it whenever this is set, whatever the page shows now.
  folio.bookCanRun = true;

  //---- [SECTION] Loading: downloads, stalls and failures ----

  // How long the desk and loading bar may stand in for the text while downloads are still running; once
  // the proof is up, how long the downloads may go without a byte arriving (checkStall).
  var STALL_MS = 3000;
  // folio.css shows the text by itself this long after it applies (#text's folio-reveal animation, after
  // --reveal: both from src/ui/proof.h's kTextRevealSeconds).
  var REVEAL_MS = assets ? assets.revealMs : 0;
  // The text is shown by then if the book has not drawn, unless the proof is up and its files are
  // still arriving (checkStall).
  var GIVE_UP_MS = 10000;
  var MESSAGES = {
    download: folio.word("notice_download"),
    start: folio.word("notice_start"),
    stopped: folio.word("notice_stopped"),
    waiting: folio.word("notice_waiting"),
    arrived: folio.word("notice_arrived"),
  };
  var load = { pending: 0, failed: false, textShown: false, reading: false, lastByte: performance.now() };
  var bootAt = performance.now();

  // The CSS reveals the text by itself after a moment (REVEAL_MS) when no script runs; if this script came
  // later than that, the reader already has the text: keep it, and treat the book as late. Earlier it
  // cannot have shown: no need to ask (the style of the whole page, in the task before the first paint).
  if (performance.now() >= REVEAL_MS && getComputedStyle(textEl).visibility === "visible") showTextWhileLoading();
  else html.classList.add("canvas-loading"); // at once: the text never flashes before the book
  var stallTimer = setTimeout(checkStall, STALL_MS);

  // When the text takes the place of what is shown. Before the proof is up the reader has only the desk:
  // from STALL_MS on, the text comes unless a download is flowing (a byte in the last second), and by
  // twice STALL_MS whatever the downloads do. Once the proof is up the reader has the page, and a slow
  // link is not a stall: the text comes when no byte has arrived for STALL_MS while a download is running,
  // or at GIVE_UP_MS unless bytes are still arriving, or when the reader asks for more than the proof holds
  // (pushedPastProof). On a 400 kbit/s link the book's files take 8 s: a rule on time alone replaced the proof
  // the reader was reading with the plain text, then with the book.
  // A download starting or ending counts as news (tracked): a new one gets its own quiet time.
  function checkStall() {
    clearTimeout(stallTimer);
    if (folio._started || load.failed || load.textShown) return;
    var now = performance.now(), proofUp = html.classList.contains("proof-on");
    var quiet = proofUp ? STALL_MS : 1000, limit = proofUp ? Infinity : 2 * STALL_MS;
    var recent = now - load.lastByte < quiet;
    if (load.pending > 0 && (!recent || now - bootAt >= limit)) return showTextWhileLoading();
    if (now - bootAt >= GIVE_UP_MS && !(proofUp && recent)) return showTextWhileLoading();
    var next = now - bootAt < GIVE_UP_MS ? bootAt + GIVE_UP_MS - now : Infinity;
    if (recent) next = Math.min(next, load.lastByte + quiet - now);
    if (load.pending > 0) next = Math.min(next, bootAt + limit - now);
    stallTimer = setTimeout(checkStall, Math.max(50, next));
  }

  // A download or compile the first view waits for; counted while running, for the stall timer.
  function tracked(promise) {
    load.lastByte = performance.now();
    if (load.pending++ === 0 && performance.now() - bootAt >= STALL_MS) checkStall();
    var settle = function () { load.pending--; load.lastByte = performance.now(); };
    return promise.then(
      function (v) { settle(); return v; },
      function (e) { settle(); throw e; });
  }

  // Notes the time each part of a response's body arrives, for the stall rule (a copy of the body is read:
  // the response itself goes on whole to its reader, the wasm's streaming compile keeping its URL).
  // Resolves when the body has all arrived.
  function watchBytes(r) {
    load.lastByte = performance.now();
    if (folio._started || !r.body || typeof r.clone !== "function") return Promise.resolve();
    var reader = r.clone().body.getReader();
    return (function next() {
      return reader.read().then(function (part) {
        if (part.done) return;
        load.lastByte = performance.now();
        return next();
      });
    })().catch(function () {});
  }

  function fetchOk(url, init) {
    return fetch(url, init).catch(function (e) {
      throw new Error(String(e && e.message || e) + " for " + url); // which file, in the console
    }).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status + " for " + url);
      watchBytes(r);
      return r;
    });
  }
  // The book's own requests for an article's body (main.cpp, js_fetch_body): a download its first view
  // may wait for, so it counts for the stall rule as the others do.
  folio._download = function (url) {
    var response = fetch(url);
    tracked(response.then(watchBytes)).catch(function () {});
    return response;
  };

  // The wasm is fetched and compiled here, in parallel with the JS glue (Module.instantiateWasm below),
  // so that every failure of it is ours to report: Emscripten's own loader leaves a rejected promise
  // and a blank page when the download fails on the network.
  function compileWasm(url) {
    return fetchOk(url).then(function (r) {
      var streaming = typeof WebAssembly.compileStreaming === "function" &&
        (r.headers.get("content-type") || "").indexOf("application/wasm") === 0;
      if (streaming) return WebAssembly.compileStreaming(r).then(function (m) { mark("wasm-compiled"); return m; }).catch(function (e) { throw startError(e); });
      return r.arrayBuffer().then(function (b) { return WebAssembly.compile(b).catch(function (e) { throw startError(e); }); });
    });
  }
  function startError(e) {
    var err = new Error(String(e && e.message || e));
    err.kind = "start";
    return err;
  }

  // The text with a notice above it; the book, if it comes, is offered or takes over (bookArrived).
  // which: the proof's line to keep in place, as proofPlace.
  function showTextWhileLoading(which) {
    if (folio._started || load.failed || load.textShown) return;
    var place = proofPlace(which);
    notice(MESSAGES.waiting, "status");
    showText();
    keepPlace(place);
  }

  // Any failure: the text, and one sentence a visitor can act on. Details go to the console only.
  function fail(kind, detail) {
    if (load.failed) return;
    load.failed = true;
    var message = MESSAGES[kind] || MESSAGES.download;
    folio.error = message + (detail ? " (" + detail + ")" : "");
    console.warn("folio: " + (detail || kind));
    var place = proofPlace();
    notice(message, "alert");
    showText();
    keepPlace(place);
  }
  function failWith(e) { fail(e && e.kind === "start" ? "start" : "download", String(e && e.message || e)); }

  function showText() {
    if (!load.textShown) {
      load.textShown = true;
      watchReading();
      if (load.onText) load.onText(); // the proof will not be painted now: the book's files need not wait for it
    }
    html.classList.remove("canvas-loading", "canvas-on", "canvas-handover");
    html.classList.add("no-canvas");
  }

  // Once the reader scrolls, clicks, types or selects in the text, the book no longer replaces it by
  // itself: that would move what they are reading.
  function watchReading() {
    var reading = function () { load.reading = true; };
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

  // Everything the book needs has arrived. Nothing shown yet: start at once. The text is shown: take
  // over if the reader has not begun reading it, else offer the book.
  function bookArrived(results) {
    if (load.failed) return;
    if (!load.textShown) return start(results, false);
    if (!load.reading) return takeOver(results);
    offerBook(function () { takeOver(results); });
  }
  function offerBook(open) { notice(MESSAGES.arrived, "status", { label: folio.word("open_book"), run: open }); }

  // The canvas starts invisible above the text; at its first frame it replaces the text (bookShown).
  function takeOver(results) {
    fault.hidden = true;
    html.classList.add("canvas-handover");
    start(results);
  }

  function bookShown() {
    if (load.failed) return;
    html.classList.remove("canvas-loading", "canvas-handover", "no-canvas");
    html.classList.add("canvas-on");
    fault.hidden = true;
    // The later code is asked for at once: its download and compile are off the main thread, and the
    // sooner it is in, the less likely a reader's first act waits for it.
    loadLater();
    // Focused once the page has been styled for the hand-over (after the next frame): focused here, in the
    // book's first frame, it made the browser style and lay the page out at once (12-37 ms of that task).
    requestAnimationFrame(function () {
      setTimeout(function () {
        var active = document.activeElement;
        if (!load.failed && (!active || active === document.body)) canvas.focus({ preventScroll: true });
      }, 0);
    });
  }

  // The faces this route's first pages show come whole; for the others only their stand-ins (advances,
  // no outlines: the layout is the same) until the book asks for them (folio._loadFace). `folio build`
  // names the first ones in <meta name="folio-faces">; without it (or without stand-ins) every face comes.
  // They are the proof's files too, preloaded by the HTML: asked for at once.
  var firstFaces = (function () {
    var meta = document.querySelector('meta[name="folio-faces"]');
    if (!meta || !assets.metrics) return null;
    return meta.content.split(/\s+/).filter(Boolean).map(Number);
  })();
  function wholeAtFirst(i) { return !firstFaces || firstFaces.indexOf(i) >= 0; }
  // On the main routes a first face may come as its partial (the outlines of the main book's characters
  // only, measuring as the face; <meta name="folio-partial">): the book asks for the whole face when a run
  // needs a character it lacks, and the whole face then replaces it (folio._loadFace).
  var partialFaces = (function () {
    var meta = document.querySelector('meta[name="folio-partial"]');
    if (!meta || !firstFaces || !assets.partials) return [];
    return meta.content.split(/\s+/).filter(Boolean).map(Number);
  })();
  function partialAtFirst(i) { return partialFaces.indexOf(i) >= 0 && !!assets.partials[i]; }
  var faceFetches = [];
  function fetchFace(i) {
    return faceFetches[i] || (faceFetches[i] = fetchOk(assets.fonts[i]).then(function (r) { return r.arrayBuffer(); })
      .then(function (b) { mark("font-" + i); return b; }));
  }
  var fonts = assets.fonts.map(function (url, i) {
    if (partialAtFirst(i)) {
      return tracked(fetchOk(assets.partials[i]).then(function (r) { return r.arrayBuffer(); }))
        .then(function (b) { mark("font-" + i); return { bytes: b, whole: false, partial: true }; });
    }
    if (wholeAtFirst(i)) return tracked(fetchFace(i)).then(function (b) { return { bytes: b, whole: true }; });
    return tracked(fetchOk(assets.metrics[i]).then(function (r) { return r.arrayBuffer(); }))
      .then(function (b) { return { bytes: b, whole: false }; });
  });
  Promise.all(fonts).catch(failWith);
  // The script faces behind every face (Arabic, CJK, symbols, ...: only those the site uses), whole, on
  // every page: the book measures with them. FontFaces for the proof and the text layer, which list them
  // after the face in their font stacks, as the book merges them behind it (src/ui/fonts.h).
  var scripts = (assets.scripts || []).map(function (url, k) {
    return tracked(fetchOk(url).then(function (r) { return r.arrayBuffer(); })).then(function (b) { mark("script-" + k); return b; });
  });
  folio._scriptFamilies = (assets.scripts || []).map(function (url, k) { return ', "folio-script-' + k + '"'; }).join("");
  folio._scriptFaces = Promise.all(scripts.map(function (bytes, k) {
    return bytes.then(function (b) {
      return new FontFace("folio-script-" + k, b.slice(0)).load().then(function (f) { document.fonts.add(f); return f; });
    });
  }));
  folio._scriptFaces.catch(function () {}); // a face that does not load: the proof does not show (showProof)
  // The proof's first paint; or the text, shown instead (a stall): the proof will not be painted then.
  proofShown = Promise.race([showProof(fonts), new Promise(function (resolve) { load.onText = resolve; })]);

  // The book's own files (the wasm, its JS glue, site.json) are asked for once the proof has been painted:
  // until then the proof's files have the connection to themselves, and the page's first paint (its LCP)
  // depends on nothing of the book's (docs/first-view.md, "Two stages").
  var wasmModule, data, bookRequested = false;
  function requestBook() {
    if (bookRequested || load.failed) return;
    bookRequested = true;
    nextTask(function () {
      if (load.failed) return;
      mark("book-requested");
      wasmModule = tracked(compileWasm(assets.wasm));
      var siteText = tracked(fetchOk("/site.json").then(function (r) { return r.text(); }).then(function (t) { mark("site-json"); return t; }));
      data = Promise.all([siteText, Promise.all(scripts)].concat(fonts));
      data.catch(failWith);
      wasmModule.catch(failWith);
      // The glue downloads with them but runs only with a context to draw on (loadGlue uses this download).
      var glue = document.createElement("link");
      glue.rel = "preload";
      glue.as = "script";
      glue.href = assets.js;
      document.head.appendChild(glue);
      // The context is made when the wasm and site.json are in, the moment the book needs it: made right
      // after the proof's paint, while the GPU process still drew that paint, it held the main thread
      // 83 ms (median, WebGL on the CPU) against 28 ms 150 ms later (docs/first-view.md).
      Promise.all([wasmModule, siteText]).then(function () {
        nextTask(function () {
          if (load.failed) return;
          if (makeContext()) loadGlue(); // the glue runs the program: only with a context to draw on
        });
      }, function () {});
    });
  }
  proofShown.then(requestBook);

  // The book's WebGL2 context, on its canvas, with main.cpp's attributes (init_gl): the wasm's
  // emscripten_webgl_create_context then gets this same context back (a canvas has one), so the first
  // context of the page, the slow one (a channel to the GPU process, SwiftShader set up), is made once.
  // Without one the page is its text, as in a browser without WebGL2, and the book's program never runs.
  var gpuCaughtUp = Promise.resolve(), shadersBuilt = Promise.resolve(), bookGl = null;
  function makeContext() {
    var gl = null;
    // The drawing buffer is made with the context at the size the book will draw at (main.cpp's
    // apply_canvas_size finds it so): resizing it later took 40 ms of main thread with WebGL on the CPU.
    var ratio = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round((canvas.clientWidth || window.innerWidth) * ratio));
    canvas.height = Math.max(1, Math.round((canvas.clientHeight || window.innerHeight) * ratio));
    try {
      gl = timed("gl-context", function () { return canvas.getContext("webgl2", GL_ATTRIBUTES); });
    } catch (e) {}
    if (gl) {
      bookGl = gl;
      gpuCaughtUp = caughtUp(gl, "gpu-caught-up");
      return true;
    }
    load.failed = true;
    html.classList.remove("canvas-loading", "canvas-on", "canvas-handover", "proof-on");
    html.classList.add("no-canvas");
    return false;
  }

  // Resolves when the GPU process has done what the context asked of it so far (setting itself up for
  // it; later, the drawing buffer and the shaders), learnt from a fence polled between tasks, which never
  // waits: a query made then finds it idle instead of waiting for it (with WebGL on the CPU, 20-70 ms of
  // main thread).
  function caughtUp(gl, name) {
    var sync = gl.fenceSync && gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (!sync) return Promise.resolve();
    gl.flush();
    var since = performance.now();
    return new Promise(function (resolve) {
      (function poll() {
        if (gl.getSyncParameter(sync, gl.SYNC_STATUS) !== gl.SIGNALED && performance.now() - since < 1000) return setTimeout(poll, 4);
        gl.deleteSync(sync);
        mark(name);
        resolve();
      })();
    });
  }

  // Each step of the book's start-up is a task of its own: the main thread is never held for long, so
  // the page stays responsive while the book starts (each step is short; Lighthouse's Total Blocking Time
  // counts every task over 50 ms). A message, not setTimeout: no 4 ms clamp between steps.
  var nextTask = (function () {
    var queue = [], channel = new MessageChannel();
    channel.port1.onmessage = function () { var fn = queue.shift(); if (fn) fn(); };
    return function (fn) { queue.push(fn); channel.port2.postMessage(0); };
  })();
  // Runs steps one task each, in order; stops when the load failed.
  function inTasks(steps) {
    var i = 0;
    (function next() {
      if (i >= steps.length || load.failed) return;
      nextTask(function () {
        if (load.failed) return;
        var go = steps[i++]();
        if (go && go.then) go.then(next); // a step that waits (for the GPU process)
        else if (go !== false) next();
      });
    })();
  }

  function loadGlue() {
    defineModule();
    var script = document.createElement("script");
    script.src = assets.js;
    var done = tracked(new Promise(function (resolve, reject) {
      script.onload = function () { mark("glue"); resolve(); };
      script.onerror = function () { reject(new Error("the script " + assets.js + " did not load")); };
    }));
    done.catch(failWith);
    document.body.appendChild(script);
  }

  //---- [SECTION] The proof: the first page as the book sets it, in the wasm's own font downloads ----

  // One FontFace per face's bytes, shared by the proof and the text layer (web/textlayer.js): the browser
  // decodes a face at its first use, once per FontFace, so a second FontFace of the same bytes made the text
  // layer's first build decode every face again (10-60 ms of main thread for 29 runs). Resolves to the
  // loaded FontFace; a face's later bytes (the whole face after its partial) get a family of their own.
  var fontFaces = [];
  folio._face = function (i, bytes) {
    var known = fontFaces[i] || (fontFaces[i] = []);
    for (var k = 0; k < known.length; k++) if (known[k].bytes === bytes) return known[k].loaded;
    var face = new FontFace("folio-face-" + i + (known.length ? "-" + known.length : ""), bytes.slice(0));
    var loaded = face.load().then(function (f) { document.fonts.add(f); return f; });
    known.push({ bytes: bytes, loaded: loaded });
    return loaded;
  };

  // The build wrote the page this address opens on into the HTML (#proof, docs/first-view.md). Its
  // faces are the files the wasm reads: one download each, handed to the page as FontFaces here (a CSS
  // @font-face would be a second request). It shows once the faces it uses are in. Returns a promise of
  // the proof's first paint (at once when there is no proof, or it cannot show).
  function showProof(fonts) {
    var proof = document.getElementById("proof");
    if (!proof || typeof FontFace !== "function") return Promise.resolve();
    var used = (proof.getAttribute("data-faces") || "").split(",").filter(Boolean).map(Number);
    var faces = Promise.all(used.map(function (i) {
      // A face the route's first pages show comes whole at first; another (a stand-in for the book) is
      // fetched whole once, and the book's later request for it is the same one (fetchFace).
      // On a main route the partial is enough: the proof shows only the main book's characters.
      var whole = wholeAtFirst(i) || partialAtFirst(i) ? fonts[i].then(function (font) { return font.bytes; }) : fetchFace(i);
      return whole.then(function (bytes) { return folio._face(i, bytes); });
    }).concat([folio._scriptFaces])).then(function () {
      mark("proof-faces");
      html.classList.add("proof-on");
      load.proofAt = performance.now();
      listenToProof(proof);
      return painted(proof);
    });
    return faces.then(null, function () {}); // a face that does not load: no proof, and nothing waits for it
  }

  // Resolves once the proof has reached the screen: the browser's own report of it (an LCP candidate in the
  // proof; where LCP is not reported, the first contentful paint; else two animation frames). A page
  // that is not being rendered (a background tab) paints nothing: then at once.
  function painted(proof) {
    return new Promise(function (resolve) {
      var observer = null;
      var done = function () {
        if (!resolve) return;
        mark("proof-painted");
        if (observer) observer.disconnect();
        resolve();
        resolve = null;
      };
      if (document.visibilityState === "hidden") return done();
      document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") done(); });
      var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
      var type = types.indexOf("largest-contentful-paint") >= 0 ? "largest-contentful-paint" : types.indexOf("paint") >= 0 ? "paint" : "";
      if (type) {
        observer = new PerformanceObserver(function (list) {
          list.getEntries().forEach(function (e) {
            if (type === "paint" ? e.name === "first-contentful-paint" : e.element && proof.contains(e.element)) done();
          });
        });
        observer.observe({ type: type, buffered: true });
        // A reader's input ends LCP reports; the proof has been painted long before a reader acts on it. On a
        // machine too busy to report the paint within the bound, the book is asked for anyway (the mark says so).
        setTimeout(function () { if (resolve) mark("proof-wait-expired"); done(); }, 3000);
      } else {
        requestAnimationFrame(function () { requestAnimationFrame(done); });
      }
    });
  }

  //---- [SECTION] The proof answers the reader: scrolling it before the book has drawn ----

  // The proof is up until the book's first frame: 0.3 s here, seconds on a slow phone link. It scrolls as
  // the book would (wheel, one finger, the scrolling keys), as far as it has ink (the page or spread it
  // opens on; on a pocket page the next page's top), and the book then opens where the reader is
  // (folio_start's proof_scroll), so its first frame draws what the proof showed; once it has opened,
  // while it waits for the rest of its first view (an article's body), each move is passed on to it.
  // Until the book shows, its own handlers get none of this input (the proof takes the pointer; the keys it
  // answers go no further), so nothing is counted twice. Its links are real links (src/ui/proof.cpp).
  var proofScroll = { y: 0, max: -1, beyond: 0, toBook: null };
  function proofScrollable() {
    return html.classList.contains("proof-on") && !html.classList.contains("canvas-on") &&
      !html.classList.contains("no-canvas") && !load.textShown;
  }
  // How far the shown variant's ink reaches below the window at no scroll: a page's foot and the desk
  // below it, or the last line of a page shown only in part. Rounded down: the proof never shows where the
  // book has ink the proof has not.
  // The variant this window shows (one per page size: the others are not displayed), and its shown runs.
  function shownVariant(proof) {
    return Array.prototype.find.call(proof.querySelectorAll(".pv"), function (v) { return v.offsetWidth > 0; });
  }
  function shownRuns(proof) {
    return Array.prototype.filter.call(proof.querySelectorAll(".pg span, .pg a"), function (run) { return run.offsetParent !== null; });
  }
  function proofScrollMax(proof) {
    var variant = shownVariant(proof);
    if (!variant) return 0;
    var reach = 0, pad = parseFloat(getComputedStyle(proof).getPropertyValue("--top-pad")) || 0; // the desk below the last page
    variant.querySelectorAll(".pg").forEach(function (pg) {
      var r = pg.getBoundingClientRect();
      if (!r.height) return; // the other page of a spread, where spreads are not shown
      if (!pg.classList.contains("next")) { reach = Math.max(reach, r.bottom + pad); return; }
      pg.querySelectorAll("span, a, i").forEach(function (ink) { reach = Math.max(reach, ink.getBoundingClientRect().bottom); });
    });
    return Math.max(0, Math.floor(reach + proofScroll.y - window.innerHeight));
  }
  function scrollProof(proof, dy) {
    if (!dy) return;
    if (proofScroll.max < 0) proofScroll.max = proofScrollMax(proof);
    // End (an infinite move) goes to the end and no further; a finite move past it is a push, counted only
    // while it would bring the text.
    var over = isFinite(dy) ? proofScroll.y + dy - proofScroll.max : 0;
    proofScroll.beyond = over > 0 && pushMeansText(proof) ? proofScroll.beyond + over : 0;
    if (proofScroll.beyond > window.innerHeight / 4) return pushedPastProof();
    var y = Math.max(0, Math.min(proofScroll.max, Math.round(proofScroll.y + dy)));
    if (y === proofScroll.y) return;
    if (proofScroll.toBook) proofScroll.toBook(y - proofScroll.y);
    proofScroll.y = y;
    proof.style.setProperty("--sy", y + "px");
  }
  // Whether the shown variant's whole pages are all the route's pages (a short article): then there is
  // nothing more to read past its end.
  function proofHoldsAll(proof) {
    var variant = shownVariant(proof);
    if (!variant || variant.classList.contains("cut")) return false;
    var whole = Array.prototype.filter.call(variant.querySelectorAll(".pg"), function (pg) {
      return !pg.classList.contains("next") && pg.getBoundingClientRect().height > 0;
    }).length;
    return whole >= parseInt(variant.style.getPropertyValue("--ns"), 10);
  }

  // A push past the proof's end brings the text only when the book is far off: its files still coming
  // and the proof up for STALL_MS already (on a good link the book follows the proof within a second, and
  // the text for that second would be a flash and a lost hand-over), and only if there is more to read.
  function pushMeansText(proof) {
    return load.pending > 0 && performance.now() - load.proofAt >= STALL_MS && !proofHoldsAll(proof);
  }

  // The reader goes on past the proof's last line (a quarter of a window's worth of pushing) while the
  // book is far off: the text, which holds the rest, takes the proof's place, with the last line they
  // saw where they saw it, and the book comes only when asked for (they are reading).
  function pushedPastProof() {
    load.reading = true;
    showTextWhileLoading("last");
  }

  // The proof's line the reader is looking at, to keep in place when the text takes the proof's place:
  // which is "last" (the lowest line whole on screen), or by default the highest, and then only when the
  // reader has scrolled the proof (unscrolled, the text opens at its top, under the notice). Returns the
  // runs whole on screen, that line's first and the longest first, then the next lines' (the text may set
  // a run otherwise, "« writing" as "← writing"): each its words and the height of its middle (the
  // text's lines are taller or shorter: their middles are matched); or null.
  function proofPlace(which) {
    var proof = document.getElementById("proof");
    if (!proof || !proofScrollable() || (which !== "last" && proofScroll.y === 0)) return null;
    var runs = [];
    shownRuns(proof).forEach(function (run) {
      var words = run.textContent.replace(/\s+/g, " ").trim().replace(/[-\u2010\u00ad]$/, "");
      var r = run.getBoundingClientRect();
      if (words.length < 12 || r.top < 0 || r.bottom > window.innerHeight) return;
      runs.push({ words: words, top: Math.round(r.top), middle: (r.top + r.bottom) / 2 });
    });
    var down = which === "last" ? -1 : 1;
    return runs.sort(function (a, b) { return (a.top - b.top) * down || b.words.length - a.words.length; });
  }
  // Scrolls the page so that the first of the place's runs found in the text is where the proof showed it.
  function keepPlace(place) {
    for (var i = 0; place && i < place.length; i++) {
      var pattern = new RegExp(place[i].words.split(" ").map(function (w) {
        return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      }).join("\\s+"));
      var walker = document.createTreeWalker(textEl, NodeFilter.SHOW_TEXT), node, found = null;
      while ((node = walker.nextNode()) && !(found = pattern.exec(node.data)));
      if (!found) continue;
      var range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length);
      var box = range.getClientRects()[0];
      if (box) window.scrollBy(0, (box.top + box.bottom) / 2 - place[i].middle);
      return;
    }
  }

  // When the book opens: where to open it (past the route's place), and how to pass later moves on.
  function takeProofScroll(toBook) {
    proofScroll.toBook = toBook;
    return load.textShown ? 0 : proofScroll.y; // a late book takes over from the text, at the top
  }
  // The book's key and wheel steps, from the build (core/scroll.h, the proof's data-scroll).
  function scrollSteps(proof) {
    try { return JSON.parse(proof.dataset.scroll); } catch (e) { return null; }
  }
  // How far a key moves the proof, as App::scroll_key moves the book: lines and single pages by the steps;
  // where spreads show, a page key brings the next (or previous) row of spreads to the top.
  function keyMove(proof, steps, key, shift) {
    var page = Math.max(steps.minPage, window.innerHeight * steps.page), row = proofRowHeight(proof), y = proofScroll.y;
    var turn = function (down) {
      if (!row) return down ? page : -page;
      return down ? (Math.floor((y + steps.snapSlack) / row) + 1) * row - y : (Math.ceil((y - steps.snapSlack) / row) - 1) * row - y;
    };
    return { ArrowDown: steps.line, ArrowUp: -steps.line, PageDown: turn(true), PageUp: turn(false), " ": turn(!shift),
      Home: -Infinity, End: Infinity }[key];
  }
  // The distance between rows of spreads in the shown variant, or 0 where single pages show.
  function proofRowHeight(proof) {
    var variant = shownVariant(proof), pages = variant ? variant.querySelectorAll(".pg") : [];
    if (pages.length < 3) return 0;
    var a = pages[0].getBoundingClientRect(), b = pages[1].getBoundingClientRect();
    if (!b.height || Math.abs(a.top - b.top) > 1) return 0; // no spread: one page to a row
    return pages[2].getBoundingClientRect().top - a.top;
  }
  function listenToProof(proof) {
    var steps = scrollSteps(proof); // null only for a proof from another build: the keys and wheel stay the page's
    window.addEventListener("resize", function () { proofScroll.max = -1; });
    // As the book's own handlers (main.cpp, on_wheel), by the same steps.
    document.addEventListener("wheel", function (e) {
      if (e.ctrlKey || !steps || !proofScrollable()) return; // Ctrl+wheel and a trackpad's pinch zoom the page
      var unit = e.deltaMode === 1 ? steps.wheelLine : e.deltaMode === 2 ? window.innerHeight * steps.wheelPage : 1;
      scrollProof(proof, (e.shiftKey && !e.deltaX ? 0 : e.deltaY) * unit);
    }, { passive: true });
    var touchY = null;
    document.addEventListener("touchstart", function (e) { touchY = e.touches.length === 1 ? e.touches[0].clientY : null; }, { passive: true });
    document.addEventListener("touchmove", function (e) {
      if (touchY === null || e.touches.length !== 1 || !proofScrollable()) return;
      var y = e.touches[0].clientY;
      scrollProof(proof, touchY - y);
      touchY = y;
    }, { passive: true });
    // Tab goes through #text's links (the proof's are out of the tab order): the one focused is marked
    // where the proof shows a link to the same address, and scrolled into view as far as the proof can.
    var marked = [];
    var unmark = function () { marked.forEach(function (a) { a.classList.remove("focus"); }); marked = []; };
    textEl.addEventListener("focusin", function (e) {
      unmark();
      var link = e.target.closest && e.target.closest("a[href]");
      if (!link || !proofScrollable()) return;
      // The k-th link to that address in the text is the k-th in the proof (a wrapped link's runs are one).
      var href = link.getAttribute("href"), same = function (a) { return a.getAttribute("href") === href; };
      var k = Array.prototype.filter.call(textEl.querySelectorAll("a[href]"), same).indexOf(link);
      var first = Array.prototype.filter.call(proof.querySelectorAll(".pg a"), function (a) {
        var before = a.previousElementSibling;
        return same(a) && a.offsetParent !== null && !(before && before.tagName === "A" && same(before));
      })[k];
      if (!first) return;
      // Every run of it: a link that wraps is a run on each line.
      for (var a = first; a && a.tagName === "A" && same(a); a = a.nextElementSibling) marked.push(a);
      marked.forEach(function (a) { a.classList.add("focus"); });
      var r = first.getBoundingClientRect(), room = 48;
      if (r.bottom > window.innerHeight - room) scrollProof(proof, r.bottom - window.innerHeight + room);
      else if (r.top < room) scrollProof(proof, r.top - room);
    });
    textEl.addEventListener("focusout", unmark);
    document.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey || !steps || !proofScrollable()) return;
      var dy = keyMove(proof, steps, e.key, e.shiftKey);
      if (dy === undefined || (e.target && e.target.closest && e.target.closest("input, textarea, select, button, [contenteditable]"))) return;
      e.preventDefault(); // the page under the proof must not scroll instead
      e.stopPropagation(); // nor the book (main.cpp's keys are the window's), which is told by scrollProof
      scrollProof(proof, dy);
    });
  }

  //---- [SECTION] The proof answers the reader: selecting and copying its text ----

  // The proof's text can be selected as a page's can; a copy is its words in reading order, a space where
  // the proof leaves out a run of spaces (between two runs of a line) or a line ends, a blank line where a
  // block ends (the next line more than 1.9 line boxes below: a paragraph's lines are about 1.5 apart). The
  // book shows only once nothing in the proof is selected: hiding the proof would take the selection away.
  function proofSelection() {
    var sel = window.getSelection && getSelection(), proof = document.getElementById("proof");
    if (!proof || !sel || !sel.rangeCount || sel.isCollapsed) return null;
    var range = sel.getRangeAt(0);
    return range.intersectsNode(proof) ? range : null;
  }
  function proofLetGo() {
    if (!proofSelection()) return;
    mark("book-held-by-selection");
    return new Promise(function (resolve) {
      document.addEventListener("selectionchange", function check() {
        if (proofSelection()) return;
        document.removeEventListener("selectionchange", check);
        resolve();
      });
    });
  }
  // The proof's selected runs for folio.copyOf: each run that begins a block says what the block is (data-b).
  function proofCopy(range, asHtml) {
    var runs = [], block = "p", id = 0, page = null, pages = 0;
    shownRuns(document.getElementById("proof")).forEach(function (run) {
      if (run.dataset.b) { block = run.dataset.b; id++; }
      var pg = run.closest(".pg");
      if (pg !== page) { page = pg; pages++; }
      var t = run.firstChild;
      if (!t || !range.intersectsNode(t)) return;
      var from = range.startContainer === t ? range.startOffset : 0, to = range.endContainer === t ? range.endOffset : t.length;
      if (to <= from || block === "-") return; // not the furniture, which the book's layer leaves out too
      // Its line: the line box's top (--y, page units; runs of one line at other sizes share it), page by page.
      var r = run.getBoundingClientRect(), line = pages * 1e5 + parseFloat(run.style.getPropertyValue("--y"));
      runs.push({ text: t.data.slice(from, to), block: block, id: id, top: line, left: r.left, right: r.right,
        size: parseFloat(getComputedStyle(run).fontSize), href: run.tagName === "A" ? run.href : null });
    });
    return folio.copyOf(runs, asHtml);
  }
  document.addEventListener("copy", function (e) {
    var range = proofSelection();
    if (!range || !e.clipboardData || !proofScrollable()) return;
    e.clipboardData.setData("text/plain", proofCopy(range, false));
    e.clipboardData.setData("text/html", proofCopy(range, true));
    e.preventDefault();
  });

  //---- [SECTION] The code that comes later: what the first views do not run ----

  // The web build splits the wasm (tools/split_wasm.cjs): folio.wasm holds what the first views run, and
  // every other function is in folio.later.wasm, asked for once the book has drawn. Until it is in, the
  // wasm reaches a later function through a placeholder import, named by the function's slot in the
  // table; the later module, instantiated, puts the real functions in those slots.
  //
  // A reader quicker than the download never enters that code early: the book's input handlers and the
  // page's calls into the wasm for a reader's action go through folio.whenLater, which keeps the action
  // and answers it, in order, once the module is in. The page stays free meanwhile (a synchronous download
  // would freeze it for as long as the network takes); an action left unanswered for STALL_MS makes the
  // page its text. A placeholder called before the module is in by anything else (a first view the
  // profile did not cover) still gets it at once, synchronously, since the wasm waits on the call.
  var later = { primary: null, table: null, bytes: null, module: null, ready: false, loading: false, tries: 0,
    failed: null, waiting: [], idle: [], timer: 0 };
  function placeholders() {
    return new Proxy({}, {
      get: function (_, slot) {
        return function () {
          // Once the later code has failed the page is its text, and the book's leftover event handlers
          // get a no-op (the first call threw, which stopped the wasm where it was).
          if (!laterNow()) return 0;
          return later.table.get(Number(slot)).apply(null, arguments);
        };
      },
    });
  }
  function laterNow() {
    if (later.ready) return true;
    if (later.failed) return false;
    mark("later-now"); // a test asks that no first view gets here
    folio._laterEarly = (folio._laterEarly || 0) + 1;
    try {
      if (!later.module) later.module = new WebAssembly.Module(later.bytes || fetchNow(assets.wasmLater));
      laterInstantiate();
      return true;
    } catch (e) {
      later.failed = e;
      fail("download", String(e && e.message || e));
      throw e; // the wasm cannot go on without the function: it stops here, and the page is its text
    }
  }
  function laterInstantiate() {
    if (later.ready) return;
    new WebAssembly.Instance(later.module, { primary: later.primary });
    later.ready = true;
    mark("later-ready");
    clearTimeout(later.timer);
    var waiting = later.waiting;
    later.waiting = [];
    waiting.forEach(function (fn) { fn(); }); // the reader's actions, in the order they came
    var idle = later.idle;
    later.idle = [];
    idle.forEach(function (fn) { fn(); });
  }
  // Runs fn once the later code is in, without asking for it (work no reader waits on: the text layer's
  // pages off screen); never, if it does not come.
  folio.afterLater = function (fn) {
    if (!assets.wasmLater || later.ready) return fn();
    later.idle.push(fn);
  };
  // Runs fn, which may need the later code, now if the code is in, else once it is (see above).
  folio.whenLater = function (fn) {
    if (!assets.wasmLater || later.ready) return fn();
    if (load.failed) return;
    if (!later.waiting.length) {
      later.timer = setTimeout(function () { fail("download", "the book's code did not arrive in " + STALL_MS / 1000 + " s"); }, STALL_MS);
      mark("later-awaited"); // an action kept for the later code
    }
    later.waiting.push(fn);
    loadLater(); // again, if the download after the first frame failed
  };
  // The book's input handlers (main.cpp registers them in main()), wrapped so that an event before the later
  // code is in is kept for it (folio.whenLater) instead of entering the wasm.
  var INPUT_EVENT = /^(mouse|wheel|key|touch|pointer)/;
  // Until the book is shown it takes none of the reader's input: over the proof, the proof answers (and
  // passes its moves on); over the text (the book started but was not shown, or is offered), the book's
  // scrolling keys would stop the text from scrolling. A key's release, which the proof does not stop,
  // would otherwise wait for the later code, and on a slow link fail the book after STALL_MS.
  function withInputKept(register) {
    var add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (type, listener, options) {
      var kept = listener;
      if (INPUT_EVENT.test(type) && typeof listener === "function") {
        kept = function (e) {
          var target = this;
          if (!html.classList.contains("canvas-on")) return;
          if (!assets.wasmLater) return listener.call(target, e);
          // The book answers a one-finger touch on its canvas itself (main.cpp, on_touch): a kept one is
          // still kept from the browser, which would otherwise add a mouse click of its own to the tap.
          if (target === canvas && /^touch/.test(e.type) && e.cancelable && e.touches.length <= 1) e.preventDefault();
          folio.whenLater(function () { listener.call(target, e); });
        };
      }
      return add.call(this, type, kept, options);
    };
    try { register(); } finally { EventTarget.prototype.addEventListener = add; }
  }
  // A synchronous download: only for a placeholder called before the module's own download is in.
  function fetchNow(url) {
    var request = new XMLHttpRequest();
    request.open("GET", url, false);
    request.overrideMimeType("text/plain; charset=x-user-defined"); // bytes, as a window's sync request allows
    request.send();
    if (request.status !== 200) throw new Error("HTTP " + request.status + " for " + url);
    var text = request.responseText, bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    return bytes;
  }
  // Once the book has drawn: downloaded and compiled off the main thread, then instantiated in a task of
  // its own. A failure here is not the book's end (the reader may never need that code): it is asked for
  // again when an action needs it, and a second failure then makes the page its text.
  function loadLater() {
    if (!assets.wasmLater || !later.primary || later.loading || later.ready || load.failed) return;
    if (later.tries > 0 && !later.waiting.length) return; // not again until an action needs it
    later.loading = true;
    later.tries++;
    mark("later-requested");
    fetchOk(assets.wasmLater)
      .then(function (r) { return r.arrayBuffer(); })
      .then(function (b) { later.bytes = b; return WebAssembly.compile(b); })
      .then(function (m) { later.module = later.module || m; nextTask(laterInstantiate); })
      .catch(function (e) {
        later.loading = false;
        var why = String(e && e.message || e);
        if (!later.waiting.length) return console.warn("folio: the later code will be asked for again when needed (" + why + ")");
        if (later.tries < 2) return loadLater();
        later.failed = e;
        fail("download", why);
      });
  }

  //---- [SECTION] The renderer: Emscripten's Module, and starting the book ----

  // Emscripten's Module, defined only when the book is to start (the glue reads it as it runs).
  var Module;
  function defineModule() {
    Module = window.Module = {
      canvas: canvas,
      instantiateWasm: function (imports, receive) {
        wasmModule
          .then(function (m) {
            mark("instantiate:start");
            if (assets.wasmLater) imports.placeholder = placeholders();
            return WebAssembly.instantiate(m, imports).then(function (instance) {
              mark("instantiate:end");
              later.primary = instance.exports;
              for (var name in instance.exports) {
                if (instance.exports[name] instanceof WebAssembly.Table) later.table = instance.exports[name];
              }
              // the runtime starts and main() runs (and registers the book's input handlers)
              timed("main", function () { withInputKept(function () { receive(instance, m); }); });
            });
          })
          .catch(function (e) { failWith(e && e.kind ? e : startError(e)); });
        return {}; // exports arrive through receive
      },
      print: function () {},
      printErr: function (t) { console.warn(t); },
      onAbort: function (what) { fail(folio._started ? "stopped" : "start", "aborted: " + what); },
      // The book's files were asked for once the proof was painted; its start-up (the content, the GL
      // set-up, the layout, the first frame) follows as soon as they are in, one short task per step.
      postRun: [function () {
        mark("runtime");
        data.then(bookArrived, function () {});
      }],
    };
  }


  // Under forced colours, the system's colours as CSS gives them (Canvas, CanvasText, LinkText, VisitedText,
  // GrayText, Highlight, HighlightText), as the book reads them (src/ui/theme.h: parse_system_colors).
  function systemColours() {
    var probe = document.createElement("i");
    probe.style.cssText = "position:absolute;forced-color-adjust:none;visibility:hidden";
    document.body.appendChild(probe);
    var out = ["Canvas", "CanvasText", "LinkText", "VisitedText", "GrayText", "Highlight", "HighlightText"].map(function (name) {
      probe.style.color = name;
      var c = getComputedStyle(probe).color.match(/[\d.]+/g) || [0, 0, 0];
      return c[0] + " " + c[1] + " " + c[2] + " " + (c.length > 3 ? c[3] : 1);
    });
    probe.remove();
    return out.join(";");
  }

  // The canvas stays invisible above the proof (or the text, for a late book) until its first frame.
  function start(results) {
    mark("book-start");
    var siteText = results[0], scriptBytes = results[1], faces = results.slice(2);
    if (folio._fonts) folio._fonts(faces); // the text layer sets its text in the same faces
    // A face the book now wants (a page near the view shows it): once, whole. A failure is a failed download.
    folio._loadFace = function (face) {
      if (!assets.fonts[face]) return;
      tracked(fetchFace(face)).then(function (bytes) {
        if (folio._font) folio._font(face, bytes);
        Module._folio_add_font(face, wasm.give(bytes), bytes.byteLength);
      }, failWith);
    };
    // The script faces first: each face is merged with them as it is added.
    var steps = scriptBytes.map(function (bytes, k) {
      return function () { timed("add-script-" + k, function () { Module._folio_add_script_font(wasm.give(bytes), bytes.byteLength); }); };
    }).concat(faces.map(function (font, face) {
      var add = font.partial ? Module._folio_add_font_partial : font.whole ? Module._folio_add_font : Module._folio_add_font_metrics;
      return function () { timed("add-font-" + face, function () { add(face, wasm.give(font.bytes), font.bytes.byteLength); }); };
    }));
    steps.push(function () {
      timed("set-site", function () { wasm.withString(siteText, function (p, n) { Module._folio_set_site(p, n); }); });
    });
    inTasks(steps.concat(begin()));
  }

  // The rest of the start-up, one task per step (start runs them): the page's events and hooks, the GL
  // context and ImGui's back end, the shaders, ImGui's first frame, the route, the layout, the first frame.
  function begin() {
    var restore = history.state && typeof history.state.scroll === "number" ? history.state.scroll : -1;
    return [function () {
      mark("begin");
      var dark = window.matchMedia("(prefers-color-scheme: dark)");
      var reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
      var contrast = window.matchMedia("(prefers-contrast: more)");
      var forced = window.matchMedia("(forced-colors: active)");
      var dispatch = function (kind, a, b, c, s) {
        if (s === undefined) return Module._folio_dispatch(kind, a || 0, b || 0, c || 0, 0);
        wasm.withString(s, function (p) { Module._folio_dispatch(kind, a || 0, b || 0, c || 0, p); });
      };
      var resize = function () {
        dispatch(wasm.event.resize, canvas.clientWidth || window.innerWidth, canvas.clientHeight || window.innerHeight, window.devicePixelRatio || 1);
      };
      var colours = function () { dispatch(wasm.event.colours, dark.matches ? 1 : 0, contrast.matches ? 1 : 0, 0, forced.matches ? systemColours() : undefined); };
      colours();
      dispatch(wasm.event.reducedMotion, reduce.matches ? 1 : 0);
      // A reader's (or the system's) change, like their input, waits for the book's later code if it must.
      [dark, contrast, forced].forEach(function (mq) {
        mq.addEventListener("change", function () { folio.whenLater(colours); });
      });
      reduce.addEventListener("change", function () { folio.whenLater(function () { dispatch(wasm.event.reducedMotion, reduce.matches ? 1 : 0); }); });
      // The canvas is laid out (and drawn) invisible over the proof until its first complete frame; then it
      // replaces the proof in one step (bookShown).
      html.classList.add("canvas-handover");
      resize();
      new ResizeObserver(resize).observe(canvas);
      // devicePixelRatio changes (zoom, another screen) do not always resize the canvas: watch them too.
      (function watchRatio() {
        var mq = window.matchMedia("(resolution: " + (window.devicePixelRatio || 1) + "dppx)");
        mq.addEventListener("change", function () { resize(); watchRatio(); }, { once: true });
      })();
      window.addEventListener("popstate", function (e) {
        var scroll = e.state && typeof e.state.scroll === "number" ? e.state.scroll : 0;
        folio.route = location.pathname;
        var to = location.pathname + location.hash;
        folio.whenLater(function () { dispatch(wasm.event.route, scroll, 0, 0, to); });
      });
      // Test hooks: where a text is drawn, and the scroll offset.
      folio.box = function (text) {
        var r = wasm.floats(4, function (out) { return wasm.withString(text, function (p) { return Module._folio_find_box(p, out); }); });
        var f = r.fields;
        return r.returned ? { x: f[0], y: f[1], width: f[2], height: f[3] } : null;
      };
      folio.scroll = function () { return Module._folio_scroll(); };
      // Opens a route of the book in a new history entry (search results; web/find.js).
      folio.go = function (url) {
        folio.pushRoute(url, Module._folio_scroll());
        dispatch(wasm.event.route, 0, 0, 0, location.pathname);
      };
      // How the text reads now, from the layout: CSS px of the body and of the smallest text, the scale.
      folio.metrics = function () {
        var f = wasm.floats(6, Module._folio_metrics).fields;
        return { bodyPx: f[0], smallestPx: f[1], scale: f[2], spreads: f[3] === 1, pageWidth: f[4], pocket: f[5] === 1 };
      };
      folio.shownError = function () { return Module.UTF8ToString(Module._folio_error()); };
    }, function () {
      return gpuCaughtUp;
    }, function () {
      if (timed("gl", function () { return Module._folio_init_gl(0); })) return;
      fail("start", "no WebGL2 context");
      return false;
    }, function () {
      timed("shaders", function () { Module._folio_init_gl(1); });
      shadersBuilt = caughtUp(bookGl, "gpu-shaders-built");
    }, function () {
      timed("imgui", function () { Module._folio_init_gl(2); });
    }, function () {
      // The hash names a heading (#part-two): the book opens at it.
      timed("start", function () {
        wasm.withString(location.pathname + location.hash, function (p) { Module._folio_start(p, restore, takeProofScroll(function (dy) { Module._folio_dispatch(wasm.event.proofScrolled, dy, 0, 0, 0); })); });
      });
    }, function () {
      timed("lay-out", function () { Module._folio_lay_out(); });
    }, function () {
      return shadersBuilt; // the GPU process compiled them during the steps before: usually at once
    }, function () {
      if (timed("linked", function () { return Module._folio_init_gl(3); })) return;
      fail("start", "the book's shaders did not compile or link");
      return false;
    }, function () {
      // The first frame now, not at the next animation frame, which the browser, busy compositing the
      // proof, can hold back for 100 ms and more.
      Module._folio_draw_now();
      if (assets.preview) watchPreview();
    }];
  }

  // ./folio preview: pick up content changes (and check errors) without reloading the wasm.
  function watchPreview() {
    var seen = -1;
    setInterval(function () {
      fetch("/preview-status.json", { cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (st) {
          if (!st || st.version === seen) return;
          var first = seen === -1;
          seen = st.version;
          if (first && !st.errors) return;
          if (st.errors) {
            wasm.withString(st.errors, function (p) { Module._folio_set_error(p); });
            return;
          }
          return fetch("/site.json", { cache: "no-store" })
            .then(function (r) { return r.text(); })
            .then(function (text) { wasm.withString(text, function (p, n) { Module._folio_set_site(p, n); }); });
        })
        .catch(function () {});
    }, 400);
  }

})();
