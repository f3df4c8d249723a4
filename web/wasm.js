// folio wasm: the one script that touches the wasm's memory, and the names of what crosses the boundary.
// src/platform/web/boundary.h is the other side: its PageEvent values and result layouts are spelled here
// once (tests/browser/boundary.test.mjs holds the two together). The other scripts call the exports
// themselves (Module._folio_...), with the pointers this file gives them.
(function () {
  "use strict";
  var M = function () { return window.Module; };

  function copyIn(bytes) {
    var m = M(), ptr = m._malloc(bytes.byteLength || 1);
    m.HEAPU8.set(new Uint8Array(bytes.buffer || bytes, bytes.byteOffset || 0, bytes.byteLength), ptr);
    return ptr;
  }

  // A result the wasm writes into memory the caller gives: `count` 4-byte fields, read as floats or ints.
  function result(count, fn, view) {
    var m = M(), ptr = m._malloc(count * 4);
    try {
      var returned = fn(ptr);
      return { returned: returned, fields: Array.prototype.slice.call(new view(m.HEAPU8.buffer, ptr, count)) };
    } finally {
      m._free(ptr);
    }
  }

  window.folioWasm = {
    // boundary.h's PageEvent: what folio_dispatch hears.
    event: { resize: 1, route: 2, colours: 3, reducedMotion: 4, proofScrolled: 5, linkRested: 6 },
    // bytes copied into the wasm's memory, which keeps them: the pointer (fonts, whose data the wasm owns).
    give: copyIn,
    // fn(pointer, length) with `text` in the wasm's memory as UTF-8 and a NUL, for the call only.
    withString: function (text, fn) {
      var bytes = new TextEncoder().encode(text + "\0"), ptr = copyIn(bytes);
      try { return fn(ptr, bytes.length - 1); } finally { M()._free(ptr); }
    },
    // boundary.h's results: {returned, fields} with the struct's fields in order.
    floats: function (count, fn) { return result(count, fn, Float32Array); },
    ints: function (count, fn) { return result(count, fn, Int32Array); },
  };
})();
