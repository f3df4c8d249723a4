// folio import: a bundle from a Hugo, Jekyll or Zola site folder (`folio import SRC [DEST]`).
#pragma once

#include <string>

namespace folio::import {

struct Options {
    std::string src;
    std::string dest; // default: SRC's folder name + "-folio", beside SRC
    std::string from; // "hugo", "jekyll" or "zola"; empty: detect
    // Download the posts' pictures on other hosts into the bundle (images/<host>/...) and point the posts
    // at those copies, for a site that asks no other host for anything. One that fails stays as written.
    bool fetch_images = false;
};

// Prints warnings and errors as file:line:col and a summary; writes DEST only when the bundle it
// made passes folio check. Exit codes: 0 written, 1 errors in the source (nothing written), 2 usage.
int run(const Options& options);

} // namespace folio::import
