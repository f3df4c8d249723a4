// folio CLI: the preview's builder (`folio build --watch`, what ./folio preview runs). See build.h:
// watch_site, and docs/first-view.md ("Builds: parallel, streaming, incremental").
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <thread>

#include <sys/resource.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli/build.h"
#include "cli/output.h"
#include "cli/watched.h"
#include "core/bundle/load.h"
#include "core/bundle/posts.h"
#include "core/bundle/schema.h"
#include "core/font_build/site_fonts.h"
#include "core/model/bound.h"
#include "core/site/emit.h"

namespace fs = std::filesystem;

namespace folio {

namespace {

int fail(const std::string& msg) {
    std::fprintf(stderr, "folio build: %s\n", msg.c_str());
    return 1;
}

// Runs `work` on a thread of its own at a lower priority (nice 10), which the threads it starts inherit,
// once the open page has taken the edit (wait_for_page): the rest of a round (pages, feeds, search:
// seconds at 10,000 articles) then yields the CPU to the browser that is fetching, laying out and drawing
// the edit it was just told of. On two cores, running at the same priority made the page's frame after
// the edit 15 to 80 ms late; at the lower priority from the start, the page's fetches still took 5 to
// 8 ms longer. (A thread cannot take a priority back once it gave it up, so each round has its own.)
int behind_the_page(const std::function<int()>& work, const std::function<void()>& wait_for_page) {
    int rc = 1;
    std::thread background([&] {
        if (wait_for_page) wait_for_page();
        setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10); // (best effort: it still builds if refused)
        rc = work();
    });
    background.join();
    return rc;
}

std::vector<std::string> watched_files(const Site& site) {
    std::vector<std::string> files{"content.json"};
    for (const Article& a : site.writing)
        if (!a.body_file.empty()) files.push_back(a.body_file);
    return files;
}

// The version in out_dir/preview-status.json, 0 when there is none.
long status_version(const fs::path& file) {
    std::string text;
    if (!read_whole_file(file.string(), text)) return 0;
    try {
        return nlohmann::json::parse(text).value("version", 0L);
    } catch (const std::exception&) {
        return 0;
    }
}

// A body chunk this round wrote: its address, and its text as the file holds it inflated.
struct FreshBody {
    std::string address, text;
};

// JSON text for the page; where a text is not UTF-8 (the check lets none through), without the fields
// the page can fetch for itself (`optional`).
std::string page_json(nlohmann::json j, std::initializer_list<const char*> optional) {
    try {
        return j.dump() + "\n";
    } catch (const nlohmann::json::type_error&) {
        for (const char* field : optional)
            j.erase(field);
        return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    }
}

// What the open page hears after each round, in two files:
// - preview-status.json: the version, the errors and the addresses of the body chunks the round wrote
//   ("fresh"). A page on a server that answers at once (emrun) polls it, then fetches what it names.
// - preview-news.json: the same, with the new site.json ("site") and the fresh chunks' text ("bodies", by
//   address, as their files hold it inflated). The preview's server holds the page's question for it until
//   the next round (cli/preview.cpp), and the page takes all it needs from the one answer (web/preview.js).
//   It had asked for site.json beside the status (a second answer, once 30 ms behind the first) and for the
//   chunks after it (a round trip and an inflation: 8 to 17 ms of a Markdown edit at 10,000 posts).
bool write_status(const fs::path& out, long version, const std::string& errors, const std::vector<FreshBody>& fresh) {
    nlohmann::json addresses = nlohmann::json::array(), bodies = nlohmann::json::object();
    for (const FreshBody& b : fresh) {
        addresses.push_back(b.address);
        bodies[b.address] = b.text;
    }
    const nlohmann::json status{{"version", version}, {"errors", errors}, {"fresh", addresses}};
    nlohmann::json news = status;
    news["bodies"] = std::move(bodies);
    std::string site;
    if (errors.empty() && read_whole_file((out / "site.json").string(), site)) news["site"] = std::move(site);
    return replace_file(out / "preview-news.json", page_json(std::move(news), {"bodies", "site"})) &&
           replace_file(out / "preview-status.json", page_json(status, {}));
}

bool same_folds(const std::vector<Fold>& a, const std::vector<Fold>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].kind != b[i].kind || a[i].year != b[i].year || a[i].first_year != b[i].first_year ||
            a[i].shelf != b[i].shelf || a[i].group != b[i].group || a[i].count != b[i].count ||
            a[i].partial_year != b[i].partial_year)
            return false;
    return true;
}

// Strings one after another in one buffer: 10,000 articles' slugs and addresses copied as strings of their
// own took about 5 ms of each edit (20,000 allocations in the preview's large heap).
class StringList {
public:
    void push_back(const std::string& s) {
        text_ += s;
        ends_.push_back(text_.size());
    }
    size_t size() const { return ends_.size(); }
    std::string_view operator[](size_t i) const {
        const size_t begin = i == 0 ? 0 : ends_[i - 1];
        return std::string_view(text_).substr(begin, ends_[i] - begin);
    }

private:
    std::string text_;
    std::vector<size_t> ends_;
};

// The model as it was before a partial reload: what tells which fold chunks it changed.
struct Before {
    std::vector<Fold> folds;
    StringList slugs, body_urls; // in the site's order

    explicit Before(const Site& site) : folds(site.folds) {
        for (const Article& a : site.writing) {
            slugs.push_back(a.slug);
            body_urls.push_back(a.body_url);
        }
    }
    // The folds whose chunk may differ now that the articles in `changed` were read again and the bodies
    // packed: theirs, those of articles whose body moved to another chunk, the timeline's (they name
    // articles); every fold when the order of the articles or the folds themselves changed.
    std::vector<bool> dirty(const Site& site, const std::vector<std::string>& changed) const {
        std::vector<bool> out(site.folds.size(), false);
        bool all = !same_folds(folds, site.folds) || slugs.size() != site.writing.size();
        for (size_t i = 0; !all && i < site.writing.size(); ++i)
            all = site.writing[i].slug != slugs[i];
        if (all) return std::vector<bool>(site.folds.size(), true);
        for (size_t f = 0; f < site.folds.size(); ++f) // folded again (assign_folds): no chunk yet
            out[f] = site.folds[f].url.empty();
        std::set<std::string> touched(changed.begin(), changed.end());
        for (size_t i = 0; i < site.writing.size(); ++i) {
            const Article& a = site.writing[i];
            if (a.body_url != body_urls[i]) touched.insert(a.slug);
            if (a.fold >= 0 && touched.count(a.slug)) out[a.fold] = true;
        }
        for (const TimelineYear& y : site.timeline) // a folded year's chunk holds the articles it names
            for (const TimelineEntry& e : y.entries)
                if (y.fold >= 0 && e.kind == EntryKind::Article && touched.count(e.ref)) out[y.fold] = true;
        return out;
    }
};

// Whether the fonts hold what the edited articles show: their records as site.json writes them and their
// bodies' trees as the chunks hold them. All else written now was written, and so checked, before (the
// chunks packed again hold trees packed before; the rest of site.json and the fold chunks change only by
// addresses); checking all of site.json and the fold chunks again took 3 to 14 ms of each edit at 10,000
// articles.
bool edit_covered(const Site& site, const std::vector<std::string>& changed, const BodyChunkCache& bodies,
                  const FontState& fonts) {
    std::vector<std::string> records;
    std::vector<std::string_view> texts;
    for (const Article& a : site.writing) {
        if (std::find(changed.begin(), changed.end(), a.slug) == changed.end()) continue;
        records.push_back(article_record(a));
        auto tree = bodies.trees.find(a.slug);
        if (tree != bodies.trees.end()) texts.push_back(tree->second.json);
    }
    for (const std::string& r : records)
        texts.push_back(r);
    return fonts_cover(fonts, texts);
}

// Writes the body chunks, compressed (output.h: gzip), as a whole build writes them; those unchanged kept.
bool write_body_chunks(const std::vector<BodyChunk>& chunks, Output& output) {
    bool ok = true;
    for (const BodyChunk& c : chunks)
        ok = (c.kept ? output.keep(c.path) : output.write(c.path, gzip(c.contents))) && ok;
    return ok;
}

// Writes the fold chunks, compressed; false at the first that cannot be written.
bool write_fold_chunks(const std::vector<OutputFile>& folds, Output& output) {
    bool ok = true;
    for (const OutputFile& f : folds)
        ok = ok && output.write(f.path, gzip(f.contents));
    return ok;
}

// What the open page needs to show an edit read by a partial reload (load.h: reload_content): the body
// chunks that changed, the fold chunks that changed and site.json, written (only what changed) with the
// same bytes a whole build writes, after the fonts are made again when the text needs more. 0,
// kExitFontsNeeded (the fonts could not be made: nothing written), or 1. The fold chunks need the body
// chunks' addresses, and site.json both's: they are made here one after the other, while the chunks made
// before them are compressed and written on another thread (the machine has two cores).
int write_content(Site& site, const Before& before, const std::vector<std::string>& changed, BodyChunkCache& bodies,
                  Output& output, const FontState& fonts, const std::function<bool()>& make_fonts,
                  std::vector<FreshBody>& fresh) {
    std::vector<BodyChunk> chunks;
    bodies.only_changed.emplace(changed.begin(), changed.end());
    PhaseClock clock;
    pack_bodies(site, &bodies, [&](BodyChunk&& c) {
        if (!c.kept) fresh.push_back({"/" + c.path, c.contents});
        chunks.push_back(std::move(c));
    });
    clock.mark("pack");
    // What was written before was checked then; new characters: the fonts are made before anything is written.
    if (!edit_covered(site, changed, bodies, fonts) && !make_fonts()) return kExitFontsNeeded;
    clock.mark("fonts cover it");
    std::future<bool> bodies_written =
        std::async(std::launch::async, [&] { return write_body_chunks(chunks, output); });
    const std::vector<bool> dirty = before.dirty(site, changed);
    std::vector<OutputFile> folds;
    for (size_t i = 0; i < site.folds.size(); ++i) {
        if (!dirty[i]) continue;
        std::string data = fold_chunk(site, static_cast<int>(i));
        site.folds[i].url = "/" + chunk_path("folds", data);
        folds.push_back({site.folds[i].url.substr(1), std::move(data)});
    }
    std::future<bool> folds_written = std::async(std::launch::async, [&] { return write_fold_chunks(folds, output); });
    clock.mark("folds");
    const std::string site_json = site_to_json(site, /*separate_bodies=*/true);
    clock.mark("site.json");
    bool ok = bodies_written.get();
    ok = folds_written.get() && ok;
    clock.mark("chunks written (the other core)");
    ok = ok && output.write("site.json", site_json); // last: it names the others
    clock.mark("written");
    return ok ? 0 : 1;
}

// Room for content.json to grow between edits before its buffer must (next_text in watch_site).
constexpr size_t kReadSlack = 1 << 20;

} // namespace

int watch_site(const std::string& bundle_dir, const std::string& out_dir, const std::string& web_dir,
               const std::string& fonts_dir_arg, const std::string& shell_file, const BuildMode& mode) {
    const std::string fonts_dir = fonts_dir_arg.empty() ? fonts_dir_for(bundle_dir) : fonts_dir_arg;
    BuildMode each = mode;
    each.incremental = true;
    each.watch = false;
    // What the fonts cover, read once; when an edit needs more, they are made again here and the site built
    // whole.
    FontState fonts;
    each.fonts = &fonts;
    std::string font_error;
    Site* fonts_for = nullptr; // the site whose text the fonts must be made for before the next build
    auto make_fonts = [&](const Site& for_site) {
        if (make_site_fonts(for_site, fonts_dir, fonts, font_error)) return true;
        std::fprintf(stderr, "folio: the fonts could not be made: %s\n", font_error.c_str());
        return false;
    };
    const fs::path out = fs::absolute(out_dir).lexically_normal();
    long version = status_version(out / "preview-status.json");
    // The model, loaded clean from `kept` (have), or what is left of the last one (its parsed bodies).
    Site site;
    BundleText kept;
    bool have = false;
    BodyChunkCache bodies;
    each.bodies = &bodies;
    std::unique_ptr<Output> output; // after the first build: its manifest, kept in memory
    Watched watched(bundle_dir);
    std::vector<std::string> edited; // the files changed since the last rebuild
    // The model as the last round left it, taken while the builder waits for the next edit: walking
    // 10,000 articles took 2 to 7 ms of the edit's time.
    std::unique_ptr<Before> before;
    // What the next edit's content.json is read into: memory in use already. Fresh memory cost the first
    // edits at 10,000 articles 1,500-1,700 page faults, 18-20 ms of reading a 7 MB file; later ones none.
    std::string next_text;
    for (bool first = true;; first = false) {
        const auto start = std::chrono::steady_clock::now();
        auto since_start = [&]() {
            return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        };
        // The open page refetches site.json when the version moves (also after the first build: it may
        // follow an edit that needed new characters in the fonts).
        bool told = false, told_ok = true;
        double shown_ms = -1, page_ms = -1; // when the book, and the edited article's page, have the edit
        std::vector<FreshBody> fresh;       // the body chunks written for the page (write_content)
        auto tell = [&](const std::string& errors) {
            told = true;
            shown_ms = since_start();
            told_ok = write_status(out, ++version, errors, fresh);
            if (told_ok && mode.on_status) mode.on_status(version);
        };
        PhaseClock clock;
        Diagnostics diags;
        std::vector<std::string> changed;
        Reload how = Reload::Whole;
        if (have && !first) { // an edit inside one article: read again alone
            if (!before) before = std::make_unique<Before>(site);
            how = Reload::Done;
            for (const std::string& f : edited) {
                if (how != Reload::Done) break;
                if (f == Watched::kPostList) // a post added or removed: its place in the lists, the timeline, the tags
                    how = Reload::Whole;
                else if (f != "content.json")
                    how = reload_markdown(bundle_dir, f, site, changed);
                else if (!read_whole_file_into(bundle_dir + "/content.json", next_text))
                    how = Reload::Whole;
                else
                    how = reload_content(bundle_dir, next_text, kept, site, diags, changed);
            }
            clock.mark(how == Reload::Done ? "reload (partial)" : "reload (partial: no)");
            if (how == Reload::Done && !changed.empty()) {
                std::string names;
                for (const std::string& slug : changed)
                    names += (names.empty() ? "" : ", ") + slug;
                std::printf("folio build: read again alone: %s\n", names.c_str());
            }
            // Errors after another file of the same edit was read in: the model is neither the old one nor
            // the new one, so the next edit loads the bundle whole.
            if (how == Reload::Errors && !changed.empty()) have = false;
        }
        if (how == Reload::Whole) {
            diags.clear();
            Site loaded;
            BundleText loaded_text;
            DeriveOptions options;
            options.parallel = parallel_for;
            options.previous = &site;
            if (!first) std::printf("folio build: loading the bundle whole\n");
            Drafts drafts;
            drafts.show = true; // the preview shows drafts and scheduled posts, marked
            if (load_bundle(bundle_dir, loaded, diags, options, &loaded_text, &drafts)) {
                site = std::move(loaded);
                kept = std::move(loaded_text);
                have = true;
            } else if (!loaded.chapters.empty()) {
                have = false; // derived, so it took the parsed bodies of `site`: load it whole next time
            }
            clock.mark("load and parse");
        }
        // Warnings (a language folio has no words for) are said and the site is built; errors stop it.
        size_t error_count = 0;
        for (const Diagnostic& d : diags)
            error_count += d.warning ? 0 : 1;
        if (error_count > 0) {
            std::string errors;
            for (const Diagnostic& d : diags)
                errors += format_diagnostic(d) + "\n";
            errors += std::to_string(error_count) + (error_count == 1 ? " error\n" : " errors\n");
            std::fputs(errors.c_str(), stderr);
            tell(errors);
        } else {
            for (const Diagnostic& d : diags)
                std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
            if (output) output->start_round();
            each.output = output.get();
            each.on_content_written = nullptr;
            each.edited = how == Reload::Done ? changed : std::vector<std::string>{};
            each.on_edited_written = [&]() { page_ms = since_start(); };
            each.formulas_typeset = false;
            if (how == Reload::Done && changed.empty()) { // saved as it was: nothing to build
                tell("");
            } else if (how == Reload::Done) {                // what the page shows first, then the rest
                typeset_formulas(site, bundle_dir, changed); // the chunks carry their pictures
                each.formulas_typeset = true;
                clock.mark("formulas");
                const int rc = write_content(
                    site, *before, changed, bodies, *output, fonts, [&]() { return make_fonts(site); }, fresh);
                if (rc == kExitFontsNeeded) return 1; // the fonts could not be made (said)
                if (rc == 1) return fail("cannot write into " + out.string());
                tell("");
                clock.mark("content written");
            } else { // a whole reload: the fonts checked against the whole text first (before any write)
                each.on_content_written = [&]() { tell(""); };
                fonts_for = &site;
            }
            const bool unchanged = how == Reload::Done && changed.empty();
            if (fonts_for && !make_fonts(*fonts_for)) return 1;
            fonts_for = nullptr;
            auto build = [&] { return build_site(site, bundle_dir, out_dir, web_dir, fonts_dir, shell_file, each); };
            auto page_took_it = [&] {
                if (mode.wait_for_page && mode.wait_for_page(version))
                    std::printf("folio build: the open page took it after %.1f ms\n", since_start());
            };
            int rc = unchanged ? 0 : told ? behind_the_page(build, page_took_it) : build();
            if (rc == kExitFontsNeeded && make_fonts(site)) { // (not expected: the text was checked above)
                bodies = BodyChunkCache{};                    // it may name chunks that build packed but did not write
                rc = build();
            }
            if (rc != 0) return rc;
            if (!output) output = std::make_unique<Output>(out, /*in_place=*/true, /*track=*/true);
            watched.watch(watched_files(site));
        }
        if (!told) tell("");
        if (!told_ok) return fail("cannot write " + (out / "preview-status.json").string());
        if (page_ms >= 0)
            std::printf("folio build: the book can show it after %.1f ms, its article's page after %.1f ms; rebuilt "
                        "in %.1f ms\n",
                        shown_ms, page_ms, since_start());
        else if (shown_ms >= 0)
            std::printf("folio build: the page can show it after %.1f ms; rebuilt in %.1f ms\n", shown_ms,
                        since_start());
        std::fflush(stdout);
        before = have ? std::make_unique<Before>(site) : nullptr;
        if (have && next_text.capacity() < kept.text.size() + kReadSlack) { // touched, so the pages are there
            next_text.assign(kept.text.size() + kReadSlack, '\0');
            next_text.clear();
        }
        edited = watched.wait_for_change();
    }
}

} // namespace folio
