// folio find and search, the part in the first load (`folio build` joins it into the boot script): the keys that
// open the book's find bar (Ctrl/Cmd+F, "/", F3, Ctrl/Cmd+G) and the /search/ route. The bar
// (web/find.js), the search panel (web/search.js) and their stylesheet (web/find.css) are fetched the
// first time they are needed, so the first view carries only this.
(function () {
  "use strict";
  var html = document.documentElement;
  var folio = window.folio || (window.folio = {});
  var assets = window.FOLIO_ASSETS || {};
  var loading = {};

  // Loads web/<name>.js (and, once, the stylesheet they share); resolves when the script has run. Both fold
  // text by web/fold.js, loaded before them.
  function load(name) {
    return name === "fold" ? loadOne("fold") : loadOne("fold").then(function () { return loadOne(name); });
  }
  function loadOne(name) {
    if (!loading.css && assets.findCss) {
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = assets.findCss;
      document.head.appendChild(link);
      loading.css = new Promise(function (resolve) { link.onload = link.onerror = resolve; });
    }
    if (!loading[name]) {
      loading[name] = new Promise(function (resolve, reject) {
        if (!assets[name]) { reject(new Error("no " + name + " script")); return; }
        var s = document.createElement("script");
        s.src = assets[name];
        s.onload = resolve;
        s.onerror = function () { loading[name] = null; reject(new Error(name + " could not be loaded")); };
        document.head.appendChild(s);
      }).then(function () { return loading.css; });
    }
    return loading[name];
  }

  function bookOn() { return html.classList.contains("canvas-on") && window.Module && window.Module._folio_find; }
  function typing(t) { return t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)); }

  // Capture phase: the bar opens before anything else sees the key. Without the canvas the page is plain
  // text, and the browser's own find does the job.
  window.addEventListener("keydown", function (e) {
    if (!bookOn() || html.classList.contains("searching")) return;
    var mod = e.ctrlKey || e.metaKey, dir = e.shiftKey ? -1 : 1;
    var open = (mod && !e.altKey && e.code === "KeyF") || (e.key === "/" && !mod && !e.altKey && !typing(e.target));
    var step = e.key === "F3" || (mod && e.code === "KeyG");
    if (!open && !step) return;
    if (folio.find && !folio.find.owns(e)) return;
    e.preventDefault();
    e.stopPropagation();
    load("find").then(function () {
      folio.whenLater(function () { // finding is the book's later code
        if (step && folio.find.isOpen()) folio.find.step(dir);
        else folio.find.open();
      });
    });
  }, true);

  //--- /search/ is a real route: the panel shows over the book (or in the static page without the canvas).
  function isSearchPath(p) { return /^\/search\/?(index\.html)?$/.test(p); }
  function searchHref(q) { return "/search/" + (q ? "?q=" + encodeURIComponent(q) : ""); }
  function showSearch() {
    return load("search").then(function () { window.FolioSearch.show(new URLSearchParams(location.search).get("q") || ""); });
  }
  // Opens search for q in a new history entry (the find bar's "search all writing").
  folio.openSearch = function (q) {
    if (!folio.go) { location.href = searchHref(q); return; }
    folio.go(searchHref(q));
  };
  var lastRoute = null; // the route before this one, in this page's life
  function routed(path) {
    var came = lastRoute;
    lastRoute = path;
    if (isSearchPath(path)) {
      if (folio.find) folio.find.close(false);
      // The panel's close goes back to the book when the book is where the reader came from.
      if (came && !isSearchPath(came) && !(history.state && history.state.searchFromBook))
        history.replaceState(Object.assign({}, history.state || {}, { searchFromBook: true }), "");
      showSearch().catch(function () {});
    } else if (window.FolioSearch) {
      window.FolioSearch.hide();
    }
  }
  folio.on("routed", routed);
  window.addEventListener("popstate", function () { routed(location.pathname); });
  if (isSearchPath(location.pathname)) showSearch().catch(function () {});
  else lastRoute = location.pathname;
})();
