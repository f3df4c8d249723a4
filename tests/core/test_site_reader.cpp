// core/wire/site_reader.h: the browser's reader of what `folio build` writes. It gives the model the native
// build holds (the seed, the fixtures, a generated archive with folds, each with its bodies and fold
// chunks delivered), and fails with a message, never a crash, on damaged bytes.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "core/bundle/load.h"
#include "core/bundle/schema.h"
#include "core/model/bound.h"
#include "core/model/derive.h"
#include "core/wire/document_json.h"
#include "core/wire/site_reader.h"
#include "support/big_bundle.h"

using namespace folio;
using nlohmann::json;

namespace {

//-----------------------------------------------------------------------------
// The model, field by field, as JSON: two sites are the same when their dumps are. Left out: where a
// body came from (body_markdown, body_file, body_url, body_loaded, body_is_tree, the Markdown of the
// intros and whether they came as trees), which differs by design between a bundle and site.json.
//-----------------------------------------------------------------------------

json dump_date(const Date& d) { return {d.year, d.month, d.day}; }

json dump_node(const Node& n) {
    json runs = json::array();
    for (const CodeRun& r : n.runs)
        runs.push_back({static_cast<int>(r.token), r.size});
    json children = json::array();
    for (const Node& c : n.children)
        children.push_back(dump_node(c));
    return {static_cast<int>(n.kind),  n.text,   n.href,  n.info,   n.level, n.ordered, n.start,
            static_cast<int>(n.align), n.header, n.width, n.height, n.id,    runs,      children};
}

json dump_links(const std::vector<Link>& links) {
    json out = json::array();
    for (const Link& l : links)
        out.push_back({l.text, l.href});
    return out;
}

json dump_article(const Article& a) {
    return {{"slug", a.slug},
            {"title", a.title},
            {"dek", a.dek},
            {"opening", a.opening},
            {"date", dump_date(a.date)},
            {"tags", a.tags},
            {"fold", a.fold},
            {"number", a.number},
            {"words", a.words},
            {"reading", a.reading_minutes},
            {"prev", a.prev},
            {"next", a.next},
            {"body", dump_node(a.body)}};
}

json dump_shelf_item(const ShelfItem& it) { return {it.title, it.note, it.href, it.by, it.by_line}; }

// An entry's index as what it resolves to (indices differ between two sites holding the same articles).
json dump_year(const TimelineYear& y, const Site& s) {
    json entries = json::array();
    for (const TimelineEntry& e : y.entries) {
        json pulls = json::array();
        for (const PullRequest& p : e.pulls)
            pulls.push_back({p.number, p.title, p.url});
        const std::string to = e.index < 0                    ? ""
                               : e.kind == EntryKind::Article ? s.writing[e.index].slug
                                                              : s.projects[e.index].id;
        entries.push_back({static_cast<int>(e.kind), e.ref, e.show, pulls, to, e.repo_url, e.rest, e.rest_label});
    }
    return {y.year, y.fold, entries};
}

json dump_site(const Site& s) {
    json j;
    j["schema"] = s.schema;
    const SiteInfo& i = s.info;
    j["info"] = {i.title,    i.author,      i.tagline,          i.bio, i.base_url, i.guid_base,
                 i.language, i.description, dump_links(i.links)};
    for (size_t k = 0; k < book_word_count(); ++k) // what site.json carries (the scripts' are in the boot script)
        j["words"][word_keys()[k].first] = i.words.*word_keys()[k].second;
    for (const Article& a : s.writing)
        j["writing"].push_back(dump_article(a));
    for (const Project& p : s.projects)
        j["projects"].push_back({p.id, p.name, p.summary, p.where, p.event, dump_date(p.date), dump_links(p.links),
                                 p.timeline_when, p.when});
    for (const Contribution& c : s.contributions)
        j["contributions"].push_back({c.repo, c.host, c.merged_total});
    for (const TimelineYear& y : s.timeline)
        j["timeline"].push_back(dump_year(y, s));
    json shelves = json::array();
    for (const Shelf& sh : s.loves.shelves) {
        json groups = json::array();
        for (const ShelfGroup& g : sh.groups) {
            json items = json::array();
            for (const ShelfItem& it : g.items)
                items.push_back(dump_shelf_item(it));
            groups.push_back({g.heading, g.fold, items});
        }
        shelves.push_back({sh.id, sh.title, sh.subtitle, sh.running_head, sh.numbered, sh.count, groups});
    }
    j["loves"] = {s.loves.present, s.loves.title, dump_node(s.loves.intro), shelves};
    json focus = json::array();
    for (const FocusArea& f : s.work.focus)
        focus.push_back({f.term, f.text});
    j["work"] = {s.work.present,          s.work.title,           focus, s.work.projects,
                 dump_node(s.work.intro), dump_node(s.work.after)};
    j["find_me"] = {s.find_me.present, s.find_me.title, s.find_me.handle_label, s.find_me.handle,
                    dump_links(s.find_me.links)};
    for (const ContentsEntry& c : s.contents)
        j["contents"].push_back({c.title, c.chapter});
    for (const Fold& f : s.folds)
        j["folds"].push_back({static_cast<int>(f.kind), f.year, f.first_year, f.shelf, f.group, f.count, f.partial_year,
                              f.url, f.loaded});
    for (const Chapter& c : s.chapters)
        j["chapters"].push_back({c.id, static_cast<int>(c.kind), c.title, c.shelf, c.number});
    j["tags"] = s.tags;
    std::vector<std::string> images = s.local_images; // in the order the bodies came
    std::sort(images.begin(), images.end());
    j["local_images"] = images;
    return j;
}

// Equal dumps; on failure, only what differs (as a JSON patch).
void same(const json& got, const json& want) {
    INFO(json::diff(want, got).dump().substr(0, 4000));
    CHECK(got == want);
}

Site load(const std::string& dir) {
    Site site;
    Diagnostics d;
    const bool ok = load_bundle(dir, site, d);
    for (const Diagnostic& x : d)
        UNSCOPED_INFO(format_diagnostic(x));
    REQUIRE(ok);
    return site;
}

Site read(const std::string& text) {
    Site site;
    std::string error;
    const bool ok = read_built_site(text, site, error);
    INFO(error);
    REQUIRE(ok);
    return site;
}

// What the browser holds once every separate body has arrived (each through the tree reader).
Site with_bodies(const Site& whole, Site copy) {
    for (Article& a : copy.writing) {
        if (a.body_loaded) continue;
        const int k = whole.find_article(a.slug);
        REQUIRE(k >= 0);
        Document body;
        std::string error;
        const bool ok = read_built_tree(body_tree_json(whole.writing[k]), body, error);
        INFO(error);
        REQUIRE(ok);
        a.body_loaded = true;
        set_body_tree(a, std::move(body));
        for (const std::string& src : collect_local_images(a.body)) // as App::body_arrived does
            if (std::find(copy.local_images.begin(), copy.local_images.end(), src) == copy.local_images.end())
                copy.local_images.push_back(src);
    }
    return copy;
}

std::string expect_damaged(const std::string& text) {
    Site site;
    std::string error;
    CHECK_FALSE(read_built_site(text, site, error));
    CHECK(error.find("site.json is damaged at byte ") == 0);
    CHECK(error.find("Rebuild the site") != std::string::npos);
    CHECK(site.writing.empty());
    return error;
}

} // namespace

TEST_CASE("site.json read back is the model the build holds, bodies included", "[core][site_reader]") {
    for (const char* dir : {"", "/tests/fixtures/rich", "/tests/fixtures/blog", "/tests/fixtures/small",
                            "/tests/fixtures/scripts", "/tests/fixtures/rtl"}) {
        INFO("bundle: " << (*dir ? dir : "the seed"));
        const Site whole = load(std::string(FOLIO_SOURCE_DIR) + dir);
        // Inline bodies (as `folio site-json` writes) and separate ones (as `folio build` does).
        same(dump_site(read(site_to_json(whole, false))), dump_site(whole));
        const Site copy = read(site_to_json(whole, true));
        json want = dump_site(whole);
        for (json& a : want["writing"]) // the browser's records carry no opening: a body is whole, or comes
            a["opening"] = "";
        same(dump_site(with_bodies(whole, copy)), want);
        // Before the bodies arrive: a separate body's record has the whole's word count, and no opening.
        for (const Article& a : copy.writing) {
            const Article& w = whole.writing[whole.find_article(a.slug)];
            CHECK(a.words == w.words);
            CHECK(a.reading_minutes == w.reading_minutes);
            CHECK(a.opening.empty());
            CHECK((a.body_url.empty() ? !a.body.children.empty() : a.body.children.empty()));
        }
    }
}

TEST_CASE("a bounded site.json and its fold chunks read back to the whole archive", "[core][site_reader][bound]") {
    Diagnostics d;
    Site whole;
    REQUIRE(load_site_json("content.json", folio::testing::big_bundle(1500, 300), whole, d));
    for (size_t i = 0; i < whole.folds.size(); ++i)
        whole.folds[i].url = "/assets/folds/" + std::to_string(i) + ".json";
    Site copy = read(site_to_json(whole, true));
    REQUIRE_FALSE(copy.folds.empty());
    CHECK(copy.writing.size() < whole.writing.size());
    // What the browser holds before any fold opens: the records of the whole, as the whole has them.
    auto same_records = [&](const Site& part) {
        for (const Article& a : part.writing) {
            const Article& w = whole.writing[whole.find_article(a.slug)];
            CHECK(dump_date(a.date) == dump_date(w.date));
            CHECK(a.title == w.title);
            CHECK(a.dek == w.dek);
            CHECK(a.tags == w.tags);
            CHECK(a.number == w.number);
            CHECK(a.fold == w.fold);
            CHECK(a.words == w.words);
            CHECK(a.reading_minutes == w.reading_minutes);
        }
    };
    same_records(copy);
    for (size_t i = 0; i < copy.folds.size(); ++i) {
        CHECK_FALSE(copy.folds[i].loaded);
        REQUIRE(merge_fold(copy, static_cast<int>(i), fold_chunk(whole, static_cast<int>(i))));
    }
    // Every fold open: every article, shelf item and timeline year of the whole is there, as it is there.
    same_records(copy);
    CHECK(copy.writing.size() == whole.writing.size());
    CHECK(dump_site(copy)["loves"] == dump_site(whole)["loves"]);
    std::set<std::string> years_copy, years_whole;
    for (const TimelineYear& y : copy.timeline)
        years_copy.insert(dump_year(y, copy).dump());
    for (const TimelineYear& y : whole.timeline)
        years_whole.insert(dump_year(y, whole).dump());
    CHECK(years_copy == years_whole);
    // Neighbours and tags as the whole links them, by slug.
    for (const Article& a : copy.writing) {
        const Article& w = whole.writing[whole.find_article(a.slug)];
        CHECK((a.prev < 0 ? "" : copy.writing[a.prev].slug) == (w.prev < 0 ? "" : whole.writing[w.prev].slug));
    }
    CHECK(copy.tags.at("odd").size() == whole.tags.at("odd").size());
}

TEST_CASE("a document tree reads back as it was written", "[core][site_reader]") {
    const Site rich = load(FOLIO_SOURCE_DIR "/tests/fixtures/rich");
    for (const Article& a : rich.writing) {
        Document back;
        std::string error;
        REQUIRE(read_built_tree(document_to_json(a.body).dump(), back, error));
        CHECK(dump_node(back) == dump_node(a.body));
    }
    Document d;
    std::string error;
    // Escapes, a pair of surrogates, a NUL, and members a newer build might add.
    REQUIRE(read_built_tree(
        R"(["doc", {"later": [1, {"x": null}]}, ["p", "a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00\u0000b"]])", d, error));
    REQUIRE(d.children.size() == 1);
    CHECK(d.children[0].children[0].text == std::string("a\"\\/\b\f\n\r\t\xC3\xA9\xF0\x9F\x98\x80\0b", 17));
    for (const char* bad : {"",
                            "[",
                            "[\"doc\"",
                            "[\"p\"]",
                            "[\"nope\"]",
                            "[\"doc\", [\"rawinline\", \"<b>\"]]",
                            "[\"doc\", [\"pre\", {\"runs\": [99, 1], \"text\": \"x\"}]]",
                            "[\"doc\", [\"pre\", {\"runs\": [1]}]]",
                            "[\"doc\", [\"pre\", {\"runs\": [1, \"x\"], \"text\": \"x\"}]]",
                            "[\"doc\", [\"pre\", {\"runs\": [1, 3], \"text\": \"ab\"}]]",
                            "[\"doc\", [\"pre\", {\"runs\": [1, 0, 0, 2], \"text\": \"ab\"}]]",
                            "[\"doc\", [\"h\", {\"level\": 1.5}]]",
                            "[\"doc\", [\"h\", {\"level\": 1e3}]]",
                            "[\"doc\", [\"list\", {\"start\": 99999999999999999999}]]",
                            "[\"doc\", \"\\ud800\"]",
                            "[\"doc\", \"\\q\"]",
                            "[\"doc\", \"a\nb\"]",
                            "[\"doc\", {\"x\": 1}, {\"y\": 2}]",
                            "[\"doc\"] x",
                            "[\"doc\", \"\xC3\"]",
                            "{\"doc\": 1}"}) {
        INFO(bad);
        CHECK_FALSE(read_built_tree(bad, d, error));
        CHECK(error.find("damaged at byte") != std::string::npos);
        CHECK(d.children.empty());
    }
    CHECK_FALSE(read_built_tree(std::string("[\"doc\"]\0", 8), d, error)); // a NUL after the end
}

TEST_CASE("damaged site.json fails with the file, the byte and the remedy, never a crash", "[core][site_reader]") {
    const std::string good = site_to_json(load(FOLIO_SOURCE_DIR "/tests/fixtures/small"), true);
    // Cut short anywhere (a truncated download).
    for (size_t n = 0; n < good.size(); ++n) {
        Site site;
        std::string error;
        if (read_built_site(std::string_view(good).substr(0, n), site, error)) FAIL("read a site.json cut at " << n);
        if (error.find("Rebuild the site") == std::string::npos) FAIL("no remedy at " << n << ": " << error);
    }
    // Any byte replaced: reads or fails, but always comes back.
    for (size_t at = 0; at < good.size(); ++at)
        for (char c : {'"', '{', ']', '0', ',', 'x', '\0', '\xFF'}) {
            std::string text = good;
            text[at] = c;
            Site site;
            std::string error;
            if (!read_built_site(text, site, error) && error.empty()) FAIL("no message at " << at);
        }
    // Wrong types, absurd nesting, indices the model would follow.
    CHECK(expect_damaged(R"({"schema": 1, "writing": {}})").find("byte 25 ") != std::string::npos);
    expect_damaged(R"({"schema": 2, "writing": []})");
    expect_damaged(R"({"writing": []})");
    expect_damaged(R"({"schema": 1, "writing": [{"slug": "a", "date": "2026-02-30"}]})");
    expect_damaged(R"({"schema": 1, "writing": [{"slug": "a", "fold": 0}]})");
    expect_damaged(R"({"schema": 1, "loves": {"shelves": [{"groups": [{"fold": 3}]}]}})");
    expect_damaged(R"({"schema": 1, "folds": [{"kind": "shelf", "shelf": 0, "group": 0}]})");
    expect_damaged(R"({"schema": 1, "folds": [{"kind": "drawer"}]})");
    expect_damaged(std::string("{\"schema\": 1, \"later\": ") + std::string(100000, '[') + std::string(100000, ']') +
                   "}");
    expect_damaged(std::string("{\"schema\": 1, \"writing\": [{\"body_doc\": ") + std::string(100000, '[') + "}]}");
    expect_damaged("[]");
    expect_damaged("");
}

TEST_CASE("a damaged fold chunk changes nothing", "[core][site_reader][bound]") {
    Diagnostics d;
    Site whole;
    REQUIRE(load_site_json("content.json", folio::testing::big_bundle(200, 10), whole, d));
    Site copy = read(site_to_json(whole, true));
    REQUIRE_FALSE(copy.folds.empty());
    const std::string chunk = fold_chunk(whole, 0);
    const size_t before = copy.writing.size();
    for (const std::string& bad : {chunk.substr(0, chunk.size() / 2), std::string("{\"writing\": [{\"fold\": 99}]}"),
                                   std::string("{\"writing\": [{\"slug\": 7}]}"), std::string("nope")}) {
        CHECK_FALSE(merge_fold(copy, 0, bad));
        CHECK(copy.folds[0].failed);
        CHECK_FALSE(copy.folds[0].loaded);
        CHECK(copy.writing.size() == before);
    }
    FoldEntries got;
    std::string error;
    CHECK_FALSE(read_built_fold("{\"writing\": 1}", got, error, "/assets/folds/x.json"));
    CHECK(error.find("/assets/folds/x.json is damaged at byte 12 ") == 0);
    CHECK(merge_fold(copy, 0, chunk));
}
