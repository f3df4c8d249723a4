// The book's own words (core/model/words.h): one table per language, read by the book and the static HTML
// alike, and an author's site.words over it, checked like any other field.
#include <catch2/catch_test_macros.hpp>

#include <string>
#include <vector>

#include "core/book/compose.h"
#include "core/book/layout.h"
#include "core/bundle/load.h"
#include "core/model/routes.h"
#include "core/model/words.h"
#include "core/site/emit.h"
#include "core/text/bidi.h"

using namespace folio;

namespace {

std::string bundle(const std::string& language, const std::string& words = "") {
    return R"({
  "schema": 1,
  "site": {"title": "T", "author": "A", "tagline": "t", "base_url": "https://a.example/",
           "language": ")" +
           language + "\", \"description\": \"d\"" + (words.empty() ? "" : ",\n           \"words\": " + words) +
           R"(},
  "timeline": [{"year": 2026, "entries": [{"article": "one"}]}],
  "writing": [{"slug": "one", "title": "One", "date": "2026-02-14", "dek": "Dek.", "opening": "Opening.",
               "tags": ["x"]},
              {"slug": "two", "title": "Two", "date": "2025-07-01", "dek": "Dek.", "opening": "Opening."}],
  "contents": []
})";
}

// Every text box of a book, joined with spaces.
std::string book_text(const Book& b) {
    std::string out;
    for (const Page& p : b.pages)
        for (const Box& x : p.boxes)
            if (x.kind == BoxKind::Text) out += x.text + " ";
    return out;
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

} // namespace

TEST_CASE("every language's table gives every word, keeps every hole and names twelve months", "[words]") {
    CHECK(word_table_gaps().empty());
    for (const std::string& tag : languages_with_words()) {
        INFO("language: " << tag);
        const Words* w = words_for(tag);
        REQUIRE(w);
        for (const auto& [key, member] : word_keys()) {
            INFO("word: " << key);
            CHECK_FALSE((w->*member).empty());
            for (const std::string& hole : required_holes(key))
                CHECK(has(w->*member, "{" + hole + "}"));
        }
        int months = 1;
        for (char c : w->months)
            months += c == ' ';
        CHECK(months == 12);
    }
    CHECK(languages_with_words().size() >= 15);
}

TEST_CASE("a language tag finds its table by language and script", "[words]") {
    REQUIRE(words_for("zh"));
    CHECK(words_for("zh")->contents == "目录");
    CHECK(words_for("zh-CN")->contents == "目录");
    CHECK(words_for("zh-Hant")->contents == "目錄");
    CHECK(words_for("zh-TW")->contents == "目錄");
    CHECK(words_for("zh-hant-hk")->contents == "目錄");
    CHECK(words_for("zh-Hans-HK")->contents == "目录"); // the script outranks the region
    CHECK(words_for("pt-BR")->contents == "sumário");
    CHECK(words_for("AR")->contents == "المحتويات");
    CHECK(words_for("en-GB")->contents == "contents");
    CHECK(words_for("sw") == nullptr);
    CHECK(words_for("") == nullptr);
}

TEST_CASE("dates in the language's own order, with or without the year", "[words]") {
    const Date d{2026, 2, 14};
    CHECK(day_month(Words{}, d, false) == "14 Feb");
    CHECK(day_month(Words{}, d, true) == "14 Feb 2026");
    CHECK(day_month(*words_for("zh"), d, false) == "2月14日");
    CHECK(day_month(*words_for("zh"), d, true) == "2026年2月14日");
    CHECK(day_month(*words_for("ko"), d, true) == "2026년 2월 14일");
    CHECK(day_month(*words_for("de"), d, true) == "14. Feb. 2026");
    CHECK(day_month(*words_for("pt"), d, true) == "14 de fev. de 2026");
    CHECK(day_month(*words_for("ar"), d, true) == "14 فبراير 2026");
    // An author's list of months one short: the month's number, not a crash or a neighbour's name.
    Words short_list;
    short_list.months = "a b c d e f g h i j k";
    CHECK(day_month(short_list, Date{2026, 12, 1}, false) == "1 12");
    CHECK(day_month(short_list, Date{2026, 11, 1}, false) == "1 k");
}

TEST_CASE("holes are filled by name; a sentence splits around its one hole", "[words]") {
    CHECK(fill("{where}, since {date}", {{"date", "1 Mar"}, {"where", "GitHub"}}) == "GitHub, since 1 Mar");
    CHECK(fill("{n} min {unknown}", {{"n", "3"}}) == "3 min {unknown}");
    CHECK(fill("{", {{"n", "3"}}) == "{");
    CHECK(around_hole("合并入 {repo}", "repo") == std::make_pair(std::string("合并入 "), std::string()));
    CHECK(around_hole("{repo} にマージ", "repo") == std::make_pair(std::string(), std::string(" にマージ")));
    CHECK(around_hole("no hole", "repo") == std::make_pair(std::string("no hole"), std::string()));
}

TEST_CASE("a Chinese site's book and static pages say the book's words in Chinese", "[words]") {
    Site site;
    Diagnostics diags;
    REQUIRE(load_site_json("content.json", bundle("zh"), site, diags));
    CHECK(diags.empty());
    FixedMeasurer m;
    const std::string front = book_text(compose_site(site, m, ComposeState{}));
    const std::string article = book_text(compose_article(site, site.find_article("one"), m));
    const std::string tag = book_text(compose_tag(site, "x", m));
    CHECK(has(front, "目录"));
    CHECK(has(front, "2月14日"));
    CHECK(has(article, "第 2 篇"));
    CHECK(has(article, "2026年2月14日"));
    CHECK(has(article, "阅读约 1 分钟"));
    CHECK(has(article, "较早"));
    CHECK(has(article, "« 文章"));
    CHECK(has(tag, "标签：x"));
    for (const char* english : {"contents", "writing", "min read", "older", "no. ", "Feb", "tagged"}) {
        INFO("English word: " << english);
        CHECK_FALSE(has(front + article + tag, english));
    }
    const auto files = emit_site(site, "<main>{{body}}</main>", SiteAssets{});
    int pages = 0;
    for (const OutputFile& f : files) {
        if (f.path.size() < 5 || f.path.compare(f.path.size() - 5, 5, ".html") != 0) continue;
        ++pages;
        INFO("page: " << f.path);
        for (const char* english : {">contents<", "label=\"contents\"", "min read", "older:", "no. ", "Feb", ">tagged",
                                    "rss feed", "page not found", "search all writing"}) {
            INFO("English word: " << english);
            CHECK_FALSE(has(f.contents, english));
        }
        if (f.path == "writing/one/index.html") {
            CHECK(has(f.contents, "第 2 篇"));
            CHECK(has(f.contents, "阅读约 1 分钟"));
            CHECK(has(f.contents, "<time datetime=\"2026-02-14\">2026年2月14日</time>"));
        }
        if (f.path == "404.html") CHECK(has(f.contents, "页面不存在"));
    }
    CHECK(pages >= 5);
}

TEST_CASE("site.words: the author's words over the table, checked with file, line and column", "[words]") {
    Site site;
    Diagnostics diags;
    REQUIRE(load_site_json("content.json", bundle("zh", R"({"contents": "目次", "reading_time": "{n} 分钟"})"), site,
                           diags));
    CHECK(diags.empty());
    CHECK(site.info.words.contents == "目次");
    CHECK(site.info.words.writing == "文章"); // the rest from the table
    FixedMeasurer m;
    CHECK(has(book_text(compose_article(site, site.find_article("one"), m)), "1 分钟"));

    Site bad;
    Diagnostics problems;
    load_site_json("content.json",
                   bundle("en", R"({"contens": "toc", "number": "issue", "older": 3, "reading_time": "{n} min"})"), bad,
                   problems);
    REQUIRE(problems.size() == 3);
    CHECK(problems[0].line == 5);
    CHECK(problems[0].column > 1);
    CHECK(problems[0].path == "$.site.words.contens");
    CHECK(has(problems[0].message, "'contens' is not one of the book's words"));
    CHECK(has(problems[0].hint, "did you mean 'contents'?"));
    CHECK(problems[1].path == "$.site.words.number");
    CHECK(has(problems[1].message, "leaves out {n}"));
    CHECK(problems[2].path == "$.site.words.older");
    CHECK(has(problems[2].message, "not a number"));
    CHECK(bad.info.words.reading_time == "{n} min"); // the good one is taken
    CHECK(bad.info.words.number == "no. {n}");       // the bad ones keep the table's
}

TEST_CASE("a language folio has no words for is said once, at the language, and the author's words serve", "[words]") {
    Site site;
    Diagnostics diags;
    load_site_json("content.json", bundle("sw", R"({"contents": "yaliyomo"})"), site, diags);
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].warning);
    CHECK(diags[0].path == "$.site.language");
    CHECK(diags[0].line == 4);
    CHECK(has(diags[0].message, "no words of its own for 'sw'"));
    CHECK(has(diags[0].message, "(writing, continued, front_page, search_all, ...) stay English"));
    CHECK(has(diags[0].hint, "site.words"));
    CHECK(site.info.words.contents == "yaliyomo");
    CHECK(site.info.words.writing == "writing");

    // Every word given: nothing to say.
    std::string all = "{";
    for (const auto& [key, member] : word_keys())
        all += std::string(all.size() > 1 ? ", " : "") + "\"" + key + "\": \"" + Words{}.*member + "\"";
    Site whole;
    Diagnostics none;
    REQUIRE(load_site_json("content.json", bundle("sw", all + "}"), whole, none));
    CHECK(none.empty());
}

TEST_CASE("an Arabic date set right of a line is drawn in its own order, joined, like the line's runs", "[words]") {
    Site site;
    Diagnostics diags;
    REQUIRE(load_site_json("content.json", bundle("ar"), site, diags));
    FixedMeasurer m;
    const Book book = compose_site(site, m, ComposeState{});
    int dates = 0;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes)
            if (b.text == "14 فبراير") {
                ++dates;
                CHECK(b.rtl);
                CHECK(b.shown == visual_line(b.text, true)); // what the canvas draws: reordered and joined
                CHECK(b.shown != b.text);
            }
    CHECK(dates == 2); // the timeline's and the writing list's
}
