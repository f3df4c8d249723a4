// folio cli: the build's assets stage. See assets.h.
#include "cli/assets.h"
#include "cli/output.h"
#include "cli/script_slices.h"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "core/bundle/load.h"
#include "core/font_build/site_fonts.h"
#include "core/fonts/font_partial.h"
#include "core/model/words.h"
#include "ui/theme.h"

namespace fs = std::filesystem;

namespace folio {

namespace {

// For the one-line refusals: the reason, and false.
bool refuse(std::string& error, const std::string& why) {
    error = why;
    return false;
}

std::string hashed_name(const std::string& stem, const std::string& ext, const std::string& data) {
    return stem + "." + content_hash(data) + ext;
}

// The page's scripts without their whole-line comments and indentation (a quarter less after gzip).
// Only whole lines go: the sources have no template literals, so no line's text changes.
std::string compact_script(const std::string& js) {
    std::string out;
    size_t at = 0;
    while (at < js.size()) {
        size_t end = js.find('\n', at);
        if (end == std::string::npos) end = js.size();
        size_t first = js.find_first_not_of(" \t", at);
        if (first < end && js.compare(first, 2, "//") != 0) out.append(js, first, end - first) += '\n';
        at = end + 1;
    }
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Read as they are
//-----------------------------------------------------------------------------

// The page shell, the stylesheet, and the renderer: the glue, the wasm and the code the first views do
// not run, when the web build split the wasm (tools/split_wasm.cjs).
bool read_renderer(const AssetSources& from, bool preview, Assets& a, std::string& error) {
    std::string js, wasm;
    if (!read_whole_file(from.shell, a.shell)) return refuse(error, "cannot read the page shell " + from.shell);
    if (!read_whole_file(from.web + "/folio.js", js) || !read_whole_file(from.web + "/folio.wasm", wasm))
        return refuse(error, "cannot read folio.js/folio.wasm in " + from.web + " (build the web target first)");
    if (!read_whole_file(from.source + "/web/folio.css", a.css))
        return refuse(error, "cannot read web/folio.css in " + from.source);
    read_whole_file(from.web + "/folio.min.css", a.css); // the web build's minified copy, when there is one

    a.manifest = {{"js", "/assets/" + hashed_name("folio", ".js", js)},
                  {"wasm", "/assets/" + hashed_name("folio", ".wasm", wasm)},
                  {"fonts", nlohmann::json::array()},
                  {"preview", preview}};
    a.files.push_back({"assets/" + hashed_name("folio", ".js", js), js});
    a.files.push_back({"assets/" + hashed_name("folio", ".wasm", wasm), wasm});
    std::string later_wasm;
    if (read_whole_file(from.web + "/folio.later.wasm", later_wasm)) {
        std::string path = "assets/" + hashed_name("folio.later", ".wasm", later_wasm);
        a.manifest["wasmLater"] = "/" + path;
        a.files.push_back({path, later_wasm});
    }
    return true;
}

// The book's faces and their stand-ins, and the script faces behind them (core/font_build/site_fonts.h:
// only those the text uses), whole, on every page: each face measures its runs with them behind it, so
// the book cannot be laid out without them. Those are written once the proofs can say what the pages
// open on: a large one is sliced (script_slices).
bool read_faces(const AssetSources& from, Assets& a, std::string& error) {
    for (int i = 0; i < kFaceCount; ++i) {
        std::string font;
        if (!read_whole_file(from.fonts + "/" + kFontFiles[i], font))
            return refuse(error, "cannot read font " + from.fonts + "/" + kFontFiles[i]);
        a.fonts_usable = a.fonts_usable && face_metrics(font.data(), font.size(), a.face_metric[i]);
        std::string stem = fs::path(kFontFiles[i]).stem().string();
        std::string path = "/assets/" + hashed_name(stem, ".ttf", font);
        a.files.push_back({path.substr(1), font});
        a.font_bytes.push_back(font);
        a.manifest["fonts"].push_back(path);
        a.font_urls.push_back(path);
        a.site.fonts.push_back(path);
        // The face's stand-in (ui/fonts.h), when ./folio made one: only the faces a route's first pages
        // show come whole at first.
        std::string metrics;
        if (!read_whole_file(from.fonts + "/" + stem + ".metrics.ttf", metrics)) continue;
        path = "/assets/" + hashed_name(stem + ".metrics", ".ttf", metrics);
        a.files.push_back({path.substr(1), metrics});
        a.site.font_metrics.push_back(path);
    }
    for (const std::string& file : script_font_files(from.fonts)) {
        std::string font;
        if (!read_whole_file(from.fonts + "/" + file, font))
            return refuse(error, "cannot read font " + from.fonts + "/" + file + " (listed in scripts.txt)");
        a.script_files.push_back(file);
        a.script_bytes.push_back(std::move(font));
    }
    if (a.site.font_metrics.size() != a.site.fonts.size())
        a.site.font_metrics.clear(); // every face whole, as before stand-ins
    else
        a.manifest["metrics"] = a.site.font_metrics;
    return true;
}

// Find and search: only the keys and the route are in the first load (find_keys.js, appended to boot);
// the find bar, the search panel, the fold both use (fold.js) and their stylesheet come when first used.
bool read_find(const AssetSources& from, Assets& a, std::string& error) {
    for (const char* name : {"find.js", "search.js", "fold.js", "find.css"}) {
        std::string data;
        if (!read_whole_file(from.source + "/web/" + name, data))
            return refuse(error, "cannot read web/" + std::string(name) + " in " + from.source);
        fs::path n(name);
        std::string path = "/assets/" + hashed_name(n.stem().string(), n.extension().string(), data);
        a.files.push_back({path.substr(1), data});
        a.manifest[n.extension() == ".css" ? "findCss" : n.stem().string()] = path;
    }
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Made by what the proofs show
//-----------------------------------------------------------------------------

// The main routes' faces as partials (core/fonts/font_partial.h): outlines only for the characters the main
// book shows, so the front page's first load carries only those; the whole face comes when a run needs it.
bool add_partials(ProofMaker& proofs, Assets& a, std::string& error) {
    a.site.font_partials.assign(kFaceCount, "");
    a.manifest["partials"] = nlohmann::json::array();
    for (int i = 0; i < kFaceCount; ++i) {
        const std::vector<uint32_t> chars = proofs.main_characters(static_cast<Face>(i));
        std::string partial, why;
        if (!chars.empty() && !make_partial_font(a.font_bytes[i], chars, partial, why))
            return refuse(error, "cannot make the partial of font " + std::string(kFontFiles[i]) + ": " + why);
        std::string path;
        if (!chars.empty()) {
            path = "/assets/" + hashed_name(fs::path(kFontFiles[i]).stem().string() + ".partial", ".ttf", partial);
            a.files.push_back({path.substr(1), std::move(partial)});
        }
        a.site.font_partials[i] = path;
        a.manifest["partials"].push_back(path);
    }
    return true;
}

// The script faces: whole, or (a large one, in a build for publishing) its stand-in and its slices.
// script_urls: each face's file, for the page without JavaScript.
bool add_script_faces(const Site& site, ProofMaker& proofs, bool slicing, Assets& a,
                      std::vector<std::string>& script_urls, std::string& error) {
    std::vector<ScriptFaceFiles> script_faces;
    if (!script_face_files(site, proofs, slicing, a.script_files, a.script_bytes, script_faces, error)) return false;
    std::vector<SliceMap> slice_maps;
    bool any_sliced = false;
    for (ScriptFaceFiles& face : script_faces) {
        const std::string path = "/assets/" + hashed_name(face.stem, ".ttf", face.bytes);
        script_urls.push_back(path);
        // A sliced face's stand-in only measures: the book asks for it, after the early page's slices.
        if (face.slices.empty()) a.site.preload.push_back(path);
        a.files.push_back({path.substr(1), std::move(face.bytes)});
        std::vector<std::string> slice_urls;
        for (size_t k = 0; k < face.slices.size(); ++k) {
            const std::string slice =
                "/assets/" + hashed_name(face.stem + ".s" + std::to_string(k), ".ttf", face.slices[k]);
            slice_urls.push_back(slice);
            a.files.push_back({slice.substr(1), std::move(face.slices[k])});
        }
        any_sliced = any_sliced || !slice_urls.empty();
        a.manifest["slices"].push_back(slice_urls);
        a.site.script_slices.push_back(slice_urls);
        a.site.script_slice_ranges.push_back(std::move(face.slice_ranges));
        slice_maps.push_back(std::move(face.map));
    }
    if (!script_urls.empty()) a.manifest["scripts"] = script_urls;
    if (any_sliced) {
        proofs.set_slice_maps(std::move(slice_maps));
        a.site.first_slices = [&proofs](const Route& r) {
            std::vector<SiteAssets::FirstSlice> out;
            for (const SliceUse& u : proofs.slices(r))
                out.push_back({u.script, u.slice, proofs.slice_media(u.variants)});
            return out;
        };
    } else {
        a.manifest.erase("slices");
        a.site.script_slices.clear();
        a.site.script_slice_ranges.clear();
    }
    return true;
}

// Scripts of the page's own, minified by the web build beside the glue (tools/minify.cjs) as `minified`;
// without that file, the sources `names` lists (in order) joined and compacted here.
bool read_scripts(const AssetSources& from, const char* minified, const char* names, std::string& out,
                  std::string& error) {
    if (read_whole_file(from.web + "/" + minified, out)) return true;
    std::istringstream list(names);
    std::string name, joined;
    while (list >> name) {
        std::string script;
        if (!read_whole_file(from.source + "/web/" + name, script))
            return refuse(error, "cannot read web/" + name + " in " + from.source);
        joined += script + "\n";
    }
    out = compact_script(joined);
    return true;
}

// The page's scripts (CMakeLists.txt's FOLIO_PAGE_SCRIPTS), and in a preview's build the preview's own
// (FOLIO_PREVIEW_SCRIPTS): a published site does not carry it.
bool read_page_scripts(const AssetSources& from, bool preview, std::string& page_scripts, std::string& error) {
    if (!read_scripts(from, "boot.min.js", FOLIO_PAGE_SCRIPTS, page_scripts, error)) return false;
    if (!preview) return true;
    std::string preview_scripts;
    if (!read_scripts(from, "preview.min.js", FOLIO_PREVIEW_SCRIPTS, preview_scripts, error)) return false;
    page_scripts += "\n" + preview_scripts;
    return true;
}

// The boot script: the manifest, then the page's scripts.
void add_boot_script(const Site& site, ProofMaker& proofs, const std::string& page_scripts, Assets& a) {
    a.manifest["revealMs"] = kTextRevealSeconds * 1000; // folio.css's --reveal (core/site/proof.h)
    // The faces' vertical metrics (core/fonts/face_metrics.h), which turn the book's sizes into CSS sizes:
    // the early page's CSS has them (proof_css), and the layer (web/textlayer.js) takes the same numbers.
    auto six = [](float x) { return std::round(double(x) * 1e6) / 1e6; };
    for (const FaceMetrics& m : a.face_metric)
        a.manifest["faceMetrics"].push_back({{"em", six(m.em)}, {"ascent", six(m.ascent)}, {"mid", six(m.mid)}});
    // The words the scripts show, in the site's language (core/model/words.h): their one home is the C++ table.
    for (const char* key : script_word_keys())
        for (const auto& [k, member] : word_keys())
            if (std::strcmp(k, key) == 0) a.manifest["words"][key] = site.info.words.*member;
    std::string boot_full = "window.FOLIO_ASSETS = " + a.manifest.dump() + ";\n" + page_scripts;
    a.site.boot_js = "/assets/" + hashed_name("boot", ".js", boot_full);
    // Each page fetches whole the faces its proof shows (the proof is made just before the page's head),
    // the others as stand-ins; a page without a proof fetches every face.
    a.site.first_faces = [&proofs](const Route& r) { return proofs.faces(r); };
    a.files.push_back({a.site.boot_js.substr(1), boot_full});
}

// The stylesheet: the page's, the palettes and the desk, and the early page's (with the book's fonts).
void add_stylesheet(const Proofs& proofs, Assets& a) {
    a.css += palette_css() + desk_css();
    if (proofs.usable)
        a.css += proof_css(proofs.fonts.box_per_em[static_cast<int>(Face::Serif)], proofs.fonts.scripts.size(),
                           a.face_metric);
    a.site.style_css = "/assets/" + hashed_name("folio", ".css", a.css);
    a.files.push_back({a.site.style_css.substr(1), a.css});
}

// Without JavaScript the text shows at once (folio.css otherwise holds it back for a moment).
// The proof, then, is the first screen, in the page's flow above the text, in the same faces as the book's:
// its one page, without the top of the next that a phone's screen shows below it when the book follows
// (placed at the same top, it would cover the page; the text follows instead).
void add_noscript(const std::vector<std::string>& script_urls, Assets& a) {
    a.files.push_back(
        {"noscript.css",
         "#text { animation: none !important; }\n"
         "#proof { visibility: visible; position: relative; inset: auto; }\n"
         "#proof .pv { position: relative; inset: auto; height: max(100vh, calc(var(--php) + 2 * var(--top-pad))); }\n"
         "#proof .pg { top: var(--top-pad); }\n"
         "#proof .pg.next { display: none; }\n" +
             proof_noscript_css(a.font_urls, script_urls, a.site.script_slices, a.site.script_slice_ranges)});
}

// Images the articles show, from the bundle, at the same site paths.
bool read_images(const Site& site, const AssetSources& from, Assets& a, std::string& error) {
    for (const std::string& img : site.local_images) {
        std::string data;
        if (!read_whole_file(from.bundle + img, data))
            return refuse(error, "an article shows " + img + " but " + from.bundle + img +
                                     " cannot be read; add the file or fix the path");
        a.files.push_back({img.substr(1), data});
    }
    return true;
}

} // namespace

bool read_assets(const Site& site, const AssetSources& from, bool preview, Assets& a, std::string& error) {
    if (!read_renderer(from, preview, a, error) || !read_faces(from, a, error) || !read_find(from, a, error))
        return false;
    // The formulas' pictures (cli/math.h), drawn by the book and the early page.
    for (const auto& [path, svg] : site.math_pictures)
        a.files.push_back({path.substr(1), svg});
    return true;
}

bool finish_assets(const Site& site, const AssetSources& from, Proofs& proofs, bool preview, Assets& a,
                   std::string& error) {
    // The page's first paint (the proof) needs only what the HTML names: the stylesheet, the boot script and the
    // faces (preloaded). The book's own files (the glue, the wasm, site.json) are not preloaded: web/start.js
    // asks for all three at once when the proof has been painted (docs/first-view.md, "Two stages").
    if (proofs.usable && !a.site.font_metrics.empty() && !add_partials(*proofs.maker, a, error)) return false;
    std::vector<std::string> script_urls;
    if (!add_script_faces(site, *proofs.maker, proofs.usable && !preview, a, script_urls, error)) return false;
    // The wasm's first part holds what a Latin site's first views run. A site whose text needs the code for
    // other scripts (a script face behind the book's, right to left) asks for the later part with it, before
    // its first frame (docs/first-view.md, "The code that comes later"; web/downloads.js).
    if (a.manifest.contains("wasmLater") && (!script_urls.empty() || fonts_made_for_bidi(from.fonts)))
        a.manifest["laterFirst"] = true;
    std::string page_scripts;
    if (!read_page_scripts(from, preview, page_scripts, error)) return false;
    add_boot_script(site, *proofs.maker, page_scripts, a);
    add_stylesheet(proofs, a);
    add_noscript(script_urls, a);
    return read_images(site, from, a, error);
}

} // namespace folio
