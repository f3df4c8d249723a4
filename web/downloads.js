// folio downloads: every file the first view waits for (the faces, the script faces, the wasm, site.json,
// an article's body), each counted for the loader's stall rule while it runs (folio.downloads: pending,
// lastByte), and a failed one reported (loader.js: fail). The faces come at once (the early page's too);
// the book's own files once the early page has been painted (requestBook).
(function () {
  "use strict";
  var folio = window.folio, assets = window.FOLIO_ASSETS, loader = folio.loader;
  if (!folio.bookCanRun) return;

  var downloads = (folio.downloads = { pending: 0, lastByte: performance.now() });

  // A download or compile the first view waits for; counted while running, for the stall rule.
  function tracked(promise) {
    downloads.lastByte = performance.now();
    if (downloads.pending++ === 0) folio.emit("downloadStarted");
    var settle = function () { downloads.pending--; downloads.lastByte = performance.now(); };
    return promise.then(
      function (v) { settle(); return v; },
      function (e) { settle(); throw e; });
  }
  downloads.tracked = tracked;

  // Notes the time each part of a response's body arrives, for the stall rule (a copy of the body is read:
  // the response itself goes on whole to its reader, the wasm's streaming compile keeping its URL).
  // Resolves when the body has all arrived.
  function watchBytes(r) {
    downloads.lastByte = performance.now();
    if (loader.drawn || !r.body || typeof r.clone !== "function") return Promise.resolve();
    var reader = r.clone().body.getReader();
    return (function next() {
      return reader.read().then(function (part) {
        if (part.done) return;
        downloads.lastByte = performance.now();
        return next();
      });
    })().catch(function () {});
  }

  function fetchOk(url, init) {
    return fetch(url, init).catch(function (e) {
      throw new Error(String(e && e.message || e) + " for " + url); // which file, in the console
    }).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status + " for " + url);
      watchBytes(r);
      return r;
    });
  }
  downloads.fetchOk = fetchOk;
  // The book's own requests for an article's body (main.cpp, js_fetch_body): a download its first view
  // may wait for, so it counts for the stall rule as the others do.
  folio.download = function (url) {
    var response = fetch(url);
    tracked(response.then(watchBytes)).catch(function () {});
    return response;
  };

  // A chunk file's bytes as written (`folio build` stores the chunks of bodies and folds gzip-compressed,
  // src/cli/output.h): inflated here, in the browser's own stream; bytes that are not gzip's (a host that
  // inflated them on the way) pass as they are.
  folio.inflate = function (buffer) {
    var b = new Uint8Array(buffer, 0, Math.min(2, buffer.byteLength));
    if (b.length < 2 || b[0] !== 0x1f || b[1] !== 0x8b) return Promise.resolve(buffer);
    return new Response(new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  };

  // An article body's chunk file, inflated, asked for once (the book slices an article's range of it:
  // main.cpp, js_fetch_body; the preview asks ahead for the chunks an edit wrote). One that failed is
  // asked for again next time.
  var bodyChunks = {};
  folio.bodyChunk = function (file) {
    var bytes = bodyChunks[file];
    if (bytes) return bytes;
    bytes = bodyChunks[file] = folio.download(file)
      .then(function (r) { return r.ok ? r.arrayBuffer() : Promise.reject(r.status); })
      .then(folio.inflate);
    bytes.catch(function () { if (bodyChunks[file] === bytes) delete bodyChunks[file]; });
    return bytes;
  };
  // A body chunk that came another way (the preview's status carries the chunks an edit wrote): taken as
  // its download, inflated, so the book does not ask for it.
  folio.bodyChunkArrived = function (file, buffer) {
    return (bodyChunks[file] = Promise.resolve(buffer));
  };

  //---- The faces ----

  // The faces this route's first pages show come whole; for the others only their stand-ins (advances,
  // no outlines: the layout is the same) until the book asks for them (start.js: wantFace). `folio build`
  // names the first ones in <meta name="folio-faces">; without it (or without stand-ins) every face comes.
  // They are the proof's files too, preloaded by the HTML: asked for at once.
  var firstFaces = (function () {
    var meta = document.querySelector('meta[name="folio-faces"]');
    if (!meta || !assets.metrics) return null;
    return meta.content.split(/\s+/).filter(Boolean).map(Number);
  })();
  downloads.wholeAtFirst = function (i) { return !firstFaces || firstFaces.indexOf(i) >= 0; };
  // On the main routes a first face may come as its partial (the outlines of the main book's characters
  // only, measuring as the face; <meta name="folio-partial">): the book asks for the whole face when a run
  // needs a character it lacks, and the whole face then replaces it (start.js: wantFace).
  var partialFaces = (function () {
    var meta = document.querySelector('meta[name="folio-partial"]');
    if (!meta || !firstFaces || !assets.partials) return [];
    return meta.content.split(/\s+/).filter(Boolean).map(Number);
  })();
  downloads.partialAtFirst = function (i) { return partialFaces.indexOf(i) >= 0 && !!assets.partials[i]; };
  var faceFetches = [];
  // A face whole, fetched once (the early page's request for a stand-in's face and the book's later one
  // are the same download).
  downloads.face = function (i) {
    return faceFetches[i] || (faceFetches[i] = fetchOk(assets.fonts[i]).then(function (r) { return r.arrayBuffer(); })
      .then(function (b) { folio.mark("font-" + i); return b; }));
  };
  function bytesOf(url) { return tracked(fetchOk(url).then(function (r) { return r.arrayBuffer(); })); }
  // The faces the book starts with: [{bytes, whole, partial}] promises, by face.
  downloads.fonts = assets.fonts.map(function (url, i) {
    if (downloads.partialAtFirst(i)) {
      return bytesOf(assets.partials[i]).then(function (b) { folio.mark("font-" + i); return { bytes: b, whole: false, partial: true }; });
    }
    if (downloads.wholeAtFirst(i)) return tracked(downloads.face(i)).then(function (b) { return { bytes: b, whole: true }; });
    return bytesOf(assets.metrics[i]).then(function (b) { return { bytes: b, whole: false }; });
  });
  Promise.all(downloads.fonts).catch(loader.failWith);
  // The script faces behind every face (Arabic, CJK, symbols, ...: only those the site uses), whole, on
  // every page: the book measures with them. FontFaces for the proof and the text layer, which list them
  // after the face in their font stacks, as the book merges them behind it (src/ui/fonts.h).
  downloads.scripts = (assets.scripts || []).map(function (url, k) {
    return bytesOf(url).then(function (b) { folio.mark("script-" + k); return b; });
  });
  folio.scriptFamilies = (assets.scripts || []).map(function (url, k) { return ', "folio-script-' + k + '"'; }).join("");
  // A large script face comes sliced (src/core/fonts/font_slices.h): its file above is then its stand-in, which
  // the book measures with and which draws nothing, so it is no FontFace here. Each slice is one, of the same
  // family, added as it arrives: the browser finds a character in the slice that has it. The slices the
  // route's first page shows at this screen's page size (the early page's data-slices="1.0 1.3", on the
  // variant the stylesheet shows) come at once; the others when the book asks (start.js: wantSlice).
  // downloads.slice resolves to the slice's bytes once its FontFace is in.
  var slicesOf = assets.slices || [];
  var sliceFetches = {};
  downloads.slice = function (k, j) {
    var key = k + "." + j;
    return sliceFetches[key] || (sliceFetches[key] = bytesOf(slicesOf[k][j]).then(function (b) {
      return new FontFace("folio-script-" + k, b.slice(0)).load().then(function (f) { document.fonts.add(f); return b; });
    }));
  };
  var firstSlices = (function () {
    var shown = [].filter.call(document.querySelectorAll("#proof .pv[data-slices]"), function (v) {
      return getComputedStyle(v).display !== "none";
    })[0];
    if (!shown) return [];
    // The other page of a spread only where the screen shows spreads.
    var pair = shown.querySelector(".pg.pair");
    var names = shown.getAttribute("data-slices") + (pair && getComputedStyle(pair).display !== "none" ? " " + (shown.getAttribute("data-pair-slices") || "") : "");
    return names.split(/\s+/).filter(Boolean).map(function (s) { return s.split(".").map(Number); })
      .filter(function (p) { return p.length === 2 && slicesOf[p[0]] && slicesOf[p[0]][p[1]]; });
  })();
  // [{script, slice, bytes}] promises, for the book (start.js).
  downloads.firstSlices = firstSlices.map(function (p) {
    return downloads.slice(p[0], p[1]).then(function (b) { return { script: p[0], slice: p[1], bytes: b }; });
  });
  folio.scriptFaces = Promise.all(downloads.scripts.map(function (bytes, k) {
    if (slicesOf[k] && slicesOf[k].length) return null;
    return bytes.then(function (b) {
      return new FontFace("folio-script-" + k, b.slice(0)).load().then(function (f) { document.fonts.add(f); return f; });
    });
  }).concat(downloads.firstSlices));
  folio.scriptFaces.catch(function () {}); // a face that does not load: the proof does not show (proof.js)

  //---- The book's own files ----

  // The wasm is fetched and compiled here, in parallel with the JS glue (start.js: Module.instantiateWasm),
  // so that every failure of it is ours to report: Emscripten's own loader leaves a rejected promise
  // and a blank page when the download fails on the network.
  function compileWasm(url, mark) {
    return fetchOk(url).then(function (r) {
      var streaming = typeof WebAssembly.compileStreaming === "function" &&
        (r.headers.get("content-type") || "").indexOf("application/wasm") === 0;
      if (streaming) return WebAssembly.compileStreaming(r).then(function (m) { folio.mark(mark); return m; }).catch(function (e) { throw startError(e); });
      return r.arrayBuffer().then(function (b) { return WebAssembly.compile(b).catch(function (e) { throw startError(e); }); });
    });
  }
  function startError(e) {
    var err = new Error(String(e && e.message || e));
    err.kind = "start";
    return err;
  }
  downloads.startError = startError;

  // The book's own files (the wasm, its JS glue, site.json), asked for once: start.js asks when the early
  // page has been painted. Until then the early page's files have the connection to themselves, and the
  // page's first paint (its LCP) depends on nothing of the book's (docs/first-view.md, "Two stages").
  // Sets downloads.wasm (the compiled module), downloads.site (site.json's text) and downloads.all
  // ([site.json, script faces, first slices, ...faces]), and downloads.wasmLater (the later module, compiled,
  // when it comes with the first) and returns the first two together.
  downloads.requestBook = function () {
    if (downloads.all) return Promise.all([downloads.wasm, downloads.site]);
    folio.mark("book-requested");
    downloads.wasm = tracked(compileWasm(assets.wasm, "wasm-compiled"));
    // A site whose text needs the code for other scripts (a script face, right to left: the build says so)
    // has its first view run later code: the later module comes with the first, and is in before main()
    // (web/later.js). A Latin site's first view carries none of it.
    downloads.wasmLater = assets.laterFirst && assets.wasmLater ? tracked(compileWasm(assets.wasmLater, "later-compiled")) : null;
    downloads.site = tracked(fetchOk("/site.json").then(function (r) { return r.text(); }).then(function (t) { folio.mark("site-json"); return t; }));
    downloads.all = Promise.all([downloads.site, Promise.all(downloads.scripts), Promise.all(downloads.firstSlices)].concat(downloads.fonts));
    downloads.all.catch(loader.failWith);
    downloads.wasm.catch(loader.failWith);
    // The glue downloads with them but runs only with a context to draw on (start.js: loadGlue).
    var glue = document.createElement("link");
    glue.rel = "preload";
    glue.as = "script";
    glue.href = assets.js;
    document.head.appendChild(glue);
    return Promise.all([downloads.wasm, downloads.site]);
  };
})();
