// The book's find, run natively in a headless ImGui context: every page is searched, stepping brings
// each match into view, highlights follow the layout, and an article's late body is searched too.
#include <catch2/catch_test_macros.hpp>

#include "core/bundle/load.h"
#include "core/model/derive.h"
#include "core/wire/site_reader.h"
#include "ui/app.h"
#include "ui/find.h"
#include "ui/headless.h"

#include "support/book_harness.h"

using namespace folio;

namespace {

struct FindHarness : folio::testing::Harness {
    explicit FindHarness(const std::string& bundle = FOLIO_SOURCE_DIR) : Harness(1280, 800, bundle) {}
    bool current_on_screen() {
        ImVec2 p0, p1;
        if (!find_current_rect(app, p0, p1)) return false;
        return p0.y >= 0 && p1.y <= h && p0.x >= 0 && p1.x <= w;
    }
};

} // namespace

TEST_CASE("find reaches a page far from the screen and brings it into view", "[ui][find]") {
    FindHarness t;
    REQUIRE(t.app.scroll == 0);
    // The oldest article is listed near the end of the writing chapter, far below the first screen.
    const std::string title = t.app.site.writing.back().title;
    find_set_query(t.app, title);
    t.frame();
    REQUIRE(!t.app.find.matches.empty());
    CHECK(t.app.find.current == 0);
    CHECK(t.app.scroll > t.h); // it scrolled
    CHECK(t.current_on_screen());
    CHECK(t.app.find.matches[0].page > 2);
}

TEST_CASE("stepping wraps around and each step is on screen", "[ui][find]") {
    FindHarness t;
    find_set_query(t.app, "the");
    t.frame();
    const int n = static_cast<int>(t.app.find.matches.size());
    REQUIRE(n > 5);
    int v = t.app.find.version;
    for (int i = 1; i < 4; ++i) {
        find_step(t.app, +1);
        t.frame();
        CHECK(t.app.find.current == i);
        CHECK(t.current_on_screen());
    }
    CHECK(t.app.find.version != v);
    find_step(t.app, -1);
    find_step(t.app, -1);
    find_step(t.app, -1);
    find_step(t.app, -1);
    t.frame();
    CHECK(t.app.find.current == n - 1); // back past the first: the last
    CHECK(t.current_on_screen());
    find_close(t.app);
    t.frame();
    CHECK(t.app.find.matches.empty());
    CHECK_FALSE(t.app.find.open);
}

TEST_CASE("nothing found, and hostile input, leave the book as it was", "[ui][find]") {
    FindHarness t;
    find_set_query(t.app, "zzqxv-not-a-word");
    t.frame();
    CHECK(t.app.find.matches.empty());
    CHECK(t.app.find.current == -1);
    CHECK(t.app.scroll == 0);
    find_set_query(t.app, std::string(10000, 'x') + "(*[");
    t.frame();
    CHECK(t.app.find.matches.empty());
    find_step(t.app, 1); // nothing to step through: no crash, no change
    CHECK(t.app.find.current == -1);
    find_set_query(t.app, "");
    t.frame();
    CHECK(t.app.find.matches.empty());
}

TEST_CASE("find waits for an article's body and then finds in it", "[ui][find]") {
    Site full;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/rich", full, d));
    int i = full.find_article("everything-markdown");
    Site built;
    std::string error;
    REQUIRE(read_built_site(site_to_json(full, true), built, error)); // as the browser reads it
    FindHarness t;
    t.app.set_site(std::move(built));
    t.app.open("/writing/everything-markdown");
    t.frame();
    // A word from the body that the opening paragraph does not have.
    const std::string word = "Lists";
    REQUIRE(full.writing[i].opening.find(word) == std::string::npos);
    find_set_query(t.app, word);
    t.frame();
    CHECK(t.app.find.matches.empty());
    CHECK(t.app.find.waiting_for_body);
    t.app.body_arrived("/writing/everything-markdown/body.json", body_tree_json(full.writing[i]), true);
    t.frame();
    CHECK_FALSE(t.app.find.waiting_for_body);
    REQUIRE(!t.app.find.matches.empty());
    CHECK(t.app.find.current >= 0);
    CHECK(t.current_on_screen());
}
