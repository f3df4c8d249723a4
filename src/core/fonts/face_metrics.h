// folio core: a face's vertical metrics, read from its head and hhea tables: the glyph box the canvas
// sizes text by (ui/fonts.h: glyph_box_per_em), and what CSS needs to put a face's glyphs where the canvas
// does (the early page's stylesheet and the text layer: site/proof.h hands them over).
#pragma once

#include <cstddef>

namespace folio {

// A font's vertical metrics in font units; false when its head or hhea table is missing or malformed.
struct VerticalMetrics {
    float units_per_em = 0, ascender = 0, descender = 0;
};
bool vertical_metrics(const void* data, size_t size, VerticalMetrics& out);

// What CSS needs of a face to put its glyphs where Dear ImGui does: the CSS font size per ImGui size
// (units per em / glyph box), the ascent as a share of the glyph box, and the middle of the glyph box
// above the baseline, in ems ((ascender + descender) / 2 / units per em).
struct FaceMetrics {
    float em = 0.734f, ascent = 0.785f, mid = 0.285f;
};
// False when the data is not a font with those tables.
bool face_metrics(const void* data, size_t size, FaceMetrics& out);

} // namespace folio
