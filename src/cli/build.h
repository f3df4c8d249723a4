// folio CLI: `folio build`: the static site, written atomically.
#pragma once

#include <functional>
#include <string>

#include "core/model/model.h"

namespace folio {

struct BodyChunkCache; // output.h
class Output;          // output.h
struct FontState;      // core/font_build/site_fonts.h

struct BuildMode {
    bool preview = false;     // the page watches preview-status.json for content changes (./folio preview)
    bool incremental = false; // update out_dir in place, writing only the files that changed (see below)
    // Stop with kExitFontsNeeded when the text needs what the fonts lack (a character, a run to shape), by
    // this state of fonts_dir (the preview's builder keeps it; it makes the fonts again and builds whole).
    FontState* fonts = nullptr;
    bool print_proof_cost = false; // print the layouts the proofs took and their time (bench/site_build/build.sh)
    bool watch = false;            // keep running: rebuild (incrementally) whenever the bundle changes (watch_site)
    // An in-place build calls this once site.json and the article bodies are written, before the pages,
    // the feed and the search index: the open preview page can show the change from then on.
    std::function<void()> on_content_written;
    // The articles an edit read again (the preview's builder): their pages are made first, so the page the
    // author is looking at has the edit within a few pages' time, not after the whole site's.
    std::vector<std::string> edited;
    std::function<void()> on_edited_written; // called once the edited articles' pages are written
    bool formulas_typeset = false;           // the preview's first pass typeset them this round
    BodyChunkCache* bodies = nullptr;        // when set (the site keeps its Markdown), read and updated
    Output* output = nullptr;                // an in-place build writes through this one (the preview keeps it)
    // The preview's builder calls this each time it has written preview-status.json, with its version: the
    // preview's server answers the page's waiting question at once (serve.h: StaticServer::before_answer).
    std::function<void(long)> on_status;
    // The preview's builder calls this before it writes the rest of a round (pages, feeds, search) behind
    // the page: it returns once the open page has taken that version (asked for news after it: true), or
    // after a short while when no page does (false), so the page's fetches and frame do not share the CPU
    // with it.
    std::function<bool(long)> wait_for_page;
};

// The math stage (cli/math.h): the formulas typeset for the pages, the feed and the body chunks; a broken
// one is a warning, shown as its TeX. edited: the articles a preview round read again (a site without
// formulas is then walked only when they have one).
void typeset_formulas(Site& site, const std::string& bundle_dir, const std::vector<std::string>& edited);

// Exit code of build_site when the text needs what mode.fonts says the fonts lack: make them again
// (make_site_fonts), then build.
constexpr int kExitFontsNeeded = 3;

// The fonts stage: makes fonts_dir's fonts for all the site shows (core/font_build/site_fonts.h), unless
// `state` (read from the folder the first time) says they already cover it. Says on stderr what it made.
bool make_site_fonts(const Site& site, const std::string& fonts_dir, FontState& state, std::string& error,
                     bool say_made = true);

// The fonts folder of a bundle when none is given: in the user's cache ($XDG_CACHE_HOME, else
// ~/.cache), folio/fonts-<a hash of the bundle's absolute path>.
std::string fonts_dir_for(const std::string& bundle_dir);

// Writes the whole site for `site` into out_dir: HTML per route, feed, sitemap, site.json, article
// bodies packed in chunk files (this sets each article's body_url and releases its Markdown) and the content-hashed
// assets (renderer from web_dir, fonts from fonts_dir, boot script and stylesheet from the source tree). Pages are made
// and written by one thread per core, as they are made, so a large site is never held in memory whole. A full build
// goes to a temporary folder first, which replaces out_dir whole only when complete; on failure out_dir is untouched.
// An incremental build updates out_dir in place when it holds a previous incremental build (out_dir/.folio-manifest:
// what was written, by content hash): only the files whose contents changed are rewritten (each atomically), and files
// no longer produced are removed. Returns the exit code.
int build_site(Site& site, const std::string& bundle_dir, const std::string& out_dir, const std::string& web_dir,
               const std::string& fonts_dir, const std::string& shell_file, const BuildMode& mode);

// Runs body(i) once for every i below n on one thread per core (at most 8; one for small n), each
// thread taking the next index as it finishes one. body must be safe to run on several threads at once.
void parallel_for(size_t n, const std::function<void(size_t)>& body);

// Where a build's time goes: with FOLIO_BUILD_TIMES set in the environment, mark() prints the wall and
// CPU (user + system, all threads) milliseconds since the previous mark and the peak memory so far to
// stderr, one line per phase. Silent otherwise.
class PhaseClock {
public:
    PhaseClock();
    void mark(const char* phase);

private:
    bool on_ = false;
    double wall_ = 0, cpu_ = 0;
};

// The preview's builder (./folio preview, watch.cpp): builds, then watches content.json and the Markdown
// files it names and rebuilds in place on every change, until it is stopped. It keeps what it loaded, so
// an edit inside one article's entry, or to its Markdown, is read again alone (load.h: reload_content),
// and what the open page fetches (the changed chunk files and site.json) is written before the pages.
// After each rebuild it writes out_dir/preview-status.json ({"version", "errors", "fresh"}: what the open
// page watches), with the diagnostics as `folio check` prints them when the bundle has errors and the
// addresses of the body chunks the round wrote, and preview-news.json: the same with the new site.json and
// those chunks' text, all an open page needs from one answer (watch.cpp: write_status). When the text
// needs what the fonts lack, it makes them again (make_site_fonts) and builds whole. Returns 1 when the
// output or the fonts cannot be written.
int watch_site(const std::string& bundle_dir, const std::string& out_dir, const std::string& web_dir,
               const std::string& fonts_dir, const std::string& shell_file, const BuildMode& mode);

// Writes a small, valid starting bundle into dir (created if needed). Refuses to overwrite a content.json.
int new_bundle(const std::string& dir);

// `folio new post "Title" [BUNDLE]`: writes BUNDLE/writing/<slug>.md (the slug made from the title, in any
// script) with front matter (the title, today's date, draft: true) and prints its path. Refuses, exit 1,
// when the file exists, content.json lists that slug, or BUNDLE holds no content.json.
int new_post(const std::string& title, const std::string& bundle_dir);

// build/fonts next to the build folder that holds this executable.
std::string default_fonts_dir();

} // namespace folio
