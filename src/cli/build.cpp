// folio CLI: `folio build`. See build.h.
#include "cli/build.h"
#include "cli/math.h"
#include "cli/output.h"
#include "cli/resources.h"
#include "cli/script_slices.h"

#include <malloc.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/bundle/load.h"
#include "core/bundle/schema.h"
#include "core/font_build/site_fonts.h"
#include "core/fonts/font_partial.h"
#include "core/model/bound.h"
#include "core/model/routes.h"
#include "core/site/emit.h"
#include "core/site/proof.h"
#include "core/site/search_index.h"
#include "ui/headless.h"
#include "ui/proof_measure.h"
#include "ui/theme.h"

namespace fs = std::filesystem;

namespace folio {

namespace {

std::string hashed_name(const std::string& stem, const std::string& ext, const std::string& data) {
    return stem + "." + content_hash(data) + ext;
}

std::string exe_dir() {
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return ".";
    buf[n] = 0;
    return fs::path(buf).parent_path().string();
}

int fail(const std::string& msg) {
    std::fprintf(stderr, "folio build: %s\n", msg.c_str());
    return 1;
}

// The entries under each fold of a bounded archive (core/model/bound.h), one content-hashed chunk file a fold
// ("/assets/folds/<hash>.json"), fetched when the reader opens the fold; sets each fold's url, so it must
// run after pack_bodies (the chunks carry the articles' body_url) and before site.json is written.
template <typename Sink> void write_fold_chunks(Site& site, Sink&& sink) {
    for (size_t i = 0; i < site.folds.size(); ++i) {
        std::string data = fold_chunk(site, static_cast<int>(i));
        site.folds[i].url = "/assets/folds/" + content_hash(data) + ".json";
        sink(OutputFile{site.folds[i].url.substr(1), std::move(data)});
    }
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

} // namespace

void parallel_for(size_t n, const std::function<void(size_t)>& body) {
    unsigned workers = std::max(1u, std::min(std::thread::hardware_concurrency(), 8u));
    if (n < 64) workers = 1;
    std::atomic<size_t> next{0};
    auto work = [&]() {
        for (size_t i; (i = next.fetch_add(1)) < n;)
            body(i);
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < workers; ++t)
        threads.emplace_back(work);
    work();
    for (std::thread& t : threads)
        t.join();
}

namespace {

double wall_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// User + system time of the whole process (every thread), and its peak resident memory.
double cpu_ms(long* peak_kb = nullptr) {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    if (peak_kb) *peak_kb = u.ru_maxrss;
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
}

} // namespace

PhaseClock::PhaseClock() : on_(std::getenv("FOLIO_BUILD_TIMES") != nullptr) {
    if (on_) wall_ = wall_ms(), cpu_ = cpu_ms();
}

void PhaseClock::mark(const char* phase) {
    if (!on_) return;
    long peak = 0;
    const double wall = wall_ms(), cpu = cpu_ms(&peak);
    std::fprintf(stderr, "folio build: %-22s %8.1f ms wall %8.1f ms cpu  peak %6ld MB  in use %6zu MB\n", phase,
                 wall - wall_, cpu - cpu_, peak / 1024, mallinfo2().uordblks >> 20);
    wall_ = wall, cpu_ = cpu;
}

std::string default_fonts_dir() { return (fs::path(exe_dir()) / ".." / "fonts").lexically_normal().string(); }

std::string fonts_dir_for(const std::string& bundle_dir) {
    std::error_code ec;
    const std::string bundle = fs::weakly_canonical(fs::absolute(bundle_dir), ec).string();
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    const fs::path cache = xdg && *xdg ? fs::path(xdg) : fs::path(home && *home ? home : "/tmp") / ".cache";
    return (cache / "folio" / ("fonts-" + content_hash(bundle))).string();
}

namespace {
// The words of a document tree, a node's a line (so no run of a script joins two nodes).
void append_tree_text(const Node& n, std::string& out) {
    if (!n.text.empty()) out.append(n.text).push_back('\n');
    if (!n.info.get().empty()) out.append(n.info.get()).push_back('\n');
    for (const Node& c : n.children)
        append_tree_text(c, out);
}
} // namespace

bool make_site_fonts(const Site& site, const std::string& fonts_dir, FontState& state, std::string& error) {
    PhaseClock clock;
    // Exactly the text the site shows: site.json (all but the bodies: the book's own words, titles, dates,
    // openings) and the bodies' words, walked in their trees (as JSON they took ten times the time).
    const std::string lean = site_to_json(site, /*separate_bodies=*/true);
    std::string bodies;
    for (const Article& a : site.writing)
        append_tree_text(a.body, bodies);
    clock.mark("fonts: the text");
    bool made = false;
    const auto start = std::chrono::steady_clock::now();
    if (!ensure_site_fonts({lean, bodies}, site.info.language, fonts_dir, state, made, error)) return false;
    if (made)
        std::fprintf(stderr, "folio: made the fonts for the text in %.0f ms (%s)\n",
                     std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(),
                     fonts_dir.c_str());
    clock.mark(made ? "fonts: made" : "fonts: covered");
    return true;
}

namespace {

// Creates the folders that hold the pages' folders ("writing", "tags"), once, before the writers start, so
// no two threads make the same folder. Each page's own folder is made by the thread that writes its page
// (write_file), on every core, with one mkdir.
void make_page_folders(const fs::path& root, const std::vector<Route>& routes) {
    std::error_code ec;
    std::string made;
    for (const Route& r : routes) {
        const size_t slash = r.path.rfind('/');
        if (slash == 0 || slash == std::string::npos) continue;
        const std::string parent = r.path.substr(1, slash - 1);
        if (parent == made) continue;
        fs::create_directories(root / parent, ec);
        made = parent;
    }
}

// The pages, made and written by one worker per core: each route's page is independent of the others.
bool write_pages(Output& out, const Site& site, const std::vector<Route>& routes, const std::string& shell,
                 const SiteAssets& assets, ProofMaker& proofs) {
    std::atomic<bool> ok{true};
    parallel_for(routes.size(), [&](size_t i) {
        if (!ok) return;
        OutputFile f = emit_page(site, routes[i], shell, assets, proofs.html(routes[i]));
        if (!out.write(f.path, f.contents)) ok = false;
    });
    return ok;
}

// The files that are not a route's page (404.html, the feed, the sitemap, robots.txt, _headers) and the
// search index over all the writing (core/site/search_index.h), fetched when search is first used.
std::vector<OutputFile> side_files(const Site& site, const std::string& shell, const SiteAssets& assets) {
    std::vector<OutputFile> files = emit_site_files(site, shell, assets);
    for (OutputFile& f : build_search_index(site))
        files.push_back(std::move(f));
    return files;
}

} // namespace

int build_site(Site& site, const std::string& bundle_dir, const std::string& out_dir, const std::string& web_dir,
               const std::string& fonts_dir_arg, const std::string& shell_arg, const BuildMode& mode) {
    const std::string source = resource_root();
    const std::string shell_file = shell_arg.empty() ? source + "/shell.html" : shell_arg;
    const std::string fonts_dir = fonts_dir_arg.empty() ? fonts_dir_for(bundle_dir) : fonts_dir_arg;
    PhaseClock clock;
    // The formulas, typeset once for the pages and the feed; a broken one is a warning, shown as its TeX.
    Diagnostics math_warnings;
    typeset_math(site, bundle_dir, math_warnings);
    for (const Diagnostic& d : math_warnings)
        std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());

    // Small files first, in memory; the pages are written as they are made.
    std::vector<OutputFile> files;
    std::string shell, js, wasm, css;
    if (!read_whole_file(shell_file, shell)) return fail("cannot read the page shell " + shell_file);
    if (!read_whole_file(web_dir + "/folio.js", js) || !read_whole_file(web_dir + "/folio.wasm", wasm))
        return fail("cannot read folio.js/folio.wasm in " + web_dir + " (build the web target first)");
    if (!read_whole_file(source + "/web/folio.css", css)) return fail("cannot read web/folio.css in " + source);
    read_whole_file(web_dir + "/folio.min.css", css); // the web build's minified copy, when there is one

    // Content-hashed assets: a CDN may cache them forever.
    SiteAssets assets;
    nlohmann::json manifest = {{"js", "/assets/" + hashed_name("folio", ".js", js)},
                               {"wasm", "/assets/" + hashed_name("folio", ".wasm", wasm)},
                               {"fonts", nlohmann::json::array()},
                               {"preview", mode.preview}};
    files.push_back({"assets/" + hashed_name("folio", ".js", js), js});
    files.push_back({"assets/" + hashed_name("folio", ".wasm", wasm), wasm});
    // The code the first views do not run, when the web build split the wasm (tools/split_wasm.cjs).
    std::string later_wasm;
    if (read_whole_file(web_dir + "/folio.later.wasm", later_wasm)) {
        std::string path = "assets/" + hashed_name("folio.later", ".wasm", later_wasm);
        manifest["wasmLater"] = "/" + path;
        files.push_back({path, later_wasm});
    }
    FaceMetrics face_metric[kFaceCount];
    std::vector<std::string> font_urls, font_bytes;
    bool fonts_usable = true; // stand-ins (tests) build the site without the proof
    for (int i = 0; i < kFaceCount; ++i) {
        std::string font;
        if (!read_whole_file(fonts_dir + "/" + kFontFiles[i], font))
            return fail("cannot read font " + fonts_dir + "/" + kFontFiles[i]);
        fonts_usable = fonts_usable && face_metrics(font.data(), font.size(), face_metric[i]);
        std::string stem = fs::path(kFontFiles[i]).stem().string();
        std::string path = "/assets/" + hashed_name(stem, ".ttf", font);
        files.push_back({path.substr(1), font});
        font_bytes.push_back(font);
        manifest["fonts"].push_back(path);
        font_urls.push_back(path);
        assets.fonts.push_back(path);
        // The face's stand-in (ui/fonts.h), when ./folio made one: only the faces a route's first pages
        // show come whole at first.
        std::string metrics;
        if (!read_whole_file(fonts_dir + "/" + stem + ".metrics.ttf", metrics)) continue;
        path = "/assets/" + hashed_name(stem + ".metrics", ".ttf", metrics);
        files.push_back({path.substr(1), metrics});
        assets.font_metrics.push_back(path);
    }
    // The script faces behind them (core/font_build/site_fonts.h: only those the text uses), whole, on every page:
    // each face measures its runs with them behind it, so the book cannot be laid out without them.
    // Written once the proofs can say what the pages open on: a large one is sliced (script_slices).
    std::vector<std::string> script_files, script_bytes;
    for (const std::string& file : script_font_files(fonts_dir)) {
        std::string font;
        if (!read_whole_file(fonts_dir + "/" + file, font))
            return fail("cannot read font " + fonts_dir + "/" + file + " (listed in scripts.txt)");
        script_files.push_back(file);
        script_bytes.push_back(std::move(font));
    }
    if (assets.font_metrics.size() != assets.fonts.size())
        assets.font_metrics.clear(); // every face whole, as before stand-ins
    else
        manifest["metrics"] = assets.font_metrics;
    // Find and search: only the keys and the route are in the first load (find_keys.js, appended to boot);
    // the find bar, the search panel and their stylesheet come when first used.
    for (const char* name : {"find.js", "search.js", "find.css"}) {
        std::string data;
        if (!read_whole_file(source + "/web/" + name, data))
            return fail("cannot read web/" + std::string(name) + " in " + source);
        fs::path n(name);
        std::string path = "/assets/" + hashed_name(n.stem().string(), n.extension().string(), data);
        files.push_back({path.substr(1), data});
        manifest[n.extension() == ".css" ? "findCss" : n.stem().string()] = path;
    }
    // The formulas' pictures (cli/math.h), drawn by the book and the early page.
    for (const auto& [path, svg] : site.math_pictures)
        files.push_back({path.substr(1), svg});
    // The page's first paint (the proof) needs only what the HTML names: the stylesheet, the boot script and the
    // faces (preloaded). The book's own files (the glue, the wasm, site.json) are not preloaded: web/start.js
    // asks for all three at once when the proof has been painted (docs/first-view.md, "Two stages").
    // The proof of each route's first page (core/site/proof.h) is laid out with the same fonts as the book.
    HeadlessImGui imgui;
    Fonts fonts;
    std::string font_error;
    fonts_usable = fonts_usable && load_fonts_from_dir(fonts, fonts_dir, font_error);
    if (!fonts_usable)
        std::fprintf(stderr, "folio build: %s are not fonts the book can use; the pages go without their proof\n",
                     fonts_dir.c_str());
    if (fonts_usable) imgui.begin_frame(1280, 800);
    ProofMeasurers measurers(fonts);
    ProofMaker proofs(site, measurers.measuring(), fonts_usable);
    // The main routes' faces as partials (core/fonts/font_partial.h): outlines only for the characters the main
    // book shows, so the front page's first load carries only those; the whole face comes when a run needs it.
    if (fonts_usable && !assets.font_metrics.empty()) {
        assets.font_partials.assign(kFaceCount, "");
        manifest["partials"] = nlohmann::json::array();
        for (int i = 0; i < kFaceCount; ++i) {
            const std::vector<uint32_t> chars = proofs.main_characters(static_cast<Face>(i));
            std::string partial, error;
            if (!chars.empty() && !make_partial_font(font_bytes[i], chars, partial, error))
                return fail("cannot make the partial of font " + std::string(kFontFiles[i]) + ": " + error);
            std::string path;
            if (!chars.empty()) {
                path = "/assets/" + hashed_name(fs::path(kFontFiles[i]).stem().string() + ".partial", ".ttf", partial);
                files.push_back({path.substr(1), std::move(partial)});
            }
            assets.font_partials[i] = path;
            manifest["partials"].push_back(path);
        }
    }
    // The script faces: whole, or (a large one, in a build for publishing) its stand-in and its slices.
    std::vector<ScriptFaceFiles> script_faces;
    std::string slice_error;
    if (!script_face_files(site, proofs, fonts_usable && !mode.preview, script_files, script_bytes, script_faces,
                           slice_error))
        return fail(slice_error);
    std::vector<std::string> script_urls;
    std::vector<SliceMap> slice_maps;
    bool any_sliced = false;
    for (ScriptFaceFiles& face : script_faces) {
        const std::string path = "/assets/" + hashed_name(face.stem, ".ttf", face.bytes);
        script_urls.push_back(path);
        // A sliced face's stand-in only measures: the book asks for it, after the early page's slices.
        if (face.slices.empty()) assets.preload.push_back(path);
        files.push_back({path.substr(1), std::move(face.bytes)});
        std::vector<std::string> slice_urls;
        for (size_t k = 0; k < face.slices.size(); ++k) {
            const std::string slice =
                "/assets/" + hashed_name(face.stem + ".s" + std::to_string(k), ".ttf", face.slices[k]);
            slice_urls.push_back(slice);
            files.push_back({slice.substr(1), std::move(face.slices[k])});
        }
        any_sliced = any_sliced || !slice_urls.empty();
        manifest["slices"].push_back(slice_urls);
        assets.script_slices.push_back(slice_urls);
        assets.script_slice_ranges.push_back(std::move(face.slice_ranges));
        slice_maps.push_back(std::move(face.map));
    }
    if (!script_urls.empty()) manifest["scripts"] = script_urls;
    if (any_sliced) {
        proofs.set_slice_maps(std::move(slice_maps));
        assets.first_slices = [&proofs](const Route& r) {
            std::vector<SiteAssets::FirstSlice> out;
            for (const SliceUse& u : proofs.slices(r))
                out.push_back({u.script, u.slice, proofs.slice_media(u.variants)});
            return out;
        };
    } else {
        manifest.erase("slices");
        assets.script_slices.clear();
        assets.script_slice_ranges.clear();
    }
    // One script of the page's own (CMakeLists.txt's FOLIO_PAGE_SCRIPTS, in order). The web build leaves
    // them minified beside the glue (tools/minify.cjs); without that, joined and compacted here.
    std::string page_scripts;
    if (!read_whole_file(web_dir + "/boot.min.js", page_scripts)) {
        std::istringstream names(FOLIO_PAGE_SCRIPTS);
        std::string name, joined;
        while (names >> name) {
            std::string script;
            if (!read_whole_file(source + "/web/" + name, script))
                return fail("cannot read web/" + name + " in " + source);
            joined += script + "\n";
        }
        page_scripts = compact_script(joined);
    }
    manifest["revealMs"] = kTextRevealSeconds * 1000; // folio.css's --reveal (core/site/proof.h)
    // The faces' vertical metrics (core/fonts/face_metrics.h), which turn the book's sizes into CSS sizes:
    // the early page's CSS has them (proof_css), and the layer (web/textlayer.js) takes the same numbers.
    auto six = [](float x) { return std::round(double(x) * 1e6) / 1e6; };
    for (const FaceMetrics& m : face_metric)
        manifest["faceMetrics"].push_back({{"em", six(m.em)}, {"ascent", six(m.ascent)}, {"mid", six(m.mid)}});
    // The words the scripts show, in the site's language (core/model/words.h): their one home is the C++ table.
    for (const char* key : script_word_keys())
        for (const auto& [k, member] : word_keys())
            if (std::strcmp(k, key) == 0) manifest["words"][key] = site.info.words.*member;
    std::string boot_full = "window.FOLIO_ASSETS = " + manifest.dump() + ";\n" + page_scripts;
    assets.boot_js = "/assets/" + hashed_name("boot", ".js", boot_full);
    // Each page fetches whole the faces its proof shows (the proof is made just before the page's head),
    // the others as stand-ins; a page without a proof fetches every face.
    assets.first_faces = [&proofs](const Route& r) { return proofs.faces(r); };
    css += palette_css() + desk_css();
    if (fonts_usable)
        css += proof_css(fonts.box_per_em[static_cast<int>(Face::Serif)], fonts.scripts.size(), face_metric);
    assets.style_css = "/assets/" + hashed_name("folio", ".css", css);
    files.push_back({assets.boot_js.substr(1), boot_full});
    files.push_back({assets.style_css.substr(1), css});
    // Without JavaScript the text shows at once (folio.css otherwise holds it back for a moment).
    // The proof, then, is the first screen, in the page's flow above the text, in the same faces as the book's:
    // its one page, without the top of the next that a phone's screen shows below it when the book follows
    // (placed at the same top, it would cover the page; the text follows instead).
    files.push_back(
        {"noscript.css",
         "#text { animation: none !important; }\n"
         "#proof { visibility: visible; position: relative; inset: auto; }\n"
         "#proof .pv { position: relative; inset: auto; height: max(100vh, calc(var(--php) + 2 * var(--top-pad))); }\n"
         "#proof .pg { top: var(--top-pad); }\n"
         "#proof .pg.next { display: none; }\n" +
             proof_noscript_css(font_urls, script_urls, assets.script_slices, assets.script_slice_ranges)});
    // Images the articles show, from the bundle, at the same site paths.
    for (const std::string& img : site.local_images) {
        std::string data;
        if (!read_whole_file(bundle_dir + img, data))
            return fail("an article shows " + img + " but " + bundle_dir + img +
                        " cannot be read; add the file or fix the path");
        files.push_back({img.substr(1), data});
    }
    clock.mark("assets");

    fs::path out = fs::absolute(out_dir).lexically_normal();
    if (out.filename().empty()) out = out.parent_path();
    const bool in_place = mode.incremental && fs::exists(out / ".folio-manifest");
    // A full build goes beside the target first, then is swapped in whole.
    fs::path target =
        in_place ? out : out.parent_path() / (out.filename().string() + ".tmp-" + std::to_string(getpid()));
    std::error_code ec;
    if (!in_place) fs::remove_all(target, ec);
    std::optional<Output> own_output; // the preview's builder keeps one for all its rebuilds
    if (!in_place || !mode.output) own_output.emplace(target, in_place, mode.incremental);
    Output& output = own_output ? *own_output : *mode.output;

    // The browser's copy of the content; long article bodies come separately, when opened, packed into a
    // few chunk files (pack_bodies sets each article's body_url). A full build writes each chunk as it is
    // made (never the whole archive's text in memory twice); an in-place build holds them until the
    // fonts are known to cover the text, so a stop for the fonts leaves the folder as it was.
    bool ok = true;
    size_t chunk_count = 0;
    std::vector<OutputFile> held;
    std::vector<std::string_view> texts; // for the fonts' check: what is written now
    auto write_chunk = [&](OutputFile&& chunk) {
        ++chunk_count;
        if (in_place)
            held.push_back(std::move(chunk));
        else
            ok = ok && output.write(chunk.path, chunk.contents);
    };
    pack_bodies(site, mode.bodies, [&](BodyChunk&& chunk) {
        if (chunk.kept)
            ok = output.keep(chunk.path) && ok;
        else
            write_chunk(OutputFile{std::move(chunk.path), std::move(chunk.contents)});
    });
    write_fold_chunks(site, write_chunk);
    clock.mark("bodies");
    OutputFile site_json{"site.json", site_to_json(site, /*separate_bodies=*/true)};
    clock.mark("site.json");
    if (mode.fonts) { // site.json and the chunks held (a full build's text was covered before it began)
        texts.push_back(site_json.contents);
        for (const OutputFile& c : held)
            texts.push_back(c.contents);
        if (!fonts_cover(*mode.fonts, texts)) {
            if (!in_place) fs::remove_all(target, ec);
            return kExitFontsNeeded;
        }
    }
    // The feed, the sitemap, the 404 page and the search index, on a thread of their own while the pages
    // are made (the site is complete now), and not before: site.json's JSON is gone, so both are never
    // in memory at once.
    std::future<std::vector<OutputFile>> side = std::async(std::launch::async, [&] {
        PhaseClock side_clock;
        std::vector<OutputFile> out = side_files(site, shell, assets);
        side_clock.mark("(beside) feed, search");
        return out;
    });
    for (const OutputFile& c : held)
        ok = ok && output.write(c.path, c.contents);
    std::vector<OutputFile>().swap(held);
    // The book's content first: in place, the open preview page can show the edit from here on.
    ok = ok && output.write(site_json.path, site_json.contents);
    std::string().swap(site_json.contents);
    if (ok && in_place && mode.on_content_written) mode.on_content_written();
    const std::vector<Route> routes = all_routes(site);
    make_page_folders(target, routes);
    clock.mark("folders");
    const auto pages_start = std::chrono::steady_clock::now();
    ok = ok && write_pages(output, site, routes, shell, assets, proofs);
    if (fonts_usable) imgui.end_frame();
    if (mode.print_proof_cost)
        std::printf("folio build: proofs: %d layouts, %.0f ms of layout (the main book: %.0f ms); pages written in "
                    "%.0f ms\n",
                    proofs.layouts(), proofs.layout_ms(), proofs.main_book_ms(),
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - pages_start).count());
    clock.mark("pages");
    for (OutputFile& f : side.get())
        files.push_back(std::move(f));
    clock.mark("waiting for the side");
    for (const OutputFile& f : files)
        ok = ok && output.write(f.path, f.contents);
    ok = ok && output.finish();
    clock.mark("other files");
    if (!ok) {
        if (!in_place) fs::remove_all(target, ec);
        return fail("cannot write into " + target.string());
    }
    if (in_place) {
        std::printf("folio build: %zu of %zu files changed in %s\n", output.changed(), output.count(), out.c_str());
        return 0;
    }
    fs::path old = out.parent_path() / (out.filename().string() + ".old-" + std::to_string(getpid()));
    bool had_old = fs::exists(out);
    if (had_old) fs::rename(out, old, ec);
    if (ec) {
        fs::remove_all(target, ec);
        return fail("cannot move the previous output aside: " + out.string());
    }
    fs::rename(target, out, ec);
    if (ec) {
        if (had_old) fs::rename(old, out, ec);
        return fail("cannot move the new output into place: " + out.string());
    }
    if (had_old) fs::remove_all(old, ec);
    std::printf("folio build: %zu files in %s\n", routes.size() + files.size() + chunk_count + 1, out.string().c_str());
    return 0;
}

} // namespace folio

namespace folio {

// The starting bundle: every required section, one article with a Markdown file, a link without an
// address yet. `folio check` passes on it, and docs/content.md explains each field.
static const char* const kNewContent = R"({
  "schema": 1,
  "site": {
    "title": "Your Name",
    "author": "Your Name",
    "tagline": "One line about what you do.",
    "base_url": "https://example.org/",
    "language": "en",
    "description": "What this site is about, in a sentence.",
    "links": [{"text": "buy me a coffee"}]
  },
  "timeline": [
    {"year": 2026, "entries": [{"article": "hello"}]}
  ],
  "writing": [
    {
      "slug": "hello",
      "title": "Hello",
      "date": "2026-01-01",
      "dek": "The first article: what this site will be.",
      "opening": "This is the opening paragraph; feed readers show it.",
      "tags": ["meta"],
      "body_file": "writing/hello.md"
    }
  ],
  "find_me": {"title": "find me", "links": [{"text": "email", "href": "mailto:you@example.org"}]},
  "contents": [
    {"title": "writing", "chapter": "writing"},
    {"title": "find me", "chapter": "find-me"}
  ]
}
)";

static const char* const kNewArticle =
    "This is the opening paragraph; feed readers show it.\n\n"
    "## Write in Markdown\n\n"
    "*Emphasis*, **strong**, `code`, [links](https://example.org), lists, tables and code blocks all work.\n";

int new_bundle(const std::string& dir) {
    fs::path root(dir);
    std::error_code ec;
    if (fs::exists(root / "content.json")) {
        std::fprintf(stderr, "folio new: %s already exists; choose an empty folder\n", (root / "content.json").c_str());
        return 1;
    }
    if (!write_file(root / "content.json", kNewContent) || !write_file(root / "writing" / "hello.md", kNewArticle)) {
        std::fprintf(stderr, "folio new: cannot write into %s\n", dir.c_str());
        return 1;
    }
    std::printf("folio new: a bundle in %s; edit content.json, then run ./folio preview %s\n", dir.c_str(),
                dir.c_str());
    return 0;
}

} // namespace folio
