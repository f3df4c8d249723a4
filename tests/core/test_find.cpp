// Find in the book: folding, matching across runs and lines, hostile queries, geometry.
#include <catch2/catch_test_macros.hpp>

#include <fstream>
#include <sstream>

#include "core/book/compose.h"
#include "core/book/find.h"
#include "support/seed.h"

using namespace folio;

namespace {

Paragraph para(std::vector<Span> spans) {
    Paragraph p;
    p.spans = std::move(spans);
    return p;
}
Span plain(const std::string& t) { return Span{Face::Serif, Ink::Text, t, {}, false, {}, {}}; }
Span linked(const std::string& t) { return Span{Face::Serif, Ink::Link, t, follow_link("/x"), false, {}, {}}; }

// Text of a match, put together from its pieces.
std::string match_text(const Book& b, const FindMatch& m) {
    std::string s;
    for (const FindPiece& p : m.pieces) {
        if (!s.empty()) s += '|';
        s += b.pages[m.page].boxes[p.box].text.substr(p.begin, p.end - p.begin);
    }
    return s;
}

Book small_book(Measurer& m) {
    Book b;
    Flow f(b, m);
    f.begin_chapter("c", "c", "c, continued", false, false);
    f.paragraph(para({plain("Read the "), linked("Café Müller"), plain(" review, then the café menu.")}));
    f.paragraph(para({plain("Straße and STRASSE are one word here.")}));
    f.finish();
    return b;
}

} // namespace

TEST_CASE("folding ignores case and diacritics, as the shared fixture says", "[find]") {
    std::ifstream in(std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/fold.txt");
    REQUIRE(in);
    std::string line;
    int pairs = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        size_t tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        INFO(line);
        CHECK(fold_text(line.substr(0, tab)) == line.substr(tab + 1));
        std::vector<int> origin; // the same text when each byte's source is wanted too
        CHECK(fold_text(line.substr(0, tab), &origin) == line.substr(tab + 1));
        CHECK(origin.size() == line.size() - tab);
        ++pairs;
    }
    CHECK(pairs >= 30);
}

TEST_CASE("folding maps every byte back to the character it came from", "[find]") {
    std::vector<int> origin;
    std::string f = fold_text("Aß  é", &origin);
    CHECK(f == "ass e");
    REQUIRE(origin.size() == f.size() + 1);
    CHECK(origin[0] == 0);
    CHECK(origin[1] == 1); // both letters of "ss" come from the two bytes of ß at 1
    CHECK(origin[2] == 1);
    CHECK(origin[3] == 3); // the two spaces become one
    CHECK(origin[4] == 5);
    CHECK(origin.back() == 7);
    CHECK(fold_text("\xff\xfe x") == "\xEF\xBF\xBD\xEF\xBF\xBD x"); // malformed bytes: replacement characters
}

TEST_CASE("folding maps each byte to its character when characters merge or come apart", "[find]") {
    std::vector<int> origin;
    // Half-width ｶ and its voicing mark ﾞ (3 bytes each) come together as ガ, from the first.
    CHECK(fold_text("ｶﾞx", &origin) == "ガx");
    CHECK(origin == std::vector<int>{0, 0, 0, 6, 7});
    // ﬁ comes apart in two letters; the combining acute after e goes.
    CHECK(fold_text("ﬁe\u0301!", &origin) == "fie!");
    CHECK(origin == std::vector<int>{0, 0, 3, 6, 7});
    // Hangul jamo typed apart (3 bytes each) are one syllable, from the first.
    CHECK(fold_text("\u1100\u1161 ", &origin) == "\uAC00 ");
    CHECK(origin == std::vector<int>{0, 0, 0, 6, 7});
}

TEST_CASE("find matches across runs, ignoring case and accents", "[find]") {
    FixedMeasurer m;
    Book b = small_book(m);
    auto cafe = find_in_book(b, "CAFE");
    REQUIRE(cafe.size() == 2);
    CHECK(match_text(b, cafe[0]) == "Café");
    CHECK(match_text(b, cafe[1]) == "café");
    // "the Café" crosses from a plain run into the link's run (a gap in the layout is a space).
    auto across = find_in_book(b, "the  cafe muller review");
    REQUIRE(across.size() == 1);
    CHECK(across[0].pieces.size() == 3);
    CHECK(match_text(b, across[0]) == "the|Café Müller|review");
    auto strasse = find_in_book(b, "strasse");
    REQUIRE(strasse.size() == 2);
    CHECK(match_text(b, strasse[0]) == "Straße");
}

TEST_CASE("find matches across a line break", "[find]") {
    FixedMeasurer m;
    Book b;
    Flow f(b, m);
    f.begin_chapter("c", "c", "c, continued", false, false);
    std::string words;
    for (int i = 0; i < 60; ++i)
        words += "word" + std::to_string(i) + " ";
    f.paragraph(para({plain(words)}));
    f.finish();
    // Find a pair of neighbours that the layout put on two lines.
    const Page& pg = b.pages[0];
    REQUIRE(pg.boxes.size() >= 2);
    const std::string& first_line = pg.boxes[0].text;
    std::string last_word = first_line.substr(first_line.rfind(' ') + 1);
    std::string next_word = pg.boxes[1].text.substr(0, pg.boxes[1].text.find(' '));
    auto hits = find_in_book(b, last_word + " " + next_word);
    REQUIRE(hits.size() == 1);
    CHECK(hits[0].pieces.size() == 2);
    CHECK(hits[0].pieces[0].box != hits[0].pieces[1].box);
}

TEST_CASE("hostile queries: empty, spaces, 10,000 characters, pattern syntax", "[find]") {
    FixedMeasurer m;
    Book b = small_book(m);
    CHECK(find_in_book(b, "").empty());
    CHECK(find_in_book(b, "   \t ").empty());
    CHECK(find_in_book(b, std::string(10000, 'a')).empty());
    CHECK(find_in_book(b, ".*").empty());
    CHECK(find_in_book(b, "[a-z]+(").empty());
    CHECK(find_in_book(b, "\xff\xfe").empty());
    // Pattern characters are plain text: "." matches the full stops, and nothing else.
    CHECK(find_in_book(b, ".").size() == 2);
    // The limit holds.
    CHECK(find_in_book(b, "e", 3).size() == 3);
}

TEST_CASE("find covers every page of the seed's main book, not only the first", "[find]") {
    const Site& site = folio::testing::seed_site();
    FixedMeasurer m;
    Book book = compose_site(site, m, ComposeState{});
    REQUIRE(book.pages.size() > 10);
    REQUIRE(!site.writing.empty());
    // The oldest article's title is printed near the end of the writing list.
    const std::string title = site.writing.back().title;
    auto hits = find_in_book(book, title);
    REQUIRE(!hits.empty());
    const ChapterSpan* writing = book.chapter("writing");
    REQUIRE(writing);
    bool in_writing = false;
    for (const FindMatch& h : hits)
        in_writing = in_writing || (h.page >= writing->first_page && h.page <= writing->last_page);
    CHECK(in_writing);
    // Pages come in order.
    for (size_t i = 1; i < hits.size(); ++i)
        CHECK(hits[i - 1].page <= hits[i].page);
}

TEST_CASE("a piece's rectangle comes from the box and the measurer", "[find]") {
    FixedMeasurer m; // every character is size * 0.5 wide
    Book b = small_book(m);
    auto hits = find_in_book(b, "review");
    REQUIRE(hits.size() == 1);
    const FindPiece& p = hits[0].pieces[0];
    const Box& box = b.pages[hits[0].page].boxes[p.box];
    FindRect r = piece_rect(b, hits[0].page, p, m);
    CHECK(r.x == box.x + static_cast<float>(p.begin) * box.size * 0.5f);
    CHECK(r.w == 6 * box.size * 0.5f);
    CHECK(r.y == box.y);
    CHECK(r.h == box.h);
}

TEST_CASE("a corpus made once per layout finds exactly what a fresh search does", "[find]") {
    const Site& site = folio::testing::seed_site();
    FixedMeasurer m;
    Book book = compose_site(site, m, ComposeState{});
    FindCorpus corpus = find_corpus(book);
    REQUIRE(corpus.folded.size() == book.pages.size());
    for (const char* q : {"the", "Contents", "zzqx", "of the"}) {
        INFO(q);
        auto fresh = find_in_book(book, q);
        auto cached = find_in_book(book, q, 50000, &corpus);
        REQUIRE(fresh.size() == cached.size());
        for (size_t i = 0; i < fresh.size(); ++i) {
            CHECK(fresh[i].page == cached[i].page);
            CHECK(fresh[i].pieces.size() == cached[i].pieces.size());
            CHECK(fresh[i].pieces.front().begin == cached[i].pieces.front().begin);
        }
    }
    CHECK(find_in_book(book, "the", 50000, &corpus).size() > 20);
}
