// folio CLI: where folio's own files are. See resources.h.
#include "cli/resources.h"

#include <unistd.h>

#include <filesystem>
#include <system_error>

#if !defined(FOLIO_SOURCE_DIR) || !defined(FOLIO_WEB_BUILD_DIR)
#error "FOLIO_SOURCE_DIR and FOLIO_WEB_BUILD_DIR must name the trees this folio is built from (CMakeLists.txt)"
#endif

namespace fs = std::filesystem;

namespace folio {

namespace {

// The folder holding this executable, symbolic links resolved ("" when the system cannot say).
fs::path exe_folder() {
    char buf[4096];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return {};
    buf[n] = 0;
    return fs::path(buf).parent_path();
}

// PREFIX/share/folio when this executable is PREFIX/bin/folio and the install put its files there.
fs::path installed_share() {
    const fs::path folder = exe_folder();
    if (folder.empty()) return {};
    const fs::path share = (folder / ".." / "share" / "folio").lexically_normal();
    std::error_code ec;
    return fs::is_regular_file(share / "shell.html", ec) ? share : fs::path();
}

} // namespace

Resources find_resources() {
    Resources r;
    const fs::path share = installed_share();
    if (!share.empty()) {
        // One web folder: the build's outputs beside the page files build.cpp reads from root/web.
        r.installed = true;
        r.root = share.string();
        r.web_build = (share / "web").string();
        r.tools = (share / "tools").string();
        r.highlight = (share / "highlight").string();
        return r;
    }
    r.root = FOLIO_SOURCE_DIR;
    r.web_build = FOLIO_WEB_BUILD_DIR;
    r.tools = r.root + "/tools";
    r.highlight = r.root + "/src/core/markup/highlight";
    return r;
}

std::string resource_root() { return find_resources().root; }

} // namespace folio
