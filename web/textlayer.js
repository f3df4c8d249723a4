// folio text layer: real DOM text over the pages on screen, as PDF.js lays its text layer over a canvas.
// The wasm sends what to show as one JSON document per rebuild (src/ui/text_layer.h: the layout's boxes
// times the page's screen transform) and the scroll offset while scrolling (the layer follows with a
// transform; the DOM is not rebuilt). The ink is transparent: the canvas stays what people see, while
// the browser's selection, copy, context menu, link handling and find work on the layer.
// The layer is the accessible tree while the book runs (docs/layout.md says why); #text, the static
// text, is kept current for print and for the fallback when the book cannot run.
// This file is the layer itself: its elements, every page of the book in them in reading order (those on
// screen built from the document, the others filled while idle), its scroll, the faces it is set in. The
// scripts after it do the rest, each its own job, through folio.textLayer: layer_page.js (what a page's
// element holds), layer_select.js (selection and copy), layer_links.js (links, Tab and focus),
// layer_frame.js (#text, and the site's header and footer around the book).
// This file is joined into the boot script by `folio build`; it only touches window.folio and the DOM.
(function () {
  "use strict";
  var folio = window.folio, html = document.documentElement;
  if (!folio || !folio.bookCanRun) return; // not "no-canvas": the text may be shown while the book still loads
  var canvas = document.getElementById("book");

  //---- [SECTION] The layer's elements (present before the wasm registers its events on #layer)
  var layer = document.createElement("div");
  layer.id = "layer";
  layer.dir = "ltr"; // runs are placed from the left; a right-to-left run says so itself (it.d)
  var sheet = document.createElement("div");
  sheet.className = "sheet";
  layer.appendChild(sheet);
  canvas.after(layer);

  var pages = new Map(); // page index -> {el, sig, stub, place, lm}
  var data = null; // the last document
  var faces = []; // face index -> {family, m (its metrics)}: below
  var layerTop = 0; // the layer's scrollTop as last set: any other value is the browser's scroll-into-view
  folio.layerBuilds = 0;
  folio.layerTimes = []; // ms per rebuild (bench/)
  folio.layerFillTimes = []; // ms per page filled while idle, and when the layer last came to hold every page
  folio.layerWholeAt = null;

  // What the layer's other scripts share: its elements, the document and the pages now (theirs to read, this
  // file's to change), the faces; and what they give the layer to call (layer_page.js: pageElement,
  // fitRuns; layer_links.js: refocus; layer_frame.js: frame).
  var tl = (folio.textLayer = {
    layer: layer,
    sheet: sheet,
    faces: faces,
    get data() { return data; },
    get pages() { return pages; },
  });

  //---- [SECTION] Faces: the canvas's own fonts, with the metrics that turn ImGui sizes into CSS sizes
  // Dear ImGui's font size is the glyph box height (hhea ascender - descender); CSS's is the em. The
  // build measures each face once (src/core/fonts/face_metrics.h: em, ascent, mid) for the early page's
  // CSS and for this layer (FOLIO_ASSETS.faceMetrics).
  var fontsReady = null, fontsLoaded = false;
  var faceMetrics = (window.FOLIO_ASSETS || {}).faceMetrics || [];
  // The proof's FontFace when it is the same bytes (proof.js, folio.face): decoded once for both.
  function addFace(i, buf) {
    return folio.face(i, buf).then(function (loaded) { faces[i].family = loaded.family; });
  }
  // fonts[i]: {bytes, whole, partial}. A face that is neither whole nor partial yet is a stand-in (advances,
  // no outlines): its metrics are the face's; its runs are set in a fallback font, fitted to their boxes,
  // until the event "font" brings it. A partial measures as the face: the layer is set in it at once.
  folio.on("fonts", function (fonts) {
    fontsReady = Promise.all(fonts.map(function (font, i) {
      faces[i] = { family: "folio-face-" + i, m: faceMetrics[i] };
      return font.whole || font.partial ? addFace(i, font.bytes) : null;
    }).concat([folio.scriptFaces])).then(function () { // the script faces behind them (downloads.js)
      fontsLoaded = true;
      if (data) { var doc = data; data = null; build(doc); }
    }, function () {}); // faces that will not load: no layer, and #text stays the page's text
  });
  // A face that came later: the pages with runs in it are built again, now in the face itself (those on
  // screen at once, those off screen while idle).
  folio.on("font", function (i, buf) {
    addFace(i, buf).then(function () {
      var mark = new RegExp('"f":' + i + "[,}]");
      pages.forEach(function (entry) { if (mark.test(entry.sig)) { entry.sig = ""; entry.stub = true; } });
      if (fontsLoaded && data) build(data);
    }, function () {});
  });

  //---- [SECTION] Building: one page element per page on screen (layer_page.js), kept while the page stays
  // Where a page lies (with the fill, what its items depend on): a page filled while idle stays while both hold.
  function placeOf(doc, pg) { return doc.fill + "|" + doc.gen + "|" + doc.scale + "|" + doc.vw + "|" + pg.x + "|" + pg.y; }

  // In reading order, a run of pages of one landmark (the contents, an article) in its own element: a page
  // kept stays where it is, new ones go around it. The landmarks' elements have no box of their own (the
  // pages are placed on the sheet).
  var landmarks = [];
  function placePages(keep) {
    var before = null, run = null, used = 0;
    var put = function (parent, el, after) {
      if (after ? after.nextSibling !== el : parent.firstChild !== el) parent.insertBefore(el, after ? after.nextSibling : parent.firstChild);
    };
    keep.forEach(function (entry) {
      if (!entry.lm) {
        run = null;
        put(sheet, entry.el, before);
        before = entry.el;
        return;
      }
      if (!run || run.role !== entry.lm) {
        run = landmarks[used] || (landmarks[used] = { el: document.createElement("div") });
        used++;
        if (run.role !== entry.lm) {
          run.role = entry.lm;
          run.el.setAttribute("role", entry.lm);
          if (entry.lm === "navigation") run.el.setAttribute("aria-label", folio.word("contents"));
          else run.el.removeAttribute("aria-label");
        }
        put(sheet, run.el, before);
        before = run.el;
        run.last = null;
      }
      put(run.el, entry.el, run.last);
      run.last = entry.el;
    });
    landmarks.splice(used).forEach(function (r) { r.el.remove(); });
  }

  function build(doc) {
    var alert = doc.pages.length === 1 && doc.pages[0].alert;
    if (!fontsLoaded && !alert) { data = doc; return; } // built once the faces are in (an error page needs none)
    var t0 = performance.now();
    var focused = document.activeElement && layer.contains(document.activeElement) ? document.activeElement : null;
    // Focus survives a rebuild of the same route (a fold opened, a body arrived), never a new route's.
    var focusKey = focused && data && data.path === doc.path && { fold: focused.dataset.fold, p: focused.dataset.p, i: focused.dataset.i };
    // Every page of the book is in the layer, in reading order (the whole route reaches assistive technology):
    // the pages on screen with their runs, the others as stubs filled while idle. A page already filled
    // stays while it lies where it did, so a selection on it survives scrolling.
    var keep = new Map();
    doc.pages.forEach(function (pg) {
      var old = pages.get(pg.i), place = placeOf(doc, pg);
      if (pg.later) {
        keep.set(pg.i, old && old.place === place ? old : { el: tl.pageElement(pg), sig: "", stub: true, place: place, lm: pg.lm });
        return;
      }
      var sig = JSON.stringify(pg);
      keep.set(pg.i, old && old.sig === sig ? old : { el: tl.pageElement(pg), sig: sig, stub: false, place: place, lm: pg.lm });
    });
    pages.forEach(function (entry, i) { if (keep.get(i) !== entry) entry.el.remove(); });
    placePages(keep);
    pages = keep;
    tl.fitRuns();
    data = doc;
    scheduleFill();
    var c = doc.colors;
    layer.style.setProperty("--layer-selection", c.selection);
    layer.style.setProperty("--layer-focus", c.focus);
    layer.style.setProperty("--layer-link", c.link);
    fixed = !!alert;
    moveTo(doc.scroll);
    html.classList.toggle("layer-on", doc.pages.length > 0);
    // The book is the page's main content while the layer holds it (#text steps aside); a view drawn over
    // the desk (search) brings its own.
    if (doc.pages.length > 0) sheet.setAttribute("role", "main");
    else sheet.removeAttribute("role");
    tl.refocus(focusKey && !layer.contains(focused) ? focusKey : null); // layer_links.js
    folio.layerBuilds++;
    folio.layerTimes.push(performance.now() - t0);
    tl.frame(doc); // the site's header and footer, #text (layer_frame.js)
  }

  // The layer scrolls by whole pixels as the book does (scrollTop; the sheet's transform keeps the fraction),
  // so that the browser's own scroll-into-view of a node off screen (a screen reader's cursor, focus, find)
  // scrolls the layer: that scroll is handed to the book (below), and the canvas follows.
  // The error page stands still on screen (the canvas draws it there whatever the scroll): so does its layer.
  var fixed = false, layerHeight = 0;
  function moveTo(scroll) {
    if (fixed) scroll = 0;
    layer.scrollTop = Math.round(scroll);
    layerTop = layer.scrollTop; // less where the layer is shorter than the book's scroll (its end)
    layerHeight = layer.scrollHeight;
    sheet.style.transform = "translate3d(0," + (layerTop - scroll) + "px,0)";
  }
  layer.addEventListener("scroll", function () {
    var moved = layer.scrollTop - layerTop;
    if (!moved || !data || !window.Module) return;
    var now = data.scrollNow === undefined ? data.scroll : data.scrollNow;
    // The layer grew or shrank under its offset (a rebuild): the browser clamped it, nobody asked to go there.
    if (fixed || layer.scrollHeight !== layerHeight) return moveTo(now);
    layerTop = layer.scrollTop;
    folio.whenLater(function () { window.Module._folio_scroll_to(now + moved); });
  });

  // A layer is built in a task of its own, after the frame that sent it has reached the screen: the
  // frame's task (the wasm laying the pages out and drawing them) and this one (parsing the layer's
  // document, the page's elements, their style and layout in the book's faces) each stay short. Together
  // they were the longest task after the book's first frame (33 ms observed, 82 ms of Lighthouse's
  // blocking time), and after a preview's edit the canvas waited 10 to 30 ms for the layer. A timer alone
  // often ran before the browser's next frame: the task waits for that frame (a hidden page has none).
  // Documents that come before the task runs are replaced by the newest; so is a scroll sent meanwhile.
  var pending = null, pendingScroll = null;
  function afterNextFrame(fn) {
    if (document.hidden) return setTimeout(fn, 0);
    requestAnimationFrame(function () { setTimeout(fn, 0); });
  }
  folio.on("layer", function (json) {
    if (pending === null) afterNextFrame(buildPending);
    pending = json;
    pendingScroll = null;
  });
  function buildPending() {
    var json = pending, scroll = pendingScroll;
    pending = pendingScroll = null;
    build(JSON.parse(json));
    if (scroll !== null) scrollLayer(scroll);
  }
  function scrollLayer(scroll) {
    if (data) data.scrollNow = scroll;
    moveTo(scroll);
  }
  folio.on("layerScroll", function (scroll) {
    if (pending !== null) pendingScroll = scroll;
    else scrollLayer(scroll);
  });

  //---- [SECTION] The pages off screen: filled while idle, a few at a time, nearest the screen first
  // A slice of filling stops after this long (ms): an idle period may last 50 ms, and a task that long on a
  // phone 4 times slower blocks the page (Lighthouse's total blocking time counted every slice).
  var FILL_SLICE_MS = 8;
  var fillPending = false;
  function scheduleFill() {
    if (fillPending || !data) return;
    var stubs = 0;
    pages.forEach(function (entry) { if (entry.stub) stubs++; });
    if (!stubs) return;
    fillPending = true;
    var idle = window.requestIdleCallback || function (fn) { return setTimeout(function () { fn({ timeRemaining: function () { return 8; } }); }, 50); };
    idle(function (deadline) {
      fillPending = false;
      folio.afterLater(function () { fillSome(deadline); }); // never asks for the later code itself
    }, { timeout: 2000 });
  }
  function fillSome(deadline) {
    var M = window.Module, doc = data;
    if (!doc || !M || !M._folio_layer_page) return;
    var near = doc.scrollNow === undefined ? doc.scroll : doc.scrollNow;
    var stubs = [];
    pages.forEach(function (entry, i) { if (entry.stub) stubs.push(i); });
    var top = function (i) { return Math.abs(parseFloat(pages.get(i).el.style.top) - near); };
    stubs.sort(function (a, b) { return top(a) - top(b); });
    var start = performance.now();
    for (var k = 0; k < stubs.length; k++) {
      if (k > 0 && (deadline.timeRemaining() < 4 || performance.now() - start > FILL_SLICE_MS)) break;
      var t0 = performance.now();
      var got = JSON.parse(M.UTF8ToString(M._folio_layer_page(stubs[k])));
      if (!got.page || got.fill !== doc.fill || got.gen !== doc.gen) return; // a new document is on its way
      var old = pages.get(stubs[k]), el = tl.pageElement(got.page);
      old.el.replaceWith(el);
      pages.set(stubs[k], { el: el, sig: JSON.stringify(got.page), stub: false, place: old.place, lm: got.page.lm });
      tl.fitRuns();
      folio.layerFillTimes.push(performance.now() - t0);
      if (k === stubs.length - 1) folio.layerWholeAt = performance.now();
    }
    scheduleFill();
  }
})();
