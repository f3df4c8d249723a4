// folio core: syntax highlighting of fenced code, at build time: GNU source-highlight's language
// definitions, run by folio's own scanner for the languages posts use most (highlight_scan.h) and by
// source-highlight for the others. Native only: the browser receives the coloured runs in the document trees.
#pragma once

#include <string>
#include <vector>

#include "core/model/document.h"

namespace folio {

// The language a fence's info string names, as source-highlight knows it ("cpp" for "c++", "cuda"
// and "hpp"; "javascript" for "ts"), or "" when folio does not highlight it.
std::string highlight_language(const std::string& info);

// Where folio's own .lang files are (an installed folio's share/folio/highlight): set once, at start, before
// any highlighting; until then the source tree's.
void set_highlight_definitions(const std::string& dir);

// The code as runs of token classes; empty when the language is unknown (the code stays plain).
// The runs' texts add up to the code exactly.
std::vector<CodeRun> highlight_code(const std::string& info, const std::string& code);

// The same through source-highlight's regular expressions only, whatever the language: what the scanner
// is tested against (tests/core/test_highlight_scan.cpp).
std::vector<CodeRun> highlight_code_with_source_highlight(const std::string& info, const std::string& code);

} // namespace folio
