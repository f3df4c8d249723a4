// folio start: the book's start-up and its hand-over. Once the early page has been painted, the book's
// files are asked for (downloads.js); with the wasm and site.json in, the WebGL2 context is made and
// Emscripten's glue runs (Module); then each step of the start-up is a task of its own, up to the first
// frame, which takes the early page's place (or the text's, or is offered: loader.js's states).
(function () {
  "use strict";
  var folio = window.folio, assets = window.FOLIO_ASSETS, loader = folio.loader, downloads = folio.downloads;
  if (!folio.bookCanRun) return;
  var later = folio.later;
  var wasm = window.folioWasm; // web/wasm.js: the wasm's memory, and the names of what crosses
  var canvas = document.getElementById("book");

  // The book's WebGL2 context attributes, as main.cpp's init_gl asks for them.
  var GL_ATTRIBUTES = { alpha: false, depth: false, stencil: false, antialias: false, premultipliedAlpha: false,
    preserveDrawingBuffer: false };

  //---- The book's files, once the early page has been painted ----

  folio.proof.shown.then(function () {
    if (loader.failed()) return;
    loader.nextTask(function () {
      if (loader.failed()) return;
      // The context is made when the wasm and site.json are in, the moment the book needs it: made right
      // after the proof's paint, while the GPU process still drew that paint, it held the main thread
      // 83 ms (median, WebGL on the CPU) against 28 ms 150 ms later (docs/first-view.md).
      downloads.requestBook().then(function () {
        loader.nextTask(function () {
          if (loader.failed()) return;
          if (makeContext()) loadGlue(); // the glue runs the program: only with a context to draw on
        });
      }, function () {});
    });
  });

  //---- The hand-over ----

  // Everything the book needs has arrived. Nothing shown yet: start at once. The text is shown: take
  // over if the reader has not begun reading it, else offer the book.
  function bookArrived(results) {
    if (loader.failed()) return;
    if (loader.is("desk", "proof")) return start(results);
    if (!loader.reading) return takeOver(results);
    offerBook(function () { takeOver(results); });
  }
  function offerBook(open) {
    loader.notice(loader.MESSAGES.arrived, "status", { label: folio.word("open_book"), run: open });
    loader.go("offered");
  }

  // The canvas starts invisible above the text; at its first frame it replaces the text (bookShown).
  function takeOver(results) {
    loader.go("takeover");
    start(results);
  }

  // complete: the route's first view is whole (an article's body is in): only then does the book take
  // the proof's place, so the page on screen never loses text it showed.
  folio.on("frame", function (n, complete) {
    folio.framesDrawn = n;
    if (loader.drawn || complete === 0) return;
    loader.drawn = true;
    // Never before the proof has been painted: it is the page's first paint (and its LCP); the canvas
    // keeps this frame until then.
    folio.mark("frame-drawn");
    folio.proof.shown.then(folio.proof.letGo).then(function () {
      if (loader.failed()) return;
      var show = function () { folio.mark("book-shown"); bookShown(); };
      // The text took the proof's place while the book waited for its first view, and the reader is in it.
      if (loader.is("text") && loader.reading) return offerBook(show);
      show();
    });
  });

  function bookShown() {
    if (loader.failed()) return;
    loader.go("book");
    // The later code is asked for at once: its download and compile are off the main thread, and the
    // sooner it is in, the less likely a reader's first act waits for it.
    later.load();
    // Focused once the page has been styled for the hand-over (after the next frame): focused here, in the
    // book's first frame, it made the browser style and lay the page out at once (12-37 ms of that task).
    requestAnimationFrame(function () {
      setTimeout(function () {
        var active = document.activeElement;
        if (!loader.failed() && (!active || active === document.body)) canvas.focus({ preventScroll: true });
      }, 0);
    });
  }

  // A face the book now wants (a page near the view shows it): once, whole. A failure is a failed download.
  folio.on("wantFace", function (face) {
    if (!assets.fonts[face]) return;
    downloads.tracked(downloads.face(face)).then(function (bytes) {
      folio.emit("font", face, bytes);
      window.Module._folio_add_font(face, wasm.give(bytes), bytes.byteLength);
    }, loader.failWith);
  });

  // A slice of a sliced script face the book now wants (a page near the view shows one of its characters):
  // once. A failure is a failed download.
  folio.on("wantSlice", function (script, slice) {
    if (!(assets.slices && assets.slices[script] && assets.slices[script][slice])) return;
    downloads.tracked(downloads.slice(script, slice)).then(function (bytes) {
      window.Module._folio_add_script_slice(script, slice, wasm.give(bytes), bytes.byteLength);
    }, loader.failWith);
  });

  //---- The WebGL2 context, the start-up's tasks, the glue ----

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
      gl = folio.timed("gl-context", function () { return canvas.getContext("webgl2", GL_ATTRIBUTES); });
    } catch (e) {}
    if (gl) {
      bookGl = gl;
      gpuCaughtUp = caughtUp(gl, "gpu-caught-up");
      return true;
    }
    loader.go("static");
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
        folio.mark(name);
        resolve();
      })();
    });
  }

  // Runs steps one task each, in order; stops when the load failed.
  function inTasks(steps) {
    var i = 0;
    (function next() {
      if (i >= steps.length || loader.failed()) return;
      loader.nextTask(function () {
        if (loader.failed()) return;
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
    var done = downloads.tracked(new Promise(function (resolve, reject) {
      script.onload = function () { folio.mark("glue"); resolve(); };
      script.onerror = function () { reject(new Error("the script " + assets.js + " did not load")); };
    }));
    done.catch(loader.failWith);
    document.body.appendChild(script);
  }

  // Emscripten's Module, defined only when the book is to start (the glue reads it as it runs).
  var Module;
  function defineModule() {
    Module = window.Module = {
      canvas: canvas,
      instantiateWasm: function (imports, receive) {
        Promise.all([downloads.wasm, downloads.wasmLater])
          .then(function (modules) {
            var m = modules[0];
            folio.mark("instantiate:start");
            if (assets.wasmLater) imports.placeholder = later.placeholders();
            return WebAssembly.instantiate(m, imports).then(function (instance) {
              folio.mark("instantiate:end");
              later.instantiated(instance.exports);
              if (modules[1]) later.adopt(modules[1]); // the later code, in before main() (downloads.js)
              // the runtime starts and main() runs (and registers the book's input handlers)
              folio.timed("main", function () { later.withInputKept(function () { receive(instance, m); }); });
            });
          })
          .catch(function (e) { loader.failWith(e && e.kind ? e : downloads.startError(e)); });
        return {}; // exports arrive through receive
      },
      print: function () {},
      printErr: function (t) { console.warn(t); },
      onAbort: function (what) { loader.fail(loader.drawn ? "stopped" : "start", "aborted: " + what); },
      // The book's files were asked for once the proof was painted; its start-up (the content, the GL
      // set-up, the layout, the first frame) follows as soon as they are in, one short task per step.
      postRun: [function () {
        folio.mark("runtime");
        downloads.all.then(bookArrived, function () {});
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
    folio.mark("book-start");
    var siteText = results[0], scriptBytes = results[1], slices = results[2], faces = results.slice(3);
    folio.emit("fonts", faces); // the text layer sets its text in the same faces
    // The script faces first (a sliced one's stand-in, then the slices the first pages show): each face is
    // merged with them as it is added.
    var steps = scriptBytes.map(function (bytes, k) {
      return function () { folio.timed("add-script-" + k, function () { Module._folio_add_script_font(wasm.give(bytes), bytes.byteLength); }); };
    }).concat(slices.length ? [function () {
      folio.timed("add-slices", function () {
        slices.forEach(function (s) { Module._folio_add_script_slice(s.script, s.slice, wasm.give(s.bytes), s.bytes.byteLength); });
      });
    }] : []).concat(faces.map(function (font, face) {
      var add = font.partial ? Module._folio_add_font_partial : font.whole ? Module._folio_add_font : Module._folio_add_font_metrics;
      return function () { folio.timed("add-font-" + face, function () { add(face, wasm.give(font.bytes), font.bytes.byteLength); }); };
    }));
    steps.push(function () {
      folio.timed("set-site", function () { wasm.withString(siteText, function (p, n) { Module._folio_set_site(p, n); }); });
    });
    inTasks(steps.concat(begin()));
  }

  // The rest of the start-up, one task per step (start runs them): the page's events and hooks, the GL
  // context and ImGui's back end, the shaders, ImGui's first frame, the route, the layout, the first frame.
  function begin() {
    var restore = history.state && typeof history.state.scroll === "number" ? history.state.scroll : -1;
    return [function () {
      folio.mark("begin");
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
      // The canvas is laid out (and drawn) invisible over the proof (or the text) until its first complete
      // frame; then it replaces it in one step (bookShown).
      if (loader.is("desk", "proof")) loader.go("starting");
      else if (loader.is("text")) loader.go("takeover");
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
      if (folio.timed("gl", function () { return Module._folio_init_gl(0); })) return;
      loader.fail("start", "no WebGL2 context");
      return false;
    }, function () {
      folio.timed("shaders", function () { Module._folio_init_gl(1); });
      shadersBuilt = caughtUp(bookGl, "gpu-shaders-built");
    }, function () {
      folio.timed("imgui", function () { Module._folio_init_gl(2); });
    }, function () {
      // The hash names a heading (#part-two): the book opens at it.
      folio.timed("start", function () {
        wasm.withString(location.pathname + location.hash, function (p) { Module._folio_start(p, restore, folio.proof.takeScroll(function (dy) { Module._folio_dispatch(wasm.event.proofScrolled, dy, 0, 0, 0); })); });
      });
    }, function () {
      folio.timed("lay-out", function () { Module._folio_lay_out(); });
    }, function () {
      return shadersBuilt; // the GPU process compiled them during the steps before: usually at once
    }, function () {
      if (folio.timed("linked", function () { return Module._folio_init_gl(3); })) return;
      loader.fail("start", "the book's shaders did not compile or link");
      return false;
    }, function () {
      // The first frame now, not at the next animation frame, which the browser, busy compositing the
      // proof, can hold back for 100 ms and more.
      Module._folio_draw_now();
      if (assets.preview && folio.watchPreview) folio.watchPreview();
    }];
  }
})();
