// folio cli: the build's assets stage: the files every page names, content-hashed so a CDN may cache them
// forever: the renderer (folio.js, the wasm), the book's faces (whole, as stand-ins, as the main book's
// partials), the script faces (a large one sliced by use), the boot script with its manifest
// (window.FOLIO_ASSETS), the stylesheet, the find and search scripts, the formulas' pictures and the
// images the articles show.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/proofs.h"
#include "core/book/layout.h"
#include "core/fonts/face_metrics.h"
#include "core/model/model.h"
#include "core/site/emit.h"

namespace folio {

// Where a build reads its own files.
struct AssetSources {
    std::string bundle; // the author's bundle: the images the articles show
    std::string web;    // the web build: folio.js, folio.wasm, folio.later.wasm, boot.min.js, folio.min.css
    std::string fonts;  // the fonts folder (make_site_fonts)
    std::string shell;  // the page shell (shell.html)
    std::string source; // resource_root() (cli/resources.h): web/
};

struct Assets {
    std::string shell;             // the page shell's text, for every page
    SiteAssets site;               // what the pages name (core/site/emit.h)
    std::vector<OutputFile> files; // written once the pages are
    // Read by read_assets for finish_assets, which needs the proofs, and so comes after them:
    nlohmann::json manifest; // window.FOLIO_ASSETS, the boot script's first line
    std::string css;         // the stylesheet so far
    FaceMetrics face_metric[kFaceCount];
    std::vector<std::string> font_urls, font_bytes;      // the book's faces
    std::vector<std::string> script_files, script_bytes; // the script faces, as scripts.txt lists them
    bool fonts_usable = true;                            // stand-ins (tests) build the site without the proof
};

// What needs no proofs: the shell, the renderer, the faces, the find and search scripts, the formulas'
// pictures. False with a reason when a file cannot be read. preview: the page watches for changes.
bool read_assets(const Site& site, const AssetSources& from, bool preview, Assets& a, std::string& error);

// The rest, by what the proofs show: the main book's partial faces, the script faces (sliced in a build for
// publishing), the boot script, the stylesheet, the page without JavaScript and the articles' images.
// The pages' SiteAssets then read the route's faces and slices off `proofs`, which must outlive them.
bool finish_assets(const Site& site, const AssetSources& from, Proofs& proofs, bool preview, Assets& a,
                   std::string& error);

} // namespace folio
