// The real views, run natively in a headless ImGui context (no GPU), driven by synthetic input.
#include <catch2/catch_test_macros.hpp>

#include <chrono>
#include <cmath>
#include <set>

#include "core/derive.h"
#include "core/load.h"
#include "support/seed.h"
#include "ui/app.h"
#include "ui/headless.h"

using namespace folio;

namespace {

struct Harness {
    HeadlessImGui imgui;
    App app;
    float w, h;
    explicit Harness(float width = 1280, float height = 860) : w(width), h(height) {
        std::string paths[kFaceCount], error;
        for (int i = 0; i < kFaceCount; ++i)
            paths[i] = kDebianFontFiles[i];
        REQUIRE(load_fonts_from_files(app.fonts, paths, error));
        Site site;
        Diagnostics d;
        REQUIRE(load_bundle(FOLIO_SOURCE_DIR, site, d));
        app.set_site(std::move(site));
        app.open("/");
        frame();
    }
    // The fixture bundle with every Markdown element, at its long article.
    void open_rich_article() {
        Site rich;
        Diagnostics d;
        REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/rich", rich, d));
        app.set_site(std::move(rich));
        app.open("/writing/everything-markdown");
        frame();
    }
    void frame() {
        imgui.begin_frame(w, h);
        app.frame(1.0f / 60.0f);
        imgui.end_frame();
    }
    void frames(int n) {
        for (int i = 0; i < n; ++i)
            frame();
    }
    // Screen position of the first text box whose text starts with `text` on a visible page.
    bool find_box(const std::string& text, ImVec2& at) {
        for (int p = 0; p < static_cast<int>(app.book.pages.size()); ++p) {
            ImVec2 o = app.page_origin(p);
            if (o.y > h || o.y + app.book.spec.height * app.page_scale < 0) continue;
            for (const Box& b : app.book.pages[p].boxes)
                if (b.kind == BoxKind::Text && b.text.rfind(text, 0) == 0) {
                    at = ImVec2(o.x + (b.x + b.w * 0.5f) * app.page_scale, o.y + (b.y + b.h * 0.5f) * app.page_scale);
                    return true;
                }
        }
        return false;
    }
    void click(ImVec2 p) {
        ImGuiIO& io = ImGui::GetIO();
        io.AddMousePosEvent(p.x, p.y);
        frame();
        io.AddMouseButtonEvent(0, true);
        frame();
        io.AddMouseButtonEvent(0, false);
        frame();
    }
    void key(ImGuiKey k, bool shift = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.AddKeyEvent(ImGuiMod_Shift, shift);
        io.AddKeyEvent(k, true);
        frame();
        io.AddKeyEvent(k, false);
        io.AddKeyEvent(ImGuiMod_Shift, false);
        frame();
    }
};

} // namespace

TEST_CASE("the seed lands on the seed's folios at the reference page size", "[ui][seed]") {
    Harness t;
    t.app.open("/contents");
    t.frame();
    std::vector<ContentsLine> lines = contents_folios(t.app.site, t.app.book);
    REQUIRE(lines.size() == 7);
    const char* expected[][2] = {{"things I love", "4"},
                                 {"songs", "6"},
                                 {"books", "8"},
                                 {"writing", "10"},
                                 {"films and series", "12"},
                                 {"work (infra + inference)", "14"},
                                 {"find me", "16"}};
    for (int i = 0; i < 7; ++i) {
        CHECK(lines[i].title == expected[i][0]);
        CHECK(lines[i].folio == expected[i][1]);
    }
    // The seed's own page breaks: writing 28..15 then 14..1; books break before "essays".
    const ChapterSpan* writing = t.app.book.chapter("writing");
    REQUIRE(writing);
    CHECK(writing->last_page == writing->first_page + 1);
    const Page& second = t.app.book.pages[writing->first_page + 1];
    CHECK(second.running_head == "writing, continued");
    bool fourteen_first = false;
    for (const Box& b : second.boxes)
        if (b.ink == Ink::Muted && b.text == "14") fourteen_first = true;
    CHECK(fourteen_first);
    const ChapterSpan* books = t.app.book.chapter("books");
    REQUIRE(books);
    const Page& cont = t.app.book.pages[books->first_page + 1];
    CHECK(cont.running_head == "by kind, continued");
    REQUIRE(cont.boxes.size() > 2);
    CHECK(cont.boxes.front().role == BoxRole::RunningHead);
    CHECK(cont.boxes.front().text == "by kind, continued");
    CHECK(cont.boxes[1].text == "essays"); // the first line of text

    // Forty more books: the books chapter grows and every later folio moves.
    Site more = t.app.site;
    for (Shelf& sh : more.loves.shelves)
        if (sh.id == "books")
            for (int i = 0; i < 40; ++i)
                sh.groups[0].items.push_back(testing::shelf_item("Another book " + std::to_string(i), "Someone"));
    derive(more);
    t.app.set_site(std::move(more));
    t.frame();
    std::vector<ContentsLine> after = contents_folios(t.app.site, t.app.book);
    CHECK(after[2].folio == "8");
    CHECK(std::stoi(after[3].folio) >= 12);
    CHECK(std::stoi(after[6].folio) >= 18);
    // ... and the contents page prints the moved numbers.
    const ChapterSpan* contents = t.app.book.chapter("contents");
    bool printed = false;
    for (const Box& b : t.app.book.pages[contents->first_page].boxes)
        if (b.ink == Ink::Muted && b.text == after[3].folio) printed = true;
    CHECK(printed);
}

TEST_CASE("clicking a contents entry opens its chapter and asks for a history entry", "[ui][seed]") {
    Harness t;
    t.app.open("/contents");
    t.frames(2);
    ImVec2 at;
    REQUIRE(t.find_box("books", at));
    t.click(at);
    CHECK(t.app.route.path == "/books");
    CHECK(t.app.requests.push_history);
    CHECK(t.app.title.find("books") == 0);
    t.frame();
    const ChapterSpan* books = t.app.book.chapter("books");
    REQUIRE(books);
    CHECK(t.app.first_visible_page() <= books->first_page);
    CHECK(t.app.page_origin(books->first_page).y < t.h);
}

TEST_CASE("Tab focuses links and Enter follows them", "[ui][seed]") {
    Harness t;
    t.app.open("/contents");
    t.frames(2);
    t.key(ImGuiKey_Tab);
    CHECK(t.app.focused_link >= 0);
    int first = t.app.focused_link;
    std::string copied = t.app.copy_text();
    CHECK(copied.rfind("https://www.byanshuman.page/", 0) == 0);
    t.key(ImGuiKey_Tab);
    CHECK(t.app.focused_link != first);
    t.key(ImGuiKey_Tab, true);
    CHECK(t.app.focused_link == first);
    std::string before = t.app.route.path;
    t.key(ImGuiKey_Enter);
    CHECK(t.app.route.path != before);
}

TEST_CASE("the rest of a pull-request block folds and unfolds", "[ui][seed]") {
    Harness t;
    t.frames(2);
    auto count_pulls = [&] {
        int n = 0;
        for (const Page& p : t.app.book.pages)
            for (const Box& b : p.boxes)
                if (b.face == Face::Mono && b.text.rfind("#", 0) == 0) ++n;
        return n;
    };
    CHECK(count_pulls() == 7 * 3);
    ImVec2 at;
    REQUIRE(t.find_box("the rest (15)", at));
    t.click(at);
    t.frame();
    CHECK(count_pulls() == 7 * 3 + 15);
    REQUIRE(t.find_box("fold the rest", at));
    t.click(at);
    t.frame();
    CHECK(count_pulls() == 7 * 3);
}

TEST_CASE("keys scroll; narrow screens show single pages", "[ui]") {
    Harness wide;
    CHECK(wide.app.spreads);
    wide.app.scroll_key(ScrollKey::PageDown);
    wide.frames(40);
    CHECK(wide.app.scroll > 100);
    wide.app.scroll_key(ScrollKey::End);
    wide.frames(60);
    CHECK(wide.app.scroll >= wide.app.content_height - wide.h - 1);
    wide.app.scroll_key(ScrollKey::Home);
    wide.frames(60);
    CHECK(wide.app.scroll == 0);

    Harness phone(390, 844);
    CHECK_FALSE(phone.app.spreads);
    CHECK(phone.app.page_scale * phone.app.book.spec.width <= 390);
}

TEST_CASE("an article route shows its reader; unknown paths show not-found", "[ui][seed]") {
    Harness t;
    t.app.open("/writing/arrays-become-matrices");
    t.frame();
    ImVec2 at;
    CHECK(t.find_box("arrays become matrices", at));
    CHECK(t.app.title == "arrays become matrices \xC2\xB7 Anshuman Agrawal");
    t.app.open("/no/such/page");
    t.frame();
    CHECK(t.app.route.kind == RouteKind::NotFound);
    CHECK(t.find_box("page not found", at));
}

TEST_CASE("themes meet WCAG AA for every text ink", "[ui]") {
    for (const Theme& th : {theme_light(), theme_dark()}) {
        CHECK(contrast_ratio(th.ink_of(Ink::Text), th.paper) >= 4.5f);
        CHECK(contrast_ratio(th.ink_of(Ink::Muted), th.paper) >= 4.5f);
        CHECK(contrast_ratio(th.ink_of(Ink::Accent), th.paper) >= 4.5f);
        CHECK(contrast_ratio(th.ink_of(Ink::Link), th.paper) >= 4.5f);
        CHECK(contrast_ratio(th.ink_of(Ink::Text), th.ink_of(Ink::Panel)) >= 4.5f);
    }
}

TEST_CASE("a huge bundle draws only the visible pages", "[ui][scale][seed]") {
    Harness t;
    Site big = t.app.site;
    for (int i = 0; i < 10000; ++i) {
        Article a = big.writing[0];
        a.slug = "synthetic-" + std::to_string(i);
        a.title = "Synthetic article number " + std::to_string(i);
        big.writing.push_back(a);
    }
    for (Shelf& sh : big.loves.shelves)
        if (sh.id == "books")
            for (int i = 0; i < 2000; ++i)
                sh.groups[0].items.push_back(testing::shelf_item("Book " + std::to_string(i), "Author"));
    derive(big);
    t.app.set_site(std::move(big));
    t.app.open("/writing");
    t.frame();
    CHECK(t.app.book.pages.size() > 400);
    CHECK(t.app.pages_drawn_last_frame <= 6);
    t.app.scroll_key(ScrollKey::End);
    t.frames(60);
    CHECK(t.app.pages_drawn_last_frame <= 6);
}

TEST_CASE("a fling keeps scrolling and slows to a stop; reduced motion turns it off", "[ui][seed]") {
    Harness t(390, 844);
    t.app.scroll_by(100);
    t.app.fling(1500);
    t.frame();
    float a = t.app.scroll;
    t.frames(10);
    float b = t.app.scroll;
    t.frames(200);
    float c = t.app.scroll;
    CHECK(a > 100);
    CHECK(b > a);
    CHECK(c > b);
    CHECK(t.app.velocity == 0); // it stopped
    t.frame();
    CHECK(t.app.scroll == c);

    t.app.reduced_motion = true;
    t.app.fling(1500);
    t.frames(10);
    CHECK(t.app.scroll == c);
}

TEST_CASE("clicking an article in the writing list opens its route", "[ui][seed]") {
    Harness t;
    t.app.open("/writing");
    t.frames(2);
    ImVec2 at;
    REQUIRE(t.find_box("the tensor was only the handle", at));
    t.click(at);
    CHECK(t.app.route.path == "/writing/the-tensor-was-only-the-handle");
    CHECK(t.app.route.kind == RouteKind::Article);
    t.frame();
    // The reader: title, meta line with the tags, the body, and older/newer at the end.
    CHECK(t.find_box("the tensor was only the handle", at));
    bool tag = false, older = false;
    for (const Page& p : t.app.book.pages)
        for (const Box& b : p.boxes) {
            if (b.text == "#pytorch" && b.link >= 0) tag = true;
            if (b.text.rfind("One collective call", 0) == 0 && b.link >= 0) older = true;
        }
    CHECK(tag);
    CHECK(older);
}

TEST_CASE("external links are handed to the platform, never followed in place", "[ui][seed]") {
    Harness t;
    t.app.open("/find-me");
    t.frames(2);
    ImVec2 at;
    REQUIRE(t.find_box("GitHub", at));
    t.click(at);
    CHECK(t.app.route.path == "/find-me");
    REQUIRE(t.app.requests.open_external.size() == 1);
    CHECK(t.app.requests.open_external[0] == "https://github.com/iemAnshuman");
}

TEST_CASE("the app follows only what the link policy allows, whoever made the action", "[ui][seed]") {
    Harness t;
    t.app.open("/find-me");
    t.frames(2);
    for (const char* bad : {"javascript:alert(1)", "//evil.example/", "/\\evil.example/", "data:text/html,x"}) {
        LinkAction forged;
        forged.kind = ActionKind::Follow;
        forged.href = bad;
        t.app.follow(forged);
        INFO(bad);
        CHECK(t.app.requests.open_external.empty());
        CHECK_FALSE(t.app.requests.push_history);
        CHECK(t.app.route.path == "/find-me");
    }
    t.app.follow(follow_link("/rss.xml")); // a file of the site, not a route: a new tab
    CHECK(t.app.requests.open_external == std::vector<std::string>{"/rss.xml"});
    CHECK(t.app.route.path == "/find-me");
    t.app.follow(follow_link("/books")); // a route: the book turns to it
    CHECK(t.app.route.path == "/books");
    CHECK(t.app.requests.push_history);
}

TEST_CASE("every face bakes its glyphs at the device pixel ratio", "[ui][seed]") {
    Harness t(390, 844);
    ImGui::GetIO().DisplayFramebufferScale = ImVec2(3, 3);
    t.frames(2);
    for (ImFont* f : t.app.fonts.face)
        CHECK(f->CurrentRasterizerDensity == 3.0f);
}

TEST_CASE("images are requested when drawn and take their own shape once loaded", "[ui][seed]") {
    Harness t;
    t.open_rich_article();
    REQUIRE(t.app.site.local_images == std::vector<std::string>{"/images/figure.svg"});
    t.app.scroll_key(ScrollKey::End);
    t.frames(60);
    REQUIRE(t.app.requests.load_images.size() == 1);
    CHECK(t.app.requests.load_images[0] == "/images/figure.svg");
    t.frames(3);
    CHECK(t.app.requests.load_images.size() == 1); // asked once, not every frame

    auto image_box = [&]() -> const Box* {
        for (const Page& p : t.app.book.pages)
            for (const Box& b : p.boxes)
                if (b.kind == BoxKind::Image) return &b;
        return nullptr;
    };
    REQUIRE(image_box());
    t.app.image_loaded("/images/figure.svg", static_cast<ImTextureID>(7), 320, 160);
    t.frame();
    const Box* b = image_box();
    REQUIRE(b);
    CHECK(b->w == 320);
    CHECK(b->h == 160);
}

TEST_CASE("a code panel scrolls sideways, and only as far as its longest line", "[ui][seed]") {
    Harness t;
    t.open_rich_article();
    ImVec2 at;
    for (int i = 0; i < 40 && !t.find_box("int main()", at); ++i) {
        t.app.scroll_by(60);
        t.frame();
    }
    REQUIRE(t.find_box("int main()", at));
    CHECK_FALSE(t.app.scroll_code_at(ImVec2(at.x, at.y - 2000), 50)); // not over a panel
    REQUIRE(t.app.scroll_code_at(at, 50));
    CHECK(t.app.code_scroll[0] == 50);
    t.app.scroll_code_at(at, 100000);
    float max = t.app.code_scroll[0];
    CHECK(max > 50);
    CHECK(max < 2000);
    t.app.scroll_code_at(at, -100000);
    CHECK(t.app.code_scroll[0] == 0);
}

TEST_CASE("a long body is fetched when its article opens, keeping the reader's place", "[ui][seed]") {
    Site full;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/rich", full, d));
    int i = full.find_article("everything-markdown");
    const int words = full.writing[i].words;
    // What the browser gets from `folio build`: site.json without the long body.
    Site built;
    REQUIRE(load_site_json("site.json", site_to_json(full, true), built, d));
    const Article& a = built.writing[i];
    CHECK_FALSE(a.body_loaded);
    CHECK(a.body_url == "/writing/everything-markdown/body.md");
    CHECK(a.words == words); // the reading time is right before the body arrives
    CHECK(built.writing[built.find_article("short-note")].body_loaded); // short bodies stay inline

    Harness t;
    t.app.set_site(std::move(built));
    t.app.open("/writing/everything-markdown");
    t.frame();
    REQUIRE(t.app.requests.load_bodies == std::vector<std::string>{"/writing/everything-markdown/body.md"});
    ImVec2 at;
    CHECK_FALSE(t.find_box("Lists", at));
    t.frame();
    CHECK(t.app.requests.load_bodies.size() == 1); // asked once
    t.app.body_arrived("/writing/everything-markdown/body.md", full.writing[i].body_markdown, true);
    t.frame();
    CHECK(t.find_box("Lists", at));
    CHECK(t.app.site.local_images == std::vector<std::string>{"/images/figure.svg"});
}

TEST_CASE("phones get the pocket page: text near 16 px, and the place is kept across the switch", "[ui][seed]") {
    Harness t(1280, 860);
    CHECK(t.app.book.spec.width == PageSpec{}.width);
    t.app.open("/writing");
    t.frame();
    float before = t.app.scroll / (t.app.content_height - t.h);
    t.w = 390;
    t.h = 844;
    t.frames(2);
    CHECK(t.app.book.spec.width == PageSpec::pocket().width);
    CHECK(t.app.book.spec.body_size * t.app.page_scale >= 15.0f);
    CHECK(t.app.page_scale * t.app.book.spec.width <= 390);
    float after = t.app.scroll / (t.app.content_height - t.h);
    CHECK(std::fabs(after - before) < 0.02f);
    // The contents still prints the folios of this layout.
    t.app.open("/contents");
    t.frame();
    for (const ContentsLine& l : contents_folios(t.app.site, t.app.book)) {
        const ChapterSpan* c = t.app.book.chapter(l.chapter);
        REQUIRE(c);
        CHECK(l.folio == folio_label(t.app.book.pages[c->first_page]));
    }
}

TEST_CASE("Tab past the last link on screen scrolls on; focus never leaves the screen", "[ui][seed]") {
    Harness t(1280, 420);
    t.app.open("/writing");
    t.frames(2);
    float start = t.app.scroll;
    std::set<int> seen;
    int focused = 0;
    for (int i = 0; i < 40; ++i) {
        float before = t.app.scroll;
        t.key(ImGuiKey_Tab);
        if (t.app.focused_link < 0) { // no link in focus: only while Tab turns the page
            CHECK(t.app.scroll > before);
            continue;
        }
        ++focused;
        seen.insert(t.app.focused_link);
        bool on_screen = false; // the focused link is drawn on screen
        for (int p = 0; p < static_cast<int>(t.app.book.pages.size()); ++p) {
            ImVec2 o = t.app.page_origin(p);
            for (const Box& b : t.app.book.pages[p].boxes)
                if (b.link == t.app.focused_link) {
                    float y = o.y + b.y * t.app.page_scale;
                    on_screen = on_screen || (y + b.h * t.app.page_scale > 0 && y < t.h);
                }
        }
        CHECK(on_screen);
    }
    CHECK(focused >= 25);
    CHECK(t.app.scroll > start + 600); // it moved on through the book
    CHECK(seen.size() >= 25);          // visiting the links on the way
}
