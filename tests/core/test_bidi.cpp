// Right to left and Arabic joining (core/text/bidi.h), and the layout's use of them: lines broken in logical
// order, drawn in visual order, right-to-left paragraphs set from the right edge.
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/book/compose.h"
#include "core/bundle/load.h"
#include "core/site/emit.h"
#include "core/text/bidi.h"
#include "core/text/text.h"

using namespace folio;

namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string codepoints(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size();) {
        uint32_t cp = 0;
        size_t n = utf8_decode(s, i, cp);
        REQUIRE(n > 0);
        char buf[16];
        std::snprintf(buf, sizeof buf, "%s%04X", out.empty() ? "" : " ", cp);
        out += buf;
        i += n;
    }
    return out;
}

Paragraph para(const std::string& text, float size = 14) {
    Paragraph p;
    p.spans = {Span{Face::Serif, Ink::Text, text, {}, false, {}, {}}};
    p.size = size;
    return p;
}

Book lay_out_one(const Paragraph& p, bool rtl_site) {
    Book book;
    FixedMeasurer m;
    Flow f(book, m);
    f.rtl_site = rtl_site;
    f.begin_chapter("c", "c", "", false, false);
    f.paragraph(p);
    return book;
}

std::vector<const Box*> text_boxes(const Book& b) {
    std::vector<const Box*> out;
    for (const Box& x : b.pages.at(0).boxes)
        if (x.kind == BoxKind::Text && x.role == BoxRole::Content) out.push_back(&x);
    return out;
}

} // namespace

TEST_CASE("bidi: every case of the shared fixture is drawn in its visual order", "[bidi]") {
    const auto doc = nlohmann::json::parse(read_file(FOLIO_SOURCE_DIR "/tests/fixtures/bidi/cases.json"));
    REQUIRE(doc.at("cases").size() >= 10);
    for (const auto& c : doc.at("cases")) {
        const std::string name = c.at("name"), logical = c.at("logical"), visual = c.at("visual");
        INFO(name);
        CHECK(visual_line(logical, c.at("base") == "rtl") == visual);
    }
}

TEST_CASE("bidi: the languages written right to left", "[bidi]") {
    for (const char* tag : {"ar", "he", "fa", "ur", "yi", "ar-EG", "he_IL", "ckb", "ps", "pa-Arab", "AR"})
        CHECK(rtl_language(tag));
    for (const char* tag : {"en", "zh", "", "az-Latn", "ku-Latn", "arn", "hea", "fr-CA", "tr"}) {
        INFO(tag);
        CHECK_FALSE(rtl_language(tag));
    }
}

TEST_CASE("bidi: a paragraph's direction is its first strong character's", "[bidi]") {
    CHECK(first_strong_direction("123 שלום world") == -1);
    CHECK(first_strong_direction("(Rust) بالعربية") == 1);
    CHECK(first_strong_direction("2026-03-01, 42%") == 0);
    CHECK(needs_bidi("Hello, world") == false);
    CHECK(needs_bidi("Café ☕") == false);
    CHECK(needs_bidi("a שלום"));
    CHECK(needs_bidi("a \xE2\x80\x8F")); // RIGHT-TO-LEFT MARK
}

TEST_CASE("joining: Arabic letters take their initial, medial and final forms", "[bidi][joining]") {
    // بيت: beh initial, yeh medial, teh final.
    CHECK(codepoints(shape_arabic("بيت")) == "FE91 FEF4 FE96");
    // سلام: seen initial, lam-alef as one ligature (final form), meem alone (alef joins nothing after it).
    CHECK(codepoints(shape_arabic("سلام")) == "FEB3 FEFC FEE1");
    // لا alone: the isolated lam-alef.
    CHECK(codepoints(shape_arabic("لا")) == "FEFB");
    // A space and Latin letters break the joining and stay as they are.
    CHECK(codepoints(shape_arabic("بب Rust")) == "FE91 FE90 0020 0052 0075 0073 0074");
    // Hebrew does not join.
    CHECK(shape_arabic("שלום") == "שלום");
    // Drawn right to left: reversed, the joined forms kept.
    CHECK(codepoints(display_text("سلام", true)) == "FEE1 FEFC FEB3");
    // A combining mark (fatha) stays after its letter when the run is reversed.
    CHECK(codepoints(display_text("بَت", true)) == "FE96 FE91 064E");
}

TEST_CASE("layout: a right-to-left line's runs go right to left and end at the right edge", "[bidi][layout]") {
    // Arabic with an English word and a number: three runs, made in logical order.
    const std::string text = "تعلمت لغة Rust في 30 يوما";
    const Book book = lay_out_one(para(text), true);
    const auto boxes = text_boxes(book);
    REQUIRE(boxes.size() >= 3);
    const PageSpec& s = book.spec;
    float right = 0, left = 1e9f;
    std::string logical;
    for (size_t i = 0; i < boxes.size(); ++i) {
        const Box& b = *boxes[i];
        right = std::max(right, b.x + b.w);
        left = std::min(left, b.x);
        logical += b.text;
        if (i > 0) CHECK(b.x < boxes[i - 1]->x); // logical order, drawn from right to left
    }
    CHECK(right == Catch::Approx(s.margin_inner + s.measure())); // aligned to the start edge: the right
    CHECK(left > s.margin_inner + 10);
    CHECK(logical == text); // the boxes' text is the logical text, whole
    // The English run reads left to right and is drawn as written; the Arabic runs are joined and reversed.
    const auto rust = std::find_if(boxes.begin(), boxes.end(),
                                   [](const Box* b) { return b->text.find("Rust") != std::string::npos; });
    REQUIRE(rust != boxes.end());
    CHECK_FALSE((*rust)->rtl);
    CHECK(drawn_text(**rust) == (*rust)->text);
    CHECK(boxes[0]->rtl);
    CHECK(boxes[0]->text.rfind("تعلمت", 0) == 0);
    CHECK(drawn_text(*boxes[0]) == display_text(boxes[0]->text, true));
    CHECK(drawn_text(*boxes[0]).find("\xEF\xBA") != std::string::npos); // presentation forms (U+FExx)
}

TEST_CASE("layout: an English paragraph in a right-to-left site starts at the left", "[bidi][layout]") {
    const Book book = lay_out_one(para("The last day was in English."), true);
    const auto boxes = text_boxes(book);
    REQUIRE(boxes.size() == 1);
    CHECK(boxes[0]->x == book.spec.margin_inner);
    CHECK_FALSE(boxes[0]->rtl);
    // A line of numbers only takes the site's direction.
    const Book numbers = lay_out_one(para("2026"), true);
    CHECK(text_boxes(numbers).at(0)->x + text_boxes(numbers).at(0)->w ==
          Catch::Approx(numbers.spec.margin_inner + numbers.spec.measure()));
    // And an English site's English is untouched.
    const Book english = lay_out_one(para("Plain English (with brackets)."), false);
    CHECK(text_boxes(english).at(0)->shown.empty());
    CHECK(text_boxes(english).at(0)->x == english.spec.margin_inner);
}

TEST_CASE("layout: a Hebrew list hangs its markers on the right", "[bidi][layout]") {
    Paragraph p = para("גני הבהאים");
    p.indent = 20;
    p.marker = "1.";
    const Book book = lay_out_one(p, true);
    const std::vector<Box>& boxes = book.pages.at(0).boxes;
    const Box* marker = nullptr;
    const Box* text = nullptr;
    for (const Box& b : boxes)
        if (b.kind == BoxKind::Text && b.role == BoxRole::Content) (b.text == "1." ? marker : text) = &b;
    REQUIRE(marker);
    REQUIRE(text);
    CHECK(text->x + text->w ==
          Catch::Approx(book.spec.margin_inner + book.spec.measure() - 20)); // the indent is on the right
    CHECK(marker->x > text->x + text->w);                                    // the marker right of it
}

TEST_CASE("layout: a long right-to-left paragraph breaks in logical order", "[bidi][layout]") {
    // Words numbered in logical order: every line holds the next words, each line drawn right to left.
    std::string text;
    for (int i = 0; i < 40; ++i)
        text += (i ? " " : "") + std::string("שלום");
    const Book book = lay_out_one(para(text), true);
    const auto boxes = text_boxes(book);
    REQUIRE(boxes.size() >= 2); // several lines
    for (const Box* b : boxes) {
        CHECK(b->rtl);
        CHECK(b->x + b->w == Catch::Approx(book.spec.margin_inner + book.spec.measure()));
        CHECK(drawn_text(*b) == display_text(b->text, true));
    }
}

TEST_CASE("layout: code runs left to right, and an Arabic string in it reads right to left, joined", "[bidi][layout]") {
    Book book;
    FixedMeasurer m;
    Flow f(book, m);
    f.rtl_site = true;
    f.begin_chapter("c", "c", "", false, false);
    const std::string line = "println!(\"\u0645\u0631\u062D\u0628\u0627\");";
    f.code_block(line + "\nfn main() {}", 14);
    std::vector<const Box*> code;
    for (const Box& b : book.pages.at(0).boxes)
        if (b.kind == BoxKind::Text && b.code >= 0) code.push_back(&b);
    REQUIRE(code.size() == 2);
    CHECK_FALSE(code[0]->rtl);
    CHECK(code[0]->text == line); // the text stays logical, for copy and find
    CHECK(drawn_text(*code[0]) == visual_line(line, false));
    // meem initial ... alef final, drawn right to left: the alef first from the left, the quotes in place.
    CHECK(codepoints(drawn_text(*code[0])).find("0022 FE8E FE92 FEA3 FEAE FEE3 0022") != std::string::npos);
    CHECK(drawn_text(*code[1]) == "fn main() {}"); // plain code as it is
}

TEST_CASE("the fixture site: Arabic and Hebrew in the book, dir=rtl in the static HTML", "[bidi][emit]") {
    const std::string bundle = FOLIO_SOURCE_DIR "/tests/fixtures/rtl";
    Site site;
    Diagnostics d;
    REQUIRE(load_bundle(bundle, site, d));
    FixedMeasurer m;
    const Book book = compose_article(site, 0, m);
    int rtl_runs = 0;
    for (const Page& pg : book.pages)
        for (const Box& b : pg.boxes)
            if (b.kind == BoxKind::Text && b.rtl) {
                ++rtl_runs;
                CHECK(b.text.find("\xEF\xBA") == std::string::npos); // the text stays the base letters
                CHECK(b.text.find("\xEF\xBB") == std::string::npos);
            }
    CHECK(rtl_runs > 10);
    const auto files = emit_site(site, read_file(FOLIO_SOURCE_DIR "/shell.html"), SiteAssets{});
    const auto index =
        std::find_if(files.begin(), files.end(), [](const OutputFile& f) { return f.path == "index.html"; });
    REQUIRE(index != files.end());
    CHECK(index->contents.find("<html lang=\"ar\" dir=\"rtl\"") != std::string::npos);
}

// Unicode's own conformance file for UAX #9 (BidiCharacterTest.txt, from Debian's unicode-data, copied into
// the cache by ./folio bootstrap and pinned by sha256): every line, through bidi_line as the layout calls
// it: resolved levels and the visual order, characters removed by X9 skipped. Its paragraph directions are
// 0 (left to right), 1 (right to left) and 2 (auto: the first strong character, as the layout decides).
TEST_CASE("bidi_line agrees with Unicode's BidiCharacterTest.txt", "[bidi][conformance]") {
    std::ifstream in(FOLIO_THIRD_PARTY_DIR "/unicode/BidiCharacterTest.txt");
    REQUIRE(in); // ./folio bootstrap copies it
    std::string line;
    int cases = 0, failed = 0;
    std::string first_failure;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> field;
        std::stringstream fields(line);
        for (std::string f; std::getline(fields, f, ';');)
            field.push_back(f);
        REQUIRE(field.size() == 5);
        std::u32string text;
        std::stringstream cps(field[0]);
        for (std::string hex; cps >> hex;)
            text.push_back(static_cast<char32_t>(std::stoul(hex, nullptr, 16)));
        std::string utf8;
        for (char32_t c : text)
            utf8_append(utf8, c);
        const int direction = std::stoi(field[1]);
        const bool rtl = direction == 1 || (direction == 2 && first_strong_direction(utf8) < 0);
        std::vector<std::string> want_levels;
        std::stringstream lv(field[3]);
        for (std::string l; lv >> l;)
            want_levels.push_back(l);
        std::vector<int> want_order;
        std::stringstream order(field[4]);
        for (int i; order >> i;)
            want_order.push_back(i);

        const BidiLine got = bidi_line(text, rtl);
        bool ok = got.levels.size() == text.size() && want_levels.size() == text.size();
        for (size_t i = 0; ok && i < text.size(); ++i)
            ok = want_levels[i] == "x" || std::stoi(want_levels[i]) == got.levels[i];
        std::vector<int> got_order;
        for (int i : got.visual_to_logical)
            if (i >= 0 && i < static_cast<int>(want_levels.size()) && want_levels[static_cast<size_t>(i)] != "x")
                got_order.push_back(i);
        ok = ok && got_order == want_order;
        ++cases;
        if (!ok && failed++ == 0) first_failure = line;
    }
    INFO("first failure: " << first_failure);
    CHECK(cases > 90000);
    CHECK(failed == 0);
}
