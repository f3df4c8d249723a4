// Word boundaries of scripts written without spaces (core/markup/word_breaks.h): the build marks them with U+200B
// from libthai's dictionary for Thai and ICU's for Lao, Khmer and Myanmar,
// the layout breaks lines only there (or, for a word wider than the line, between clusters) and sets the
// author's text without the marks; search folds the marks out and finds a query however it is split.
#include <catch2/catch_test_macros.hpp>

#include <set>
#include <string>
#include <vector>

#include "core/book/compose.h"
#include "core/bundle/load.h"
#include "core/markup/markdown.h"
#include "core/markup/word_breaks.h"
#include "core/site/search_index.h"
#include "support/sites.h"

using namespace folio;

namespace {

const std::string kZw = "\xE2\x80\x8B";

std::string without_marks(std::string s) {
    for (size_t at = s.find(kZw); at != std::string::npos; at = s.find(kZw, at))
        s.erase(at, kZw.size());
    return s;
}

std::vector<std::string> words_of(const std::string& marked) {
    std::vector<std::string> out(1);
    for (size_t i = 0; i < marked.size();) {
        if (marked.compare(i, kZw.size(), kZw) == 0) {
            out.emplace_back();
            i += kZw.size();
        } else {
            out.back() += marked[i++];
        }
    }
    return out;
}

// "Thai is a beautiful language and has a long history" and "Thailand".
const std::string kSentence = "ภาษาไทยเป็นภาษาที่สวยงาม และมีประวัติศาสตร์ยาวนาน";

} // namespace

TEST_CASE("thai: libthai's dictionary marks the word boundaries, and nothing else changes", "[thai]") {
    std::string s = kSentence;
    REQUIRE(mark_word_breaks(s));
    CHECK(without_marks(s) == kSentence);
    CHECK(words_of(s) == std::vector<std::string>{"ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "สวย", "งาม และ", "มี",
                                                  "ประวัติศาสตร์", "ยาว", "นาน"});
    std::string latin = "No Thai here, nor marks.";
    CHECK_FALSE(mark_word_breaks(latin));
    CHECK(latin == "No Thai here, nor marks.");
}

TEST_CASE("lao, khmer, myanmar: ICU's dictionaries mark their words, and nothing else changes", "[thai]") {
    // "Hello, world" in each (ICU 72's words, as Debian's libicu-dev has them).
    const struct {
        std::string text;
        std::vector<std::string> words;
    } cases[] = {
        {"ສະບາຍດີຊາວໂລກ", {"ສະບາຍດີ", "ຊາວໂລກ"}},
        {"សួស្តីពិភពលោក", {"សួស្តី", "ពិភពលោក"}},
        {"မင်္ဂလာပါကမ္ဘာ", {"မင်္ဂလာ", "ပါ", "ကမ္ဘာ"}},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        std::string s = c.text;
        REQUIRE(mark_word_breaks(s));
        CHECK(without_marks(s) == c.text);
        CHECK(words_of(s) == c.words);
    }
    std::string one_word = "ໂລກ abc"; // one word and Latin: nothing to mark
    CHECK_FALSE(mark_word_breaks(one_word));
}

TEST_CASE("thai: Markdown's text is marked, its code and formulas are not", "[thai]") {
    const Document d = parse_markdown(kSentence + "\n\n`" + kSentence + "`\n\n```\n" + kSentence + "\n```\n");
    REQUIRE(d.children.size() == 3);
    const std::string para = plain_text(d.children[0]);
    CHECK(para.find(kZw) != std::string::npos);
    CHECK(without_marks(para) == kSentence);
    CHECK(plain_text(d.children[1]).find(kZw) == std::string::npos); // inline code
    CHECK(d.children[2].text.find(kZw) == std::string::npos);        // a code block
}

TEST_CASE("thai: the book breaks lines only between words, and sets the text without the marks", "[thai][layout]") {
    const std::string paragraph = kSentence + " " + kSentence;
    std::string marked = paragraph;
    mark_word_breaks(marked);
    // Where a line may end: at a word boundary, or at a space.
    std::set<size_t> boundaries;
    size_t at = 0;
    for (const std::string& w : words_of(marked)) {
        for (char c : w)
            if (c == ' ') boundaries.insert(at + static_cast<size_t>(&c - w.data()));
        at += w.size();
        boundaries.insert(at);
    }
    for (size_t i = 0; i < paragraph.size(); ++i)
        if (paragraph[i] == ' ') boundaries.insert(i);
    int breaks = 0;
    for (float page_width : {120.f, 150.f, 200.f, 260.f}) {
        INFO("page width " << page_width);
        Site s = folio::testing::one_article_site(paragraph + "\n");
        FixedMeasurer m;
        const Book book = compose_article(s, 0, m, ComposeState{}, PageSpec::pocket(page_width));
        std::vector<std::string> lines;
        float y = -1;
        int paragraph_block = -1; // the paragraph's runs: from its first on, in its block
        for (const Page& pg : book.pages)
            for (const Box& b : pg.boxes) {
                if (b.kind == BoxKind::Text && paragraph_block < 0 && b.text.rfind("ภาษาไทย", 0) == 0)
                    paragraph_block = b.block;
                if (b.kind != BoxKind::Text || b.block < 0 || b.block != paragraph_block) continue;
                CHECK(b.text.find(kZw) == std::string::npos); // what the canvas, the early page and copy show
                if (b.y != y) lines.emplace_back(), y = b.y;
                lines.back() += b.text;
            }
        REQUIRE(lines.size() > 1);
        std::string joined;
        size_t offset = 0;
        for (size_t k = 0; k < lines.size(); ++k) {
            INFO("line " << k << " [" << lines[k] << "] at " << offset);
            REQUIRE(paragraph.compare(offset, lines[k].size(), lines[k]) == 0); // the author's text, in order
            offset += lines[k].size();
            if (k + 1 == lines.size()) break;
            INFO("line " << k << ": " << lines[k]);
            CHECK(boundaries.count(offset) == 1); // the line ends between words
            ++breaks;
            if (paragraph[offset] == ' ') ++offset; // the space the break took
        }
        CHECK(offset == paragraph.size());
    }
    CHECK(breaks >= 6);
}

TEST_CASE("thai: search finds a query however a dictionary splits it: the index keys pairs, marks folded out",
          "[thai][search]") {
    std::string marked = kSentence;
    mark_word_breaks(marked);
    const std::vector<std::string> terms = search_terms(marked);
    const std::set<std::string> indexed(terms.begin(), terms.end());
    // Queries as a reader types them, without marks, split by other dictionaries than libthai's (the
    // browser's ICU makes one word of "ประวัติศาสตร์" and of "สวยงาม"): every pair of each is indexed.
    for (const std::string query : {"ภาษาไทย", "สวยงาม", "ประวัติศาสตร์ยาวนาน", "ที่สวย"}) {
        INFO(query);
        const std::vector<std::string> wanted = search_terms(query);
        CHECK(wanted.size() >= 2);
        for (const std::string& w : wanted)
            CHECK(indexed.count(w) == 1);
    }
    CHECK(indexed.count(search_terms("ภูเขา").front()) == 0); // a mountain: in no pair of the sentence
}

TEST_CASE("thai: a title from content.json breaks between its words too, in the book and in site.json", "[thai]") {
    const std::string title = "เช้าวันหนึ่งที่เชียงใหม่กับกาแฟร้อนหนึ่งแก้ว";
    const std::string bundle =
        R"({"schema": 1, "site": {"title": "บันทึก", "author": "สมชาย", "tagline": "เรื่องเล่าจากเชียงใหม่",
        "base_url": "https://somchai.example/", "language": "th", "description": "บันทึก"}, "timeline": [],
        "writing": [{"slug": "a", "title": ")" +
        title + R"(", "date": "2026-03-01", "dek": "ภูเขาและหมอก", "opening": "เช้าวันนั้นอากาศเย็นสบาย"}],
        "contents": [{"title": "บทความ", "chapter": "writing"}]})";
    Site site;
    Diagnostics d;
    REQUIRE(load_site_json("content.json", bundle, site, d));
    REQUIRE(site.writing.size() == 1);
    CHECK(site.writing[0].title.find(kZw) != std::string::npos);
    CHECK(without_marks(site.writing[0].title) == title);
    CHECK(site.info.tagline.find(kZw) != std::string::npos);
    // The browser's copy carries the marks: its layout breaks where the build's does.
    CHECK(site_to_json(site).find(kZw) != std::string::npos);
    FixedMeasurer m;
    const Book book = compose_article(site, 0, m, ComposeState{}, PageSpec::pocket(200));
    std::string marked = title;
    mark_word_breaks(marked);
    std::set<size_t> boundaries;
    size_t at = 0;
    for (const std::string& w : words_of(marked))
        boundaries.insert(at += w.size());
    std::string shown;
    int lines = 0;
    for (const Page& pg : book.pages)
        for (const Box& b : pg.boxes)
            if (b.kind == BoxKind::Text && shown.size() < title.size() &&
                title.compare(shown.size(), b.text.size(), b.text) == 0 &&
                (shown.size() > 0 || b.text.rfind("เช้าวัน", 0) == 0)) {
                CHECK(b.text.find(kZw) == std::string::npos);
                shown += b.text;
                ++lines;
                INFO("the title's line ends at byte " << shown.size());
                CHECK(boundaries.count(shown.size()) == 1);
            }
    CHECK(shown == title);
    CHECK(lines >= 2); // the title is wider than a 200-unit page: it broke, between words
}
