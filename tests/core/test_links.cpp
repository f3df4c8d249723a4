// The one link policy (links.h): classify, and every renderer following it — the static HTML, the feed
// and the book the canvas draws.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>

#include "core/book/compose.h"
#include "core/bundle/load.h"
#include "core/markup/markdown.h"
#include "core/model/derive.h"
#include "core/model/links.h"
#include "core/site/html_document.h"
#include "support/sites.h"
#include "support/strings.h"

using namespace folio;
using folio::testing::count_of;

namespace {

// Every way an address can try to be something other than what it looks like.
const char* const kUnsafe[] = {
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\x01javascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/a",
    "/\\evil.example/a",
    "\\\\evil.example/a",
    "\\/evil.example/a",
    "file:///etc/passwd",
    "relative/path",
    "../up",
    "#",
    "",
    "   ",
};

Site one_article(const std::string& body) { return folio::testing::one_article_site(body); }

} // namespace

TEST_CASE("classify reads addresses as a browser's URL parser would", "[links]") {
    CHECK(classify("/writing/x") == LinkKind::SitePath);
    CHECK(classify("/") == LinkKind::SitePath);
    CHECK(classify("https://example.org/") == LinkKind::Web);
    CHECK(classify("HTTP://example.org/") == LinkKind::Web);
    CHECK(classify("  https://example.org/ ") == LinkKind::Web);
    CHECK(classify("mailto:ada@example.org") == LinkKind::Mail);
    CHECK(classify("#part-two") == LinkKind::Fragment); // a heading on the same page
    for (const char* u : kUnsafe) {
        INFO(u);
        CHECK(classify(u) == LinkKind::Unsafe);
        CHECK_FALSE(followable(u));
        CHECK_FALSE(loadable_image(u));
    }
    CHECK(loadable_image("/images/a.png"));
    CHECK_FALSE(loadable_image("https://example.org/a.png")); // never a texture: the host may send no CORS
    CHECK(shown_image("https://example.org/a.png", true));    // the text layer shows it
    CHECK_FALSE(shown_image("https://example.org/a.png", false));
    CHECK(shown_image("/images/a.png", false));
    CHECK_FALSE(shown_image("//example.org/a.png", true));
    CHECK(site_file("/rss.xml"));
    CHECK(site_file("/images/a.png"));
    CHECK_FALSE(site_file("/writing/a"));
    CHECK_FALSE(site_file("/"));
}

TEST_CASE("an unsafe Markdown link is plain text in the HTML and in the book", "[links]") {
    int checked = 0; // the addresses that reach the checks below
    for (const char* u : kUnsafe) {
        // Not Markdown link destinations: empty, white space, and "\\/" (an escaped slash, so a plain site path).
        if (!*u || std::string(u).find_first_of("\n\t ") != std::string::npos || std::string(u) == "\\/evil.example/a")
            continue;
        // Relative references resolve against the page's route, as a browser would (url.h): links, not text.
        if (std::string(u) == "relative/path" || std::string(u) == "../up") continue;
        ++checked;
        const std::string body = std::string("Click [the bait](<") + u + ">) now.";
        INFO(body);
        Site s = one_article(body);
        const std::string html = document_html(s.writing[0].body);
        CHECK(html.find("<a ") == std::string::npos);
        CHECK(html.find("the bait") != std::string::npos);
        FixedMeasurer m;
        Book book = compose_article(s, 0, m);
        bool bait = false;
        for (const Page& p : book.pages)
            for (const Box& b : p.boxes)
                if (b.text.find("bait") != std::string::npos) {
                    bait = true;
                    CHECK(b.link < 0);
                    CHECK(b.ink == Ink::Text);
                }
        CHECK(bait);
        for (const LinkAction& a : book.links)
            if (a.kind == ActionKind::Follow) CHECK(followable(a.href));
    }
    CHECK(checked == 10); // kUnsafe's 18 addresses less the 8 passed over above
}

TEST_CASE("the book and the HTML show the same pictures: the site's own, and other hosts' unless turned off",
          "[links]") {
    for (const bool other_hosts : {true, false}) {
        INFO(other_hosts);
        Site s = one_article("![own](/images/a.png)\n\n![other](https://pics.example/a.png)\n\n"
                             "![sneaky](/\\evil.example/a.png)\n\n![relative](//evil.example/a.png)\n");
        s.info.other_host_images = other_hosts;
        derive_sources(s);
        FixedMeasurer m;
        Book book = compose_article(s, 0, m);
        std::vector<std::string> shown = {"/images/a.png"};
        if (other_hosts) shown.push_back("https://pics.example/a.png");
        CHECK(book.images == shown);
        std::vector<std::string> alts;
        for (const Page& p : book.pages)
            for (const Box& b : p.boxes)
                if (b.kind == BoxKind::Image) {
                    alts.push_back(b.text);
                    REQUIRE(b.image >= 0);
                    CHECK(book.images[b.image] == shown[alts.size() - 1]);
                }
        CHECK(alts.size() == shown.size());
        CHECK(s.local_images == std::vector<std::string>{"/images/a.png"});
        HtmlStyle st;
        st.other_host_images = other_hosts;
        const std::string html = document_html(s.writing[0].body, st);
        CHECK(html.find("<img src=\"/images/a.png\" alt=\"own\"") != std::string::npos);
        CHECK(count_of(html, "<img") == static_cast<int>(shown.size())); // the same pictures as the book
        CHECK((html.find("<img src=\"https://pics.example/a.png\" alt=\"other\"") != std::string::npos) == other_hosts);
        CHECK((html.find("<a href=\"https://pics.example/a.png\">other</a>") != std::string::npos) == !other_hosts);
        CHECK(html.find("evil.example/a.png\" alt") == std::string::npos);
        CHECK(html.find("sneaky") != std::string::npos);
    }
}

TEST_CASE("links in the book carry typed actions: follow and fold", "[links]") {
    Site s = one_article("See [the spec](https://spec.example/) and [home](/).");
    FixedMeasurer m;
    Book book = compose_article(s, 0, m);
    std::vector<std::string> follows;
    for (const LinkAction& a : book.links) {
        CHECK(a.kind == ActionKind::Follow);
        follows.push_back(a.href);
    }
    CHECK(std::find(follows.begin(), follows.end(), "https://spec.example/") != follows.end());
    CHECK(std::find(follows.begin(), follows.end(), "/") != follows.end());
    CHECK(fold_link(3).kind == ActionKind::Fold);
    CHECK(fold_link(3).fold == 3);
    CHECK(follow_link("javascript:alert(1)").kind == ActionKind::None);
}

TEST_CASE("table cells keep emphasis, strikethrough, code and links", "[links][layout]") {
    Site s = one_article("| a | b |\n|---|---|\n| *em* | ~~gone~~ |\n| `code` | [l](https://x.example/) |\n");
    FixedMeasurer m;
    Book book = compose_article(s, 0, m);
    bool em = false, strike = false, code = false, link = false;
    for (const Page& p : book.pages)
        for (const Box& b : p.boxes) {
            if (b.text == "em" && b.face == Face::Italic) em = true;
            if (b.text == "gone" && b.strike) strike = true;
            if (b.text == "code" && b.face == Face::Mono) code = true;
            if (b.text == "l" && b.link >= 0 && b.ink == Ink::Link) link = true;
        }
    CHECK(em);
    CHECK(strike);
    CHECK(code);
    CHECK(link);
}

TEST_CASE("image_origin is a picture's host as a CSP source, or nothing", "[links]") {
    CHECK(image_origin("https://cdn.example.com/a/b.png?x=1") == "https://cdn.example.com");
    CHECK(image_origin("HTTPS://CDN.Example.com:8443/b.png") == "https://cdn.example.com:8443");
    CHECK(image_origin("http://user:pw@img.example/b.png") == "http://img.example");
    CHECK(image_origin("https://127.0.0.1:41917") == "https://127.0.0.1:41917");
    CHECK(image_origin("https://[::1]:80/x.png") == "https://[::1]:80");
    CHECK(image_origin("https://例子.测试/a.png").empty());            // a CSP needs the punycode form
    CHECK(image_origin("https://a.example;script-src/x.png").empty()); // nothing that could end the directive
    CHECK(image_origin("https:///x.png").empty());
    CHECK(image_origin("/images/a.png").empty());
    CHECK(image_origin("data:image/png;base64,iVBORw0KGgo=").empty());
}
