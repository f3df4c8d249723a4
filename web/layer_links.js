// folio text layer, links and the keyboard's focus: the layer's links (web/textlayer.js, layer_page.js) are
// real <a href>, so the browser's own ways with a link work on them (modifiers, the middle button, the
// context menu); a plain click turns the page inside the book (the book's own policy, App::follow). Focus
// moves through the book's links in reading order (Tab, Shift+Tab), turning pages as needed, and stays on
// its link when the layer is built again for the same route.
// This file is joined into the boot script by `folio build`; it only touches window.folio and the DOM.
(function () {
  "use strict";
  var folio = window.folio, tl = folio && folio.textLayer;
  if (!tl) return; // the book cannot run here: no layer
  var layer = tl.layer, sheet = tl.sheet, canvas = document.getElementById("book");
  var pendingFocus = null; // {page, box}: focus that link once its page is in the layer

  //---- [SECTION] Links: a plain click is the book's; modifiers, middle click and the menu are the browser's
  function stopOf(el) { return el && el.closest && el.closest("#layer a[data-l], #layer [data-fold]"); }
  function follow(el) {
    var href = el.dataset.fold || el.getAttribute("href");
    window.folioWasm.withString(href, window.Module._folio_follow);
  }
  layer.addEventListener("click", function (e) {
    var el = stopOf(e.target);
    if (!el || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    folio.whenLater(function () { follow(el); }); // the book's code for it may still be on its way
  });

  // A pointer resting on a link to an article: the book fetches its body now (site.json has none of it), so
  // that a click finds it. Only once the book's code for it is in: a body fetched early is never a reason
  // to ask for that code.
  layer.addEventListener("pointerover", function (e) {
    var el = stopOf(e.target), href = el && !el.dataset.fold && el.getAttribute("href");
    if (!href || href.charAt(0) !== "/" || e.pointerType === "touch") return; // a touch clicks at once
    folio.afterLater(function () {
      window.folioWasm.withString(href, function (p) { window.Module._folio_dispatch(window.folioWasm.event.linkRested, 0, 0, 0, p); });
    });
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
  function focusAgain(key) {
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
      tl.pages.forEach(function (entry, i) { if (onScreen(entry.el)) keys.push(i); });
      from = dir > 0 ? [keys.length ? keys[0] : shown[0], -1] : [keys.length ? keys[keys.length - 1] + 1 : shown[1], 0];
    }
    var next = wasmInts(function (p) { return M._folio_link_stop(from[0], from[1], dir, p); });
    if (!next) return false; // the end of the book: focus leaves it, as it leaves a web page
    M._folio_reveal(next[0], next[1]);
    focusStop({ page: next[0], box: next[1] });
    return true;
  }
  window.addEventListener("keydown", function (e) {
    if (!tl.data || !window.Module || !window.Module._folio_link_stop) return;
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

  // After a rebuild of the layer (textlayer.js): the focus goes back to the link or fold that had it, made
  // again (key: {fold} or {p, i}; the rebuild keeps it only within a route), and to the stop Tab went to whose
  // page was not in the layer yet.
  tl.refocus = function (key) {
    if (key) focusAgain(key);
    if (pendingFocus) focusStop(pendingFocus);
  };
  tl.stopOf = stopOf;
  tl.follow = follow;
})();
