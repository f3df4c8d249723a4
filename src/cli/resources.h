// folio CLI: where the files folio reads besides the author's bundle are, its one home: the page shell,
// the page's stylesheet and scripts, the web build (folio.js, folio.wasm, ...), the formula typesetter,
// the font recipe's helpers and the highlighting definitions folio ships.
//
// An installed folio (PREFIX/bin/folio, `cmake --install`, docs/install.md) finds them in
// PREFIX/share/folio, next to itself, so it keeps working with the repository gone; a folio run from a
// build folder finds them in the source and build trees it was built from, as it always did.
#pragma once

#include <string>

namespace folio {

struct Resources {
    bool installed = false;
    std::string root;      // shell.html and web/ (the stylesheet, the lazily loaded scripts): build.cpp's source
    std::string web_build; // the web build's outputs: folio.js, folio.wasm, folio.later.wasm, boot.min.js, ...
    std::string tools;     // math.cjs (its npm modules beside it when installed) and the font recipe's scripts
    std::string highlight; // folio's own source-highlight .lang files

    std::string shell() const { return root + "/shell.html"; }
};

// Looks next to this executable first (<exe>/../share/folio), then falls back to the trees it was built
// from. Cheap (one readlink and one stat): ask again where needed rather than keeping it anywhere.
Resources find_resources();

// Resources' root: shell.html and web/.
std::string resource_root();

} // namespace folio
