// folio core: the link policy and the site's URLs. Every renderer (the static HTML, the feed, the book)
// asks here whether an address may become a link and how to spell a route, so they cannot disagree.
#pragma once

#include <string>

#include "core/model.h"

namespace folio {

// A path inside the site: "/x". Not "//host" or "/\host", which browsers read as another host.
bool site_path(const std::string& href);

// The only addresses that become links (docs/content.md): http(s), mailto, site paths and #fragments. Anything else
// (javascript:, data:, relative paths) is shown as text.
bool safe_href(const std::string& href);

// Images: http(s) and site paths, never mailto:.
bool safe_src(const std::string& src);

// base_url + a site path without its leading slash: "/writing/x" -> "https://host/writing/x".
std::string absolute_url(const Site& site, const std::string& path);

// An article's route: "/writing/<slug>".
std::string article_path(const Article& a);

} // namespace folio
