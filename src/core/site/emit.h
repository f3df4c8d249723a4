// folio core: static outputs. From the same model as the book: an HTML page per route with the full text
// (for crawlers, feed readers, screen readers and browsers without WebGL2/wasm), the RSS feed, the
// sitemap, robots.txt, the 404 page and a _headers file for static hosts.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/model/model.h"
#include "core/model/routes.h"
#include "core/site/html_document.h"
#include "core/text/text.h" // html_escape, for callers of the pieces

namespace folio {

struct SiteAssets {
    std::string boot_js;              // site-root path of the boot script, e.g. "/assets/boot.3f2a1c.js"
    std::string style_css;            // site-root path of the stylesheet, e.g. "/assets/folio.9ab1.css"
    std::vector<std::string> preload; // site-root paths to <link rel="preload">
    // The book's faces (site-root paths, by layout.h's Face) and their stand-ins, which measure like the face
    // and draw nothing (empty: none, and every face comes whole). A page preloads the faces its route's
    // first pages show (first_faces: `folio build` reads them off the route's proof; unset: all) and the stand-ins of
    // the others, and names the first ones in <meta name="folio-faces" content="0 2"> for web/downloads.js.
    std::vector<std::string> fonts, font_metrics;
    std::function<unsigned(const Route&)> first_faces; // bit i: Face i
    // Partial faces (core/fonts/font_partial.h: the face drawing only the main book's characters), by Face; ""
    // or missing: none. The main routes preload a first face's partial instead of the face, and name them
    // in <meta name="folio-partial" content="0 2">; articles and tag pages (books of their own) never.
    std::vector<std::string> font_partials;
    // Slices of large script faces (core/fonts/font_slices.h), by script face: each slice's site-root path and
    // its characters as a CSS unicode-range (empty for a face that comes whole). A page preloads the slices
    // its route's first pages show, each for the screens whose page size shows it (first_slices: the slice
    // and a media query list, "" for every screen, read off the route's proof; the proof's page sizes say
    // which they show themselves, for web/downloads.js).
    struct FirstSlice {
        int script = 0, slice = 0;
        std::string media;
    };
    std::vector<std::vector<std::string>> script_slices, script_slice_ranges;
    std::function<std::vector<FirstSlice>(const Route&)> first_slices;
};

struct OutputFile {
    std::string path; // relative to the output root: "index.html", "writing/<slug>/index.html", "rss.xml"
    std::string contents;
};

// shell: the text of shell.html, with the placeholders {{lang}} {{dir}} {{title}} {{head}} {{body}} {{scripts}}.
std::vector<OutputFile> emit_site(const Site& site, const std::string& shell, const SiteAssets& assets);
// The same, in pieces, so a large site need not be held in memory whole and pages can be made in
// parallel: one route's page (routes from all_routes), and the files that are not a route's page
// (404.html, the feed, the sitemap, robots.txt, _headers).
// proof: the route's first page as the book sets it (site/proof.h), for the shell's {{proof}}; "" for none.
OutputFile emit_page(const Site& site, const Route& route, const std::string& shell, const SiteAssets& assets,
                     const std::string& proof = "");
std::vector<OutputFile> emit_site_files(const Site& site, const std::string& shell, const SiteAssets& assets);

// How many articles the feed carries (the newest).
constexpr size_t kFeedItems = 100;

// Pieces, for tests.
std::string emit_rss(const Site& site);
std::string emit_sitemap(const Site& site);
std::string emit_robots(const Site& site);
std::string emit_headers(const Site& site); // Netlify / Cloudflare Pages _headers
// The page left at an article's old address (Article::aliases): a meta refresh to its page, a canonical
// link there, and a link a reader can follow where the refresh is blocked. stylesheet: the site's, or "".
std::string emit_redirect_page(const Site& site, const Article& a, const std::string& stylesheet);
// _redirects (Netlify, Cloudflare Pages): "/old/address /writing/slug 301", a line for each alias.
std::string emit_redirects(const Site& site);

// The site's Content-Security-Policy, defined once: _headers sends it whole; every page also carries it
// as <meta http-equiv> (for_meta: without what a meta policy cannot carry, frame-ancestors), for static
// hosts that ignore _headers.
std::string content_security_policy(const Site& site, bool for_meta);

// How the site's documents are set in HTML (pages and feed alike): its picture policy. The page's route
// and the feed's base are set per use.
HtmlStyle html_style(const Site& site);

} // namespace folio
