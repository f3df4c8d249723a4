// Names in any script (core/text/names.h): tags, slugs and ids, as an author in any language writes them.
#include <catch2/catch_test_macros.hpp>

#include "core/bundle/diagnostics.h"
#include "core/bundle/load.h"
#include "core/model/routes.h"
#include "core/text/names.h"

using namespace folio;

TEST_CASE("names in any script are kept, NFC-normalised and case-folded") {
    CHECK(check_name("周刊").normal == "周刊");
    CHECK(check_name("周刊").problem.empty());
    CHECK(check_name("日本語-メモ").normal == "日本語-メモ");
    CHECK(check_name("العربية").normal == "العربية");
    CHECK(check_name("हिन्दी").normal == "हिन्दी"); // virama and vowel signs are marks, not punctuation
    CHECK(check_name("ภาษาไทย").normal == "ภาษาไทย");
    CHECK(check_name("Rust").normal == "rust");
    CHECK(check_name("ΣΟΦΙΑ").normal == "σοφια");
    CHECK(check_name("Straße").normal == "strasse");
    // A decomposed é (e + U+0301) and a composed one are one name.
    CHECK(check_name("cafe\xCC\x81").normal == "caf\xC3\xA9");
    CHECK(check_name("caf\xC3\xA9").normal == "caf\xC3\xA9");
    CHECK(check_name("my-first-post").normal == "my-first-post");
}

TEST_CASE("names with invisible characters, spaces or punctuation are refused, saying which") {
    const auto problem = [](const std::string& s) { return check_name(s).problem; };
    CHECK(problem("周\xE2\x80\x8B刊") == "holds U+200B, an invisible character"); // zero-width space
    CHECK(problem("abc\xE2\x80\x8F") == "holds U+200F, an invisible character");  // right-to-left mark
    CHECK(problem("\xE2\x80\xAE"
                  "evil") == "holds U+202E, an invisible character"); // bidi override
    CHECK(problem("a\xE2\x81\xA6"
                  "b") == "holds U+2066, an invisible character");             // bidi isolate
    CHECK(problem("x\xEF\xBB\xBF") == "holds U+FEFF, an invisible character"); // BOM
    CHECK(problem("two words") == "holds a space");
    CHECK(problem("a/b") == "holds '/'");
    CHECK(problem("周刊。") == "holds '。'");
    CHECK(problem("-lead") == "starts or ends with a hyphen");
    CHECK(problem("") == "is empty");
    CHECK(problem("\xFF") == "is not valid UTF-8");
    CHECK_FALSE(check_name("周\xE2\x80\x8B刊").hint.empty());
}

namespace {

// A bundle by a Chinese author: the slug and the tags in Chinese, and one English tag written twice.
const char* const kChinese = R"({
  "schema": 1,
  "site": {"title": "周刊", "author": "作者", "tagline": "笔记。", "base_url": "https://zh.example/",
           "language": "zh", "description": "笔记。"},
  "timeline": [],
  "writing": [
    {"slug": "极光", "title": "极光", "date": "2026-03-01", "dek": "极光。", "opening": "极光。",
     "tags": ["周刊", "Rust", "rust"]}
  ],
  "contents": [{"title": "writing", "chapter": "writing"}]
})";

} // namespace

TEST_CASE("a bundle with tags and slugs in other scripts loads, and their addresses are percent-encoded") {
    Site site;
    Diagnostics d;
    REQUIRE(load_site_json("content.json", kChinese, site, d));
    CHECK(d.empty());
    const Article& a = site.writing.at(0);
    CHECK(a.slug == "极光");
    CHECK(a.tags == std::vector<std::string>{"周刊", "rust"});
    CHECK(article_path(a) == "/writing/极光");
    CHECK(absolute_url(site, tag_path("周刊")) == "https://zh.example/tags/%E5%91%A8%E5%88%8A");
    // The browser's location is percent-encoded; the route is found all the same.
    const Route t = resolve_route(site, "/tags/%E5%91%A8%E5%88%8A/");
    CHECK(t.kind == RouteKind::Tag);
    CHECK(t.tag == "周刊");
    CHECK(resolve_route(site, "/writing/%E6%9E%81%E5%85%89").kind == RouteKind::Article);
    CHECK(resolve_route(site, "/writing/极光").kind == RouteKind::Article);
}

TEST_CASE("a tag with an invisible character is a located error") {
    std::string text = kChinese;
    text.replace(text.find("\"周刊\", \"Rust\""), 8, "\"周\xE2\x80\x8B刊\"");
    Site site;
    Diagnostics d;
    CHECK_FALSE(load_site_json("content.json", text, site, d));
    REQUIRE(d.size() == 1);
    CHECK(d[0].path == "$.writing[0].tags[0]");
    CHECK(d[0].line == 8);
    CHECK(d[0].column == 15);
    CHECK(d[0].message == "the tag '周\xE2\x80\x8B刊' holds U+200B, an invisible character");
    CHECK(format_diagnostic(d[0]).find("content.json:8:15: error: ") == 0);
}
