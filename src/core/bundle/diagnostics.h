// folio core: problems found in a bundle, reported the way compilers do so editors can jump to them.
#pragma once

#include <string>
#include <vector>

namespace folio {

struct Diagnostic {
    std::string file;
    int line = 0, column = 0; // 1-based; 0 when there is no position (e.g. a file that is missing)
    std::string path;         // JSON path such as $.writing[3].date; empty for file-level problems
    std::string message;      // what is wrong
    std::string hint;         // what to do
    bool warning = false;     // a warning (folio check --strict makes it an error), not an error
};

// "file:line:column: error: path: message; hint" ("warning:" for warnings)
std::string format_diagnostic(const Diagnostic& d);

using Diagnostics = std::vector<Diagnostic>;

} // namespace folio
