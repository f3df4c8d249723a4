// folio core: the scroll steps. See scroll.h.
#include "core/book/scroll.h"

#include <cstdio>

namespace folio {

std::string scroll_steps_json(const ScrollSteps& s) {
    char buf[192];
    std::snprintf(buf, sizeof buf,
                  "{\"line\":%g,\"page\":%g,\"minPage\":%g,\"wheelLine\":%g,\"wheelPage\":%g,\"snapSlack\":%g}", s.line,
                  s.page, s.min_page, s.wheel_line, s.wheel_page, s.snap_slack);
    return buf;
}

} // namespace folio
