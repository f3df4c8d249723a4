// folio later: the book's code the first views do not run (folio.later.wasm), asked for once the book
// has drawn, and the reader's actions kept for it meanwhile (folio.whenLater).
(function () {
  "use strict";
  var folio = window.folio, assets = window.FOLIO_ASSETS, loader = folio.loader;
  if (!folio.bookCanRun) return;
  var canvas = document.getElementById("book");

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
    failed: null, waiting: [], idle: [], timer: 0, early: 0 };
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
    folio.mark("later-now"); // a test asks that no first view gets here
    later.early++;
    try {
      if (!later.module) later.module = new WebAssembly.Module(later.bytes || fetchNow(assets.wasmLater));
      laterInstantiate();
      return true;
    } catch (e) {
      later.failed = e;
      loader.fail("download", String(e && e.message || e));
      throw e; // the wasm cannot go on without the function: it stops here, and the page is its text
    }
  }
  function laterInstantiate() {
    if (later.ready) return;
    new WebAssembly.Instance(later.module, { primary: later.primary });
    later.ready = true;
    folio.mark("later-ready");
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
    if (loader.failed()) return;
    if (!later.waiting.length) {
      later.timer = setTimeout(function () { loader.fail("download", "the book's code did not arrive in " + loader.STALL_MS / 1000 + " s"); }, loader.STALL_MS);
      folio.mark("later-awaited"); // an action kept for the later code
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
          if (!loader.is("book")) return;
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
    if (!assets.wasmLater || !later.primary || later.loading || later.ready || loader.failed()) return;
    if (later.tries > 0 && !later.waiting.length) return; // not again until an action needs it
    later.loading = true;
    later.tries++;
    folio.mark("later-requested");
    folio.downloads.fetchOk(assets.wasmLater)
      .then(function (r) { return r.arrayBuffer(); })
      .then(function (b) { later.bytes = b; return WebAssembly.compile(b); })
      .then(function (m) { later.module = later.module || m; loader.nextTask(laterInstantiate); })
      .catch(function (e) {
        later.loading = false;
        var why = String(e && e.message || e);
        if (!later.waiting.length) return console.warn("folio: the later code will be asked for again when needed (" + why + ")");
        if (later.tries < 2) return loadLater();
        later.failed = e;
        loader.fail("download", why);
      });
  }

  // start.js: the primary module's instance (its exports and table), and its input handlers registered.
  later.placeholders = placeholders;
  later.withInputKept = withInputKept;
  later.load = loadLater;
  // The later module compiled with the first (a site whose first view runs later code: downloads.js), put
  // in at once.
  later.adopt = function (module) {
    later.module = module;
    laterInstantiate();
  };
  later.instantiated = function (exports) {
    later.primary = exports;
    for (var name in exports) if (exports[name] instanceof WebAssembly.Table) later.table = exports[name];
  };
  folio.later = later; // early: how many times a first view called later code before it was in (tests)
})();
