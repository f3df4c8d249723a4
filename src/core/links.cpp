// folio core: the link policy and the site's URLs. See links.h.
#include "core/links.h"

#include "core/text.h"

namespace folio {

bool site_path(const std::string& h) {
    return !h.empty() && h[0] == '/' && (h.size() == 1 || (h[1] != '/' && h[1] != '\\'));
}

bool safe_href(const std::string& h) {
    return starts_with_ci(h, "https://") || starts_with_ci(h, "http://") || starts_with_ci(h, "mailto:") ||
           site_path(h) || (h.size() > 1 && h[0] == '#'); // #part-two: a heading on the same page
}

bool safe_src(const std::string& h) {
    return starts_with_ci(h, "https://") || starts_with_ci(h, "http://") || site_path(h);
}

std::string absolute_url(const Site& site, const std::string& path) {
    return site.info.base_url + (site_path(path) ? path.substr(1) : path);
}

std::string article_path(const Article& a) { return "/writing/" + a.slug; }

} // namespace folio
