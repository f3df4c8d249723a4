// folio preview: under `./folio preview`, the book picks up content changes (and shows check errors)
// without reloading the wasm. start.js calls folio.watchPreview after the first frame when the build was a
// preview's (FOLIO_ASSETS.preview).
(function () {
  "use strict";
  var folio = window.folio;
  if (!folio.bookCanRun) return;
  var wasm = window.folioWasm;
  var ASK_AGAIN_MS = 400; // a server that answers at once (emrun, a static host): the page polls

  // Shows a status: its errors, or the site.json it says is new (`site`: its text, asked for with the
  // status; null: fetched now).
  function show(st, site) {
    if (st.errors) {
      wasm.withString(st.errors, function (p) { window.Module._folio_set_error(p); });
      return null;
    }
    // The body chunks the edit wrote: the status carries their text (cli/watch.cpp: write_status), taken
    // as their downloads; one it lacks is asked for now. The book asks for them once it has laid the new
    // site.json out, and finds them there or on their way (web/downloads.js: folio.bodyChunk).
    var bodies = st.bodies || {};
    var chunks = (st.fresh || []).map(function (file) {
      if (typeof bodies[file] === "string") return folio.bodyChunkArrived(file, new TextEncoder().encode(bodies[file]).buffer);
      return folio.bodyChunk(file).catch(function () {});
    });
    return (site || Promise.resolve(null))
      .then(function (text) {
        return text !== null ? text : fetch("/site.json", { cache: "no-store" }).then(function (r) { return r.text(); });
      })
      .then(function (text) { wasm.withString(text, function (p, n) { window.Module._folio_set_site(p, n); }); })
      // Shown once the chunks are in and handed over (the book's own promises on them come first): only
      // then does the page ask again, which tells the preview's builder it may go on behind the page.
      .then(function () { return Promise.all(chunks); })
      .then(function () { return new Promise(function (resolve) { setTimeout(resolve, 0); }); });
  }

  // Asks for the status after the version the page has. folio preview's server (it says so in its
  // Server header) holds the question until the builder writes a newer one (cli/preview.cpp), so an edit
  // shows as soon as it is built, and holds "/site.json?after=N" the same way: the page asks for both at
  // once, and the new site.json comes with the news rather than a round trip after it. Another server
  // answers at once: the page polls, and fetches site.json only when the status is new.
  folio.watchPreview = function () {
    var seen = -1, holds = false;
    function ask() {
      var asked = Date.now(), news = false;
      var site = holds && seen !== -1
        ? fetch("/site.json?after=" + seen, { cache: "no-store" })
          .then(function (r) { return r.ok ? r.text() : null; })
          .catch(function () { return null; })
        : null;
      fetch("/preview-status.json?after=" + seen, { cache: "no-store" })
        .then(function (r) {
          holds = r.headers.get("Server") === "folio-preview";
          return r.ok ? r.json() : null;
        })
        .then(function (st) {
          if (!st || st.version === seen) return;
          var first = seen === -1;
          seen = st.version;
          news = true;
          if (!first || st.errors) return show(st, site);
        })
        .catch(function () {})
        .then(function () {
          setTimeout(ask, news || Date.now() - asked > ASK_AGAIN_MS ? 0 : ASK_AGAIN_MS);
        });
    }
    ask();
  };
})();
