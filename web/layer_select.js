// folio text layer, selection and copy: the browser selects the layer's text (web/textlayer.js) as on any
// page; this adds what a page's own text would get that a layer over a canvas does not: a double click or a
// long press selects the word, a triple click the paragraph, a click on the desk clears the selection, a drag
// to the window's edge scrolls the book on, and a drag across the gap between pages stays a selection. Copy
// gives what is selected in reading order (folio.copyOf, web/page.js), as the early page's copy does.
// This file is joined into the boot script by `folio build`; it only touches window.folio and the DOM.
(function () {
  "use strict";
  var folio = window.folio, tl = folio && folio.textLayer;
  if (!tl) return; // the book cannot run here: no layer
  var layer = tl.layer, sheet = tl.sheet, canvas = document.getElementById("book");

  //---- [SECTION] Selection: words, paragraphs, the drag at the window's edge
  // A double click selects the word under the pointer, whatever was selected before (the browser would
  // start dragging the old selection when the click lands inside it), as on any page.
  // The word breaker is made at the first double click: making it loads the browser's break rules, about
  // 20 ms of main thread that start-up would spend before the proof's paint.
  var words;
  function wordBreaker() {
    if (words === undefined) words = window.Intl && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "word" }) : null;
    return words;
  }
  function selectWordAt(x, y) {
    if (!wordBreaker()) return false;
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
    var data = tl.data;
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
  layer.addEventListener("click", function (e) {
    if (e.detail === 3) selectBlock(e.target);
  });

  // While a mouse selection is in progress the whole layer takes the pointer, so a drag across the
  // gap between pages or spreads extends the selection instead of falling through to the canvas.
  layer.addEventListener("mousedown", function (e) {
    if (e.button === 0 && !tl.stopOf(e.target)) layer.classList.add("selecting"); // a link's press is a click (layer_links.js)
  });
  window.addEventListener("mouseup", function () {
    layer.classList.remove("selecting");
    // A drag that ended at the window's edge keeps what it selected: the browser's own end of the drag,
    // at a pointer over no text, would collapse it.
    var ends = edgeEnds;
    edgeEnds = null;
    if (ends) requestAnimationFrame(function () { selectRuns(ends[0], ends[1]); });
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
})();
