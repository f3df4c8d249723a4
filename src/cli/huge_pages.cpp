// folio CLI: a build's memory in huge pages (huge_pages.h).
#include "cli/huge_pages.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace folio {

namespace {
constexpr const char* kVariable = "GLIBC_TUNABLES";
constexpr const char* kTunable = "glibc.malloc.hugetlb";
} // namespace

void restart_with_huge_pages(char** argv) {
    const char* tunables = std::getenv(kVariable);
    if (tunables && std::strstr(tunables, kTunable)) return; // said already: by the user, or by the start before
    const std::string said = tunables && *tunables ? std::string(tunables) + ":" : std::string();
    if (setenv(kVariable, (said + kTunable + "=1").c_str(), 1) != 0) return;
    execv("/proc/self/exe", argv); // returns only when it failed: go on as we are
}

bool heaps_in_huge_pages() {
    const char* tunables = std::getenv(kVariable);
    return tunables && std::strstr(tunables, (std::string(kTunable) + "=1").c_str());
}

} // namespace folio
