// folio core: the link policy. Every place that turns an address into something a reader can follow or
// a browser will fetch (the loader's check, Markdown links and images, the static HTML, the feed, the
// book on the canvas and the platform that opens windows) asks classify() here, so they cannot disagree.
// Addresses themselves are spelled in routes.h.
#pragma once

#include <string>

namespace folio {

enum class LinkKind {
    SitePath, // "/x": a page or file of this site
    Web,      // http: or https:
    Mail,     // mailto:
    Fragment, // "#part-two": a heading on the same page
    Unsafe,   // anything else (javascript:, data:, "//host", "/\host", relative paths): shown as text
};

// Reads an address the way a browser's URL parser would (ASCII tab and newline removed anywhere; leading
// and trailing controls and spaces trimmed; schemes case-insensitive), so "java\tscript:" or
// " JAVASCRIPT:" cannot slip through as something else. Relative addresses ("other", "../x", "#part")
// are Unsafe until they are resolved against the page they are on.
// An address as a browser's URL parser reads it: tab, LF and CR removed; C0 controls and spaces trimmed
// at both ends (so "\x01javascript:" is seen for the scheme it is).
std::string parsed_form(const std::string& href);

LinkKind classify(const std::string& href);

// A link a reader may follow: a site path, a web or a mail address, a heading on the same page.
inline bool followable(const std::string& href) { return classify(href) != LinkKind::Unsafe; }

// A picture written into the page itself: "data:image/png;base64,..." (png, jpeg, gif, webp, avif), nothing
// but base64 after the comma. It asks no host for anything and the CSP's img-src allows data:, so both
// renderings draw it. SVG is left out: an SVG document can hold links and scripts of its own.
bool embedded_image(const std::string& src);

// The site's own pictures (a site path) and those written into the page (embedded_image): the book draws
// them itself, as textures. A picture from anywhere else never becomes a texture (the host may send no CORS
// headers); where the site shows it (shown_image), the text layer puts an <img> over its place.
inline bool loadable_image(const std::string& src) {
    return classify(src) == LinkKind::SitePath || embedded_image(src);
}

// A picture on another web host ("https://cdn.example/cat.png").
inline bool other_host_image(const std::string& src) { return classify(src) == LinkKind::Web; }

// Whether a picture shows, in every rendering: the site's own, an embedded one, and another host's unless
// the author turned those off (SiteInfo::other_host_images). Any other picture is its alt text.
inline bool shown_image(const std::string& src, bool other_hosts) {
    return loadable_image(src) || (other_hosts && other_host_image(src));
}

// The origin a picture on another host comes from, as a CSP source ("https://cdn.example:8443"): scheme
// and host lower-cased, the port kept; "" for any other address.
std::string image_origin(const std::string& src);

// A site path whose last segment names a file ("/rss.xml", "/images/a.png") rather than a route.
bool site_file(const std::string& path);

// Where a followable address opens, for the book (App::follow) and the proof's links alike: a route of the
// book or a heading of the page in place; the web, mail and the site's files (the feed, a picture) in a new tab.
inline bool opens_in_new_tab(const std::string& href) {
    const LinkKind kind = classify(href);
    return kind == LinkKind::Web || kind == LinkKind::Mail || (kind == LinkKind::SitePath && site_file(href));
}

} // namespace folio
