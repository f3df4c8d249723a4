// Old addresses kept (Article::aliases): the check's located errors, the redirect pages and _redirects the
// build writes, and what `folio import` keeps of Hugo's, Jekyll's and Zola's old addresses.
#include <catch2/catch_test_macros.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "cli/import.h"
#include "core/bundle/load.h"
#include "core/model/routes.h"
#include "core/site/emit.h"

using namespace folio;

namespace {

// Two articles; the tests give them aliases.
std::string bundle(const std::string& first_aliases, const std::string& second_aliases) {
    return R"({
  "schema": 1,
  "site": {
    "title": "Ada", "author": "Ada Example", "tagline": "Compilers.",
    "base_url": "https://ada.example/", "language": "en", "description": "Notes."
  },
  "timeline": [],
  "writing": [
    {"slug": "new-name", "title": "A renamed post", "date": "2026-03-01", "dek": "Dek.", "opening": "Opening.",
     "tags": ["rust"],
     "aliases": )" +
           first_aliases + R"(},
    {"slug": "other", "title": "Another", "date": "2026-02-01", "dek": "Dek.", "opening": "Opening.",
     "aliases": )" +
           second_aliases + R"(}
  ],
  "contents": [{"title": "writing", "chapter": "writing"}]
})";
}

Diagnostics check(const std::string& text, Site* loaded = nullptr) {
    Site site;
    Diagnostics d;
    load_site_json("content.json", text, site, d);
    if (loaded) *loaded = std::move(site);
    return d;
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

const OutputFile* file(const std::vector<OutputFile>& files, const std::string& path) {
    for (const OutputFile& f : files)
        if (f.path == path) return &f;
    return nullptr;
}

std::string read(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

TEST_CASE("aliases: paths of the site load; each old address is written once", "[aliases]") {
    Site site;
    Diagnostics d = check(bundle(R"(["/2019/05/old-name/", "/old.html"])", R"(["/p/other"])"), &site);
    CHECK(d.empty());
    REQUIRE(site.writing.size() == 2);
    CHECK(site.writing[0].aliases == std::vector<std::string>{"/2019/05/old-name/", "/old.html"});
    CHECK(alias_file("/2019/05/old-name/") == "2019/05/old-name/index.html");
    CHECK(alias_file("/2019/05/old-name") == "2019/05/old-name/index.html");
    CHECK(alias_file("/old.html") == "old.html");
    CHECK(alias_file("/posts/x/index.html") == "posts/x/index.html");
}

TEST_CASE("aliases: one that is no path of the site is a located error saying what to write", "[aliases]") {
    const std::string text = bundle(R"(["https://old.example/2019/x/", "2019/x", "/a?page=2", "/../etc", "/"])", "[]");
    Diagnostics d = check(text);
    REQUIRE(d.size() == 5);
    CHECK(d[0].path == "$.writing[0].aliases[0]");
    CHECK(d[0].line == 11);
    CHECK(d[0].column == 18);
    CHECK(d[0].message == "an alias is a path of this site, not a full URL");
    CHECK(d[0].hint == "write only its path: \"/2019/x/\"");
    CHECK(format_diagnostic(d[0]).find("content.json:11:18: error: ") == 0);
    CHECK(d[1].path == "$.writing[0].aliases[1]");
    CHECK(d[1].message == "an alias is a path of this site, starting with '/'");
    CHECK(d[2].message.find("'?' or '#'") != std::string::npos);
    CHECK(d[3].message == "an alias may not hold a '.' or '..' segment");
    CHECK(d[4].message == "an alias may not be the site's root");
}

TEST_CASE("aliases: one that takes a route of the site, or that two articles claim, is a located error", "[aliases]") {
    Diagnostics d = check(bundle(R"(["/writing/other/", "/tags/rust", "/rss.xml", "/assets/x", "/shared/"])",
                                 R"(["/writing", "/SHARED/", "/shared/index.html"])"));
    REQUIRE(d.size() == 6);
    CHECK(d[0].path == "$.writing[0].aliases[0]");
    CHECK(d[0].message == "the alias '/writing/other/' is an address this site already uses");
    CHECK(d[0].hint == "leave it out: the site answers /writing/other itself");
    CHECK(d[1].path == "$.writing[0].aliases[1]"); // a tag's page
    CHECK(d[2].path == "$.writing[0].aliases[2]"); // a file the build writes
    CHECK(d[3].path == "$.writing[0].aliases[3]"); // the build's own folder
    CHECK(d[4].path == "$.writing[1].aliases[0]"); // the writing chapter
    // "/SHARED/" is another address (paths are case-sensitive); "/shared/index.html" is "/shared/" again.
    CHECK(d[5].path == "$.writing[1].aliases[2]");
    CHECK(d[5].message == "the alias '/shared/index.html' is also claimed at $.writing[0].aliases[4]");
    CHECK(d[5].hint == "keep it on one article: an old address can lead to one page only");
    CHECK(d[5].line == 13);
}

TEST_CASE("aliases: a page at each old address sends the reader on; _redirects says the same; the feed and "
          "the sitemap never list them",
          "[aliases][emit]") {
    Site site;
    REQUIRE(check(bundle(R"(["/2019/05/old-name/", "/old.html", "/日志/旧"])", "[]"), &site).empty());
    SiteAssets assets;
    assets.style_css = "/assets/folio.abc.css";
    const std::vector<OutputFile> files = emit_site_files(site, "{{body}}", assets);
    const OutputFile* page = file(files, "2019/05/old-name/index.html");
    REQUIRE(page);
    CHECK(has(page->contents, "<link rel=\"canonical\" href=\"https://ada.example/writing/new-name\">"));
    CHECK(has(page->contents, "<meta http-equiv=\"refresh\" content=\"0; url=/writing/new-name\">"));
    CHECK(has(page->contents, "<a href=\"/writing/new-name\">A renamed post</a>")); // where the refresh is blocked
    CHECK(has(page->contents, "<meta name=\"robots\" content=\"noindex\">"));
    CHECK(has(page->contents, "<link rel=\"stylesheet\" href=\"/assets/folio.abc.css\">"));
    CHECK(has(page->contents, "Content-Security-Policy"));
    CHECK_FALSE(has(page->contents, "<script"));
    REQUIRE(file(files, "old.html"));
    CHECK(has(file(files, "old.html")->contents, "url=/writing/new-name"));
    REQUIRE(file(files, "日志/旧/index.html"));
    const OutputFile* redirects = file(files, "_redirects");
    REQUIRE(redirects);
    CHECK(redirects->contents == "/2019/05/old-name /writing/new-name 301\n"
                                 "/old.html /writing/new-name 301\n"
                                 "/%E6%97%A5%E5%BF%97/%E6%97%A7 /writing/new-name 301\n");
    for (const std::string& listing : {emit_sitemap(site), emit_rss(site)}) {
        CHECK(has(listing, "/writing/new-name"));
        CHECK_FALSE(has(listing, "old-name"));
        CHECK_FALSE(has(listing, "old.html"));
        CHECK_FALSE(has(listing, "%E6%97%A5"));
    }
    // A site without aliases writes no _redirects.
    site.writing[0].aliases.clear();
    CHECK_FALSE(file(emit_site_files(site, "{{body}}", assets), "_redirects"));
}

TEST_CASE("import keeps Hugo's url and aliases, Jekyll's permalink and redirect_from, Zola's aliases, and the "
          "addresses of the site's pattern",
          "[aliases][import]") {
    namespace fs = std::filesystem;
    const fs::path tmp = fs::temp_directory_path() / ("folio-aliases-" + std::to_string(::getpid()));
    fs::remove_all(tmp);
    fs::create_directories(tmp);
    struct Case {
        const char* name;
        const char* slug;
        std::vector<std::string> aliases;
    } cases[] = {{"hugo", "bundle-post", {"/2022/08/bundle-post/", "/posts/old-bundle", "/bundles/cat/"}},
                 {"hugo", "rust-good-parts", {"/posts/rust-good-parts/", "/2023/05/rust/"}}, // Hugo's own first
                 {"jekyll", "hello", {"/2019/01/01/hello.html", "/hello/", "/welcome/"}},
                 // The site's permalink expanded; its /hello/ is hello's already: a warning, not a second claim.
                 {"jekyll", "leap-day", {"/2020/02/29/leap-day/"}},
                 {"jekyll", "hello-2", {"/2021/hello/"}}, // its own permalink expanded; /writing, the new site's own
                 {"zola", "first", {"/2024/01/first/", "/old/first.html"}}};
    for (const char* name : {"hugo", "jekyll", "zola"}) {
        import::Options o;
        o.src = std::string(FOLIO_SOURCE_DIR) + "/tests/fixtures/import/" + name;
        o.dest = (tmp / name).string();
        REQUIRE(import::run(o) == 0);
    }
    for (const Case& c : cases) {
        INFO(c.name << " " << c.slug);
        Site site;
        Diagnostics d;
        REQUIRE(load_bundle((tmp / c.name).string(), site, d)); // the bundle passes folio check
        const int k = site.find_article(c.slug);
        REQUIRE(k >= 0);
        CHECK(site.writing[k].aliases == c.aliases);
    }
    // Kept in the post's own file, where the author will look for them.
    CHECK(has(read(tmp / "jekyll" / "writing" / "leap-day.md"), "aliases: [\"/2020/02/29/leap-day/\"]"));
    fs::remove_all(tmp);
}
