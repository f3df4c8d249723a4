// folio text layer: real DOM text over the pages on screen, as PDF.js lays its text layer over a canvas.
// The wasm sends what to show as one JSON document per rebuild (src/ui/text_layer.h: the layout's boxes
// times the page's screen transform) and the scroll offset while scrolling (the layer follows with a
// transform; the DOM is not rebuilt). The ink is transparent: the canvas stays what people see, while
// the browser's selection, copy, context menu, link handling and find work on the layer. Links are real
// <a href>; a plain click turns the page inside the book (the book's own policy, App::follow). Keyboard
// focus moves through the layer's links in reading order (Tab, Shift+Tab), turning pages as needed.
// The layer is the accessible tree while the book runs (docs/layout.md says why); #text, the static
// text, is kept current for print and for the fallback when the book cannot run.
// This file is joined into the boot script by `folio build`; it only touches window.folio and the DOM.
(function () {
  "use strict";
  var folio = window.folio, html = document.documentElement;
  if (!folio || !folio.bookCanRun) return; // not "no-canvas": the text may be shown while the book still loads
  var canvas = document.getElementById("book"), text = document.getElementById("text");

  //---- [SECTION] The layer's elements (present before the wasm registers its events on #layer)
  var layer = document.createElement("div");
  layer.id = "layer";
  layer.dir = "ltr"; // runs are placed from the left; a right-to-left run says so itself (it.d)
  var sheet = document.createElement("div");
  sheet.className = "sheet";
  layer.appendChild(sheet);
  canvas.after(layer);
  // The site's header and footer, the static page's own (#text's <header> and <footer>: src/core/site/emit.cpp),
  // as the banner and contentinfo landmarks around the book, in reading order. The book draws neither on
  // every page (its front page and contents are them), so they stay out of sight until one of their links
  // has the keyboard focus, and then show over the window's edge, as a skip link does.
  var banner = document.createElement("div"), footer = document.createElement("div");
  banner.className = "layer-banner";
  banner.setAttribute("role", "banner");
  footer.className = "layer-footer";
  footer.setAttribute("role", "contentinfo");
  layer.before(banner);
  layer.after(footer);

  var pages = new Map(); // page index -> {el, sig, stub, fill}
  var data = null; // the last document
  var layerTop = 0; // the layer's scrollTop as last set: any other value is the browser's scroll-into-view
  var pendingFocus = null; // {page, box}: focus that link once its page is in the layer
  var scratch = document.createElement("canvas").getContext("2d");
  folio.layerBuilds = 0;
  folio.layerTimes = []; // ms per rebuild (bench/)
  folio.layerFillTimes = []; // ms per page filled while idle, and when the layer last came to hold every page
  folio.layerWholeAt = null;

  //---- [SECTION] Faces: the canvas's own fonts, with the metrics that turn ImGui sizes into CSS sizes
  // Dear ImGui's font size is the glyph box height (hhea ascender - descender); CSS's is the em. The
  // build measures each face once (src/core/fonts/face_metrics.h: em, ascent, mid) for the early page's
  // CSS and for this layer (FOLIO_ASSETS.faceMetrics).
  var faces = [], fontsReady = null, fontsLoaded = false;
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

  //---- [SECTION] Building: one page element per page on screen, kept while the page stays
  function item(it, pageIndex) {
    var face = faces[it.f] || faces[0], m = face.m;
    var size = it.s * m.em; // the CSS font size whose glyph box is the canvas's
    var el = document.createElement(it.href ? "a" : "span");
    el.textContent = it.t;
    if (it.d) el.dir = "rtl"; // a right-to-left run: its logical text, set by the browser from the right
    if (it.lang) el.lang = it.lang; // a screen reader speaks it in its own language, as the static page's <span lang>
    if (it.href) el.href = it.href;
    if (it.fold) {
      el.dataset.fold = it.fold;
      el.setAttribute("role", "button");
    }
    if (it.href || it.fold) {
      el.dataset.l = it.l;
      el.tabIndex = it.c ? -1 : 0; // a wrapped link is one stop
    }
    el.dataset.i = it.i;
    el.dataset.p = pageIndex;
    el.dataset.x = it.x; // the run as the layout placed it (page px), for copy's spacing
    el.dataset.y = it.y;
    el.dataset.r = it.x + it.w;
    el.dataset.s = it.s;
    // The canvas puts the baseline a whole glyph ascent below the (truncated) glyph top; a line box of the
    // line's height puts it at its middle plus half the ascent and descent: so the top goes here.
    var baseline = Math.floor(it.g) + Math.ceil(it.s * m.ascent);
    var st = el.style;
    st.left = it.x + "px";
    st.top = baseline - it.h / 2 - size * m.mid + "px";
    st.height = st.lineHeight = it.h + "px";
    st.fontSize = size + "px";
    var family = face.family + (folio.scriptFamilies || ""); // the script faces behind it, as in the book
    st.fontFamily = family;
    unfitted.push({ el: el, it: it, font: size + "px " + family });
    return el;
  }

  // Each run is stretched to its width as drawn, so a selection covers what is seen: its natural width is
  // read from the layout, once for all new runs (one layout, which the page's next paint needs anyway),
  // rather than by a canvas's measureText (a second shaping of every run in fonts the canvas resolves on
  // its own: most of a rebuild's time). Where the layer is not laid out yet, measureText still serves.
  var unfitted = [];
  function fitRuns() {
    var runs = unfitted;
    unfitted = [];
    var widths = runs.map(function (r) { return r.el.getBoundingClientRect().width; });
    runs.forEach(function (r, k) {
      var natural = widths[k];
      if (!(natural > 0) && r.it.t.trim()) {
        scratch.font = r.font;
        natural = scratch.measureText(r.it.t).width;
      }
      var fit = natural > 0 ? r.it.w / natural : 1, st = r.el.style;
      st.transform = "scaleX(" + fit + ")";
      if (r.it.clip) st.clipPath = "inset(0 " + r.it.clip[1] / fit + "px 0 " + r.it.clip[0] / fit + "px)";
    });
  }

  // Words after a run for assistive technology only (Box::unseen: the year of a date the list shows
  // without it): in the tree, not drawn, not selected with the run, not copied (copy reads [data-i] runs).
  function unseen(it) {
    var el = document.createElement("span");
    el.className = "unseen";
    el.textContent = it.u;
    el.style.left = it.x + it.w + "px";
    el.style.top = it.y + "px";
    return el;
  }

  // A box the layer fills (a picture, a formula) where the layout put it.
  function place(el, it) {
    var st = el.style;
    st.left = it.x + "px";
    st.top = it.y + "px";
    st.width = it.w + "px";
    st.height = it.h + "px";
    return st;
  }

  function image(it) {
    var el = document.createElement("div");
    el.className = "img";
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", it.img);
    el.dataset.b = it.b;
    place(el, it);
    if (it.src) { // another host's picture: the canvas cannot draw it, so the layer does, in the same box
      var img = document.createElement("img");
      img.alt = ""; // the box says it (role img, its label)
      img.referrerPolicy = "no-referrer";
      img.decoding = "async";
      img.src = it.src;
      el.appendChild(img);
    }
    return el;
  }

  // A formula (src/ui/text_layer.cpp): the canvas leaves its place empty; here its picture is drawn in its
  // ink (the picture is a mask, as in the early page), and its MathML is what assistive technology reads.
  // Copy gives its TeX (selectedRuns).
  function formula(it, pageIndex) {
    var el = document.createElement(it.href ? "a" : "span");
    el.className = "fm";
    // A formula in a link follows it as the link's runs do (one keyboard stop a link: the runs').
    if (it.href) { el.href = it.href; el.dataset.l = it.l; el.tabIndex = -1; }
    el.dataset.i = it.i;
    el.dataset.p = pageIndex;
    el.dataset.x = it.x;
    el.dataset.y = it.y;
    el.dataset.r = it.x + it.w;
    el.dataset.s = it.h;
    el.dataset.tex = it.tx;
    var st = place(el, it);
    st.setProperty("--m", "url(" + JSON.stringify(it.fm) + ")");
    st.setProperty("--ink", "var(--pf-k" + it.ink + ")");
    var ink = document.createElement("i");
    ink.setAttribute("aria-hidden", "true");
    el.appendChild(ink);
    el.insertAdjacentHTML("beforeend", it.ml); // the build's MathML (Temml), never the author's markup
    return el;
  }

  function pageElement(pg) {
    var el = document.createElement("div"), st = el.style;
    el.className = "page";
    el.dataset.page = pg.i;
    st.left = pg.x + "px";
    st.top = pg.y + "px";
    st.width = pg.w + "px";
    st.height = pg.h + "px";
    if (pg.later) { el.classList.add("later"); return el; } // its items come while idle (fillLater)
    if (pg.alert) return messagePage(el, pg);
    var block = null, blockId = null, prev = null;
    var lists = []; // the lists open at this block, outermost first: {list, item, listEl, itemEl}
    var table = {}; // the table open on the page: {id, parent, el, row, rowEl, col, cellEl}
    pg.items.forEach(function (it) {
      if (it.b !== blockId || !block) {
        var parent = listItemFor(el, lists, it.L || []), kind = (it.k || "p").split(":");
        if (kind.length === 4) parent = tableCellFor(parent, table, kind);
        block = document.createElement("div");
        block.className = "block";
        block.dataset.b = it.k || "p"; // what it is (block_tag): copy puts its text in that element
        block.dataset.n = it.b;
        if (/^h[1-6]$/.test(kind[0])) {
          block.setAttribute("role", "heading");
          block.setAttribute("aria-level", kind[0][1]); // the static page's outline (Paragraph::heading)
        }
        if (kind[0] === "pre") block.classList.add("code");
        blockId = it.b;
        parent.appendChild(block);
        prev = null;
      } else if (prev) {
        // Spaces between runs are gaps on the canvas; in the DOM they make words for readers and find.
        var sep = it.y === prev.y ? (folio.spaced(it.x - (prev.x + prev.w), it.s) ? " " : "") : block.classList.contains("code") ? "\n" : " ";
        if (sep) block.appendChild(document.createTextNode(sep));
      }
      block.appendChild(it.img !== undefined ? image(it) : it.fm !== undefined ? formula(it, pg.i) : item(it, pg.i));
      if (it.u) block.appendChild(unseen(it));
      prev = it;
    });
    return el;
  }

  // Where a block goes: into the item of the innermost list it is in (it.L: list, item, ordered, ... from the
  // outermost), opening the lists and items it needs after those already open on the page, or the page
  // itself. Lists and items are roles on boxless elements: the runs are placed on the page all the same.
  function listItemFor(pageEl, open, path) {
    var depth = path.length / 3, d = 0;
    while (d < open.length && d < depth && open[d].list === path[3 * d] && open[d].item === path[3 * d + 1]) d++;
    var listEl = d < open.length && d < depth && open[d].list === path[3 * d] ? open[d].listEl : null; // its next item
    open.length = d;
    for (; d < depth; d++) {
      if (!listEl) {
        listEl = document.createElement("div");
        listEl.setAttribute("role", "list");
        (d ? open[d - 1].itemEl : pageEl).appendChild(listEl);
      }
      var itemEl = document.createElement("div");
      itemEl.setAttribute("role", "listitem");
      listEl.appendChild(itemEl);
      open.push({ list: path[3 * d], item: path[3 * d + 1], listEl: listEl, itemEl: itemEl });
      listEl = null;
    }
    return open.length ? open[open.length - 1].itemEl : pageEl;
  }

  // The page of an error (the canvas's MessagePage): its title and paragraphs, announced as an alert.
  // Where a table cell's block goes (its kind: "td" or "th", table, row, column): into its cell, in its row, in its
  // table, each made when first met on the page. A row's cells that have no runs (an empty cell) are made
  // empty all the same, so that a screen reader's columns line up. A table a page break cuts is two tables,
  // one on each page, as its rows are drawn.
  function tableCellFor(parent, open, kind) {
    var T = [+kind[1], +kind[2], +kind[3], kind[0] === "th"];
    if (open.id !== T[0] || open.parent !== parent) {
      open.id = T[0];
      open.parent = parent;
      open.el = document.createElement("div");
      open.el.setAttribute("role", "table");
      open.row = -1;
      parent.appendChild(open.el);
    }
    if (open.row !== T[1]) {
      open.rowEl = document.createElement("div");
      open.rowEl.setAttribute("role", "row");
      open.el.appendChild(open.rowEl);
      open.row = T[1];
      open.col = -1;
    }
    while (open.col < T[2]) {
      open.cellEl = document.createElement("div");
      open.cellEl.setAttribute("role", T[3] ? "columnheader" : "cell");
      open.rowEl.appendChild(open.cellEl);
      open.col++;
    }
    return open.cellEl;
  }

  function messagePage(el, pg) {
    el.classList.add("message");
    el.setAttribute("role", "alert");
    var title = document.createElement("div"), st = title.style;
    title.className = "msg";
    title.setAttribute("role", "heading");
    title.setAttribute("aria-level", "1");
    title.textContent = pg.title;
    st.left = pg.items.length ? pg.items[0].x + "px" : "0";
    st.top = pg.ty + "px";
    st.fontSize = pg.ts + "px";
    el.appendChild(title);
    pg.items.forEach(function (it) {
      var p = document.createElement("p"), ps = p.style;
      p.className = "msg";
      p.textContent = it.t;
      ps.left = it.x + "px";
      ps.top = it.y + "px";
      ps.width = it.w + "px";
      ps.fontSize = pg.bs + "px";
      el.appendChild(p);
    });
    return el;
  }

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
        keep.set(pg.i, old && old.place === place ? old : { el: pageElement(pg), sig: "", stub: true, place: place, lm: pg.lm });
        return;
      }
      var sig = JSON.stringify(pg);
      keep.set(pg.i, old && old.sig === sig ? old : { el: pageElement(pg), sig: sig, stub: false, place: place, lm: pg.lm });
    });
    pages.forEach(function (entry, i) { if (keep.get(i) !== entry) entry.el.remove(); });
    placePages(keep);
    pages = keep;
    fitRuns();
    data = doc;
    scheduleFill();
    var c = doc.colors;
    layer.style.setProperty("--layer-selection", c.selection);
    [layer, banner, footer].forEach(function (el) { el.style.setProperty("--layer-focus", c.focus); });
    frameNavigation(doc);
    layer.style.setProperty("--layer-link", c.link);
    fixed = !!alert;
    moveTo(doc.scroll);
    html.classList.toggle("layer-on", doc.pages.length > 0);
    // The book is the page's main content while the layer holds it (#text steps aside); a view drawn over
    // the desk (search) brings its own.
    if (doc.pages.length > 0) sheet.setAttribute("role", "main");
    else sheet.removeAttribute("role");
    if (focusKey && !layer.contains(focused)) refocus(focusKey);
    if (pendingFocus) focusStop(pendingFocus);
    folio.layerBuilds++;
    folio.layerTimes.push(performance.now() - t0);
    keepTextCurrent(doc.path);
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

  folio.on("layer", function (json) { build(JSON.parse(json)); });
  folio.on("layerScroll", function (scroll) {
    if (data) data.scrollNow = scroll;
    moveTo(scroll);
  });

  //---- [SECTION] The pages off screen: filled while idle, a few at a time, nearest the screen first
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
    for (var k = 0; k < stubs.length; k++) {
      if (k > 0 && deadline.timeRemaining() < 4) break;
      var t0 = performance.now();
      var got = JSON.parse(M.UTF8ToString(M._folio_layer_page(stubs[k])));
      if (!got.page || got.fill !== doc.fill || got.gen !== doc.gen) return; // a new document is on its way
      var old = pages.get(stubs[k]), el = pageElement(got.page);
      old.el.replaceWith(el);
      pages.set(stubs[k], { el: el, sig: JSON.stringify(got.page), stub: false, place: old.place, lm: got.page.lm });
      fitRuns();
      folio.layerFillTimes.push(performance.now() - t0);
      if (k === stubs.length - 1) folio.layerWholeAt = performance.now();
    }
    scheduleFill();
  }

  //---- [SECTION] Links: a plain click is the book's; modifiers, middle click and the menu are the browser's
  function stopOf(el) { return el && el.closest && el.closest("#layer a[data-l], #layer [data-fold]"); }
  function follow(el) {
    var href = el.dataset.fold || el.getAttribute("href");
    window.folioWasm.withString(href, window.Module._folio_follow);
  }
  layer.addEventListener("click", function (e) {
    var el = stopOf(e.target);
    if (e.detail === 3) selectBlock(e.target);
    if (!el || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    folio.whenLater(function () { follow(el); }); // the book's code for it may still be on its way
  });

  // A double click selects the word under the pointer, whatever was selected before (the browser would
  // start dragging the old selection when the click lands inside it), as on any page.
  var words = window.Intl && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "word" }) : null;
  function selectWordAt(x, y) {
    if (!words) return false;
    var at = document.caretRangeFromPoint && document.caretRangeFromPoint(x, y);
    var node = at && at.startContainer;
    if (!node || node.nodeType !== 3 || !node.parentNode.closest("#layer [data-i]")) return false;
    var offset = at.startOffset, seg = null;
    for (var s of words.segment(node.data)) {
      if (s.index <= offset && offset <= s.index + s.segment.length && s.isWordLike) { seg = s; break; }
    }
    if (!seg) return false;
    var r = document.createRange();
    r.setStart(node, seg.index);
    r.setEnd(node, seg.index + seg.segment.length);
    var sel = getSelection();
    sel.removeAllRanges();
    sel.addRange(r);
    return true;
  }
  layer.addEventListener("dblclick", function (e) {
    if (e.button === 0 && !e.shiftKey) selectWordAt(e.clientX, e.clientY);
  });

  // A long press of one finger on the text selects the word under it, as a phone's browser does on any
  // page (not every browser does it for the layer's text, whose touches the book also watches). A press is
  // held, then long (the word is selected, and the finger's lift is no tap), or ends as a tap or a drag.
  var LONG_PRESS_MS = 500, PRESS_SLOP = 8;
  var press = { state: "none", x: 0, y: 0, timer: 0 };
  function endPress(state) {
    clearTimeout(press.timer);
    press.state = state;
  }
  layer.addEventListener("touchstart", function (e) {
    endPress("none");
    if (e.touches.length !== 1) return;
    var t = e.touches[0];
    press = { state: "held", x: t.clientX, y: t.clientY, timer: setTimeout(function () {
      if (press.state === "held") endPress(selectWordAt(press.x, press.y) ? "long" : "none");
    }, LONG_PRESS_MS) };
  }, { passive: true });
  layer.addEventListener("touchmove", function (e) {
    var t = e.touches[0];
    if (press.state === "held" && (e.touches.length !== 1 || Math.abs(t.clientX - press.x) > PRESS_SLOP || Math.abs(t.clientY - press.y) > PRESS_SLOP)) endPress("none");
  }, { passive: true });
  layer.addEventListener("touchend", function (e) {
    if (press.state === "long" && e.cancelable) e.preventDefault(); // the lift of a long press is not a tap
    endPress("none");
  });
  layer.addEventListener("touchcancel", function () { endPress("none"); });

  // Dragging a selection to the top or bottom edge of the window scrolls the book on, the faster the
  // nearer the edge, and the selection follows the pointer over the text that comes, as on any page.
  var EDGE_BAND = 40; // CSS px at each edge of the window
  var edgeDrag = null; // {x, y, step, anchor, focus}: the pointer in an edge band with a selection drag on
  var edgeEnds = null; // [anchor, focus] of the latest edge drag, kept when the button comes up
  // A point of the selection as a run and an offset in it: a run's element is made again when its face
  // arrives (the event "font") or its page is filled, and the point still finds its text.
  function runPoint(node, offset) {
    var run = node && (node.nodeType === 3 ? node.parentNode : node).closest("#layer [data-i]");
    return run ? { p: run.dataset.p, i: run.dataset.i, o: node.nodeType === 3 ? offset : 0 } : null;
  }
  function runText(pt) {
    var run = pt && sheet.querySelector('.page[data-page="' + pt.p + '"] [data-i="' + pt.i + '"]');
    return run && run.firstChild && run.firstChild.nodeType === 3 ? run.firstChild : null;
  }
  function selectRuns(a, f) {
    var at = runText(a), to = runText(f);
    if (at && to) getSelection().setBaseAndExtent(at, Math.min(a.o, at.length), to, Math.min(f.o, to.length));
  }
  window.addEventListener("mousemove", function (e) {
    var band = 0, h = window.innerHeight;
    if (layer.classList.contains("selecting") && e.buttons & 1)
      band = e.clientY < EDGE_BAND ? e.clientY - EDGE_BAND : e.clientY > h - EDGE_BAND ? e.clientY - (h - EDGE_BAND) : 0;
    var was = edgeDrag, sel = getSelection();
    edgeDrag = band ? { x: e.clientX, y: Math.max(1, Math.min(h - 1, e.clientY)), step: Math.sign(band) * Math.max(2, Math.abs(band) * 0.6),
      // Where the drag began: the browser may move the selection's anchor as the text moves under a still pointer.
      anchor: was ? was.anchor : sel.rangeCount ? runPoint(sel.anchorNode, sel.anchorOffset) : null, focus: was ? was.focus : null } : null;
    if (edgeDrag && !was) requestAnimationFrame(edgeScroll);
    if (!edgeDrag) edgeEnds = null; // back over the text: the browser's selection is the reader's
  });
  function edgeScroll() {
    if (!edgeDrag || !layer.classList.contains("selecting") || !data) return (edgeDrag = null);
    var now = data.scrollNow === undefined ? data.scroll : data.scrollNow, to = now + edgeDrag.step;
    folio.whenLater(function () { window.Module._folio_scroll_to(to); });
    // The selection runs from where the drag began to the text under the pointer, or to the last text it
    // was over (the browser, moving it too, would end it on the gap between two paragraphs).
    var at = document.caretRangeFromPoint && document.caretRangeFromPoint(edgeDrag.x, edgeDrag.y);
    var under = at && at.startContainer.nodeType === 3 && runPoint(at.startContainer, at.startOffset);
    if (under) edgeDrag.focus = under;
    if (edgeDrag.anchor && edgeDrag.focus) {
      selectRuns(edgeDrag.anchor, edgeDrag.focus);
      edgeEnds = [edgeDrag.anchor, edgeDrag.focus];
    }
    requestAnimationFrame(edgeScroll);
  }

  // A click outside the text (the desk, the margins the canvas draws) clears the selection, as a click on
  // any page's background does; the book's own handling of the click (it takes the mouse) would keep it.
  canvas.addEventListener("mousedown", function (e) {
    if (e.button !== 0 || e.shiftKey) return;
    var sel = getSelection();
    if (sel.rangeCount && !sel.isCollapsed && sel.containsNode(sheet, true)) sel.removeAllRanges();
  });

  // Triple click selects the block (a paragraph), as on a web page.
  function selectBlock(target) {
    var block = target.closest && target.closest("#layer .block");
    if (!block) return;
    var runs = block.querySelectorAll("[data-i]");
    if (!runs.length) return;
    var r = document.createRange();
    r.setStart(runs[0].firstChild, 0);
    var last = runs[runs.length - 1].firstChild;
    r.setEnd(last, last.length);
    var sel = getSelection();
    sel.removeAllRanges();
    sel.addRange(r);
  }

  // While a mouse selection is in progress the whole layer takes the pointer, so a drag across the
  // gap between pages or spreads extends the selection instead of falling through to the canvas.
  layer.addEventListener("mousedown", function (e) {
    if (e.button === 0 && !stopOf(e.target)) layer.classList.add("selecting");
  });
  window.addEventListener("mouseup", function () {
    layer.classList.remove("selecting");
    // A drag that ended at the window's edge keeps what it selected: the browser's own end of the drag,
    // at a pointer over no text, would collapse it.
    var ends = edgeEnds;
    edgeEnds = null;
    if (ends) requestAnimationFrame(function () { selectRuns(ends[0], ends[1]); });
  });

  //---- [SECTION] Focus: Tab and Shift+Tab through every link of the book in reading order
  function wasmInts(fn) { // boundary.h's IntPair; null when fn returns 0
    var r = window.folioWasm.ints(2, fn);
    return r.returned === undefined || r.returned ? r.fields : null;
  }
  function stopElement(s) {
    return sheet.querySelector('.page[data-page="' + s.page + '"] [data-i="' + s.box + '"]');
  }
  function focusStop(s) {
    var el = stopElement(s);
    if (!el) { pendingFocus = s; return; }
    pendingFocus = null;
    el.focus({ preventScroll: true });
  }
  function refocus(key) {
    var sel = key.fold ? '[data-fold="' + CSS.escape(key.fold) + '"]' : '[data-p="' + key.p + '"][data-i="' + key.i + '"]';
    var el = sheet.querySelector(sel);
    if (el && el.tabIndex === 0) el.focus({ preventScroll: true });
  }
  function onScreen(el) {
    var r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }
  function step(dir) {
    var M = window.Module, active = stopOf(document.activeElement), from;
    if (active && active.tabIndex === 0) {
      from = [+active.dataset.p, +active.dataset.i];
    } else {
      var stops = Array.prototype.filter.call(sheet.querySelectorAll('[tabindex="0"]'), onScreen);
      if (stops.length) {
        var first = stops[dir > 0 ? 0 : stops.length - 1];
        from = [+first.dataset.p, +first.dataset.i];
        M._folio_reveal(from[0], from[1]);
        focusStop({ page: from[0], box: from[1] });
        return true;
      }
      // No link on screen: from the top of the first page on screen (or the end of the last one).
      var shown = wasmInts(function (p) { M._folio_pages(p); });
      var keys = [];
      pages.forEach(function (entry, i) { if (onScreen(entry.el)) keys.push(i); });
      from = dir > 0 ? [keys.length ? keys[0] : shown[0], -1] : [keys.length ? keys[keys.length - 1] + 1 : shown[1], 0];
    }
    var next = wasmInts(function (p) { return M._folio_link_stop(from[0], from[1], dir, p); });
    if (!next) return false; // the end of the book: focus leaves it, as it leaves a web page
    M._folio_reveal(next[0], next[1]);
    focusStop({ page: next[0], box: next[1] });
    return true;
  }
  window.addEventListener("keydown", function (e) {
    if (!data || !window.Module || !window.Module._folio_link_stop) return;
    var active = document.activeElement;
    var inBook = !active || active === document.body || active === canvas || layer.contains(active);
    if (!inBook) return; // a field of the page's own (the find bar) keeps its keys
    if (e.key === "Tab" && !e.ctrlKey && !e.altKey && !e.metaKey) {
      // Kept for the book when its code for it is not in yet (folio.whenLater): the book moves the focus then.
      var dir = e.shiftKey ? -1 : 1, inside = true;
      folio.whenLater(function () { inside = step(dir); });
      if (inside) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    } else if ((e.key === "Enter" || e.key === " ") && active && active.dataset && active.dataset.fold) {
      e.preventDefault();
      e.stopImmediatePropagation();
      folio.whenLater(function () { follow(active); });
    }
  }, true);
  // A link that gets focus some other way (the screen reader's cursor) is brought into view too.
  layer.addEventListener("focusin", function (e) {
    var el = stopOf(e.target);
    if (el && window.Module && window.Module._folio_reveal)
      folio.whenLater(function () { window.Module._folio_reveal(+el.dataset.p, +el.dataset.i); });
  });

  //---- [SECTION] Copy: what is selected, in reading order, blank lines between blocks, links kept
  function selectedRuns(range) {
    var out = [];
    sheet.querySelectorAll("[data-i]").forEach(function (el) {
      var t = el.firstChild, d = el.dataset, text;
      if (d.tex !== undefined) { // a formula is copied whole, as its TeX
        if (!range.intersectsNode(el)) return;
        text = d.tex;
      } else {
        if (!t || !range.intersectsNode(t)) return;
        var s = range.startContainer === t ? range.startOffset : 0;
        var e = range.endContainer === t ? range.endOffset : t.length;
        if (e <= s) return;
        text = t.data.slice(s, e);
      }
      var block = el.closest(".block");
      out.push({ text: text, block: block.dataset.b, id: +block.dataset.n, top: +d.y, left: +d.x, right: +d.r,
        size: +d.s, href: el.tagName === "A" ? el.href : null });
    });
    return out;
  }
  folio.selectedText = function () { return serialize(false); };
  function serialize(asHtml) {
    var sel = getSelection();
    if (!sel.rangeCount || sel.isCollapsed) return null;
    var runs = [];
    for (var i = 0; i < sel.rangeCount; i++) runs = runs.concat(selectedRuns(sel.getRangeAt(i)));
    return runs.length ? folio.copyOf(runs, asHtml) : null;
  }
  document.addEventListener("copy", function (e) {
    var sel = getSelection();
    if (!sel.rangeCount || sel.isCollapsed || !e.clipboardData) return;
    if (!layer.contains(sel.anchorNode) && !layer.contains(sel.focusNode) && !sel.containsNode(sheet, true)) return;
    var plain = serialize(false);
    if (plain === null) return;
    e.clipboardData.setData("text/plain", plain);
    e.clipboardData.setData("text/html", serialize(true));
    e.preventDefault();
  });

  //---- [SECTION] #text stays the page on screen's static text (print, and the fallback), route by route
  var textPath = null, textWanted = null;
  function siteFrame() {
    [[banner, "header"], [footer, "footer"]].forEach(function (pair) {
      var from = text.querySelector(pair[1]);
      pair[0].replaceChildren.apply(pair[0], from ? Array.from(from.childNodes).map(function (n) { return n.cloneNode(true); }) : []);
    });
    frameNavigation(null);
  }
  // The main book holds the header itself (its front page: the name and the tagline; its contents: the
  // chapters, the one navigation landmark), so there the banner steps aside and the tree says it once.
  // Other routes (an article, a tag, search) get the header.
  var mainBook = false;
  function frameNavigation(doc) {
    if (doc) mainBook = doc.pages.some(function (pg) { return pg.lm === "navigation"; });
    banner.hidden = mainBook;
  }
  function frameClick(e) {
    var a = e.target.closest("a[href]");
    if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    a.blur(); // the strip goes; the book shows where the link leads
    folio.whenLater(function () { follow(a); });
  }
  banner.addEventListener("click", frameClick);
  footer.addEventListener("click", frameClick);

  function keepTextCurrent(path) {
    if (textPath === null) { textPath = textWanted = path; folio.textPath = path; siteFrame(); return; }
    if (path === textWanted) return;
    textWanted = path;
    fetch(path === "/" ? "/" : path.replace(/\/?$/, "/"), { credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (body) {
        if (textWanted !== path) return; // another route came first
        var fresh = new DOMParser().parseFromString(body, "text/html").getElementById("text");
        if (!fresh) return;
        text.replaceChildren.apply(text, Array.from(fresh.childNodes).map(function (n) { return document.importNode(n, true); }));
        textPath = folio.textPath = path;
        siteFrame(); // its aria-current names this route
      })
      .catch(function () {});
  }
})();
