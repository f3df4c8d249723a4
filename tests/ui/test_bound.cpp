// A bounded archive (core/model/bound.h): a generated big bundle folds its long lists, its site.json does not
// grow with it, and the book fetches a fold's chunk when the reader opens it, find needs it, or an
// address names what is under it. Run natively: the app in a headless ImGui context, with the real fonts.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "core/book/compose.h"
#include "core/bundle/load.h"
#include "core/bundle/schema.h"
#include "core/model/bound.h"
#include "core/wire/site_reader.h"
#include "support/big_bundle.h"
#include "support/seed.h"
#include "ui/app.h"
#include "ui/find.h"
#include "ui/headless.h"
#include "ui/text_layer.h"

using namespace folio;
using nlohmann::json;

namespace {

Site load_text(const std::string& text) {
    Site site;
    Diagnostics d;
    const bool ok = load_site_json("content.json", text, site, d);
    for (const Diagnostic& x : d)
        UNSCOPED_INFO(format_diagnostic(x));
    REQUIRE(ok);
    return site;
}

// The whole archive, as `folio build` holds it: folds assigned, each fold's chunk at an address.
Site whole_archive(int n, int books) {
    Site site = load_text(folio::testing::big_bundle(n, books));
    for (size_t i = 0; i < site.folds.size(); ++i)
        site.folds[i].url = "/assets/folds/" + std::to_string(i) + ".json";
    return site;
}

// What the browser gets: the bounded site.json, read back as the browser reads it.
Site browser_copy(const Site& whole) {
    Site site;
    std::string error;
    const bool ok = read_built_site(site_to_json(whole, /*separate_bodies=*/true), site, error);
    INFO(error);
    REQUIRE(ok);
    return site;
}

std::string book_text(const Book& book) {
    std::string out;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.kind == BoxKind::Text) out += b.text + "\n";
    return out;
}

int fold_of_url(const Site& s, const std::string& url) {
    for (size_t i = 0; i < s.folds.size(); ++i)
        if (s.folds[i].url == url) return static_cast<int>(i);
    return -1;
}

struct BookHarness {
    HeadlessImGui imgui;
    App app;
    const Site& whole;
    explicit BookHarness(const Site& w, const std::string& path = "/", const std::string& hint = "") : whole(w) {
        std::string paths[kFaceCount], error;
        for (int i = 0; i < kFaceCount; ++i)
            paths[i] = kDebianFontFiles[i];
        REQUIRE(load_fonts_from_files(app.fonts, paths, error));
        app.set_site(browser_copy(whole));
        app.fold_hint = hint;
        app.open(path);
        frame();
    }
    void frame() {
        imgui.begin_frame(1280, 800);
        app.frame(1.0f / 60.0f);
        imgui.end_frame();
    }
    // The platform's part: answer every fold fetch asked for, from the whole archive (or fail them).
    std::vector<std::string> deliver(bool ok = true) {
        std::vector<std::string> asked = app.requests.load_folds;
        app.requests.load_folds.clear();
        for (const std::string& url : asked)
            app.fold_arrived(url, ok ? fold_chunk(whole, fold_of_url(whole, url)) : "", ok);
        frame();
        frame();
        return asked;
    }
    // Follows the fold toggle whose text starts with `label`.
    bool open_fold(const std::string& label) {
        for (const Page& p : app.book.pages)
            for (const Box& b : p.boxes)
                if (b.link >= 0 && b.text.rfind(label, 0) == 0 && app.book.links[b.link].kind == ActionKind::Fold) {
                    app.follow(app.book.links[b.link]);
                    frame();
                    return true;
                }
        return false;
    }
};

} // namespace

TEST_CASE("a big archive folds its long lists past their bounds", "[core][bound]") {
    const Site site = whole_archive(1500, 300);
    // The writing chapter: the newest 40, then one fold a year for the rest.
    int head = 0, folded = 0;
    for (const Article& a : site.writing)
        (a.fold < 0 ? head : folded) += 1;
    CHECK(head == kWritingShown);
    CHECK(folded == 1500 - kWritingShown);
    int writing_folds = 0, counted = 0;
    std::set<int> years;
    for (const Fold& f : site.folds)
        if (f.kind == FoldKind::Writing) {
            ++writing_folds;
            counted += f.count;
            CHECK(years.insert(f.year).second); // one fold a year
        }
    CHECK(counted == folded);
    CHECK(writing_folds == static_cast<int>(years.size()));
    CHECK(site.folds.front().partial_year); // 2025's newest are shown, the rest of 2025 folds
    // The shelf: its first items, the rest folded; the count is the whole shelf's.
    const ShelfGroup& g = site.loves.shelves[0].groups[0];
    REQUIRE(g.fold >= 0);
    CHECK(site.folds[g.fold].count == 300 - kShelfGroupShown);
    CHECK(site.loves.shelves[0].count == 300);
    // The timeline: whole years up to its bound, the older ones under one fold.
    int shown = 0, timeline_folds = 0;
    for (const TimelineYear& y : site.timeline)
        if (y.fold < 0) shown += static_cast<int>(y.entries.size());
    for (const Fold& f : site.folds)
        timeline_folds += f.kind == FoldKind::Timeline;
    CHECK(shown <= kTimelineShown);
    CHECK(timeline_folds == 1);
}

TEST_CASE("the seed is within every bound: no folds, site.json as before", "[core][bound]") {
    const Site& seed = folio::testing::seed_site();
    CHECK(seed.folds.empty());
    const json j = json::parse(site_to_json(seed, true));
    CHECK_FALSE(j.contains("folds"));
    CHECK(j["writing"].size() == seed.writing.size());
    for (const json& a : j["writing"])
        CHECK_FALSE(a.contains("number"));
}

TEST_CASE("site.json and the first book do not grow with the archive", "[core][bound]") {
    const Site small = whole_archive(800, 100), big = whole_archive(3000, 1500);
    const std::string s = site_to_json(small, true), b = site_to_json(big, true);
    INFO("site.json: " << s.size() << " bytes for 800 articles, " << b.size() << " for 3000");
    CHECK(b.size() < s.size() * 1.3);
    // No article under a fold travels, except those the shown timeline names.
    const Site copy = browser_copy(big);
    CHECK(copy.writing.size() <= static_cast<size_t>(kWritingShown + kTimelineShown));
    CHECK(copy.loves.shelves[0].groups[0].items.size() == static_cast<size_t>(kShelfGroupShown));
    CHECK(copy.loves.shelves[0].count == 1500); // the contents of loves still says how many
    FixedMeasurer m;
    const Book small_book = compose_site(browser_copy(small), m, {}), big_book = compose_site(copy, m, {});
    INFO("pages: " << small_book.pages.size() << " and " << big_book.pages.size());
    CHECK(big_book.pages.size() <= small_book.pages.size() + 2);
    // The whole archive natively lays out the same bounded book.
    CHECK(compose_site(big, m, {}).pages.size() == big_book.pages.size());
}

TEST_CASE("a fold chunk merges its entries, and a bad one changes nothing", "[core][bound]") {
    const Site whole = whole_archive(1500, 300);
    Site copy = browser_copy(whole);
    int fold = -1;
    for (size_t i = 0; i < whole.folds.size(); ++i)
        if (whole.folds[i].kind == FoldKind::Writing && whole.folds[i].year == 2020) fold = static_cast<int>(i);
    REQUIRE(fold >= 0);
    const size_t before = copy.writing.size();
    CHECK_FALSE(merge_fold(copy, fold, "{\"writing\": [{\"slug\": 7}]}"));
    CHECK(copy.folds[fold].failed);
    CHECK_FALSE(copy.folds[fold].loaded);
    CHECK(copy.writing.size() == before);
    REQUIRE(merge_fold(copy, fold, fold_chunk(whole, fold)));
    CHECK(copy.folds[fold].loaded);
    int in_fold = 0;
    for (const Article& a : copy.writing)
        if (a.fold == fold) {
            ++in_fold;
            CHECK_FALSE(a.body_url.empty()); // its body comes when it is opened
            CHECK(a.number > 0);
        }
    CHECK(in_fold == whole.folds[fold].count);
    // Neighbours now both here are linked; the tag index is newest first.
    for (const Article& a : copy.writing)
        if (a.prev >= 0) CHECK(copy.writing[a.prev].number == a.number - 1);
    const std::vector<int>& even = copy.tags.at("even");
    for (size_t i = 1; i < even.size(); ++i)
        CHECK(copy.writing[even[i - 1]].number > copy.writing[even[i]].number);
}

TEST_CASE("opening a fold fetches its chunk, says loading, then shows the entries", "[ui][bound]") {
    const Site whole = whole_archive(1500, 300);
    BookHarness t(whole);
    const std::string folded_title = "entry number 1000 of the archive";
    CHECK(book_text(t.app.book).find(folded_title) == std::string::npos);
    CHECK(t.app.requests.load_folds.empty()); // the first view asks for nothing more
    const int year = whole.writing[whole.find_article("entry-1000")].date.year;
    REQUIRE(t.open_fold(std::to_string(year) + " ("));
    REQUIRE(t.app.requests.load_folds.size() == 1);
    CHECK(book_text(t.app.book).find("loading\xE2\x80\xA6") != std::string::npos);
    t.deliver();
    const std::string text = book_text(t.app.book);
    CHECK(text.find(folded_title) != std::string::npos);
    CHECK(text.find("fold " + std::to_string(year)) != std::string::npos);
    CHECK(text.find("loading\xE2\x80\xA6") == std::string::npos);
}

TEST_CASE("a fold whose chunk fails says so, and opening it again retries", "[ui][bound]") {
    const Site whole = whole_archive(1500, 300);
    BookHarness t(whole);
    REQUIRE(t.open_fold("the rest (294)"));
    REQUIRE(t.app.requests.load_folds.size() == 1);
    t.deliver(false);
    CHECK(book_text(t.app.book).find("could not be downloaded") != std::string::npos);
    REQUIRE(t.open_fold("fold the rest"));  // fold it
    REQUIRE(t.open_fold("the rest (294)")); // and open it again: asked again
    REQUIRE(t.app.requests.load_folds.size() == 1);
    t.deliver();
    const std::string text = book_text(t.app.book);
    CHECK(text.find("book number 299 on the shelf") != std::string::npos);
    CHECK(text.find("could not be downloaded") == std::string::npos);
}

TEST_CASE("find fetches the folds and opens the one holding the match", "[ui][bound]") {
    const Site whole = whole_archive(1500, 300);
    BookHarness t(whole);
    find_set_query(t.app, "entry number 1234 of");
    t.frame();
    CHECK(t.app.find.matches.empty());
    CHECK(t.app.find.waiting_for_folds); // the bar says "searching…"
    CHECK(t.app.requests.load_folds.size() == whole.folds.size());
    t.deliver();
    t.frame();
    CHECK_FALSE(t.app.find.waiting_for_folds);
    REQUIRE(t.app.find.matches.size() == 1);
    CHECK(t.app.find.current == 0);
}

TEST_CASE("an address under a fold waits for the chunk its page names, then opens", "[ui][bound]") {
    const Site whole = whole_archive(1500, 300);
    const int i = whole.find_article("entry-1200");
    const std::string hint = whole.folds[whole.writing[i].fold].url;
    BookHarness t(whole, "/writing/entry-1200", hint);
    CHECK(t.app.route.kind == RouteKind::NotFound);
    CHECK(t.app.route_waiting);
    CHECK(book_text(t.app.book).find("loading\xE2\x80\xA6") != std::string::npos);
    REQUIRE(t.app.requests.load_folds == std::vector<std::string>{hint}); // only that chunk
    t.deliver();
    REQUIRE(t.app.route.kind == RouteKind::Article);
    CHECK(t.app.site.writing[t.app.route.article].slug == "entry-1200");
    CHECK(book_text(t.app.book).find("entry number 1200 of the archive") != std::string::npos);
}

TEST_CASE("the text layer hands an archive fold's toggle back to the book", "[ui][bound]") {
    const int id = kArchiveFoldBase + 37;
    CHECK(layer_link_action(fold_key(id)) == fold_link(id));
    CHECK(layer_link_action("fold:1234567890").kind == ActionKind::None); // past int: nothing
}

TEST_CASE("the timeline's older years fold together, and open from the browser's copy", "[ui][bound]") {
    const Site whole = whole_archive(3000, 10);
    BookHarness t(whole);
    int fold = -1;
    for (size_t i = 0; i < whole.folds.size(); ++i)
        if (whole.folds[i].kind == FoldKind::Timeline) fold = static_cast<int>(i);
    REQUIRE(fold >= 0);
    const Fold& f = whole.folds[fold];
    const std::string label = "the years " + std::to_string(f.first_year) + "\xE2\x80\x93" + std::to_string(f.year);
    REQUIRE(t.open_fold(label));
    t.deliver();
    const std::string text = book_text(t.app.book);
    CHECK(text.find("fold " + label) != std::string::npos);
    // An article the folded years name, with its dek, from the timeline's chunk.
    const TimelineYear* oldest = &whole.timeline.back();
    const Article& a = whole.writing[oldest->entries[0].index];
    CHECK(text.find(a.dek) != std::string::npos);
}

TEST_CASE("a tag's page fetches every year, says so meanwhile, then lists every article with the tag", "[ui][bound]") {
    const Site whole = whole_archive(600, 10);
    BookHarness t(whole, "/tags/odd");
    REQUIRE(t.app.route.kind == RouteKind::Tag);
    int writing_folds = 0;
    for (const Fold& f : whole.folds)
        writing_folds += f.kind == FoldKind::Writing;
    CHECK(static_cast<int>(t.app.requests.load_folds.size()) == writing_folds);
    CHECK(book_text(t.app.book).find("loading the older articles") != std::string::npos);
    t.deliver();
    CHECK(book_text(t.app.book).find("loading the older articles") == std::string::npos);
    CHECK(t.app.site.tags.at("odd").size() == 300);
    CHECK(book_text(t.app.book).find("entry number 599 of the archive") != std::string::npos);
}

TEST_CASE("a new site.json (the preview) keeps an open fold open and asks for its entries again", "[ui][bound]") {
    const Site whole = whole_archive(1500, 10);
    BookHarness t(whole);
    REQUIRE(t.open_fold("2020 ("));
    const std::vector<std::string> first = t.deliver();
    REQUIRE(first.size() == 1);
    t.app.set_site(browser_copy(whole));
    CHECK(t.app.requests.load_folds == first);
    t.frame();
    t.deliver();
    CHECK(book_text(t.app.book).find("fold 2020") != std::string::npos);
}
