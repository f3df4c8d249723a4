// folio fold: text folded for matching in the page, core/text/fold.h's rule. One file for the search panel
// (web/search.js folds queries as the index was folded) and the book's find bar (the wasm folds its pages
// and the query through it: src/platform/web/fold_text.cpp). tests/fixtures/fold.txt holds it to the
// native side. Fetched with them the first time they are used (web/find_keys.js), never in the first view.
(function (root) {
  "use strict";
  var folio = root.folio || (root.folio = {});

  // Letters that neither decompose nor case-fold into plain ones, the final sigma, and quotes and
  // apostrophes typed as ASCII ones (fold.cpp's special).
  var SPECIAL = { "\u0111": "d", "\u00f0": "d", "\u00f8": "o", "\u0127": "h", "\u0131": "i", "\u0142": "l",
    "\u014b": "n", "\u0153": "oe", "\u0138": "k", "\u0167": "t", "\u00fe": "th", "\u00df": "ss", "\u00e6": "ae",
    "\u03c2": "\u03c3", "\u02bc": "'", "\u2018": "'", "\u2019": "'", "\u201c": "\"", "\u201d": "\"" };
  var SPECIAL_RE = new RegExp("[" + Object.keys(SPECIAL).join("") + "]", "g");
  // Nonspacing marks, but not where they spell the word (kana's voicing, Thaana, the scripts of India and
  // Southeast Asia): fold.cpp's dropped_mark.
  var MARK = /(?![\u0780-\u07bf\u0900-\u109f\u1700-\u1aaf\u1b00-\u1c4f\u3099\u309a\ua800-\uabff\u{11000}-\u{11fff}])\p{Mn}/gu;
  var SPACES = /[ \t\n\r\u00a0\u202f]+/g;

  function fold(s) {
    // fold.h's rule: NFKD, marks dropped, case folded (upper then lower case is full case folding but for
    // ς and ẞ, mapped below), specials, then NFC: what NFKD took apart without a mark (Hangul, が) comes back.
    return String(s).normalize("NFKD").replace(MARK, "").toUpperCase().toLowerCase()
      .replace(SPECIAL_RE, function (c) { return SPECIAL[c]; }).normalize("NFC").replace(/\u200b/g, "")
      .replace(SPACES, " ");
  }

  // A character and the marks after it: what NFC may compose into one, so it is folded as one.
  var CLUSTER = /[\s\S][\p{M}]*/gu;
  var STARTS_WITH_MARK = /^\p{M}/u;

  // s folded, and for each UTF-16 unit of the result the index in s of the character it came from (a
  // cluster folded into several, from its first): fold(s), a cluster at a time. A cluster whose fold starts
  // with a mark (ﾞ is NFKD's U+3099) is folded again with the one before, onto which NFC composes it.
  function foldMapped(s) {
    s = String(s);
    var text = "", at = [], m, prev = -1, prevLength = 0;
    CLUSTER.lastIndex = 0;
    while ((m = CLUSTER.exec(s)) !== null) {
      var c = m[0], from = m.index, f = c.length === 1 && c < "\u0080" ? c.toLowerCase() : fold(c);
      if (prev >= 0 && STARTS_WITH_MARK.test(f)) {
        text = text.slice(0, prevLength);
        at.length = prevLength;
        from = prev;
        f = fold(s.slice(prev, m.index + c.length));
      }
      if (f === " " && text.charAt(text.length - 1) === " ") continue; // white space: one space a run
      prev = from;
      prevLength = text.length;
      text += f;
      for (var k = 0; k < f.length; k++) at.push(from);
    }
    return { text: text, at: at };
  }

  folio.fold = fold;
  folio.foldMapped = foldMapped;
})(typeof window !== "undefined" ? window : globalThis);
