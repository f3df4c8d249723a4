// folio CLI: check, build, preview, pages, site-json.
//
// Exit codes: 0 clean, 1 content errors (or a failed build), 2 usage errors.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/build.h"
#include "cli/huge_pages.h"
#include "cli/import.h"
#include "cli/math.h"
#include "cli/preview.h"
#include "cli/resources.h"
#include "core/book/compose.h"
#include "core/bundle/load.h"
#include "core/bundle/posts.h"
#include "core/bundle/source_check.h"
#include "core/font_build/site_fonts.h"
#include "core/markup/highlight.h"
#include "core/text/text.h"
#include "ui/headless.h"

namespace {

const char* const kUsage =
    "usage: folio <command> [BUNDLE] [options]\n"
    "\n"
    "commands:\n"
    "  check [BUNDLE] [--strict] [--fonts DIR]  validate content.json and its Markdown files; with the\n"
    "                                       site's fonts, warn about characters they cannot draw\n"
    "                                       (--strict: warnings about raw HTML are errors)\n"
    "  build [BUNDLE] [-o DIR] [--web DIR]  write the static site to DIR (atomically; default BUNDLE/_site);\n"
    "                                       --web: the web build (default: the one installed with folio)\n"
    "        [--fonts DIR] [--shell FILE] [--preview]\n"
    "        [--drafts]                     include drafts and posts dated after today, marked (as the preview)\n"
    "        [--incremental]                rewrite only what changed since the last incremental build\n"
    "        [--proof-cost]                 print what laying out each route's first page (the proof) cost\n"
    "        [--watch]                      keep running, rebuilding in place on every change to the bundle\n"
    "                                       (./folio preview); writes DIR/preview-status.json and\n"
    "                                       DIR/preview-news.json (with site.json) each time\n"
    "  preview [BUNDLE] [--port N] [--host H] [-o DIR] [--fonts DIR]\n"
    "                                       build the site, serve it like a static host on\n"
    "                                       http://H:N/ (default 127.0.0.1:6931) and rebuild it on every\n"
    "                                       change (-o: where; default a folder in ~/.cache/folio)\n"
    "  pages [BUNDLE] [--width W --height H] [--fonts DIR]\n"
    "                                       print the computed book layout as JSON\n"
    "  site-json [BUNDLE]                   print the bundle as one JSON document (bodies inlined)\n"
    "  new DIR                              start a bundle in DIR (a content.json and one article)\n"
    "  new post TITLE [BUNDLE]              start a post: BUNDLE/writing/<slug>.md with front matter (a draft,\n"
    "                                       dated today); prints its path, never overwrites\n"
    "  import SRC [DEST] [--from GEN]       make a bundle from a Hugo, Jekyll or Zola site folder (GEN:\n"
    "                                       hugo, jekyll or zola; detected when left out). DEST defaults\n"
    "                                       to SRC-folio beside SRC and must not exist yet.\n"
    "                                       --fetch-images: download the posts' pictures on other hosts\n"
    "                                       into the bundle (images/HOST/...) and point the posts at them\n"
    "\n"
    "BUNDLE is a folder holding content.json (default: the current folder).\n";

struct Args {
    std::string command, bundle = ".", out, web, fonts, shell, host = "127.0.0.1";
    int port = 6931;
    folio::BuildMode mode;
    bool strict = false, drafts = false;
    float width = 0, height = 0;
};

int usage_error(const std::string& msg) {
    std::fprintf(stderr, "folio: %s\n\n%s", msg.c_str(), kUsage);
    return 2;
}

bool parse_args(int argc, char** argv, Args& a, std::string& error) {
    if (argc < 2) {
        error = "no command given";
        return false;
    }
    a.command = argv[1];
    bool have_bundle = false;
    for (int i = 2; i < argc; ++i) {
        std::string s = argv[i];
        auto value = [&](std::string& dst) {
            if (i + 1 >= argc) {
                error = "option " + s + " needs a value";
                return false;
            }
            dst = argv[++i];
            return true;
        };
        std::string num;
        if (s == "-o" || s == "--out") {
            if (!value(a.out)) return false;
        } else if (s == "--web") {
            if (!value(a.web)) return false;
        } else if (s == "--fonts") {
            if (!value(a.fonts)) return false;
        } else if (s == "--shell") {
            if (!value(a.shell)) return false;
        } else if (s == "--preview") {
            a.mode.preview = true;
        } else if (s == "--proof-cost") {
            a.mode.print_proof_cost = true;
        } else if (s == "--incremental") {
            a.mode.incremental = true;
        } else if (s == "--watch") {
            a.mode.watch = true;
        } else if (s == "--host") {
            if (!value(a.host)) return false;
        } else if (s == "--port") {
            if (!value(num)) return false;
            char* end = nullptr;
            const long v = std::strtol(num.c_str(), &end, 10);
            if (num.empty() || *end != '\0' || v < 0 || v > 65535) {
                error = "--port must be a number from 0 to 65535";
                return false;
            }
            a.port = static_cast<int>(v);
        } else if (s == "--strict") {
            a.strict = true;
        } else if (s == "--drafts") {
            a.drafts = true;
        } else if (s == "--width" || s == "--height") {
            if (!value(num)) return false;
            float v = std::strtof(num.c_str(), nullptr);
            if (v < 100 || v > 10000) {
                error = s + " must be a number from 100 to 10000";
                return false;
            }
            (s == "--width" ? a.width : a.height) = v;
        } else if (!s.empty() && s[0] == '-') {
            error = "unknown option " + s;
            return false;
        } else if (!have_bundle) {
            a.bundle = s;
            have_bundle = true;
        } else {
            error = "unexpected argument " + s;
            return false;
        }
    }
    return true;
}

// Loads the bundle; its errors are printed with their count. Its warnings (a bundle loads with them) go to
// `warnings` when given (check counts them, --strict makes them errors), else straight to stderr. The
// drafts and scheduled posts it held back (or, with drafts->show, marked) are said on stderr: nothing is
// held back silently.
bool load_or_report(const std::string& bundle, folio::Site& site, const folio::DeriveOptions& options = {},
                    folio::Diagnostics* warnings = nullptr, folio::Drafts* drafts = nullptr) {
    folio::Diagnostics diags;
    folio::Drafts left_out;
    if (!drafts) drafts = &left_out;
    const bool loaded = folio::load_bundle(bundle, site, diags, options, nullptr, drafts);
    size_t errors = 0;
    for (const folio::Diagnostic& d : diags) {
        errors += d.warning ? 0 : 1;
        if (loaded && warnings)
            warnings->push_back(d);
        else
            std::fprintf(stderr, "%s\n", folio::format_diagnostic(d).c_str());
    }
    if (!loaded) std::fprintf(stderr, "%zu error%s\n", errors, errors == 1 ? "" : "s");
    if (loaded && !drafts->held.empty()) {
        const size_t n = drafts->held.size();
        std::fprintf(stderr, "folio: %zu draft%s %s:\n", n, n == 1 ? "" : "s",
                     drafts->show ? "shown, marked (the built site holds them back)"
                                  : "held back from the built site (folio preview shows them)");
        for (const std::string& held : drafts->held)
            std::fprintf(stderr, "  %s\n", held.c_str());
    }
    return loaded;
}

// The book's layout: chapters with their first and last folios, and each page's furniture as layout
// placed it (the folio and running head boxes), so the numbers printed are the numbers drawn.
nlohmann::json pages_json(const folio::Book& book) {
    using nlohmann::json;
    json chapters = json::array(), pages = json::array();
    for (const folio::ChapterSpan& c : book.chapters)
        chapters.push_back({{"id", c.id},
                            {"title", c.title},
                            {"first_folio", folio::folio_label(book.pages[c.first_page])},
                            {"last_folio", folio::folio_label(book.pages[c.last_page])}});
    for (const folio::Page& p : book.pages) {
        json page = {{"chapter", p.chapter}, {"blank", p.blank}};
        for (const folio::Box& b : p.boxes) {
            if (b.role == folio::BoxRole::Folio) page["folio"] = b.text;
            if (b.role == folio::BoxRole::RunningHead) page["running_head"] = b.text;
        }
        pages.push_back(page);
    }
    return {{"page_width", static_cast<int>(book.spec.width)},
            {"page_height", static_cast<int>(book.spec.height)},
            {"pages", book.pages.size()},
            {"chapters", chapters},
            {"page_list", pages}};
}

// The site's fonts (core/font_build), made, or found to cover its text already, in --fonts DIR or the
// bundle's folder in the user's cache. False, said, when they cannot be made.
bool fonts_ready(const folio::Site& site, Args& a) {
    if (a.fonts.empty()) a.fonts = folio::fonts_dir_for(a.bundle);
    folio::FontState state;
    std::string error;
    // A check that passes says only that: its fonts are the cache's business, not the author's.
    if (folio::make_site_fonts(site, a.fonts, state, error, /*say_made=*/a.command != "check")) return true;
    std::fprintf(stderr, "folio: the fonts could not be made: %s\n", error.c_str());
    return false;
}

// The characters the site's faces (the book's and the script faces behind them) cannot draw, as warnings.
bool drawable_warnings(const folio::Site& site, const Args& a, folio::Diagnostics& warnings) {
    std::vector<std::string> faces;
    std::vector<std::string> files(std::begin(folio::kFontFiles), std::end(folio::kFontFiles));
    for (const std::string& file : folio::script_font_files(a.fonts))
        files.push_back(file);
    for (const std::string& file : files) {
        faces.emplace_back();
        if (!folio::read_whole_file(a.fonts + "/" + file, faces.back())) {
            std::fprintf(stderr, "folio: cannot read %s/%s\n", a.fonts.c_str(), file.c_str());
            return false;
        }
    }
    folio::check_drawable(site, a.bundle, faces, warnings, folio::parallel_for);
    return true;
}

int cmd_pages(Args a) {
    folio::Site site;
    if (!load_or_report(a.bundle, site) || !fonts_ready(site, a)) return 1;
    folio::HeadlessImGui imgui;
    folio::Fonts fonts;
    std::string error;
    if (!folio::load_fonts_from_dir(fonts, a.fonts, error)) {
        std::fprintf(stderr, "folio: %s\n", error.c_str());
        return 2;
    }
    folio::PageSpec spec;
    if (a.width > 0) spec.width = a.width;
    if (a.height > 0) spec.height = a.height;
    imgui.begin_frame(1280, 800);
    folio::ImGuiMeasurer m;
    m.fonts = &fonts;
    folio::Book book = folio::compose_site(site, m, folio::ComposeState{}, spec);
    imgui.end_frame();
    std::fputs((pages_json(book).dump(2) + "\n").c_str(), stdout);
    return 0;
}

// What build and preview read besides the bundle, unless told: the copies installed with folio, or those
// of the trees it was built from (cli/resources.h).
void default_resources(Args& a) {
    const folio::Resources r = folio::find_resources();
    if (a.web.empty()) a.web = r.web_build;
    if (a.shell.empty()) a.shell = r.shell();
}

int cmd_preview(Args a) {
    default_resources(a);
    folio::PreviewOptions o;
    o.bundle = a.bundle;
    o.out = a.out;
    o.web = a.web;
    o.fonts = a.fonts;
    o.shell = a.shell;
    o.host = a.host;
    o.port = a.port;
    return folio::run_preview(o);
}

int cmd_import(int argc, char** argv) {
    folio::import::Options o;
    std::vector<std::string> positional;
    for (int i = 2; i < argc; ++i) {
        std::string s = argv[i];
        if (s == "--from") {
            if (i + 1 >= argc) return usage_error("option --from needs a value: hugo, jekyll or zola");
            o.from = argv[++i];
        } else if (s == "--fetch-images") {
            o.fetch_images = true;
        } else if (!s.empty() && s[0] == '-') {
            return usage_error("unknown option " + s);
        } else {
            positional.push_back(s);
        }
    }
    if (positional.empty() || positional.size() > 2) return usage_error("import needs SRC and at most one DEST");
    o.src = positional[0];
    if (positional.size() == 2) o.dest = positional[1];
    try {
        return folio::import::run(o);
    } catch (const std::exception& e) { // a file system error mid-way: say so, never abort
        std::fprintf(stderr, "folio import: %s\n", e.what());
        return 1;
    }
}

} // namespace

int main(int argc, char** argv) {
    Args a;
    std::string error;
    if (argc >= 2 &&
        (std::strcmp(argv[1], "-h") == 0 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0)) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    folio::set_highlight_definitions(folio::find_resources().highlight);
    if (argc >= 2 && std::strcmp(argv[1], "import") == 0) return cmd_import(argc, argv);
    if (argc >= 3 && std::strcmp(argv[1], "new") == 0 && std::strcmp(argv[2], "post") == 0) {
        if (argc < 4 || argc > 5) return usage_error("new post needs a title: folio new post \"Title\" [BUNDLE]");
        return folio::new_post(argv[3], argc == 5 ? argv[4] : ".");
    }
    if (!parse_args(argc, argv, a, error)) return usage_error(error);
    if (a.command == "build" && !a.mode.watch) folio::restart_with_huge_pages(argv); // before any work

    if (a.command == "check") {
        folio::Site site;
        // Raw HTML folio dropped or turned into a link, pictures on other hosts, a language folio has no
        // words for: warnings, unless --strict makes them errors.
        folio::Diagnostics warnings;
        if (!load_or_report(a.bundle, site, {}, &warnings)) return 1;
        folio::check_raw_html(site, a.bundle, warnings);
        folio::check_other_host_images(site, a.bundle, warnings);
        folio::typeset_math(site, a.bundle, warnings); // a formula that does not parse
        // With the faces the site ships, the characters they cannot draw.
        if (!fonts_ready(site, a) || !drawable_warnings(site, a, warnings)) return 2;
        for (folio::Diagnostic& d : warnings) {
            d.warning = !a.strict;
            std::fprintf(stderr, "%s\n", folio::format_diagnostic(d).c_str());
        }
        if (a.strict && !warnings.empty()) {
            std::fprintf(stderr, "%zu error%s (--strict)\n", warnings.size(), warnings.size() == 1 ? "" : "s");
            return 1;
        }
        std::printf(
            "%s/content.json: ok (%zu articles, %zu projects%s)\n", a.bundle.c_str(), site.writing.size(),
            site.projects.size(),
            warnings.empty()
                ? ""
                : (", " + std::to_string(warnings.size()) + " warning" + (warnings.size() == 1 ? "" : "s")).c_str());
        return 0;
    }
    if (a.command == "site-json") {
        folio::Site site;
        if (!load_or_report(a.bundle, site)) return 1;
        std::fputs(folio::site_to_json(site).c_str(), stdout);
        return 0;
    }
    if (a.command == "pages") return cmd_pages(a);
    if (a.command == "new") {
        if (argc < 3) return usage_error("new needs a folder: folio new DIR");
        return folio::new_bundle(a.bundle);
    }
    if (a.command == "preview") return cmd_preview(a);
    if (a.command == "build") {
        // _site inside the bundle's folder, as Hugo writes public/ inside the site's (docs/install.md).
        if (a.out.empty()) a.out = a.bundle + "/_site";
        default_resources(a);
        if (a.mode.watch) return folio::watch_site(a.bundle, a.out, a.web, a.fonts, a.shell, a.mode);
        folio::PhaseClock clock;
        if (std::getenv("FOLIO_BUILD_TIMES"))
            std::fprintf(stderr, "folio build: heaps in %s\n",
                         folio::heaps_in_huge_pages() ? "huge pages" : "4 KB pages");
        // The site's trees are left to the process's exit: freeing 10,000 articles node by node took
        // 4% of a large build.
        folio::Site& site = *new folio::Site;
        // Every core parses; the build needs only the parsed trees, not the Markdown.
        folio::DeriveOptions options;
        options.parallel = folio::parallel_for;
        options.keep_markdown = false;
        // What the site is drawn with, there before anything is read or made.
        if (!std::filesystem::exists(a.web + "/folio.js") || !std::filesystem::exists(a.web + "/folio.wasm")) {
            std::fprintf(stderr, "folio build: cannot read folio.js/folio.wasm in %s (build the web target first)\n",
                         a.web.c_str());
            return 1;
        }
        folio::Drafts drafts;
        drafts.show = a.drafts;
        if (!load_or_report(a.bundle, site, options, nullptr, &drafts)) return 1;
        clock.mark("load and parse");
        // Checked whole before anything is made; then the fonts, and what they cannot draw said.
        if (!fonts_ready(site, a)) return 1;
        folio::Diagnostics warnings;
        if (!drawable_warnings(site, a, warnings)) return 1;
        folio::check_other_host_images(site, a.bundle, warnings);
        for (const folio::Diagnostic& d : warnings)
            std::fprintf(stderr, "%s\n", folio::format_diagnostic(d).c_str());
        clock.mark("fonts and warnings");
        return folio::build_site(site, a.bundle, a.out, a.web, a.fonts, a.shell, a.mode);
    }
    return usage_error("unknown command '" + a.command + "'");
}
