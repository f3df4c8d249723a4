// folio core: text folded for matching, one rule for the book's find bar (book/find.h), the folds'
// filter (model/bound.h) and the search index (site/search_index.h); web/search.js folds queries the same
// way (web/fold.js, which the wasm's find bar uses too), and tests/fixtures/fold.txt holds both to it.
#pragma once

#include <string>
#include <vector>

namespace folio {

// Folds text for matching. The rule, natively (utf8proc) and in web/search.js alike:
//   1. compatibility decomposition, NFKD (ﬁ -> fi, ＡＢＣ -> ABC, x² -> x2, ｶﾞ -> カ and its voicing mark);
//   2. nonspacing marks (General Category Mn) removed (é -> e, giới -> gioi, Καλημέρα -> Καλημερα, й -> и),
//      except where they spell the word: kana's voicing marks U+3099-309A, Thaana U+0780-07BF, and the
//      scripts of India and Southeast Asia U+0900-109F, U+1700-1AAF, U+1B00-1C4F, U+A800-ABFF,
//      U+11000-11FFF (है is not ह, ไก่ is not ไก);
//   3. full Unicode case folding (ß and ẞ -> ss, ς -> σ, İ -> i), but Cherokee to its small letters;
//   4. the letters that neither decompose nor fold to plain ones: ø -> o, ł -> l, đ ð -> d, ħ -> h,
//      ı -> i, ŋ -> n, ĸ -> k, ŧ -> t, þ -> th, æ -> ae, œ -> oe; ’ ‘ ʼ -> ', “ ” -> ";
//   5. NFC's composition: what NFKD took apart and no removed mark held comes back (Hangul syllables, が);
//   6. the zero-width space removed, every run of white space one space.
// ŀ and ŉ follow NFKD (l·, 'n), so ŀl folds as the usual l·l. tests/fixtures/fold.txt holds both sides to
// it; they differ only on what Unicode assigned after utf8proc's version (15.0).
// origin, when given, receives for each byte of the result the byte offset in `text` of the character it
// came from (a character composed of several, from the first), plus one final entry: text.size().
//
// In the browser's wasm this is src/platform/web/fold_text.cpp: the page's own fold (web/fold.js, the
// search panel's too), by the same rule through String.prototype.normalize, so the book's find bar folds
// as the search index does without a Unicode table in the wasm.
std::string fold_text(const std::string& text, std::vector<int>* origin = nullptr);

} // namespace folio
