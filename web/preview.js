// folio preview: under `./folio preview`, the book picks up content changes (and shows check errors)
// without reloading the wasm. start.js calls folio.watchPreview after the first frame when the build was a
// preview's (FOLIO_ASSETS.preview).
(function () {
  "use strict";
  var folio = window.folio;
  if (!folio.bookCanRun) return;
  var wasm = window.folioWasm;
  // ./folio preview: pick up content changes (and check errors) without reloading the wasm.
  folio.watchPreview = function () {
    var seen = -1;
    setInterval(function () {
      fetch("/preview-status.json", { cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (st) {
          if (!st || st.version === seen) return;
          var first = seen === -1;
          seen = st.version;
          if (first && !st.errors) return;
          if (st.errors) {
            wasm.withString(st.errors, function (p) { window.Module._folio_set_error(p); });
            return;
          }
          return fetch("/site.json", { cache: "no-store" })
            .then(function (r) { return r.text(); })
            .then(function (text) { wasm.withString(text, function (p, n) { window.Module._folio_set_site(p, n); }); });
        })
        .catch(function () {});
    }, 400);
  };
})();
