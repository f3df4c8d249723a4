// Shared by the Catch2 tests: small questions about output text.
#pragma once

#include <string>

namespace folio::testing {

// How many times `part` occurs in `s`, without overlaps.
inline int count_of(const std::string& s, const std::string& part) {
    int n = 0;
    for (size_t at = s.find(part); at != std::string::npos; at = s.find(part, at + part.size()))
        ++n;
    return n;
}

} // namespace folio::testing
