// folio core: colour bitmap glyphs (CBDT and CBLC), the way Noto Color Emoji draws its emoji.
//
// The book draws text with Dear ImGui, whose stb_truetype loader draws outlines only; the emoji face is
// colour PNGs, one per glyph, in a strike of some pixels per em. This reads a glyph's PNG and where it
// sits; ui/emoji_loader.h decodes and scales it into ImGui's atlas. Never reads out of bounds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace folio {

struct ColorGlyph {
    std::string_view png;             // the glyph's image, a PNG
    int width = 0, height = 0;        // its pixels
    int bearing_x = 0, bearing_y = 0; // its left edge right of the pen, its top above the baseline (pixels)
    int ppem = 0;                     // the strike's pixels per em
};

// Whether the face carries colour bitmaps (CBDT and CBLC tables).
bool has_color_bitmaps(std::string_view font);

// The glyph's colour bitmap in the face's largest strike (index formats 1-5, image formats 17-19: the PNG
// ones). False when the face has none for it.
bool color_glyph(std::string_view font, uint32_t glyph, ColorGlyph& out);

// A glyph's advance (hmtx) and the face's units per em (head). False when the tables do not hold it.
bool glyph_advance(std::string_view font, uint32_t glyph, int& advance, int& units_per_em);

} // namespace folio
