// The real views, run natively in a headless ImGui context (no GPU), driven by synthetic input.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <set>

#include "core/bundle/load.h"
#include "core/model/bound.h"
#include "core/model/derive.h"
#include "core/model/links.h"
#include "core/wire/site_reader.h"
#include "support/book_harness.h"
#include "support/seed.h"
#include "ui/app.h"
#include "ui/headless.h"
#include "ui/text_layer.h"

#include <algorithm>
#include <nlohmann/json.hpp>

using namespace folio;
using folio::testing::Harness;

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
            for (int i = 0; i < 40; ++i) { // in groups of ten: each within the bound (core/model/bound.h)
                if (i % 10 == 0) sh.groups.push_back(ShelfGroup{"more " + std::to_string(i / 10), {}, -1});
                sh.groups.back().items.push_back(testing::shelf_item("Another book " + std::to_string(i), "Someone"));
            }
    derive_sources(more);
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
    // The unfolded list runs on below: scroll until the toggle is on screen.
    for (int i = 0; i < 40 && !(t.find_box("fold the rest", at) && at.y > 0 && at.y < t.h - 20); ++i) {
        t.app.scroll_by(200);
        t.frame();
    }
    REQUIRE(t.find_box("fold the rest", at));
    t.click(at);
    t.frame();
    CHECK(count_pulls() == 7 * 3);
}

TEST_CASE("keys scroll; narrow screens show single pages", "[ui]") {
    Harness wide(2560, 1440);
    CHECK(wide.app.spreads);
    wide.app.scroll_key(ScrollKey::PageDown);
    wide.frames(40);
    CHECK(wide.app.scroll > 100);
    // Whole spreads on screen: a page key turns exactly one spread, bringing the next pages' tops up.
    CHECK(wide.app.page_origin(2).y == 28.0f);
    wide.app.scroll_by(-300); // from anywhere in between, too
    wide.app.scroll_key(ScrollKey::PageDown);
    wide.frames(40);
    CHECK(wide.app.page_origin(2).y == 28.0f);
    wide.app.scroll_key(ScrollKey::PageUp);
    wide.frames(40);
    CHECK(wide.app.scroll == 0);
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

// Every text ink against what it is drawn on: AA (4.5:1) in the usual themes, AAA (7:1) in the contrast ones.
static void check_text_contrast(const Theme& th, float least) {
    for (Ink ink : {Ink::Text, Ink::Muted, Ink::Accent, Ink::Link}) {
        CAPTURE(th.dark, static_cast<int>(ink), contrast_ratio(th.ink_of(ink), th.paper));
        CHECK(contrast_ratio(th.ink_of(ink), th.paper) >= least);
    }
    CHECK(contrast_ratio(th.ink_of(Ink::Text), th.ink_of(Ink::Panel)) >= least);
    // Highlighted code: every token ink on the code panel, and text on a <mark> stroke.
    for (int i = static_cast<int>(Ink::CodeKeyword); i <= static_cast<int>(Ink::CodeRemoved); ++i) {
        CAPTURE(th.dark, i, contrast_ratio(th.ink[i], th.ink_of(Ink::Panel)));
        CHECK(contrast_ratio(th.ink[i], th.ink_of(Ink::Panel)) >= least);
        CHECK(th.ink[i] != th.ink_of(Ink::Text)); // a colour of its own
    }
    CHECK(contrast_ratio(th.mark_text, th.ink_of(Ink::Mark)) >= least);
    // The focus ring is not text: WCAG 1.4.11 asks 3:1 of it against the paper.
    CHECK(contrast_ratio(th.focus, th.paper) >= 3.0f);
}

TEST_CASE("themes meet WCAG AA for every text ink, the contrast themes AAA", "[ui]") {
    check_text_contrast(theme_light(), 4.5f);
    check_text_contrast(theme_dark(), 4.5f);
    check_text_contrast(theme_contrast(false), 7.0f);
    check_text_contrast(theme_contrast(true), 7.0f);
    // More contrast means more: the body text's ratio grows in both.
    CHECK(contrast_ratio(theme_contrast(false).ink_of(Ink::Muted), theme_contrast(false).paper) >
          contrast_ratio(theme_light().ink_of(Ink::Muted), theme_light().paper));
    CHECK(contrast_ratio(theme_contrast(true).ink_of(Ink::Muted), theme_contrast(true).paper) >
          contrast_ratio(theme_dark().ink_of(Ink::Muted), theme_dark().paper));
}

TEST_CASE("forced colours: the book is drawn in the system's colours only", "[ui]") {
    // What Chromium gives a page under forced colours with a dark scheme (web/start.js reads it so).
    SystemColors sys;
    REQUIRE(
        parse_system_colors("0 0 0 1;255 255 255 1;255 255 0 1;255 255 0 1;63 242 63 1;0 230 255 0.8;0 0 0 1", sys));
    CHECK(sys.canvas == IM_COL32(0, 0, 0, 255));
    CHECK(sys.highlight == IM_COL32(0, 230, 255, 204));
    ColorPrefs prefs;
    prefs.forced = true;
    prefs.system = sys;
    prefs.more_contrast = true; // forced colours win
    const Theme th = theme_for(prefs);
    CHECK(th.dark);
    CHECK(th.paper == sys.canvas);
    CHECK(th.desk == sys.canvas);
    CHECK(th.ink_of(Ink::Text) == sys.canvas_text);
    CHECK(th.ink_of(Ink::Link) == sys.link_text);
    CHECK(th.ink_of(Ink::Mark) == sys.highlight);
    CHECK(th.mark_text == sys.highlight_text);
    for (int i = 0; i < kInkCount; ++i) {
        CAPTURE(i);
        const ImU32 c = th.ink[i];
        CHECK((c == sys.canvas || c == sys.canvas_text || c == sys.link_text || c == sys.highlight));
    }
    // A light system scheme is light.
    REQUIRE(
        parse_system_colors("255 255 255 1; 0 0 0 1; 0 0 159 1; 0 0 159 1; 96 0 0 1; 5 0 73 0.8; 255 255 255 1", sys));
    CHECK_FALSE(theme_forced(sys).dark);
    // Anything else is no forced palette at all.
    for (const char* bad : {"", "0 0 0 1", "0 0 0 1;255 255 255 1;255 255 0 1;255 255 0 1;63 242 63 1;0 230 255 0.8",
                            "0 0 0 1;255 255 255 1;255 255 0 1;255 255 0 1;63 242 63 1;0 230 255 0.8;0 0 0 1;1 1 1 1",
                            "300 0 0 1;255 255 255 1;255 255 0 1;255 255 0 1;63 242 63 1;0 230 255 0.8;0 0 0 1"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_system_colors(bad, sys));
    }
    CHECK(theme_for(ColorPrefs{}).paper == theme_light().paper);
}

TEST_CASE("the static page and the early page take their colours from the book's palettes", "[ui]") {
    const std::string css = palette_css();
    for (const Theme& th : {theme_light(), theme_dark(), theme_contrast(false), theme_contrast(true)}) {
        CAPTURE(th.dark);
        CHECK(css.find("--paper:" + css_colour(th.paper) + ";") != std::string::npos);
        CHECK(css.find("--pf-paper:" + css_colour(th.paper) + ";") != std::string::npos);
        CHECK(css.find("--ink:" + css_colour(th.ink_of(Ink::Text)) + ";") != std::string::npos);
        CHECK(css.find("--accent:" + css_colour(th.ink_of(Ink::Link)) + ";") != std::string::npos);
    }
    CHECK(css.find("@media (prefers-contrast: more) and (prefers-color-scheme: dark)") != std::string::npos);
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
    big.folds.clear(); // folded again, whole: derive() assigns the folds of the grown archive
    derive_sources(big);
    REQUIRE(big.folds.size() >= 2); // the writing's and the books'
    t.app.set_site(std::move(big));
    // Every fold open (core/model/bound.h): the whole archive laid out at once.
    for (size_t i = 0; i < t.app.site.folds.size(); ++i)
        t.app.compose.unfolded.insert(kArchiveFoldBase + static_cast<int>(i));
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
    for (int i = 0; i < 40 && !t.find_box("return", at); ++i) {
        t.app.scroll_by(60);
        t.frame();
    }
    REQUIRE(t.find_box("return", at));
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
    std::string error;
    REQUIRE(read_built_site(site_to_json(full, true), built, error)); // as the browser reads it
    const Article& a = built.writing[i];
    CHECK_FALSE(a.body_loaded);
    CHECK(a.body_url == "/writing/everything-markdown/body.json");
    CHECK(a.words == words); // the reading time is right before the body arrives
    CHECK(built.writing[built.find_article("short-note")].body_loaded); // short bodies stay inline

    Harness t;
    t.app.set_site(std::move(built));
    t.app.open("/writing/everything-markdown");
    t.frame();
    REQUIRE(t.app.requests.load_bodies == std::vector<std::string>{"/writing/everything-markdown/body.json"});
    ImVec2 at;
    CHECK_FALSE(t.find_box("Lists", at));
    t.frame();
    CHECK(t.app.requests.load_bodies.size() == 1); // asked once
    t.app.body_arrived("/writing/everything-markdown/body.json", body_tree_json(full.writing[i]), true);
    t.frame();
    CHECK(t.find_box("Lists", at));
    CHECK(t.app.site.local_images == std::vector<std::string>{"/images/figure.svg"});
}

TEST_CASE("a new site.json of the same site keeps the bodies the book has (the preview after an edit)", "[ui][seed]") {
    Site full;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/rich", full, d));
    const int i = full.find_article("everything-markdown");
    const std::string json = site_to_json(full, true), url = "/writing/everything-markdown/body.json";
    auto built = [&](const std::string& text) {
        Site s;
        std::string error;
        REQUIRE(read_built_site(text, s, error));
        return s;
    };
    Harness t;
    t.app.set_site(built(json));
    t.app.open("/writing/everything-markdown");
    t.frame();
    t.app.body_arrived(url, body_tree_json(full.writing[i]), true);
    t.frame();
    ImVec2 at;
    REQUIRE(t.find_box("Lists", at));
    t.app.requests.load_bodies.clear();

    // The title edited, the body where it was: the body stays, and is not asked for again.
    std::string retitled = json;
    const std::string title = "\"title\":\"" + full.writing[i].title + "\"";
    REQUIRE(retitled.find(title) != std::string::npos);
    retitled.replace(retitled.find(title), title.size(), "\"title\":\"Retitled\"");
    t.app.set_site(built(retitled));
    t.frame();
    CHECK(t.find_box("Retitled", at));
    CHECK(t.find_box("Lists", at));
    CHECK_FALSE(t.find_box("Loading", at));
    CHECK(t.app.site.writing[i].body_loaded);
    CHECK(t.app.requests.load_bodies.empty());
    CHECK(t.app.site.local_images == std::vector<std::string>{"/images/figure.svg"});

    // The body edited (a new address): the last body shows until the new one comes, which is asked for.
    std::string moved = retitled;
    moved.replace(moved.find(url), url.size(), "/writing/everything-markdown/body2.json");
    t.app.set_site(built(moved));
    t.frame();
    CHECK_FALSE(t.app.site.writing[i].body_loaded);
    CHECK(t.find_box("Lists", at));
    CHECK(t.app.requests.load_bodies == std::vector<std::string>{"/writing/everything-markdown/body2.json"});
    Article edited = full.writing[i];
    edited.body.children.erase(edited.body.children.begin() + 1, edited.body.children.end());
    t.app.body_arrived("/writing/everything-markdown/body2.json", body_tree_json(edited), true);
    t.frame();
    CHECK(t.app.site.writing[i].body_loaded);
    CHECK_FALSE(t.find_box("Lists", at)); // the new body, not the stand-in
}

TEST_CASE("narrow screens get a pocket page laid out at their size; the place is kept across the switch",
          "[ui][seed]") {
    Harness t(1280, 860);
    CHECK(t.app.book.spec.width == PageSpec{}.width);
    t.app.open("/writing");
    t.frame();
    float before = t.app.scroll / (t.app.content_height - t.h);
    t.w = 390;
    t.h = 844;
    t.frames(2);
    const float phone_width = t.app.book.spec.width;
    CHECK(phone_width < PageSpec{}.width);
    CHECK(t.app.book.spec.width == t.app.plan().spec.width);
    CHECK(t.app.body_css_px() >= 16.0f);
    CHECK(t.app.page_scale * t.app.book.spec.width <= 390);
    CHECK(t.app.page_scale * t.app.book.spec.width >= 370); // the page uses the screen
    float after = t.app.scroll / (t.app.content_height - t.h);
    CHECK(std::fabs(after - before) < 0.02f);
    // A narrower phone: the page is laid out again, narrower, at the same text size.
    t.w = 320;
    t.frames(2);
    CHECK(t.app.book.spec.width < phone_width);
    CHECK(t.app.body_css_px() >= 16.0f);
    CHECK(t.app.page_scale * t.app.book.spec.width <= 320);
    // The contents still prints the folios of this layout.
    t.app.open("/contents");
    t.frame();
    for (const ContentsLine& l : contents_folios(t.app.site, t.app.book)) {
        const ChapterSpan* c = t.app.book.chapter(l.chapter);
        REQUIRE(c);
        CHECK(l.folio == folio_label(t.app.book.pages[c->first_page]));
    }
}

TEST_CASE("the glyph box per em is read from the font, and ImGui sizes by it", "[ui][fonts][seed]") {
    Harness t;
    // From the fonts' own tables (fontTools): Noto Serif hhea ascender 1069, descender -293, 1000 units
    // per em (all four serif faces); JetBrains Mono 1020, -300, 1000.
    for (Face f : {Face::Serif, Face::Italic, Face::Bold, Face::BoldItalic})
        CHECK(std::fabs(t.app.fonts.box_per_em[static_cast<int>(f)] - 1.362f) < 1e-4f);
    CHECK(std::fabs(t.app.fonts.box_per_em[static_cast<int>(Face::Mono)] - 1.320f) < 1e-4f);
    // ImGui at size S sets an em of S / box_per_em: ten 'n' (advance 645 units per 1000) measure
    // 10 * 0.645 em, and at the size that makes a 16 px em they are 103.2 px wide.
    const float size = 16.0f * t.app.fonts.box_per_em[0];
    const char* tens = "nnnnnnnnnn";
    float w = t.app.measurer.width(Face::Serif, size, tens, tens + 10);
    CHECK(std::fabs(w - 103.2f) < 0.2f);
    CHECK(std::fabs(t.app.fonts.css_px(Face::Serif, 14.0f, 1.3f) - 13.36f) < 0.01f); // the issue's 13.4 px
    // Not a font, or a font without the tables: no ratio.
    const char junk[64] = "true";
    CHECK(glyph_box_per_em(junk, sizeof junk) == 0.0f);
    CHECK(glyph_box_per_em(junk, 3) == 0.0f);
}

TEST_CASE("body text reads at 16.5 to 22 CSS px on every screen from 320 to 2560, in four page sizes at most; "
          "the book grows",
          "[ui][sizes][seed]") {
    Harness t;
    const ImVec2 screens[] = {{320, 568},  {360, 740},   {375, 667},   {390, 844},   {412, 915},   {414, 896},
                              {430, 932},  {480, 853},   {540, 960},   {600, 960},   {700, 1000},  {744, 1133},
                              {768, 1024}, {820, 1180},  {1024, 768},  {1280, 800},  {1366, 768},  {1440, 900},
                              {1536, 864}, {1680, 1050}, {1920, 1080}, {1920, 1200}, {2560, 1080}, {2560, 1440}};
    std::map<int, float> body_at;
    std::set<float> page_widths; // the page sizes the book is laid out in (the build sets each: site/proof.h)
    for (const char* route : {"/", "/writing/the-tensor-was-only-the-handle"}) {
        t.app.open(route);
        for (ImVec2 v : screens) {
            t.w = v.x;
            t.h = v.y;
            t.frames(2);
            INFO(route << " at " << v.x << "x" << v.y);
            CHECK(t.app.body_css_px() >= kMinBodyPx - 0.01f);
            CHECK(t.app.body_css_px() <= kMaxBodyPx + 0.01f);
            CHECK(t.app.smallest_css_px() >= 13.0f); // lists, dates, pull requests, folios
            page_widths.insert(t.app.book.spec.width);
            const float pw = t.app.page_scale * t.app.book.spec.width;
            CHECK(pw * (t.app.spreads ? 2 : 1) <= v.x);
            // Spreads only where two whole pages fit on screen at 18 px or more.
            if (t.app.spreads) {
                CHECK(t.app.page_scale * t.app.book.spec.height <= v.y);
                CHECK(t.app.body_css_px() >= 18.0f);
            }
            if (route[1] == 0) body_at[static_cast<int>(v.x * 10000 + v.y)] = t.app.body_css_px();
        }
    }
    CHECK(page_widths.size() == 4); // the reference page and the three pocket widths, each in use
    // Larger screens read larger, and a laptop at 1280 shows one page, centred.
    CHECK(body_at[1280 * 10000 + 800] >= 18.0f - 0.01f);
    CHECK(body_at[1920 * 10000 + 1080] > body_at[1280 * 10000 + 800]);
    CHECK(body_at[2560 * 10000 + 1440] >= 18.0f);
    t.app.open("/");
    t.w = 1280;
    t.h = 800;
    t.frames(2);
    CHECK_FALSE(t.app.spreads);
    CHECK(std::fabs(t.app.page_origin(0).x + t.app.page_scale * t.app.book.spec.width * 0.5f - 640) < 1.5f);
    t.w = 2560;
    t.h = 1440;
    t.frames(2);
    CHECK(t.app.spreads);
}

TEST_CASE("body lines hold about 45 to 75 characters", "[ui][sizes][seed]") {
    Harness t;
    // Characters per full line (a line that fills the measure, not a paragraph's last) of an article's
    // body, on the reference page and on phones' pocket pages.
    auto median_line = [&] {
        std::map<std::pair<int, int>, std::pair<float, size_t>> lines; // (page, y) -> (right edge, chars)
        for (int p = 0; p < static_cast<int>(t.app.book.pages.size()); ++p)
            for (const Box& b : t.app.book.pages[p].boxes)
                if (b.kind == BoxKind::Text && b.size == t.app.book.spec.body_size && b.code < 0 &&
                    b.face != Face::Mono) {
                    auto& l = lines[{p, static_cast<int>(b.y * 4)}];
                    l.first = std::max(l.first, b.x + b.w);
                    l.second += b.text.size();
                }
        std::vector<size_t> full;
        const float right = t.app.book.spec.width - t.app.book.spec.margin_outer;
        for (const auto& kv : lines)
            if (kv.second.first > right - t.app.book.spec.body_size * 2) full.push_back(kv.second.second);
        REQUIRE(full.size() > 10);
        std::sort(full.begin(), full.end());
        UNSCOPED_INFO("full lines: " << full.size() << ", median " << full[full.size() / 2] << " characters");
        return full[full.size() / 2];
    };
    t.app.open("/");
    t.frames(2);
    size_t reference = median_line();
    CHECK(reference >= 45);
    CHECK(reference <= 75);
    t.w = 390;
    t.h = 844;
    t.frames(2);
    size_t phone = median_line();
    CHECK(phone >= 35); // a 390 px phone reads the 215-unit page at 18 px (four page sizes: docs/layout.md)
    CHECK(phone <= 75);
}

TEST_CASE("the address follows the reading through the main book; Back is left alone", "[ui][address][seed]") {
    Harness t(1280, 800);
    t.frames(2);
    CHECK(t.app.route.path == "/");
    std::vector<std::string> seen;
    for (int i = 0; i < 200 && t.app.scroll < t.app.content_height - t.h - 1; ++i) {
        t.app.scroll_key(ScrollKey::PageDown);
        t.frames(30);
        CHECK_FALSE(t.app.requests.push_history);
        if (t.app.requests.replace_history) {
            seen.push_back(t.app.route.path);
            CHECK(t.app.title == route_title(t.app.site, t.app.route));
            t.app.requests.replace_history = false;
        }
    }
    // Every chapter of the contents, in order, ending where the book ends.
    const std::vector<std::string> expected = {"/contents", "/loves", "/songs", "/books",
                                               "/writing",  "/films", "/work",  "/find-me"};
    CHECK(seen == expected);
    CHECK(t.app.title == "find me \xC2\xB7 Anshuman Agrawal");
    // Back up to the top: the front page again.
    t.app.scroll_key(ScrollKey::Home);
    t.frames(60);
    CHECK(t.app.route.path == "/");
    CHECK(t.app.title == "Anshuman Agrawal");
    // Opening a chapter lands on it and stays there, even the last one (which cannot reach the top).
    for (const char* path : {"/books", "/work", "/find-me"}) {
        t.app.open(path);
        t.frames(5);
        CHECK(t.app.route.path == path);
        CHECK(t.app.reading_chapter() == t.app.route.chapter);
    }
    // Articles are not chapters: their route never changes by scrolling.
    t.app.open("/writing/the-tensor-was-only-the-handle");
    t.frames(2);
    t.app.requests.replace_history = false;
    t.app.scroll_key(ScrollKey::End);
    t.frames(60);
    CHECK(t.app.route.path == "/writing/the-tensor-was-only-the-handle");
    CHECK_FALSE(t.app.requests.replace_history);
}

TEST_CASE("a code line that goes on past the panel is marked at that edge", "[ui][seed]") {
    Harness t;
    t.open_rich_article();
    ImVec2 at;
    for (int i = 0; i < 40 && !t.find_box("consume", at); ++i) {
        t.app.scroll_by(60);
        t.frame();
    }
    REQUIRE(t.find_box("consume", at));
    t.frame();
    REQUIRE(t.app.code_edges_last_frame.size() == 1);
    CHECK(t.app.code_edges_last_frame[0].more_right);
    CHECK_FALSE(t.app.code_edges_last_frame[0].more_left);
    t.app.scroll_code_at(at, 100000); // to the end of the longest line
    t.frame();
    REQUIRE(t.app.code_edges_last_frame.size() == 1);
    CHECK_FALSE(t.app.code_edges_last_frame[0].more_right);
    CHECK(t.app.code_edges_last_frame[0].more_left);
}

TEST_CASE("link stops walk every link in reading order, once per link, both ways", "[ui][textlayer][seed]") {
    Harness t;
    t.frames(2);
    const Book& book = t.app.book;
    std::vector<std::string> forward;
    std::vector<std::pair<int, int>> stops;
    for (LinkStop s = next_link_stop(book, 0, -1, 1); s.valid(); s = next_link_stop(book, s.page, s.box, 1)) {
        stops.push_back({s.page, s.box});
        forward.push_back(book.pages[s.page].boxes[s.box].text);
    }
    // The issue's skipped links: after #7500 and #7495 come #7491 and "the rest (9)", in that order
    // (each pull request's title is its link; the number is its marker).
    auto at = [&](const std::string& prefix) {
        return std::find_if(forward.begin(), forward.end(),
                            [&](const std::string& f) { return f.rfind(prefix, 0) == 0; }) -
               forward.begin();
    };
    const long n = static_cast<long>(forward.size());
    REQUIRE(at("Stop the colocated tests") < n);
    CHECK(at("Stop the colocated tests") < at("Restart the Dijkstra"));
    CHECK(at("Restart the Dijkstra") < at("Make force_disconnect"));
    CHECK(at("Make force_disconnect") < at("the rest (9)"));
    CHECK(at("the rest (9)") < n);
    // Every link box is reached: it is a stop, or it continues the stop before it (a wrapped link).
    int link_boxes = 0, continued = 0;
    for (int p = 0; p < static_cast<int>(book.pages.size()); ++p)
        for (int i = 0; i < static_cast<int>(book.pages[p].boxes.size()); ++i) {
            const Box& b = book.pages[p].boxes[i];
            if (b.kind != BoxKind::Text || b.link < 0) continue;
            ++link_boxes;
            if (std::find(stops.begin(), stops.end(), std::make_pair(p, i)) == stops.end()) ++continued;
        }
    CHECK(static_cast<int>(stops.size()) + continued == link_boxes);
    CHECK(continued < link_boxes / 4);
    // Backwards from the end is the same walk reversed.
    std::vector<std::pair<int, int>> back;
    for (LinkStop s = next_link_stop(book, static_cast<int>(book.pages.size()), 0, -1); s.valid();
         s = next_link_stop(book, s.page, s.box, -1))
        back.push_back({s.page, s.box});
    std::reverse(back.begin(), back.end());
    CHECK(back == stops);
}

TEST_CASE("revealing a link scrolls it wholly into view, with room around it", "[ui][textlayer][seed]") {
    Harness t(1280, 420);
    t.app.open("/writing");
    t.frames(2);
    LinkStop s = next_link_stop(t.app.book, 0, -1, 1);
    for (int i = 0; i < 30 && s.valid(); ++i)
        s = next_link_stop(t.app.book, s.page, s.box, 1);
    REQUIRE(s.valid());
    float before = t.app.scroll;
    REQUIRE(reveal_box(t.app, s.page, s.box));
    t.frames(60);
    const Box& b = t.app.book.pages[s.page].boxes[s.box];
    float top = t.app.page_origin(s.page).y + b.y * t.app.page_scale;
    CHECK(t.app.scroll != before);
    CHECK(top >= 0);
    CHECK(top + b.h * t.app.page_scale <= t.h);
    CHECK_FALSE(reveal_box(t.app, s.page, 100000));
}

TEST_CASE("the text layer holds every page: those on screen with their runs, links and blocks, no folios",
          "[ui][textlayer]") {
    Harness t;
    t.frames(2);
    const std::vector<int> pages = pages_on_screen(t.app);
    REQUIRE(!pages.empty());
    nlohmann::json doc = nlohmann::json::parse(text_layer_json(t.app));
    CHECK(doc["path"] == "/");
    // Every page of the book, in reading order; those off screen as stubs whose runs come one by one.
    REQUIRE(doc["pages"].size() == t.app.book.pages.size());
    for (size_t i = 0; i < doc["pages"].size(); ++i) {
        const nlohmann::json& pg = doc["pages"][i];
        CHECK(pg["i"] == i);
        const bool shown = std::find(pages.begin(), pages.end(), static_cast<int>(i)) != pages.end();
        CHECK(pg.contains("later") == !shown);
        CHECK(pg.contains("items") == shown);
        // A stub filled later is the page as the document would have held it.
        nlohmann::json filled = nlohmann::json::parse(text_layer_page_json(t.app, static_cast<int>(i)));
        CHECK(filled["fill"] == doc["fill"]);
        CHECK(filled["page"]["items"].is_array());
        if (shown) CHECK(filled["page"] == pg);
    }
    CHECK(nlohmann::json::parse(text_layer_page_json(t.app, 9999))["page"].is_null());
    bool contents = false, fold = false;
    std::set<std::string> texts;
    for (size_t k = 0; k < pages.size(); ++k) {
        const nlohmann::json& pg = doc["pages"][pages[k]];
        CHECK(pg["i"] == pages[k]);
        const Page& page = t.app.book.pages[pages[k]];
        for (const nlohmann::json& it : pg["items"]) {
            if (!it.contains("t")) continue;
            const Box& b = page.boxes[it["i"].get<size_t>()];
            CHECK(it["t"] == b.text); // the same run, where the layout put it
            CHECK(std::fabs(it["x"].get<float>() - std::round(b.x * t.app.page_scale)) < 0.01f);
            CHECK(std::fabs(it["s"].get<float>() - b.size * t.app.page_scale) < 0.01f);
            texts.insert(b.text);
            if (it.contains("href") && it["href"] == "/contents") contents = true;
            if (it.contains("fold") && b.text == "the rest (9)") fold = true;
        }
        CHECK(texts.count(folio_label(page)) == 0); // folios are not text to copy
    }
    CHECK(contents);
    CHECK(fold);
    // A small scroll keeps the same pages: the key is unchanged, so the layer only moves.
    TextLayerKey key = text_layer_key(t.app);
    t.app.scroll_by(20);
    t.frames(2);
    CHECK(text_layer_key(t.app) == key);
    t.app.scroll_by(3000);
    t.frames(2);
    CHECK(text_layer_key(t.app) != key);
    // A different theme rebuilds it too (the selection colour is the theme's).
    key = text_layer_key(t.app);
    t.app.theme = theme_dark();
    t.frames(1);
    CHECK(text_layer_key(t.app) != key);
}

TEST_CASE("every page of the rich article makes a valid layer: strings as data, code clipped", "[ui][textlayer]") {
    Harness t;
    t.open_rich_article();
    t.frames(2);
    bool code = false, image = false;
    int pages_seen = 0;
    for (int step = 0; step < 200 && pages_seen < static_cast<int>(t.app.book.pages.size()); ++step) {
        nlohmann::json doc = nlohmann::json::parse(text_layer_json(t.app)); // throws on broken escaping
        for (const nlohmann::json& pg : doc["pages"]) {
            if (pg.contains("later")) continue; // off screen: its runs come later (text_layer_page_json)
            pages_seen = std::max(pages_seen, pg["i"].get<int>() + 1);
            const Page& page = t.app.book.pages[pg["i"].get<size_t>()];
            for (const nlohmann::json& it : pg["items"]) {
                const Box& b = page.boxes[it["i"].get<size_t>()];
                if (it.contains("img")) {
                    image = true;
                    CHECK(it["img"] == b.text);
                    continue;
                }
                CHECK(it["t"] == b.text);
                CHECK(it["b"] == b.block);
                if (b.code >= 0) {
                    code = true;
                    CHECK(it["k"] == "pre");
                    REQUIRE(it.contains("clip"));
                }
            }
        }
        t.app.scroll_by(t.h * 0.5f);
        t.frames(2);
    }
    CHECK(pages_seen == static_cast<int>(t.app.book.pages.size()));
    CHECK(code);
    CHECK(image);
}

TEST_CASE("the error page is the layer's one page, an alert, from the page the canvas draws", "[ui][textlayer]") {
    Harness t;
    t.frames(2);
    t.app.set_error("content.json:3:3: error: $.tagline: unknown field 'tagline'\nsecond problem \"quoted\"");
    t.frames(1);
    const MessagePage m = message_page(t.app);
    REQUIRE(m.paragraphs.size() == 2);
    CHECK(m.paragraphs[0].y < m.paragraphs[1].y);
    CHECK(m.paragraphs[0].w == m.w - 2 * m.pad);
    nlohmann::json doc = nlohmann::json::parse(text_layer_json(t.app));
    REQUIRE(doc["pages"].size() == 1);
    const nlohmann::json& pg = doc["pages"][0];
    CHECK(pg["i"] == -1);
    CHECK(pg["alert"] == 1);
    CHECK(pg["title"] == "This page could not be shown");
    CHECK(pg["x"] == m.x);
    REQUIRE(pg["items"].size() == 2);
    CHECK(pg["items"][0]["t"] == "content.json:3:3: error: $.tagline: unknown field 'tagline'");
    CHECK(pg["items"][1]["t"] == "second problem \"quoted\"");
    CHECK(pg["items"][1]["y"].get<float>() == std::round((m.paragraphs[1].y - m.y) * 100) / 100);
    // A new error (or none) is a new layer.
    TextLayerKey key = text_layer_key(t.app);
    t.app.set_error("another");
    CHECK(text_layer_key(t.app) != key);
    t.app.set_error("");
    CHECK(message_page(t.app).paragraphs.empty());
}

TEST_CASE("the writing list's dates carry their year for assistive technology, not on the page",
          "[ui][textlayer][seed]") {
    Harness t;
    t.app.open("/writing");
    t.frames(2);
    int dated = 0;
    for (const Page& page : t.app.book.pages)
        for (const Box& b : page.boxes)
            if (!b.unseen.empty()) {
                ++dated;
                CHECK(b.unseen == " 2026"); // the seed's articles are all of 2026
                CHECK(b.text.find("2026") == std::string::npos);
            }
    CHECK(dated == 28);
    nlohmann::json doc = nlohmann::json::parse(text_layer_json(t.app));
    int carried = 0;
    for (const nlohmann::json& pg : doc["pages"]) {
        nlohmann::json page =
            pg.contains("later") ? nlohmann::json::parse(text_layer_page_json(t.app, pg["i"].get<int>()))["page"] : pg;
        for (const nlohmann::json& it : page["items"])
            if (it.contains("u")) ++carried;
    }
    CHECK(carried == 28);
}

TEST_CASE("an unsafe address stays text in the layer, as in the static HTML", "[ui][textlayer]") {
    CHECK(layer_link_action("https://example.com").kind == ActionKind::Follow);
    CHECK(layer_link_action("/books").kind == ActionKind::Follow);
    CHECK(layer_link_action("mailto:a@b.c").kind == ActionKind::Follow);
    CHECK(layer_link_action("javascript:alert(1)").kind == ActionKind::None);
    CHECK(layer_link_action("//evil.example").kind == ActionKind::None);
    CHECK(layer_link_action("fold:3").kind == ActionKind::Fold);
    CHECK(layer_link_action("fold:3").fold == 3);
    CHECK(layer_link_action("fold:x").kind == ActionKind::None);
}

TEST_CASE("a #fragment opens the book at that heading; in-page links jump; details unfold", "[ui]") {
    Harness t;
    Site blog;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/blog", blog, d));
    t.app.set_site(std::move(blog));
    // Where a heading lands on screen: the anchor of the laid-out book, through the page origin.
    auto heading_y = [&](const std::string& id) {
        const Book::Anchor* a = t.app.book.anchor(id);
        REQUIRE(a);
        return t.app.page_origin(a->page).y + a->y * t.app.page_scale;
    };
    t.app.open("/writing/a-long-read#the-end");
    t.frames(2);
    CHECK(t.app.scroll > 500);
    float y = heading_y("the-end");
    CHECK(y >= 0);
    CHECK(y < t.h * 0.3f);
    // The second "Part two" has its own id, and an in-page link goes there.
    t.app.follow(follow_link("#part-two-1"));
    t.frames(2);
    CHECK(t.app.fragment == "part-two-1");
    CHECK(t.app.requests.push_history);
    float y2 = heading_y("part-two-1");
    CHECK(y2 >= 0);
    CHECK(y2 < t.h * 0.3f);
    CHECK(heading_y("part-two") < 0); // the first one is above, off screen
    // A link to another article's heading opens that article there.
    t.app.follow(follow_link("/writing/raw-html-tour#embeds-become-links"));
    t.frames(2);
    CHECK(t.app.route.kind == RouteKind::Article);
    float y3 = heading_y("embeds-become-links");
    CHECK(y3 >= 0);
    CHECK(y3 < t.h * 0.3f);

    // <details>: closed, the summary is a toggle; open, its text is laid out.
    t.app.open("/writing/raw-html-tour");
    t.frames(2);
    auto has_text = [&](const std::string& s) {
        for (const Page& p : t.app.book.pages)
            for (const Box& b : p.boxes)
                if (b.text.find(s) != std::string::npos) return true;
        return false;
    };
    CHECK(has_text("Click to see the spoiler"));
    CHECK_FALSE(has_text("The butler did it"));
    LinkAction toggle;
    for (const Page& p : t.app.book.pages)
        for (const Box& b : p.boxes)
            if (b.text.find("Click") == 0 && b.link >= 0) toggle = t.app.book.links[b.link];
    REQUIRE(toggle.kind == ActionKind::Fold);
    t.app.follow(toggle);
    t.frames(2);
    CHECK(has_text("The butler did it"));
    // Raw HTML never shows as markup in the book.
    CHECK_FALSE(has_text("<iframe"));
    CHECK_FALSE(has_text("<div"));
    CHECK_FALSE(has_text("hacked"));
    CHECK(has_text("A talk I gave (embedded page on www.youtube.com)"));
}

TEST_CASE("relative links in an article are followed in the book as the HTML page follows them", "[ui]") {
    Site blog;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/blog", blog, d));
    Article& a = blog.writing[0];
    set_body(a, "[up](./) [sibling](other#part) [here](#part) [bad](javascript:alert(1))\n");
    const std::string slug = a.slug;
    Harness t;
    t.app.set_site(std::move(blog));
    t.app.open("/writing/" + slug);
    t.frames(2);
    std::map<std::string, LinkAction> by_text;
    for (const Page& p : t.app.book.pages)
        for (const Box& b : p.boxes)
            if (b.link >= 0) by_text[b.text] = t.app.book.links[b.link];
    CHECK(by_text["up"] == follow_link("/writing/"));
    CHECK(by_text["sibling"] == follow_link("/writing/other#part"));
    CHECK(by_text["here"] == follow_link("#part"));
    CHECK(by_text.count("bad") == 0); // still plain text
    // Following the resolved link turns the book to that chapter.
    t.app.follow(by_text["up"]);
    t.frames(2);
    CHECK(t.app.route.kind == RouteKind::Main);
    CHECK(t.app.route.chapter == "writing");
}

TEST_CASE("a right-to-left site binds on the right: a spread's first page on the right, its gutter mirrored",
          "[ui][rtl]") {
    Harness ltr(2560, 1440);
    REQUIRE(ltr.app.spreads);
    CHECK_FALSE(ltr.app.book.rtl);
    CHECK(ltr.app.page_origin(0).x < ltr.app.page_origin(1).x);
    CHECK(spread_column(ltr.app.book, 0) == 0);

    Harness rtl(2560, 1440, FOLIO_SOURCE_DIR "/tests/fixtures/rtl");
    REQUIRE(rtl.app.spreads);
    REQUIRE(rtl.app.book.rtl);
    REQUIRE(rtl.app.book.pages.size() >= 2);
    // The first page read is on the right, the next to its left, on the same row; the spread is the same
    // place on screen as a left-to-right one's, mirrored.
    const ImVec2 first = rtl.app.page_origin(0), second = rtl.app.page_origin(1);
    CHECK(first.x > second.x);
    CHECK(first.y == second.y);
    CHECK(first.x == ltr.app.page_origin(1).x);
    CHECK(second.x == ltr.app.page_origin(0).x);
    CHECK(spread_column(rtl.app.book, 0) == 1);
    CHECK(spread_column(rtl.app.book, 3) == 0);
}
