// folio ui: fonts. See fonts.h.
#include "ui/fonts.h"

#include <cfloat>
#include <cstdio>
#include <cstring>

namespace folio {

bool Fonts::complete() const {
    for (ImFont* f : face)
        if (!f) return false;
    return true;
}

static bool looks_like_font(const void* data, size_t size) {
    if (size < 12) return false;
    const auto* b = static_cast<const unsigned char*>(data);
    return (b[0] == 0 && b[1] == 1 && b[2] == 0 && b[3] == 0) || std::memcmp(b, "OTTO", 4) == 0 ||
           std::memcmp(b, "true", 4) == 0;
}

bool add_font(Fonts& fonts, Face face, void* data, size_t size) {
    int i = static_cast<int>(face);
    if (i < 0 || i >= kFaceCount || !looks_like_font(data, size)) return false;
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = true;
    // No hinting snaps in stb_truetype anyway; keep advances fractional so widths scale linearly
    // with size, which keeps the core's layout (measured at one size) true at every zoom.
    cfg.PixelSnapH = false;
    std::snprintf(cfg.Name, sizeof cfg.Name, "folio-face-%d", i);
    fonts.face[i] = ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, static_cast<int>(size), 0.0f, &cfg);
    return fonts.face[i] != nullptr;
}

float ImGuiMeasurer::width(Face face, float size, const char* begin, const char* end) {
    ImFont* f = fonts ? fonts->face[static_cast<int>(face)] : nullptr;
    if (!f) return size * 0.5f * static_cast<float>(end - begin);
    return f->CalcTextSizeA(size, FLT_MAX, 0.0f, begin, end).x;
}

} // namespace folio
