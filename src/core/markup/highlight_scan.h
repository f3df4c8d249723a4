// folio core: a fast, in-house highlighter for the languages posts use most (C, C++, Rust, Go, Python,
// shell, SQL, JavaScript/TypeScript, Java). It gives the token classes of GNU source-highlight's
// definitions for those languages (their keyword and type lists, comments, strings, numbers, a name
// before "(" as a function, punctuation as operators) in one pass, without regular expressions. Where
// source-highlight's rules are finer (Rust's raw strings, JavaScript's regular expressions, a C struct's
// name), this one is plainer. Other languages still go through source-highlight (highlight.cpp).
#pragma once

#include <string>
#include <vector>

#include "core/model/document.h"

namespace folio {

// Appends the runs of `code` in the language of source-highlight's `lang_file` ("c.lang", ...) to out,
// and returns true; false (out untouched) when this highlighter does not know the language. The runs'
// texts add up to the code exactly.
bool scan_highlight(const std::string& lang_file, const std::string& code, std::vector<CodeRun>& out);

} // namespace folio
