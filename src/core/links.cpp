// folio core: the link policy and the site's URLs. See links.h.
#include "core/links.h"

#include "core/text.h"

namespace folio {

bool site_path(const std::string& h) {
    return !h.empty() && h[0] == '/' && (h.size() == 1 || (h[1] != '/' && h[1] != '\\'));
}

bool safe_href(const std::string& h) {
    return starts_with_ci(h, "https://") || starts_with_ci(h, "http://") || starts_with_ci(h, "mailto:") ||
           site_path(h);
}

bool safe_src(const std::string& h) {
    return starts_with_ci(h, "https://") || starts_with_ci(h, "http://") || site_path(h);
}

} // namespace folio
