// folio text layer: real DOM text over the pages on screen, as PDF.js lays its text layer over a canvas.
// The wasm sends what to show as one JSON document per rebuild (src/ui/text_layer.h: the layout's boxes
// times the page's screen transform) and the scroll offset while scrolling (the layer follows with a
// transform; the DOM is not rebuilt). The ink is transparent: the canvas stays what people see, while
// the browser's selection, copy, context menu, link handling and find work on the layer. Links are real
// <a href>; a plain click turns the page inside the book (the book's own policy, App::follow). Keyboard
// focus moves through the layer's links in reading order (Tab, Shift+Tab), turning pages as needed.
// The layer is the accessible tree while the book runs (docs/layout.md says why); #text, the static
// text, is kept current for print and for the fallback when the book cannot run.
// This file is appended to boot.js by `folio build`; it only touches window.folio and the DOM.
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

  var pages = new Map(); // page index -> {el, sig}
  var data = null; // the last document
  var lastGeometry = null; // where the pages lay in the last document
  var pendingFocus = null; // {page, box}: focus that link once its page is in the layer
  var scratch = document.createElement("canvas").getContext("2d");
  folio.layerBuilds = 0;
  folio.layerTimes = []; // ms per rebuild (bench/)

  //---- [SECTION] Faces: the canvas's own fonts, with the metrics that turn ImGui sizes into CSS sizes
  // Dear ImGui's font size is the glyph box height (hhea ascender - descender); CSS's is the em.
  var faces = [], fontsReady = null, fontsLoaded = false;
  function metrics(buf) {
    var v = new DataView(buf), n = v.getUint16(4), t = {};
    for (var i = 0; i < n; i++) {
      var r = 12 + 16 * i, tag = String.fromCharCode(v.getUint8(r), v.getUint8(r + 1), v.getUint8(r + 2), v.getUint8(r + 3));
      t[tag] = v.getUint32(r + 8);
    }
    var upm = v.getUint16(t.head + 18), asc = v.getInt16(t.hhea + 4), desc = v.getInt16(t.hhea + 6);
    return { em: upm / (asc - desc), ascent: asc / (asc - desc), mid: (asc + desc) / 2 / upm };
  }
  // The proof's FontFace when it is the same bytes (boot.js, folio._face): decoded once for both.
  function addFace(i, buf) {
    return folio._face(i, buf).then(function (loaded) { faces[i].family = loaded.family; });
  }
  // fonts[i]: {bytes, whole, partial}. A face that is neither whole nor partial yet is a stand-in (advances,
  // no outlines): its metrics are the face's; its runs are set in a fallback font, fitted to their boxes,
  // until folio._font(i) brings it. A partial measures as the face: the layer is set in it at once.
  folio._fonts = function (fonts) {
    fontsReady = Promise.all(fonts.map(function (font, i) {
      faces[i] = { family: "folio-face-" + i, m: metrics(font.bytes) };
      return font.whole || font.partial ? addFace(i, font.bytes) : null;
    })).then(function () {
      fontsLoaded = true;
      if (data) { var doc = data; data = null; build(doc); }
    }, function () {}); // faces that will not load: no layer, and #text stays the page's text
  };
  // A face that came later: the pages with runs in it are built again, now in the face itself.
  folio._font = function (i, buf) {
    addFace(i, buf).then(function () {
      var mark = new RegExp('"f":' + i + "[,}]");
      pages.forEach(function (entry) { if (mark.test(entry.sig)) entry.sig = ""; });
      if (fontsLoaded && data) build(data);
    }, function () {});
  };

  //---- [SECTION] Building: one page element per page on screen, kept while the page stays
  function item(it, pageIndex) {
    var face = faces[it.f] || faces[0], m = face.m;
    var size = it.s * m.em; // the CSS font size whose glyph box is the canvas's
    var el = document.createElement(it.href ? "a" : "span");
    el.textContent = it.t;
    if (it.d) el.dir = "rtl"; // a right-to-left run: its logical text, set by the browser from the right
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
    st.fontFamily = face.family;
    unfitted.push({ el: el, it: it, font: size + "px " + face.family });
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

  function image(it) {
    var el = document.createElement("div");
    el.className = "img";
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", it.img);
    el.dataset.b = it.b;
    var st = el.style;
    st.left = it.x + "px";
    st.top = it.y + "px";
    st.width = it.w + "px";
    st.height = it.h + "px";
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
    var block = null, blockId = null, prev = null;
    pg.items.forEach(function (it) {
      if (it.b !== blockId || !block) {
        block = document.createElement("div");
        block.className = "block";
        if (it.k === "h") {
          block.setAttribute("role", "heading");
          block.setAttribute("aria-level", "2");
        }
        if (it.k === "code") block.classList.add("code");
        blockId = it.b;
        el.appendChild(block);
        prev = null;
      } else if (prev) {
        // Spaces between runs are gaps on the canvas; in the DOM they make words for readers and find.
        var sep = it.y === prev.y ? (it.x - (prev.x + prev.w) > it.s * 0.15 ? " " : "") : block.classList.contains("code") ? "\n" : " ";
        if (sep) block.appendChild(document.createTextNode(sep));
      }
      block.appendChild(it.img !== undefined ? image(it) : item(it, pg.i));
      prev = it;
    });
    return el;
  }

  function build(doc) {
    if (!fontsLoaded) { data = doc; return; } // built once the faces are in
    var t0 = performance.now();
    var focused = document.activeElement && layer.contains(document.activeElement) ? document.activeElement : null;
    // Focus survives a rebuild of the same route (a fold opened, a body arrived), never a new route's.
    var focusKey = focused && data && data.path === doc.path && { fold: focused.dataset.fold, p: focused.dataset.p, i: focused.dataset.i };
    var keep = new Map();
    doc.pages.forEach(function (pg) {
      var sig = JSON.stringify(pg), old = pages.get(pg.i);
      keep.set(pg.i, old && old.sig === sig ? old : { el: pageElement(pg), sig: sig });
    });
    // While text is selected and the pages lie where they did (only the scroll moved), pages that leave the
    // screen stay: a selection can then reach across more pages than the screen shows (scroll, then
    // Shift-click), and copy still has every page it spans.
    var geometry = doc.gen + "|" + doc.scale + "|" + doc.vw, sel = getSelection();
    var holding = geometry === lastGeometry && sel.rangeCount > 0 && !sel.isCollapsed && sel.containsNode(sheet, true);
    if (holding) pages.forEach(function (entry, i) { if (!keep.has(i)) keep.set(i, entry); });
    lastGeometry = geometry;
    keep = new Map(Array.from(keep).sort(function (a, b) { return a[0] - b[0]; }));
    pages.forEach(function (entry, i) { if (keep.get(i) !== entry) entry.el.remove(); });
    // In reading order: a page kept stays where it is, new ones go around it.
    var before = null;
    keep.forEach(function (entry) {
      if (before ? before.nextSibling !== entry.el : sheet.firstChild !== entry.el)
        sheet.insertBefore(entry.el, before ? before.nextSibling : sheet.firstChild);
      before = entry.el;
    });
    pages = keep;
    fitRuns();
    data = doc;
    var c = doc.colors;
    layer.style.setProperty("--layer-selection", c.selection);
    layer.style.setProperty("--layer-focus", c.focus);
    layer.style.setProperty("--layer-link", c.link);
    moveTo(doc.scroll);
    html.classList.toggle("layer-on", doc.pages.length > 0);
    if (focusKey && !layer.contains(focused)) refocus(focusKey);
    if (pendingFocus) focusStop(pendingFocus);
    folio.layerBuilds++;
    folio.layerTimes.push(performance.now() - t0);
    keepTextCurrent(doc.path);
  }

  function moveTo(scroll) { sheet.style.transform = "translate3d(0," + -scroll + "px,0)"; }

  folio._layer = function (json) { build(JSON.parse(json)); };
  folio._layerScroll = moveTo;

  //---- [SECTION] Links: a plain click is the book's; modifiers, middle click and the menu are the browser's
  function stopOf(el) { return el && el.closest && el.closest("#layer a[data-l], #layer [data-fold]"); }
  function follow(el) {
    var href = el.dataset.fold || el.getAttribute("href");
    var M = window.Module;
    var bytes = new TextEncoder().encode(href + "\0"), p = M._malloc(bytes.length);
    M.HEAPU8.set(bytes, p);
    M._folio_follow(p);
    M._free(p);
  }
  layer.addEventListener("click", function (e) {
    var el = stopOf(e.target);
    if (e.detail === 3) selectBlock(e.target);
    if (!el || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    folio.whenLater(function () { follow(el); }); // the book's code for it may still be on its way
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
  window.addEventListener("mouseup", function () { layer.classList.remove("selecting"); });

  //---- [SECTION] Focus: Tab and Shift+Tab through every link of the book in reading order
  function wasmInts(fn) {
    var M = window.Module, p = M._malloc(8);
    var r = fn(p), out = [M.HEAP32[p >> 2], M.HEAP32[(p >> 2) + 1]];
    M._free(p);
    return r === undefined ? out : r ? out : null;
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
      var keys = Array.from(pages.keys());
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
  function escapeHtml(s) { return s.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
  function selectedRuns(range) {
    var out = [];
    sheet.querySelectorAll("[data-i]").forEach(function (el) {
      var t = el.firstChild;
      if (!t || !range.intersectsNode(t)) return;
      var s = range.startContainer === t ? range.startOffset : 0;
      var e = range.endContainer === t ? range.endOffset : t.length;
      if (e > s) out.push({ el: el, text: t.data.slice(s, e) });
    });
    return out;
  }
  function blockTag(el) {
    var b = el.closest(".block");
    return b.getAttribute("role") === "heading" ? "h2" : b.classList.contains("code") ? "pre" : "p";
  }
  folio.selectedText = function () { return serialize(false); };
  function serialize(asHtml) {
    var sel = getSelection();
    if (!sel.rangeCount || sel.isCollapsed) return null;
    var runs = [];
    for (var i = 0; i < sel.rangeCount; i++) runs = runs.concat(selectedRuns(sel.getRangeAt(i)));
    if (!runs.length) return null;
    var plain = "", markup = "", prev = null, tag = null;
    runs.forEach(function (r) {
      var el = r.el, block = el.closest(".block"), d = el.dataset;
      var piece = asHtml && el.tagName === "A" ? '<a href="' + escapeHtml(el.href) + '">' + escapeHtml(r.text) + "</a>" : escapeHtml(r.text);
      if (prev && prev.block === block) {
        var code = block.classList.contains("code"), sameLine = prev.d.y === d.y;
        // A right-to-left line's runs come in logical order, each left of the one before.
        var gap = Math.max(d.x - prev.d.r, prev.d.x - d.r);
        var sep = sameLine ? (gap > d.s * 0.15 ? " " : "") : code ? "\n" : " ";
        plain += sep;
        markup += sep;
      } else {
        if (prev) { plain += "\n\n"; markup += "</" + tag + ">\n"; }
        tag = blockTag(el);
        markup += "<" + tag + ">";
      }
      plain += r.text;
      markup += piece;
      prev = { block: block, d: d };
    });
    markup += "</" + tag + ">";
    return asHtml ? markup : plain;
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
  function keepTextCurrent(path) {
    if (textPath === null) { textPath = textWanted = path; folio.textPath = path; return; }
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
      })
      .catch(function () {});
  }
})();
