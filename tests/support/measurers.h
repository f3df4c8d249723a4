// Shared by the Catch2 tests and the layout fuzz target: measurers without fonts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/book/layout.h"
#include "core/text/line_break.h"
#include "core/text/text.h"

namespace folio::testing {

// A measurer that tells characters apart as real faces do, where FixedMeasurer gives every one the same
// width: combining marks, joiners and format controls (bidi overrides, U+200B) draw nothing, wide East
// Asian characters and emoji take twice a letter's width. Zero-width runs are what a fixed width never
// shows a layout.
struct ClassMeasurer : Measurer {
    static bool zero_width(uint32_t c) {
        return joins_previous(c) || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
               (c >= 0x2060 && c <= 0x206F) || c == 0xFEFF;
    }
    static bool wide(uint32_t c) {
        return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
               (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0x1F300 && c <= 0x1FAFF) ||
               (c >= 0x20000 && c <= 0x3FFFD);
    }
    float width(Face, float size, const char* begin, const char* end) override {
        const std::string_view s(begin, static_cast<size_t>(end - begin));
        float w = 0;
        for (size_t i = 0; i < s.size();) {
            uint32_t c = 0;
            size_t n = utf8_decode(s, i, c);
            if (n == 0) c = 0xFFFD, n = 1; // a malformed byte: drawn as U+FFFD
            w += zero_width(c) ? 0.0f : size * (wide(c) ? 1.0f : 0.5f);
            i += n;
        }
        return w;
    }
};

// FixedMeasurer's widths, counting the bytes it was asked to measure: what a layout's time grows with.
struct CountingMeasurer : FixedMeasurer {
    size_t bytes = 0;
    float width(Face face, float size, const char* begin, const char* end) override {
        bytes += static_cast<size_t>(end - begin);
        return FixedMeasurer::width(face, size, begin, end);
    }
};

} // namespace folio::testing
