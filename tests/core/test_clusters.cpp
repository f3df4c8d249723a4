// Shaped clusters drawn as one glyph each (core/text/clusters.h): the table a script face carries, the cut
// of a run into its clusters, and the layout measuring and drawing a run so while its text stays logical.
#include <catch2/catch_test_macros.hpp>

#include "core/book/find.h"
#include "core/book/layout.h"
#include "core/text/clusters.h"
#include "core/text/text.h"

using namespace folio;

namespace {

// Devanagari: क्ष (a conjunct: one glyph), कि (the vowel sign drawn first: one glyph), दी (drawn as its
// characters, but one cluster: the cut must not start a cluster inside it).
// Hebrew: בְּ (bet, sheva, dagesh) and רֵ (resh, tsere), each a letter with its points: one glyph.
const char* const kTable = "E000\tक्ष\nE001\tकि\n0\tदी\nE002\tी\nE003\t\u05D1\u05B0\u05BC\nE004\t\u05E8\u05B5\n";

std::string pua(uint32_t cp) {
    std::string s;
    utf8_append(s, cp);
    return s;
}

// Every code point one unit wide, with the clusters of kTable.
struct ClusterMeasurer : FixedMeasurer {
    GlyphClusters table;
    ClusterMeasurer() {
        ratio = 1;
        REQUIRE(add_clusters(kTable, table));
    }
    const GlyphClusters* clusters() const override { return &table; }
};

// A book of one paragraph, "क्षत्रिय कि" at size 10, laid out with m.
Book one_paragraph(Measurer& m, const std::string& text = "क्षत्रिय कि") {
    Book b;
    Flow f(b, m);
    f.begin_chapter("c", "c", "c, continued", false, false);
    Paragraph p;
    p.spans.push_back(Span{Face::Serif, Ink::Text, text, {}, false, {}, {}});
    p.size = 10;
    f.paragraph(p);
    f.finish();
    return b;
}

} // namespace

TEST_CASE("a face's cluster table is read line by line, and a malformed one is refused", "[clusters]") {
    GlyphClusters c;
    REQUIRE(add_clusters(kTable, c));
    CHECK(c.code_point.size() == 6);
    CHECK(c.code_point.at("क्ष") == 0xE000);
    CHECK(c.code_point.at("दी") == 0);
    REQUIRE(c.lead[0x0915] != 0); // क: क्ष and कि, the longer first
    const auto& ka = c.by_lead[c.lead[0x0915] - 1u];
    REQUIRE(ka.size() == 2);
    CHECK(ka.front().text == "क्ष");
    CHECK(add_clusters("", c)); // a face with no clusters
    for (const char* bad : {"E000क्ष\n", "\tक्ष\n", "G000\tक्ष\n", "E000\t\n", "110000\tक\n", "1234567\tक\n"}) {
        INFO(bad);
        GlyphClusters d;
        CHECK_FALSE(add_clusters(bad, d));
    }
}

TEST_CASE("a run is cut into its clusters, the longest at each place, and each drawn as its glyph", "[clusters]") {
    GlyphClusters c;
    REQUIRE(add_clusters(kTable, c));
    CHECK(may_have_clusters("क्षत्रिय", c));
    CHECK_FALSE(may_have_clusters("plain ASCII", c));
    CHECK_FALSE(may_have_clusters("ไทย", c));
    CHECK(apply_clusters("क्ष", c) == pua(0xE000));
    CHECK(apply_clusters("कि", c) == pua(0xE001));
    // क alone is no cluster: it stays; क्ष after it is one.
    CHECK(apply_clusters("कक्ष", c) == "क" + pua(0xE000));
    // दी is one cluster drawn as it is: its ी is not taken for the lone ी's glyph.
    CHECK(apply_clusters("दी", c) == "दी");
    CHECK(apply_clusters("ी", c) == pua(0xE002));
    // Text around clusters is left as it is, ASCII and other scripts alike.
    CHECK(apply_clusters("a क्ष, b कि!", c) == "a " + pua(0xE000) + ", b " + pua(0xE001) + "!");
    CHECK(apply_clusters("", c).empty());
    // No table: nothing changes.
    GlyphClusters none;
    CHECK_FALSE(may_have_clusters("क्ष", none));
    CHECK(apply_clusters("क्ष", none) == "क्ष");
}

TEST_CASE("the layout measures a run by its clusters' glyphs and draws them; its text stays logical", "[clusters]") {
    ClusterMeasurer m;
    const Book b = one_paragraph(m);
    const Box* run = nullptr;
    for (const Page& pg : b.pages)
        for (const Box& x : pg.boxes)
            if (x.kind == BoxKind::Text && x.text.find("क्ष") != std::string::npos) run = &x;
    REQUIRE(run);
    CHECK(run->text == "क्षत्रिय कि"); // copy, find and the text layer read this
    CHECK(drawn_text(*run) == pua(0xE000) + "त्रिय " + pua(0xE001));
    // Measured as drawn: क्ष and कि one glyph each, so 2 + 5 + 1 code points, not 3 + 5 + 1 + 2.
    CHECK(run->w == 8 * 10.0f);
    // The same run with no clusters in the faces: drawn and measured as its characters.
    FixedMeasurer plain;
    plain.ratio = 1;
    const Book b2 = one_paragraph(plain);
    for (const Page& pg : b2.pages)
        for (const Box& x : pg.boxes)
            if (x.kind == BoxKind::Text && x.text.find("क्ष") != std::string::npos) {
                CHECK(x.shown.empty());
                CHECK(x.w == 11 * 10.0f);
            }
}

TEST_CASE("a right-to-left run's clusters are its glyphs too, in visual order; its text stays logical",
          "[clusters][bidi]") {
    ClusterMeasurer m;
    const std::string bet = "\u05D1\u05B0\u05BC", resh = "\u05E8\u05B5", alef = "\u05D0";
    const std::string word = bet + resh + alef; // logical: bet, resh, alef; drawn from the right
    const Book b = one_paragraph(m, word + " " + resh);
    const Box* run = nullptr;
    for (const Page& pg : b.pages)
        for (const Box& x : pg.boxes)
            if (x.kind == BoxKind::Text && x.role == BoxRole::Content && x.text.find(alef) != std::string::npos)
                run = &x;
    REQUIRE(run);
    CHECK(run->rtl);
    CHECK(run->text == word + " " + resh);
    // Visual order, left to right: resh (its glyph), the space, alef, resh's glyph, bet's glyph.
    CHECK(drawn_text(*run) == pua(0xE004) + " " + alef + pua(0xE004) + pua(0xE003));
    CHECK(run->w == 5 * 10.0f);
}

TEST_CASE("find's rectangle for a match after a cluster lies where the cluster's glyph ends", "[clusters]") {
    ClusterMeasurer m;
    const Book b = one_paragraph(m);
    for (size_t page = 0; page < b.pages.size(); ++page)
        for (size_t i = 0; i < b.pages[page].boxes.size(); ++i) {
            const Box& x = b.pages[page].boxes[i];
            if (x.text != "क्षत्रिय कि") continue;
            // "कि" starts after "क्षत्रिय ": 7 code points as drawn (क्ष one), not 9; it is one glyph wide.
            const int begin = static_cast<int>(x.text.find("कि", 3));
            const FindRect r =
                piece_rect(b, static_cast<int>(page), {static_cast<int>(i), begin, static_cast<int>(x.text.size())}, m);
            CHECK(r.x == x.x + 7 * 10.0f);
            CHECK(r.w == 1 * 10.0f);
            return;
        }
    FAIL("no run holds the text");
}
