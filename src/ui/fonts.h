// folio ui: the faces the book is set in, and the text measurer the core layout uses.
#pragma once

#include <imgui.h>

#include <cstddef>

#include "core/layout.h"

namespace folio {

// ImGui fonts for each face. Sizes are chosen per draw call (ImGui 1.92 bakes glyphs on demand at any
// size and device pixel ratio), so one ImFont per face is enough.
struct Fonts {
    ImFont* face[kFaceCount] = {};
    bool complete() const;
};

// Adds a TrueType/OpenType font from memory. Ownership of data (allocated with IM_ALLOC or malloc)
// passes to the atlas. Returns false if the data is not a font.
bool add_font(Fonts& fonts, Face face, void* data, size_t size);

// Measures with the ImGui fonts: the same numbers the layout and the drawing use.
struct ImGuiMeasurer : Measurer {
    const Fonts* fonts = nullptr;
    float width(Face face, float size, const char* begin, const char* end) override;
};

} // namespace folio
