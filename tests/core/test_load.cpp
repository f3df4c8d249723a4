// Loading and checking bundles: one test per error kind, asserting line, column, path and message.
#include <catch2/catch_test_macros.hpp>

#include <filesystem>
#include <fstream>

#include "core/bundle/load.h"

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

TEST_CASE("a shelf may not take a reserved chapter id", "[load][vocabulary]") {
    for (const char* id : {"writing", "contents", "tags", "assets", "front"}) {
        const std::string loves = std::string(R"("loves": {"title": "things I love", "shelves": [
    {"id": ")") + id + R"(", "title": "books", "groups": [{"items": [{"title": "Dune"}]}]}]},
  "contents")";
        Diagnostics d = check(replace(kValid, "\"contents\"", loves));
        INFO(id);
        REQUIRE(d.size() == 1);
        CHECK(d[0].path == "$.loves.shelves[0].id");
        CHECK(d[0].line == 12);
        CHECK(d[0].column == 12);
        CHECK(d[0].message ==
              std::string("the id '") + id + "' is reserved (it names a chapter or a folder of the site)");
        CHECK(d[0].hint.find("choose another id; reserved: contents, loves, writing") == 0);
        CHECK(format_diagnostic(d[0]).find("content.json:12:12: error: $.loves.shelves[0].id: the id") == 0);
    }
}

TEST_CASE("the contents lists each chapter once, and only chapters that exist", "[load][vocabulary]") {
    Diagnostics d =
        check(replace(kValid, R"([{"title": "writing", "chapter": "writing"}])",
                      R"([{"title": "writing", "chapter": "writing"}, {"title": "again", "chapter": "writing"},
               {"title": "books", "chapter": "books"}])"));
    REQUIRE(d.size() == 2);
    CHECK(d[0].path == "$.contents[1].chapter");
    CHECK(d[0].message == "the chapter 'writing' is listed twice");
    CHECK(d[1].path == "$.contents[2].chapter");
    CHECK(d[1].message == "no chapter 'books'");
    CHECK(d[1].hint == "use one of: writing");
}

TEST_CASE("the chapters are one derived list, in the contents' order, writing always present", "[load][vocabulary]") {
    Site site;
    Diagnostics d;
    const std::string text = replace(kValid, R"("contents": [{"title": "writing", "chapter": "writing"}])",
                                     R"("loves": {"title": "things I love", "shelves": [
    {"id": "books", "title": "books", "groups": [{"items": [{"title": "Dune", "by": ["Frank Herbert", "someone"]}]}]},
    {"id": "songs", "title": "songs", "groups": []}]},
  "contents": [{"title": "my books", "chapter": "books"}, {"title": "loved", "chapter": "loves"}])");
    REQUIRE(load_site_json("content.json", text, site, d));
    std::vector<std::string> ids, titles;
    std::vector<int> numbers;
    for (const Chapter& c : site.chapters) {
        ids.push_back(c.id);
        titles.push_back(c.title);
        numbers.push_back(c.number);
    }
    CHECK(ids == std::vector<std::string>{"contents", "books", "loves", "songs", "writing"});
    CHECK(titles == std::vector<std::string>{"contents", "my books", "loved", "songs", "writing"});
    CHECK(numbers == std::vector<int>{0, 1, 2, 0, 0});
    CHECK(site.find_chapter("books")->kind == ChapterKind::Shelf);
    CHECK(site.find_chapter("books")->shelf == 0);
    CHECK(site.loves.shelves[0].count == 1);
    CHECK(site.loves.shelves[0].groups[0].items[0].by_line == "Frank Herbert, someone");
}

TEST_CASE("pull requests and their repository link to the contribution's own host", "[load][vocabulary]") {
    Site site;
    Diagnostics d;
    std::string text =
        replace(kValid, "\"timeline\": []", R"("contributions": [{"repo": "ada/cc", "host": "https://codeberg.org"}],
  "timeline": [{"year": 2026, "entries": [{"merged_into": "ada/cc", "show": 1, "pulls": [
    {"number": 7, "title": "Seven"}, {"number": 9, "title": "Nine"}, {"number": 11, "title": "Eleven"}]}]}])");
    REQUIRE(load_site_json("content.json", text, site, d));
    const TimelineEntry& e = site.timeline[0].entries[0];
    CHECK(e.repo_url == "https://codeberg.org/ada/cc");
    CHECK(e.pulls[0].url == "https://codeberg.org/ada/cc/pull/7");
    CHECK(e.rest == 2);
    CHECK(e.rest_label == "the rest (2)");
}

TEST_CASE("a contribution's host must be a web address", "[load][vocabulary]") {
    for (const char* host : {"/forge/", "javascript:alert(1)", "mailto:a@b.example"}) {
        Diagnostics d = check(replace(kValid, "\"timeline\": []",
                                      std::string(R"("contributions": [{"repo": "ada/cc", "host": ")") + host +
                                          R"("}], "timeline": [])"));
        INFO(host);
        REQUIRE(d.size() == 1);
        CHECK(d[0].path == "$.contributions[0].host");
        CHECK(d[0].hint == "write the forge's address, like https://codeberg.org/");
    }
}

TEST_CASE("dates are parsed strictly", "[load]") {
    for (const char* bad : {"+202-01-01", "2026-1-01x", " 2026-01-1", "2026-01-+1", "２０２６-01-01", "2026-0a-01"}) {
        Diagnostics d = check(replace(kValid, "2026-03-01", bad));
        INFO(bad);
        REQUIRE(d.size() == 1);
        CHECK(d[0].path == "$.writing[0].date");
        CHECK(d[0].message == std::string("'") + bad + "' is not a date");
    }
}

TEST_CASE("a file read into a buffer fills the memory the buffer holds", "[load]") {
    const std::filesystem::path file = std::filesystem::temp_directory_path() / "folio-read-into.txt";
    std::ofstream(file) << "{\"a\": 1}\n";
    std::string buffer;
    buffer.reserve(1 << 16);
    const char* memory = buffer.data();
    REQUIRE(read_whole_file_into(file.string(), buffer));
    CHECK(buffer == "{\"a\": 1}\n");
    CHECK(buffer.data() == memory); // the same memory, not a new string's
    std::filesystem::remove(file);
    CHECK_FALSE(read_whole_file_into(file.string(), buffer));
    CHECK(buffer.empty());
}

TEST_CASE("content.json read again alone: the entry replaced, and the old text's buffer given back", "[load]") {
    Site site;
    Diagnostics d;
    BundleText kept;
    REQUIRE(load_bundle(FOLIO_SOURCE_DIR, site, d, {}, &kept));
    const std::string slug = site.writing.front().slug, title = "\"" + site.writing.front().title + "\"";
    const size_t at = kept.text.find(title);
    REQUIRE(at != std::string::npos);
    const std::string old = kept.text;
    std::string text = old;
    text.replace(at, title.size(), "\"A title read again\"");
    const std::string edited = text;
    std::vector<std::string> changed;
    REQUIRE(reload_content(FOLIO_SOURCE_DIR, text, kept, site, d, changed) == Reload::Done);
    CHECK(changed == std::vector<std::string>{slug});
    CHECK(site.writing[site.find_article(changed[0])].title == "A title read again");
    CHECK(kept.text == edited);
    CHECK(text == old); // the buffer the next read fills
}
