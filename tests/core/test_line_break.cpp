// Where a line may break inside runs written without spaces (src/core/text/line_break.h), pair by pair from
// tests/fixtures/line_breaks.txt, and what the layout makes of it: Chinese and Japanese paragraphs fill
// their lines, no line starts with a closing mark, and English still breaks only at its spaces.
#include <catch2/catch_test_macros.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/book/layout.h"
#include "core/text/line_break.h"
#include "core/text/text.h"

using namespace folio;

namespace {

// A run of the fixture or of Unicode's file: its text, and for each character after the first whether a
// line may break before it.
struct Run {
    std::string text, line;
    std::vector<size_t> at; // byte offsets of the characters after the first
    std::vector<bool> allowed;
};

// tests/fixtures/line_breaks.txt: characters and ÷ or × between them, each a word.
std::vector<Run> fixture_runs() {
    std::ifstream in(FOLIO_SOURCE_DIR "/tests/fixtures/line_breaks.txt");
    REQUIRE(in);
    std::vector<Run> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::vector<std::string> parts;
        for (std::string w; words >> w;)
            parts.push_back(w);
        // A ZWJ alone is a "word" too: it has no space of its own to vanish into.
        REQUIRE(parts.size() % 2 == 1);
        Run run{parts[0], line, {}, {}};
        for (size_t k = 1; k + 1 < parts.size(); k += 2) {
            uint32_t c = 0;
            REQUIRE(utf8_decode(parts[k + 1], 0, c) == parts[k + 1].size());
            REQUIRE((parts[k] == "\xC3\xB7" || parts[k] == "\xC3\x97")); // ÷ or ×
            run.at.push_back(run.text.size());
            run.allowed.push_back(parts[k] == "\xC3\xB7");
            run.text += parts[k + 1];
        }
        out.push_back(std::move(run));
    }
    return out;
}

// Unicode's LineBreakTest.txt (from Debian's unicode-data, copied into the bootstrap's cache, pinned):
// "× 0023 × 0020 ÷ 0023 ÷", hex code points with the answer between them, and the rules in a comment.
std::vector<Run> unicode_runs() {
    std::ifstream in(FOLIO_THIRD_PARTY_DIR "/unicode/LineBreakTest.txt");
    REQUIRE(in);
    std::vector<Run> out;
    std::string line;
    while (std::getline(in, line)) {
        const std::string body = line.substr(0, line.find('#'));
        if (body.find_first_not_of(" \t") == std::string::npos) continue;
        std::istringstream words(body);
        Run run{{}, line, {}, {}};
        bool allowed = false;
        for (std::string w; words >> w;) {
            if (w == "\xC3\xB7" || w == "\xC3\x97") {
                allowed = w == "\xC3\xB7";
                continue;
            }
            if (!run.text.empty()) run.at.push_back(run.text.size()), run.allowed.push_back(allowed);
            utf8_append(run.text, static_cast<uint32_t>(std::stoul(w, nullptr, 16)));
        }
        out.push_back(std::move(run));
    }
    return out;
}

// How many of a run's places line_breaks answers otherwise than the run says (each reported).
size_t disagreements(const Run& run) {
    const std::vector<uint8_t> breaks = line_breaks(run.text);
    REQUIRE(breaks.size() == run.text.size());
    CHECK(breaks[0] == kNoBreak); // LB2: never at the start
    size_t wrong = 0;
    for (size_t k = 0; k < run.at.size(); ++k) {
        const bool got = breaks[run.at[k]] != kNoBreak;
        if (got == run.allowed[k]) continue;
        ++wrong;
        UNSCOPED_INFO(run.line << "\n  at character " << k + 1 << ": " << (got ? "breaks" : "does not break"));
    }
    return wrong;
}

// Lines as the layout sets a paragraph of one span at `measure` (FixedMeasurer: every character the
// same width, so the test can say how many fit).
std::vector<std::string> lines_of(const std::string& text, float measure) {
    Book book;
    book.spec.width = measure + 2 * book.spec.margin_inner;
    FixedMeasurer m;
    Flow f(book, m);
    Paragraph p;
    p.spans.push_back(Span{Face::Serif, Ink::Text, text, {}, false, {}, {}});
    p.size = 10;
    std::vector<std::string> out;
    f.paragraph(p);
    f.finish();
    float y = -1;
    for (const Page& pg : book.pages)
        for (const Box& b : pg.boxes) {
            if (b.kind != BoxKind::Text || b.block < 0) continue; // not the folio
            if (b.y != y) out.emplace_back(), y = b.y;
            out.back() += b.text;
        }
    return out;
}

} // namespace

TEST_CASE("line breaks follow UAX #14 in every case of Unicode's LineBreakTest.txt", "[line_break][conformance]") {
    const std::vector<Run> runs = unicode_runs();
    CHECK(runs.size() >= 7000); // 7,654 in 15.0: the file is all there
    size_t wrong = 0, places = 0;
    for (const Run& run : runs) {
        wrong += disagreements(run);
        places += run.at.size();
    }
    INFO(wrong << " of " << places << " places disagree");
    CHECK(wrong == 0);
}

TEST_CASE("line breaks follow folio's own fixture, in every script it draws", "[line_break]") {
    const std::vector<Run> runs = fixture_runs();
    CHECK(runs.size() >= 30);
    for (const Run& run : runs)
        CHECK(disagreements(run) == 0);
}

TEST_CASE("a Chinese paragraph fills its lines, and no line starts with a closing mark", "[line_break][layout]") {
    const std::string text = "那天晚上，天空忽然亮了起来。绿色的光带从北方的山后升起，慢慢铺满了整个天空。"
                             "我们站在雪地里，谁也没有说话。「相机的快门声」在寂静中显得格外清晰。";
    for (float measure : {57.f, 83.f, 121.f, 150.f}) {
        INFO("measure " << measure);
        const std::vector<std::string> lines = lines_of(text, measure);
        REQUIRE(lines.size() > 1);
        std::string joined;
        for (size_t k = 0; k < lines.size(); ++k) {
            INFO("line " << k << ": " << lines[k]);
            joined += lines[k];
            uint32_t first = 0, last = 0;
            utf8_decode(lines[k], 0, first);
            size_t at = lines[k].size();
            while (at > 0 && (static_cast<unsigned char>(lines[k][at - 1]) & 0xC0) == 0x80)
                --at;
            utf8_decode(lines[k], at - 1, last);
            for (uint32_t closer : {0x3002u, 0xFF0Cu, 0x300Du})
                CHECK(first != closer);
            CHECK(last != 0x300Cu); // 「 never ends a line
        }
        CHECK(joined == text); // nothing lost, nothing added (no spaces between the characters)
    }
    // Full lines: each but the last holds within two characters of the measure (a stop carried along).
    FixedMeasurer m;
    const float one = m.width(Face::Serif, 10, "\xE4\xB8\xAD", "\xE4\xB8\xAD" + 3);
    const std::vector<std::string> lines = lines_of(text, 121);
    for (size_t k = 0; k + 1 < lines.size(); ++k)
        CHECK(m.width(Face::Serif, 10, lines[k].data(), lines[k].data() + lines[k].size()) >= 121 - 2 * one - 0.01f);
}

TEST_CASE("English breaks after a hyphen, and never before a mark that UAX #14 keeps with its word",
          "[line_break][layout]") {
    // FixedMeasurer: 5 units a character at size 10. "aaaa well-" is 50 wide, "aaaa well-known" 75.
    CHECK(lines_of("aaaa well-known bbbb", 55) == std::vector<std::string>{"aaaa well-", "known bbbb"});
    // "mot !" is one unbreakable piece though a space is in it: the "!" never starts a line.
    CHECK(lines_of("aaaa bbbb mot ! cc", 70) == std::vector<std::string>{"aaaa bbbb", "mot ! cc"});
    // A price and a number stay whole: "$10.50" is never "$" / "10.50".
    CHECK(lines_of("aaaaaaa $10.50", 45) == std::vector<std::string>{"aaaaaaa", "$10.50"});
}

TEST_CASE("a Chinese paragraph never ends in a line of one character: the line before gives it one",
          "[line_break][layout]") {
    // 12 characters fit at measure 60 (FixedMeasurer: 5 units a character at size 10); 12 + "迹。" leaves
    // "迹。" alone on the last line unless the rule moves one down.
    std::string text;
    for (int i = 0; i < 12; ++i)
        text += "\xE5\xAD\x97";         // 字
    text += "\xE8\xBF\xB9\xE3\x80\x82"; // 迹。
    const std::vector<std::string> lines = lines_of(text, 60);
    REQUIRE(lines.size() == 2);
    CHECK(lines[1] == "\xE5\xAD\x97\xE8\xBF\xB9\xE3\x80\x82"); // 字迹。
    CHECK(lines[0] + lines[1] == text);
    // A line of two characters, or of English words, is left as it is.
    const std::vector<std::string> two =
        lines_of(text.substr(0, text.size() - 6) + "\xE7\x97\x95\xE8\xBF\xB9\xE3\x80\x82", 60);
    REQUIRE(two.size() == 2);
    CHECK(two[1] == "\xE7\x97\x95\xE8\xBF\xB9\xE3\x80\x82"); // 痕迹。 stays whole, nothing moved
    const std::vector<std::string> english = lines_of("aaaa bbbb cccc dd", 70);
    CHECK(english.back() == "dd");
}

TEST_CASE("Chinese after an English word fills the line instead of leaving it short", "[line_break][layout]") {
    const std::vector<std::string> lines =
        lines_of("Rust 是一门注重安全和速度的系统编程语言，它的所有权模型很有名。", 100);
    REQUIRE(lines.size() > 1);
    CHECK(lines[0].rfind("Rust \xE6\x98\xAF", 0) == 0); // "Rust 是": the Chinese starts on the first line
    // English still breaks only at its spaces: the lines joined by spaces are the text.
    const std::string english = "the quick brown fox jumps over the lazy dog, again and again";
    const std::vector<std::string> lines_en = lines_of(english, 100);
    REQUIRE(lines_en.size() > 1);
    std::string joined;
    for (const std::string& l : lines_en)
        joined += (joined.empty() ? "" : " ") + l;
    CHECK(joined == english);
}

TEST_CASE("a word wider than the line is cut between clusters, never before a mark", "[line_break][layout]") {
    // Thai is written without spaces between words: a sentence is one "word" to a layout that has no
    // dictionary, cut where the line ends; a vowel sign or tone mark never starts the next line.
    const std::string thai = "\xE0\xB8\x97\xE0\xB8\xB5\xE0\xB9\x88\xE0\xB8\x99\xE0\xB8\xB5\xE0\xB9\x88"
                             "\xE0\xB8\xA1\xE0\xB8\xB5\xE0\xB8\x99\xE0\xB9\x89\xE0\xB8\xB3\xE0\xB9\x83"
                             "\xE0\xB8\x88\xE0\xB8\x97\xE0\xB8\xB5\xE0\xB9\x88\xE0\xB8\x99\xE0\xB8\xB5"
                             "\xE0\xB9\x88\xE0\xB8\xA1\xE0\xB8\xB5\xE0\xB8\x99\xE0\xB9\x89\xE0\xB8\xB3";
    int cuts = 0;
    for (float measure : {20.f, 30.f, 45.f, 70.f}) {
        INFO("measure " << measure);
        const std::vector<std::string> lines = lines_of(thai, measure);
        std::string joined;
        for (size_t k = 0; k < lines.size(); ++k) {
            joined += lines[k];
            uint32_t first = 0;
            utf8_decode(lines[k], 0, first);
            INFO("line " << k << " starts with U+" << std::hex << first);
            CHECK_FALSE(joins_previous(first));
        }
        cuts += static_cast<int>(lines.size()) - 1;
        CHECK(joined == thai);
    }
    CHECK(cuts >= 6); // the measures are narrow enough to cut it, often
}
