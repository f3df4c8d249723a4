// folio ui: the faces the book is set in, and the text measurer the core layout uses.
#pragma once

#include <imgui.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "core/book/layout.h"
#include "core/fonts/font_partial.h"
#include "core/fonts/font_slices.h"

namespace folio {

// ImGui fonts for each face. Sizes are chosen per draw call (ImGui 1.92 bakes glyphs on demand at any
// size and device pixel ratio), so one ImFont per face is enough.
//
// Sizes: Dear ImGui's font size is the height of the glyph box (the font's hhea ascender minus
// descender, stb_truetype's ScaleForPixelHeight), while CSS sizes a font by its em. For Noto Serif the
// box is 1.362 em (ascender 1069, descender -293, 1000 units per em), so ImGui size 14 is a 10.28 px
// em: 14 units at scale 1.3 read as 13.4 CSS px, not 18. box_per_em holds that ratio for each face, read
// from the font file when it is added (never assumed); css_px converts. This is the one place it lives.
//
// A face the first pages do not show may come later (the browser fetches it when the reader nears a page
// that uses it). Until then its stand-in measures: a font with the face's own advances and vertical
// metrics and no outlines (`<face>.metrics.ttf`, made by ./folio with the subset fonts), so the layout is
// the same, to the bit, before and after the face arrives, and nothing moves when it does.
//
// A face may also be present as a partial (core/fonts/font_partial.h: the face with outlines only for the
// characters the main book shows, measuring exactly as the face). It draws the runs whose characters it
// has; a run it cannot draw is a run in a face still to come: the book asks for the whole face, which
// then replaces the partial without a new layout.
//
// Behind every face come the script faces (core/font_build/site_fonts.h: Arabic, Hebrew, Devanagari, Thai, CJK,
// symbols, ... whichever the bundle uses), merged into each face's ImFont (ImGui's MergeMode) in chain
// order: a character the face lacks is drawn and measured by the first script face that has it, at the
// face's own em (not the script face's glyph box: see add_script_font), as a browser draws a font stack.
//
// A large script face comes sliced (core/fonts/font_slices.h): its stand-in measures every character, and its
// slices, as they arrive, draw theirs. Each is merged before the stand-in, so ImGui finds a character in
// its slice once that is in, and until then in the stand-in (its advance, no ink). A run with a character
// whose slice is still to come is not drawn (Fonts::draws): the book asks for the slice (missing_slices).
struct ScriptFace {
    std::shared_ptr<const std::string> bytes; // the face, or a sliced face's stand-in
    float box_per_em = 1;
    SliceMap slice_map;                                     // a sliced face's: the slice of each character
    std::vector<std::shared_ptr<const std::string>> slices; // by index, once arrived
    bool sliced() const { return slice_map.slices > 0; }
    bool has_slice(size_t k) const { return k < slices.size() && slices[k]; }
};

// A slice of a sliced script face that a text needs: script face and slice.
struct SliceWanted {
    int script = 0, slice = 0;
    bool operator==(const SliceWanted& o) const { return script == o.script && slice == o.slice; }
};

struct Fonts {
    ImFont* face[kFaceCount] = {};    // the faces that draw (and measure), whole or partial
    ImFont* metrics[kFaceCount] = {}; // stand-ins that only measure, for faces still to come
    bool partial[kFaceCount] = {};    // face[i] is a partial face, drawing only draws_chars[i]
    std::vector<CodeRange> draws_chars[kFaceCount];
    float box_per_em[kFaceCount] = {1, 1, 1, 1, 1};
    std::vector<ScriptFace> scripts; // merged behind every face, in this order
    GlyphClusters clusters;          // the script faces' shaped clusters (their FOLc tables)
    bool complete() const;           // every face can draw everything
    bool measurable() const;         // every face can be measured: the book can be laid out
    bool drawable(Face f) const { return face[static_cast<int>(f)] != nullptr; } // some of its characters at least
    bool whole(Face f) const { return drawable(f) && !partial[static_cast<int>(f)]; }
    // Whether the face can draw every character of the text (white space always).
    bool draws(Face f, const char* begin, const char* end) const;
    // The slices of sliced script faces the text needs that have not arrived, each once, appended to out.
    void missing_slices(const char* begin, const char* end, std::vector<SliceWanted>& out) const;
    size_t pending_slices = 0; // slices of sliced script faces still to come
    ImFont* measuring(Face f) const {
        const int i = static_cast<int>(f);
        return face[i] ? face[i] : metrics[i];
    }
    // The CSS font size (px) that text drawn at ImGui size `size` times `scale` reads as.
    float css_px(Face f, float size, float scale) const { return size * scale / box_per_em[static_cast<int>(f)]; }
};

// (ascender - descender) / units per em, from a TrueType/OpenType file's hhea and head tables: the
// glyph box ImGui sizes by, in ems. 0 when the tables are missing or malformed.
float glyph_box_per_em(const void* data, size_t size);

// Adds a TrueType/OpenType font from memory. Ownership of data (allocated with IM_ALLOC or malloc)
// passes to the atlas. Returns false if the data is not a font.
bool add_font(Fonts& fonts, Face face, void* data, size_t size);
// Adds a script face (see ScriptFace) behind every face, those added before and after, and its shaped
// clusters (core/text/clusters.h) to Fonts::clusters. Copies the data (the caller keeps ownership). Returns
// false if the data is not a font.
bool add_script_font(Fonts& fonts, const void* data, size_t size);
// Adds slice `slice` of sliced script face `script` (in add_script_font's order), merged before its stand-in
// behind every face. Copies the data. False if there is no such sliced face or slice, or the data is not a
// font; a slice already there is kept.
bool add_script_slice(Fonts& fonts, size_t script, size_t slice, const void* data, size_t size);
// Adds a face's stand-in for measuring (see Fonts). The same ownership and checks as add_font.
bool add_font_metrics(Fonts& fonts, Face face, void* data, size_t size);
// Adds a face's partial (core/fonts/font_partial.h). The same ownership and checks as add_font; false also when
// the data has no record of the characters it draws. A whole face added later replaces it.
bool add_font_partial(Fonts& fonts, Face face, void* data, size_t size);

// Measures with the ImGui fonts: the same numbers the layout and the drawing use.
struct ImGuiMeasurer : Measurer {
    const Fonts* fonts = nullptr;
    float width(Face face, float size, const char* begin, const char* end) override;
    const GlyphClusters* clusters() const override { return fonts ? &fonts->clusters : nullptr; }
};

} // namespace folio
