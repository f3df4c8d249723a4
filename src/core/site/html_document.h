// folio core: a Markdown document tree (document.h) as HTML, for the static pages and the feed.
#pragma once

#include <map>
#include <string>

#include "core/model/document.h"

namespace folio {

struct HtmlStyle {
    std::string base;              // non-empty (feeds): site paths become absolute against it
    bool inline_align = false;     // feeds: style attributes; pages use classes since the CSP forbids inline styles
    bool code_tokens = true;       // feeds: false, plain code (no stylesheet colours a token there)
    std::string route = "/";       // the page's route: relative links ("../x", "y#part") resolve against it
    bool other_host_images = true; // SiteInfo::other_host_images
    // The site's formulas as MathML (Site::mathml, by math_key): a formula not there (it did not parse, or
    // nothing typeset it) is its TeX, in code style.
    const std::map<std::string, std::string>* mathml = nullptr;
};

// Text is escaped and cleaned; only addresses the link policy (links.h) allows become links or images.
// Relative references are resolved against st.route first (a "#part" alone stays, pointing into the
// page itself); addresses are written percent-encoded (url.h).
std::string document_html(const Document& d, const HtmlStyle& st = HtmlStyle{});

} // namespace folio
