// folio search: answers queries from the index `folio build` writes (core/site/search_index.h), and shows
// the /search/ page: a panel over the book, or, without the canvas, the static page's own form.
// Fetched the first time search is used (web/find.js), so the first view never pays for it.
//
// Only the shards holding the query's words are fetched (each once), and the files of results without an
// inline card, so a first query costs tens of kilobytes however large the site (docs/search.md). Ranking: the index stores each term's BM25 weight in its best
// articles; an article's score is the sum over the query's words of its best weight for a term equal
// to the word (or, less, starting with it), and articles with every word come first.
(function (root) {
  "use strict";

  // web/page.js's words in the site's language (src/core/model/words.h); outside a page (node), their keys.
  function word(key, holes) {
    var folio = typeof window !== "undefined" && window.folio;
    return folio && folio.word ? folio.word(key, holes) : key;
  }

  //--- Folding and terms: the same rules as core/search_index.cpp. The fold is web/fold.js's (loaded first),
  // core/text/fold.h's rule in the page.
  var fold = root.folio.fold;
  function isTermChar(cp) {
    if (cp < 0x80) return (cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57);
    if (cp < 0xc0 || cp === 0xd7 || cp === 0xf7) return false;
    if (cp >= 0x2000 && cp <= 0x2bff) return false;
    if (cp >= 0x3000 && cp <= 0x303f) return false;
    if ((cp >= 0xff00 && cp <= 0xff0f) || (cp >= 0xff1a && cp <= 0xff20) || (cp >= 0xff3b && cp <= 0xff40) ||
      (cp >= 0xff5b && cp <= 0xff65)) return false; // full-width punctuation
    return cp !== 0xfffd;
  }
  // Han, kana, Hangul, and Thai, Lao, Myanmar and Khmer: indexed as overlapping pairs of characters
  // (core/site/search_index.cpp, bigram_char), so no dictionary is needed on either side.
  function isBigramChar(cp) {
    return (cp >= 0x0e01 && cp <= 0x0e5b) || (cp >= 0x0e81 && cp <= 0x0edf) || (cp >= 0x1000 && cp <= 0x109f) ||
      (cp >= 0x1780 && cp <= 0x17ff) || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x3130 && cp <= 0x318f) ||
      (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7af) ||
      (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xff66 && cp <= 0xff9f) || (cp >= 0x20000 && cp <= 0x3ffff);
  }
  // Folded terms of s, in order, as the index has them: runs of letters and digits (at most 48 bytes), and
  // the pairs of each run of bigram characters (a lone one alone).
  function terms(s) {
    var out = [], cur = "", prev = "", lone = "";
    for (var ch of fold(s) + " ") {
      var cp = ch.codePointAt(0), letter = isTermChar(cp), paired = letter && isBigramChar(cp);
      if (cur && (!letter || paired)) {
        if (new TextEncoder().encode(cur).length <= 48) out.push(cur);
        cur = "";
      }
      if (paired) {
        if (prev) out.push(prev + ch);
        lone = prev ? "" : ch;
        prev = ch;
        continue;
      }
      if (lone) out.push(lone);
      prev = lone = "";
      if (letter) cur += ch;
    }
    return out;
  }

  // About 160 characters of text around the first place of a query word (a Chinese one: 60), cut at spaces
  // near it, as the build cuts the inline snippets (search_index.cpp, snippet_at); "" when none is in it.
  // The text is folded with the place each folded character came from (web/fold.js), so a match maps back.
  function snippet(text, words) {
    text = String(text || "");
    var mapped = root.folio.foldMapped(text), folded = mapped.text, at = mapped.at;
    var best = -1;
    words.forEach(function (w) {
      var p = folded.indexOf(w);
      if (p >= 0 && (best < 0 || p < best)) best = p;
    });
    if (best < 0) return "";
    var start = at[best], wide = !isBigramChar(text.codePointAt(start)), before = wide ? 50 : 20, after = wide ? 110 : 40;
    var b = Math.max(0, start - before), e = Math.min(text.length, start + after), sp;
    if (b > 0 && (sp = text.lastIndexOf(" ", b)) >= 0 && b - sp <= 24) b = sp + 1;
    if (e < text.length && (sp = text.indexOf(" ", e)) >= 0 && sp - e <= 24) e = sp;
    if (/[\udc00-\udfff]/.test(text[b] || "")) b++; // not half a character
    if (/[\ud800-\udbff]/.test(text[e - 1] || "")) e--;
    return (b > 0 ? "\u2026" : "") + text.slice(b, e).replace(/\s+/g, " ").trim() + (e < text.length ? "\u2026" : "");
  }

  //--- The engine: get(url) resolves to parsed JSON (fetch in the page; files in the benchmark).
  function Engine(base, get) {
    this.base = base;
    this.get = get;
    this.manifest = null;
    this.shards = {};
    this.docs = {};
  }
  Engine.prototype.load = function () {
    var self = this;
    if (!this.manifest) this.manifest = this.get(this.base + "index.json", true);
    return this.manifest;
  };
  Engine.prototype.url = function (m, path) { return this.base + path + "?v=" + m.version; };
  Engine.prototype.shard = function (m, i) {
    if (!this.shards[i]) this.shards[i] = this.get(this.url(m, "t/" + i + ".json.gz"));
    return this.shards[i];
  };
  // Article d: [slug, title, date, dek, body text], from the file of m.per_file articles holding it.
  Engine.prototype.doc = function (m, d) {
    var per = m.per_file || 1, k = Math.floor(d / per);
    if (!this.docs[k]) this.docs[k] = this.get(this.url(m, "d/" + k + ".json.gz"));
    return this.docs[k].then(function (group) { return group[d % per]; });
  };
  // Index of the last shard whose first term is <= t.
  function shardOf(firsts, t) {
    var lo = 0, hi = firsts.length - 1, at = 0;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (firsts[mid] <= t) { at = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return at;
  }
  var MAX_WORDS = 8, MAX_EXPANSIONS = 12, PREFIX_SHARDS = 3, PREFIX_FACTOR = 0.8;

  // Resolves to { words, total, approximate, results: [{ doc, slug, title, date, snippet, score }] }.
  Engine.prototype.query = function (q, limit) {
    var self = this, words = [];
    terms(q).forEach(function (w) { if (words.indexOf(w) < 0 && words.length < MAX_WORDS) words.push(w); });
    limit = limit || 20;
    if (!words.length) return Promise.resolve({ words: [], total: 0, approximate: false, results: [] });
    return this.load().then(function (m) {
      var firsts = m.shards;
      if (!firsts.length) return { words: words, total: 0, approximate: false, results: [] };
      return Promise.all(words.map(function (w) {
        var first = shardOf(firsts, w), list = [first];
        // Terms that start with w continue into the next shards while those start with w too.
        for (var i = first + 1; i < firsts.length && list.length < PREFIX_SHARDS && firsts[i].lastIndexOf(w, 0) === 0; i++) list.push(i);
        return Promise.all(list.map(function (i) { return self.shard(m, i); })).then(function (shards) {
          var found = [];
          shards.forEach(function (s) {
            for (var t in s) if (t === w || (w.length >= 2 && t.lastIndexOf(w, 0) === 0)) found.push({ term: t, exact: t === w, entry: s[t] });
          });
          found.sort(function (a, b) { return (b.exact - a.exact) || (b.entry[0] - a.entry[0]); });
          return found.slice(0, MAX_EXPANSIONS);
        });
      })).then(function (perWord) { return self.rank(m, words, perWord, limit); });
    });
  };

  Engine.prototype.rank = function (m, words, perWord, limit) {
    var docs = new Map(), approximate = false, self = this;
    perWord.forEach(function (found, wi) {
      found.forEach(function (f) {
        var ids = f.entry[1], cards = f.entry[2], factor = f.exact ? 1 : PREFIX_FACTOR;
        if (f.entry[0] > ids.length / 2) approximate = true;
        for (var r = 0; r < ids.length; r += 2) {
          var d = ids[r], s = ids[r + 1] * factor, e = docs.get(d);
          if (!e) docs.set(d, (e = { doc: d, best: [], card: null, cardScore: -1 }));
          if (!(e.best[wi] >= s)) e.best[wi] = s;
          var card = cards[r / 2];
          if (card && s > e.cardScore) { e.card = card; e.cardScore = s; }
        }
      });
    });
    var all = Array.from(docs.values());
    all.forEach(function (e) {
      e.score = 0;
      e.matched = 0;
      e.best.forEach(function (s) { if (s > 0) { e.score += s; e.matched++; } });
    });
    all.sort(function (a, b) { return (b.matched - a.matched) || (b.score - a.score) || (a.doc - b.doc); });
    var top = all.slice(0, limit);
    // Articles without an inline card come from their own file: the card, and a snippet cut from the text.
    return Promise.all(top.map(function (e) {
      if (e.card) return Promise.resolve(e.card);
      return self.doc(m, e.doc).then(function (c) { return [c[0], c[1], c[2], snippet(c[4], words) || c[3]]; });
    })).then(function (cards) {
      return {
        words: words, total: all.length, approximate: approximate,
        results: top.map(function (e, i) {
          var c = cards[i] || ["", "", "", ""];
          return { doc: e.doc, slug: c[0], title: c[1], date: c[2], snippet: c[3], score: e.score, matched: e.matched };
        }),
      };
    });
  };

  var api = { fold: fold, terms: terms, snippet: snippet, Engine: Engine };
  root.FolioSearch = api;
  if (typeof document === "undefined") return;

  //--- The page: /search/ and ?q= in the URL.
  var html = document.documentElement;
  // The shards and article files are stored gzip-compressed (*.json.gz): inflated in the browser's own
  // stream, as web/downloads.js's folio.inflate does; bytes a host already inflated pass as they are.
  function inflate(buffer) {
    var b = new Uint8Array(buffer, 0, Math.min(2, buffer.byteLength));
    if (b.length < 2 || b[0] !== 0x1f || b[1] !== 0x8b) return Promise.resolve(buffer);
    return new Response(new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  }
  var engine = new Engine("/search/", function (url, fresh) {
    return fetch(url, fresh ? { cache: "no-cache" } : {}).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.arrayBuffer();
    }).then(inflate).then(function (b) { return JSON.parse(new TextDecoder().decode(b)); });
  });
  var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  function day(iso) {
    var p = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || "");
    return p ? +p[3] + " " + MONTHS[+p[2] - 1] + " " + p[1] : iso || "";
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // Appends text to parent with every word that starts with a query word in <mark>.
  function marked(parent, text, words) {
    var buf = "", word = "";
    function flush() { if (buf) { parent.appendChild(document.createTextNode(buf)); buf = ""; } }
    function endWord() {
      if (!word) return;
      // A word of other letters is marked when it starts with a query word; a run of Chinese or Japanese
      // when one of its pairs is a query word's first pair.
      var hit = terms(word).some(function (f) {
        return words.some(function (w) { return f.lastIndexOf(w, 0) === 0 || (isBigramChar(f.codePointAt(0)) && w.lastIndexOf(f, 0) === 0); });
      });
      if (hit) { flush(); parent.appendChild(el("mark", "", word)); } else buf += word;
      word = "";
    }
    for (var ch of String(text || "")) {
      if (isTermChar(fold(ch).codePointAt(0) || 0)) word += ch;
      else { endWord(); buf += ch; }
    }
    endWord();
    flush();
  }

  var PAGE = 10; // results a page; "more results" adds another
  var panel = null, form, input, count, list, more, shown = PAGE, seq = 0, timer = 0;

  function follow(e) {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    if (!html.classList.contains("canvas-on") || !window.folio || !window.folio.go) return; // plain navigation
    e.preventDefault();
    window.folio.go(e.currentTarget.getAttribute("href"));
  }

  function render(res) {
    list.textContent = "";
    more.hidden = true;
    if (!res.words.length) { count.textContent = ""; return; }
    var n = res.total;
    count.textContent = n === 0 ? word("no_articles") :
      (res.approximate ? word("best_matches") : n === 1 ? word("one_article") : word("articles", { n: n }));
    more.hidden = !(n > res.results.length);
    res.results.forEach(function (r) {
      var li = el("li", "result");
      var a = el("a", "result-title");
      a.href = "/writing/" + r.slug;
      marked(a, r.title, res.words);
      a.addEventListener("click", follow);
      var t = el("time", "result-date", day(r.date));
      t.dateTime = r.date;
      var p = el("p", "result-snippet");
      marked(p, r.snippet, res.words);
      var head = el("div", "result-head");
      head.append(a, " ", t);
      li.append(head, p);
      list.appendChild(li);
    });
  }

  function run(keepPage) {
    var q = input.value, mine = ++seq;
    if (!keepPage) shown = PAGE;
    var url = "/search/" + (q.trim() ? "?q=" + encodeURIComponent(q.trim()) : "");
    if (location.pathname + location.search !== url) history.replaceState(history.state, "", url);
    if (!q.trim()) { render({ words: [], results: [], total: 0 }); return Promise.resolve(); }
    count.textContent = word("searching");
    panel.setAttribute("aria-busy", "true"); // results on the way: a screen reader waits for them
    return engine.query(q, shown).then(function (res) { if (mine === seq) render(res); }, function (e) {
      if (mine === seq) count.textContent = word("search_failed", { error: e.message });
    }).then(function () { if (mine === seq) panel.removeAttribute("aria-busy"); });
  }

  function build() {
    // Without the canvas (no WebGL2 or wasm) the static page is what shows: its own form does the work.
    var section = html.classList.contains("no-canvas") && document.querySelector("#text section.search");
    if (section) {
      panel = section;
    } else {
      panel = el("div", "search");
      panel.id = "searchpanel";
      panel.setAttribute("role", "region");
      panel.setAttribute("aria-label", word("search"));
      var page = el("div", "search-page");
      var close = el("button", "search-close", "\u00d7");
      close.type = "button";
      close.setAttribute("aria-label", word("close_search"));
      close.title = word("close");
      close.addEventListener("click", leave);
      page.append(close, el("h1", "", word("search")));
      var f = el("form", "search-form");
      f.setAttribute("role", "search");
      f.setAttribute("aria-label", word("search_writing")); // the static page's form, under it, is search_all
      f.action = "/search/";
      var i = el("input");
      i.type = "search";
      i.name = "q";
      i.autocomplete = "off";
      i.spellcheck = false;
      i.setAttribute("enterkeyhint", "search");
      i.setAttribute("aria-label", word("search_all"));
      i.placeholder = word("search_all");
      f.append(i);
      page.append(f, el("div", "search-results"));
      panel.appendChild(page);
      document.body.appendChild(panel);
      // Keys typed here are the panel's, never the book's.
      panel.addEventListener("keydown", function (e) {
        e.stopPropagation();
        if (e.key === "Escape") { e.preventDefault(); leave(); }
      });
      panel.addEventListener("keyup", function (e) { e.stopPropagation(); });
    }
    form = panel.querySelector("form");
    input = panel.querySelector("input[type=search]");
    var results = panel.querySelector(".search-results");
    results.textContent = "";
    count = el("p", "search-count");
    count.setAttribute("aria-live", "polite");
    list = el("ol", "search-list");
    more = el("button", "search-more", word("more_results"));
    more.type = "button";
    more.hidden = true;
    more.addEventListener("click", function () { shown += PAGE; run(true); });
    results.append(count, list, more);
    form.addEventListener("submit", function (e) { e.preventDefault(); clearTimeout(timer); run(false); });
    input.addEventListener("input", function (e) {
      if (e.isComposing) return;
      clearTimeout(timer);
      timer = setTimeout(run, 90, false);
    });
    input.addEventListener("compositionend", function () { clearTimeout(timer); timer = setTimeout(run, 90, false); });
  }

  // Back to where the reader came from, or the book's contents.
  function leave() {
    if (history.state && history.state.searchFromBook) history.back();
    else if (window.folio && window.folio.go) window.folio.go("/contents");
    else location.href = "/contents";
  }

  api.show = function (q) {
    if (!panel) build();
    html.classList.add("searching");
    panel.hidden = false;
    if (q !== undefined && q !== input.value) input.value = q;
    input.focus({ preventScroll: true });
    return run(false);
  };
  api.hide = function () {
    if (!panel || panel.id !== "searchpanel") return;
    html.classList.remove("searching");
    panel.hidden = true;
  };
  api.engine = engine;
})(typeof window !== "undefined" ? window : globalThis);
