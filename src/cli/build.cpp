// folio CLI: `folio build`. See build.h.
#include "cli/build.h"
#include "cli/assets.h"
#include "cli/math.h"
#include "cli/output.h"
#include "cli/proofs.h"
#include "cli/resources.h"

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <set>
#include <thread>

#include "core/bundle/load.h"
#include "core/bundle/schema.h"
#include "core/font_build/site_fonts.h"
#include "core/model/routes.h"
#include "core/site/emit.h"
#include "core/site/search_index.h"

namespace fs = std::filesystem;

namespace folio {

namespace {

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

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Workers and the phase clock
//-----------------------------------------------------------------------------

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
    wall_ = wall_ms(), cpu_ = cpu_ms(); // (mallinfo2 walks the heap: not the next phase's time)
}

//-----------------------------------------------------------------------------
// [SECTION] The fonts stage
//-----------------------------------------------------------------------------

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
// As many slices as parallel_for needs to start its threads.
constexpr size_t kFontTextSlices = 64;

// The words of a document tree, a node's a line (so no run of a script joins two nodes).
void append_tree_text(const Node& n, std::string& out) {
    if (!n.text.empty()) out.append(n.text).push_back('\n');
    if (!n.info.get().empty()) out.append(n.info.get()).push_back('\n');
    // An address can be shown too (a picture on another host: its host, in any script).
    if (!n.href.get().empty()) out.append(n.href.get()).push_back('\n');
    for (const Node& c : n.children)
        append_tree_text(c, out);
}
} // namespace

bool make_site_fonts(const Site& site, const std::string& fonts_dir, FontState& state, std::string& error,
                     bool say_made) {
    PhaseClock clock;
    // Exactly the text the site shows: site.json (all but the bodies: the book's own words, titles, dates,
    // deks) and the bodies' words, walked in their trees (as JSON they took ten times the time). The bodies
    // in slices of articles, each gathered and checked on a core of its own: one text of them all took
    // 1.4 s of one core for 10,000 real posts.
    const std::string lean = site_to_json(site, /*separate_bodies=*/true);
    const size_t articles = site.writing.size(), slices = std::min<size_t>(articles, kFontTextSlices);
    std::vector<std::string> bodies(slices);
    parallel_for(slices, [&](size_t s) {
        for (size_t i = articles * s / slices; i < articles * (s + 1) / slices; ++i)
            append_tree_text(site.writing[i].body, bodies[s]);
    });
    std::vector<std::string_view> texts{lean};
    texts.insert(texts.end(), bodies.begin(), bodies.end());
    clock.mark("fonts: the text");
    bool made = false;
    const auto start = std::chrono::steady_clock::now();
    if (!ensure_site_fonts(texts, site.info.language, fonts_dir, state, made, error, {}, parallel_for)) return false;
    if (made && say_made)
        std::fprintf(stderr, "folio: made the fonts for the text in %.0f ms (%s)\n",
                     std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(),
                     fonts_dir.c_str());
    clock.mark(made ? "fonts: made" : "fonts: covered");
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] The stages of build_site
//-----------------------------------------------------------------------------

// Whether a preview round that read only the `edited` articles again may leave the math stage out: the site
// had no formula typeset (its other articles have none, or node could not typeset them, said before), and
// the edited articles have none. Walking 10,000 bodies for formulas took 70-115 ms of each round.
static bool formulas_unchanged(const Site& site, const std::vector<std::string>& edited) {
    if (edited.empty() || !site.mathml.empty()) return false;
    const std::set<std::string> slugs(edited.begin(), edited.end());
    for (const Article& a : site.writing)
        if (slugs.count(a.slug) && has_formula(a.body)) return false;
    return true;
}

void typeset_formulas(Site& site, const std::string& bundle_dir, const std::vector<std::string>& edited) {
    if (formulas_unchanged(site, edited)) return;
    Diagnostics math_warnings;
    typeset_math(site, bundle_dir, math_warnings);
    for (const Diagnostic& d : math_warnings)
        std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
}

namespace {

// Writes f unless an earlier write failed (after a failure the rest are not tried).
void write_to(Target& t, const OutputFile& f) { t.ok = t.ok && t.output->write(f.path, f.contents); }

// The browser's copy of the content: site.json, and the long article bodies, which come separately, when
// opened, packed into a few chunk files (pack_bodies sets each article's body_url), with the folds' entries.
struct Content {
    std::vector<OutputFile> held; // an in-place build's chunks, until the fonts are known to cover them
    OutputFile site_json;
    size_t chunks = 0;      // chunk files made (not those kept as the previous round wrote them)
    size_t bodies_made = 0; // of them, body chunks
};

// The entries under each fold of a bounded archive (core/model/bound.h), one content-hashed chunk file a fold
// ("/assets/folds/<hash>.json.gz", output.h: chunk_path), fetched when the reader opens the fold; sets each fold's url,
// so it must run after pack_bodies (the chunks carry the articles' body_url) and before site.json is written.
template <typename Sink> void write_fold_chunks(Site& site, Sink&& sink) {
    for (size_t i = 0; i < site.folds.size(); ++i) {
        std::string data = fold_chunk(site, static_cast<int>(i));
        site.folds[i].url = "/" + chunk_path("folds", data);
        sink(OutputFile{site.folds[i].url.substr(1), std::move(data)});
    }
}

// The bodies stage: the chunk files. A full build writes each chunk as it is made (never the whole
// archive's text in memory twice); an in-place build holds them until the fonts are known to cover the
// text, so a stop for the fonts leaves the folder as it was.
// Writes chunk files compressed (output.h: gzip, zlib's default level: 5.1 times smaller on 400 of the
// 10,000 real posts' chunks; level 9 5.1, level 1 4.3), each on a thread of its own, a few at a time, while
// the next are packed; finish() waits for them.
class ChunkWrites {
public:
    explicit ChunkWrites(Target& t) : t_(t) {}
    ~ChunkWrites() { finish(); }
    void add(OutputFile f) {
        if (running_.size() >= limit_) wait_one();
        running_.push_back(std::async(
            std::launch::async, [out = t_.output, f = std::move(f)] { return out->write(f.path, gzip(f.contents)); }));
    }
    void finish() {
        while (!running_.empty())
            wait_one();
    }

private:
    void wait_one() {
        t_.ok = running_.front().get() && t_.ok;
        running_.erase(running_.begin());
    }
    Target& t_;
    std::vector<std::future<bool>> running_;
    const size_t limit_ = std::max(2u, std::thread::hardware_concurrency());
};

Content write_chunks(Site& site, BodyChunkCache* cache, Target& t) {
    Content c;
    ChunkWrites writes(t);
    auto write_chunk = [&](OutputFile&& chunk) {
        ++c.chunks;
        if (t.in_place)
            c.held.push_back(std::move(chunk));
        else
            writes.add(std::move(chunk));
    };
    pack_bodies(site, cache, [&](BodyChunk&& chunk) {
        if (chunk.kept) {
            t.ok = t.output->keep(chunk.path) && t.ok;
        } else {
            ++c.bodies_made;
            write_chunk(OutputFile{std::move(chunk.path), std::move(chunk.contents)});
        }
    });
    write_fold_chunks(site, write_chunk);
    return c;
}

// Whether the text written now (site.json and the chunks held) needs what the fonts lack; a full build's
// text was covered before it began.
bool fonts_lack(const FontState& fonts, const Content& c) {
    std::vector<std::string_view> texts;
    texts.push_back(c.site_json.contents);
    for (const OutputFile& f : c.held)
        texts.push_back(f.contents);
    return !fonts_cover(fonts, texts);
}

// The files that are not a route's page (404.html, the feed, the sitemap, robots.txt, _headers) and the
// search index over all the writing (core/site/search_index.h), fetched when search is first used.
std::vector<OutputFile> side_files(const Site& site, const std::string& shell, const SiteAssets& assets) {
    std::vector<OutputFile> files = emit_site_files(site, shell, assets);
    // On every core: the pages are being made on them too, and the index outlasts them.
    SearchIndexOptions options;
    options.parallel = parallel_for;
    std::vector<OutputFile> index = build_search_index(site, options);
    // The index names the files it wants stored compressed (*.gz); web/search.js inflates them.
    parallel_for(index.size(), [&](size_t i) {
        OutputFile& f = index[i];
        if (f.path.size() > 3 && f.path.compare(f.path.size() - 3, 3, ".gz") == 0) f.contents = gzip(f.contents);
    });
    for (OutputFile& f : index)
        files.push_back(std::move(f));
    return files;
}

// The feeds and search stages, on a thread of their own while the pages are made (the site is complete
// now), and not before: site.json's JSON is gone, so both are never in memory at once.
std::future<std::vector<OutputFile>> start_side_files(const Site& site, const Assets& assets) {
    return std::async(std::launch::async, [&site, &assets] {
        PhaseClock side_clock;
        std::vector<OutputFile> out = side_files(site, assets.shell, assets.site);
        side_clock.mark("(beside) feed, search");
        return out;
    });
}

// The book's content first (the chunks held, then site.json): in place, the open preview page can show
// the edit from here on.
void write_content(Target& t, Content& c, const std::function<void()>& on_content_written) {
    {
        ChunkWrites writes(t);
        for (OutputFile& f : c.held)
            writes.add(std::move(f));
    }
    std::vector<OutputFile>().swap(c.held);
    write_to(t, c.site_json);
    std::string().swap(c.site_json.contents);
    if (t.ok && t.in_place && on_content_written) on_content_written();
}

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

// The routes in the order their pages are made: the edited articles' first (BuildMode::edited), `edited`
// of them.
struct PageOrder {
    std::vector<Route> routes;
    size_t edited = 0;
};

PageOrder page_order(const Site& site, const std::vector<std::string>& edited) {
    PageOrder order{all_routes(site), 0};
    if (edited.empty()) return order;
    const std::set<std::string> first(edited.begin(), edited.end());
    const auto rest = std::stable_partition(order.routes.begin(), order.routes.end(), [&](const Route& r) {
        return r.kind == RouteKind::Article && first.count(site.writing[static_cast<size_t>(r.article)].slug) > 0;
    });
    order.edited = static_cast<size_t>(rest - order.routes.begin());
    return order;
}

// Pages made and written by one worker per core (each route's page is independent of the others), each
// with its route's proof: routes[begin, end).
void write_page_range(Target& t, const Site& site, const std::vector<Route>& routes, size_t begin, size_t end,
                      const Assets& assets, Proofs& proofs) {
    if (!t.ok || begin >= end) return;
    std::atomic<bool> ok{true};
    parallel_for(end - begin, [&](size_t k) {
        if (!ok) return;
        const Route& route = routes[begin + k];
        OutputFile f = emit_page(site, route, assets.shell, assets.site, proofs.maker->html(route));
        if (!t.output->write(f.path, f.contents)) ok = false;
    });
    t.ok = ok;
}

// The preview's edited articles' pages (the order's first), before the rest of the site is made: the
// preview's builder packed their bodies already (watch.cpp), so they name the chunks the build writes.
void write_edited_pages(Target& t, const Site& site, const PageOrder& order, const Assets& assets, Proofs& proofs,
                        const BuildMode& mode) {
    if (order.edited == 0) return;
    write_page_range(t, site, order.routes, 0, order.edited, assets, proofs);
    if (t.ok && mode.on_edited_written) mode.on_edited_written();
}

// The pages stage: every other page; then the proofs' frame closes.
void write_pages(Target& t, const Site& site, const PageOrder& order, const Assets& assets, Proofs& proofs,
                 const BuildMode& mode) {
    const auto start = std::chrono::steady_clock::now();
    write_page_range(t, site, order.routes, order.edited, order.routes.size(), assets, proofs);
    end_proofs(proofs);
    if (mode.print_proof_cost)
        std::printf("folio build: proofs: %d layouts, %.0f ms of layout (the main book: %.0f ms); pages written in "
                    "%.0f ms\n",
                    proofs.maker->layouts(), proofs.maker->layout_ms(), proofs.maker->main_book_ms(),
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
}

// The rest (the assets, the feed, the search index), then the round's end (Output::finish).
void write_other_files(Target& t, const std::vector<OutputFile>& files) {
    for (const OutputFile& f : files)
        write_to(t, f);
    t.ok = t.ok && t.output->finish();
}

// The write stage's end: a full build's folder replaces out_dir whole; either says what it wrote.
int finish_build(Target& t, size_t files) {
    if (!t.ok) {
        discard_target(t);
        return fail("cannot write into " + t.folder.string());
    }
    if (t.in_place) {
        std::printf("folio build: %zu of %zu files changed in %s\n", t.output->changed(), t.output->count(),
                    t.out.c_str());
        return 0;
    }
    std::string error;
    if (!move_into_place(t, error)) return fail(error);
    std::printf("folio build: %zu files in %s\n", files, t.out.string().c_str());
    return 0;
}

} // namespace

int build_site(Site& site, const std::string& bundle_dir, const std::string& out_dir, const std::string& web_dir,
               const std::string& fonts_dir, const std::string& shell_file, const BuildMode& mode) {
    const std::string source = resource_root();
    const AssetSources from{bundle_dir, web_dir, fonts_dir.empty() ? fonts_dir_for(bundle_dir) : fonts_dir,
                            shell_file.empty() ? source + "/shell.html" : shell_file, source};
    PhaseClock clock;
    if (!mode.formulas_typeset) typeset_formulas(site, bundle_dir, mode.edited);
    // Small files first, in memory; the pages are written as they are made.
    Assets assets;
    std::string error;
    if (!read_assets(site, from, mode.preview, assets, error)) return fail(error);
    clock.mark("assets: read");
    Proofs proofs;
    start_proofs(proofs, site, from.fonts, assets.fonts_usable);
    clock.mark("assets: the proofs' fonts");
    if (!finish_assets(site, from, proofs, mode.preview, assets, error)) return fail(error);
    clock.mark("assets: by the proofs");

    Target target;
    open_target(target, out_dir, mode.incremental, mode.output);
    const PageOrder order = page_order(site, mode.edited);
    write_edited_pages(target, site, order, assets, proofs, mode);
    clock.mark("edited pages");
    Content content = write_chunks(site, mode.bodies, target);
    clock.mark("bodies");
    // After the preview's first pass (watch.cpp: write_content, which packs from the edited article's chunk
    // only), the whole pack must find every chunk as that pass left it.
    if (!mode.edited.empty() && mode.bodies && content.bodies_made > 0)
        std::fprintf(stderr,
                     "folio build: the edit's first pass packed %zu body chunk(s) otherwise than the whole build\n",
                     content.bodies_made);
    content.site_json = {"site.json", site_to_json(site, /*separate_bodies=*/true)};
    clock.mark("site.json");
    if (mode.fonts && fonts_lack(*mode.fonts, content)) {
        discard_target(target);
        return kExitFontsNeeded;
    }
    std::future<std::vector<OutputFile>> side = start_side_files(site, assets);
    write_content(target, content, mode.on_content_written);
    make_page_folders(target.folder, order.routes);
    clock.mark("folders");
    write_pages(target, site, order, assets, proofs, mode);
    clock.mark("pages");
    for (OutputFile& f : side.get())
        assets.files.push_back(std::move(f));
    clock.mark("waiting for the side");
    write_other_files(target, assets.files);
    clock.mark("other files");
    return finish_build(target, order.routes.size() + assets.files.size() + content.chunks + 1);
}

} // namespace folio

namespace folio {

//-----------------------------------------------------------------------------
// [SECTION] folio new
//-----------------------------------------------------------------------------

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
