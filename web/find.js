// folio find: the book's own find bar. Fetched the first time Ctrl/Cmd+F, "/" or F3 is pressed over the
// book (web/find_keys.js, in the first load, catches the keys and loads this file and web/find.css).
//
// The bar is a real <input>, so IME, paste and phone keyboards work. Matching runs in the wasm over every
// page of the open book (core/book/find.h); this file only moves text and key presses between the DOM and it.
// Key presses inside the bar stop here: the book's own key handling (on window) never sees them.
(function () {
  "use strict";
  var html = document.documentElement;
  var folio = window.folio || (window.folio = {});
  var word = folio.word || function (key) { return key; }; // web/page.js's: the site's language
  var bar = null, input, status, allLink, lastFocus = null, pending = 0;

  function M() { return window.Module; }
  function bookOn() { return html.classList.contains("canvas-on") && M() && M()._folio_find; }

  function status4() { // boundary.h's FindStatus
    var f = window.folioWasm.floats(7, M()._folio_find_status).fields;
    return { count: f[0], current: f[1], waiting: f[2] !== 0, rect: { x0: f[3], y0: f[4], x1: f[5], y1: f[6] } };
  }

  function searchHref(q) { return "/search/" + (q ? "?q=" + encodeURIComponent(q) : ""); }

  function showStatus() {
    if (!bar || bar.hidden) return;
    var q = input.value.trim();
    allLink.href = searchHref(q);
    if (!q) { status.textContent = ""; bar.classList.remove("none"); return; }
    var s = status4();
    var more = s.waiting ? "\u2026" : "";
    if (s.count === 0) status.textContent = word(s.waiting ? "searching" : "no_matches");
    else status.textContent = word("match_of", { n: s.current + 1, count: s.count }) + more;
    bar.classList.toggle("none", s.count === 0 && !s.waiting);
  }
  folio.on("findChanged", showStatus);

  function run() {
    pending = 0;
    if (bookOn()) {
      var top = bar.getBoundingClientRect().bottom + 12;
      window.folioWasm.withString(input.value, function (p) { M()._folio_find(p, top); });
    }
    showStatus();
  }
  // One search per animation frame at most, however fast the typing.
  function schedule() { if (!pending) pending = requestAnimationFrame(run); }

  function step(dir) {
    if (!bookOn()) return;
    M()._folio_find_step(dir);
    showStatus();
  }

  function button(cls, label, text, onclick) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.setAttribute("aria-label", label);
    b.title = label;
    b.textContent = text;
    b.addEventListener("click", onclick);
    return b;
  }

  function build() {
    bar = document.createElement("div");
    bar.id = "findbar";
    bar.setAttribute("role", "search");
    bar.setAttribute("aria-label", word("find_label"));
    bar.hidden = true;
    input = document.createElement("input");
    input.type = "search";
    input.setAttribute("aria-label", word("find_label"));
    input.placeholder = word("find_placeholder");
    input.autocomplete = "off";
    input.spellcheck = false;
    input.setAttribute("enterkeyhint", "search");
    input.maxLength = 10000;
    status = document.createElement("span");
    status.className = "find-status";
    status.setAttribute("aria-live", "polite");
    allLink = document.createElement("a");
    allLink.className = "find-all";
    allLink.href = searchHref("");
    allLink.textContent = word("search_all");
    allLink.addEventListener("click", function (e) {
      if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || !folio.openSearch) return;
      e.preventDefault();
      var q = input.value.trim();
      close(false);
      folio.openSearch(q);
    });
    bar.append(input, status,
      button("find-prev", word("find_previous"), "\u2191", function () { step(-1); input.focus(); }),
      button("find-next", word("find_next"), "\u2193", function () { step(1); input.focus(); }),
      allLink,
      button("find-close", word("close"), "\u00d7", function () { close(true); }));
    input.addEventListener("input", function (e) { if (!e.isComposing) schedule(); });
    input.addEventListener("compositionend", schedule);
    bar.addEventListener("keydown", function (e) {
      e.stopPropagation(); // the book's keys stay with the bar while typing
      if (e.key === "Escape") { e.preventDefault(); close(true); }
      else if ((e.key === "Enter" && !e.isComposing) || e.key === "F3") {
        e.preventDefault();
        if (pending) { cancelAnimationFrame(pending); run(); }
        step(e.shiftKey ? -1 : 1);
      }
    });
    bar.addEventListener("keyup", function (e) { e.stopPropagation(); });
    document.body.appendChild(bar);
  }

  function open() {
    if (!bar) build();
    if (bar.hidden) {
      lastFocus = document.activeElement;
      bar.hidden = false;
      html.classList.add("finding");
      if (input.value) run();
    }
    input.focus();
    input.select();
    showStatus();
  }

  function close(giveBackFocus) {
    if (!bar || bar.hidden) return;
    bar.hidden = true;
    html.classList.remove("finding");
    if (bookOn()) M()._folio_find_close();
    var back = lastFocus && document.contains(lastFocus) ? lastFocus : document.getElementById("book");
    if (giveBackFocus && back && back.focus) back.focus({ preventScroll: true });
  }

  folio.find = { open: open, close: close, step: step, isOpen: function () { return !!bar && !bar.hidden; },
    // A second Ctrl+F typed in the bar belongs to the browser (its own find sees the text on screen).
    owns: function (e) { return !(bar && !bar.hidden && document.activeElement === input && e.code === "KeyF"); },
    status: function () { return bookOn() ? status4() : null; }, text: function () { return status ? status.textContent : ""; } };
})();
