// Hostile raw HTML (tests/fixtures/hostile): XSS and mutation-XSS payloads written in Markdown, run
// through the sanitiser and the HTML emit, and the output read back by a real HTML5 parser (gumbo, as a
// browser reads it: entities decoded, foreign content and raw-text elements parsed by the spec). Every
// element is then checked: nothing that runs, nothing that loads from another origin, nothing that
// redirects, submits or embeds. The auditor is checked too, on markup that must fail it.
#include <catch2/catch_test_macros.hpp>

#include <gumbo.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/bundle/load.h"
#include "core/markup/markdown.h"
#include "core/markup/raw_html.h"
#include "core/site/emit.h"
#include "core/site/html_document.h"
#include "core/wire/document_json.h"

using namespace folio;

namespace {

const std::string kBundle = FOLIO_SOURCE_DIR "/tests/fixtures/hostile";
const char* const kArticles[] = {"handlers.md", "schemes.md", "differentials.md", "elements.md"};

std::string read_text(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

bool starts_with(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

// The scheme a browser's URL parser sees, written here independently of links.cpp so the test does not
// trust the code it tests: tab, LF and CR removed anywhere; C0 controls and spaces trimmed; lower case.
std::string url_scheme(const std::string& value) {
    std::string s;
    for (char c : value)
        if (c != '\t' && c != '\n' && c != '\r') s += c;
    size_t b = 0, e = s.size();
    while (b < e && static_cast<unsigned char>(s[b]) <= 0x20)
        ++b;
    while (e > b && static_cast<unsigned char>(s[e - 1]) <= 0x20)
        --e;
    s = s.substr(b, e - b);
    size_t i = 0;
    auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    while (i < s.size() &&
           (alpha(s[i]) || (i > 0 && ((s[i] >= '0' && s[i] <= '9') || s[i] == '+' || s[i] == '-' || s[i] == '.'))))
        ++i;
    return i > 0 && i < s.size() && s[i] == ':' ? lower(s.substr(0, i)) : "";
}

std::string trimmed(const std::string& value) {
    std::string s;
    for (char c : value)
        if (c != '\t' && c != '\n' && c != '\r') s += c;
    size_t b = s.find_first_not_of(" \f\v\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17"
                                   "\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f");
    return b == std::string::npos ? "" : s.substr(b);
}

// A scheme that runs code or carries a document of its own.
bool executable_url(const std::string& value) {
    const std::string scheme = url_scheme(value);
    if (scheme == "javascript" || scheme == "vbscript") return true;
    return scheme == "data" && !starts_with(lower(trimmed(value)), "data:image/");
}

// A path of this site: "/x", never "//host" or "/\host" (browsers read a backslash as a slash).
bool site_path(const std::string& value) {
    const std::string s = trimmed(value);
    return s.size() >= 1 && s[0] == '/' && (s.size() == 1 || (s[1] != '/' && s[1] != '\\'));
}

// Attributes whose value a browser reads as an address (srcset: a list of them).
bool url_attribute(const std::string& name) {
    static const char* const names[] = {"href",     "src",    "action",   "formaction", "data", "poster",
                                        "codebase", "cite",   "longdesc", "background", "ping", "manifest",
                                        "icon",     "srcset", "usemap",   "archive"};
    return std::any_of(std::begin(names), std::end(names), [&](const char* n) { return name == n; });
}

enum class Where {
    Content, // author content in a page: what document_html writes into the article's div.body
    Feed,    // author content in the feed: the same, with absolute addresses and inline alignment
    Page,    // a whole page: the site's own head, chrome and scripts around the content and the early page
};

// The part of a page an element is in: what the build writes itself, the article's body (author
// content), or the early page (core/site/proof.cpp: the book's first page, set from author content).
enum class Region { Chrome, Content, Proof };

struct Auditor {
    Where where;
    std::string base; // the site's base_url: feed addresses of this site start with it
    std::vector<std::string> found;

    void bad(const std::string& tag, const std::string& why) { found.push_back("<" + tag + ">: " + why); }

    // What document_html may write, and the attributes each may carry: nothing else belongs in content.
    static bool content_tag(const std::string& t) {
        static const char* const tags[] = {
            "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "pre", "code", "span", "hr",
            "table", "thead", "tbody", "tr", "th", "td", "dl", "dt", "dd", "details", "summary", "figure", "figcaption",
            "div", "sub", "sup", "small", "mark", "cite", "q", "abbr", "em", "strong", "del", "a", "img", "br",
            // code tokens (html_document.cpp, token_element)
            "t-kw", "t-ty", "t-st", "t-nu", "t-co", "t-fn", "t-op", "t-pp", "t-ad", "t-rm"};
        return std::any_of(std::begin(tags), std::end(tags), [&](const char* x) { return t == x; });
    }
    bool content_attribute(const std::string& tag, const std::string& name, const std::string& value) const {
        if (tag == "a") return name == "href" || name == "title";
        if (tag == "img")
            return name == "src" || name == "alt" || name == "title" || name == "width" || name == "height" ||
                   name == "loading";
        if (tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6') return name == "id";
        if (tag == "ol") return name == "start";
        if (tag == "pre" || tag == "table") return name == "tabindex" && value == "0"; // they scroll: tab stops
        if (tag == "code" || tag == "span") return name == "class";
        if (tag == "abbr") return name == "title";
        if (tag == "th" || tag == "td") {
            if (where == Where::Feed) return name == "style" && starts_with(value, "text-align:");
            return name == "class" && starts_with(value, "align-");
        }
        return false;
    }

    // Checks every part of every page must pass: no script of the author's, no handler, no address that
    // runs code, nothing fetched from elsewhere, no element that redirects, embeds or frames.
    void everywhere(const GumboNode* n, const std::string& tag, bool in_head, Region region) {
        const GumboElement& e = n->v.element;
        if (e.tag_namespace != GUMBO_NAMESPACE_HTML) bad(tag, "an element in the SVG or MathML namespace");
        for (const char* t : {"base", "object", "embed", "iframe", "frame", "frameset", "applet", "portal", "isindex",
                              "keygen", "param", "area", "map", "noscript", "template"})
            if (tag == t && !(tag == "noscript" && in_head)) bad(tag, "an element that redirects, embeds or frames");
        // The site's own search form (GET to /search/) is the only form; author text never holds one.
        if (tag == "form" && (region != Region::Chrome || !site_path(attribute(n, "action"))))
            bad(tag, "a form that is not the site's search");
        if (tag == "input" && lower(attribute(n, "type")) == "image") bad(tag, "an image input");
        if (tag == "meta") {
            const std::string equiv = lower(attribute(n, "http-equiv"));
            if (!equiv.empty() && equiv != "content-security-policy") bad(tag, "http-equiv=" + equiv);
            if (!in_head) bad(tag, "outside the head");
        }
        if (tag == "script") {
            // The site's own scripts only: from a path of this site, with no text of their own.
            if (!site_path(attribute(n, "src")) || e.children.length > 0) bad(tag, "not the site's own script");
        }
        if (tag == "style" && (where != Where::Page || !in_head)) bad(tag, "a style element outside the head");
        if (tag == "link") {
            const std::string rel = lower(attribute(n, "rel")), href = attribute(n, "href");
            // The site's empty icon, "data:,", keeps browsers from asking for /favicon.ico.
            const bool own_icon = rel == "icon" && href == "data:,";
            const bool reference = rel == "canonical" || rel == "alternate"; // named, never fetched by the page
            if (!own_icon && !reference && !site_path(href)) bad(tag, "loads from another origin: " + href);
            if (!in_head) bad(tag, "outside the head");
        }
        const GumboVector& a = e.attributes;
        for (unsigned i = 0; i < a.length; ++i) {
            const auto* at = static_cast<const GumboAttribute*>(a.data[i]);
            const std::string name = lower(at->name), value = at->value;
            if (starts_with(name, "on")) bad(tag, "the event handler " + name);
            if (name == "srcdoc") bad(tag, "srcdoc");
            if (name == "style") {
                // Styles can fetch (url(), @import) and, in old engines, run (expression()).
                const std::string v = lower(value);
                if (where == Where::Content) bad(tag, "a style attribute");
                for (const char* fetch : {"url(", "image-set(", "@import", "expression(", "javascript:", "\\"})
                    if (v.find(fetch) != std::string::npos) bad(tag, "a style that fetches or runs: " + value);
            }
            if (name == "srcset") {
                std::stringstream list(value);
                for (std::string candidate; std::getline(list, candidate, ',');)
                    if (executable_url(candidate) || !loads_from_here(candidate))
                        bad(tag, "srcset candidate " + candidate);
            } else if ((url_attribute(name) || at->attr_namespace == GUMBO_ATTR_NAMESPACE_XLINK) &&
                       executable_url(value) && !(tag == "link" && value == "data:,")) {
                bad(tag, name + "=\"" + value + "\"");
            }
            if (tag != "link" && tag != "a" && url_attribute(name) && name != "cite" && !loads_from_here(value))
                bad(tag, name + " loads from another origin: " + value);
        }
    }

    // Links and images under the policy: links to the web, mail, this site or a heading; images from here.
    void addresses(const GumboNode* n, const std::string& tag) {
        if (tag == "a") {
            const std::string href = attribute(n, "href"), scheme = url_scheme(href), s = trimmed(href);
            const bool ok = scheme == "http" || scheme == "https" || scheme == "mailto" ||
                            (scheme.empty() && (site_path(href) || (!s.empty() && s[0] == '#')));
            if (!ok) bad(tag, "a link outside the policy: " + href);
        }
        if (tag == "img" && !loads_from_here(attribute(n, "src"))) bad(tag, "from elsewhere: " + attribute(n, "src"));
    }

    // Content: only what document_html writes.
    void content(const GumboNode* n, const std::string& tag) {
        if (!content_tag(tag)) {
            bad(tag, "not an element folio writes");
            return;
        }
        const GumboVector& a = n->v.element.attributes;
        for (unsigned i = 0; i < a.length; ++i) {
            const auto* at = static_cast<const GumboAttribute*>(a.data[i]);
            if (at->attr_namespace != GUMBO_ATTR_NAMESPACE_NONE || !content_attribute(tag, at->name, at->value))
                bad(tag, std::string("the attribute ") + at->name);
        }
    }

    // The policy (docs/content.md): images, and anything else a page fetches, come from this site only.
    bool loads_from_here(const std::string& value) const {
        std::string first = trimmed(value); // a srcset candidate: its address, before the descriptor
        first = first.substr(0, first.find(' '));
        if (where == Where::Feed) return (!base.empty() && starts_with(first, base)) || site_path(first);
        return site_path(first);
    }

    static std::string attribute(const GumboNode* n, const char* name) {
        const GumboAttribute* a = gumbo_get_attribute(&n->v.element.attributes, name);
        return a ? a->value : "";
    }

    static std::string tag_of(const GumboNode* n) {
        const GumboElement& e = n->v.element;
        if (e.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(e.tag);
        GumboStringPiece p = e.original_tag; // "<x-widget onclick=...>": the name alone
        gumbo_tag_from_original_text(&p);
        return lower(std::string(p.data ? p.data : "", p.data ? p.length : 0));
    }

    void walk(const GumboNode* n, Region region, bool in_head, bool in_main) {
        if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_TEMPLATE) return;
        const GumboElement& e = n->v.element;
        const std::string tag = tag_of(n), id = attribute(n, "id");
        // Author content: what the article's div.body (inside main#text) holds, and the early page, div#proof.
        Region below = region;
        if (region == Region::Chrome && in_main && tag == "div" && attribute(n, "class") == "body")
            below = Region::Content;
        else if (region == Region::Chrome && tag == "div" && id == "proof")
            region = below = Region::Proof;
        everywhere(n, tag, in_head, region);
        if (region != Region::Chrome) addresses(n, tag);
        if (region == Region::Content) content(n, tag);
        in_head = in_head || e.tag == GUMBO_TAG_HEAD;
        in_main = in_main || (tag == "main" && id == "text");
        for (unsigned i = 0; i < e.children.length; ++i)
            walk(static_cast<const GumboNode*>(e.children.data[i]), below, in_head, in_main);
    }
};

// What the auditor finds in html: a fragment (as main#text holds it) for content and feeds, a document
// for a page.
std::vector<std::string> audit(const std::string& html, Where where, const std::string& base = "") {
    GumboOptions options = kGumboDefaultOptions;
    if (where != Where::Page) {
        options.fragment_context = GUMBO_TAG_DIV;
        options.fragment_namespace = GUMBO_NAMESPACE_HTML;
    }
    GumboOutput* out = gumbo_parse_with_options(&options, html.data(), html.size());
    Auditor a{where, base, {}};
    const GumboNode* root = out->root;
    if (where == Where::Page) {
        a.walk(root, Region::Chrome, false, false);
    } else {
        const GumboVector& c = root->v.element.children; // the fragment's own <html>: not content
        for (unsigned i = 0; i < c.length; ++i)
            a.walk(static_cast<const GumboNode*>(c.data[i]), Region::Content, false, false);
    }
    gumbo_destroy_output(&options, out);
    return a.found;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v)
        s += "  " + x + "\n";
    return s;
}

// The fixture's articles, block by block: every block a payload (it names PWN, alert, msgbox or an
// outside host), so a block added without one is noticed.
struct Payload {
    std::string file, text;
};
std::vector<Payload> payloads() {
    std::vector<Payload> out;
    for (const char* name : kArticles) {
        const std::string md = read_text(kBundle + "/writing/" + name);
        size_t at = 0;
        while (at < md.size()) {
            size_t end = md.find("\n\n", at);
            if (end == std::string::npos) end = md.size();
            std::string block = md.substr(at, end - at);
            if (block.find_first_not_of("\n") != std::string::npos) out.push_back({name, block});
            at = end + 2;
        }
    }
    return out;
}

bool names_payload(const std::string& block) {
    const std::string l = lower(block);
    for (const char* marker : {"pwn", "alert(", "msgbox(", "evil.example", "tracker.example"})
        if (l.find(marker) != std::string::npos) return true;
    return false;
}

const Node* find_kind(const Node& n, NodeKind k) {
    if (n.kind == k) return &n;
    for (const Node& c : n.children)
        if (const Node* f = find_kind(c, k)) return f;
    return nullptr;
}

// As the hostile fixture's site sets it: other hosts' pictures off (its content.json), so nothing loads from
// elsewhere at all.
HtmlStyle no_other_hosts() {
    HtmlStyle st;
    st.other_host_images = false;
    return st;
}

std::string body_html(const std::string& md, bool other_host_images = false) {
    HtmlStyle st;
    st.route = "/writing/hostile";
    st.other_host_images = other_host_images;
    return document_html(parse_markdown(md), st);
}

} // namespace

TEST_CASE("hostile: the auditor fails on each kind of markup it exists to catch", "[raw_html][hostile]") {
    // Were the sanitiser to let any of these through, this is what the checks below would see.
    const char* const must_fail[] = {
        "<img src=/images/ok.png onerror=PWN()>",
        "<script>PWN()</script>",
        "<SCRIPT SRC=/x.js></SCRIPT>",
        "<a href=\"jav&#x09;ascript:PWN()\">x</a>",
        "<a href=\"&#106;avascript:PWN()\">x</a>",
        "<a href=\" &#1;JAVASCRIPT:PWN()\">x</a>",
        "<a href=\"java\nscript:PWN()\">x</a>",
        "<a href=\"vbscript:msgbox(1)\">x</a>",
        "<a href=\"data:text/html,<script>PWN()</script>\">x</a>",
        "<a href=\"//evil.example/\">x</a>",
        "<img src=\"https://tracker.example/p.gif\" alt=p>",
        "<img src=\"//tracker.example/p.gif\" alt=p>",
        "<img src=\"/ok.png\" srcset=\"javascript:PWN() 2x\">",
        "<iframe srcdoc=\"<script>PWN()</script>\"></iframe>",
        "<svg><a xlink:href=\"javascript:PWN()\"><text>x</text></a></svg>",
        "<math href=\"javascript:PWN()\">m</math>",
        "<base href=\"https://evil.example/\">",
        "<meta http-equiv=refresh content=\"0;url=https://evil.example/\">",
        "<form action=\"https://evil.example/\"></form>",
        "<object data=\"/x.swf\"></object>",
        "<embed src=\"/x.swf\">",
        "<p style=\"color:red\">styled</p>",
        "<span class=x onclick=PWN()>s</span>",
        "<video poster=\"javascript:PWN()\"></video>",
        "<style>*{}</style>",
    };
    for (const char* html : must_fail) {
        INFO(html);
        CHECK_FALSE(audit(html, Where::Content).empty());
    }
    // And passes what folio writes.
    const char* const must_pass[] = {
        "<p>Text <a href=\"https://ok.example/\" title=\"t\">a</a> <a href=\"/writing/x#part\">b</a> <a "
        "href=\"#part\">c</a> <a href=\"mailto:a@b.example\">d</a></p>",
        "<img src=\"/images/ok.png\" alt=\"a\" width=\"10\" loading=\"lazy\">",
        "<h2 id=\"a\">A</h2><pre><code class=\"language-c\"><t-kw>int</t-kw> <t-op>=</t-op></code></pre>",
        "<table><tr><td class=\"align-right\">1</td></tr></table>",
    };
    for (const char* html : must_pass) {
        INFO(html);
        CHECK(audit(html, Where::Content).empty());
    }
    // A page: the site's own head, search form and script pass; an injected handler, script, style,
    // outside load or refresh anywhere fails, and so does anything but folio's markup in the article body.
    const std::string page = "<!doctype html><html><head><link rel=\"icon\" href=\"data:,\"><meta "
                             "http-equiv=\"Content-Security-Policy\" content=\"x\"><link rel=\"stylesheet\" "
                             "href=\"/assets/f.css\"><link rel=\"canonical\" href=\"https://mallory.example/\">"
                             "</head><body><div id=\"proof\"><p style=\"--s:1\"><a class=\"f\" href=\"/x\">"
                             "x</a></p></div><main id=\"text\"><form action=\"/search/\"><input name=\"q\">"
                             "</form><article><div class=\"body\"><p>fine</p></div></article></main>"
                             "<script src=\"/assets/b.js\" defer></script></body></html>";
    CHECK(joined(audit(page, Where::Page)) == "");
    const std::pair<const char*, const char*> injections[] = {
        {"<main", "<div onclick=\"PWN()\"></div>"},
        {"<main", "<script>PWN()</script>"},
        {"</head>", "<link rel=\"stylesheet\" href=\"https://evil.example/x.css\">"},
        {"</head>", "<meta http-equiv=\"refresh\" content=\"0\">"},
        {"</head>", "<base href=\"/\">"},
        {"<main", "<form action=\"https://evil.example/\"></form>"},
        {"x</a></p>", "<a href=\"javascript:PWN()\">p</a>"},
        {"x</a></p>", "<i style=\"background:url(https://evil.example/)\"></i>"},
        {"<p>fine", "<p style=\"x\">s</p>"},
        {"<p>fine", "<form action=\"/search/\"></form>"},
        {"<p>fine", "<img src=\"https://tracker.example/p.gif\">"},
    };
    for (const auto& [before, evil] : injections) {
        std::string injected = page;
        injected.insert(injected.find(before), evil);
        INFO(evil);
        CHECK_FALSE(audit(injected, Where::Page).empty());
    }
}

TEST_CASE("hostile: the fixture's payloads, one by one, leave nothing that runs or loads", "[raw_html][hostile]") {
    const std::vector<Payload> all = payloads();
    CHECK(all.size() >= 30);
    for (const Payload& p : all) {
        INFO(p.file << ":\n" << p.text);
        CHECK(names_payload(p.text));
        // Through Markdown, as an article is built.
        const std::string html = body_html(p.text);
        const auto found = audit(html, Where::Content);
        INFO("HTML:\n" << html);
        CHECK(joined(found) == "");
        // Straight into the sanitiser, as a block and as a paragraph's content, and out as HTML.
        for (bool inline_content : {false, true}) {
            Document d;
            d.kind = NodeKind::Document;
            d.children = html_to_nodes(p.text, inline_content, {}, nullptr);
            if (inline_content) {
                Node para;
                para.kind = NodeKind::Paragraph;
                para.children = std::move(d.children);
                d.children = {std::move(para)};
            }
            const std::string out = document_html(d, no_other_hosts());
            INFO("inline " << inline_content << ":\n" << out);
            CHECK(joined(audit(out, Where::Content)) == "");
        }
    }
}

TEST_CASE("hostile: whole articles and the whole site, pages and feed, stay inert", "[raw_html][hostile]") {
    for (const char* name : kArticles) {
        INFO(name);
        CHECK(joined(audit(body_html(read_text(kBundle + "/writing/" + name)), Where::Content)) == "");
    }
    Site site;
    Diagnostics diag;
    REQUIRE(load_bundle(kBundle, site, diag));
    SiteAssets assets;
    assets.boot_js = "/assets/boot.1.js";
    assets.style_css = "/assets/folio.2.css";
    const auto files = emit_site(site, read_text(FOLIO_SOURCE_DIR "/shell.html"), assets);
    int pages = 0, items = 0;
    for (const OutputFile& f : files) {
        INFO(f.path);
        if (f.path.size() > 5 && f.path.substr(f.path.size() - 5) == ".html") {
            ++pages;
            CHECK(joined(audit(f.contents, Where::Page)) == "");
        }
        if (f.path == "rss.xml") {
            // Each item's HTML, as a feed reader reads it out of its CDATA section.
            const std::string open = "<content:encoded><![CDATA[", close = "]]></content:encoded>";
            for (size_t at = f.contents.find(open); at != std::string::npos; at = f.contents.find(open, at)) {
                at += open.size();
                const size_t end = f.contents.find(close, at);
                REQUIRE(end != std::string::npos);
                std::string item = f.contents.substr(at, end - at);
                size_t split;
                while ((split = item.find("]]]]><![CDATA[>")) != std::string::npos)
                    item.replace(split, 15, "]]>");
                ++items;
                CHECK(joined(audit(item, Where::Feed, site.info.base_url)) == "");
            }
        }
    }
    CHECK(pages >= 4 + 2); // the four articles, the front page, the writing list
    CHECK(items == 4);
    // Descriptions are HTML to feed readers: their XML text, unescaped once, is parsed again as HTML.
    const std::string rss = emit_rss(site);
    int descriptions = 0;
    for (size_t at = rss.find("<description>"); at != std::string::npos; at = rss.find("<description>", at)) {
        at += 13;
        std::string text = rss.substr(at, rss.find("</description>", at) - at), html;
        for (size_t i = 0; i < text.size(); ++i) {
            bool entity = false;
            for (const auto& [name, c] : {std::pair<const char*, char>{"&lt;", '<'},
                                          {"&gt;", '>'},
                                          {"&quot;", '"'},
                                          {"&#39;", '\''},
                                          {"&amp;", '&'}})
                if (!entity && text.compare(i, std::strlen(name), name) == 0) {
                    html += c;
                    i += std::strlen(name) - 1;
                    entity = true;
                }
            if (!entity) html += text[i];
        }
        ++descriptions;
        INFO("description: " << html);
        CHECK(joined(audit(html, Where::Feed, site.info.base_url)) == "");
    }
    CHECK(descriptions == 1 + 4); // the channel's and each item's
}

TEST_CASE("hostile: what the policy keeps, it keeps: own images, links out, media as links", "[raw_html][hostile]") {
    // The site's own image stays an image, without its handler.
    std::string html = body_html("<img src=\"/images/ok.png\" alt=\"ok\" onload=\"PWN('x')\">");
    CHECK(html.find("<img src=\"/images/ok.png\" alt=\"ok\"") != std::string::npos);
    CHECK(html.find("onload") == std::string::npos);
    // Another host's image shows (the site's CSP names its host, test_emit.cpp), asked for without the page's
    // address; where the site turns those off it is its alt text, linked. A protocol-relative one and a data:
    // address that is no raster picture are never loaded. (A data: PNG, JPEG, GIF, WebP or AVIF in base64
    // asks no host for anything: it is drawn, test_raw_html.cpp.)
    html = body_html("<img src=\"https://tracker.example/p.gif\" alt=\"pixel\" onerror=\"PWN('x')\">", true);
    CHECK(html.find("<img src=\"https://tracker.example/p.gif\" alt=\"pixel\" referrerpolicy=\"no-referrer\" "
                    "loading=\"lazy\">") != std::string::npos);
    CHECK(html.find("onerror") == std::string::npos);
    html = body_html("<img src=\"https://tracker.example/p.gif\" alt=\"pixel\">", false);
    CHECK(html.find("<img") == std::string::npos);
    CHECK(html.find("<a href=\"https://tracker.example/p.gif\">pixel</a>") != std::string::npos);
    for (const char* src : {"//tracker.example/p.gif", "data:image/svg+xml;base64,PHN2Zz4=",
                            "data:text/html;base64,PHNjcmlwdD4=", "/\\tracker.example/p"}) {
        INFO(src);
        html = body_html(std::string("<img src=\"") + src + "\" alt=\"pixel\">");
        CHECK(html.find("<img") == std::string::npos);
        CHECK(html.find("pixel") != std::string::npos);
    }
    // Media are links to their source, named by kind and host; an unsafe source is its label's text.
    Document d = parse_markdown("<iframe src=\"https://ok.example/embed\" srcdoc=\"<b>x</b>\"></iframe>\n");
    const Node* link = find_kind(d, NodeKind::Link);
    REQUIRE(link);
    CHECK(link->href == "https://ok.example/embed");
    html = body_html("<iframe src=\"javascript:PWN('x')\"></iframe>\n");
    CHECK(html.find("<a") == std::string::npos);
    // The tree the book reads carries the address as written; the book's own policy (layout.cpp's
    // follow_link, text_layer.cpp) decides, and the built data is checked by tests/feed/check_hostile.py.
    CHECK(document_json_text(parse_markdown("[a](javascript:PWN())\n")).find("<") == std::string::npos);
}
