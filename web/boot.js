// folio boot: fetches the content and fonts, starts the renderer, and forwards the DOM events that
// html5.h does not cover. No inline script anywhere (the CSP forbids it); strings reach the wasm as data.
// window.FOLIO_ASSETS (hashed asset paths) is prepended to this file by `folio build`.
(function () {
  "use strict";
  var html = document.documentElement;
  var assets = window.FOLIO_ASSETS;
  var canvas = document.getElementById("book");
  var fault = document.getElementById("fault");
  var firstFrame;
  var folio = (window.folio = {
    ready: new Promise(function (resolve) { firstFrame = resolve; }),
    framesDrawn: 0,
    route: location.pathname,
    error: null,
    _frameDrawn: function (n) {
      folio.framesDrawn = n;
      if (n === 1 || !folio._started) {
        folio._started = true;
        html.classList.remove("canvas-loading");
        firstFrame();
      }
    },
  });

  // Without WebGL2 or wasm the HTML text stays as it is: readable, styled, complete.
  function capable() {
    if (typeof WebAssembly !== "object" || !canvas) return false;
    try {
      return !!document.createElement("canvas").getContext("webgl2");
    } catch (e) {
      return false;
    }
  }
  if (!assets || !capable()) {
    html.classList.add("no-canvas");
    return;
  }
  html.classList.add("canvas-loading"); // at once: the text never flashes before the book

  function showFault(message) {
    folio.error = message;
    html.classList.remove("canvas-on", "canvas-loading");
    html.classList.add("no-canvas");
    fault.textContent = message;
    fault.hidden = false;
  }

  function fetchBytes(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error("could not load " + url + " (HTTP " + r.status + ")");
      return r.arrayBuffer();
    });
  }

  function copyIn(Module, bytes) {
    var ptr = Module._malloc(bytes.byteLength || 1);
    Module.HEAPU8.set(new Uint8Array(bytes), ptr);
    return ptr;
  }

  function withString(Module, s, fn) {
    var bytes = new TextEncoder().encode(s + "\0");
    var ptr = copyIn(Module, bytes);
    try { return fn(ptr, bytes.length - 1); } finally { Module._free(ptr); }
  }

  var data = Promise.all(
    [fetch("/site.json", { cache: "no-cache" }).then(function (r) {
      if (!r.ok) throw new Error("could not load the site content (HTTP " + r.status + ")");
      return r.text();
    })].concat(assets.fonts.map(fetchBytes))
  );

  var Module = (window.Module = {
    canvas: canvas,
    locateFile: function (path) { return path.endsWith(".wasm") ? assets.wasm : path; },
    print: function () {},
    printErr: function (t) { console.warn(t); },
    onAbort: function (what) { showFault("The book could not start: " + what); },
    postRun: [function () { data.then(start, function (e) { showFault(e.message + ". Reload the page to try again."); }); }],
  });

  function start(results) {
    var siteText = results[0];
    if (folio._fonts) folio._fonts(results.slice(1)); // the text layer sets its text in the same faces
    results.slice(1).forEach(function (bytes, face) {
      Module._folio_add_font(face, copyIn(Module, bytes), bytes.byteLength);
    });
    withString(Module, siteText, function (p, n) { Module._folio_set_site(p, n); });
    var dark = window.matchMedia("(prefers-color-scheme: dark)");
    var reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
    var dispatch = function (kind, a, b, c, s) {
      if (s === undefined) return Module._folio_dispatch(kind, a || 0, b || 0, c || 0, 0);
      withString(Module, s, function (p) { Module._folio_dispatch(kind, a || 0, b || 0, c || 0, p); });
    };
    var resize = function () {
      dispatch(1, canvas.clientWidth || window.innerWidth, canvas.clientHeight || window.innerHeight, window.devicePixelRatio || 1);
    };
    dispatch(3, dark.matches ? 1 : 0);
    dispatch(4, reduce.matches ? 1 : 0);
    dark.addEventListener("change", function () { dispatch(3, dark.matches ? 1 : 0); });
    reduce.addEventListener("change", function () { dispatch(4, reduce.matches ? 1 : 0); });
    html.classList.add("canvas-on");
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
      dispatch(2, scroll, 0, 0, location.pathname + location.hash);
    });
    // Test hooks: where a text is drawn, and the scroll offset.
    folio.box = function (text) {
      var out = Module._malloc(16);
      var found = withString(Module, text, function (p) { return Module._folio_find_box(p, out); });
      var f = new Float32Array(Module.HEAPU8.buffer, out, 4);
      var r = found ? { x: f[0], y: f[1], width: f[2], height: f[3] } : null;
      Module._free(out);
      return r;
    };
    folio.scroll = function () { return Module._folio_scroll(); };
    // Opens a route of the book in a new history entry (search results; web/find.js).
    folio.go = function (url) {
      history.replaceState(Object.assign({}, history.state || {}, { scroll: Module._folio_scroll() }), "");
      history.pushState({ scroll: 0 }, "", url);
      folio.route = location.pathname;
      dispatch(2, 0, 0, 0, location.pathname);
      if (folio._routed) folio._routed(location.pathname);
    };
    // How the text reads now, from the layout: CSS px of the body and of the smallest text, the scale.
    folio.metrics = function () {
      var out = Module._malloc(24);
      Module._folio_metrics(out);
      var f = new Float32Array(Module.HEAPU8.buffer, out, 6);
      var m = { bodyPx: f[0], smallestPx: f[1], scale: f[2], spreads: f[3] === 1, pageWidth: f[4], pocket: f[5] === 1 };
      Module._free(out);
      return m;
    };
    folio.shownError = function () { return Module.UTF8ToString(Module._folio_error()); };
    var restore = history.state && typeof history.state.scroll === "number" ? history.state.scroll : -1;
    // The hash names a heading (#part-two): the book opens at it.
    var ok = withString(Module, location.pathname + location.hash, function (p) { return Module._folio_start(p, restore); });
    if (!ok) {
      html.classList.remove("canvas-on", "canvas-loading");
      html.classList.add("no-canvas");
      return;
    }
    canvas.focus({ preventScroll: true });
    if (assets.preview) watchPreview();
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
            withString(Module, st.errors, function (p) { Module._folio_set_error(p); });
            return;
          }
          return fetch("/site.json", { cache: "no-store" })
            .then(function (r) { return r.text(); })
            .then(function (text) { withString(Module, text, function (p, n) { Module._folio_set_site(p, n); }); });
        })
        .catch(function () {});
    }, 400);
  }

  var script = document.createElement("script");
  script.src = assets.js;
  script.onerror = function () { showFault("The book's program could not be loaded. Reload the page to try again."); };
  document.body.appendChild(script);
})();
