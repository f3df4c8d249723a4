// folio core: text folded for matching, one rule for the book's find bar (book/find.h), the folds'
// filter (model/bound.h) and the search index (site/search_index.h); web/search.js folds queries the same
// way, and tests/fixtures/fold.txt holds both to it.
#pragma once

#include <string>
#include <vector>

namespace folio {

// Folds text for matching: lower case, diacritics removed (é -> e, ß -> ss, Œ -> oe), curly quotes
// made straight, every run of white space one space. origin, when given, receives for each byte of the
// result the byte offset in `text` of the character it came from, plus one final entry: text.size().
std::string fold_text(const std::string& text, std::vector<int>* origin = nullptr);

} // namespace folio
