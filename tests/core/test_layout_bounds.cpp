// A layout's size is bounded by its text: hostile titles (long, with bidi controls, combining marks,
// emoji) make a book of about as many pages as they fill, never pages without end. Each layout runs in a
// child process with its memory capped (support/bounded.h), so one that runs away fails here.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/book/compose.h"
#include "core/book/layout.h"
#include "core/book/view.h"
#include "core/text/line_break.h"
#include "support/bounded.h"
#include "support/measurers.h"
#include "support/seed.h"

using namespace folio;
using folio::testing::ClassMeasurer;
using folio::testing::run_bounded;

namespace {

// The text: a right-to-left override (U+202E ... U+202C) amid words.
const std::string kOverride = "\xE2\x80\xA6 lorem ipsum dolor sit amet \xE2\x80\xAE"
                              "evil\xE2\x80\xAC consectetur adipiscing elit sed do";

// The reference page and every pocket width the build lays out (view.h).
std::vector<PageSpec> every_page() {
    std::vector<PageSpec> out = {PageSpec{}};
    for (float w : kPocketWidths)
        out.push_back(PageSpec::pocket(w));
    return out;
}

// The seed with its third shelf's title and first item both `title`.
Site seed_with_shelf_title(const std::string& title) {
    Site site = folio::testing::seed_site();
    Shelf& films = site.loves.shelves.at(2);
    films.title = title;
    films.groups.at(0).items.at(0).title = title;
    return site;
}

// The most pages any of the sites' main books takes, laid out in a child capped at 512 MB; -1 if one ran away.
long most_pages(const std::vector<Site>& sites, Measurer& m, const PageSpec& spec) {
    const auto r = run_bounded(
        [&] {
            size_t most = 0;
            for (const Site& site : sites)
                most = std::max(most, compose_site(site, m, ComposeState{}, spec).pages.size());
            return std::to_string(most);
        },
        512, 60);
    return r.ok ? std::stol(r.output) : -1;
}

Paragraph para(const std::string& text, float size, bool keep) {
    Paragraph p;
    p.spans = {Span{Face::Serif, Ink::Text, text, {}, false, {}, {}}};
    p.size = size;
    p.leading = 1.0f;
    p.keep_with_next = keep;
    return p;
}

// A page of 80 units of text between its margins, 40 characters a line at size 10 (FixedMeasurer).
PageSpec small_page() {
    PageSpec spec;
    spec.width = 200;
    spec.height = 200;
    spec.margin_top = spec.margin_bottom = 60;
    spec.margin_inner = spec.margin_outer = 0;
    return spec;
}

// n words of 39 characters: n lines on small_page() at size 10.
std::string words(int n) {
    std::string out;
    for (int i = 0; i < n; ++i)
        out += (i ? " " : "") + std::string(39, static_cast<char>('a' + i));
    return out;
}

// Content pages (not blank versos) that hold no content box.
int empty_pages(const Book& b) {
    int n = 0;
    for (const Page& p : b.pages) {
        bool content = false;
        for (const Box& x : p.boxes)
            content = content || x.role == BoxRole::Content;
        n += !p.blank && !content;
    }
    return n;
}

} // namespace

// The text, cut at several lengths, as the third shelf's title and first item, at every page size:
// a longer title makes a few more pages, never pages without end. (tests/ui/test_layout_hostile.cpp lays
// out the issue's own case with the book's fonts.)
TEST_CASE("a shelf whose title and first item hold a bidi override amid words lays out in a few pages",
          "[layout][bounds]") {
    std::vector<Site> sites;
    for (size_t length = 30; length <= kOverride.size(); length += 6) {
        while ((static_cast<unsigned char>(kOverride[length]) & 0xC0) == 0x80)
            ++length; // cut at a character's end
        sites.push_back(seed_with_shelf_title(kOverride.substr(0, length)));
    }
    sites.push_back(seed_with_shelf_title(kOverride));
    const Site plain = seed_with_shelf_title("films and series");
    FixedMeasurer fixed;
    ClassMeasurer by_class;
    for (Measurer* m : {static_cast<Measurer*>(&fixed), static_cast<Measurer*>(&by_class)})
        for (const PageSpec& spec : every_page()) {
            INFO("page width " << spec.width << (m == &fixed ? ", fixed measurer" : ", class measurer"));
            const long before = most_pages({plain}, *m, spec), after = most_pages(sites, *m, spec);
            REQUIRE(before > 0);
            REQUIRE(after > 0);
            CHECK(after <= before + 8);
        }
}

// The case reduced: a heading that fills most of its page (a long chapter title on a phone), kept
// with what follows, then an item too long to leave only its first lines below it. Moving the item to the
// next page carried the heading along, to the same place on that page, where the item again did not fit:
// a page more each time, without end.
TEST_CASE("a heading that heads its page is never carried from page to page", "[layout][bounds]") {
    const PageSpec spec = small_page();
    FixedMeasurer m;
    // Below a heading of 6 lines, 2 of the item's 3 fit (too short to share: it would move whole); below
    // one of 7, its first alone (an orphan: it would move).
    for (int heading_lines : {6, 7}) {
        INFO("a heading of " << heading_lines << " lines");
        const auto r = run_bounded(
            [&] {
                Book book;
                book.spec = spec;
                Flow f(book, m);
                f.begin_chapter("c", "c", "c, continued", false, false);
                f.paragraph(para(words(heading_lines), 10, true));
                f.paragraph(para(words(3), 10, false));
                f.finish();
                return std::to_string(book.pages.size()) + " " + std::to_string(empty_pages(book));
            },
            256, 30);
        REQUIRE(r.ok);
        CHECK(r.output == "2 0"); // the item's last line on the next page; no page without text
    }
}

// A heading with text before it on its page still moves with a paragraph that starts the next one.
TEST_CASE("a heading below other text still goes to the next page with its paragraph", "[layout][bounds]") {
    FixedMeasurer m;
    Book book;
    book.spec = small_page();
    Flow f(book, m);
    f.begin_chapter("c", "c", "c, continued", false, false);
    f.paragraph(para(words(6), 10, false));
    f.paragraph(para("heading", 10, true));
    f.paragraph(para(words(3), 10, false)); // 1 of 3 lines fits below the heading: both move
    f.finish();
    REQUIRE(book.pages.size() == 2);
    // The heading opens the second page, the paragraph under it whole.
    const std::vector<Box>& second = book.pages[1].boxes;
    bool heading_first = false;
    for (const Box& b : second)
        if (b.role == BoxRole::Content) {
            heading_first = b.text == "heading";
            break;
        }
    CHECK(heading_first);
    CHECK(empty_pages(book) == 0);
}

// A running head longer than the measure ends in "…" where it would leave it. Found by dropping one character
// at a time from its end, a head of some thousand characters was measured a thousand times, on each page: a
// long shelf title on a phone's pages took seconds a book. Now each head is fitted once, by halving.
TEST_CASE("a long running head is fitted once, in time about its length", "[layout][bounds]") {
    std::string head;
    while (head.size() < 4000)
        head += "a running head of many words ";
    folio::testing::CountingMeasurer m;
    Book book;
    book.spec = small_page();
    Flow f(book, m);
    f.begin_chapter("c", "c", head, false, false);
    for (int i = 0; i < 12; ++i) // 12 pages: 11 with the head
        f.paragraph(para(words(8), 10, false));
    f.finish();
    REQUIRE(book.pages.size() == 12);
    CHECK(m.bytes < 40 * head.size()); // was about a page's share of head.size() squared
    const float measure = book.spec.measure();
    for (size_t i = 1; i < book.pages.size(); ++i) {
        const Box& b = book.pages[i].boxes.front();
        REQUIRE(b.role == BoxRole::RunningHead);
        const std::string kept = b.text.substr(0, b.text.size() - 3);
        CHECK(b.text.substr(kept.size()) == "\xE2\x80\xA6");
        CHECK(head.compare(0, kept.size(), kept) == 0);
        CHECK(b.w <= measure);
        // The longest that fits: one more character (less trailing spaces) and its "…" would not.
        std::string more = head.substr(0, head.find_first_not_of(' ', kept.size()) + 1);
        FixedMeasurer plain;
        CHECK(plain.width(Face::Italic, b.size, more.data(), more.data() + more.size()) +
                  plain.width(Face::Italic, b.size, "x", "x" + 1) >
              measure);
    }
}

// A word wider than the line (a long URL) is cut into lines of as many characters as fit. Each line measured
// the rest of the word whole, so a word of many lines took time as its length squared.
TEST_CASE("a word of many lines is cut in time about its length", "[layout][bounds]") {
    std::string word;
    for (int i = 0; word.size() < 30000; ++i)
        word += static_cast<char>('a' + i % 26);
    word += "e\xCC\x81"; // a cluster at the end: never cut before its mark
    folio::testing::CountingMeasurer m;
    Book book;
    book.spec = small_page();
    Flow f(book, m);
    f.begin_chapter("c", "c", "", false, false);
    f.paragraph(para(word, 10, false));
    f.finish();
    CHECK(m.bytes < 40 * word.size()); // was about word.size() squared over a line's 40
    std::string set;
    size_t lines = 0;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.role == BoxRole::Content) {
                set += b.text;
                ++lines;
                CHECK(b.w <= book.spec.measure());
            }
    CHECK(set == word);
    CHECK(lines == (word.size() - 1) / 40 + 1); // 40 characters a line, the mark with its letter
}

// UAX #14's LB30a keeps flags whole: regional indicators pair from the start of their run. Counting the run
// again at every pair made a long run of flags take time as its length squared.
TEST_CASE("line breaking a long run of flags takes time about its length", "[layout][bounds]") {
    std::string flags;
    for (int i = 0; i < 200000; ++i)
        flags += "\xF0\x9F\x87\xAB"; // U+1F1EB: pairs of it are flags
    const auto r = run_bounded(
        [&] {
            const std::vector<uint8_t> at = line_breaks(flags);
            size_t breaks = 0;
            for (size_t i = 0; i < at.size(); ++i)
                if (at[i] != kNoBreak) {
                    if (i % 8 != 0) return std::string("a break inside a flag");
                    ++breaks;
                }
            return std::to_string(breaks);
        },
        512, 10);
    REQUIRE(r.ok); // quadratic, it took minutes
    CHECK(r.output == std::to_string(200000 / 2 - 1));
}
