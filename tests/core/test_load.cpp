// Loading and checking bundles: one test per error kind, asserting line, column, path and message.
#include <catch2/catch_test_macros.hpp>

#include <filesystem>
#include <fstream>

#include "core/load.h"

using namespace folio;

namespace {

// A minimal valid bundle; tests replace parts of it.
const char* const kValid = R"({
  "schema": 1,
  "site": {
    "title": "Ada", "author": "Ada Example", "tagline": "Compilers.",
    "base_url": "https://ada.example/", "language": "en", "description": "Notes."
  },
  "timeline": [],
  "writing": [
    {"slug": "a-post", "title": "A post", "date": "2026-03-01", "dek": "Dek.", "opening": "Opening."}
  ],
  "contents": [{"title": "writing", "chapter": "writing"}]
})";

Diagnostics check(const std::string& text) {
    Site site;
    Diagnostics d;
    load_site_json("content.json", text, site, d);
    return d;
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
    size_t at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
}

} // namespace

TEST_CASE("a valid bundle loads and derives", "[load]") {
    Site site;
    Diagnostics d;
    REQUIRE(load_site_json("content.json", kValid, site, d));
    CHECK(d.empty());
    REQUIRE(site.writing.size() == 1);
    CHECK(site.writing[0].number == 1);
    CHECK(site.writing[0].body_markdown == "Opening.");
    CHECK(site.info.guid_base == "https://ada.example/");
}

TEST_CASE("not JSON: position of the syntax error", "[load]") {
    Diagnostics d = check("{\n  \"schema\": 1,\n  \"site\": tru\n}");
    REQUIRE(d.size() == 1);
    CHECK(d[0].line == 3);
    CHECK(d[0].column == 14);
    CHECK(d[0].message.find("not valid JSON") == 0);
    CHECK(format_diagnostic(d[0]).find("content.json:3:14: error: ") == 0);
}

TEST_CASE("empty, truncated, NUL, invalid UTF-8 and deep nesting each get a clear error", "[load]") {
    Diagnostics empty = check("  \n");
    REQUIRE(empty.size() == 1);
    CHECK(empty[0].message == "the file is empty");

    Diagnostics truncated = check(std::string(kValid).substr(0, 120));
    REQUIRE(truncated.size() == 1);
    CHECK(truncated[0].hint.find("ends too early") != std::string::npos);

    std::string with_nul = replace(kValid, "Compilers.", std::string("Comp\0ilers.", 11));
    Diagnostics nul = check(with_nul);
    REQUIRE(nul.size() == 1);
    CHECK(nul[0].line == 4);
    CHECK(nul[0].hint.find("\\u0000") != std::string::npos);

    Diagnostics utf8 = check(replace(kValid, "Compilers.", "Comp\xFFilers."));
    REQUIRE(utf8.size() == 1);
    CHECK(utf8[0].line == 4);
    CHECK(utf8[0].column == 62);
    CHECK(utf8[0].message == "invalid UTF-8 (byte 0xFF)");

    std::string deep = std::string(100000, '[') + std::string(100000, ']');
    Diagnostics nest = check(deep);
    REQUIRE(nest.size() == 1);
    CHECK(nest[0].message == "nesting deeper than 256 levels");
    CHECK(nest[0].column == 257);
}

TEST_CASE("unsupported schema version", "[load]") {
    Diagnostics d = check(replace(kValid, "\"schema\": 1", "\"schema\": 2"));
    REQUIRE(d.size() == 1);
    CHECK(d[0].path == "$.schema");
    CHECK(d[0].line == 2);
    CHECK(d[0].column == 13);
    CHECK(d[0].message == "unsupported schema version 2");
}

TEST_CASE("wrong type", "[load]") {
    Diagnostics d = check(replace(kValid, "\"title\": \"Ada\"", "\"title\": 42"));
    REQUIRE(d.size() == 1);
    CHECK(d[0].path == "$.site.title");
    CHECK(d[0].line == 4);
    CHECK(d[0].column == 14);
    CHECK(d[0].message == "expected a string, found a number");
}

TEST_CASE("missing required field points at its object", "[load]") {
    Diagnostics d = check(replace(kValid, "\"dek\": \"Dek.\", ", ""));
    REQUIRE(d.size() == 1);
    CHECK(d[0].path == "$.writing[0]");
    CHECK(d[0].line == 9);
    CHECK(d[0].column == 5);
    CHECK(d[0].message == "missing required field 'dek'");
}

TEST_CASE("unknown field with a suggestion", "[load]") {
    Diagnostics d =
        check(replace(kValid, "\"date\": \"2026-03-01\"", "\"daet\": \"2026-03-01\", \"date\": \"2026-03-01\""));
    REQUIRE(d.size() == 1);
    CHECK(d[0].path == "$.writing[0].daet");
    CHECK(d[0].line == 9);
    CHECK(d[0].column == 43);
    CHECK(d[0].message == "unknown field 'daet'");
    CHECK(d[0].hint == "did you mean 'date'?");
}

TEST_CASE("duplicate slug", "[load]") {
    std::string two = replace(kValid, "\"opening\": \"Opening.\"}",
                              "\"opening\": \"Opening.\"},\n    {\"slug\": \"a-post\", \"title\": \"B\", \"date\": "
                              "\"2026-03-02\", \"dek\": \"D\", \"opening\": \"O\"}");
    Diagnostics d = check(two);
    REQUIRE(d.size() == 1);
    CHECK(d[0].path == "$.writing[1].slug");
    CHECK(d[0].line == 10);
    CHECK(d[0].column == 14);
    CHECK(d[0].message == "duplicate slug 'a-post'");
}

TEST_CASE("reference to a missing article and project", "[load]") {
    Diagnostics d = check(
        replace(kValid, "\"timeline\": []",
                "\"timeline\": [{\"year\": 2026, \"entries\": [{\"article\": \"nope\"}, {\"project\": \"gone\"}]}]"));
    REQUIRE(d.size() == 2);
    CHECK(d[0].path == "$.timeline[0].entries[0].article");
    CHECK(d[0].line == 7);
    CHECK(d[0].column == 55);
    CHECK(d[0].message == "no article has the slug 'nope'");
    CHECK(d[1].path == "$.timeline[0].entries[1].project");
    CHECK(d[1].message == "no project has the id 'gone'");
}

TEST_CASE("impossible date", "[load]") {
    Diagnostics d = check(replace(kValid, "2026-03-01", "2026-02-30"));
    REQUIRE(d.size() == 1);
    CHECK(d[0].path == "$.writing[0].date");
    CHECK(d[0].line == 9);
    CHECK(d[0].column == 51);
    CHECK(d[0].message == "'2026-02-30' is an impossible date");
}

TEST_CASE("javascript: links are errors", "[load]") {
    Diagnostics d = check(
        replace(kValid, "\"description\": \"Notes.\"",
                "\"description\": \"Notes.\", \"links\": [{\"text\": \"x\", \"href\": \"javascript:alert(1)\"}]"));
    REQUIRE(d.size() == 1);
    CHECK(d[0].path == "$.site.links[0].href");
    CHECK(d[0].line == 5);
    CHECK(d[0].message == "the link scheme 'javascript:' is not allowed");
    CHECK(d[0].hint == "use an http, https or mailto address");
}

TEST_CASE("empty title", "[load]") {
    Diagnostics d = check(replace(kValid, "\"title\": \"A post\"", "\"title\": \"  \""));
    REQUIRE(d.size() == 1);
    CHECK(d[0].path == "$.writing[0].title");
    CHECK(d[0].message == "'title' is empty");
}

TEST_CASE("duplicate keys are reported", "[load]") {
    Diagnostics d = check(replace(kValid, "\"language\": \"en\"", "\"language\": \"en\", \"language\": \"de\""));
    REQUIRE(d.size() == 1);
    CHECK(d[0].message == "duplicate key 'language'");
}

TEST_CASE("every problem is reported at once", "[load]") {
    std::string s = replace(kValid, "2026-03-01", "2026-13-01");
    s = replace(s, "\"title\": \"Ada\"", "\"title\": 1");
    s = replace(s, "\"schema\": 1,", "\"schema\": 1, \"extra\": true,");
    CHECK(check(s).size() == 3);
}

TEST_CASE("Markdown files: missing, not UTF-8, and read", "[load]") {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / "folio-test-bundle";
    fs::remove_all(dir);
    fs::create_directories(dir / "writing");
    auto write = [&](const fs::path& p, const std::string& s) { std::ofstream(p, std::ios::binary) << s; };
    write(dir / "content.json",
          replace(kValid, "\"opening\": \"Opening.\"", "\"opening\": \"Opening.\", \"body_file\": \"writing/a.md\""));

    Site missing;
    Diagnostics d1;
    CHECK_FALSE(load_bundle(dir.string(), missing, d1));
    REQUIRE(d1.size() == 1);
    CHECK(d1[0].path == "$.writing[0].body_file");
    CHECK(d1[0].message == "cannot read the Markdown file 'writing/a.md'");
    CHECK(d1[0].file == (dir / "content.json").string());

    write(dir / "writing/a.md", "caf\xE9\n");
    Site latin1;
    Diagnostics d2;
    CHECK_FALSE(load_bundle(dir.string(), latin1, d2));
    REQUIRE(d2.size() == 1);
    CHECK(d2[0].message == "'writing/a.md' is not UTF-8 (invalid byte at offset 3)");

    write(dir / "writing/a.md", "# Heading\n\nBody *text* here.\n");
    Site ok;
    Diagnostics d3;
    REQUIRE(load_bundle(dir.string(), ok, d3));
    CHECK(ok.writing[0].body.children.size() == 2);
    CHECK(ok.writing[0].words == 4);
    fs::remove_all(dir);
}

TEST_CASE("a 50 MB file gets an answer, not a crash", "[load]") {
    std::string big = replace(kValid, "\"Opening.\"", "\"" + std::string(50u << 20, 'x') + "\"");
    Site site;
    Diagnostics d;
    CHECK(load_site_json("content.json", big, site, d));
    CHECK(site.writing[0].opening.size() == (50u << 20));
}
