// folio core: syntax highlighting of fenced code, at build time, with GNU source-highlight's language
// definitions. Native only: the browser receives the coloured runs in the document trees.
#pragma once

#include <string>
#include <vector>

#include "core/document.h"

namespace folio {

// The language a fence's info string names, as source-highlight knows it ("cpp" for "c++", "cuda"
// and "hpp"; "javascript" for "ts"), or "" when folio does not highlight it.
std::string highlight_language(const std::string& info);

// The code as runs of token classes; empty when the language is unknown (the code stays plain).
// The runs' texts add up to the code exactly.
std::vector<CodeRun> highlight_code(const std::string& info, const std::string& code);

} // namespace folio
