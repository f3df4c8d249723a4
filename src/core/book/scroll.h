// folio core: how far the reader's keys and wheel move the book, for every rendering that scrolls it.
//
// One home (issue: one set of rules): the book (ui/app.cpp's scroll_key, platform/web's wheel) reads these
// values, and the build hands them to the early page's script (the proof's data-scroll, web/proof.js), so
// the proof answers a key exactly as the book will once it takes over.
#pragma once

#include <string>

namespace folio {

struct ScrollSteps {
    float line = 48.0f;       // Arrow Up / Down, CSS px
    float page = 0.88f;       // Page Up / Down and Space, as a share of the window's height (single pages)
    float min_page = 40.0f;   // the least a page key moves, CSS px (a window only a few lines high)
    float wheel_line = 40.0f; // one line of a wheel that counts in lines (deltaMode 1), CSS px
    float wheel_page = 0.9f;  // one page of a wheel that counts in pages (deltaMode 2), share of the window
    float snap_slack = 2.0f;  // spreads: a page key turns to the next row unless within this of its top, CSS px
};
inline constexpr ScrollSteps kScrollSteps{};

// {"line":48,"page":0.88,...}: the steps for the page's scripts.
std::string scroll_steps_json(const ScrollSteps& s = kScrollSteps);

} // namespace folio
