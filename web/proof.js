// folio proof: the early page, the book's first page set in the HTML by `folio build` (#proof,
// docs/first-view.md), shown in the wasm's own font downloads as soon as its faces are in. Until the book's
// first frame it answers the reader as the book would: it scrolls by the book's steps (core/book/scroll.h),
// its text selects and copies by folio.copyOf, and a push past its end brings the text (loader.js).
(function () {
  "use strict";
  var folio = window.folio, loader = folio.loader, downloads = folio.downloads;
  if (!folio.bookCanRun) return;
  var html = document.documentElement;
  var textEl = document.getElementById("text");
  var proofAt = 0; // when the proof's faces were in
  // One FontFace per face's bytes, shared by the proof and the text layer (web/textlayer.js): the browser
  // decodes a face at its first use, once per FontFace, so a second FontFace of the same bytes made the text
  // layer's first build decode every face again (10-60 ms of main thread for 29 runs). Resolves to the
  // loaded FontFace; a face's later bytes (the whole face after its partial) get a family of their own.
  var fontFaces = [];
  folio.face = function (i, bytes) {
    var known = fontFaces[i] || (fontFaces[i] = []);
    for (var k = 0; k < known.length; k++) if (known[k].bytes === bytes) return known[k].loaded;
    var face = new FontFace("folio-face-" + i + (known.length ? "-" + known.length : ""), bytes.slice(0));
    var loaded = face.load().then(function (f) { document.fonts.add(f); return f; });
    known.push({ bytes: bytes, loaded: loaded });
    return loaded;
  };

  // The build wrote the page this address opens on into the HTML (#proof, docs/first-view.md). Its
  // faces are the files the wasm reads: one download each, handed to the page as FontFaces here (a CSS
  // @font-face would be a second request). It shows once the faces it uses are in. Returns a promise of
  // the proof's first paint (at once when there is no proof, or it cannot show).
  function showProof(fonts) {
    var proof = document.getElementById("proof");
    if (!proof || typeof FontFace !== "function") return Promise.resolve();
    var used = (proof.getAttribute("data-faces") || "").split(",").filter(Boolean).map(Number);
    var faces = Promise.all(used.map(function (i) {
      // A face the route's first pages show comes whole at first; another (a stand-in for the book) is
      // fetched whole once, and the book's later request for it is the same one (fetchFace).
      // On a main route the partial is enough: the proof shows only the main book's characters.
      var whole = downloads.wholeAtFirst(i) || downloads.partialAtFirst(i) ? fonts[i].then(function (font) { return font.bytes; }) : downloads.face(i);
      return whole.then(function (bytes) { return folio.face(i, bytes); });
    }).concat([folio.scriptFaces])).then(function () {
      folio.mark("proof-faces");
      html.classList.add("proof-on");
      proofAt = performance.now();
      if (loader.is("desk")) loader.go("proof");
      listenToProof(proof);
      return painted(proof);
    });
    return faces.then(null, function () {}); // a face that does not load: no proof, and nothing waits for it
  }

  // Resolves once the proof has reached the screen: the browser's own report of it (an LCP candidate in the
  // proof; where LCP is not reported, the first contentful paint; else two animation frames). A page
  // that is not being rendered (a background tab) paints nothing: then at once.
  function painted(proof) {
    return new Promise(function (resolve) {
      var observer = null;
      var done = function () {
        if (!resolve) return;
        folio.mark("proof-painted");
        if (observer) observer.disconnect();
        resolve();
        resolve = null;
      };
      if (document.visibilityState === "hidden") return done();
      document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") done(); });
      var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
      var type = types.indexOf("largest-contentful-paint") >= 0 ? "largest-contentful-paint" : types.indexOf("paint") >= 0 ? "paint" : "";
      if (type) {
        observer = new PerformanceObserver(function (list) {
          list.getEntries().forEach(function (e) {
            if (type === "paint" ? e.name === "first-contentful-paint" : e.element && proof.contains(e.element)) done();
          });
        });
        observer.observe({ type: type, buffered: true });
        // A reader's input ends LCP reports; the proof has been painted long before a reader acts on it. On a
        // machine too busy to report the paint within the bound, the book is asked for anyway (the mark says so).
        setTimeout(function () { if (resolve) folio.mark("proof-wait-expired"); done(); }, 3000);
      } else {
        requestAnimationFrame(function () { requestAnimationFrame(done); });
      }
    });
  }

  //---- [SECTION] The proof answers the reader: scrolling it before the book has drawn ----

  // The proof is up until the book's first frame: 0.3 s here, seconds on a slow phone link. It scrolls as
  // the book would (wheel, one finger, the scrolling keys), as far as it has ink (the page or spread it
  // opens on; on a pocket page the next page's top), and the book then opens where the reader is
  // (folio_start's proof_scroll), so its first frame draws what the proof showed; once it has opened,
  // while it waits for the rest of its first view (an article's body), each move is passed on to it.
  // Until the book shows, its own handlers get none of this input (the proof takes the pointer; the keys it
  // answers go no further), so nothing is counted twice. Its links are real links (src/core/site/proof.cpp).
  var proofScroll = { y: 0, max: -1, beyond: 0, toBook: null };
  function proofScrollable() {
    return html.classList.contains("proof-on") && loader.is("desk", "proof", "starting");
  }
  // How far the shown variant's ink reaches below the window at no scroll: a page's foot and the desk
  // below it, or the last line of a page shown only in part. Rounded down: the proof never shows where the
  // book has ink the proof has not.
  // The variant this window shows (one per page size: the others are not displayed), and its shown runs.
  function shownVariant(proof) {
    return Array.prototype.find.call(proof.querySelectorAll(".pv"), function (v) { return v.offsetWidth > 0; });
  }
  function shownRuns(proof) {
    return Array.prototype.filter.call(proof.querySelectorAll(".pg b, .pg a"), function (run) { return run.offsetParent !== null; });
  }
  function proofScrollMax(proof) {
    var variant = shownVariant(proof);
    if (!variant) return 0;
    var reach = 0, pad = parseFloat(getComputedStyle(proof).getPropertyValue("--top-pad")) || 0; // the desk below the last page
    variant.querySelectorAll(".pg").forEach(function (pg) {
      var r = pg.getBoundingClientRect();
      if (!r.height) return; // the other page of a spread, where spreads are not shown
      if (!pg.classList.contains("next")) { reach = Math.max(reach, r.bottom + pad); return; }
      pg.querySelectorAll("b, a, i").forEach(function (ink) { reach = Math.max(reach, ink.getBoundingClientRect().bottom); });
    });
    return Math.max(0, Math.floor(reach + proofScroll.y - window.innerHeight));
  }
  function scrollProof(proof, dy) {
    if (!dy) return;
    if (proofScroll.max < 0) proofScroll.max = proofScrollMax(proof);
    // End (an infinite move) goes to the end and no further; a finite move past it is a push, counted only
    // while it would bring the text.
    var over = isFinite(dy) ? proofScroll.y + dy - proofScroll.max : 0;
    proofScroll.beyond = over > 0 && pushMeansText(proof) ? proofScroll.beyond + over : 0;
    if (proofScroll.beyond > window.innerHeight / 4) return pushedPastProof();
    var y = Math.max(0, Math.min(proofScroll.max, Math.round(proofScroll.y + dy)));
    if (y === proofScroll.y) return;
    if (proofScroll.toBook) proofScroll.toBook(y - proofScroll.y);
    proofScroll.y = y;
    proof.style.setProperty("--sy", y + "px");
  }
  // Whether the shown variant's whole pages are all the route's pages (a short article): then there is
  // nothing more to read past its end.
  function proofHoldsAll(proof) {
    var variant = shownVariant(proof);
    if (!variant || variant.classList.contains("cut")) return false;
    var whole = Array.prototype.filter.call(variant.querySelectorAll(".pg"), function (pg) {
      return !pg.classList.contains("next") && pg.getBoundingClientRect().height > 0;
    }).length;
    return whole >= parseInt(variant.style.getPropertyValue("--ns"), 10);
  }

  // A push past the proof's end brings the text only when the book is far off: its files still coming
  // and the proof up for STALL_MS already (on a good link the book follows the proof within a second, and
  // the text for that second would be a flash and a lost hand-over), and only if there is more to read.
  function pushMeansText(proof) {
    return folio.downloads.pending > 0 && performance.now() - proofAt >= loader.STALL_MS && !proofHoldsAll(proof);
  }

  // The reader goes on past the proof's last line (a quarter of a window's worth of pushing) while the
  // book is far off: the text, which holds the rest, takes the proof's place, with the last line they
  // saw where they saw it, and the book comes only when asked for (they are reading).
  function pushedPastProof() {
    loader.reading = true;
    loader.showTextWhileLoading("last");
  }

  // The proof's line the reader is looking at, to keep in place when the text takes the proof's place:
  // which is "last" (the lowest line whole on screen), or by default the highest, and then only when the
  // reader has scrolled the proof (unscrolled, the text opens at its top, under the notice). Returns the
  // runs whole on screen, that line's first and the longest first, then the next lines' (the text may set
  // a run otherwise, "« writing" as "← writing"): each its words and the height of its middle (the
  // text's lines are taller or shorter: their middles are matched); or null.
  function proofPlace(which) {
    var proof = document.getElementById("proof");
    if (!proof || !proofScrollable() || (which !== "last" && proofScroll.y === 0)) return null;
    var runs = [];
    shownRuns(proof).forEach(function (run) {
      var words = run.textContent.replace(/\s+/g, " ").trim().replace(/[-\u2010\u00ad]$/, "");
      var r = run.getBoundingClientRect();
      if (words.length < 12 || r.top < 0 || r.bottom > window.innerHeight) return;
      runs.push({ words: words, top: Math.round(r.top), middle: (r.top + r.bottom) / 2 });
    });
    var down = which === "last" ? -1 : 1;
    return runs.sort(function (a, b) { return (a.top - b.top) * down || b.words.length - a.words.length; });
  }
  // Scrolls the page so that the first of the place's runs found in the text is where the proof showed it.
  function keepPlace(place) {
    for (var i = 0; place && i < place.length; i++) {
      var pattern = new RegExp(place[i].words.split(" ").map(function (w) {
        return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      }).join("\\s+"));
      var walker = document.createTreeWalker(textEl, NodeFilter.SHOW_TEXT), node, found = null;
      while ((node = walker.nextNode()) && !(found = pattern.exec(node.data)));
      if (!found) continue;
      var range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length);
      var box = range.getClientRects()[0];
      if (box) window.scrollBy(0, (box.top + box.bottom) / 2 - place[i].middle);
      return;
    }
  }

  // When the book opens: where to open it (past the route's place), and how to pass later moves on.
  function takeProofScroll(toBook) {
    proofScroll.toBook = toBook;
    return loader.is("desk", "proof", "starting") ? proofScroll.y : 0; // a late book takes over from the text, at the top
  }
  // The book's key and wheel steps, from the build (core/book/scroll.h, the proof's data-scroll).
  function scrollSteps(proof) {
    try { return JSON.parse(proof.dataset.scroll); } catch (e) { return null; }
  }
  // How far a key moves the proof, as App::scroll_key moves the book: lines and single pages by the steps;
  // where spreads show, a page key brings the next (or previous) row of spreads to the top.
  function keyMove(proof, steps, key, shift) {
    var page = Math.max(steps.minPage, window.innerHeight * steps.page), row = proofRowHeight(proof), y = proofScroll.y;
    var turn = function (down) {
      if (!row) return down ? page : -page;
      return down ? (Math.floor((y + steps.snapSlack) / row) + 1) * row - y : (Math.ceil((y - steps.snapSlack) / row) - 1) * row - y;
    };
    return { ArrowDown: steps.line, ArrowUp: -steps.line, PageDown: turn(true), PageUp: turn(false), " ": turn(!shift),
      Home: -Infinity, End: Infinity }[key];
  }
  // The distance between rows of spreads in the shown variant, or 0 where single pages show.
  function proofRowHeight(proof) {
    var variant = shownVariant(proof), pages = variant ? variant.querySelectorAll(".pg") : [];
    if (pages.length < 3) return 0;
    var a = pages[0].getBoundingClientRect(), b = pages[1].getBoundingClientRect();
    if (!b.height || Math.abs(a.top - b.top) > 1) return 0; // no spread: one page to a row
    return pages[2].getBoundingClientRect().top - a.top;
  }
  function listenToProof(proof) {
    var steps = scrollSteps(proof); // null only for a proof from another build: the keys and wheel stay the page's
    window.addEventListener("resize", function () { proofScroll.max = -1; });
    // As the book's own handlers (main.cpp, on_wheel), by the same steps.
    document.addEventListener("wheel", function (e) {
      if (e.ctrlKey || !steps || !proofScrollable()) return; // Ctrl+wheel and a trackpad's pinch zoom the page
      var unit = e.deltaMode === 1 ? steps.wheelLine : e.deltaMode === 2 ? window.innerHeight * steps.wheelPage : 1;
      scrollProof(proof, (e.shiftKey && !e.deltaX ? 0 : e.deltaY) * unit);
    }, { passive: true });
    var touchY = null;
    document.addEventListener("touchstart", function (e) { touchY = e.touches.length === 1 ? e.touches[0].clientY : null; }, { passive: true });
    document.addEventListener("touchmove", function (e) {
      if (touchY === null || e.touches.length !== 1 || !proofScrollable()) return;
      var y = e.touches[0].clientY;
      scrollProof(proof, touchY - y);
      touchY = y;
    }, { passive: true });
    // Tab goes through #text's links (the proof's are out of the tab order): the one focused is marked
    // where the proof shows a link to the same address, and scrolled into view as far as the proof can.
    var marked = [];
    var unmark = function () { marked.forEach(function (a) { a.classList.remove("focus"); }); marked = []; };
    textEl.addEventListener("focusin", function (e) {
      unmark();
      var link = e.target.closest && e.target.closest("a[href]");
      if (!link || !proofScrollable()) return;
      // The k-th link to that address in the text is the k-th in the proof (a wrapped link's runs are one).
      var href = link.getAttribute("href"), same = function (a) { return a.getAttribute("href") === href; };
      var k = Array.prototype.filter.call(textEl.querySelectorAll("a[href]"), same).indexOf(link);
      var first = Array.prototype.filter.call(proof.querySelectorAll(".pg a"), function (a) {
        var before = a.previousElementSibling;
        return same(a) && a.offsetParent !== null && !(before && before.tagName === "A" && same(before));
      })[k];
      if (!first) return;
      // Every run of it: a link that wraps is a run on each line.
      for (var a = first; a && a.tagName === "A" && same(a); a = a.nextElementSibling) marked.push(a);
      marked.forEach(function (a) { a.classList.add("focus"); });
      var r = first.getBoundingClientRect(), room = 48;
      if (r.bottom > window.innerHeight - room) scrollProof(proof, r.bottom - window.innerHeight + room);
      else if (r.top < room) scrollProof(proof, r.top - room);
    });
    textEl.addEventListener("focusout", unmark);
    document.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey || !steps || !proofScrollable()) return;
      var dy = keyMove(proof, steps, e.key, e.shiftKey);
      if (dy === undefined || (e.target && e.target.closest && e.target.closest("input, textarea, select, button, [contenteditable]"))) return;
      e.preventDefault(); // the page under the proof must not scroll instead
      e.stopPropagation(); // nor the book (main.cpp's keys are the window's), which is told by scrollProof
      scrollProof(proof, dy);
    });
  }

  //---- [SECTION] The proof answers the reader: selecting and copying its text ----

  // The proof's text can be selected as a page's can; a copy is its words in reading order, a space where
  // the proof leaves out a run of spaces (between two runs of a line) or a line ends, a blank line where a
  // block ends (the next line more than 1.9 line boxes below: a paragraph's lines are about 1.5 apart). The
  // book shows only once nothing in the proof is selected: hiding the proof would take the selection away.
  function proofSelection() {
    var sel = window.getSelection && getSelection(), proof = document.getElementById("proof");
    if (!proof || !sel || !sel.rangeCount || sel.isCollapsed) return null;
    var range = sel.getRangeAt(0);
    return range.intersectsNode(proof) ? range : null;
  }
  function proofLetGo() {
    if (!proofSelection()) return;
    folio.mark("book-held-by-selection");
    return new Promise(function (resolve) {
      document.addEventListener("selectionchange", function check() {
        if (proofSelection()) return;
        document.removeEventListener("selectionchange", check);
        resolve();
      });
    });
  }
  // The proof's selected runs for folio.copyOf: each run that begins a block says what the block is (data-b).
  function proofCopy(range, asHtml) {
    var runs = [], block = "p", id = 0, page = null, pages = 0;
    shownRuns(document.getElementById("proof")).forEach(function (run) {
      if (run.dataset.b) { block = run.dataset.b; id++; }
      var pg = run.closest(".pg");
      if (pg !== page) { page = pg; pages++; }
      var t = run.firstChild;
      if (!t || !range.intersectsNode(t)) return;
      var from = range.startContainer === t ? range.startOffset : 0, to = range.endContainer === t ? range.endOffset : t.length;
      if (to <= from || block === "-") return; // not the furniture, which the book's layer leaves out too
      // Its line: the line box's top (--y, page units; runs of one line at other sizes share it), page by page.
      var r = run.getBoundingClientRect(), line = pages * 1e5 + parseFloat(run.style.getPropertyValue("--y"));
      runs.push({ text: t.data.slice(from, to), block: block, id: id, top: line, left: r.left, right: r.right,
        size: parseFloat(getComputedStyle(run).fontSize), href: run.tagName === "A" ? run.href : null });
    });
    return folio.copyOf(runs, asHtml);
  }
  document.addEventListener("copy", function (e) {
    var range = proofSelection();
    if (!range || !e.clipboardData || !proofScrollable()) return;
    e.clipboardData.setData("text/plain", proofCopy(range, false));
    e.clipboardData.setData("text/html", proofCopy(range, true));
    e.preventDefault();
  });

  folio.proof = {
    // The proof's first paint; or the text, shown instead (a stall): the proof will not be painted then.
    shown: Promise.race([showProof(downloads.fonts), loader.textShown]),
    place: proofPlace,
    keepPlace: keepPlace,
    takeScroll: takeProofScroll,
    letGo: proofLetGo,
  };
})();
