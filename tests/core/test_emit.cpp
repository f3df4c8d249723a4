// Tests for the static outputs (src/core/site/emit.h): the seed bundle's feed and pages, and a hostile site
// built in code whose every string tries to break out of HTML, XML or CDATA.
#include <catch2/catch_test_macros.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/bundle/load.h"
#include "core/model/derive.h"
#include "core/model/routes.h"
#include "core/site/emit.h"
#include "core/wire/document_json.h"
#include "support/seed.h"
#include "support/strings.h"

using namespace folio;
using folio::testing::count_of;

namespace {

//---- [SECTION] Helpers ----

// The text from the first `open` to the following `close` (inclusive), or "" if either is missing.
std::string between(const std::string& s, const std::string& open, const std::string& close) {
    size_t a = s.find(open);
    if (a == std::string::npos) return "";
    size_t b = s.find(close, a + open.size());
    return b == std::string::npos ? "" : s.substr(a, b + close.size() - a);
}

std::string read_text(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

using folio::testing::seed_site;

SiteAssets test_assets() {
    SiteAssets a;
    a.boot_js = "/assets/boot.1a2b.js";
    a.style_css = "/assets/folio.3c4d.css";
    a.preload = {"/assets/serif.5e6f.ttf", "/assets/folio.7a8b.wasm"};
    return a;
}

// Three faces (serif, italic, bold), each with its stand-in, for the tests of what a page preloads.
SiteAssets assets_with_three_faces() {
    SiteAssets a = test_assets();
    a.fonts = {"/assets/serif-regular.1.ttf", "/assets/serif-italic.2.ttf", "/assets/serif-bold.3.ttf"};
    a.font_metrics = {"/assets/serif-regular.metrics.4.ttf", "/assets/serif-italic.metrics.5.ttf",
                      "/assets/serif-bold.metrics.6.ttf"};
    return a;
}

const std::string* find_file(const std::vector<OutputFile>& files, const std::string& path) {
    for (const OutputFile& f : files)
        if (f.path == path) return &f.contents;
    return nullptr;
}

std::string file_or_fail(const std::vector<OutputFile>& files, const std::string& path) {
    const std::string* f = find_file(files, path);
    INFO("output " << path);
    REQUIRE(f != nullptr);
    return *f;
}

// The part of a page inside <main>: what the page says, not its metadata.
std::string main_text(const std::string& page) { return between(page, "<main", "</main>"); }

} // namespace

//---- [SECTION] The seed's feed ----

TEST_CASE("emit: the seed's rss has every article, newest first, with the seed's fields", "[emit][seed]") {
    const Site& site = seed_site();
    const std::string rss = emit_rss(site);

    CHECK(rss.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", 0) == 0);
    CHECK(rss.find("xmlns:atom=\"http://www.w3.org/2005/Atom\"") != std::string::npos);
    CHECK(rss.find("xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"") != std::string::npos);
    CHECK(count_of(rss, "<item>") == 28);
    CHECK(count_of(rss, "</item>") == 28);
    CHECK(rss.find(
              "<atom:link href=\"https://www.byanshuman.page/rss.xml\" rel=\"self\" type=\"application/rss+xml\"/>") !=
          std::string::npos);
    CHECK(rss.find("<link>https://www.byanshuman.page/</link>") != std::string::npos);
    CHECK(rss.find("<description>Writing on systems, GPUs, and distributed runtimes.</description>") !=
          std::string::npos);
    CHECK(rss.find("<language>en</language>") != std::string::npos);
    CHECK(rss.find("<lastBuildDate>Fri, 31 Jul 2026 00:00:00 GMT</lastBuildDate>") != std::string::npos);

    const std::string first = between(rss, "<item>", "</item>");
    REQUIRE_FALSE(first.empty());
    CHECK(first.find("<title>three hundred processes waited for one pid</title>") != std::string::npos);
    CHECK(first.find("<link>https://www.byanshuman.page/writing/three-hundred-processes-waited-for-one-pid</link>") !=
          std::string::npos);
    CHECK(
        first.find(
            "<guid "
            "isPermaLink=\"true\">https://byanshuman.page/writing/three-hundred-processes-waited-for-one-pid</guid>") !=
        std::string::npos);
    CHECK(first.find("<pubDate>Fri, 31 Jul 2026 00:00:00 GMT</pubDate>") != std::string::npos);
    CHECK(
        first.find("<description>The first description of HAMi issue 1662 blamed a file called /tmp/vgpulock/lock.") !=
        std::string::npos);
    CHECK(count_of(first, "<category>") == 5);
    for (const char* tag : {"hami", "cuda", "kubernetes", "linux", "concurrency"})
        CHECK(first.find(std::string("<category>") + tag + "</category>") != std::string::npos);
    CHECK(first.find("<content:encoded><![CDATA[<p>The first description") != std::string::npos);
}

TEST_CASE("emit: every feed item's guid uses guid_base and its link uses base_url", "[emit][seed]") {
    const Site& site = seed_site();
    const std::string rss = emit_rss(site);
    for (const Article& a : site.writing) {
        INFO(a.slug);
        CHECK(rss.find("<link>https://www.byanshuman.page/writing/" + a.slug + "</link>") != std::string::npos);
        CHECK(rss.find(">https://byanshuman.page/writing/" + a.slug + "</guid>") != std::string::npos);
        CHECK(rss.find("<pubDate>" + format_rfc822(a.date) + "</pubDate>") != std::string::npos);
    }
    // Newest first: the oldest article's item is the last.
    CHECK(rss.rfind("<item>") < rss.find("/writing/" + site.writing.back().slug + "</link>"));
}

//---- [SECTION] The seed's pages ----

TEST_CASE("emit: one page per route, plus 404, feed, sitemap, robots and headers", "[emit][seed]") {
    const Site& site = seed_site();
    const auto files = emit_site(site, read_text(FOLIO_SOURCE_DIR "/shell.html"), test_assets());
    const auto routes = all_routes(site);
    CHECK(files.size() == routes.size() + 5);
    std::set<std::string> paths;
    for (const OutputFile& f : files)
        paths.insert(f.path);
    CHECK(paths.size() == files.size()); // no two outputs share a path
    for (const char* p : {"index.html", "contents/index.html", "loves/index.html", "songs/index.html",
                          "books/index.html", "films/index.html", "writing/index.html", "work/index.html",
                          "find-me/index.html", "writing/three-hundred-processes-waited-for-one-pid/index.html",
                          "tags/hami/index.html", "404.html", "rss.xml", "sitemap.xml", "robots.txt", "_headers"})
        CHECK(paths.count(p) == 1);
}

TEST_CASE("emit: all_routes resolves each path as resolve_route does", "[emit][seed]") {
    const Site& site = seed_site();
    const auto routes = all_routes(site);
    CHECK(routes.size() == 1 + site.chapters.size() + site.writing.size() + site.tags.size() + 1);
    for (const Route& r : routes) {
        INFO(r.path);
        const Route slow = resolve_route(site, r.path);
        CHECK(r.kind == slow.kind);
        CHECK(r.path == slow.path);
        CHECK(r.chapter == slow.chapter);
        CHECK(r.article == slow.article);
        CHECK(r.tag == slow.tag);
        CHECK(r.kind != RouteKind::NotFound);
    }
}

TEST_CASE("emit: every page fills the shell with head, body and the boot script", "[emit][seed]") {
    const Site& site = seed_site();
    const auto files = emit_site(site, read_text(FOLIO_SOURCE_DIR "/shell.html"), test_assets());
    int pages = 0; // the pages checked: the loop passes over every other file
    for (const OutputFile& f : files) {
        if (f.path.size() < 5 || f.path.compare(f.path.size() - 5, 5, ".html") != 0) continue;
        ++pages;
        INFO(f.path);
        const std::string& p = f.contents;
        CHECK(p.find("{{") == std::string::npos);
        CHECK(p.find("<html lang=\"en\">") != std::string::npos);
        CHECK(p.find("<link rel=\"canonical\" href=\"https://www.byanshuman.page/") != std::string::npos);
        CHECK(p.find("<meta name=\"description\" content=\"") != std::string::npos);
        CHECK(p.find("<meta property=\"og:site_name\" content=\"Anshuman Agrawal\">") != std::string::npos);
        CHECK(p.find("<meta name=\"twitter:card\" content=\"summary\">") != std::string::npos);
        CHECK(
            p.find(
                "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"Anshuman Agrawal\" href=\"/rss.xml\">") !=
            std::string::npos);
        CHECK(p.find("<link rel=\"stylesheet\" href=\"/assets/folio.3c4d.css\">") != std::string::npos);
        CHECK(p.find("<link rel=\"preload\" href=\"/assets/serif.5e6f.ttf\" as=\"fetch\" crossorigin>") !=
              std::string::npos);
        CHECK(p.find("<link rel=\"preload\" href=\"/assets/folio.7a8b.wasm\" as=\"fetch\" crossorigin>") !=
              std::string::npos);
        CHECK(p.find("<script src=\"/assets/boot.1a2b.js\" defer></script>") != std::string::npos);
        CHECK(count_of(p, "<script") == 1); // never an inline script
        CHECK(p.find("<nav aria-label=\"contents\">") != std::string::npos);
        CHECK(p.find("<a href=\"/\">Anshuman Agrawal</a>") != std::string::npos);
        CHECK(p.find("<a href=\"/rss.xml\">") != std::string::npos);
        CHECK(count_of(p, "<h1>") == 1);
    }
    CHECK(pages == static_cast<int>(all_routes(site).size()) + 1); // every route and the 404 page
}

TEST_CASE("emit: each page shows its view's text", "[emit][seed]") {
    const Site& site = seed_site();
    const auto files = emit_site(site, read_text(FOLIO_SOURCE_DIR "/shell.html"), test_assets());

    const std::string front = main_text(file_or_fail(files, "index.html"));
    CHECK(front.find("<h1>Anshuman Agrawal</h1>") != std::string::npos);
    CHECK(front.find("<span>buy me a coffee</span>") != std::string::npos); // no href: plain text
    CHECK(front.find("<h2>2026</h2>") != std::string::npos);
    CHECK(front.find("<h2>2025</h2>") != std::string::npos);
    CHECK(front.find("merged into <a href=\"https://github.com/TheHPXProject/hpx\">TheHPXProject/hpx</a>") !=
          std::string::npos);
    CHECK(front.find("<a href=\"https://github.com/TheHPXProject/hpx/pull/7607\">#7607</a> Get the Rostam Jenkins "
                     "lanes passing again") != std::string::npos);
    CHECK(front.find("<details><summary>the rest (15)</summary>") != std::string::npos); // the book's words
    CHECK(front.find("on GitHub since 24 Sep<") != std::string::npos);                   // newest year: no year
    CHECK(front.find("first released on PyPI 29 Aug<") != std::string::npos);
    CHECK(front.find("on GitHub since 1 Sep 2025<") != std::string::npos); // an older year keeps it
    CHECK(front.find("<a href=\"/writing/three-hundred-processes-waited-for-one-pid\">three hundred processes waited "
                     "for one pid</a>") != std::string::npos);
    CHECK(front.find("<time datetime=\"2026-07-31\">31 Jul</time>") != std::string::npos);
    CHECK(front.find(html_escape(site.writing[0].dek)) != std::string::npos);

    const std::string books = main_text(file_or_fail(files, "books/index.html"));
    CHECK(books.find("Norwegian Wood") != std::string::npos);
    CHECK(books.find("Haruki Murakami") != std::string::npos);
    CHECK(books.find("<h2>literary fiction</h2>") != std::string::npos);
    CHECK(books.find("<p class=\"subtitle\">all of them, by kind</p>") != std::string::npos);

    const std::string songs = main_text(file_or_fail(files, "songs/index.html"));
    CHECK(songs.find("<cite>Northern Sky</cite>") != std::string::npos);
    CHECK(songs.find("Nick Drake") != std::string::npos);
    CHECK(songs.find("(English)") != std::string::npos);

    const std::string loves = main_text(file_or_fail(files, "loves/index.html"));
    CHECK(loves.find("<h1>things I love</h1>") != std::string::npos);
    CHECK(
        loves.find("<a href=\"/songs\">songs</a> <span class=\"subtitle\">mostly folk, country, and ghazals.</span>") !=
        std::string::npos);

    const std::string contents = main_text(file_or_fail(files, "contents/index.html"));
    CHECK(contents.find("<ol class=\"contents\">") != std::string::npos);
    CHECK(contents.find("<li><a href=\"/films\">films and series</a></li>") != std::string::npos);

    const std::string work = main_text(file_or_fail(files, "work/index.html"));
    CHECK(work.find("<dt>HPX</dt>") != std::string::npos);
    CHECK(work.find("GitHub, since 30 Jun 2026") != std::string::npos);
    CHECK(work.find("<a href=\"https://pypi.org/project/ceteris/\">PyPI</a>") != std::string::npos);
    CHECK(work.find("<a href=\"https://github.com/TheHPXProject/hpx\">HPX</a>") != std::string::npos); // from Markdown

    const std::string find_me = main_text(file_or_fail(files, "find-me/index.html"));
    CHECK(find_me.find("internet home") != std::string::npos);
    CHECK(find_me.find("AnshumanAgrawal") != std::string::npos);
    CHECK(find_me.find("<a href=\"https://github.com/iemAnshuman\">GitHub</a>") != std::string::npos);

    const std::string missing = file_or_fail(files, "404.html");
    CHECK(missing.find("<h1>page not found</h1>") != std::string::npos);
    CHECK(missing.find("<meta name=\"robots\" content=\"noindex\">") != std::string::npos);
}

TEST_CASE("emit: the writing page lists every article, numbered newest first", "[emit][seed]") {
    const Site& site = seed_site();
    const auto files = emit_site(site, read_text(FOLIO_SOURCE_DIR "/shell.html"), test_assets());
    const std::string list = between(file_or_fail(files, "writing/index.html"), "<ol class=\"writing\"", "</ol>");
    REQUIRE_FALSE(list.empty());
    CHECK(count_of(list, "<li") == 28);
    CHECK(list.find(" style=\"--digits:2\">") != std::string::npos);
    CHECK(
        list.find("<li><span class=\"n\">28 </span><a href=\"/writing/three-hundred-processes-waited-for-one-pid\">") !=
        std::string::npos);
    CHECK(list.find("<li><span class=\"n\">1 </span><a") != std::string::npos);
    // Numbered by text, never by the list's markers (reversed or value=: quadratic in Chrome).
    CHECK(list.find("value=") == std::string::npos);
    CHECK(list.find("reversed") == std::string::npos);
    CHECK(list.find("<time datetime=\"2026-07-31\">") != std::string::npos);
}

TEST_CASE("emit: article pages hold the opening, tags and neighbours", "[emit][seed]") {
    const Site& site = seed_site();
    const auto files = emit_site(site, read_text(FOLIO_SOURCE_DIR "/shell.html"), test_assets());
    for (const Article& a : site.writing) {
        INFO(a.slug);
        const std::string page = file_or_fail(files, "writing/" + a.slug + "/index.html");
        const std::string art = between(page, "<article>", "</article>");
        REQUIRE_FALSE(art.empty());
        CHECK(art.find("<h1>" + html_escape(a.title) + "</h1>") != std::string::npos);
        CHECK(art.find(html_escape(a.opening)) != std::string::npos);
        CHECK(art.find("<time datetime=\"" + format_iso(a.date) + "\">") != std::string::npos);
        CHECK(art.find(std::to_string(a.reading_minutes) + " min read") != std::string::npos);
        for (const std::string& t : a.tags)
            CHECK(art.find("<a href=\"/tags/" + t + "\"") != std::string::npos);
        if (a.prev >= 0) CHECK(art.find("href=\"/writing/" + site.writing[a.prev].slug + "\"") != std::string::npos);
        if (a.next >= 0) CHECK(art.find("href=\"/writing/" + site.writing[a.next].slug + "\"") != std::string::npos);
        CHECK(page.find("<meta property=\"og:type\" content=\"article\">") != std::string::npos);
        CHECK(page.find("<link rel=\"canonical\" href=\"https://www.byanshuman.page/writing/" + a.slug + "\">") !=
              std::string::npos);
    }
}

TEST_CASE("emit: tag pages list the articles with that tag", "[emit][seed]") {
    const Site& site = seed_site();
    const auto files = emit_site(site, read_text(FOLIO_SOURCE_DIR "/shell.html"), test_assets());
    for (const auto& kv : site.tags) {
        INFO(kv.first);
        const std::string list = between(main_text(file_or_fail(files, "tags/" + kv.first + "/index.html")),
                                         "<ol class=\"tagged\">", "</ol>");
        CHECK(count_of(list, "<li>") == static_cast<int>(kv.second.size()));
        for (int i : kv.second)
            CHECK(list.find("href=\"/writing/" + site.writing[i].slug + "\"") != std::string::npos);
    }
}

//---- [SECTION] Sitemap, robots.txt, _headers ----

TEST_CASE("emit: sitemap, robots.txt and _headers", "[emit][seed]") {
    const Site& site = seed_site();
    const std::string map = emit_sitemap(site);
    // Every route but the search form (noindex) is in the sitemap.
    CHECK(count_of(map, "<url>") == static_cast<int>(all_routes(site).size()) - 1);
    CHECK(map.find("/search") == std::string::npos);
    CHECK(map.find("<url><loc>https://www.byanshuman.page/</loc><lastmod>2026-07-31</lastmod></url>") !=
          std::string::npos);
    CHECK(map.find("<loc>https://www.byanshuman.page/writing/" + site.writing.back().slug + "</loc><lastmod>" +
                   format_iso(site.writing.back().date) + "</lastmod>") != std::string::npos);

    const auto files = emit_site(site, read_text(FOLIO_SOURCE_DIR "/shell.html"), test_assets());
    CHECK(file_or_fail(files, "robots.txt") ==
          "User-agent: *\nAllow: /\nSitemap: https://www.byanshuman.page/sitemap.xml\n");
    const std::string headers = file_or_fail(files, "_headers");
    CHECK(headers.find("wasm-unsafe-eval") != std::string::npos);
    // Inline style attributes only (the proof's positions; no selectors, no other origin): never inline
    // scripts, never <style> elements.
    CHECK(count_of(headers, "unsafe-inline") == 1);
    CHECK(headers.find("style-src-attr 'unsafe-inline'") != std::string::npos);
    CHECK(headers.find("frame-ancestors 'none'") != std::string::npos);
    CHECK(headers.find("X-Content-Type-Options: nosniff") != std::string::npos);
    CHECK(headers.find("/assets/*\n  Cache-Control: public, max-age=31536000, immutable") != std::string::npos);
    CHECK(headers.find("/math/*\n  Cache-Control: public, max-age=31536000, immutable") != std::string::npos);
    CHECK(headers.find("/*.wasm\n  Content-Type: application/wasm") != std::string::npos);
    CHECK(count_of(headers, "Content-Type: application/wasm") == 1); // two matching rules would join into one bad value
}

TEST_CASE("emit: every page carries the one CSP as a meta, minus what a meta cannot carry", "[emit][seed]") {
    const Site& site = seed_site();
    const auto files = emit_site(site, read_text(FOLIO_SOURCE_DIR "/shell.html"), test_assets());
    const std::string full = content_security_policy(site, false), meta = content_security_policy(site, true);
    CHECK(full == meta + "; frame-ancestors 'none'");
    CHECK(meta.find("frame-ancestors") == std::string::npos);
    CHECK(file_or_fail(files, "_headers").find("  Content-Security-Policy: " + full + "\n") != std::string::npos);
    const std::string tag = "<meta http-equiv=\"Content-Security-Policy\" content=\"" + html_escape(meta) + "\">";
    int pages = 0;
    for (const OutputFile& f : files) {
        if (f.path.size() < 5 || f.path.compare(f.path.size() - 5, 5, ".html") != 0) continue;
        ++pages;
        INFO(f.path);
        const size_t at = f.contents.find(tag);
        REQUIRE(at != std::string::npos);
        // Before anything the page loads: the stylesheet, the preloads, the boot script.
        CHECK(at < f.contents.find("<link rel=\"stylesheet\""));
        CHECK(at < f.contents.find("<script"));
    }
    CHECK(pages == static_cast<int>(all_routes(site).size()) + 1); // every route and the 404 page
}

//---- [SECTION] Markdown rendering ----

namespace {

Site small_site(const std::string& markdown) {
    Site s;
    s.info.title = s.info.author = "Ada Example";
    s.info.tagline = "I write compilers.";
    s.info.base_url = s.info.guid_base = "https://ada.example/";
    s.info.language = "en";
    s.info.description = "Notes.";
    Article a;
    a.slug = "parsing";
    a.title = "Parsing by hand";
    a.date = {2026, 3, 1};
    a.dek = "A parser.";
    a.opening = "Every parser starts as a loop.";
    a.tags = {"compilers"};
    a.body_markdown = markdown;
    s.writing.push_back(a);
    s.contents = {{"writing", "writing"}};
    derive_sources(s);
    return s;
}

std::string article_page(const Site& s) {
    const auto files = emit_site(s, "<main>{{body}}</main>", SiteAssets{});
    return between(file_or_fail(files, "writing/parsing/index.html"), "<article>", "</article>");
}

} // namespace

TEST_CASE("emit: Markdown bodies become semantic HTML", "[emit]") {
    const Site s = small_site("# Top\n\n## Sub\n\nSome *em*, **strong**, ~~gone~~ and `x<y`.  \nNext line.\n\n"
                              "> quoted\n\n3. three\n4. four\n\n- a\n- b\n\n"
                              "```cpp extra\nint main() { return 1 < 2; }\n```\n\n---\n\n"
                              "| l | c | r |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n\n"
                              "[site](/writing) [out](https://ex.org/?a=1&b=2 \"T\") ![alt](/img/a.png)\n");
    const std::string art = article_page(s);
    CHECK(art.find("<h2 id=\"top\">Top</h2>") != std::string::npos); // shifted: the title is the only h1
    CHECK(art.find("<h3 id=\"sub\">Sub</h3>") != std::string::npos);
    CHECK(art.find("<em>em</em>") != std::string::npos);
    CHECK(art.find("<strong>strong</strong>") != std::string::npos);
    CHECK(art.find("<del>gone</del>") != std::string::npos);
    CHECK(art.find("<code>x&lt;y</code>") != std::string::npos);
    CHECK(art.find("<br>") != std::string::npos);
    CHECK(art.find("<blockquote>\n<p>quoted</p>\n</blockquote>") != std::string::npos);
    CHECK(art.find("<ol start=\"3\">\n<li>three</li>") != std::string::npos);
    CHECK(art.find("<ul>\n<li>a</li>") != std::string::npos);
    CHECK(art.find("<pre tabindex=\"0\"><code class=\"language-cpp\"><t-ty>int</t-ty> <t-fn>main</t-fn>") !=
          std::string::npos);
    CHECK(art.find("<t-op>&lt;</t-op> <t-nu>2</t-nu>") != std::string::npos);
    CHECK(art.find("<hr>") != std::string::npos);
    CHECK(art.find("<th class=\"align-left\">l</th>") != std::string::npos);
    CHECK(art.find("<td class=\"align-center\">2</td>") != std::string::npos);
    CHECK(art.find("<td class=\"align-right\">3</td>") != std::string::npos);
    CHECK(art.find("<a href=\"/writing\">site</a>") != std::string::npos);
    CHECK(art.find("<a href=\"https://ex.org/?a=1&amp;b=2\" title=\"T\">out</a>") != std::string::npos);
    CHECK(art.find("<img src=\"/img/a.png\" alt=\"alt\" loading=\"lazy\">") != std::string::npos);
    CHECK(count_of(art, "<h1>") == 1);

    // The feed carries the same body with absolute addresses and inline alignment (no CSS there).
    const std::string rss = emit_rss(s);
    CHECK(rss.find("<a href=\"https://ada.example/writing\">site</a>") != std::string::npos);
    CHECK(rss.find("<img src=\"https://ada.example/img/a.png\"") != std::string::npos);
    CHECK(rss.find("<td style=\"text-align:right\">3</td>") != std::string::npos);
}

TEST_CASE("emit: pictures on other hosts show, and the CSP names exactly their hosts", "[emit]") {
    const std::string md = "![a cat](https://CDN.example.com/cat.png)\n\n"
                           "Inline <img src=\"http://img.example:8080/a/dog.jpg\" alt=\"dog\"> too.\n\n"
                           "![again](https://cdn.example.com/other.png) ![own](/images/a.png)\n";
    Site s = small_site(md);
    CHECK(s.image_origins == std::vector<std::string>{"http://img.example:8080", "https://cdn.example.com"});
    const std::string art = article_page(s);
    CHECK(art.find("<img src=\"https://CDN.example.com/cat.png\" alt=\"a cat\" referrerpolicy=\"no-referrer\" "
                   "loading=\"lazy\">") != std::string::npos);
    CHECK(art.find("<img src=\"http://img.example:8080/a/dog.jpg\" alt=\"dog\" referrerpolicy") != std::string::npos);
    CHECK(art.find("<img src=\"/images/a.png\" alt=\"own\" loading") != std::string::npos); // no referrer rule
    const std::string csp = content_security_policy(s, true);
    CHECK(csp.find("img-src 'self' data: http://img.example:8080 https://cdn.example.com;") != std::string::npos);
    const auto files = emit_site(s, "<head>{{head}}</head><main>{{body}}</main>", SiteAssets{});
    CHECK(file_or_fail(files, "_headers").find(content_security_policy(s, false)) != std::string::npos);
    CHECK(file_or_fail(files, "index.html").find(html_escape(csp)) != std::string::npos);

    // Turned off: each is its alt text, linked, and the policy names no other host.
    s.info.other_host_images = false;
    derive_sources(s);
    CHECK(s.image_origins.empty());
    const std::string own = article_page(s);
    CHECK(count_of(own, "<img") == 1);
    CHECK(own.find("<a href=\"https://CDN.example.com/cat.png\">a cat</a>") != std::string::npos);
    CHECK(content_security_policy(s, true).find("img-src 'self' data:;") != std::string::npos);
}

TEST_CASE("emit: only http, https, mailto, site paths and relative references become links", "[emit]") {
    const Site s = small_site("[one](javascript:alert(1)) [two](JavaScript:alert(2)) [three](data:text/html,x) "
                              "[four](//evil.example/) [five](mailto:ada@example.org) [six](relative/page) "
                              "![pic](javascript:alert(3))\n");
    const std::string art = article_page(s);
    CHECK(art.find("javascript:") == std::string::npos);
    CHECK(art.find("JavaScript:") == std::string::npos);
    CHECK(art.find("href=\"data:") == std::string::npos);
    CHECK(art.find("href=\"//evil") == std::string::npos);
    CHECK(art.find("href=\"relative") == std::string::npos);
    CHECK(art.find("<a href=\"/writing/relative/page\">six</a>") != std::string::npos); // as a browser resolves it
    CHECK(art.find("<img") == std::string::npos);
    CHECK(art.find("<a href=\"mailto:ada@example.org\">five</a>") != std::string::npos);
    for (const char* text : {"one", "two", "three", "four", "pic"})
        CHECK(art.find(text) != std::string::npos);
    CHECK(emit_rss(s).find("javascript:") == std::string::npos);
}

//---- [SECTION] Hostile content ----

TEST_CASE("emit: html_escape escapes markup and drops what XML forbids", "[emit]") {
    CHECK(html_escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    CHECK(html_escape(std::string("a\x01"
                                  "b\x1f"
                                  "c\x0b"
                                  "d",
                                  7)) == "abcd");
    CHECK(html_escape(std::string("a\0b", 3)) == "ab");
    CHECK(html_escape("tab\tnl\ncr\r") == "tab\tnl\ncr\r");
    CHECK(html_escape("\xEF\xBF\xBE") == "");                                     // U+FFFE is not an XML character
    CHECK(html_escape("bad\xFFutf8") == "bad\xEF\xBF\xBDutf8");                   // malformed bytes become U+FFFD
    CHECK(html_escape("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"); // an encoded surrogate
    CHECK(html_escape("\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 \xF0\x9F\x99\x82") ==
          "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 \xF0\x9F\x99\x82"); // right-to-left text and emoji pass
}

TEST_CASE("emit: long text is cleaned and escaped at any offset, as short text is", "[emit]") {
    // Plain ASCII is passed over eight bytes at a time: each kind of byte at each place in such a word.
    const std::string plain(37, 'x');
    const struct {
        std::string in, escaped, cleaned;
    } cases[] = {{"<", "&lt;", "<"},
                 {"'", "&#39;", "'"},
                 {"\x01", "", ""},
                 {"\n", "\n", "\n"},
                 {"\xFF", "\xEF\xBF\xBD", "\xEF\xBF\xBD"},
                 {"\xC3\xA9", "\xC3\xA9", "\xC3\xA9"},
                 {"\xEF\xBF\xBE", "", ""}};
    for (const auto& c : cases)
        for (size_t at = 0; at <= plain.size(); ++at) {
            const std::string s = plain.substr(0, at) + c.in + plain.substr(at);
            CHECK(html_escape(s) == plain.substr(0, at) + c.escaped + plain.substr(at));
            CHECK(clean_text(s) == plain.substr(0, at) + c.cleaned + plain.substr(at));
            CHECK(clean_text(std::string(s)) == plain.substr(0, at) + c.cleaned + plain.substr(at));
            std::string out = "kept ";
            append_html_escaped(out, s);
            CHECK(out == "kept " + plain.substr(0, at) + c.escaped + plain.substr(at));
        }
}

TEST_CASE("emit: an article's tree is written as the JSON DOM would write it, byte for byte", "[emit][document_json]") {
    Node all;
    all.kind = NodeKind::CodeBlock;
    all.text = "q\" b\\ t\t n\n r\r f\f b\b c\x01 d\x7f \xC3\xA9 \xF0\x9F\x99\x82";
    all.href = "/a?b=\"c\"";
    all.info = "go";
    all.id = "x";
    all.level = 2;
    all.ordered = true;
    all.align = Align::Right;
    all.header = true;
    all.width = 640;
    all.height = 480;
    all.runs = {{Token::Keyword, 4}, {Token::Plain, static_cast<uint32_t>(all.text.size() - 4)}};
    Node list;
    list.kind = NodeKind::List;
    list.start = -3;
    Node soft;
    soft.kind = NodeKind::SoftBreak;
    soft.text = "\n";
    Node empty;
    empty.kind = NodeKind::Paragraph;
    Document d;
    d.children = {all, list, soft, empty};
    d.children[1].children.push_back(Node{});
    d.children[1].children[0].kind = NodeKind::Text;
    d.children[1].children[0].text = "plain \x1f";
    CHECK(document_json_text(d) == document_to_json(d).dump());
    for (const char* bundle : {FOLIO_SOURCE_DIR "/tests/fixtures/rich", FOLIO_SOURCE_DIR}) {
        Site site;
        Diagnostics diag;
        REQUIRE(load_bundle(bundle, site, diag));
        for (const Article& a : site.writing)
            CHECK(document_json_text(a.body) == document_to_json(a.body).dump());
    }
}

namespace {

const std::string kEvil = "<script>alert(1)</script> \"quoted\" 'single' & ]]> "
                          "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 \xF0\x9F\x99\x82 ctl\x01"
                          "end";

Site hostile_site() {
    Site s;
    s.info.title = s.info.author = s.info.tagline = s.info.bio = s.info.description = kEvil;
    s.info.base_url = s.info.guid_base = "https://ada.example/";
    s.info.language = "en";
    s.info.links = {{kEvil, "javascript:alert(1)"}, {kEvil, ""}};
    for (int i = 0; i < 2; ++i) {
        Article a;
        a.slug = "evil-" + std::to_string(i);
        a.title = a.dek = a.opening = kEvil;
        a.date = {2026, 1, 1 + i};
        a.tags = {"evil"};
        a.body_markdown = "# " + kEvil + "\n\n" + kEvil + "\n\n[x](javascript:alert(1))\n\n```\n" + kEvil +
                          "\n]]></code></pre><script>alert(1)</script>\n```\n\n<div onclick=\"alert(1)\">" + kEvil +
                          "</div>\n";
        s.writing.push_back(a);
    }
    Project p;
    p.id = "proj";
    p.name = p.summary = p.where = kEvil;
    p.event = "since";
    p.date = {2026, 1, 1};
    p.links = {{kEvil, "javascript:alert(1)"}};
    s.projects.push_back(p);
    TimelineEntry pulls;
    pulls.kind = EntryKind::Pulls;
    pulls.ref = "ada/evil";
    pulls.show = 1;
    pulls.pulls = {{1, kEvil, ""}, {2, kEvil, ""}};
    TimelineEntry proj;
    proj.kind = EntryKind::Project;
    proj.ref = "proj";
    TimelineEntry art;
    art.kind = EntryKind::Article;
    art.ref = "evil-0";
    s.timeline = {{2026, {pulls, proj, art}}};
    s.contributions = {{"ada/evil", "https://github.com/", -1}};
    s.loves.present = true;
    s.loves.title = s.loves.intro_markdown = kEvil;
    Shelf shelf;
    shelf.id = "books";
    shelf.title = shelf.subtitle = kEvil;
    ShelfItem item;
    item.title = item.note = kEvil;
    item.href = "javascript:alert(1)";
    item.by = {kEvil, kEvil};
    shelf.groups = {{kEvil, {item}}};
    s.loves.shelves = {shelf};
    s.work.present = true;
    s.work.title = s.work.intro_markdown = s.work.after_markdown = kEvil;
    s.work.focus = {{kEvil, kEvil}};
    s.work.projects = {"proj"};
    s.find_me.present = true;
    s.find_me.title = s.find_me.handle_label = s.find_me.handle = kEvil;
    s.find_me.links = {{kEvil, "javascript:alert(1)"}};
    s.contents = {{kEvil, "loves"}, {kEvil, "books"}, {kEvil, "writing"}, {kEvil, "work"}, {kEvil, "find-me"}};
    derive_sources(s);
    return s;
}

// Every "<![CDATA[" section ends at a "]]>" that closes it: followed by the next section or the element's end.
bool cdata_sections_closed(const std::string& rss) {
    for (size_t at = rss.find("<![CDATA["); at != std::string::npos; at = rss.find("<![CDATA[", at + 1)) {
        size_t end = rss.find("]]>", at + 9);
        if (end == std::string::npos) return false;
        const std::string after = rss.substr(end + 3, 20);
        if (after.rfind("<![CDATA[", 0) != 0 && after.rfind("</content:encoded>", 0) != 0) return false;
    }
    return true;
}

} // namespace

TEST_CASE("emit: hostile content is escaped everywhere", "[emit]") {
    const Site s = hostile_site();
    const auto files = emit_site(s, read_text(FOLIO_SOURCE_DIR "/shell.html"), test_assets());
    REQUIRE(files.size() > 10);
    for (const OutputFile& f : files) {
        INFO(f.path);
        CHECK(f.contents.find("<script>alert") == std::string::npos);
        CHECK(f.contents.find("javascript:") == std::string::npos);
        CHECK(f.contents.find("onclick=\"") == std::string::npos);
        CHECK(f.contents.find('\x01') == std::string::npos);
        CHECK(f.contents.find("{{") == std::string::npos);
    }
    const std::string escaped =
        "&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &#39;single&#39; &amp; ]]&gt; ";
    for (const char* page : {"index.html", "writing/evil-0/index.html", "books/index.html", "work/index.html",
                             "find-me/index.html", "loves/index.html", "tags/evil/index.html", "404.html"}) {
        INFO(page);
        const std::string p = file_or_fail(files, page);
        CHECK(p.find(escaped) != std::string::npos);
        CHECK(p.find("\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7") != std::string::npos); // right-to-left text kept
        CHECK(p.find("\xF0\x9F\x99\x82 ctlend") != std::string::npos);                  // emoji kept, control dropped
    }
    const std::string title = between(file_or_fail(files, "index.html"), "<title>", "</title>");
    CHECK(title == "<title>" + html_escape(kEvil) + "</title>");
}

TEST_CASE("emit: hostile content keeps the feed well-formed", "[emit]") {
    const Site s = hostile_site();
    const std::string rss = emit_rss(s);
    CHECK(count_of(rss, "<item>") == 2);
    CHECK(rss.find("<title>" + html_escape(kEvil) + "</title>") != std::string::npos);
    // Descriptions are HTML to readers: the text is escaped for HTML, then for XML.
    CHECK(rss.find("<description>" + html_escape(html_escape(kEvil)) + "</description>") != std::string::npos);
    CHECK(rss.find('\x01') == std::string::npos);
    CHECK(rss.find("<script>alert") == std::string::npos);
    CHECK(count_of(rss, "<content:encoded><![CDATA[") == 2);
    CHECK(cdata_sections_closed(rss));
    // "]]>" in the text reaches the feed escaped, never as the end of a CDATA section.
    const std::string content = between(rss, "<content:encoded>", "</content:encoded>");
    CHECK(content.find("]]&gt;") != std::string::npos);
    CHECK(count_of(content, "]]>") == 1 + count_of(content, "]]]]><![CDATA[>"));
}

TEST_CASE("the feed carries the newest 100 articles of a long archive", "[emit][seed]") {
    Site site = seed_site();
    for (int i = 0; i < 150; ++i) {
        Article a = site.writing.back();
        a.slug = "old-" + std::to_string(i);
        a.date = Date{2001, 1, 1 + (i % 28)};
        site.writing.push_back(a);
    }
    derive_sources(site);
    std::string rss = emit_rss(site);
    size_t items = 0;
    for (size_t at = rss.find("<item>"); at != std::string::npos; at = rss.find("<item>", at + 1))
        ++items;
    CHECK(items == kFeedItems);
    CHECK(rss.find("three-hundred-processes-waited-for-one-pid") != std::string::npos); // the newest stays
    CHECK(rss.find("/writing/old-149<") == std::string::npos);                          // the oldest goes
}

TEST_CASE("emit: addresses are percent-encoded and relative links resolve against the article", "[emit]") {
    const Site s =
        small_site("[a](</my uri>) [b](../about) [c](other#part) [d](#part) [e](/x%20y) "
                   "[f](https://ex.org/caf\xC3\xA9) ![g](</images/a b.png>) [h](caf&eacute; \"&frac12;\")\n");
    const std::string art = article_page(s);
    CHECK(art.find("<a href=\"/my%20uri\">a</a>") != std::string::npos);
    CHECK(art.find("<a href=\"/about\">b</a>") != std::string::npos);
    CHECK(art.find("<a href=\"/writing/other#part\">c</a>") != std::string::npos);
    CHECK(art.find("<a href=\"#part\">d</a>") != std::string::npos); // within the page, whatever its URL
    CHECK(art.find("<a href=\"/x%20y\">e</a>") != std::string::npos);
    CHECK(art.find("<a href=\"https://ex.org/caf%C3%A9\">f</a>") != std::string::npos);
    CHECK(art.find("<img src=\"/images/a%20b.png\" alt=\"g\"") != std::string::npos);
    CHECK(art.find("<a href=\"/writing/caf%C3%A9\" title=\"\xC2\xBD\">h</a>") != std::string::npos);

    // The feed: the same links, absolute (a feed reader has no page to resolve against).
    const std::string rss = emit_rss(s);
    CHECK(rss.find("<a href=\"https://ada.example/writing/other#part\">c</a>") != std::string::npos);
    CHECK(rss.find("<a href=\"https://ada.example/writing/parsing#part\">d</a>") != std::string::npos);
    CHECK(rss.find("<a href=\"https://ada.example/my%20uri\">a</a>") != std::string::npos);
}

TEST_CASE("a page preloads the faces its route's first pages show, and the stand-ins of the others") {
    Site site = seed_site();
    SiteAssets a = assets_with_three_faces();
    a.first_faces = [](const Route& r) { return r.kind == RouteKind::Article ? 0b101u : 0b001u; };
    auto preloads = [](const std::string& page, const std::string& path) {
        return count_of(page, "<link rel=\"preload\" href=\"" + path + "\" as=\"fetch\" crossorigin>");
    };
    const std::string front = emit_page(site, resolve_route(site, "/"), "{{head}}", a).contents;
    CHECK(preloads(front, "/assets/serif-regular.1.ttf") == 1);
    CHECK(preloads(front, "/assets/serif-italic.2.ttf") == 0);
    CHECK(preloads(front, "/assets/serif-italic.metrics.5.ttf") == 1);
    CHECK(preloads(front, "/assets/serif-bold.metrics.6.ttf") == 1);
    CHECK(preloads(front, "/assets/serif-regular.metrics.4.ttf") == 0);
    CHECK(front.find("<meta name=\"folio-faces\" content=\"0\">") != std::string::npos);
    const std::string article =
        emit_page(site, resolve_route(site, "/writing/" + site.writing.front().slug), "{{head}}", a).contents;
    CHECK(preloads(article, "/assets/serif-bold.3.ttf") == 1);
    CHECK(preloads(article, "/assets/serif-italic.metrics.5.ttf") == 1);
    CHECK(article.find("<meta name=\"folio-faces\" content=\"0 2\">") != std::string::npos);
    // Without stand-ins every face comes whole, and web/downloads.js is told nothing.
    a.font_metrics.clear();
    const std::string whole = emit_page(site, resolve_route(site, "/"), "{{head}}", a).contents;
    CHECK(preloads(whole, "/assets/serif-italic.2.ttf") == 1);
    CHECK(whole.find("folio-faces") == std::string::npos);
}

TEST_CASE("the main routes preload the partials of their first faces; articles and tag pages the whole faces") {
    Site site = seed_site();
    SiteAssets a = assets_with_three_faces();
    a.font_partials = {"/assets/serif-regular.partial.7.ttf", "", "/assets/serif-bold.partial.9.ttf"};
    a.first_faces = [](const Route&) { return 0b101u; };
    auto preloads = [](const std::string& page, const std::string& path) {
        return count_of(page, "<link rel=\"preload\" href=\"" + path + "\" as=\"fetch\" crossorigin>");
    };
    for (const char* path : {"/", "/books/"}) {
        INFO(path);
        const std::string main = emit_page(site, resolve_route(site, path), "{{head}}", a).contents;
        CHECK(preloads(main, "/assets/serif-regular.partial.7.ttf") == 1);
        CHECK(preloads(main, "/assets/serif-bold.partial.9.ttf") == 1);
        CHECK(preloads(main, "/assets/serif-regular.1.ttf") == 0);
        CHECK(preloads(main, "/assets/serif-bold.3.ttf") == 0);
        CHECK(preloads(main, "/assets/serif-italic.metrics.5.ttf") == 1);
        CHECK(main.find("<meta name=\"folio-faces\" content=\"0 2\">") != std::string::npos);
        CHECK(main.find("<meta name=\"folio-partial\" content=\"0 2\">") != std::string::npos);
    }
    const std::string article =
        emit_page(site, resolve_route(site, "/writing/" + site.writing.front().slug), "{{head}}", a).contents;
    CHECK(preloads(article, "/assets/serif-regular.1.ttf") == 1);
    CHECK(preloads(article, "/assets/serif-bold.3.ttf") == 1);
    CHECK(article.find(".partial.") == std::string::npos);
    CHECK(article.find("folio-partial") == std::string::npos);
    for (const auto& [t, articles] : site.tags) {
        const Route r = resolve_route(site, tag_path(t));
        REQUIRE(r.kind == RouteKind::Tag);
        CHECK(emit_page(site, r, "{{head}}", a).contents.find(".partial.") == std::string::npos);
    }
    // Without stand-ins (an older fonts folder) every face comes whole, partials or not.
    a.font_metrics.clear();
    const std::string whole = emit_page(site, resolve_route(site, "/"), "{{head}}", a).contents;
    CHECK(preloads(whole, "/assets/serif-regular.1.ttf") == 1);
    CHECK(whole.find("folio-partial") == std::string::npos);
}
