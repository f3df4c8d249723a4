// Layout and pagination rules, with a fixed-width measurer (no fonts needed).
#include <catch2/catch_test_macros.hpp>

#include "core/compose.h"
#include "core/load.h"

using namespace folio;

namespace {

Paragraph body(const std::string& text, float size = 14) {
    Paragraph p;
    p.spans = {Span{Face::Serif, Ink::Text, text, ""}};
    p.size = size;
    return p;
}

// A heading box is recognised by its size.
constexpr float kHeadingSize = 20.0f;

bool heading_ends_a_page(const Book& b) {
    for (const Page& p : b.pages) {
        if (p.boxes.empty()) continue;
        const Box& last = p.boxes.back();
        if (last.kind == BoxKind::Text && last.size == kHeadingSize) return true;
    }
    return false;
}

} // namespace

TEST_CASE("a heading never ends a page", "[layout]") {
    FixedMeasurer m;
    // Vary how much text precedes the heading so it lands at every position near the page bottom.
    for (int filler = 0; filler < 40; ++filler) {
        Book b;
        Flow f(b, m);
        f.begin_chapter("c", "c", "c, continued", false, false);
        for (int i = 0; i < filler; ++i)
            f.paragraph(body("line " + std::to_string(i)));
        for (int h = 0; h < 12; ++h) {
            Paragraph head = body("Heading " + std::to_string(h), kHeadingSize);
            head.keep_with_next = true;
            f.paragraph(head);
            f.paragraph(body("first line after the heading"));
            f.paragraph(body("second line"));
        }
        f.finish();
        INFO("filler " << filler);
        CHECK_FALSE(heading_ends_a_page(b));
        CHECK(b.pages.size() >= 2);
    }
}

TEST_CASE("a 200-item list continues under a continued head", "[layout]") {
    FixedMeasurer m;
    Book b;
    Flow f(b, m);
    f.begin_chapter("list", "list", "list, continued", true, false);
    for (int i = 0; i < 200; ++i) {
        Paragraph p = body("item " + std::to_string(i));
        p.marker = std::to_string(i + 1);
        p.indent = 20;
        f.paragraph(p);
    }
    f.finish();
    REQUIRE(b.pages.size() > 3);
    CHECK(b.pages[0].running_head.empty());
    for (size_t i = 1; i < b.pages.size(); ++i)
        CHECK(b.pages[i].running_head == "list, continued");
    int items = 0;
    for (const Page& p : b.pages)
        for (const Box& x : p.boxes) {
            if (x.text.rfind("item ", 0) == 0) ++items;
            CHECK(x.y + x.h <= b.spec.bottom() + 0.01f);
        }
    CHECK(items == 200);
    CHECK(b.pages.back().folio == static_cast<int>(b.pages.size()));
}

TEST_CASE("long words and URLs never overflow the measure", "[layout]") {
    FixedMeasurer m;
    Book b;
    Flow f(b, m);
    f.begin_chapter("c", "c", "", false, false);
    f.paragraph(body("see https://example.org/" + std::string(300, 'a') + " and " + std::string(90, 'W') + " end"));
    f.finish();
    float right = b.spec.margin_inner + b.spec.measure();
    int boxes = 0;
    std::string joined;
    for (const Box& x : b.pages[0].boxes) {
        CHECK(x.x + x.w <= right + 0.01f);
        joined += x.text;
        ++boxes;
    }
    CHECK(boxes > 5);
    CHECK(joined.find("end") != std::string::npos);
}

TEST_CASE("a chapter starts on an even page; the contents prints computed folios", "[layout]") {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR, site, d));
    FixedMeasurer m;
    Book book = compose_site(site, m, ComposeState{});
    for (const ChapterSpan& c : book.chapters) {
        const Page& first = book.pages[c.first_page];
        if (!first.roman && c.id != "title") CHECK(first.folio % 2 == 0);
    }
    // The contents page prints exactly the first folios of the chapters.
    std::vector<ContentsLine> lines = contents_folios(site, book);
    const ChapterSpan* contents = book.chapter("contents");
    REQUIRE(contents);
    std::vector<std::string> printed;
    for (const Box& x : book.pages[contents->first_page].boxes)
        if (x.ink == Ink::Muted && x.x > book.spec.width * 0.5f) printed.push_back(x.text); // right-aligned folios
    REQUIRE(printed.size() == lines.size());
    for (size_t i = 0; i < lines.size(); ++i)
        CHECK(printed[i] == lines[i].folio);

    // More books move the later chapters (with the real fonts, forty do: see tests/ui).
    Site more = site;
    for (Shelf& sh : more.loves.shelves)
        if (sh.id == "books")
            for (int i = 0; i < 80; ++i)
                sh.groups[0].items.push_back(ShelfItem{"Another book " + std::to_string(i), "", "", {"Someone"}});
    Book grown = compose_site(more, m, ComposeState{});
    std::vector<ContentsLine> after = contents_folios(more, grown);
    CHECK(after[2].folio == lines[2].folio);                      // books itself starts where it did
    CHECK(std::stoi(after[3].folio) > std::stoi(lines[3].folio)); // writing moved
    CHECK(std::stoi(after[6].folio) > std::stoi(lines[6].folio)); // find me moved
}

TEST_CASE("front matter has roman folios and an odd page count", "[layout]") {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR, site, d));
    FixedMeasurer m;
    Book book = compose_site(site, m, ComposeState{});
    int roman = 0;
    for (const Page& p : book.pages)
        roman += p.roman ? 1 : 0;
    CHECK(roman % 2 == 1);
    CHECK(book.pages[0].roman);
    CHECK(folio_label(book.pages[0]) == "i");
    CHECK(book.pages[roman].folio == 1);
    CHECK(to_roman(14) == "xiv");
}

TEST_CASE("an article body typesets every Markdown element", "[layout]") {
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR "/tests/fixtures/rich", site, d));
    FixedMeasurer m;
    Book book = compose_article(site, site.find_article("everything-markdown"), m);
    std::vector<std::string> markers;
    bool strike = false, code_mono = false, image = false, table_right = false, quote_bar = false;
    bool code_keyword = false, code_comment = false;
    float hard_break_first_x = -1, line_two_x = -2;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes) {
            if (b.kind == BoxKind::Text &&
                (b.text == "1." || b.text == "2." || b.text == "3." || b.text == "5." || b.text == "6."))
                markers.push_back(b.text);
            if (b.strike && b.text.find("retraction") != std::string::npos) strike = true;
            // Highlighted: the code's runs carry the theme's code inks.
            if (b.code >= 0 && b.face == Face::Mono && b.text == "main" && b.ink == Ink::CodeFunction) code_mono = true;
            if (b.code >= 0 && b.text == "return" && b.ink == Ink::CodeKeyword) code_keyword = true;
            if (b.code >= 0 && b.text.find("// a deliberately long line") == 0 && b.ink == Ink::CodeComment)
                code_comment = true;
            if (b.kind == BoxKind::Image && b.text == "A figure: a blue square with a circle") image = true;
            if (b.kind == BoxKind::Rule && b.w == 2.0f) quote_bar = true;
            if (b.text == "12" && b.x > book.spec.margin_inner + 40) table_right = true;
            if (b.text.rfind("Line one", 0) == 0) hard_break_first_x = b.x;
            if (b.text.rfind("line two", 0) == 0) line_two_x = b.x;
        }
    CHECK(markers == std::vector<std::string>{"1.", "2.", "3.", "5.", "6."}); // each item once, numbering kept
    CHECK(strike);
    CHECK(code_mono);
    CHECK(code_keyword);
    CHECK(code_comment);
    CHECK(image);
    CHECK(quote_bar);
    CHECK(table_right);
    CHECK(line_two_x == hard_break_first_x); // the hard break starts a new line
}
