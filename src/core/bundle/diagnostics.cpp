// folio core: diagnostics. See diagnostics.h.
#include "core/bundle/diagnostics.h"

namespace folio {

std::string format_diagnostic(const Diagnostic& d) {
    std::string s = d.file;
    if (d.line > 0) s += ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
    s += d.warning ? ": warning: " : ": error: ";
    if (!d.path.empty()) s += d.path + ": ";
    s += d.message;
    if (!d.hint.empty()) s += "; " + d.hint;
    return s;
}

} // namespace folio
