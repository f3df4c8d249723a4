// folio text layer, one page's element: what web/textlayer.js puts on the layer for each page of the book.
// Each run of text where the canvas draws it, in its face (the canvas's own: textlayer.js's faces) and
// stretched to its width as drawn; the runs in blocks (paragraphs, headings, code), the blocks in the lists,
// list items and tables they are in, as roles on boxless elements; pictures, formulas and the words only
// assistive technology hears; the page of an error, as an alert. Nothing here is seen: the layer's ink is
// transparent. This file is joined into the boot script by `folio build`; it only touches window.folio and the DOM.
(function () {
  "use strict";
  var folio = window.folio, tl = folio && folio.textLayer;
  if (!tl) return; // the book cannot run here: no layer
  var faces = tl.faces;
  var scratch = document.createElement("canvas").getContext("2d");

  // A run of text: a link's (<a href>, a keyboard stop unless it continues a wrapped link), a fold's (a
  // button), or plain.
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
  // Copy gives its TeX (layer_select.js, selectedRuns).
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

  // A page's element, placed on the sheet where the page is on screen; a page off screen is a stub until filled.
  function pageElement(pg) {
    var el = document.createElement("div"), st = el.style;
    el.className = "page";
    el.dataset.page = pg.i;
    st.left = pg.x + "px";
    st.top = pg.y + "px";
    st.width = pg.w + "px";
    st.height = pg.h + "px";
    if (pg.later) { el.classList.add("later"); return el; } // its items come while idle (textlayer.js, fillSome)
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

  // The page of an error (the canvas's MessagePage): its title and paragraphs, announced as an alert.
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


  tl.pageElement = pageElement;
  tl.fitRuns = fitRuns;
})();
