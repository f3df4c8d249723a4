// folio core: the feed, the sitemap, robots.txt and _headers. See emit.h.
#include "core/site/emit.h"

#include "core/model/links.h"
#include "core/model/routes.h"
#include "core/site/html_document.h"
#include "core/text/text.h"
#include "core/text/url.h"

namespace folio {

namespace {

std::string esc(const std::string& s) { return html_escape(s); }

// CDATA cannot hold "]]>": split it across two sections, so the text survives unchanged.
std::string cdata(const std::string& s) { return "<![CDATA[" + replace_all(s, "]]>", "]]]]><![CDATA[>") + "]]>"; }

std::string element(const char* tag, const std::string& text) {
    return std::string("<") + tag + ">" + esc(text) + "</" + tag + ">\n";
}

// A description is HTML to feed readers (RSS 2.0: entity-encoded HTML), so plain text is escaped for HTML
// first, then for XML: an opening that reads "<img onerror=...>" stays those characters in the reader.
std::string html_element(const char* tag, const std::string& text) { return element(tag, html_escape(text)); }

std::string rss_item(const Site& site, const Article& a) {
    HtmlStyle feed = html_style(site);
    feed.base = site.info.base_url;
    feed.inline_align = true;
    feed.code_tokens = false;
    feed.route = article_path(a);
    const std::string guid_base = site.info.guid_base.empty() ? site.info.base_url : site.info.guid_base;
    std::string out = "<item>\n" + element("title", a.title) + element("link", absolute_url(site, article_path(a)));
    out += "<guid isPermaLink=\"true\">" + esc(guid_base + percent_encode_url(article_path(a).substr(1))) + "</guid>\n";
    out += element("pubDate", format_rfc822(a.date)) + html_element("description", a.opening);
    for (const std::string& t : a.tags)
        out += element("category", t);
    out += "<content:encoded>" + cdata(document_html(a.body, feed)) + "</content:encoded>\n";
    return out + "</item>\n";
}

} // namespace

std::string emit_rss(const Site& site) {
    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" "
        "xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">\n"
        "<channel>\n";
    out += element("title", site.info.title) + element("link", site.info.base_url) +
           html_element("description", site.info.description) + element("language", site.info.language);
    out += "<atom:link href=\"" + esc(absolute_url(site, feed_path())) +
           "\" rel=\"self\" type=\"application/rss+xml\"/>\n";
    if (!site.writing.empty()) out += element("lastBuildDate", format_rfc822(site.writing.front().date));
    // The newest kFeedItems articles (newest first): a feed reader polls this file, so it stays bounded
    // however long the archive grows; the archive itself is on the site.
    for (size_t i = 0; i < site.writing.size() && i < kFeedItems; ++i)
        out += rss_item(site, site.writing[i]);
    return clean_text(out + "</channel>\n</rss>\n");
}

//---- [SECTION] Sitemap, robots.txt, _headers ----

std::string emit_sitemap(const Site& site) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    for (const Route& r : all_routes(site)) {
        if (r.kind == RouteKind::Search) continue; // a form, not a page to index
        out += "<url><loc>" + esc(absolute_url(site, r.path)) + "</loc>";
        if (r.kind == RouteKind::Article)
            out += "<lastmod>" + format_iso(site.writing[r.article].date) + "</lastmod>";
        else if (!site.writing.empty())
            out += "<lastmod>" + format_iso(site.writing.front().date) + "</lastmod>";
        out += "</url>\n";
    }
    return clean_text(out + "</urlset>\n");
}

std::string emit_robots(const Site& site) {
    return "User-agent: *\nAllow: /\nSitemap: " + site.info.base_url + "sitemap.xml\n";
}

HtmlStyle html_style(const Site& site) {
    HtmlStyle st;
    st.other_host_images = site.info.other_host_images;
    st.mathml = &site.mathml;
    return st;
}

// Nothing but the site's own files, and the pictures the articles show from other hosts (their origins,
// Site::image_origins): no inline script, no other origin, no plugins, no framing.
std::string content_security_policy(const Site& site, bool for_meta) {
    std::string images = "img-src 'self' data:";
    for (const std::string& origin : site.image_origins)
        images += " " + origin;
    const struct {
        std::string directive;
        bool in_meta; // a <meta> policy ignores frame-ancestors (and report-uri, sandbox)
    } policy[] = {{"default-src 'self'", true},
                  {"script-src 'self' 'wasm-unsafe-eval'", true},
                  {"style-src 'self'", true},
                  {"style-src-attr 'unsafe-inline'", true},
                  {images, true},
                  {"font-src 'self'", true},
                  {"connect-src 'self'", true},
                  {"object-src 'none'", true},
                  {"base-uri 'self'", true},
                  {"frame-ancestors 'none'", false}};
    std::string out;
    for (const auto& d : policy)
        if (d.in_meta || !for_meta) out += (out.empty() ? "" : "; ") + d.directive;
    return out;
}

// Netlify / Cloudflare Pages syntax. A splat matches across slashes and both hosts join a header set by
// two matching rules into one comma-separated value, so each header is set by one rule per URL:
// "/*.wasm" already covers "/assets/x.wasm" (a second "/assets/*.wasm" rule would send
// "application/wasm, application/wasm", which WebAssembly.instantiateStreaming rejects).
std::string emit_headers(const Site& site) {
    return "/*\n"
           "  Content-Security-Policy: " +
           content_security_policy(site, false) +
           "\n"
           "  X-Content-Type-Options: nosniff\n"
           "  Referrer-Policy: strict-origin-when-cross-origin\n"
           "\n"
           "/assets/*\n"
           "  Cache-Control: public, max-age=31536000, immutable\n"
           "\n"
           "/math/*\n" // formulas' pictures, named by their content (cli/math.h)
           "  Cache-Control: public, max-age=31536000, immutable\n"
           "\n"
           "/*.wasm\n"
           "  Content-Type: application/wasm\n"
           "\n"
           "/*.html\n"
           "  Cache-Control: public, max-age=300\n"
           "\n"
           "/\n"
           "  Cache-Control: public, max-age=300\n"
           "\n"
           "/site.json\n"
           "  Cache-Control: public, max-age=300\n";
}

} // namespace folio
