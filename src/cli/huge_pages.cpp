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
// Set before the restart: a glibc that leaves an unknown tunable out of the environment it passes on
// must not make the program start again and again.
constexpr const char* kRestarted = "FOLIO_HUGE_PAGES_ASKED";
} // namespace

void restart_with_huge_pages(char** argv) {
    const char* tunables = std::getenv(kVariable);
    if (std::getenv(kRestarted)) return;                     // this is the start again
    if (tunables && std::strstr(tunables, kTunable)) return; // said already, by the user
    const std::string said = tunables && *tunables ? std::string(tunables) + ":" : std::string();
    if (setenv(kVariable, (said + kTunable + "=1").c_str(), 1) != 0 || setenv(kRestarted, "1", 1) != 0) return;
    execv("/proc/self/exe", argv); // returns only when it failed: go on as we are
}

bool heaps_in_huge_pages() {
    const char* tunables = std::getenv(kVariable);
    return tunables && std::strstr(tunables, (std::string(kTunable) + "=1").c_str());
}

} // namespace folio
