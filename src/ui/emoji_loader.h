// folio ui: an ImGui font loader for colour bitmap faces (the emoji face, core/font_build/site_fonts.h).
//
// ImGui's stb_truetype loader draws outlines; Noto Color Emoji is colour PNGs (CBDT). This loader serves
// such a face merged behind the book's faces like any script face: it maps the face's code points
// (private-use ones, each an emoji sequence: core/text/clusters.h), gives each glyph its advance at the
// face's em, and bakes it into the atlas as a coloured glyph, decoded (stb_image) and scaled down to the
// size drawn. Measuring (the layout, the early page's build) reads advances only and never decodes.
#pragma once

#include <imgui.h>

#include <string_view>

namespace folio {

// The loader, for ImFontConfig::FontLoader.
const ImFontLoader* emoji_font_loader();

// Whether a font file is a colour bitmap face this loader serves.
bool is_color_bitmap_face(std::string_view font);

} // namespace folio
