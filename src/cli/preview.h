// folio CLI: `folio preview`: the site built, served like a static host (serve.h) and rebuilt in place on
// every change to the bundle (watch_site, build.h), in one process. See docs/install.md.
#pragma once

#include <string>

#include "cli/build.h"

namespace folio {

struct PreviewOptions {
    std::string bundle = ".";
    std::string out; // "" for preview_folder(bundle)
    std::string web, fonts, shell;
    std::string host = "127.0.0.1";
    int port = 6931;
};

// Where the preview of a bundle is built unless told: a folder of its own in the user's cache
// ($XDG_CACHE_HOME or ~/.cache, folio/preview-NAME-HASH), never inside the bundle.
std::string preview_folder(const std::string& bundle);

// Listens, builds, says "serving BUNDLE at URL" and serves until the builder stops (it runs until the
// process is stopped, unless it cannot write the output). Returns the exit code.
int run_preview(const PreviewOptions& options);

} // namespace folio
