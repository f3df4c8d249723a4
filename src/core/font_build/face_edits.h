// folio core (native): the changes the fonts' build makes to a subset face (sfnt tables), after HarfBuzz.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/font_build/harfbuzz.h"

namespace folio {

// A face's ascent, descent and line gap, in ems: hhea's three, OS/2's typographic three, its win ascent
// and descent.
using EmLineMetrics = std::array<double, 8>;
bool read_vertical_metrics(const std::string& font, EmLineMetrics& out, std::string& error);
// Gives the face these (scaled to its units per em): a browser sets a run of a fallback face on the
// baseline its own ascent and descent put it at (CSS half-leading), and the book on its face's; with the
// book's face's metrics both agree. The glyphs are untouched.
bool set_vertical_metrics(std::string& font, const EmLineMetrics& metrics, std::string& error);

// A face with CFF outlines (Noto Serif CJK) with TrueType ones instead: quadratic curves within 1 font unit
// of the cubic ones. The partial faces and the slices (core/fonts) are made by rewriting glyf.
bool cff_to_glyf(std::string& font, std::string& error);

// The face's stand-in: the same face with every outline removed and only what measuring reads (cmap, hmtx,
// hhea, head, maxp), so the book lays out with it exactly as with the face until the face arrives.
bool make_stand_in(const std::string& font, std::string& out, std::string& error);

// A glyph the build adds to a TrueType face: a composite of the face's glyphs at offsets (none: an empty
// glyph), with its advance, mapped from a private-use code point.
struct ComposedGlyph {
    struct Part {
        uint32_t glyph = 0;
        int32_t x = 0, y = 0;
    };
    std::vector<Part> parts;
    int32_t advance = 0;
    uint32_t code_point = 0;
};
// Appends the glyphs to the face, maps their code points, and writes its FOLc table (core/text/clusters.h)
// from `clusters` (a cluster's text and its code point; 0: drawn as its characters). No FOLc table when
// there is no cluster: a browser's font sanitizer refuses a face with an empty table, and the face with it.
bool add_composed_glyphs(std::string& font, const std::vector<ComposedGlyph>& glyphs,
                         const std::vector<std::pair<std::string, uint32_t>>& clusters, std::string& error);

// The face with its cmap replaced by exactly these (code point, glyph) pairs and its FOLc table written (the
// colour emoji face: each sequence at a private-use code point, nothing else mapped).
bool remap_face(std::string& font, std::vector<std::pair<uint32_t, uint32_t>> map,
                const std::vector<std::pair<std::string, uint32_t>>& clusters, std::string& error);

} // namespace folio
