// folio page: window.folio, what every other page script and the wasm meet through. The first-view marks,
// the event bus (the one way news crosses between the scripts and from the wasm: src/platform/web/main.cpp
// emits its events here), history, the book's own words, and the copy rule the early page and the book's
// layer share. window.FOLIO_ASSETS (hashed asset paths, the words) is prepended by `folio build`.
(function () {
  "use strict";
  // The first view's steps as performance marks ("folio:…"; bench/firstview.mjs prints them): cheap,
  // and the way to see where the time to the first frame goes.
  function mark(name) { if (performance.mark) performance.mark("folio:" + name); }
  mark("boot");
  var assets = window.FOLIO_ASSETS;
  var html = document.documentElement;

  // The events, declared: an emit or a listener of any other name is a mistake, and says so at once
  // (tests/browser/boundary.test.mjs holds main.cpp's emits to this list).
  var EVENTS = {
    frame: 1, // the book drew a frame (count, complete: its route's first view is whole); main.cpp
    layer: 1, // the text layer's runs for the pages near the view (JSON); main.cpp
    layerScroll: 1, // the book scrolled (CSS px); main.cpp
    findChanged: 1, // the find bar's matches changed; main.cpp
    wantFace: 1, // the book wants a face its first pages did not show (face index); main.cpp
    wantSlice: 1, // the book wants a slice of a sliced script face (script face, slice); main.cpp
    fonts: 1, // the faces the book starts with ([{bytes, whole, partial}]); start.js
    font: 1, // a face's whole bytes arrived after the start (face index, bytes); start.js
    routed: 1, // the book opened a route in a new history entry (path); page.js
    downloadStarted: 1, // a download the first view waits for began; downloads.js
    shown: 1, // the book took the page's place (the loader's state book); loader.js
  };
  var listeners = {};
  function declared(name) {
    if (!EVENTS[name]) throw new Error("folio: no event '" + name + "' (web/page.js declares them)");
  }

  var wordGap = 0; // folio.spaced
  var shown;
  var folio = (window.folio = {
    // Resolves when the book is shown; never, where it does not come.
    ready: new Promise(function (resolve) { shown = resolve; }),
    mark: mark,
    timed: function (name, fn) {
      mark(name + ":start");
      try { return fn(); } finally { mark(name + ":end"); }
    },
    events: Object.keys(EVENTS),
    on: function (name, fn) {
      declared(name);
      (listeners[name] = listeners[name] || []).push(fn);
    },
    emit: function (name) {
      declared(name);
      var args = Array.prototype.slice.call(arguments, 1);
      (listeners[name] || []).forEach(function (fn) { fn.apply(null, args); });
    },
    // History has one home: a route the book opens (a link followed in the canvas: src/platform/web/main.cpp;
    // a search result: folio.go) is a new entry, and the entry left keeps its scroll; a chapter scrolled
    // into replaces the entry's address and scroll (url undefined: the scroll only).
    pushRoute: function (url, scrollLeft) {
      history.replaceState(Object.assign({}, history.state || {}, { scroll: scrollLeft }), "");
      history.pushState({ scroll: 0 }, "", url);
      folio.route = location.pathname;
      folio.emit("routed", location.pathname);
    },
    replaceRoute: function (url, scroll) {
      var state = history.state || {};
      // The book asks after every frame that settles; the same place again is not written (replaceState
      // took about 6 ms of each preview edit's frames in Chromium).
      if (url === undefined && state.scroll === scroll) return;
      history.replaceState(Object.assign({}, state, { scroll: scroll }), "", url);
      folio.route = location.pathname;
    },
    // The book's own words in the site's language (src/core/model/words.h; the build hands the scripts' words
    // over in FOLIO_ASSETS.words), each {hole} filled from holes. A word missing shows as its key.
    word: function (key, holes) {
      var w = (assets && assets.words && assets.words[key]) || key;
      return w.replace(/\{(\w+)\}/g, function (m, k) { return holes && k in holes ? String(holes[k]) : m; });
    },
    framesDrawn: 0,
    route: location.pathname,
    error: null,
    // Whether two runs of a line, gap CSS px apart, set at glyph size CSS px, have a word space between them
    // (the layout keeps none: src/core/book/layout.h's kWordGap, handed over as --word-gap).
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
  });

  folio.on("shown", function () { shown(); });

  //---- Copy: between two blocks of a selection (folio.copyOf) ----
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
})();
