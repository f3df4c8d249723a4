// folio core: the scroll steps. See scroll.h.
#include "core/book/scroll.h"

#include "core/text/numbers.h"

namespace folio {

std::string scroll_steps_json(const ScrollSteps& s) {
    auto n = [](float v) { return short_decimal(v, 4); };
    return "{\"line\":" + n(s.line) + ",\"page\":" + n(s.page) + ",\"minPage\":" + n(s.min_page) +
           ",\"wheelLine\":" + n(s.wheel_line) + ",\"wheelPage\":" + n(s.wheel_page) +
           ",\"snapSlack\":" + n(s.snap_slack) + "}";
}

} // namespace folio
