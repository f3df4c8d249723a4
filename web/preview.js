// folio preview: under `./folio preview`, the book picks up content changes (and shows check errors)
// without reloading the wasm. start.js calls folio.watchPreview after the first frame when the build was a
// preview's (FOLIO_ASSETS.preview).
(function () {
  "use strict";
  var folio = window.folio;
  if (!folio.bookCanRun) return;
  var wasm = window.folioWasm;
  var ASK_AGAIN_MS = 400; // a server that answers at once (emrun, a static host): the page polls

  // Shows a status: its errors, or the site.json it says is new. The news (preview-news.json) carries
  // the new site.json ("site") and the text of the body chunks the edit wrote ("bodies", by address:
  // cli/watch.cpp, write_status), taken as their downloads; what it lacks (a plain status, polled) is
  // fetched now. The book asks for the chunks once it has laid the new site.json out, and finds them there
  // or on their way (web/downloads.js: folio.bodyChunk).
  function show(st) {
    if (st.errors) {
      wasm.withString(st.errors, function (p) { window.Module._folio_set_error(p); });
      return null;
    }
    var bodies = st.bodies || {};
    var chunks = (st.fresh || []).map(function (file) {
      if (typeof bodies[file] === "string") return folio.bodyChunkArrived(file, new TextEncoder().encode(bodies[file]).buffer);
      return folio.bodyChunk(file).catch(function () {});
    });
    var site = typeof st.site === "string" ? Promise.resolve(st.site)
      : fetch("/site.json", { cache: "no-store" }).then(function (r) { return r.text(); });
    return site
      .then(function (text) { wasm.withString(text, function (p, n) { window.Module._folio_set_site(p, n); }); })
      // Shown once the chunks are in and handed over (the book's own promises on them come first): only
      // then does the page ask again, which tells the preview's builder it may go on behind the page.
      .then(function () { return Promise.all(chunks); })
      .then(function () { return new Promise(function (resolve) { setTimeout(resolve, 0); }); });
  }

  // Asks for news after the version the page has. folio preview's server (it says so in its Server
  // header) holds "/preview-news.json?after=N" until the builder has written a newer version
  // (cli/preview.cpp), so an edit shows as soon as it is built, and the one answer holds all the page
  // needs. Another server answers at once: the page polls the small status (the first question, before
  // the page knows which server it has, is the status too) and fetches what it names when it is new.
  folio.watchPreview = function () {
    var seen = -1, holds = false;
    function ask() {
      var asked = Date.now(), news = false;
      var file = holds && seen !== -1 ? "/preview-news.json" : "/preview-status.json";
      fetch(file + "?after=" + seen, { cache: "no-store" })
        .then(function (r) {
          holds = r.headers.get("Server") === "folio-preview";
          return r.ok ? r.json() : null;
        })
        .then(function (st) {
          if (!st || st.version === seen) return;
          var first = seen === -1;
          seen = st.version;
          news = true;
          if (!first || st.errors) return show(st);
        })
        .catch(function () {})
        .then(function () {
          setTimeout(ask, news || Date.now() - asked > ASK_AGAIN_MS ? 0 : ASK_AGAIN_MS);
        });
    }
    ask();
  };
})();
